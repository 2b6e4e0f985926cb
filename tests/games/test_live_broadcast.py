"""Broadcasts from synchronous code never hang the thread that sends them, and a group's
broadcasts go out in order (games/live.py).

A consumer's ``database_sync_to_async`` thread that broadcasts while the consumer's event
loop has stopped (a test's loop between its run and its close) used to wait forever in
asgiref's ``async_to_sync``, and with it every later ``thread_sensitive`` call of the
process: CI hung on the next test's first database call. Such a thread now hands the
broadcast to the loop and does not wait for it at all.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time

import pytest
from asgiref.sync import SyncToAsync

from games import live


class RecordingLayer:
    """A channel layer that records each group_send and the loop it ran on; a send to a
    group named in ``slow`` takes that many seconds (a slow read of Redis)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict, asyncio.AbstractEventLoop]] = []
        self.slow: dict[str, float] = {}

    async def group_send(self, group: str, message: dict) -> None:
        await asyncio.sleep(self.slow.get(group, 0))
        self.sent.append((group, message, asyncio.get_running_loop()))


@pytest.fixture
def layer(monkeypatch) -> RecordingLayer:
    recording = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: recording)
    return recording


def send_from_worker(
    loop: asyncio.AbstractEventLoop | None, timeout: float = 20, messages=None
) -> bool:
    """Call ``live.group_send`` from a new thread that asgiref's ``sync_to_async`` would
    have given ``loop`` as its main event loop (once, or for each ``(group, message)`` of
    ``messages``); True when the calls returned in time."""
    done = threading.Event()

    def work() -> None:
        if loop is not None:
            SyncToAsync.threadlocal.main_event_loop = loop
            SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
        for group, message in messages or [("match-1", {"type": "match.state"})]:
            live.group_send(group, message)
        done.set()

    threading.Thread(target=work, daemon=True).start()
    return done.wait(timeout)


def test_a_broadcast_whose_loop_has_stopped_runs_on_a_loop_of_its_own(layer):
    stopped = asyncio.new_event_loop()  # not running, not closed
    try:
        assert send_from_worker(stopped)
    finally:
        stopped.close()
    [(group, message, ran_on)] = layer.sent
    assert (group, message) == ("match-1", {"type": "match.state"})
    assert ran_on is not stopped


def _running_loop():
    loop = asyncio.new_event_loop()
    server = threading.Thread(target=loop.run_forever, daemon=True)
    server.start()
    return loop, server


def _stop(loop, server) -> None:
    loop.call_soon_threadsafe(loop.stop)
    server.join(5)
    loop.close()


def _wait_for(condition, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    return condition()


def test_a_broadcast_from_a_consumers_thread_runs_on_the_consumers_loop(layer):
    loop, server = _running_loop()
    try:
        assert send_from_worker(loop)
        assert _wait_for(lambda: len(layer.sent) == 1)
    finally:
        _stop(loop, server)
    [(_, _, ran_on)] = layer.sent
    assert ran_on is loop


def test_the_consumers_thread_does_not_wait_for_its_broadcast(layer):
    layer.slow["match-1"] = 3.0  # the loop takes 3 s to send it
    loop, server = _running_loop()
    try:
        started = time.monotonic()
        assert send_from_worker(loop)
        assert time.monotonic() - started < 2.0 and layer.sent == []
        assert _wait_for(lambda: len(layer.sent) == 1)
    finally:
        _stop(loop, server)


def test_a_groups_broadcasts_go_out_in_the_order_they_were_made(layer):
    """The first is slow (a slow read of Redis): the second to the same group waits for
    it; a broadcast to another group does not."""
    layer.slow["match-1"] = 0.5
    messages = [("match-1", {"seq": 1}), ("match-1", {"seq": 2}), ("match-2", {"seq": 1})]
    loop, server = _running_loop()
    try:
        assert send_from_worker(loop, messages=messages)
        assert _wait_for(lambda: len(layer.sent) == 3)
    finally:
        _stop(loop, server)
    assert [(group, message) for group, message, _ in layer.sent] == [
        ("match-2", {"seq": 1}),
        ("match-1", {"seq": 1}),
        ("match-1", {"seq": 2}),
    ]
    assert live._last_sent == {}  # nothing kept once each has gone out


def test_a_loop_that_stops_after_the_check_costs_the_sender_nothing(layer):
    stopping = asyncio.new_event_loop()
    stopping.is_running = lambda: True  # it was running when checked, then stopped
    try:
        assert send_from_worker(stopping, timeout=10)
        assert layer.sent == []
    finally:
        del stopping.is_running
        stopping.run_until_complete(asyncio.sleep(0.05))  # the send handed over goes out late
        stopping.close()
    assert len(layer.sent) == 1


def test_a_broadcast_outside_any_consumer_runs_on_a_loop_of_its_own(layer):
    assert send_from_worker(None)
    assert len(layer.sent) == 1
