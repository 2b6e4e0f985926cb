"""Tressette for four in pairs: the game (game.py), one deal (deal.py), accusi and the
count (scoring.py) and what each seat sees (view.py)."""

from games.rules.tressette.deal import TressetteDeal
from games.rules.tressette.game import Tressette

__all__ = ["Tressette", "TressetteDeal"]
