"""Redis faults: the channel layer idles, loses its data, or restarts during play.

Play resumes, nothing is lost, and a client that missed messages gets the full state on its
next message (a ``stale`` error carrying the current seq, then ``sync``) or on reconnect.
"""

from __future__ import annotations

import asyncio

import pytest
import redis
from asgiref.sync import sync_to_async
from django.conf import settings

from bench.client import Stats
from games.models import Match
from tests.conftest import (
    current_engine,
    make_player,
    make_tournament,
    seated,
    start_match,
)
from tests.faults.conftest import (
    assert_nothing_lost,
    play_with_fault,
    seat_clients,
    wait_for_actions,
)
from tests.games.test_consumers import connect, drain_clocks, receive
from tournaments import services as tournaments_services

BLOCKING_READ_SECONDS = 5  # channels_redis's BZPOPMIN timeout (RedisChannelLayer.brpop_timeout)


@pytest.fixture
def live(alice, bob):
    match = start_match(alice, bob)
    return match, seated(match)


@pytest.mark.django_db(transaction=True)
async def test_a_connection_idle_longer_than_the_layers_blocking_read_still_gets_moves(live):
    match, players = live
    engine = await sync_to_async(current_engine)(match)
    sockets = {seat: await connect(match, players[seat]) for seat in (0, 1)}
    for socket in sockets.values():
        await receive(socket)

    # A player thinking for a while: the consumers wait on the channel layer meanwhile.
    await asyncio.sleep(BLOCKING_READ_SECONDS + 2)
    await sockets[engine.to_act].send_json_to(
        {"type": "action", "action": engine.legal_actions()[0], "seq": match.seq}
    )

    for socket in sockets.values():
        state = await receive(socket)
        assert state["type"] == "state" and state["seq"] == match.seq + 1
        await socket.disconnect()


def _forget_the_group(match: Match) -> None:
    """What a Redis restart without persistence does to a match's group: it is gone."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    assert client.delete(f"{prefix}:group:{match.group_name}") == 1
    client.close()


async def _a_move_nobody_hears(match, players):
    """Both seats connected, then Redis forgets the match's group, then the seat to act
    moves: the move is stored, but its broadcast reaches nobody.

    Returns:
        ``(engine before the move, mover, other, {seat: socket}, seq before the move)``.
    """
    engine = await sync_to_async(current_engine)(match)
    mover, other = engine.to_act, 1 - engine.to_act
    sockets = {seat: await connect(match, players[seat]) for seat in (0, 1)}
    for socket in sockets.values():
        await receive(socket)
    for socket in sockets.values():
        await drain_clocks(socket)
    seq = match.seq
    await sync_to_async(_forget_the_group)(match)
    await sockets[mover].send_json_to(
        {"type": "action", "action": engine.legal_actions()[0], "seq": seq}
    )
    for socket in sockets.values():
        assert await socket.receive_nothing(timeout=0.5)
    return engine, mover, other, sockets, seq


@pytest.mark.django_db(transaction=True)
async def test_a_client_that_missed_a_state_gets_it_on_its_next_message_or_on_reconnect(live):
    match, players = live
    engine, mover, other, sockets, seq = await _a_move_nobody_hears(match, players)

    # The mover, hearing nothing, sends the same action again: refused as stale, with the
    # current seq; its sync brings the full state with the move applied.
    await sockets[mover].send_json_to(
        {"type": "action", "action": engine.legal_actions()[0], "seq": seq}
    )
    error = await receive(sockets[mover])
    assert (error["type"], error["code"], error["seq"]) == ("error", "stale", seq + 1)
    await sockets[mover].send_json_to({"type": "sync"})
    synced = await receive(sockets[mover])
    assert synced["type"] == "state" and synced["seq"] == seq + 1

    # The other player reconnects and gets the same state any fresh connection gets.
    await sockets[other].disconnect()
    again = await connect(match, players[other])
    resumed = await receive(again)
    assert resumed["seq"] == seq + 1
    fresh = await connect(match, players[other])
    assert (await receive(fresh))["view"] == resumed["view"]

    deal = await sync_to_async(lambda: match.deals.get().actions)()
    assert deal == [{"seat": mover, "action": engine.legal_actions()[0]}]
    for socket in (sockets[mover], again, fresh):
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_connection_whose_group_redis_forgot_is_healed_by_its_next_ping(live):
    match, players = live
    _, _, _, sockets, seq = await _a_move_nobody_hears(match, players)

    # The browser pings every 25 s: the ping brings the missed state, then the pong.
    for socket in sockets.values():
        await socket.send_json_to({"type": "ping"})
        state = await receive(socket)
        assert (state["type"], state["seq"]) == ("state", seq + 1)
        assert await receive(socket) == {"type": "pong"}

    # And both are back in the group: the next move reaches them without asking.
    after = await sync_to_async(current_engine)(match)
    await sockets[after.to_act].send_json_to(
        {"type": "action", "action": after.legal_actions()[0], "seq": seq + 1}
    )
    for socket in sockets.values():
        assert (await receive(socket))["seq"] == seq + 2
        await socket.disconnect()


def _start(first, second, *, slug: str) -> Match:
    round_ = make_tournament([first, second], slug=slug).rounds.get(number=1)
    tournaments_services.round_start(round_id=round_.pk)
    return round_.matches.get()


def test_play_resumes_after_redis_restarts_and_nothing_is_lost(charlie, dave, servers, own_redis):
    """Three matches, so each server has several consumers: after a short outage they
    keep their socket but Redis has forgotten their group and the moves made meanwhile.
    The clients play like the browser: no timeouts of their own, a ping now and then.
    """
    players = [make_player(f"p{i}") for i in range(4)] + [charlie, dave]
    matches = [_start(players[i], players[i + 1], slug=f"cup-{i}") for i in (0, 2, 4)]
    group = servers(2, redis_url=own_redis.url)
    stats = Stats()
    clients = [
        client
        for match in matches
        for client in seat_clients(
            match,
            seated(match),
            group.urls(match.pk),
            stats,
            stop_after=50,
            ack_timeout=None,
            idle_timeout=None,
            ping_every=1.0,
        )
    ]

    async def restart_redis() -> None:
        await wait_for_actions(stats, 30)
        own_redis.kill()
        await asyncio.sleep(1)
        own_redis.start()
        await wait_for_actions(stats, 90)
        own_redis.kill()
        await asyncio.sleep(0.05)
        own_redis.start()

    asyncio.run(play_with_fault(clients, restart_redis()))

    for match in matches:
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED or match.seq - 1 >= 50
        assert_nothing_lost(stats, [c for c in clients if c.match_id == match.pk], match)
    # The outage was felt: moves were broadcast while Redis was down and nobody heard them,
    # so the clients' pings (or a reconnect) brought them; each such fault is one warning
    # line, never a traceback.
    logs = group.logs()
    assert "lost (Redis unavailable" in logs
    assert "Traceback" not in logs
