"""Pairing systems: round robin by the FIDE Berger tables, Swiss by maximum-weight
matching (swiss.py), tables of three (tables.py), knockout brackets and the Danish system
(knockout.py).

Pure functions over plain values; `tournaments.services` loads, pairs and saves.
"""

from tournaments.pairing.berger import EntrantId, Pairing, berger_rounds, round_robin_schedule

__all__ = ["EntrantId", "Pairing", "berger_rounds", "round_robin_schedule"]
