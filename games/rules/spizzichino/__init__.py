"""Spizzichino: the game (game.py), one deal (deal.py), scoring (scoring.py) and what each
seat sees (view.py)."""

from games.rules.spizzichino.deal import SpizzichinoDeal
from games.rules.spizzichino.game import Spizzichino

__all__ = ["Spizzichino", "SpizzichinoDeal"]
