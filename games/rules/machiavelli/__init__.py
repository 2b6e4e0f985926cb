"""Machiavelli: the game (game.py), one game's state machine (deal.py), melds and the
spelling of a table (melds.py), the tables ``legal_actions`` offers (offers.py), the
partition solver (partition.py), the ranking (scoring.py) and what each seat sees
(view.py)."""

from games.rules.machiavelli.deal import MachiavelliDeal
from games.rules.machiavelli.game import Machiavelli

__all__ = ["Machiavelli", "MachiavelliDeal"]
