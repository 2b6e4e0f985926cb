"""The site's channel layer (config/channel_layer.py): a group's members on this process get
a message in process, the others through Redis, and nothing is lost or doubled either way.

Two layer objects stand for two server processes (each has its own client prefix, so each
one's channels are "local" to it alone), sharing one Redis.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import uuid

import pytest
import redis.exceptions
from django.conf import settings

from config.channel_layer import LocalFirstRedisChannelLayer

pytestmark = pytest.mark.skipif(not settings.REDIS_URL, reason="needs Redis (REDIS_URL)")

WAIT = 3.0  # seconds a message may take before the test calls it lost


@pytest.fixture
async def processes():
    """Two layers on one Redis, under a prefix of their own."""
    prefix = f"test-layer-{uuid.uuid4().hex[:8]}"
    layers = [
        LocalFirstRedisChannelLayer(hosts=[settings.REDIS_URL], prefix=prefix) for _ in range(2)
    ]
    yield layers
    await layers[0].flush()
    for layer in layers:
        await layer.close_pools()


class Consumer:
    """A consumer's receive loop, as ``channels.utils.await_many_dispatch`` runs it: a
    receive is always pending, and cancelling it ends the consumer."""

    def __init__(self, layer: LocalFirstRedisChannelLayer, channel: str) -> None:
        self.layer, self.channel = layer, channel
        self.got: asyncio.Queue = asyncio.Queue()
        self.task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        while True:
            await self.got.put(await self.layer.receive(self.channel))

    async def next(self) -> dict:
        return await asyncio.wait_for(self.got.get(), WAIT)

    async def end(self) -> None:
        self.task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await self.task


async def _consumer(layer, group: str) -> Consumer:
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    consumer = Consumer(layer, channel)
    await asyncio.sleep(0)  # its receive is pending: the channel is live
    return consumer


async def test_local_members_get_it_in_process_and_the_others_through_redis(processes):
    here, there = processes
    mine = [await _consumer(here, "match-1") for _ in range(2)]
    theirs = await _consumer(there, "match-1")

    await here.group_send("match-1", {"type": "match.state", "seq": 7})

    for consumer in (*mine, theirs):
        assert await consumer.next() == {"type": "match.state", "seq": 7}
    assert (here.local_deliveries, here.redis_deliveries) == (2, 1)
    # The other process's consumer got it from Redis, not handed over by ``here``.
    assert there.local_deliveries == 0
    for consumer in (*mine, theirs):
        await consumer.end()


async def test_a_local_message_is_not_held_behind_the_blocking_read_of_redis(processes):
    """The first consumer to receive holds the process's one read of its Redis list
    (BZPOPMIN, up to ``brpop_timeout`` = 5 s); a message handed to it in process must
    not wait for that read to return."""
    here, _ = processes
    consumer = await _consumer(here, "match-2")
    await asyncio.sleep(0.2)  # the read of Redis has begun and is blocked

    await here.group_send("match-2", {"type": "match.state", "seq": 1})

    assert await asyncio.wait_for(consumer.got.get(), here.brpop_timeout - 2) == {
        "type": "match.state",
        "seq": 1,
    }
    assert here.redis_deliveries == 0
    await consumer.end()


async def test_messages_from_both_ways_all_arrive_once(processes):
    here, there = processes
    consumer = await _consumer(here, "match-3")
    sent = []
    for seq in range(20):
        sender = here if seq % 2 else there  # odd: in process; even: through Redis
        message = {"type": "match.state", "seq": seq}
        sent.append(message)
        await sender.group_send("match-3", message)

    got = [await consumer.next() for _ in sent]

    assert sorted(m["seq"] for m in got) == list(range(20))
    assert here.local_deliveries == 10 and there.redis_deliveries == 10
    await asyncio.sleep(0.3)
    assert consumer.got.empty()  # nothing doubled
    await consumer.end()


async def test_each_local_member_gets_its_own_copy(processes):
    here, _ = processes
    first = await _consumer(here, "match-4")
    second = await _consumer(here, "match-4")

    await here.group_send("match-4", {"type": "match.state", "seq": 3})
    got = await first.next()
    got["seq"] = 99  # a consumer changing its message changes nobody else's

    assert await second.next() == {"type": "match.state", "seq": 3}
    await first.end()
    await second.end()


async def test_an_ended_consumer_still_in_the_group_is_sent_to_through_redis(processes):
    """A consumer that ended without leaving its group is no longer live here: its message
    goes to Redis (where it expires), not into a buffer of this process nobody reads."""
    here, _ = processes
    gone = await _consumer(here, "match-5")
    await gone.end()

    await here.group_send("match-5", {"type": "match.state", "seq": 1})

    assert (here.local_deliveries, here.redis_deliveries) == (0, 1)
    assert gone.channel not in here._inboxes


async def test_send_to_a_live_local_channel_is_handed_over(processes):
    here, there = processes
    consumer = await _consumer(here, "match-6")

    await here.send(consumer.channel, {"type": "session.ended"})
    await there.send(consumer.channel, {"type": "session.ended", "from": "there"})

    got = [await consumer.next(), await consumer.next()]
    assert {m.get("from") for m in got} == {None, "there"}
    assert here.local_deliveries == 1 and there.redis_deliveries == 1
    await consumer.end()


async def test_one_reader_of_redis_a_process_and_it_stops_once_no_channel_is_live(processes):
    here, there = processes
    consumers = [await _consumer(here, "match-7") for _ in range(3)]
    assert len(here._readers) == 1  # one reader of the process's list, not one a consumer
    (reader,) = here._readers.values()

    await there.group_send("match-7", {"type": "match.state", "seq": 1})
    assert [await c.next() for c in consumers] == [{"type": "match.state", "seq": 1}] * 3
    for consumer in consumers:
        await consumer.end()  # none of them was reading Redis: each ends at once

    # The reader ends after its current blocking read (``brpop_timeout``).
    await asyncio.wait_for(reader, here.brpop_timeout + WAIT)
    assert reader.done() and not reader.cancelled()


async def test_a_cancelled_reader_ends_even_when_redis_py_turns_the_cancel_into_an_error(
    processes, monkeypatch
):
    """On Python 3.11 a cancel that meets redis-py's read timeout can come out as a
    TimeoutError: the reader must end all the same, or a loop's shutdown (which cancels
    every task and waits for them) waits for ever."""
    here, _ = processes
    reading = asyncio.Event()

    async def read_that_swallows_the_cancel(index, key, timeout):
        reading.set()
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            raise redis.exceptions.TimeoutError("Timeout reading from socket") from None

    monkeypatch.setattr(here, "_brpop_with_clean", read_that_swallows_the_cancel)
    monkeypatch.setattr(here, "READ_RETRY_SECONDS", 0.01)
    consumer = await _consumer(here, "match-9")
    (reader,) = here._readers.values()
    await asyncio.wait_for(reading.wait(), WAIT)

    reader.cancel()
    await asyncio.wait({reader}, timeout=WAIT)

    assert reader.done() and reader.cancelled()
    await consumer.end()


def _run_a_process_that_stops(layer_config: dict, serve_seconds: float) -> None:
    """An event loop as an ASGI server runs one (``asyncio.run``): two consumers receive, a
    message reaches each through Redis, then, ``serve_seconds`` later, the layer's pools are
    closed (as a server's shutdown or a test's teardown does) and the loop ends, cancelling
    the consumers."""
    prefix = f"test-layer-{uuid.uuid4().hex[:8]}"

    async def serve() -> None:
        layer = LocalFirstRedisChannelLayer(prefix=prefix, **layer_config)
        other = LocalFirstRedisChannelLayer(prefix=prefix, **layer_config)
        consumers = [await _consumer(layer, "match-8") for _ in range(2)]
        await other.group_send("match-8", {"type": "match.state", "seq": 1})
        for consumer in consumers:
            assert await consumer.next() == {"type": "match.state", "seq": 1}
        await asyncio.sleep(serve_seconds)
        await other.flush()
        await layer.close_pools()

    asyncio.run(serve())
    gc.collect()  # a task destroyed while pending is reported when it is collected


def test_a_loop_shutting_down_logs_no_error(caplog):
    """The reader must not log a connection closed under its read (close_pools, the loop's
    end) as a failure, nor leave a task pending or an exception unread."""
    caplog.set_level(logging.WARNING)

    _run_a_process_that_stops({"hosts": [settings.REDIS_URL]}, serve_seconds=0.3)

    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_blocking_read_ends_within_the_socket_timeout(caplog):
    """redis-py's socket timeout (5 s by default, as long as channels_redis's blocking
    read) must not cut the reader's read: no TimeoutError logged while the consumers idle."""
    caplog.set_level(logging.WARNING)
    hosts = [{"address": settings.REDIS_URL, "socket_timeout": 1}]

    _run_a_process_that_stops({"hosts": hosts}, serve_seconds=2.5)

    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


