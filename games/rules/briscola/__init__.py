"""Briscola: the game (game.py), one deal (deal.py), scoring (scoring.py) and what each
seat sees (view.py)."""

from games.rules.briscola.deal import BriscolaDeal
from games.rules.briscola.game import Briscola

__all__ = ["Briscola", "BriscolaDeal"]
