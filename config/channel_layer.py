"""The site's channel layer: channels_redis's, with a group's local members served in process.

A live move is broadcast with ``group_send`` to the match's group, whose members are the
match's sockets. With both seats of a match on the server that serves it (a consistent
hash on the match id in the load balancer, docs/scaling.md), every member is a consumer of
the sending process, and channels_redis still sends the message through Redis and back:
it expires and reads the group, pushes the serialized message onto the process's Redis
list, and the process's reader pops it, cleans its backup and deserializes it (about five
round trips). Issue #14 asks for the common case to need no such trip, keeping Redis for
the rest.

``LocalFirstRedisChannelLayer.group_send`` reads the group's members from Redis as before
(one round trip: Redis stays the truth about who is in the group, whichever process added
them) and hands the message straight to each member that is a live consumer of this
process; only the other members get it through Redis, as channels_redis sends it.
``send`` to a live local channel is handed over the same way. What is delivered and to
whom does not change; what a local member gets is a copy of the message as sent (not a
msgpack round trip of it).

A channel is *live* from its consumer's first ``receive`` until that receive is cancelled,
which is how a Channels consumer ends (``channels.utils.await_many_dispatch``); a member
of a group that is not live here (another process's, or a consumer that ended without
leaving its groups) is sent to through Redis, where an unread message expires.

The receive side must hear both a message handed over here and one from Redis. channels_redis
lets one consumer's ``receive`` at a time read the process's Redis list (a BZPOPMIN of up to
``brpop_timeout``, 5 s) for every consumer, so a message handed to that consumer would wait
behind its read. Here no consumer reads Redis: one reader task a process (a Redis list,
an event loop) reads the list while any of its channels is live and puts each message in
the inbox of the channel it names, where handed-over messages go too; a consumer's
``receive`` waits on its inbox alone. Cancelling a receive (a consumer's end) thus never
interrupts a Redis read. A Redis error is logged and the read tried again after a pause,
while the consumers keep their sockets (channels_redis instead raised it in the one
consumer that was reading, which then closed); a consumer that missed messages meanwhile
gets the state on its next ping, as after a Redis restart (docs/reliability.md).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from typing import Any

from channels_redis.core import RedisChannelLayer

logger = logging.getLogger(__name__)


class _Inbox:
    """A live local channel's messages, handed over in process or read from Redis."""

    __slots__ = ("messages", "arrived", "loop")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.messages: collections.deque[dict[str, Any]] = collections.deque()
        self.arrived = asyncio.Event()


