"""Computer opponents: a bot chooses an action from what its seat may know, and nothing else.

A bot is given the seat's view (``Deal.view(seat)``, which holds the seat's legal actions)
and a random generator; it never sees the deck, the record or another seat's hand, so it
cannot cheat (tests/games/test_bots.py checks that its input is exactly that view).

Levels:
- ``random``: a legal action drawn uniformly.
- ``heuristic``: rules of thumb that hold across the games here: take points when offered
  (declarations, accusi, captures taking the most cards, a scopa), otherwise play the
  lowest card that is legal, keeping high cards and trumps for later; for bids and bets,
  the most modest choice. It is a floor to play against, not a strong player.

Bots play from their own accounts (``Player.is_bot``), in casual matches only
(``games.services.match_create_casual``); their moves are made by the Celery task
``games.tasks.bot_move``, never in the ASGI process.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

LEVELS = ("random", "heuristic")
RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A")
"""A rough low-to-high order of ranks, used only to prefer throwing low cards."""
_EAGER = ("declare", "accuse", "scopa")
_MODEST = ("pass", "stand", "done", "draw", "keep")


def _card_weight(action: str) -> tuple[int, str]:
    """A rough weight of the card an action plays: low ranks first, trumps (T) last."""
    code = action.split(" ")[-1]
    rank = code[:-1] if code[-1] in "CDHST" else code
    if code.endswith("T") or code == "FOOL":
        return (100, code)
    return (RANK_ORDER.index(rank) if rank in RANK_ORDER else 50, code)


def choose_action(view: dict[str, Any], rng: random.Random, level: str = "random") -> str:
    """The action a bot of ``level`` takes, from ``view["legal_actions"]`` (the seat's own
    view of the deal). Raises ValueError when the view offers no action or the level is
    unknown."""
    legal: Sequence[str] = view.get("legal_actions") or []
    if not legal:
        raise ValueError("the bot has nothing to do: its view offers no legal action")
    if level == "random":
        return rng.choice(list(legal))
    if level != "heuristic":
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    from games.heuristics import heuristic_action  # one module per game (games/heuristics/)

    return heuristic_action(str(view.get("game", "")), view, rng)
