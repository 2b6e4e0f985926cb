"""Socket slots that cannot leak (issue 29, item 1; docs/security.md, "Socket slots").

Each reproduction of the issue as a test: a real uvicorn (tests/faults' harness) and raw
TCP sockets for the ways a client leaves that Channels' test communicator cannot play
(a drop right after the upgrade, an upgrade then a bare TCP close, a socket closed for
flooding while it still sends), the communicator for the rest.
"""

from __future__ import annotations

import asyncio
import json
import socket as tcp
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
import websockets
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings

from config.asgi import application
from games import slots
from games.models import Seat
from tests.conftest import make_player, make_tournament, seated, start_match
from tests.faults.conftest import Servers, cookie_for, terminate_other_connections
from tests.games.test_consumers import ORIGIN, _cookie_for
from tournaments import services as tournament_services

ROOT = Path(__file__).resolve().parents[2]
CAP = 3  # the servers' anonymous sockets per address


class CappedServers(Servers):
    """The fault harness's uvicorn with a small per-address cap and a quick flood close."""

    def env(self) -> dict[str, str]:
        return {
            **super().env(),
            "LIVE_MAX_CONNECTIONS_PER_ADDRESS": str(CAP),
            "LIVE_MAX_MESSAGES_PER_SECOND": "2",
            "LIVE_MESSAGE_BURST_SECONDS": "1",
            "LIVE_RATE_LIMIT_STRIKES": "3",
        }


@pytest.fixture
def server(transactional_db, tmp_path):
    group = CappedServers(django_settings.REDIS_URL, tmp_path).start(1)
    yield group
    group.stop()
    terminate_other_connections()


def live_slots(group: Servers) -> dict:
    """``manage.py live_slots`` run against the servers' Redis and key prefix."""
    out = subprocess.run(
        [sys.executable, "manage.py", "live_slots"],
        cwd=ROOT,
        env=group.env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout)


def held_after(group: Servers, seconds: float = 10.0) -> dict:
    """``live_slots`` once it reads 0, or its last answer after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        answer = live_slots(group)
        if answer["held"] == 0 or time.monotonic() > deadline:
            return answer
        time.sleep(0.3)


def upgrade_request(port: int, path: str) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n"
    ).encode()


def drop_after_upgrade(port: int, path: str) -> None:
    """Send the upgrade request and reset the connection at once (SO_LINGER 0: a RST)."""
    raw = tcp.create_connection(("127.0.0.1", port), timeout=5)
    raw.setsockopt(tcp.SOL_SOCKET, tcp.SO_LINGER, struct.pack("ii", 1, 0))
    raw.sendall(upgrade_request(port, path))
    raw.close()


def upgrade_then_close(port: int, path: str) -> None:
    """Complete the upgrade, read the first bytes the server sends, close the TCP
    connection without a WebSocket close frame."""
    raw = tcp.create_connection(("127.0.0.1", port), timeout=5)
    raw.sendall(upgrade_request(port, path))
    assert raw.recv(4096).startswith(b"HTTP/1.1 101")
    raw.close()


async def flood_until_closed(url: str) -> int | None:
    """Open a socket and send pings as fast as possible until the server closes it."""
    origin = "http://" + url.split("/")[2]
    async with websockets.connect(url, origin=origin) as ws:
        try:
            for _ in range(200):
                await ws.send('{"type":"ping"}')
            while True:
                await asyncio.wait_for(ws.recv(), 10)
        except websockets.exceptions.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None
    return None


async def outcome(url: str, cookie: str | None = None) -> str | tuple[int, str]:
    """ "open" when the socket gets its first message, else the close (code, reason) or
    the handshake's HTTP status."""
    origin = "http://" + url.split("/")[2]
    headers = {"Cookie": cookie} if cookie else None
    try:
        async with websockets.connect(url, origin=origin, additional_headers=headers) as ws:
            await asyncio.wait_for(ws.recv(), 10)
            return "open"
    except websockets.exceptions.ConnectionClosed as closed:
        return (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else ("dropped", "")
    except websockets.exceptions.InvalidStatus as refused:
        return (refused.response.status_code, "handshake")


@pytest.mark.parametrize("leave", ["drop_after_upgrade", "upgrade_then_close", "flooding"])
def test_a_socket_that_goes_away_however_gives_its_slot_back(alice, bob, server, leave):
    match = start_match(alice, bob)
    port = server.ports[0]
    path = f"/ws/matches/{match.pk}/"
    for _ in range(CAP):
        if leave == "drop_after_upgrade":
            drop_after_upgrade(port, path)
        elif leave == "upgrade_then_close":
            upgrade_then_close(port, path)
        else:
            assert asyncio.run(flood_until_closed(server.urls(match.pk)[0])) == 4429

    assert held_after(server) == {"held": 0, "keys": {}}

    # And the address has its whole share again: as many anonymous sockets as the cap.
    async def fill() -> list:
        url = server.urls(match.pk)[0]
        origin = "http://" + url.split("/")[2]
        sockets = [await websockets.connect(url, origin=origin) for _ in range(CAP)]
        first = [json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] for ws in sockets]
        for ws in sockets:
            await ws.close()
        return first

    assert asyncio.run(fill()) == ["state"] * CAP
    assert "Traceback" not in server.logs()


