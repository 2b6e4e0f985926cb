"""Pinch Tarot: the game (game.py), one deal (deal.py), scoring (scoring.py) and what each
seat sees (view.py)."""

from games.rules.pinch_tarot.deal import PinchTarotDeal
from games.rules.pinch_tarot.game import PinchTarot

__all__ = ["PinchTarot", "PinchTarotDeal"]
