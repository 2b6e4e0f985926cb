"""Tute for four in partnerships: the game (game.py), one hand (deal.py), the count and
the match (scoring.py) and what each seat sees (view.py)."""

from games.rules.tute.deal import TuteDeal
from games.rules.tute.game import Tute

__all__ = ["Tute", "TuteDeal"]
