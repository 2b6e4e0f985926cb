"""Rumino's claim window through the real ASGI application and the Redis channel layer:
a claimant's decline inside the window reaches the claimant's socket alone, and the
next player's move sent before the window closes is refused, as on any table.

Source: ../shared/rules/README.md ("Rumino": the offer is private), games/claim_window.py,
docs/protocol.md.
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.games.test_consumers import connect, drain_clocks, receive
from tests.games.test_rumino_live import ALICE, BOB, CHARLIE, _table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def _act(socket, action: str, seq: int) -> None:
    await socket.send_json_to({"type": "action", "action": action, "seq": seq})


async def test_a_decline_in_the_window_reaches_the_claimant_alone(alice, bob, charlie, settings):
    settings.RUMINO_CLAIM_SECONDS = 60  # open for the whole test
    settings.BOT_DELAY_SECONDS = 0
    match = await sync_to_async(_table)([alice, bob, charlie], move_timeout=None)
    sockets = {
        ALICE: await connect(match, alice),
        BOB: await connect(match, bob),
        CHARLIE: await connect(match, charlie),
    }
    seq = match.seq
    for socket in sockets.values():
        assert (await receive(socket))["seq"] == seq
    for action in ("draw", "discard KD"):
        await _act(sockets[ALICE], action, seq)
        seq += 1
        states = {seat: await receive(socket) for seat, socket in sockets.items()}
        assert {state["seq"] for state in states.values()} == {seq}
    assert states[CHARLIE]["view"]["claim_offer"]["card"] == "KD"
    assert states[BOB]["view"]["legal_actions"] == ["draw", "take"]
    assert states[BOB]["match"]["claims_seconds_left"] > 0

    # Bob's draw waits for the window.
    await _act(sockets[BOB], "draw", seq)
    refused = await receive(sockets[BOB])
    assert (refused["type"], refused["code"], refused["seq"]) == ("error", "claims_open", seq)

    # Charlie declines: his socket gets his state again, with the same seq; nobody else
    # gets anything.
    await _act(sockets[CHARLIE], "decline", seq)
    own = await receive(sockets[CHARLIE])
    assert own["type"] == "state" and own["seq"] == seq
    assert own["view"]["claim_offer"] is None and own["view"]["to_act"] == BOB
    for seat in (ALICE, BOB):
        await drain_clocks(sockets[seat])
        assert await sockets[seat].receive_nothing(timeout=0.3)
    for socket in sockets.values():
        await socket.disconnect()
