"""The nine findings of the security review (issue 13), each as a test that fails if it
comes back; docs/security.md maps each defence to its test here."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections, transaction
from django.test import Client

from accounts.models import Player
from config.asgi import application
from games.models import Deal, Match
from tests.conftest import PASSWORD, make_player, seated, start_match
from tests.games.test_consumers import ORIGIN, connect, receive

ROOT = Path(__file__).resolve().parents[2]


# -- 1. staff reading a live deck through admin lookups --------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/admin/games/deal/?deck__0=AH",
        "/admin/games/deal/?id__exact=1&deck__0=AH",
        "/admin/games/deal/?actions__0__action=play",
        "/admin/games/match/?deals__deck__0=AH",
        "/admin/tournaments/tournament/?rounds__matches__deals__deck__0=AH",
        "/admin/tournaments/round/?matches__deals__deck__3=7D",
        "/admin/accounts/player/?seats__match__deals__deck__0=AH",
    ],
)
def test_admin_refuses_lookups_on_a_deals_deck_or_actions(url, alice, bob, staff):
    start_match(alice, bob)
    client = Client()
    client.force_login(staff)
    response = client.get(url)
    assert response.status_code == 400


@pytest.mark.django_db
def test_admin_shows_neither_the_deck_nor_the_actions_of_a_deal_in_play(alice, bob, staff):
    match = start_match(alice, bob)
    deal = Deal.objects.get(match=match)
    client = Client()
    client.force_login(staff)
    page = client.get(f"/admin/games/deal/{deal.pk}/change/").content.decode()
    assert "hidden until the deal is over" in page
    assert " ".join(deal.deck[:5]) not in page


# -- 2 and 3. secure defaults ----------------------------------------------------------


def _settings_with(env: dict[str, str], code: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "HTTPS")}
    clean.update(env)
    clean["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_with_no_environment_debug_is_off_and_a_secret_key_is_required():
    result = _settings_with({}, "print('started')")
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr
    known = _settings_with({"SECRET_KEY": "dev-only-insecure-key-change-me"}, "print(1)")
    assert known.returncode != 0  # the well-known development key is refused
    ok = _settings_with(
        {"SECRET_KEY": "x" * 60},
        "from django.conf import settings; print(settings.DEBUG)",
    )
    assert ok.returncode == 0 and ok.stdout.strip() == "False"


PRODUCTION = {
    "SECRET_KEY": "k8$Qv!r2m@Zp9#Lx4^Tn7&Wb1*Hc6(Jd3)Fg5_Ys0+Ue8=Ia2-Oq7~Rt4?Vw9Pz",
    "DEBUG": "0",
    "HTTPS": "1",
    "PROXY_SSL_HEADER": "1",
    "ALLOWED_HOSTS": "cartelle.example",
    "CSRF_TRUSTED_ORIGINS": "https://cartelle.example",
}


def test_check_deploy_is_clean_with_the_documented_production_settings():
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    env.update(PRODUCTION)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    settings = _settings_with(
        PRODUCTION,
        "from django.conf import settings as s; "
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, "
        "s.SECURE_HSTS_SECONDS > 0, s.SECURE_PROXY_SSL_HEADER)",
    )
    assert settings.stdout.split() == [
        "True", "True", "True", "True", "('HTTP_X_FORWARDED_PROTO',", "'https')",
    ]  # fmt: skip


def test_bin_live_sets_debug_off_and_requires_a_secret_key():
    text = (ROOT / "bin" / "live").read_text()
    assert "export DEBUG=0" in text and "SECRET_KEY:?" in text
    assert "--production" in text


@pytest.mark.django_db
def test_every_page_sends_a_content_security_policy_without_inline_scripts(client):
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert (
        "script-src 'self'" in policy
        and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    )
    assert "frame-ancestors 'none'" in policy


# -- 4. a socket acting after logout or deactivation -----------------------------------


def _session_client(player) -> tuple[Client, bytes]:
    client = Client()
    client.force_login(player)
    from django.conf import settings

    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    return client, f"{settings.SESSION_COOKIE_NAME}={key}".encode()


async def _socket_with(match, cookie: bytes) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(
        application, f"/ws/matches/{match.pk}/", headers=[ORIGIN, (b"cookie", cookie)]
    )
    assert (await socket.connect(timeout=5))[0]
    await receive(socket)
    return socket


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_logging_out_closes_the_sessions_sockets_and_acts_for_no_one(alice, bob):
    match = await sync_to_async(start_match)(alice, bob)
    players = await sync_to_async(seated)(match)
    client, cookie = await sync_to_async(_session_client)(players[0])
    socket = await _socket_with(match, cookie)
    await sync_to_async(client.post)("/accounts/logout/")
    closed = await socket.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4401}


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_deactivated_players_sockets_close(alice, bob):
    match = await sync_to_async(start_match)(alice, bob)
    players = await sync_to_async(seated)(match)
    _client, cookie = await sync_to_async(_session_client)(players[1])
    socket = await _socket_with(match, cookie)

    def deactivate():
        with transaction.atomic():
            player = Player.objects.get(pk=players[1].pk)
            player.is_active = False
            player.save()

    await sync_to_async(deactivate)()
    assert (await socket.receive_output(timeout=5))["code"] == 4401


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_session_ended_another_way_cannot_move(alice, bob):
    match = await sync_to_async(start_match)(alice, bob)
    players = await sync_to_async(seated)(match)
    from django.contrib.sessions.models import Session

    _client, cookie = await sync_to_async(_session_client)(players[0])
    socket = await _socket_with(match, cookie)
    await sync_to_async(lambda: Session.objects.all().delete())()
    seq = await sync_to_async(lambda: Match.objects.get(pk=match.pk).seq)()
    await socket.send_json_to({"type": "action", "action": "anything", "seq": seq})
    message = await socket.receive_json_from(timeout=5)
    assert message["type"] == "error" and message["code"] == "signed_out"
    assert await sync_to_async(lambda: Match.objects.get(pk=match.pk).seq)() == seq


# -- 5. anonymous spectators slowing live play -----------------------------------------


async def refusal(socket: WebsocketCommunicator) -> tuple[int, str]:
    """(code, reason) of a socket accepted and then closed at once (a refused slot)."""
    assert (await socket.connect(timeout=5))[0]
    output = await socket.receive_output(timeout=5)
    assert output["type"] == "websocket.close", output
    return output["code"], output.get("reason", "")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_spectators_past_the_cap_are_refused(alice, bob, settings):
    settings.LIVE_MAX_SPECTATORS_PER_MATCH = 2
    match = await sync_to_async(start_match)(alice, bob)
    watchers = [await connect(match) for _ in range(2)]
    third = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=[ORIGIN])
    assert await refusal(third) == (4429, "too_many_spectators")
    await watchers[0].disconnect()
    again = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=[ORIGIN])
    assert (await again.connect(timeout=5))[0]  # a place freed is taken again
    for socket in (again, watchers[1]):
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_one_address_cannot_open_more_than_its_share_of_sockets(alice, bob, settings):
    settings.LIVE_MAX_CONNECTIONS_PER_ADDRESS = 3
    match = await sync_to_async(start_match)(alice, bob)
    sockets = [await connect(match) for _ in range(3)]
    extra = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=[ORIGIN])
    assert await refusal(extra) == (4429, "too_many_from_address")
    board = WebsocketCommunicator(application, "/ws/leaderboards/briscola/", headers=[ORIGIN])
    assert await refusal(board) == (4429, "too_many_from_address")
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_spectators_sync_needs_no_row_lock_and_is_limited_to_one_a_second(alice, bob):
    match = await sync_to_async(start_match)(alice, bob)
    watcher = await connect(match)
    await receive(watcher)
    locked, release = threading.Event(), threading.Event()

    def hold_the_match_row():
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match.pk)
            locked.set()
            release.wait(10)
        connections.close_all()

    holder = threading.Thread(target=hold_the_match_row)
    holder.start()
    try:
        assert await asyncio.to_thread(locked.wait, 5)
        await watcher.send_json_to({"type": "sync"})
        state = await receive(watcher)  # answered while a move holds the lock
        assert state["type"] == "state"
        await watcher.send_json_to({"type": "sync"})
        refused = await receive(watcher)
        assert refused["code"] == "rate_limited"
        assert 0 < refused["retry_after"] <= 1.0  # when the next sync is accepted
    finally:
        release.set()
        await asyncio.to_thread(holder.join, 10)
    await watcher.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_that_keeps_flooding_after_its_refusals_is_closed(alice, bob, settings):
    settings.LIVE_MAX_MESSAGES_PER_SECOND = 2
    settings.LIVE_RATE_LIMIT_STRIKES = 5
    match = await sync_to_async(start_match)(alice, bob)
    watcher = await connect(match)
    await receive(watcher)
    outputs = []
    for _ in range(30):
        await watcher.send_to(text_data='{"type": "ping"}')
    while True:
        output = await watcher.receive_output(timeout=5)
        outputs.append(output)
        if output["type"] == "websocket.close":
            break
    assert outputs[-1]["code"] == 4429
    refusals = [o for o in outputs if "rate_limited" in o.get("text", "")]
    assert 1 <= len(refusals) <= 6  # answered while within its strikes, then dropped


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_standings_socket_is_rate_limited(alice):
    socket = WebsocketCommunicator(application, "/ws/leaderboards/scopa/", headers=[ORIGIN])
    assert (await socket.connect(timeout=5))[0]
    answers = []
    for _ in range(6):
        await socket.send_to(text_data='{"type": "ping"}')
        answers.append(await socket.receive_json_from(timeout=5))
    assert any(a.get("code") == "rate_limited" for a in answers)
    await socket.disconnect()


# -- 6. login limits -------------------------------------------------------------------


def _login(address: str, username: str, password: str, url="/accounts/login/") -> int:
    client = Client(REMOTE_ADDR=address)
    field = "login" if "accounts" in url else "username"
    client.post(url, {field: username, "password": password})
    return client.session.get("_auth_user_id") is not None


@pytest.mark.django_db
def test_failed_logins_lock_a_name_at_that_address_only():
    make_player("alice")
    for _ in range(5):
        assert not _login("10.0.0.9", "alice", "wrong")
    assert not _login("10.0.0.9", "alice", PASSWORD)  # locked out at the attacker's address
    assert _login("10.0.0.7", "alice", PASSWORD)  # the player elsewhere is not shut out


@pytest.mark.django_db
def test_the_admin_login_is_limited_too(staff):
    for _ in range(5):
        assert not _login("10.0.0.5", "staff", "wrong", url="/admin/login/")
    assert not _login("10.0.0.5", "staff", PASSWORD, url="/admin/login/")
    from axes.models import AccessAttempt

    assert AccessAttempt.objects.filter(username="staff", ip_address="10.0.0.5").exists()


# -- 7. WebSocket origins ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("origin", "host", "https", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", False, True),
        ("http://127.0.0.1:9999", "127.0.0.1:8000", False, False),
        ("https://127.0.0.1:8000", "127.0.0.1:8000", False, False),
        ("http://cartelle.example", "cartelle.example", True, False),
        ("https://cartelle.example", "cartelle.example", True, True),
        ("https://evil.example", "cartelle.example", True, False),
    ],
)
async def test_the_full_origin_is_checked(alice, bob, settings, origin, host, https, allowed):
    settings.HTTPS = https
    settings.ALLOWED_HOSTS = ["127.0.0.1", "cartelle.example"]
    match = await sync_to_async(start_match)(alice, bob)
    socket = WebsocketCommunicator(
        application,
        f"/ws/matches/{match.pk}/",
        headers=[(b"origin", origin.encode()), (b"host", host.encode())],
    )
    connected, _ = await socket.connect(timeout=5)
    assert connected is allowed
    if connected:
        await socket.disconnect()


# -- 8. look-alike usernames -----------------------------------------------------------

PASS_PHRASE = "a-long-pass-phrase-9"


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["\u0430lice", "\uff41lice", "\u0430\u04cf\u0456\u0441\u0435"])
def test_look_alike_usernames_are_refused(name, client):
    make_player("alice")
    response = client.post(
        "/accounts/signup/",
        {
            "username": name,
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
        },
    )
    assert response.status_code == 200  # the form again, with its error
    assert not Player.objects.filter(username=name).exists()


@pytest.mark.django_db
def test_a_plain_new_username_is_still_accepted(client):
    client.post(
        "/accounts/signup/",
        {
            "username": "marta",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
        },
    )
    assert Player.objects.filter(username="marta").exists()


# -- 9. bad group names and production installs ----------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_long_or_unknown_leaderboard_slug_is_refused_with_a_close_code():
    socket = WebsocketCommunicator(application, f"/ws/leaderboards/{'a' * 120}/", headers=[ORIGIN])
    assert (await socket.connect(timeout=5)) == (False, 4404)


def test_production_installs_without_the_development_tools():
    production = (ROOT / "requirements.lock").read_text()
    development = (ROOT / "requirements-dev.lock").read_text()
    for tool in ("pytest==", "playwright==", "ruff==", "hypothesis=="):
        assert f"\n{tool}" not in production and f"\n{tool}" in development
    assert "--production" in (ROOT / "bin" / "setup").read_text()


# -- what held before the review, kept -----------------------------------------------


@pytest.mark.django_db
def test_every_games_views_hide_every_other_hand_through_a_whole_random_deal():
    import json
    import random

    from games.rules import all_games

    for game in all_games():
        deal = game.new_deal(seats=game.seats[0], seed=17)
        rng = random.Random(17)
        while not deal.is_over:
            for viewer in (*range(deal.seats), None):
                view = deal.view(viewer)
                others = [p for p in view["players"] if p["seat"] != viewer]
                assert all(p["hand"] is None for p in others), (game.slug, viewer)
                text = json.dumps(view)
                assert "deck" not in text and "seed" not in text
            deal.apply(rng.choice(deal.legal_actions()))


@pytest.mark.django_db
def test_forms_refuse_a_post_without_the_csrf_token(alice):
    from tournaments.models import Tournament

    Tournament.objects.create(name="Cup", slug="cup", game="briscola", status="registration")
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.post("/tournaments/cup/register/").status_code == 403
    assert client.post("/accounts/logout/").status_code == 403


@pytest.mark.django_db
def test_names_are_escaped_on_the_pages_that_show_them(client, alice):
    from tournaments import services
    from tournaments.models import Tournament

    payload = "<script>alert(1)</script>"
    evil = make_player("eve")
    Player.objects.filter(pk=evil.pk).update(first_name=payload)
    event = Tournament.objects.create(name=payload, slug="xss", game="briscola")
    services.tournament_open_registration(tournament=event)
    services.entry_register(tournament=event, player=evil)
    for url in ("/", "/tournaments/", "/tournaments/xss/", "/players/eve/"):
        page = client.get(url).content.decode()
        assert payload not in page, url


@pytest.mark.django_db
def test_login_does_not_redirect_to_another_site():
    make_player("alice")
    client = Client()
    response = client.post(
        "/accounts/login/?next=https://evil.example/",
        {"login": "alice", "password": PASSWORD, "next": "https://evil.example/"},
    )
    assert response.status_code == 302 and "evil.example" not in response["Location"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_spectator_and_a_player_of_another_match_cannot_act_or_resign(alice, bob, charlie):
    match = await sync_to_async(start_match)(alice, bob)
    watcher = await connect(match, charlie)
    state = await receive(watcher)
    for message in (
        {"type": "action", "action": "anything", "seq": state["seq"]},
        {"type": "resign", "seq": state["seq"]},
    ):
        await watcher.send_json_to(message)
        assert (await receive(watcher))["code"] == "not_seated"
    assert await sync_to_async(lambda: Match.objects.get(pk=match.pk).status)() == "in_progress"
    await watcher.disconnect()
