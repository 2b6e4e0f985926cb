"""Rule-of-thumb bots, one module per game: the ``heuristic`` level of games/bots.py.

``heuristic_action(slug, view, rng, history)`` chooses among ``view["legal_actions"]``
from that view and the public history of the deal only (card counting from it is fair;
the view is the seat's own, ``Deal.view(seat)``). Each game's module follows the game's
ordinary strategy and cites its rules source; a game without a module of its own (one
added later) gets the generic rules of thumb of games/heuristics/generic.py, so every
game the registry knows has a heuristic bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.heuristics import (
    bazzica,
    briscola,
    burraco,
    calabrasella,
    machiavelli,
    pinch_tarot,
    rumino,
    scopa,
    sette_e_mezzo,
    spizzichino,
    tressette,
    tute,
    ziginette,
)
from games.heuristics.generic import generic_action

Heuristic = Callable[[dict[str, Any], random.Random, Sequence[tuple[int, str]]], str]

BY_GAME: dict[str, Heuristic] = {
    "bazzica": bazzica.action,
    "briscola": briscola.action,
    "burraco": burraco.action,
    "calabrasella": calabrasella.action,
    "machiavelli": machiavelli.action,
    "pinch-tarot": pinch_tarot.action,
    "rumino": rumino.action,
    "scopa": scopa.action,
    "sette-e-mezzo": sette_e_mezzo.action,
    "spizzichino": spizzichino.action,
    "tressette": tressette.action,
    "tute": tute.action,
    "ziginette": ziginette.action,
}
"""Game slug -> its heuristic; games not listed use ``generic_action``."""

FROM_DEAL: dict[str, Callable[[Any, random.Random], str | None]] = {
    "rumino": rumino.deal_action,
}
"""Game slug -> its heuristic read straight from a deal, for the search's playouts
(games/ismcts.py), which hold the whole (sampled) deal: the same choice as the game's
heuristic on the view of the seat to act and its public history, without building them;
None where it leaves the choice to the heuristic on the view. Each is checked against
its heuristic in the tests (tests/games/test_heuristics_rummy.py for Rumino)."""


def heuristic_action(
    slug: str,
    view: dict[str, Any],
    rng: random.Random,
    history: Sequence[tuple[int, str]] = (),
) -> str:
    """The heuristic bot's action for the seat whose ``view`` this is.

    ``history``: the deal's public history ``[(seat, action), ...]`` as that seat saw it
    (an action hidden from it spelled ``"?"``). Returns one of ``view["legal_actions"]``.
    Raises ValueError when the view offers no legal action (the seat is not to act).
    """
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError("the bot has nothing to do: its view offers no legal action")
    choose = BY_GAME.get(slug, generic_action)
    chosen = choose(view, rng, tuple(history))
    if chosen not in legal:  # a rule of thumb must never stop the game
        return generic_action(view, rng, history)
    return chosen
