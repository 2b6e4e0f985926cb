"""Ziginette, a banking game for two to eight players: the game (game.py), one hand
(deal.py) and what each seat sees (view.py)."""

from games.rules.ziginette.deal import ZiginetteDeal
from games.rules.ziginette.game import Ziginette

__all__ = ["Ziginette", "ZiginetteDeal"]
