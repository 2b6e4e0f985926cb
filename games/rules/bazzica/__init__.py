"""Bazzica: the game (game.py), one deal (deal.py), scoring (scoring.py) and what each
seat sees (view.py)."""

from games.rules.bazzica.deal import BazzicaDeal
from games.rules.bazzica.game import Bazzica

__all__ = ["Bazzica", "BazzicaDeal"]
