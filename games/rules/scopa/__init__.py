"""Scopa: the game (game.py), one deal (deal.py), scoring (scoring.py) and what each
seat sees (view.py)."""

from games.rules.scopa.deal import ScopaDeal
from games.rules.scopa.game import Scopa

__all__ = ["Scopa", "ScopaDeal"]
