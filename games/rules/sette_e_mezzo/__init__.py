"""Sette e mezzo (Seven and a Half), a banking game for two to eight players: the game
(game.py), one hand (deal.py), values and settlement (scoring.py) and what each seat
sees (view.py)."""

from games.rules.sette_e_mezzo.deal import SetteEMezzoDeal
from games.rules.sette_e_mezzo.game import SetteEMezzo

__all__ = ["SetteEMezzo", "SetteEMezzoDeal"]
