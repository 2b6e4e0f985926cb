"""Replays of finished deals: every step of a deal's record as the table looked then, with
every hand shown (a deal is replayed only once it is over, when nothing is secret).

A step is ``{"index", "seat", "action", "view"}``: ``index`` 0 is the deal as dealt, step
``i`` the table after the ``i``-th action (``seat`` and ``action``: who did what). ``view``
is the spectator's view with each player's ``hand`` filled from that player's own view,
so a game's renderer draws every hand face up.
"""

from __future__ import annotations

from typing import Any

from games.models import Deal
from games.rules import get_game


def _all_hands(engine: Any) -> dict[str, Any]:
    view = engine.view(None)
    players = view.get("players")
    if isinstance(players, list):
        for seat, player in enumerate(players):
            own = engine.view(seat)["players"][seat]
            if isinstance(player, dict) and "hand" in own:
                player["hand"] = own["hand"]
                player["known_cards"] = []
    return view


def replay_steps(deal: Deal) -> list[dict[str, Any]]:
    """Every step of the finished ``deal`` (module docstring). Raises ValueError while the
    deal goes on (its deck is still secret)."""
    if not deal.is_over:
        raise ValueError("a deal is replayed only once it is over")
    record = deal.record()
    game = get_game(record["game"])
    engine = game.new_deal(
        seats=record["seats"],
        dealer=record["dealer"],
        options=record["options"],
        deck=record["deck"],
        carry=record.get("carry"),
    )
    steps = [{"index": 0, "seat": None, "action": None, "view": _all_hands(engine)}]
    for index, entry in enumerate(record["actions"], start=1):
        engine.apply(entry["action"], seat=entry["seat"])
        steps.append(
            {
                "index": index,
                "seat": entry["seat"],
                "action": entry["action"],
                "view": _all_hands(engine),
            }
        )
    return steps
