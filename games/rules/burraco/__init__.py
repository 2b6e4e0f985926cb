"""Burraco: the game (game.py), one hand (deal.py), its legal actions worked out fast
(legal.py), melds and their placement rules (melds.py), scoring and Victory Points
(scoring.py) and what each seat sees (view.py).

Not registered in games/rules/registry.py yet (docs/games/burraco.md says what is left)."""

from games.rules.burraco.deal import BurracoDeal
from games.rules.burraco.game import Burraco

__all__ = ["Burraco", "BurracoDeal"]
