"""The rules engine: pure Python, deterministic, no I/O, nothing from Django.

>>> from games.rules import get_game
>>> game = get_game("spizzichino")
>>> deal = game.new_deal(seats=2, dealer=0, seed=7)
>>> deal.to_act, deal.legal_actions()[:2]
(1, ['pick 1', 'pick 2'])

The contract is in ../shared/DESIGN.md ("Rules engine contract"); each game
module documents how the deck order maps onto the deal and how its actions
are spelled. ``python -m games.rules --help`` lists the command-line tools.
"""

from games.rules.base import Deal, Game, IllegalAction, Option
from games.rules.registry import all_games, get_game

__all__ = ["Deal", "Game", "IllegalAction", "Option", "all_games", "get_game"]