def test_after_many_clean_closes_no_slot_is_held(alice, bob, server):
    match = start_match(alice, bob)
    players = seated(match)
    url = server.urls(match.pk)[0]
    board = url.replace(f"/ws/matches/{match.pk}/", "/ws/leaderboards/briscola/")

    cookies = [cookie_for(players[0]), cookie_for(players[1])]

    async def open_and_close() -> None:
        origin = "http://" + url.split("/")[2]
        for _ in range(5):
            sockets = [
                await websockets.connect(url, origin=origin),
                await websockets.connect(board, origin=origin),
                await websockets.connect(
                    url, origin=origin, additional_headers={"Cookie": cookies[0]}
                ),
                await websockets.connect(
                    url, origin=origin, additional_headers={"Cookie": cookies[1]}
                ),
            ]
            await asyncio.wait_for(sockets[0].recv(), 10)
            await asyncio.gather(*(ws.close() for ws in sockets))

    asyncio.run(open_and_close())
    assert held_after(server) == {"held": 0, "keys": {}}


def test_thirty_anonymous_drops_do_not_lock_a_player_out(alice, bob, server):
    match = start_match(alice, bob)
    players = seated(match)
    port = server.ports[0]
    for _ in range(15):  # thirty upgrades that drop, two ways, to both kinds of socket
        drop_after_upgrade(port, f"/ws/matches/{match.pk}/")
        upgrade_then_close(port, f"/ws/matches/{match.pk}/")
        drop_after_upgrade(port, "/ws/leaderboards/briscola/")
        upgrade_then_close(port, "/ws/leaderboards/briscola/")
    time.sleep(2)  # the server has handled every drop (each reads the database) by now
    url = server.urls(match.pk)[0]
    board = url.replace(f"/ws/matches/{match.pk}/", "/ws/leaderboards/briscola/")

    cookie = cookie_for(players[0])

    async def her_sockets() -> tuple:
        table = await outcome(url, cookie)
        origin = "http://" + url.split("/")[2]
        async with websockets.connect(
            board, origin=origin, additional_headers={"Cookie": cookie}
        ) as ws:
            await ws.send('{"type":"ping"}')
            leaderboard = json.loads(await asyncio.wait_for(ws.recv(), 10))["type"]
        return table, leaderboard

    assert asyncio.run(her_sockets()) == ("open", "pong")


def test_an_unknown_socket_path_is_closed_without_a_traceback(server):
    port = server.ports[0]
    url = f"ws://127.0.0.1:{port}/ws/no/such/path/"
    assert asyncio.run(outcome(url)) == (403, "handshake")
    assert asyncio.run(outcome(f"ws://127.0.0.1:{port}/nothing")) == (403, "handshake")
    time.sleep(0.5)
    logs = server.logs()
    assert "Traceback" not in logs and "No route found" not in logs