class LocalFirstRedisChannelLayer(RedisChannelLayer):
    """channels_redis's ``RedisChannelLayer``, with messages for live consumers of this
    process handed over without Redis, and one reader of Redis a process (the module's
    docstring). Same configuration, same API; ``local_deliveries`` and
    ``redis_deliveries`` count the channels served each way (for benchmarks and tests)."""

    READ_RETRY_SECONDS = 0.5
    """Pause after a failed read of Redis before the next."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._inboxes: dict[str, _Inbox] = {}
        self._readers: dict[str, asyncio.Task] = {}
        # Live channels by Redis list and event loop (the reader runs while there are any).
        self._live: collections.Counter[tuple[str, asyncio.AbstractEventLoop]] = (
            collections.Counter()
        )
        self.local_deliveries = 0
        self.redis_deliveries = 0

    # -- receiving -----------------------------------------------------------

    async def receive(self, channel: str) -> dict[str, Any]:
        """The next message for ``channel``. A process-local channel (one of
        ``new_channel``'s) is live from its first receive until a receive of it is
        cancelled (its consumer's end); its messages come from its inbox, filled by
        ``_hand_over`` and by the process's reader of Redis. Any other channel is
        channels_redis's."""
        if "!" not in channel:
            return await super().receive(channel)
        loop = asyncio.get_running_loop()
        real = self.non_local_name(channel)
        inbox = self._inboxes.get(channel)
        if inbox is None or inbox.loop is not loop:
            if inbox is not None:
                self._live[real, inbox.loop] -= 1
            inbox = self._inboxes[channel] = _Inbox(loop)
            self._live[real, loop] += 1
        self._start_reader(real, loop)
        try:
            while not inbox.messages:
                inbox.arrived.clear()
                await inbox.arrived.wait()
            return inbox.messages.popleft()
        except BaseException:
            if self._inboxes.get(channel) is inbox:
                del self._inboxes[channel]
                self._live[real, loop] -= 1
            raise

    def _start_reader(self, real: str, loop: asyncio.AbstractEventLoop) -> None:
        """Start the reader of the Redis list ``real`` on ``loop`` unless it runs."""
        reader = self._readers.get(real)
        if reader is not None and not reader.done() and reader.get_loop() is loop:
            return
        self._readers[real] = loop.create_task(self._read(real, loop))

    async def _read(self, real: str, loop: asyncio.AbstractEventLoop) -> None:
        """Read the Redis list of the process-local channels ``real`` (``"specific.<client
        prefix>!"``) while one of them is live on ``loop``; put each message in the inbox of
        every channel it names (one that is not live any more drops it). channels_redis's
        own steps: BZPOPMIN with its backup queue, then the backup cleaned."""
        index = self.consistent_hash(real)
        key = self.prefix + real
        while self._live[real, loop] > 0:
            # As channels_redis's receive: no read starts (its first step puts an unclean
            # backup back in the list) before the last message's backup is cleaned.
            await self.receive_clean_locks.acquire(key)
            try:
                content = await self._brpop_with_clean(index, key, timeout=self.brpop_timeout)
            except asyncio.CancelledError:
                self.receive_clean_locks.release(key)
                raise
            except Exception:
                self.receive_clean_locks.release(key)
                logger.exception("Reading the channel layer's list %s failed", key)
                await asyncio.sleep(self.READ_RETRY_SECONDS)
                continue
            if content is None:
                self.receive_clean_locks.release(key)
                continue
            cleaner = asyncio.ensure_future(self._clean_receive_backup(index, key))
            cleaner.add_done_callback(lambda done: self._cleaned(key, done))
            message = self.deserialize(content)
            names = message.pop("__asgi_channel__", real)
            names = names if isinstance(names, list) else [names]
            for name in names:
                inbox = self._inboxes.get(name)
                if inbox is not None and inbox.loop is loop:
                    self._put(inbox, name, message if len(names) == 1 else dict(message))

    def _cleaned(self, key: str, cleaner: asyncio.Future) -> None:
        self.receive_clean_locks.release(key)
        _abandoned(cleaner)

    def _put(self, inbox: _Inbox, channel: str, message: dict[str, Any]) -> None:
        if len(inbox.messages) >= self.get_capacity(channel):
            inbox.messages.popleft()  # as channels_redis's bounded buffer: the oldest goes
        inbox.messages.append(message)
        inbox.arrived.set()

    def _hand_over(self, channel: str, message: dict[str, Any]) -> bool:
        """Give ``channel`` a copy of ``message`` in process if it is live here, on the
        event loop it receives on (a sender on another loop, such as a thread's
        ``async_to_sync`` of its own, goes through Redis)."""
        inbox = self._inboxes.get(channel)
        if inbox is None or _running_loop() is not inbox.loop:
            return False
        self._put(inbox, channel, dict(message))
        self.local_deliveries += 1
        return True

    # -- sending -------------------------------------------------------------

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """channels_redis's ``send``, handed over in process to a live local channel."""
        assert isinstance(message, dict), "message is not a dict"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        if self._hand_over(channel, message):
            return
        self.redis_deliveries += 1
        await super().send(channel, message)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every member of ``group``: the live consumers of this process
        in process, the others through Redis (channels_redis's ``group_send`` for them).
        Reading the members (and expiring the stale ones) is one round trip."""
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        connection = self.connection(self.consistent_hash(group))
        pipe = connection.pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(time.time()) - self.group_expiry)
        pipe.zrange(key, 0, -1)
        _, members = await pipe.execute()
        remote = [
            name
            for name in (member.decode("utf8") for member in members)
            if not self._hand_over(name, message)
        ]
        if remote:
            self.redis_deliveries += len(remote)
            await self._send_through_redis(group, remote, message)

    async def _send_through_redis(
        self, group: str, channel_names: list[str], message: dict[str, Any]
    ) -> None:
        """channels_redis 4.3's ``group_send`` after it has read the members: expire each
        channel's old messages, then push the message onto every channel's list in one
        script a Redis connection, within each channel's capacity."""
        connection_to_keys, key_to_message, key_to_capacity = self._map_channel_keys_to_connection(
            channel_names, message
        )
        for index, keys in connection_to_keys.items():
            connection = self.connection(index)
            pipe = connection.pipeline()
            for key in keys:
                pipe.zremrangebyscore(key, min=0, max=int(time.time()) - int(self.expiry))
            await pipe.execute()
            args = [key_to_message[key] for key in keys]
            args += [key_to_capacity[key] for key in keys]
            args += [time.time(), self.expiry]
            await connection.eval(_GROUP_SEND_LUA, len(keys), *keys, *args)


def _abandoned(task: asyncio.Future) -> None:
    if not task.cancelled():
        task.exception()  # read, so that asyncio does not log it as never retrieved


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


# channels_redis 4.3's script (core.py, group_send): push each message within capacity.
_GROUP_SEND_LUA = """
    local over_capacity = 0
    local current_time = ARGV[#ARGV - 1]
    local expiry = ARGV[#ARGV]
    for i=1,#KEYS do
        if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
            redis.call('ZADD', KEYS[i], current_time, ARGV[i])
            redis.call('EXPIRE', KEYS[i], expiry)
        else
            over_capacity = over_capacity + 1
        end
    end
    return over_capacity
"""
