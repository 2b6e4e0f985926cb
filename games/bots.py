"""Computer opponents: a bot chooses an action from what its seat may know, and nothing else.

A bot's whole input is a ``BotInput``: the game's slug, the seat's view (``Deal.view(seat)``,
which holds the seat's legal actions), the deal's public history as the seat saw it
(``Game.public_history``) and the options. ``bot_input(deal, seat)`` builds it from a live
deal; the bot never sees the deck, the record or another seat's hand, so it cannot cheat
(tests/games/test_bots.py checks that two deals differing only in hidden cards give equal
inputs).

Levels:
- ``random``: a legal action drawn uniformly.
- ``heuristic``: each game's rules of thumb (games/heuristics/: trick play with card
  counting from the public history, Calabrasella bidding, Scopa captures, banking bets), a
  generic fallback for a game without its own module.
- ``ismcts``: information set Monte Carlo tree search (games/ismcts.py) over
  determinizations sampled from the input alone (``Game.determinize``), for the game's
  number of iterations (``ISMCTS_ITERATIONS_BY_GAME``, those of docs/bots.md's strength
  table) within a wall-time cap (``ISMCTS_SECONDS``, 0.45 s; Rumino more,
  ``search_budget``). A game without a determinizer yet
  is played by the heuristic, and so is a position where the determinizer finds no
  sample (logged as an error: it is a bug of the determinizer).

Bots play from their own accounts (``Player.is_bot``), in casual matches only
(``games.services.match_create_casual``; rated when the player asks, on the bots' own
list); their moves are made by the Celery task ``games.tasks.bot_move``, never in the ASGI
process.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.rules.base import Deal

logger = logging.getLogger(__name__)

LEVELS = ("random", "heuristic", "ismcts")
DEFAULT_LEVEL = "heuristic"
"""The level the forms offer first (*Play now*, *Play the computer*, the lobby's bots): the
middle one, "rules of thumb", which a newcomer can beat and learn from (issue 34)."""
ISMCTS_ITERATIONS_BY_GAME: dict[str, int] = {
    "bazzica": 80,
    "briscola": 25,
    "burraco": 30,
    "calabrasella": 100,
    "machiavelli": 64,
    "pinch-tarot": 60,
    "rumino": 1000,
    "scopa": 30,
    "sette-e-mezzo": 2000,
    "spizzichino": 25,
    "tressette": 30,
    "tute": 100,
    "ziginette": 10,
}
"""The ISMCTS bot's iterations a move, per game (slug): the N with which docs/bots.md's
table "The search against the heuristic" measured its strength, so that the live bot plays
as measured, on the same deals the same moves (issue 32). A game not listed runs
``ISMCTS_ITERATIONS``."""
ISMCTS_ITERATIONS = 30
"""The iterations a move of a game without its own entry in ``ISMCTS_ITERATIONS_BY_GAME``."""
ISMCTS_SECONDS = 0.45
"""The ISMCTS bot's wall-time cap a move, in seconds (on the site ``BOT_SEARCH_SECONDS``): a
safety for a loaded machine. Every game but Rumino runs its iterations well within it
(docs/bots.md, "Move time"), so that a move is chosen within the display delay."""
ISMCTS_BUDGET_SCALE_BY_GAME: dict[str, float] = {"rumino": 4.0}
"""A game whose cap is a multiple of ``ISMCTS_SECONDS`` (slug -> factor), where its
iterations take longer than the cap: Rumino's search beat the heuristic at N 1 000 with a
horizon of 16 (0.551 over 1 000 deals) and not at N 500 (0.521 over 600), and runs some 700
to 830 iterations a second, so a cap of 0.45 s would make it weaker, not faster."""


def search_budget(game: str, seconds: float = ISMCTS_SECONDS) -> tuple[int, float]:
    """The ISMCTS bot's budget a move in ``game`` (a slug): ``(iterations, cap)``, the
    game's iterations (``ISMCTS_ITERATIONS_BY_GAME``) and the wall-time cap ``seconds``
    (``ISMCTS_SECONDS``, or the deployment's ``BOT_SEARCH_SECONDS``) scaled by
    ``ISMCTS_BUDGET_SCALE_BY_GAME``; the search stops at whichever comes first."""
    iterations = ISMCTS_ITERATIONS_BY_GAME.get(game, ISMCTS_ITERATIONS)
    return iterations, seconds * ISMCTS_BUDGET_SCALE_BY_GAME.get(game, 1.0)


ISMCTS_TUNING: dict[str, float] = {"greedy": 0.5, "margin": 0.5, "bias": 2.0}
"""The ISMCTS bot's search settings (``games.ismcts.search``'s keywords ``greedy``,
``margin``, ``bias``), as measured in docs/bots.md."""
ISMCTS_TUNING_BY_GAME: dict[str, dict[str, float]] = {
    "burraco": {"horizon": 16},
    "rumino": {"horizon": 16},
}
"""Settings added to ``ISMCTS_TUNING`` for one game (slug -> keywords), such as the
``horizon`` of a game whose playouts to the deal's end are long: Burraco's and Rumino's
playouts stop after 16 moves and score the hand as it lies (docs/bots.md, "Settings",
"The search against the heuristic")."""
ISMCTS_LEAVES_TO_HEURISTIC = ("limits ",)
"""Choices the ISMCTS bot leaves to the heuristic: a position whose every legal action
starts with one of these. A banking game's banker announces one of some 55 pairs of
limits (Sette e mezzo, Ziginette); 2 000 iterations cannot tell them apart, so the search
announced lower limits picked by noise. The heuristic announces the highest, the bank
having the edge (source 004). Over 6 000 decks the two did not differ measurably in chips
(docs/bots.md, "Settings")."""


@dataclass(frozen=True)
class BotInput:
    """All a bot may know when it acts: ``game`` (slug), ``seat``, ``view`` (the seat's
    ``Deal.view``, with its ``legal_actions``), ``history`` (``Game.public_history`` for
    the seat: ``(seat, action)`` pairs, ``"?"`` for an action hidden from it) and
    ``options`` (the deal's validated options, which every player knows)."""

    game: str
    seat: int
    view: dict[str, Any]
    history: tuple[tuple[int, str], ...]
    options: dict[str, Any]


def bot_input(deal: Deal, seat: int) -> BotInput:
    """The input of a bot playing ``seat`` of the live ``deal``: its view, the public
    history as it saw it and the options; nothing else of the deal. Raises ValueError for
    a seat that is not one of the deal's."""
    if seat is None:
        raise ValueError("a bot plays a seat, not the spectators' view")
    view = deal.view(seat)
    history = tuple((s, a) for s, a in deal.game.public_history(deal, seat))
    return BotInput(deal.game.slug, seat, view, history, dict(deal.options))


def choose_action(
    bot: BotInput,
    rng: random.Random,
    level: str = "random",
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    tuning: dict[str, float] | None = None,
) -> str:
    """The action a bot of ``level`` takes, one of ``bot.view["legal_actions"]``.

    ``seconds`` and ``iterations`` bound the ``ismcts`` search (default, neither given: the
    live budget, ``search_budget``; with only ``iterations`` given, no time limit; with
    only ``seconds``, no iteration cap); ``tuning`` replaces its settings
    ``ISMCTS_TUNING`` (benchmarks). Raises ValueError when the view offers no action or
    the level is unknown.
    """
    view = bot.view
    legal: Sequence[str] = view.get("legal_actions") or []
    if not legal:
        raise ValueError("the bot has nothing to do: its view offers no legal action")
    if level == "random":
        return rng.choice(list(legal))
    if level == "ismcts":
        return _ismcts(bot, rng, seconds, iterations, tuning)
    if level != "heuristic":
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    from games.heuristics import heuristic_action  # one module per game (games/heuristics/)

    return heuristic_action(bot.game, view, rng, bot.history)


def needs_search(bot: BotInput) -> bool:
    """Whether the ISMCTS bot searches ``bot``'s position: not for a single legal action,
    nor for a choice it leaves to the heuristic (``ISMCTS_LEAVES_TO_HEURISTIC``); those
    cost no search, and on the site no trip to the search's process."""
    legal = bot.view.get("legal_actions") or []
    if len(legal) <= 1:
        return False
    return not all(action.startswith(ISMCTS_LEAVES_TO_HEURISTIC) for action in legal)


def _ismcts(
    bot: BotInput,
    rng: random.Random,
    seconds: float | None,
    iterations: int | None,
    tuning: dict[str, float] | None = None,
) -> str:
    """The ISMCTS bot's action (games/ismcts.py); the heuristic's for a game without a
    determinizer yet and for a choice of ``ISMCTS_LEAVES_TO_HEURISTIC``."""
    from games.ismcts import search

    if not needs_search(bot):
        legal = bot.view["legal_actions"]
        return legal[0] if len(legal) == 1 else choose_action(bot, rng, "heuristic")
    if seconds is None and iterations is None:
        iterations, seconds = search_budget(bot.game)
    try:
        return search(
            bot.game, bot.view, bot.history, bot.options, rng,
            seconds=seconds, iterations=iterations,
            **(ISMCTS_TUNING | ISMCTS_TUNING_BY_GAME.get(bot.game, {}) if tuning is None
               else tuning),
        ).action  # fmt: skip
    except NotImplementedError:
        return choose_action(bot, rng, "heuristic")
    except ValueError:
        # No determinization consistent with the view was found: a determinizer's bug, not
        # the player's. The table must go on, so the bot plays the heuristic and says so.
        logger.exception("ISMCTS found no determinization of %s; the heuristic plays", bot.game)
        return choose_action(bot, rng, "heuristic")
