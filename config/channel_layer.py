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

What channels_redis promises beyond that holds here too, and channels_redis 4.3.0's own
test suite checks it against this class (tests/vendor/channels_redis): a bad channel name
is refused (``TypeError``), as is a process-local name of another process
(``AssertionError``); a message read from Redis for a channel of this process that is not
live (one that has not started receiving yet, as a consumer between ``new_channel`` and
its first ``receive``) is kept for it, at most ``capacity`` of them a channel and for
``expiry`` seconds, instead of being dropped; a channel may receive on one event loop
after another (a thread's ``async_to_sync``), the reader handing a message to the loop its
channel receives on; a ``group_send`` over a channel's capacity is logged at INFO by
``channels_redis.core``, as channels_redis logs it. The reader logs nothing when its
event loop shuts down (its connection closed under a read is not a fault) and is stopped
before ``close_pools`` closes its connections (a read cut that way could not be cancelled
with redis-py 8: the loop's end hung), then started again for channels still live. Its
blocking read ends within the connection's socket timeout (redis-py's default of 5 s is as
long as channels_redis's read, channels_redis#422).
"""

from __future__ import annotations

import asyncio
import collections
import functools
import logging
import time
from typing import Any

import redis.exceptions
from channels_redis.core import RedisChannelLayer
from redis.asyncio.connection import DEFAULT_SOCKET_TIMEOUT

logger = logging.getLogger(__name__)

# Redis unreachable, restarting or loading (as games/outage.py; config imports no app).
REDIS_DOWN = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
# channels_redis's own records (a group_send over capacity) keep channels_redis's logger.
channels_redis_logger = logging.getLogger("channels_redis.core")


class _Inbox:
    """A live local channel's messages, handed over in process or read from Redis, and the
    event loop its consumer receives on."""

    __slots__ = ("messages", "arrived", "loop", "real")

    def __init__(self, loop: asyncio.AbstractEventLoop, real: str) -> None:
        self.loop = loop
        self.real = real
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
        # One reader task a Redis list of this process's channels ("specific.<prefix>!").
        self._readers: dict[str, asyncio.Task] = {}
        # Live channels by Redis list and event loop (the reader runs while there are any).
        self._live: collections.Counter[tuple[str, asyncio.AbstractEventLoop]] = (
            collections.Counter()
        )
        # Messages read from Redis for channels of this process that are not live: by
        # channel, the time of the last one (time.monotonic()) and the messages, oldest
        # channel first.
        self._unclaimed: collections.OrderedDict[
            str, tuple[float, collections.deque[dict[str, Any]]]
        ] = collections.OrderedDict()
        self.local_deliveries = 0
        self.redis_deliveries = 0

    # -- receiving -----------------------------------------------------------

    async def receive(self, channel: str) -> dict[str, Any]:
        """The next message for ``channel``. A process-local channel (one of
        ``new_channel``'s) is live from its first receive until a receive of it is
        cancelled or ``forget_channel`` (its consumer's end); its messages come from its
        inbox, filled by ``_hand_over`` and by the process's reader of Redis. Any other
        channel is channels_redis's.

        Raises:
            TypeError: ``channel`` is not a valid channel name.
            AssertionError: ``channel`` is process-local to another process (its client
                prefix is not this layer's), as channels_redis.
        """
        assert self.require_valid_channel_name(channel)
        if "!" not in channel:
            return await super().receive(channel)
        real = self.non_local_name(channel)
        assert real.endswith(self.client_prefix + "!"), "Wrong client prefix"
        loop = asyncio.get_running_loop()
        inbox = self._inboxes.get(channel)
        if inbox is None or inbox.loop is not loop:
            inbox = self._open_inbox(channel, real, loop)
        self._start_reader(real)
        try:
            while not inbox.messages:
                inbox.arrived.clear()
                await inbox.arrived.wait()
            return inbox.messages.popleft()
        except BaseException:
            if self._inboxes.get(channel) is inbox:
                self._close_inbox(channel, inbox)
            raise

    def forget_channel(self, channel: str) -> None:
        """End ``channel``'s life here, its unread messages dropped: its consumer has ended.
        A consumer's last receive may have returned a message just as the consumer was
        ending (Channels' ``await_many_dispatch`` then has no receive left to cancel), and
        the channel would otherwise stay live, its inbox filling and the reader of its list
        running for a channel nobody reads. Nothing for a channel that is not live here."""
        inbox = self._inboxes.get(channel)
        if inbox is not None:
            self._close_inbox(channel, inbox)
        self._unclaimed.pop(channel, None)

    def _open_inbox(self, channel: str, real: str, loop: asyncio.AbstractEventLoop) -> _Inbox:
        """Make ``channel`` live on ``loop``: a new inbox, with the messages of its inbox on
        another loop (if it had one) and those kept for it while it was not live."""
        inbox = _Inbox(loop, real)
        old = self._inboxes.get(channel)
        if old is not None:
            self._close_inbox(channel, old)
            inbox.messages.extend(old.messages)
        kept = self._unclaimed.pop(channel, None)
        if kept is not None:
            inbox.messages.extend(kept[1])
        while len(inbox.messages) > self.get_capacity(channel):
            inbox.messages.popleft()
        self._inboxes[channel] = inbox
        self._live[real, loop] += 1
        return inbox

    def _close_inbox(self, channel: str, inbox: _Inbox) -> None:
        del self._inboxes[channel]
        self._live[inbox.real, inbox.loop] -= 1
        if self._live[inbox.real, inbox.loop] <= 0:
            del self._live[inbox.real, inbox.loop]

    def _has_live(self, real: str) -> bool:
        """Whether a channel of the Redis list ``real`` is live on an event loop that is not
        closed. The channels of a closed loop (a thread's ``async_to_sync`` that has ended)
        are forgotten, their unread messages kept for a receive on another loop."""
        live = False
        for (list_name, loop), count in list(self._live.items()):
            if loop.is_closed():
                self._forget_loop(loop)
            elif list_name == real and count > 0:
                live = True
        return live

    def _forget_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        for channel, inbox in list(self._inboxes.items()):
            if inbox.loop is loop:
                self._close_inbox(channel, inbox)
                for message in inbox.messages:
                    self._keep_unclaimed(channel, message)

    def _start_reader(self, real: str) -> None:
        """Start the reader of the Redis list ``real`` on the running loop unless one runs
        (on this loop or another that is not closed)."""
        reader = self._readers.get(real)
        if reader is not None and not reader.done() and not reader.get_loop().is_closed():
            return
        reader = asyncio.get_running_loop().create_task(self._read(real))
        self._readers[real] = reader
        reader.add_done_callback(functools.partial(self._reader_done, real))

    def _reader_done(self, real: str, reader: asyncio.Task) -> None:
        """A reader ended: no live channel left, cancelled with its loop, or its connection
        closed under it by ``close_pools``. If channels of its list are still live on a loop
        that is not closed, start a reader there (on its own loop only if it was not
        cancelled)."""
        _abandoned(reader)
        if self._readers.get(real) is reader:
            del self._readers[real]
        for list_name, loop in list(self._live):
            if list_name != real or loop.is_closed():
                continue
            # On its own loop only if it was neither cancelled nor ended by the loop's close
            # (channels_redis's ``loop.close`` wrapper takes the loop's pools first).
            if loop is reader.get_loop() and (reader.cancelled() or loop not in self._layers):
                continue
            try:
                loop.call_soon_threadsafe(self._start_reader, real)
            except RuntimeError:  # closed meanwhile
                continue
            return

    async def _read(self, real: str) -> None:
        """Read the Redis list of the process-local channels ``real`` (``"specific.<client
        prefix>!"``) while one of them is live; give each message to every channel it names
        (``_deliver``). channels_redis's own steps: BZPOPMIN with its backup queue, then the
        backup cleaned."""
        loop = asyncio.get_running_loop()
        index = self.consistent_hash(real)
        key = self.prefix + real
        while self._has_live(real):
            # A cancel redis-py's retry swallowed (a TimeoutError it read again after) ends
            # the reader here, at the latest after that read.
            _still_cancelled()
            # As channels_redis's receive: no read starts (its first step puts an unclean
            # backup back in the list) before the last message's backup is cleaned.
            await self.receive_clean_locks.acquire(key)
            connection = None
            try:
                connection = self.connection(index)
                content = await self._brpop_with_clean(
                    index, key, timeout=self._blocking_read_seconds(connection)
                )
            except asyncio.CancelledError:
                self.receive_clean_locks.release(key)
                raise
            except Exception as error:
                self.receive_clean_locks.release(key)
                _still_cancelled(error)
                if not await self._read_failed(loop, index, connection, key, error):
                    return
                continue
            if content is None:
                self.receive_clean_locks.release(key)
                continue
            cleaner = asyncio.ensure_future(self._clean_receive_backup(index, key))
            self.receive_cleaners.append(cleaner)  # awaited by flush() and close_pools()
            cleaner.add_done_callback(lambda done: self._cleaned(key, done))
            message = self.deserialize(content)
            names = message.pop("__asgi_channel__", real)
            names = names if isinstance(names, list) else [names]
            for name in names:
                self._deliver(name, message if len(names) == 1 else dict(message), loop)

    async def _read_failed(
        self,
        loop: asyncio.AbstractEventLoop,
        index: int,
        connection: Any,
        key: str,
        error: BaseException | None = None,
    ) -> bool:
        """After a failed read: whether to read again. Stop, quietly, when the connection was
        closed under the read: by channels_redis's ``loop.close`` wrapper (the loop is
        closing) or by ``close_pools`` (``_reader_done`` then starts a new reader, on new
        connections, if channels are still live); else log the error and pause: Redis
        unreachable or restarting (an expected fault) in one warning line, anything else
        with its traceback."""
        pools = self._layers.get(loop)
        # RedisLoopLayer._connections: channels_redis 4.3's connections of this loop.
        if pools is None or pools._connections.get(index) is not connection:
            logger.debug("The channel layer's connection was closed under a read of %s", key)
            return False
        if isinstance(error, REDIS_DOWN):
            logger.warning(
                "Reading the channel layer's list %s failed (Redis unavailable: %s: %s)",
                key, type(error).__name__, error,
            )  # fmt: skip
        else:
            logger.exception("Reading the channel layer's list %s failed", key)
        await asyncio.sleep(self.READ_RETRY_SECONDS)
        return True

    def _blocking_read_seconds(self, connection: Any) -> float:
        """How long one BZPOPMIN of the reader may block: ``brpop_timeout``, but within the
        connection's socket timeout (redis-py's default is 5 s, as long as ``brpop_timeout``:
        a read that outlasts it fails with a TimeoutError, channels_redis#422)."""
        kwargs = connection.connection_pool.connection_kwargs
        socket_timeout = kwargs.get("socket_timeout", DEFAULT_SOCKET_TIMEOUT)
        if socket_timeout is None or socket_timeout > self.brpop_timeout + 1:
            return self.brpop_timeout
        return max(socket_timeout - 1, socket_timeout / 2)

    def _cleaned(self, key: str, cleaner: asyncio.Future) -> None:
        if cleaner in self.receive_cleaners:
            self.receive_cleaners.remove(cleaner)
        self.receive_clean_locks.release(key)
        _abandoned(cleaner)

    def _deliver(self, channel: str, message: dict[str, Any], loop: asyncio.AbstractEventLoop):
        """Put a message read from Redis in ``channel``'s inbox, on the loop it receives on;
        keep it for the channel if it is not live (``_keep_unclaimed``)."""
        inbox = self._inboxes.get(channel)
        if inbox is not None:
            if inbox.loop is loop:
                self._put(inbox, channel, message)
                return
            if not inbox.loop.is_closed():
                try:
                    inbox.loop.call_soon_threadsafe(self._put, inbox, channel, message)
                    return
                except RuntimeError:  # its loop closed meanwhile
                    pass
        self._keep_unclaimed(channel, message)

    def _keep_unclaimed(self, channel: str, message: dict[str, Any]) -> None:
        """Keep a message for a channel of this process that is not live, as channels_redis's
        receive buffer does: the newest ``capacity`` a channel; a channel sent nothing for
        ``expiry`` seconds (a consumer that ended without leaving its groups) is forgotten."""
        now = time.monotonic()
        kept = self._unclaimed.pop(channel, None)
        messages = kept[1] if kept else collections.deque(maxlen=self.get_capacity(channel))
        messages.append(message)
        self._unclaimed[channel] = (now, messages)
        for name, (last, _) in list(self._unclaimed.items()):
            if now - last < self.expiry:
                break
            del self._unclaimed[name]

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

    async def close_pools(self) -> None:
        """channels_redis's ``close_pools``, after this loop's readers are stopped, so that
        no read is cut by its connection closing (a read cancelled leaves its message in
        channels_redis's backup queue, put back by the next read); a reader starts again,
        on new connections, for channels still live here."""
        loop = asyncio.get_running_loop()
        stopped = [
            (real, reader)
            for real, reader in list(self._readers.items())
            if reader.get_loop() is loop and not reader.done()
        ]
        for _, reader in stopped:
            reader.cancel()
        await asyncio.gather(*(reader for _, reader in stopped), return_exceptions=True)
        await super().close_pools()
        for real, _ in stopped:
            if self._has_live(real):
                self._start_reader(real)

    # -- sending -------------------------------------------------------------

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """channels_redis's ``send``, handed over in process to a live local channel.

        Raises:
            TypeError: ``channel`` is not a valid channel name.
            channels.exceptions.ChannelFull: the channel's Redis list is at capacity (a
                channel served in process drops its oldest message instead).
        """
        assert isinstance(message, dict), "message is not a dict"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        assert "__asgi_channel__" not in message
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
            await self._send_through_redis(group, remote, message, len(members))

    async def _send_through_redis(
        self, group: str, channel_names: list[str], message: dict[str, Any], members: int
    ) -> None:
        """channels_redis 4.3's ``group_send`` after it has read the members: expire each
        channel's old messages, then push the message onto every channel's list in one
        script a Redis connection, within each channel's capacity; the channels over it
        are logged (at INFO, with channels_redis's message and logger; ``members`` is the
        group's size)."""
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
            over_capacity = await connection.eval(_GROUP_SEND_LUA, len(keys), *keys, *args)
            if over_capacity > 0:
                channels_redis_logger.info(
                    "%s of %s channels over capacity in group %s", over_capacity, members, group
                )


def _still_cancelled(error: BaseException | None = None) -> None:
    """Raise CancelledError if the running task was cancelled and ``error`` (or a read that
    returned) took the cancellation's place: on Python 3.11, a cancel that comes as
    redis-py's ``asyncio.timeout`` expires can surface as its TimeoutError instead, which
    redis-py's retry may even swallow by reading again; a reader that read again would
    then never end (a loop's shutdown waiting on it for ever).

    Raises:
        asyncio.CancelledError: the task has a cancellation pending.
    """
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError from error


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
