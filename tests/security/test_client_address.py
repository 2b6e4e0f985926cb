"""Login limits keyed on the real client address (issue 29, item 4; docs/security.md,
"The client's address").

The requests go through the site's whole ASGI application (``config.asgi.application``),
with the connection's peer in the scope as a server puts it, so that the address a client
writes in ``X-Forwarded-For`` is tried where it would be trusted.
"""

from __future__ import annotations

import re
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from axes.models import AccessAttempt
from django.db import connections

from config.asgi import application
from config.client_ip import TrustedProxiesMiddleware
from tests.conftest import PASSWORD, make_player

ROOT = Path(__file__).resolve().parents[2]


class Browser:
    """One browser talking to the ASGI application from ``peer``: keeps its cookies and
    sends the CSRF token of the last form it read."""

    def __init__(self, peer: str) -> None:
        self.peer = peer
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    async def request(
        self, method: str, path: str, form: dict | None = None, headers: dict | None = None
    ) -> tuple[int, dict[str, list[str]], str]:
        body = urlencode(form or {}).encode()
        path, _, query = path.partition("?")
        raw = [(b"host", b"testserver")]
        if form is not None:
            raw.append((b"content-type", b"application/x-www-form-urlencoded"))
            raw.append((b"referer", f"http://testserver{path}".encode()))
        if self.cookies:
            cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            raw.append((b"cookie", cookie.encode()))
        for name, value in (headers or {}).items():
            raw.append((name.lower().encode(), value.encode()))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": raw,
            "client": (self.peer, 40000),
            "server": ("testserver", 80),
        }
        app = ApplicationCommunicator(application, scope)
        await app.send_input({"type": "http.request", "body": body, "more_body": False})
        start = await app.receive_output(20)
        response_headers: dict[str, list[str]] = {}
        for name, value in start["headers"]:
            response_headers.setdefault(name.decode().lower(), []).append(value.decode())
        content = b""
        while True:
            message = await app.receive_output(20)
            content += message.get("body", b"")
            if not message.get("more_body"):
                break
        await app.send_input({"type": "http.disconnect"})
        await app.wait(20)
        for line in response_headers.get("set-cookie", []):
            for morsel in SimpleCookie(line).values():
                self.cookies[morsel.key] = morsel.value
        text = content.decode(errors="replace")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
        if token:
            self.csrf = token.group(1)
        return start["status"], response_headers, text

    async def log_in(self, url: str, username: str, password: str, forwarded: str) -> bool:
        """Post the log-in form of ``url`` with ``X-Forwarded-For: forwarded``; True when
        it signed the player in (a session cookie and a redirect)."""
        self.cookies.pop("sessionid", None)
        await self.request("GET", url)
        field = "login" if url.startswith("/accounts/") else "username"
        status, headers, _ = await self.request(
            "POST",
            url,
            {field: username, "password": password, "csrfmiddlewaretoken": self.csrf},
            headers={"x-forwarded-for": forwarded},
        )
        signed_in = any(c.startswith("sessionid=") for c in headers.get("set-cookie", []))
        return status == 302 and signed_in


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/?next=/admin/"])
async def test_a_new_forwarded_for_on_each_try_does_not_escape_the_lock(url):
    await sync_to_async(make_player)("alice", is_staff=True)
    browser = Browser("198.51.100.7")
    for attempt in range(6):
        assert not await browser.log_in(url, "alice", "wrong", forwarded=f"10.9.0.{attempt}")
    # The right password with yet another address is still refused while the lock holds.
    assert not await browser.log_in(url, "alice", PASSWORD, forwarded="10.9.1.1")
    attempts = await sync_to_async(list)(AccessAttempt.objects.values_list("ip_address", flat=True))
    assert set(attempts) == {"198.51.100.7"}
    # The player at home is not shut out.
    assert await Browser("198.51.100.8").log_in(url, "alice", PASSWORD, forwarded="")
    await sync_to_async(connections.close_all)()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/?next=/admin/"])
async def test_a_name_in_other_letters_case_is_the_same_name_to_the_lock(url):
    await sync_to_async(make_player)("alice", is_staff=True)
    browser = Browser("198.51.100.7")
    for name in ["alice", "Alice", "ALICE", "aLice", "alicE"]:
        assert not await browser.log_in(url, name, "wrong", forwarded="")
    for name in ["Alice", "alice", "ALICE"]:
        assert not await browser.log_in(url, name, PASSWORD, forwarded="")
    await sync_to_async(connections.close_all)()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_behind_a_named_proxy_the_address_it_saw_is_counted(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/24"]
    await sync_to_async(make_player)("alice")
    proxy = Browser("10.0.0.3")
    url = "/accounts/login/"
    for attempt in range(5):
        # The client's own "1.2.3.x" is to the left of what the proxy appended: not used.
        forwarded = f"1.2.3.{attempt}, 203.0.113.9"
        assert not await proxy.log_in(url, "alice", "wrong", forwarded=forwarded)
    assert not await proxy.log_in(url, "alice", PASSWORD, forwarded="9.9.9.9, 203.0.113.9")
    attempts = await sync_to_async(list)(AccessAttempt.objects.values_list("ip_address", flat=True))
    assert set(attempts) == {"203.0.113.9"}
    # Another client through the same proxy is not locked out.
    assert await Browser("10.0.0.3").log_in(url, "alice", PASSWORD, forwarded="203.0.113.10")
    await sync_to_async(connections.close_all)()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("trusted", "peer", "forwarded", "seen"),
    [
        ([], "198.51.100.7", "10.1.1.1", "198.51.100.7"),
        ([], "127.0.0.1", "10.1.1.1", "127.0.0.1"),
        (["10.0.0.2"], "198.51.100.7", "10.1.1.1", "198.51.100.7"),
        (["10.0.0.2"], "10.0.0.2", "10.1.1.1", "10.1.1.1"),
        (["10.0.0.2"], "10.0.0.2", "6.6.6.6, 10.1.1.1", "10.1.1.1"),
        (["10.0.0.0/8"], "10.0.0.2", "6.6.6.6, 203.0.113.4, 10.0.0.9", "203.0.113.4"),
    ],
)
@pytest.mark.parametrize("kind", ["http", "websocket"])
async def test_the_entry_resolves_the_address_for_pages_and_sockets_alike(
    settings, kind, trusted, peer, forwarded, seen
):
    settings.TRUSTED_PROXIES = trusted
    scopes = []

    async def inner(scope, receive, send):
        scopes.append(scope)

    scope = {
        "type": kind,
        "headers": [(b"x-forwarded-for", forwarded.encode())],
        "client": (peer, 5000),
    }
    await TrustedProxiesMiddleware(inner)(scope, None, None)
    assert scopes[0]["client"][0] == seen


def test_bin_live_keeps_uvicorn_from_trusting_forwarded_for_itself():
    text = (ROOT / "bin" / "live").read_text()
    assert "--no-proxy-headers" in text
