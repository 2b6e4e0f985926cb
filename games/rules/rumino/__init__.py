"""Rumino: the game (game.py), one hand's state machine (deal.py), cards, melds and the
least deadwood (melds.py), scores, elimination and rebuys (scoring.py) and what each seat
sees (view.py)."""

from games.rules.rumino.deal import RuminoDeal
from games.rules.rumino.game import Rumino

__all__ = ["Rumino", "RuminoDeal"]
