"""Calabrasella for three players: the game (game.py), one hand (deal.py), the count and
the chips (scoring.py) and what each seat sees (view.py)."""

from games.rules.calabrasella.deal import CalabrasellaDeal
from games.rules.calabrasella.game import Calabrasella

__all__ = ["Calabrasella", "CalabrasellaDeal"]
