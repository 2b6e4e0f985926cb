"""Presence at a live match: which seats have the match open (``online``), open but in a
hidden tab (``away``), or closed (``offline``, since when), and how many watch.

Counts live in the shared cache (Redis when REDIS_URL is set, so every server process
counts together; one instance a process, games/shared_cache.py) as atomic counters per
seat: open sockets and hidden ones. A socket adds itself on connect, moves between
visible and hidden on the browser's ``presence`` message, and takes itself off on
disconnect (games/consumers.py). Presence is advisory: nothing in the rules depends on it
(the fair clock uses ``Seat.arrived_at``).
"""

from __future__ import annotations

import functools
import logging
from datetime import UTC, datetime

from games import slots
from games.outage import REDIS_DOWN, warn
from games.shared_cache import shared_cache

logger = logging.getLogger(__name__)

TTL = 6 * 60 * 60  # a counter left behind by a crashed process fades in six hours
ONLINE, AWAY, OFFLINE = "online", "away", "offline"


def _keys(match_id: int, seat: int) -> tuple[str, str, str]:
    base = f"presence:{match_id}:{seat}"
    return f"{base}:open", f"{base}:away", f"{base}:since"


async def _change(key: str, delta: int) -> None:
    cache = shared_cache()
    await cache.aadd(key, 0, TTL)
    try:
        if delta > 0:
            await cache.aincr(key, delta)
        else:
            value = await cache.adecr(key, -delta)
            if value < 0:  # a counter that expired and came back: never below zero
                await cache.aset(key, 0, TTL)
    except ValueError:  # expired between add and incr
        await cache.aset(key, max(delta, 0), TTL)


def _advisory(function):
    """Presence is advisory: while Redis is down a change is dropped with one warning line
    (games/outage.py) instead of failing the socket; the counters heal as sockets come
    and go (a seat may show offline meanwhile)."""

    @functools.wraps(function)
    async def wrapper(*args, **kwargs):
        try:
            return await function(*args, **kwargs)
        except REDIS_DOWN as error:
            warn(logger, f"Presence not updated ({function.__name__})", error)
            return None

    return wrapper


async def _mark_since(match_id: int, seat: int) -> None:
    await shared_cache().aset(_keys(match_id, seat)[2], datetime.now(UTC).isoformat(), TTL)


@_advisory
async def joined(match_id: int, seat: int) -> None:
    """A socket of ``seat`` opened (visible)."""
    await _change(_keys(match_id, seat)[0], 1)
    await _mark_since(match_id, seat)


@_advisory
async def left(match_id: int, seat: int, hidden: bool) -> None:
    """A socket of ``seat`` closed; ``hidden``: it was in a hidden tab."""
    opened, away, _ = _keys(match_id, seat)
    await _change(opened, -1)
    if hidden:
        await _change(away, -1)
    await _mark_since(match_id, seat)


@_advisory
async def visibility(match_id: int, seat: int, hidden: bool) -> None:
    """A socket of ``seat`` went to a hidden tab (``hidden``) or back."""
    await _change(_keys(match_id, seat)[1], 1 if hidden else -1)
    await _mark_since(match_id, seat)


@_advisory
async def snapshot(match_id: int, seats: int) -> dict:
    """``{"type": "presence", "seats": {"0": {"status", "since"}, ...}, "watching": n}``
    for a match of ``seats`` seats (docs/protocol.md); None while Redis is down."""
    keys = [key for seat in range(seats) for key in _keys(match_id, seat)]
    values = await shared_cache().aget_many(keys)
    table = {}
    for seat in range(seats):
        opened, away, since = (values.get(key) for key in _keys(match_id, seat))
        opened, away = max(opened or 0, 0), max(away or 0, 0)
        status = OFFLINE if opened == 0 else (AWAY if away >= opened else ONLINE)
        table[str(seat)] = {"status": status, "since": since}
    watching = (await slots.acounts([slots.watch_key(match_id)]))[slots.watch_key(match_id)]
    return {"type": "presence", "seats": table, "watching": watching}
