"""Sending to channel-layer groups from synchronous code (services, Celery tasks)."""

import asyncio
import logging
import os

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

from games.outage import REDIS_DOWN, warn

logger = logging.getLogger(__name__)

BROADCAST_TIMEOUT = 10.0
"""Seconds a synchronous caller waits for a broadcast handed to the server's event loop
before it gives up waiting (the broadcast may still go out; the caller goes on)."""


def group_send(group: str, message: dict) -> None:
    """Send ``message`` to every consumer in ``group``; a channel-layer failure is logged,
    never raised, because the change it announces is already committed and a client that
    missed it gets the full state on its next message or reconnect.

    From a thread that a consumer's ``database_sync_to_async`` started, the send runs on
    that consumer's event loop, and the thread waits at most ``BROADCAST_TIMEOUT``
    seconds for it. asgiref's ``async_to_sync`` would wait forever when that loop has
    stopped without closing (asgiref issue 545: a test's loop between its run and its
    close), keeping the one thread of ``thread_sensitive`` code busy for good, so that
    every later database call of the process hangs. Elsewhere (Celery tasks, views, the
    shell) it runs on an event loop of its own, as ``async_to_sync`` does there.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
        forked = getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid()
        if loop is not None and not forked and loop.is_running():
            future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
            future.result(timeout=BROADCAST_TIMEOUT)
        else:
            async_to_sync(layer.group_send, force_new_loop=True)(group, message)
    except REDIS_DOWN as error:
        warn(logger, f"Broadcast to {group} lost", error)
    except Exception:  # the broadcast is best effort; the database holds the truth
        logger.exception("Broadcast to %s failed", group)


async def group_send_async(group: str, message: dict) -> None:
    """``group_send`` from the event loop itself (a consumer's coroutine): awaited, and a
    channel-layer failure logged, never raised, for the same reason."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        await layer.group_send(group, message)
    except REDIS_DOWN as error:
        warn(logger, f"Broadcast to {group} lost", error)
    except Exception:  # the broadcast is best effort; the database holds the truth
        logger.exception("Broadcast to %s failed", group)