async def test_a_cancel_redis_py_swallows_by_reading_again_still_ends_the_reader(
    processes, monkeypatch
):
    """redis-py's retry can take a cancel turned TimeoutError for a failed read and read
    again; that read returns (nothing came) and the reader, its channel still live, must
    end then rather than read for ever with the cancel pending."""
    here, _ = processes
    reading = asyncio.Event()
    reads = []

    async def read_that_retries_after_the_cancel(index, key, timeout):
        reads.append(key)
        reading.set()
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            if len(reads) > 1:  # only the first cancel is swallowed (the test's end)
                raise
            await asyncio.sleep(0.05)  # the retried read, which gets nothing
        return None

    monkeypatch.setattr(here, "_brpop_with_clean", read_that_retries_after_the_cancel)
    consumer = await _consumer(here, "match-11")
    (reader,) = here._readers.values()
    await asyncio.wait_for(reading.wait(), WAIT)

    reader.cancel()
    await asyncio.wait({reader}, timeout=WAIT)

    assert reader.done() and reader.cancelled() and len(reads) == 1
    await consumer.end()


async def test_a_forgotten_channel_whose_last_receive_returned_is_no_longer_live(processes):
    """A consumer that ends just after its receive returned has no receive left to cancel:
    forgetting its channel ends its life, and the reader stops once no channel is live."""
    here, there = processes
    channel = await here.new_channel()
    await here.group_add("match-12", channel)
    receive = asyncio.ensure_future(here.receive(channel))
    await asyncio.sleep(0)
    (reader,) = here._readers.values()
    await there.group_send("match-12", {"type": "match.state", "seq": 3})
    assert await asyncio.wait_for(receive, WAIT) == {"type": "match.state", "seq": 3}
    real = here.non_local_name(channel)
    assert here._has_live(real)  # no receive pending, yet still live

    here.forget_channel(channel)

    assert not here._has_live(real) and channel not in here._inboxes
    await asyncio.wait_for(reader, here.brpop_timeout + WAIT)
    assert reader.done() and not reader.cancelled()
