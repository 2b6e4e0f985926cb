"""Bursts: many connections opening or closing at the same moment (a round starting, a
server restarting, the end of a round) must not run the channel layer out of Redis
connections.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.conftest import start_match
from tests.games.test_consumers import ORIGIN

pytestmark = [pytest.mark.django_db(transaction=True)]

BURST = 120  # more than redis-py 8's default pool of 100 connections


async def test_a_burst_of_connections_closing_at_once_is_handled(alice, bob, settings):
    # Every test socket comes from one address: lift the per-address cap (docs/security.md).
    settings.LIVE_MAX_CONNECTIONS_PER_ADDRESS = 10 * BURST
    match = await sync_to_async(start_match)(alice, bob)
    watchers = [
        WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=[ORIGIN])
        for _ in range(BURST)
    ]
    for watcher in watchers:  # spectators, so no log-in is needed
        assert (await watcher.connect(timeout=10))[0]
        await watcher.receive_from(timeout=5)

    # Every consumer leaves its group in the same instant (the end of a round, a server
    # going down); a consumer's failure would be re-raised here.
    await asyncio.gather(*(watcher.disconnect(timeout=30) for watcher in watchers))
