"""Live play through the real ASGI application and the Redis channel layer.

Each test connects with Channels' WebsocketCommunicator, authenticated by a real session
cookie, exactly as the browser does.
"""

from __future__ import annotations

import json

import pytest
import redis.asyncio
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client, override_settings

from config.asgi import application
from games.consumers import MAX_ACTION_CHARS
from games.models import Match
from tests.conftest import current_engine, seated, start_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = (b"origin", b"http://testserver")


def _cookie_for(player) -> bytes:
    client = Client()
    client.force_login(player)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    return f"{settings.SESSION_COOKIE_NAME}={session}".encode()


async def connect(match: Match, player=None, *, origin=ORIGIN) -> WebsocketCommunicator:
    headers = [origin] if origin else []
    if player is not None:
        headers.append((b"cookie", await sync_to_async(_cookie_for)(player)))
    communicator = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=headers)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


NOTICES = ("clock", "presence")
"""Messages that come as players arrive and leave, besides the states: the first move's
clock starting (test_clocks.py) and the seats' presence (test_presence.py)."""


async def receive(communicator: WebsocketCommunicator) -> dict:
    """The next message but the ``NOTICES``."""
    while True:
        message = json.loads(await communicator.receive_from(timeout=5))
        if message.get("type") not in NOTICES:
            return message


async def drain_clocks(communicator: WebsocketCommunicator) -> None:
    """Read the ``NOTICES`` waiting on a socket (and fail on anything else), so that a test
    can then expect silence."""
    while not await communicator.receive_nothing(timeout=0.2):
        message = json.loads(await communicator.receive_from(timeout=1))
        assert message["type"] in NOTICES, message


def _all_codes(value) -> set[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_all_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_all_codes(v) for v in value)) if value else set()
    return set()


@pytest.fixture
def live(alice, bob):
    match = start_match(alice, bob)
    return match, seated(match)


async def test_a_seated_player_gets_their_own_view_and_never_the_opponents_hand(live):
    match, players = live
    deck = set(await sync_to_async(lambda: match.deals.get().deck)())

    first = await connect(match, players[0])
    state = await receive(first)

    assert state["type"] == "state" and state["seat"] == 0 and state["seq"] == match.seq
    assert state["view"]["viewer"] == 0
    opponent = state["view"]["players"][1]
    assert opponent["hand"] is None
    # During packet choice no card has been seen by anyone: no card code may appear at all.
    assert _all_codes(state) & deck == set()
    await first.disconnect()


async def test_a_spectator_gets_the_public_view_and_cannot_act(live, charlie):
    match, _ = live
    engine = await sync_to_async(current_engine)(match)

    watcher = await connect(match, charlie)
    state = await receive(watcher)
    assert state["seat"] is None
    assert all(p["hand"] is None for p in state["view"]["players"])

    await watcher.send_json_to(
        {"type": "action", "action": engine.legal_actions()[0], "seq": state["seq"]}
    )
    error = await receive(watcher)
    assert error == {"type": "error", "code": "not_seated", "message": error["message"]}
    await watcher.disconnect()


async def test_an_action_is_broadcast_to_each_seat_as_its_own_view(live, charlie):
    match, players = live
    engine = await sync_to_async(current_engine)(match)
    mover, other = engine.to_act, 1 - engine.to_act
    sockets = {seat: await connect(match, players[seat]) for seat in (0, 1)}
    watcher = await connect(match, charlie)
    for communicator in [*sockets.values(), watcher]:
        await receive(communicator)
    action = engine.legal_actions()[0]

    await sockets[mover].send_json_to({"type": "action", "action": action, "seq": match.seq})

    for seat, communicator in sockets.items():
        state = await receive(communicator)
        assert state["seq"] == match.seq + 1
        assert state["seat"] == seat
        assert state["view"]["viewer"] == seat
    spectator_state = await receive(watcher)
    assert spectator_state["seat"] is None
    assert (await sync_to_async(lambda: match.deals.get().actions)()) == [
        {"seat": mover, "action": action}
    ]
    assert other != mover
    for communicator in [*sockets.values(), watcher]:
        await communicator.disconnect()


