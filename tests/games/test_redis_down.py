"""Redis down or restarting is an expected fault of the live layer (games/outage.py): one
warning line without a traceback, the live path going on without slots, presence and the
spectator count, and a socket whose handler meets the outage closed with 1012 (the page
reconnects on it), never an unhandled exception."""

from __future__ import annotations

import logging

import pytest
import redis.exceptions
from asgiref.sync import sync_to_async

from games import presence, slots
from games.consumers import MatchConsumer
from games.shared_cache import shared_cache
from tests.conftest import seated, start_match
from tests.games.test_consumers import connect, receive

DOWN = redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379.")


class _DownStore:
    """A slots store whose Redis is down."""

    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise DOWN

        return fail


def _one_line_warnings(caplog) -> list[logging.LogRecord]:
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert records and all(r.levelno == logging.WARNING and r.exc_info is None for r in records)
    return records


def test_the_spectators_count_zero_while_redis_is_down(monkeypatch, caplog):
    monkeypatch.setattr(slots, "_store", _DownStore)
    assert slots.watching(7) == 0
    assert "Redis unavailable" in _one_line_warnings(caplog)[0].getMessage()


async def test_presence_is_skipped_while_redis_is_down(monkeypatch, caplog):
    async def down(*args, **kwargs):
        raise DOWN

    monkeypatch.setattr(shared_cache(), "aadd", down)
    monkeypatch.setattr(shared_cache(), "aget_many", down)
    assert await presence.joined(1, 0) is None
    assert await presence.snapshot(1, 2) is None
    _one_line_warnings(caplog)


@pytest.mark.django_db(transaction=True)
async def test_a_ping_is_answered_and_a_handler_meeting_the_outage_closes_with_1012(
    alice, bob, monkeypatch, caplog
):
    match = await sync_to_async(start_match)(alice, bob)
    players = await sync_to_async(seated)(match)
    socket = await connect(match, players[0])
    await receive(socket)

    async def group_add(*args, **kwargs):
        raise DOWN

    from channels.layers import get_channel_layer

    monkeypatch.setattr(get_channel_layer(), "group_add", group_add)
    await socket.send_json_to({"type": "ping"})
    assert (await receive(socket))["type"] == "pong"

    async def sync_down(self, message):
        raise DOWN

    monkeypatch.setitem(MatchConsumer.handlers, "sync", sync_down)
    await socket.send_json_to({"type": "sync"})
    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
    assert output["code"] == 1012
    _one_line_warnings(caplog)
    await socket.wait()