# -- the communicator's share: limits, reasons, a club behind one address -----------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_unknown_socket_path_is_refused_with_4404():
    socket = WebsocketCommunicator(application, "/ws/nowhere/", headers=[ORIGIN])
    assert await socket.connect(timeout=5) == (False, 4404)


async def _admitted(socket: WebsocketCommunicator) -> None:
    """Wait until an accepted socket has taken its slots: a socket takes them after its
    accept, so the next socket's take could otherwise run first (they run on two threads)
    and be counted before it. A match socket sends its state, a lobby socket answers a
    ping, only once its slots are taken."""
    if socket.scope["path"].startswith("/ws/lobby/"):
        await socket.send_to(text_data='{"type":"ping"}')
        assert json.loads(await socket.receive_from(timeout=10))["type"] == "pong"
    else:  # a presence broadcast of another tab may come before it
        while json.loads(await socket.receive_from(timeout=10))["type"] != "state":
            pass


async def _refusal(path: str, cookie: bytes | None = None) -> tuple[int, str]:
    headers = [ORIGIN] + ([(b"cookie", cookie)] if cookie else [])
    socket = WebsocketCommunicator(application, path, headers=headers)
    assert (await socket.connect(timeout=5))[0]
    output = await socket.receive_output(timeout=5)
    assert output["type"] == "websocket.close", output
    await socket.wait()
    return output["code"], output.get("reason", "")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_player_past_their_own_cap_is_closed_with_the_code_and_reason(alice, bob, settings):
    settings.LIVE_MAX_CONNECTIONS_PER_PLAYER = 2
    match = await sync_to_async(start_match)(alice, bob)
    cookie = await sync_to_async(_cookie_for)(alice)
    path = f"/ws/matches/{match.pk}/"
    open_ = []
    for _ in range(2):
        socket = WebsocketCommunicator(application, path, headers=[ORIGIN, (b"cookie", cookie)])
        assert (await socket.connect(timeout=5))[0]
        await _admitted(socket)
        open_.append(socket)
    assert await _refusal(path, cookie) == (4429, "too_many_for_player")
    # Bob, at the same address, is not held back by Alice's tabs.
    bobs = WebsocketCommunicator(
        application, path, headers=[ORIGIN, (b"cookie", await sync_to_async(_cookie_for)(bob))]
    )
    assert (await bobs.connect(timeout=5))[0]
    for socket in [*open_, bobs]:
        await socket.disconnect()
    assert await sync_to_async(slots.held)() == {"held": 0, "keys": {}}


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_club_of_forty_behind_one_address_all_get_through(settings):
    settings.LIVE_MAX_CONNECTIONS_PER_ADDRESS = 30

    def club() -> list[tuple[bytes, int]]:
        """Forty players at twenty tables of one round: (cookie, match id) each."""
        players = [make_player(f"club{n:02d}") for n in range(40)]
        round_ = make_tournament(players, slug="club-night", capacity=40).rounds.get(number=1)
        tournament_services.round_start(round_id=round_.pk)
        seats = Seat.objects.filter(match__round=round_).values_list("player_id", "match_id")
        table_of = dict(seats)
        return [(_cookie_for(player), table_of[player.pk]) for player in players]

    club_players = await sync_to_async(club)()
    assert len(club_players) == 40
    sockets = []
    for cookie_value, match_id in club_players:
        cookie = (b"cookie", cookie_value)
        table = WebsocketCommunicator(
            application, f"/ws/matches/{match_id}/", headers=[ORIGIN, cookie]
        )
        board = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN, cookie])
        for socket in (table, board):
            assert (await socket.connect(timeout=10))[0]
            sockets.append(socket)
        assert json.loads(await table.receive_from(timeout=10))["type"] == "state"
        await board.send_to(text_data='{"type":"ping"}')
        assert json.loads(await board.receive_from(timeout=10))["type"] == "pong"
    # An anonymous flood from the same address fills its own share only.
    anonymous = []
    for _ in range(30):
        socket = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN])
        assert (await socket.connect(timeout=5))[0]
        await _admitted(socket)
        anonymous.append(socket)
    assert await _refusal("/ws/lobby/") == (4429, "too_many_from_address")
    held = await sync_to_async(slots.held)()
    anonymous_keys = {k: n for k, n in held["keys"].items() if k.startswith("addr:")}
    assert held["held"] == 80 + 30 and list(anonymous_keys.values()) == [30]
    for socket in [*sockets, *anonymous]:
        await socket.disconnect()
    assert await sync_to_async(slots.held)() == {"held": 0, "keys": {}}


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_presence_flood_is_refused_and_the_opponent_hears_little_of_it(
    alice, bob, settings
):
    settings.LIVE_RATE_LIMIT_STRIKES = 5
    match = await sync_to_async(start_match)(alice, bob)
    players = await sync_to_async(seated)(match)
    headers = [
        [ORIGIN, (b"cookie", await sync_to_async(_cookie_for)(players[seat]))] for seat in (0, 1)
    ]
    path = f"/ws/matches/{match.pk}/"
    flooder = WebsocketCommunicator(application, path, headers=headers[0])
    opponent = WebsocketCommunicator(application, path, headers=headers[1])
    for socket in (flooder, opponent):
        assert (await socket.connect(timeout=5))[0]
    await asyncio.sleep(0.3)
    while not await opponent.receive_nothing(timeout=0.2):
        await opponent.receive_output(timeout=1)

    for n in range(60):
        state = "away" if n % 2 == 0 else "online"
        await flooder.send_to(text_data=json.dumps({"type": "presence", "state": state}))
    outputs = []
    while True:
        output = await flooder.receive_output(timeout=5)
        outputs.append(output)
        if output["type"] == "websocket.close":
            break
    assert (outputs[-1]["code"], outputs[-1].get("reason")) == (4429, "flooding")
    assert any("rate_limited" in o.get("text", "") for o in outputs)

    heard = 0
    while not await opponent.receive_nothing(timeout=0.5):
        message = json.loads((await opponent.receive_output(timeout=1))["text"])
        heard += message["type"] == "presence"
    # The bucket's burst of changes, and the flooder's leaving: not sixty.
    assert heard <= settings.LIVE_PRESENCE_BURST + 2
    await opponent.send_to(text_data='{"type":"ping"}')
    answers = []
    while not answers or answers[-1]["type"] != "pong":
        answers.append(json.loads(await opponent.receive_from(timeout=5)))
    await opponent.disconnect()
    await flooder.wait()


