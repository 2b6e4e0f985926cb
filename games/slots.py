"""Socket slots: the live sockets open now, counted per key, so that the limits on them
(docs/security.md, "Socket slots") cannot leak.

What is counted is a set, not a counter: per key (an anonymous client address, a player,
a match's spectators) the channel names of the sockets holding a slot there, each with an
expiry time. A socket adds itself once it is accepted (``SocketSlots.take``, which refuses
it when a key is full), refreshes its expiry while it lives (a heartbeat every third of
``LIVE_SLOT_SECONDS``) and removes itself on every way out (games/consumers.py,
``SlotsMixin``). A socket whose removal never ran (its process killed, a path no code
foresaw) is dropped on the next read of its key once its expiry passes: every read reaps
first (``ZREMRANGEBYSCORE`` on Redis). So a count is never more than the sockets alive now
plus those lost in the last ``LIVE_SLOT_SECONDS``.

Where: a Redis sorted set per key (score: expiry, in Unix seconds), in the shared cache's
Redis when the default cache is Redis (every server process counts together), else a
dictionary of this process (the embedded default runs one process). The keys with members
are listed in one Redis set (``live:slots:index``) for ``held``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache.backends.redis import RedisCache

from games.outage import REDIS_DOWN, warn
from games.shared_cache import shared_cache

logger = logging.getLogger(__name__)

PREFIX = "live:slots:"
INDEX = PREFIX + "index"


def address_key(address: str) -> str:
    """The key of the anonymous sockets from one client address."""
    return f"addr:{address}"


def player_key(player_id: int) -> str:
    """The key of one signed-in player's sockets, wherever they come from."""
    return f"player:{player_id}"


def watch_key(match_id: int) -> str:
    """The key of one match's spectators' sockets (its size is the match's ``watching``)."""
    return f"watch:{match_id}"


@dataclass(frozen=True)
class Limit:
    """One key a socket is counted under: at most ``cap`` sockets; ``reason`` is the close
    reason a socket refused there gets (docs/protocol.md, "Close codes")."""

    key: str
    cap: int
    reason: str


# A slot is taken, or refused, in one step on Redis: reap every key, refuse at the first
# full one (a socket already there is not counted twice), else add to every key.
# KEYS: the slot keys, then the index; ARGV: now, expiry, member, ttl, the caps, the names.
_TAKE = """
local n = #KEYS - 1
local now, expiry, member, ttl = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
for i = 1, n do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if not redis.call('ZSCORE', KEYS[i], member)
     and redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[4 + i]) then
    return i
  end
end
for i = 1, n do
  redis.call('ZADD', KEYS[i], expiry, member)
  redis.call('EXPIRE', KEYS[i], ttl)
  redis.call('SADD', KEYS[n + 1], ARGV[4 + n + i])
end
return 0
"""


class _RedisStore:
    """Sorted sets in the default cache's Redis, under the cache's key prefix."""

    def __init__(self, cache: RedisCache) -> None:
        self.cache = cache
        self.script = None

    def _client(self):
        return self.cache._cache.get_client(write=True)

    def _name(self, key: str) -> str:
        return self.cache.make_key(PREFIX + key)

    def take(self, limits: list[Limit], member: str, now: float, ttl: int) -> int:
        client = self._client()
        if self.script is None:
            self.script = client.register_script(_TAKE)
        keys = [self._name(limit.key) for limit in limits] + [self.cache.make_key(INDEX)]
        args = [repr(now), repr(now + ttl), member, 2 * ttl]
        args += [limit.cap for limit in limits] + [limit.key for limit in limits]
        return int(self.script(keys=keys, args=args, client=client))

    def refresh(self, keys: list[str], member: str, now: float, ttl: int) -> None:
        pipe = self._client().pipeline(transaction=False)
        for key in keys:
            pipe.zadd(self._name(key), {member: now + ttl}, xx=True)
            pipe.expire(self._name(key), 2 * ttl)
        pipe.execute()

    def remove(self, keys: list[str], member: str) -> None:
        pipe = self._client().pipeline(transaction=False)
        for key in keys:
            pipe.zrem(self._name(key), member)
        pipe.execute()

    def counts(self, keys: list[str], now: float) -> dict[str, int]:
        pipe = self._client().pipeline(transaction=False)
        for key in keys:
            pipe.zremrangebyscore(self._name(key), "-inf", now)
            pipe.zcard(self._name(key))
        replies = pipe.execute()
        return {key: int(replies[2 * i + 1]) for i, key in enumerate(keys)}

    def keys(self) -> list[str]:
        names = self._client().smembers(self.cache.make_key(INDEX))
        return sorted(n.decode() if isinstance(n, bytes) else str(n) for n in names)

    def forget(self, keys: list[str]) -> None:
        if keys:
            self._client().srem(self.cache.make_key(INDEX), *keys)


