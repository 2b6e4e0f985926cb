"""What one seat (or a spectator) may see of a Tressette deal.

The shape, which the browser front end is written against::

    {"game": "tressette", "viewer": 0 | 1 | 2 | 3 | None, "seats": 4,
     "sides": [[0, 2], [1, 3]], "dealer": 3, "phase": "play" | "over",
     "to_act": 0 | 1 | 2 | 3 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "signals_on": true,              # the option ``signals``
     "signals": [{"trick": 0, "seat": 0, "signal": "busso" | "striscio" | "volo",
                  "count": 2 | None}],          # every signal of the deal, in order
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 10,
                  "known_cards": [codes], "tricks_won": 2,
                  "good_play": true,            # dealt accusi (said at the deal)
                  "announced": false,           # has won a trick: accusi said aloud
                  "accusi": [{"kind": "four" | "three" | "napoli", "rank": "2",
                              "suit": "C", "points": 4}] | None}],
     "side_accusi": [4, 0],           # accusi points announced so far, per side
     "leader": 0 | None, "trick": [{"seat": 0, "card": "3D"}],
     "last_trick": {"cards": [{"seat", "card"} x4], "winner": 1} | None,
     "tricks_played": 2, "result": None | result()}

Nothing a player could not know at a real table is in it: only the viewer's own hand
(by suit, then 3 2 A K Q J 7 6 5 4). ``accusi`` is a player's list once announced, and
always in the holder's own view (he knows his hand); otherwise None. An announcement
names the kind and rank, never the suits (004: "four 2s", "three aces and a nap"):
a napoli entry carries its ``suit`` only in the holder's own view. Once "four X" is
announced everybody knows those four cards are in that hand, so they are in
``known_cards`` until played. Won tricks lie face down: no running card points.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette"),
../shared/rules/README.md ("Tressette"), ../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal
from games.rules.tressette.scoring import CODES, RANK_MASKS, accusi_points, display_codes
from games.rules.views import deal_view, plays


def _public(meld: dict[str, Any]) -> dict[str, Any]:
    """An announced meld as the table hears it: no suit named."""
    return {key: value for key, value in meld.items() if key != "suit"}


def _signal(trick: int, seat: int, action: str) -> dict[str, Any]:
    verb, _, count = action.partition(" ")
    return {"trick": trick, "seat": seat, "signal": verb, "count": int(count) if count else None}


def build_view(deal: Deal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` (a Tressette deal) for seat ``viewer`` (None: a spectator),
    shaped as the module docstring says; ``viewer`` is already checked."""
    d: Any = deal
    last_trick = None
    if d.last_trick:
        led_by, cards, winner = d.last_trick
        last_trick = {"cards": plays(led_by, cards, CODES, d.seats), "winner": winner}
    players = []
    for seat in range(d.seats):
        own = seat == viewer
        hand = d.hand[seat]
        announced = d.announced[seat]
        known = 0
        if announced:
            for meld in announced:
                if meld["kind"] == "four":
                    known |= RANK_MASKS[meld["rank"]]
        if own:
            accusi = [dict(meld) for meld in d.held[seat]]
        elif announced is not None:
            accusi = [_public(meld) for meld in announced]
        else:
            accusi = None
        players.append(
            {
                "seat": seat,
                "hand": display_codes(hand) if own else None,
                "hand_count": hand.bit_count(),
                "known_cards": [] if own else display_codes(known & hand),
                "tricks_won": d.tricks_won(seat),
                "good_play": d.good_play(seat),
                "announced": announced is not None,
                "accusi": accusi,
            }
        )
    side_accusi = [sum(accusi_points(d.announced[seat] or []) for seat in side) for side in d.sides]
    return deal_view(
        deal,
        viewer,
        signals_on=d.options["signals"],
        signals=[_signal(*entry) for entry in d.signals],
        players=players,
        side_accusi=side_accusi,
        leader=d.leader,
        trick=plays(d.leader, d.trick, CODES, d.seats) if d.trick else [],
        last_trick=last_trick,
        tricks_played=d.tricks_played,
    )
