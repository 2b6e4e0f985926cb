"""Moves on the pool of ``LIVE_MOVE_THREADS`` threads (games/consumers.py, ``play_action``):
a move runs on a pool thread, not Django's one thread of thread-sensitive code; each pool
thread's database connection is closed after its call (``CONN_MAX_AGE`` 0 in the tests),
even under Channels' test communicator; and a kept live engine is taken by one thread
only, however many race for it (games/state.py's lock)."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.db import connection

from games import consumers
from games import state as state_module
from tests.conftest import current_engine, seated, start_match
from tests.games.test_consumers import connect, receive


@pytest.fixture
def live(alice, bob):
    match = start_match(alice, bob)
    return match, seated(match)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_move_runs_on_a_pool_thread_whose_connection_is_closed_after_it(live):
    match, players = live
    engine = await sync_to_async(current_engine)(match)
    threads: list[str] = []
    original = consumers._play

    def spy(*args):
        threads.append(threading.current_thread().name)
        return original(*args)

    consumers._MOVE_POOL.clear()  # a pool built around the spy
    consumers._play = spy
    try:
        socket = await connect(match, players[engine.to_act])
        seq = (await receive(socket))["seq"]
        await socket.send_json_to(
            {"type": "action", "action": engine.legal_actions()[0], "seq": seq}
        )
        assert (await receive(socket))["seq"] == seq + 1
        executor = consumers._MOVE_POOL[0]._executor
        # The pool may hand the look to another of its threads (one it started when the
        # move's thread had not yet told it that it was idle): look until the move's own
        # thread takes it.
        for _ in range(50):
            checked_on, left_open = await asyncio.get_running_loop().run_in_executor(
                executor,
                lambda: (threading.current_thread().name, connection.connection is not None),
            )
            if checked_on == threads[0]:
                break
        await socket.disconnect()
    finally:
        consumers._play = original
        consumers._MOVE_POOL.clear()
    assert len(threads) == 1 and threads[0].startswith("live-move")
    # Looked at from the same thread, outside any call: the move's connection was closed
    # when its call ended.
    assert checked_on == threads[0]
    assert left_open is False


def test_a_kept_engine_is_taken_by_one_thread_only():
    state_module.forget_match_context()
    rounds, racers = 200, 8
    won = []
    barrier = threading.Barrier(racers)

    def race(match_id: int) -> None:
        barrier.wait()
        if state_module.take_live_engine(match_id, 5) is not None:
            won.append(match_id)

    with ThreadPoolExecutor(racers) as pool:
        for match_id in range(1, rounds + 1):
            state_module.keep_live_engine(match_id, 5, deal=object(), engine=object())
            list(pool.map(race, [match_id] * racers))
    assert sorted(won) == list(range(1, rounds + 1))  # each entry once, never twice
    state_module.forget_match_context()
