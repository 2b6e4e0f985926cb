"""The live path's counts in the shared cache use one instance of it a process
(games/shared_cache.py): sockets, each in its own asynchronous context, do not each open
their own connections to Redis."""

from __future__ import annotations

import asyncio
import contextvars

import pytest
import redis
from django.conf import settings

from games import presence, slots
from games.shared_cache import shared_cache

pytestmark = pytest.mark.skipif(not settings.REDIS_URL, reason="needs Redis (REDIS_URL)")

SOCKETS = 40
MATCH = 987_650  # no match of the test database: only cache keys


def _redis_clients() -> int:
    """The connections open to the Redis of the shared cache now."""
    client = redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])
    try:
        return len(client.client_list())
    finally:
        client.close()


async def test_sockets_in_their_own_contexts_share_the_cache_connections():
    before = _redis_clients()
    worked, done = [], asyncio.Event()

    async def socket(number: int) -> int:
        # What a player's socket does in the shared cache while it lives: its slots,
        # its seat's presence, the spectators' count.
        socket_slots = slots.SocketSlots(
            [slots.Limit(slots.watch_key(MATCH + number), 5, "full")], f"member-{number}"
        )
        assert await socket_slots.take() is None
        await presence.joined(MATCH + number, 0)
        table = await presence.snapshot(MATCH + number, 2)
        worked.append(number)
        await done.wait()  # every socket alive at once, as at a table
        await presence.left(MATCH + number, 0, hidden=False)
        await socket_slots.give_back()
        return table["watching"]

    # Each socket in a context of its own, as the server runs each connection (no cache
    # instance inherited from the test's context).
    tasks = [
        asyncio.create_task(socket(number), context=contextvars.Context())
        for number in range(SOCKETS)
    ]
    while len(worked) < SOCKETS:
        await asyncio.sleep(0.01)
    during = _redis_clients()
    done.set()
    assert await asyncio.gather(*tasks) == [1] * SOCKETS  # its slot counts as watching
    assert during - before < SOCKETS // 4, (before, during)


def test_one_instance_serves_every_thread():
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(4) as pool:
        seen = set(pool.map(lambda _: id(shared_cache()), range(16)))
    assert seen == {id(shared_cache())}