class _MemoryStore:
    """The same sets in this process's memory (the embedded default: one process)."""

    def __init__(self) -> None:
        self.sets: dict[str, dict[str, float]] = {}
        self.lock = threading.Lock()

    def _reap(self, key: str, now: float) -> dict[str, float]:
        members = self.sets.setdefault(key, {})
        for member in [m for m, expiry in members.items() if expiry <= now]:
            del members[member]
        return members

    def take(self, limits: list[Limit], member: str, now: float, ttl: int) -> int:
        with self.lock:
            for index, limit in enumerate(limits, start=1):
                members = self._reap(limit.key, now)
                if member not in members and len(members) >= limit.cap:
                    return index
            for limit in limits:
                self.sets[limit.key][member] = now + ttl
            return 0

    def refresh(self, keys: list[str], member: str, now: float, ttl: int) -> None:
        with self.lock:
            for key in keys:
                if member in self.sets.get(key, {}):
                    self.sets[key][member] = now + ttl

    def remove(self, keys: list[str], member: str) -> None:
        with self.lock:
            for key in keys:
                self.sets.get(key, {}).pop(member, None)

    def counts(self, keys: list[str], now: float) -> dict[str, int]:
        with self.lock:
            return {key: len(self._reap(key, now)) for key in keys}

    def keys(self) -> list[str]:
        with self.lock:
            return sorted(self.sets)

    def forget(self, keys: list[str]) -> None:
        with self.lock:
            for key in keys:
                if not self.sets.get(key):
                    self.sets.pop(key, None)


_MEMORY = _MemoryStore()
_REDIS: list[_RedisStore] = []  # at most one: over the default cache of the settings now


def _store() -> _RedisStore | _MemoryStore:
    """The sets' store: in the Redis of the process's one default cache
    (games/shared_cache.py), else in memory."""
    cache = shared_cache()
    if not isinstance(cache, RedisCache):
        return _MEMORY
    if not _REDIS or _REDIS[0].cache is not cache:
        _REDIS[:] = [_RedisStore(cache)]
    return _REDIS[0]


def _ttl() -> int:
    return max(int(settings.LIVE_SLOT_SECONDS), 3)


def counts(keys: list[str]) -> dict[str, int]:
    """``{key: sockets holding a slot there now}`` for each key, expired slots reaped."""
    return _store().counts(keys, time.time()) if keys else {}


def count(key: str) -> int:
    """The sockets holding a slot under ``key`` now (expired slots reaped first)."""
    return counts([key])[key]


def watching(match_id: int) -> int:
    """The spectators' sockets open on a match now; 0 while Redis is down (the count is
    advisory: a state or a move must not fail for it, games/outage.py)."""
    try:
        return count(watch_key(match_id))
    except REDIS_DOWN as error:
        warn(logger, "Spectators not counted", error)
        return 0


async def acounts(keys: list[str]) -> dict[str, int]:
    """``counts`` from the event loop (Redis on a worker thread)."""
    store = _store()
    if isinstance(store, _MemoryStore) or not keys:
        return counts(keys)
    return await sync_to_async(store.counts, thread_sensitive=False)(keys, time.time())


def held() -> dict:
    """Every key with slots, reaped: ``{"held": total, "keys": {key: count}}`` (a socket
    counted under two keys counts twice in ``held``; keys left empty are dropped from the
    listing). What ``manage.py live_slots`` prints; the club-night soak reads it to check
    that nothing is held once everyone has left."""
    store = _store()
    found = counts(store.keys())
    store.forget([key for key, number in found.items() if number == 0])
    live = {key: number for key, number in sorted(found.items()) if number}
    return {"held": sum(live.values()), "keys": live}


class SocketSlots:
    """The slots of one socket (``member``: its channel name) under ``limits``.

    Call ``take`` once the socket is accepted, ``refresh`` while it lives (``heartbeat``
    does it), ``give_back`` on every way out; ``give_back`` may be called more than once.
    A Redis failure in ``take`` lets the socket through (logged): the limits guard against
    floods, and an outage of the cache must not close every table.
    """

    def __init__(self, limits: list[Limit], member: str) -> None:
        self.limits = limits
        self.member = member
        self.taken = False

    async def take(self) -> Limit | None:
        """Take a slot under every limit: None when taken, else the first full limit
        (nothing is taken then)."""
        store = _store()
        if isinstance(store, _MemoryStore):
            result = store.take(self.limits, self.member, time.time(), _ttl())
        else:
            try:
                result = await sync_to_async(store.take, thread_sensitive=False)(
                    self.limits, self.member, time.time(), _ttl()
                )
            except REDIS_DOWN as error:  # the cache is down: let the socket in uncounted
                warn(logger, "Socket slots unavailable; socket let in", error)
                return None
            except Exception:
                logger.warning("Socket slots unavailable; socket let in", exc_info=True)
                return None
        if result:
            return self.limits[result - 1]
        self.taken = True
        return None

    async def refresh(self) -> None:
        """Push the expiry of this socket's slots ``LIVE_SLOT_SECONDS`` ahead."""
        if self.taken:
            await self._run("refresh", time.time(), _ttl())

    async def give_back(self) -> None:
        """Remove this socket from every key (nothing when it holds no slot)."""
        if self.taken:
            self.taken = False
            await self._run("remove")

    async def heartbeat(self) -> None:
        """Refresh every third of ``LIVE_SLOT_SECONDS`` until cancelled (by the socket's
        end: games/consumers.py, ``SlotsMixin``)."""
        while True:
            await asyncio.sleep(_ttl() / 3)
            try:
                await self.refresh()
            except REDIS_DOWN as error:  # a refresh missed is made up by the next one
                warn(logger, "Socket slot refresh failed", error)
            except Exception:
                logger.warning("Socket slot refresh failed", exc_info=True)

    async def _run(self, method: str, *args) -> None:
        store = _store()
        keys = [limit.key for limit in self.limits]
        if isinstance(store, _MemoryStore):
            getattr(store, method)(keys, self.member, *args)
        else:
            await sync_to_async(getattr(store, method), thread_sensitive=False)(
                keys, self.member, *args
            )
