"""Broadcasts from synchronous code never hang the thread that sends them (games/live.py).

A consumer's ``database_sync_to_async`` thread that broadcasts while the consumer's event
loop has stopped (a test's loop between its run and its close) used to wait forever in
asgiref's ``async_to_sync``, and with it every later ``thread_sensitive`` call of the
process: CI hung on the next test's first database call.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading

import pytest
from asgiref.sync import SyncToAsync

from games import live


class RecordingLayer:
    """A channel layer that records each group_send and the loop it ran on."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict, asyncio.AbstractEventLoop]] = []

    async def group_send(self, group: str, message: dict) -> None:
        self.sent.append((group, message, asyncio.get_running_loop()))


@pytest.fixture
def layer(monkeypatch) -> RecordingLayer:
    recording = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: recording)
    return recording


def send_from_worker(loop: asyncio.AbstractEventLoop | None, timeout: float = 20) -> bool:
    """Call ``live.group_send`` from a new thread that asgiref's ``sync_to_async`` would
    have given ``loop`` as its main event loop; True when the call returned in time."""
    done = threading.Event()

    def work() -> None:
        if loop is not None:
            SyncToAsync.threadlocal.main_event_loop = loop
            SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
        live.group_send("match-1", {"type": "match.state"})
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


def test_a_broadcast_from_a_consumers_thread_runs_on_the_consumers_loop(layer):
    loop = asyncio.new_event_loop()
    server = threading.Thread(target=loop.run_forever, daemon=True)
    server.start()
    try:
        assert send_from_worker(loop)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        server.join(5)
        loop.close()
    [(_, _, ran_on)] = layer.sent
    assert ran_on is loop


def test_a_loop_that_stops_after_the_check_costs_the_sender_a_bounded_wait(
    layer, monkeypatch, caplog
):
    monkeypatch.setattr(live, "BROADCAST_TIMEOUT", 0.2)
    stopping = asyncio.new_event_loop()
    stopping.is_running = lambda: True  # it was running when checked, then stopped
    caplog.set_level(logging.ERROR, logger="games.live")
    try:
        assert send_from_worker(stopping, timeout=10)
        assert layer.sent == []
        assert "Broadcast to match-1 failed" in caplog.text
    finally:
        del stopping.is_running
        stopping.run_until_complete(asyncio.sleep(0))  # the send handed over goes out late
        stopping.close()
    assert len(layer.sent) == 1


def test_a_broadcast_outside_any_consumer_runs_on_a_loop_of_its_own(layer):
    assert send_from_worker(None)
    assert len(layer.sent) == 1