# -- the store itself ----------------------------------------------------------------------


def test_a_slot_not_refreshed_is_reaped_on_the_next_read(monkeypatch, settings):
    settings.LIVE_SLOT_SECONDS = 30
    now = [1_000_000.0]
    monkeypatch.setattr(slots.time, "time", lambda: now[0])
    limits = [slots.Limit("addr:192.0.2.1", 2, "too_many_from_address")]
    lost, kept = slots.SocketSlots(limits, "lost"), slots.SocketSlots(limits, "kept")
    assert asyncio.run(lost.take()) is None and asyncio.run(kept.take()) is None
    assert asyncio.run(slots.SocketSlots(limits, "third").take()) == limits[0]
    now[0] += 20
    asyncio.run(kept.refresh())
    now[0] += 15  # the lost one's expiry has passed, the kept one's not
    assert slots.held() == {"held": 1, "keys": {"addr:192.0.2.1": 1}}
    assert asyncio.run(slots.SocketSlots(limits, "third").take()) is None


def test_the_embedded_default_counts_in_memory_the_same_way(monkeypatch, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    from django.core.cache import caches

    assert not isinstance(caches["default"], slots.RedisCache)
    test_a_slot_not_refreshed_is_reaped_on_the_next_read(monkeypatch, settings)
    assert slots._store() is slots._MEMORY
