"""Order: two server processes commit one after the other, but their broadcasts can reach
Redis the other way round, and a state read while a move commits could mix the two. A
connection never goes back in time, and a state is never torn.
"""

from __future__ import annotations

import copy
import threading

import pytest
from channels.layers import get_channel_layer
from django.db import connection

from games import services
from games import state as state_module
from games.consumers import _consistent_state
from games.models import Deal
from tests.conftest import current_engine, seated, start_match
from tests.games.test_consumers import connect, drain_clocks, receive


@pytest.fixture
def live(alice, bob):
    match = start_match(alice, bob)
    return match, seated(match)


def _broadcast_of(state: dict, seq: int) -> dict:
    """A group message as a service sends it, carrying ``state`` renumbered to ``seq``."""
    renumbered = copy.deepcopy(state)
    renumbered["seq"] = seq
    return {"type": "match.state", "states": {str(state["seat"]): renumbered}}


@pytest.mark.django_db(transaction=True)
async def test_a_broadcast_not_newer_than_the_state_already_sent_is_dropped(live):
    match, players = live
    socket = await connect(match, players[0])
    state = await receive(socket)
    await drain_clocks(socket)
    layer = get_channel_layer()

    # The broadcast of a seq this connection has already sent (by connect, sync or ping):
    # a second copy would read as "your move was not applied".
    await layer.group_send(match.group_name, _broadcast_of(state, state["seq"]))
    assert await socket.receive_nothing(timeout=0.5)
    await layer.group_send(match.group_name, _broadcast_of(state, state["seq"] + 2))
    assert (await receive(socket))["seq"] == state["seq"] + 2
    await layer.group_send(match.group_name, _broadcast_of(state, state["seq"] + 1))

    assert await socket.receive_nothing(timeout=0.5)
    await socket.send_json_to({"type": "sync"})  # a sync still answers with the truth
    assert (await receive(socket))["seq"] == state["seq"]
    await socket.disconnect()


class _DealsAfter:
    """Stands for ``games.state.Deal``: before the latest deal is read, ``hook`` runs once
    (another player's move, committed from another connection if it can be).
    """

    def __init__(self, hook) -> None:
        self.hook = hook

    @property
    def objects(self):
        if self.hook is not None:
            hook, self.hook = self.hook, None
            hook()
        return Deal.objects


def test_a_state_is_never_read_across_a_move_committed_meanwhile(
    alice, bob, transactional_db, monkeypatch
):
    match = start_match(alice, bob)
    engine = current_engine(match)
    players = seated(match)
    before = _consistent_state(match.pk, 0)
    writer_done = threading.Event()

    def move() -> None:
        try:
            services.match_apply_action(
                match_id=match.pk,
                player_id=players[engine.to_act].pk,
                action=engine.legal_actions()[0],
                seq=match.seq,
            )
        finally:
            connection.close()
            writer_done.set()

    def move_between_the_two_reads() -> None:
        threading.Thread(target=move).start()
        writer_done.wait(timeout=5)  # the move commits between the two reads

    monkeypatch.setattr(state_module, "Deal", _DealsAfter(move_between_the_two_reads))

    state = _consistent_state(match.pk, 0)
    assert writer_done.wait(timeout=10)
    after = _consistent_state(match.pk, 0)

    # The table at seq n or the table at seq n + 1, never seq n with move n + 1 on it: the
    # read notices the seq moved on and reads again (no row lock: spectators' syncs must
    # not queue behind moves, docs/security.md). Only the move clock runs on.
    for snapshot in (state, before, after):
        snapshot["match"].pop("move_seconds_left")
    assert state in (before, after)
    assert state["seq"] == after["seq"] == before["seq"] + 1  # the read saw the move land
    match.refresh_from_db()
    assert match.seq == before["seq"] + 1