async def test_illegal_stale_and_malformed_messages_get_errors_and_change_nothing(live):
    match, players = live
    engine = await sync_to_async(current_engine)(match)
    socket = await connect(match, players[engine.to_act])
    state = await receive(socket)
    seq = state["seq"]

    cases = [
        ({"type": "action", "action": "play 9Z", "seq": seq}, "illegal_action"),
        ({"type": "action", "action": engine.legal_actions()[0], "seq": seq - 1}, "stale"),
        ({"type": "action", "action": engine.legal_actions()[0]}, "malformed"),
        ({"type": "action", "action": 7, "seq": seq}, "malformed"),
        ({"type": "action", "action": "x" * (MAX_ACTION_CHARS + 1), "seq": seq}, "malformed"),
        # A long action reaches the engine (Machiavelli's table actions run to hundreds).
        ({"type": "action", "action": "table " + "9Z " * 150, "seq": seq}, "illegal_action"),
        ({"type": "dance"}, "malformed"),
        (["not", "an", "object"], "malformed"),
    ]
    for message, code in cases:
        await socket.send_json_to(message)
        error = await receive(socket)
        assert error["type"] == "error" and error["code"] == code, (message, error)
    await socket.send_to(text_data="{not json")
    assert (await receive(socket))["code"] == "malformed"
    await socket.send_to(text_data=json.dumps({"type": "ping", "pad": "x" * 5000}))
    assert (await receive(socket))["code"] == "too_large"

    await sync_to_async(match.refresh_from_db)()
    assert match.seq == seq
    assert await sync_to_async(lambda: match.deals.get().actions)() == []
    await socket.disconnect()


async def test_the_longest_machiavelli_table_action_fits_the_socket():
    """Every card of Machiavelli's two packs laid in melds of four: the longest ``table``
    action a turn can send (all 104 cards, 26 melds) is not refused as malformed."""
    from games.rules.machiavelli.game import PACK

    codes = list(PACK.new_order)
    melds = [" ".join(codes[i : i + 4]) for i in range(0, len(codes), 4)]
    action = "table " + " | ".join(melds)
    assert len(codes) == 104 and len(melds) == 26
    assert len(action) <= MAX_ACTION_CHARS


async def test_a_player_who_reconnects_continues_where_they_were(live):
    match, players = live
    engine = await sync_to_async(current_engine)(match)
    mover = engine.to_act
    socket = await connect(match, players[mover])
    state = await receive(socket)
    await socket.send_json_to(
        {"type": "action", "action": engine.legal_actions()[0], "seq": state["seq"]}
    )
    after = await receive(socket)
    await socket.disconnect()

    again = await connect(match, players[mover])
    resumed = await receive(again)

    assert resumed["seq"] == after["seq"]
    assert resumed["view"] == after["view"]
    await again.disconnect()


async def test_resigning_over_the_socket_finishes_the_match_for_both(live):
    match, players = live
    sockets = [await connect(match, players[seat]) for seat in (0, 1)]
    for socket in sockets:
        await receive(socket)

    await sockets[0].send_json_to({"type": "resign", "seq": match.seq})

    for socket in sockets:
        state = await receive(socket)
        assert state["match"]["status"] == "finished"
        assert state["match"]["winner"] == 1
        assert state["match"]["reason"] == "resigned"
        await socket.disconnect()


async def test_ping_is_answered_and_sync_resends_the_state(live):
    match, players = live
    socket = await connect(match, players[0])
    await receive(socket)

    await socket.send_json_to({"type": "ping"})
    assert await receive(socket) == {"type": "pong"}
    await socket.send_json_to({"type": "sync"})
    assert (await receive(socket))["type"] == "state"
    await socket.disconnect()


