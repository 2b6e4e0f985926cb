"""Tournaments: entries, Berger round robins, Elo ratings and standings."""
