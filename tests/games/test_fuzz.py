"""Bad input, generated: malformed, oversized and hostile WebSocket messages and HTTP form
posts (hypothesis).

A WebSocket message that is not a valid request gets an ``error`` message with a documented
code; the match's seq and the deal's actions are unchanged; the connection stays open (a
``ping`` afterwards is answered). A form post never gives a server error, whatever its fields.
Origin refusal, spectators acting and rate limiting have their own tests in
test_consumers.py.
"""

from __future__ import annotations

import asyncio
import json
import os
from urllib.parse import quote

import pytest
from channels.layers import get_channel_layer
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Deal
from tests.conftest import PASSWORD, current_engine, seated, start_match
from tests.games.test_consumers import connect, receive
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

ERROR_CODES = {
    "malformed",
    "too_large",
    "rate_limited",
    "not_seated",
    "not_your_turn",
    "stale",
    "illegal_action",
    "match_not_live",
}
FUZZ = settings(
    # CI runs a quick sample; FUZZ_EXAMPLES=2000 searches deeper (docs/reliability.md).
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=15,
)
hostile_strings = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "play\x00 3D",
        "play 3D; DROP TABLE games_deal; --",
        "<script>alert(1)</script>",
        "pick 1" + "\u200b",
        "ｐｌａｙ ３Ｄ",
        "\U0001f0a1" * 30,
        "\ud7ff\ue000\ufffd",
        "%s%s%n",
        "../../etc/passwd",
    ]
)
requests = st.fixed_dictionaries(
    {"type": st.sampled_from(["action", "resign", "sync", "ping"]) | json_values},
    optional={
        "action": hostile_strings | json_values | st.text(min_size=60, max_size=3000),
        "seq": json_values | st.integers(min_value=-5, max_value=50),
    },
)
texts = st.one_of(
    st.text(max_size=200),
    json_values.map(json.dumps),
    requests.map(json.dumps),
    st.integers(min_value=1, max_value=2100).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=700).map(lambda n: '{"type":' * n + "1" + "}" * n),
    st.integers(min_value=4000, max_value=70000).map(
        lambda n: json.dumps({"type": "ping", "p": "x" * n})
    ),
    st.text(min_size=1, max_size=20).map(lambda s: s * 400),
)
frames = st.one_of(
    texts.map(lambda text: ("text", text)),
    st.binary(max_size=300).map(lambda data: ("bytes", data)),
    st.integers(min_value=4097, max_value=9000).map(lambda n: ("bytes", b"\xff" * n)),
)


def _is_valid_request(frame, seq: int, legal: list[str]) -> bool:
    """A frame the protocol accepts (it gets a state or a pong, or changes the match)."""
    kind, payload = frame
    if kind != "text" or len(payload) > 4096:
        return False
    try:
        message = json.loads(payload)
    except (ValueError, RecursionError):
        return False
    if not isinstance(message, dict):
        return False
    kind = message.get("type")
    if kind in ("ping", "sync"):
        return True
    number = message.get("seq")
    seq_ok = isinstance(number, int) and not isinstance(number, bool) and number == seq
    if kind == "resign":
        return number is None or seq_ok
    return kind == "action" and message.get("action") in legal and seq_ok


@pytest.fixture
def table(alice, bob, settings):
    """A live match, the player on move, and one event loop for every example."""
    settings.LIVE_MAX_MESSAGES_PER_SECOND = 1_000_000  # every frame must reach the parser
    match = start_match(alice, bob)
    engine = current_engine(match)
    loop = asyncio.new_event_loop()
    yield match, seated(match)[engine.to_act], engine.legal_actions(), loop
    layer = get_channel_layer()
    if hasattr(layer, "close_pools"):
        loop.run_until_complete(layer.close_pools())
    loop.close()


def _snapshot(match) -> tuple[int, list]:
    match.refresh_from_db()
    return match.seq, [deal.actions for deal in Deal.objects.filter(match=match)]


