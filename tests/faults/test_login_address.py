"""The login lock through a real uvicorn started as bin/live starts it (bench/deploy.py's
``asgi_argv``): a client on the server's own machine (as a proxy on 127.0.0.1 would be)
that writes a new ``X-Forwarded-For`` on each try is still one address to the lock
(issue 29, item 4; docs/security.md, "The client's address")."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from urllib.parse import urlencode

from axes.models import AccessAttempt

from tests.conftest import PASSWORD, make_player


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _log_in(port: int, username: str, password: str, forwarded: str) -> bool:
    """Post allauth's log-in form; True when the server signed the player in (302 and a
    session cookie)."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect())
    url = f"http://127.0.0.1:{port}/accounts/login/"
    page = opener.open(url, timeout=20).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    form = urlencode({"login": username, "password": password, "csrfmiddlewaretoken": token})
    request = urllib.request.Request(
        url, data=form.encode(), headers={"X-Forwarded-For": forwarded, "Referer": url}
    )
    try:
        status = opener.open(request, timeout=20).status
    except urllib.error.HTTPError as answer:
        status = answer.code
    return status == 302 and any(cookie.name == "sessionid" for cookie in jar)


def test_a_new_forwarded_for_on_each_try_does_not_escape_the_lock_on_a_real_server(servers):
    make_player("alice")
    port = servers(1).ports[0]
    for attempt in range(6):
        assert not _log_in(port, "alice", "wrong", forwarded=f"10.9.0.{attempt}")
    assert not _log_in(port, "alice", PASSWORD, forwarded="10.9.1.1")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"127.0.0.1"}