async def test_a_ping_reads_its_match_on_the_loop_and_forfeits_an_idle_one(live, monkeypatch):
    from datetime import timedelta
    from unittest import mock

    from django.utils import timezone

    from games import consumers, services

    match, players = live
    socket = await connect(match, players[0])
    await receive(socket)
    checks = mock.Mock(wraps=services.match_check_clock)
    monkeypatch.setattr(consumers.services, "match_check_clock", checks)
    # Nothing due: on PostgreSQL one statement on the event loop answers, with no clock
    # check on a thread; the embedded default (SQLite) takes the thread's way each time.
    on_loop = consumers._loop_statements()
    await socket.send_json_to({"type": "ping"})
    assert await receive(socket) == {"type": "pong"}
    assert checks.call_count == (0 if on_loop else 1)
    # The match moved on without this socket hearing it: the ping sends the state.
    await Match.objects.filter(pk=match.pk).aupdate(seq=match.seq + 1)
    await socket.send_json_to({"type": "ping"})
    assert (await receive(socket))["seq"] == match.seq + 1
    assert await receive(socket) == {"type": "pong"}
    # The deadline has passed: the clock check forfeits the match, as on a connection.
    checked = checks.call_count
    past = timezone.now() - timedelta(seconds=5)
    await Match.objects.filter(pk=match.pk).aupdate(move_deadline=past, grace_until=None)
    await socket.send_json_to({"type": "ping"})
    messages = [await receive(socket), await receive(socket)]
    assert checks.call_count == checked + 1
    assert {"type": "pong"} in messages
    finished = [m for m in messages if m.get("type") == "state"]
    assert finished and finished[0]["match"]["reason"] == "forfeit"
    await socket.disconnect()


async def test_a_flood_of_messages_is_rate_limited(live):
    match, players = live
    # A small bucket (4 messages, 2 a second), so that the flood outruns its refill however
    # slowly this machine answers the pings.
    with override_settings(LIVE_MAX_MESSAGES_PER_SECOND=2, LIVE_MESSAGE_BURST_SECONDS=2):
        socket = await connect(match, players[0])
    await receive(socket)

    codes = []
    burst = 2 * 2
    for _ in range(burst + 10):
        await socket.send_json_to({"type": "ping"})
    for _ in range(burst + 10):
        message = await receive(socket)
        codes.append(message.get("code", message["type"]))

    assert "rate_limited" in codes
    # The bucket holds ``burst`` messages; a few more come back while the pings are sent.
    assert burst - 1 <= codes.count("pong") < burst + 10
    await socket.disconnect()


async def test_a_connection_from_another_origin_is_refused(live):
    match, players = live
    communicator = WebsocketCommunicator(
        application,
        f"/ws/matches/{match.pk}/",
        headers=[(b"origin", b"http://evil.example")],
    )
    connected, _ = await communicator.connect(timeout=5)
    assert not connected


async def test_the_standings_channel_announces_a_recorded_result(live):
    match, players = live
    tournament_id = await sync_to_async(lambda: match.round.tournament_id)()
    watcher = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament_id}/", headers=[ORIGIN]
    )
    assert (await watcher.connect(timeout=5))[0]
    socket = await connect(match, players[0])
    await receive(socket)

    await socket.send_json_to({"type": "resign", "seq": match.seq})

    assert json.loads(await watcher.receive_from(timeout=5)) == {"type": "changed"}
    await watcher.disconnect()
    await socket.disconnect()


@pytest.mark.skipif(not settings.REDIS_URL, reason="a Redis group to lose: the Redis layer only")
async def test_the_standings_channel_rejoins_its_group_on_ping(live):
    match, players = live
    tournament_id = await sync_to_async(lambda: match.round.tournament_id)()
    group = f"tournament-{tournament_id}"
    watcher = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament_id}/", headers=[ORIGIN]
    )
    assert (await watcher.connect(timeout=5))[0]
    # What a Redis restart without persistence does: the group is gone, the socket stays.
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    assert await client.delete(f"{prefix}:group:{group}") == 1
    await client.aclose()

    await watcher.send_json_to({"type": "ping"})
    assert json.loads(await watcher.receive_from(timeout=5)) == {"type": "pong"}
    await watcher.send_json_to({"type": "resign"})
    assert json.loads(await watcher.receive_from(timeout=5))["code"] == "malformed"

    await get_channel_layer().group_send(group, {"type": "results.changed"})
    assert json.loads(await watcher.receive_from(timeout=5)) == {"type": "changed"}
    await watcher.disconnect()


async def test_nobody_may_watch_a_table_of_duplicate_boards_still_in_play(live, charlie):
    match, _ = live
    await sync_to_async(Match.objects.filter(pk=match.pk).update)(board_set="t1-r1")
    watcher = await connect(match, charlie)
    closed = await watcher.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4403, "reason": "boards_in_play"}
    await sync_to_async(Match.objects.filter(pk=match.pk).update)(board_set="")
    watcher = await connect(match, charlie)
    assert (await receive(watcher))["seat"] is None
    await watcher.disconnect()
