"""Bad input answered as bad input (issue 29, item 6; docs/security.md, "Text the database
cannot store"): a NUL (which PostgreSQL cannot store in text) or a lone surrogate anywhere
in a request's path, query, headers or form gets a 400, never a server error, on every URL
of the site; the API answers in its JSON error shape; nothing is written.
"""

from __future__ import annotations

import re

import pytest
from django.http import HttpRequest, QueryDict
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from accounts.models import Player
from config.bad_input import has_unstorable_text
from games.models import Challenge
from tests.conftest import PASSWORD, make_player

CONVERTER = re.compile(r"<(?:(\w+):)?\w+>")


def _routes(patterns=None, prefix: str = "") -> list[str]:
    """Every route of the site as a path, its parameters filled with ``a%00b`` (or 1 where
    only a number matches)."""
    paths = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = str(entry.pattern)
        if isinstance(entry, URLResolver):
            paths += _routes(entry.url_patterns, prefix + route)
        elif isinstance(entry, URLPattern):
            paths.append(prefix + route)
    filled = []
    for path in paths:
        path = re.sub(r"\(\?P<\w+>[^)]*\)", "a%00b", path)
        path = path.replace("\\Z", "").replace("^", "").replace("$", "").replace("\\", "")
        path = CONVERTER.sub(lambda m: "1" if m[1] == "int" else "a%00b", path)
        filled.append(re.sub("/+", "/", "/" + path))
    return sorted(set(filled))


ROUTES = _routes()


@pytest.fixture
def signed_in(db) -> Client:
    make_player("alice")
    client = Client(raise_request_exception=False)
    assert client.login(username="alice", password=PASSWORD)
    return client


def test_the_route_list_covers_the_site():
    assert len(ROUTES) > 60
    for path in ["/players/a%00b/", "/api/tournaments", "/matches/lobby/act/", "/accounts/login/"]:
        assert path in ROUTES


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/players/%00/",
        "/players/%00/matches.ics",
        "/api/tournaments?game=%00",
        "/api/tournaments?status=%00",
        "/api/ratings/%00",
        "/tournaments/%00/",
        "/leaderboards/%00/",
        "/rules/a%00b/",
        "/?q=%00",
        "/?a%00b=1",
    ],
)
def test_a_nul_in_the_reported_urls_is_a_400(url, signed_in):
    assert signed_in.get(url).status_code == 400


@pytest.mark.django_db
def test_a_nul_anywhere_in_any_url_of_the_site_is_a_400_never_a_500(signed_in):
    answers = {}
    for path in ROUTES:
        nul_query = ("&" if "?" in path else "?") + "x=a%00b"
        answers[path, "path"] = signed_in.get(path).status_code if "%00" in path else 400
        answers[path, "query"] = signed_in.get(path + nul_query).status_code
        answers[path, "form"] = signed_in.post(path, {"name": "a\x00b"}).status_code
    wrong = {where: status for where, status in answers.items() if status != 400}
    assert not wrong


@pytest.mark.django_db
def test_a_lobby_offer_naming_a_nul_is_refused_and_nothing_is_offered(signed_in):
    make_player("bob")
    response = signed_in.post(
        "/matches/lobby/act/",
        {"action": "offer", "game": "scopa", "opponent": "a\x00b", "seats": "2"},
    )
    assert response.status_code == 400
    assert not Challenge.objects.exists()


@pytest.mark.django_db
def test_sign_up_and_log_in_with_a_nul_are_refused_and_nothing_is_written():
    client = Client(raise_request_exception=False)
    signup = client.post(
        "/accounts/signup/",
        {"username": "ma\x00rta", "password1": "a-long-pass-9!", "password2": "a-long-pass-9!"},
    )
    assert signup.status_code == 400
    assert not Player.objects.exists()
    login = client.post("/accounts/login/", {"login": "al\x00ice", "password": "x"})
    assert login.status_code == 400
    admin = client.post("/admin/login/", {"username": "al\x00ice", "password": "x"})
    assert admin.status_code == 400


@pytest.mark.django_db
def test_a_nul_in_a_cookie_or_header_is_a_400(signed_in):
    anonymous = Client(raise_request_exception=False)
    anonymous.cookies["sessionid"] = "abcdefghij\x00klmnopqrst"
    assert anonymous.get("/").status_code == 400
    assert signed_in.get("/", HTTP_USER_AGENT="agent\x00").status_code == 400


@pytest.mark.django_db
def test_the_api_answers_a_nul_in_its_json_error_shape(signed_in):
    response = signed_in.get("/api/tournaments?game=%00")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert "NUL" in response.json()["detail"]


@pytest.mark.django_db
def test_the_400_page_says_what_was_wrong_in_the_visitors_language():
    client = Client(raise_request_exception=False)
    page = client.get("/players/%00/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Richiesta non valida" in page and "byte NUL" in page
    page = client.get("/players/%00/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bad request" in page and "NUL byte" in page


def _request(path="/", query="", post="") -> HttpRequest:
    request = HttpRequest()
    request.path = request.path_info = path
    request.method = "POST" if post else "GET"
    request.GET = QueryDict(query, mutable=True)
    request.POST = QueryDict(post, mutable=True)
    return request


def test_a_lone_surrogate_counts_as_unstorable_like_a_nul():
    assert has_unstorable_text(_request(path="/players/a\ud800/"))
    lone = _request(post="name=ok")
    lone.POST.setlist("name", ["a\udfffb"])
    assert has_unstorable_text(lone)
    assert not has_unstorable_text(_request(path="/players/Niccolò/", query="q=città"))
