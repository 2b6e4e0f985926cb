"""PostgreSQL connections for the event loop: the kept move's one statement without a
thread (games/services/moves.py, ``match_apply_kept_async``).

Django's ORM is synchronous: every query from a consumer crosses to a thread and back,
and under load each crossing waits for the interpreter's lock while the event loop runs
other sockets (docs/performance.md, "The async kept move"). psycopg's ``AsyncConnection``
runs a statement on the loop itself, which waits for PostgreSQL without holding anything.

Each event loop has its own few connections (``LIVE_ASYNC_CONNECTIONS``), opened when
first needed with Django's own connection parameters (so a test run reaches the test
database), in autocommit, with server-side binding: psycopg prepares a statement a
connection has run ``PREPARE_THRESHOLD`` times (or as Django's ``OPTIONS`` say where they
set a ``prepare_threshold``: ``None`` turns preparing off, as PgBouncer before 1.21 needs,
docs/scaling.md), so the kept move's statement is parsed and planned once a connection
instead of every move (docs/performance.md, "Where the slow moves came from", 9;
bench/prepared_statement.py). They are kept here rather than in psycopg_pool's
``AsyncConnectionPool`` because that pool runs tasks of its own on the loop that opened
it, and a test's event loop is closed after each test: ``close_all`` must be able to
close every connection from synchronous code, with no loop, which a bare connection
allows (``pgconn.finish``).

A connection that fails is dropped, never reused; the caller's statement fails as
Django's would (``psycopg.Error``).
"""

from __future__ import annotations

import asyncio
import weakref
from contextlib import asynccontextmanager, suppress

import psycopg
from django.conf import settings
from django.db import connections

_POOLS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_OPEN: set = set()
"""Every connection opened and not yet dropped, whatever its loop (``close_all``)."""


class _LoopPool:
    """The connections of one event loop: idle ones, and how many exist."""

    def __init__(self) -> None:
        self.idle: list[psycopg.AsyncConnection] = []
        self.count = 0
        self.freed = asyncio.Condition()
        self.all: set[psycopg.AsyncConnection] = set()


PREPARE_THRESHOLD = 5
"""Runs of a statement on a connection before psycopg prepares it (psycopg's default)."""


def _connection_kwargs() -> dict:
    """psycopg's connection arguments from Django's ``default`` database (its test
    database during a test run, and Django's adapters), autocommit."""
    params = connections["default"].get_connection_params()
    params.pop("cursor_factory", None)  # Django's is synchronous
    params["autocommit"] = True
    if "prepare_threshold" not in connections["default"].settings_dict.get("OPTIONS", {}):
        # Django turns psycopg's preparing off unless OPTIONS ask for it; here it is on.
        params["prepare_threshold"] = PREPARE_THRESHOLD
    return params


async def _open() -> psycopg.AsyncConnection:
    return await psycopg.AsyncConnection.connect(
        **_connection_kwargs(), cursor_factory=psycopg.AsyncCursor
    )


def _loop_pool() -> _LoopPool:
    loop = asyncio.get_running_loop()
    pool = _POOLS.get(loop)
    if pool is None:
        pool = _POOLS[loop] = _LoopPool()
    return pool


async def _open_counted(pool: _LoopPool) -> psycopg.AsyncConnection:
    """Open a connection for ``pool``, whose ``count`` the caller has already raised for
    it, and register it; on failure the count is lowered again (a waiter is woken).

    Raises:
        psycopg.Error: the connection could not be opened.
    """
    try:
        conn = await _open()
    except BaseException:
        async with pool.freed:
            pool.count -= 1
            pool.freed.notify()
        raise
    pool.all.add(conn)
    _OPEN.add(conn)
    return conn


async def warm() -> None:
    """Open the running loop's connections up to ``LIVE_ASYNC_CONNECTIONS`` now, while a
    socket connects, so that the first moves of a round that starts at once do not wait
    for connections to be opened (docs/performance.md, "Where the slow moves came from").
    Costs nothing once they are open.

    Raises:
        psycopg.Error: a connection could not be opened (those opened are kept).
    """
    pool = _loop_pool()
    limit = max(1, settings.LIVE_ASYNC_CONNECTIONS)
    while True:
        async with pool.freed:
            if pool.count >= limit:
                return
            pool.count += 1
        conn = await _open_counted(pool)
        async with pool.freed:
            pool.idle.append(conn)
            pool.freed.notify()


@asynccontextmanager
async def connection():
    """``async with connection() as conn``: a connection of the running loop's pool, for
    one statement or a few; at most ``LIVE_ASYNC_CONNECTIONS`` a loop, waiting for one to
    be free beyond that. A connection whose use raised is closed and dropped.

    Raises:
        psycopg.Error: the connection could not be opened, or the statement failed.
    """
    pool = _loop_pool()
    limit = max(1, settings.LIVE_ASYNC_CONNECTIONS)
    async with pool.freed:
        while not pool.idle and pool.count >= limit:
            await pool.freed.wait()
        conn = pool.idle.pop() if pool.idle else None
        if conn is None:
            pool.count += 1
    if conn is None:
        conn = await _open_counted(pool)
    broken = True
    try:
        yield conn
        broken = conn.closed or conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE
    finally:
        async with pool.freed:
            if broken:
                pool.count -= 1
                pool.all.discard(conn)
                _OPEN.discard(conn)
                _finish(conn)
            else:
                pool.idle.append(conn)
            pool.freed.notify()


def _finish(conn: psycopg.AsyncConnection) -> None:
    """Close ``conn`` at once from any thread, without its loop (the socket is closed;
    the server ends the session)."""
    with suppress(Exception):  # already closed
        conn.pgconn.finish()


def close_all() -> None:
    """Close every connection of every loop (the tests call this after each test, whose
    loop may be gone by then, so that the test database can be dropped)."""
    for conn in list(_OPEN):
        _finish(conn)
    _OPEN.clear()
    for pool in list(_POOLS.values()):
        pool.all.clear()
        pool.idle.clear()
        pool.count = 0
    _POOLS.clear()
