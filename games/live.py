"""Sending to channel-layer groups from synchronous code (services, Celery tasks)."""

import asyncio
import logging
import os

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

# The broadcast of each group last handed to an event loop, by (loop, group): the next
# one to that group waits for it, so that a group's broadcasts go out in the order they
# were made. Read and written on the loop's own thread only.
_last_sent: dict[tuple[asyncio.AbstractEventLoop, str], asyncio.Future] = {}


def group_send(group: str, message: dict) -> None:
    """Send ``message`` to every consumer in ``group``; a channel-layer failure is logged,
    never raised, because the change it announces is already committed and a client that
    missed it gets the full state on its next message or reconnect.

    From a thread that a consumer's ``database_sync_to_async`` started, the send is handed
    to that consumer's event loop and the thread goes on without waiting for it: the
    process's one thread of ``thread_sensitive`` database work is not held while the
    loop, busy with every socket of the process, reads the group's members from Redis
    and hands the message over (docs/performance.md, issue #14). A group's broadcasts
    still go out in the order they were made (``_in_order``). A loop that has stopped
    without closing (a test's loop between its run and its close, asgiref issue 545)
    never runs the send; nothing waits for it. Elsewhere (Celery tasks, views, the shell)
    the send runs on an event loop of its own and is waited for, as ``async_to_sync``
    does there.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
        forked = getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid()
        if loop is not None and not forked and loop.is_running():
            future = asyncio.run_coroutine_threadsafe(_in_order(layer, group, message), loop)
            future.add_done_callback(lambda done: _log_failure(group, done))
        else:
            async_to_sync(layer.group_send, force_new_loop=True)(group, message)
    except Exception:  # the broadcast is best effort; the database holds the truth
        logger.exception("Broadcast to %s failed", group)


async def _in_order(layer, group: str, message: dict) -> None:
    """``layer.group_send(group, message)`` once the group's previous broadcast on this
    loop has gone out. Broadcasts are handed to the loop in the order they are made
    (``run_coroutine_threadsafe`` keeps it), so each finds the one before it here."""
    key = (asyncio.get_running_loop(), group)
    previous = _last_sent.get(key)
    this = asyncio.current_task()
    _last_sent[key] = this
    try:
        if previous is not None and not previous.done():
            await asyncio.wait((previous,))
        await layer.group_send(group, message)
    finally:
        if _last_sent.get(key) is this:
            del _last_sent[key]


def _log_failure(group: str, done) -> None:
    if done.cancelled():
        return
    error = done.exception()
    if error is not None:
        logger.error("Broadcast to %s failed", group, exc_info=error)