async def _send_each(match, player, batch) -> list[dict]:
    socket = await connect(match, player)
    replies = [await receive(socket)]  # the initial state (notices skipped)
    for kind, payload in batch:
        # send_input, not send_to: send_to refuses an empty frame, a browser can send one.
        await socket.send_input({"type": "websocket.receive", kind: payload})
        replies.append(await receive(socket))
    await socket.send_json_to({"type": "ping"})
    replies.append(await receive(socket))
    await socket.disconnect()
    return replies


@FUZZ
@given(data=st.data())
def test_hostile_websocket_messages_get_errors_and_change_nothing(table, data):
    match, player, legal, loop = table
    before = _snapshot(match)
    batch = data.draw(
        st.lists(
            frames.filter(lambda f: not _is_valid_request(f, before[0], legal)),
            min_size=1,
            max_size=4,
        )
    )

    replies = loop.run_until_complete(_send_each(match, player, batch))

    assert replies[0]["type"] == "state"
    for frame, reply in zip(batch, replies[1:-1], strict=True):
        assert reply["type"] == "error" and reply["code"] in ERROR_CODES, (frame, reply)
        assert isinstance(reply["message"], str) and reply["message"]
    assert replies[-1] == {"type": "pong"}
    assert _snapshot(match) == before


def test_a_deeply_nested_message_is_malformed_not_a_crash(table):
    match, player, _, loop = table

    replies = loop.run_until_complete(
        _send_each(match, player, [("text", "[" * 2000 + "]" * 2000)])
    )

    assert replies[1]["code"] == "malformed" and replies[-1] == {"type": "pong"}


# HTTP form posts --------------------------------------------------------------------------

field_values = st.one_of(
    st.text(max_size=80),
    hostile_strings,
    st.text(min_size=1, max_size=10).map(lambda s: s * 300),
    st.integers().map(str),
)
forms = st.dictionaries(
    st.sampled_from(
        [
            "login",
            "password",
            "remember",
            "username",
            "email",
            "password1",
            "password2",
            "oldpassword",
            "csrfmiddlewaretoken",
            "next",
        ]
    )  # fmt: skip
    | st.text(max_size=12),
    field_values | st.lists(field_values, max_size=3),
    max_size=6,
)
path_parts = st.one_of(st.text(min_size=1, max_size=60), hostile_strings.filter(bool))


def _post(client: Client, path: str, form: dict):
    response = client.post(path, form)
    assert response.status_code < 500, (path, form, response.status_code)
    return response


@FUZZ
@given(form=forms, which=st.sampled_from(["login", "signup", "password/reset"]))
def test_anonymous_account_forms_never_give_a_server_error(alice, form, which):
    _post(Client(), f"/accounts/{which}/", form)


@FUZZ
@given(form=forms, uid=path_parts, key=path_parts)
def test_a_password_reset_link_with_any_key_never_gives_a_server_error(alice, form, uid, key):
    client = Client()
    path = f"/accounts/password/reset/key/{quote(uid, safe='')}-{quote(key, safe='')}/"
    response = client.get(path)
    assert response.status_code < 500
    _post(client, path, form)


@pytest.fixture
def cup(db):
    """A tournament open for registration."""
    tournament = Tournament.objects.create(
        name="Open cup", slug="open-cup", game="spizzichino", options={"target": 21}
    )
    services.tournament_open_registration(tournament=tournament)
    return tournament


@FUZZ
@given(
    form=forms,
    slug=st.one_of(st.just("open-cup"), path_parts),
    action=st.sampled_from(["register", "withdraw"]),
)
def test_registering_and_withdrawing_with_any_fields_never_give_a_server_error(
    alice, cup, form, slug, action
):
    client = Client()
    client.login(username="alice", password=PASSWORD)
    _post(client, f"/tournaments/{quote(slug, safe='')}/{action}/", form)


@FUZZ
@given(form=forms)
def test_changing_a_password_with_any_fields_never_gives_a_server_error(alice, form):
    client = Client()
    client.login(username="alice", password=PASSWORD)
    _post(client, "/accounts/password/change/", form)


def test_a_form_post_without_the_csrf_token_is_refused_not_an_error(alice):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert response.status_code == 403
