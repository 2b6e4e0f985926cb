"""The WebSocket origin check: the full origin (scheme, host and port), not the host name
alone (docs/security.md, finding 7).

Channels' ``AllowedHostsOriginValidator`` compares host names only, so
``http://127.0.0.1:9999`` and the plain-http origin of an https site were let in. Here
a handshake is accepted when its ``Origin`` is one of ``CSRF_TRUSTED_ORIGINS``
(explicit full origins, Django's own setting for the same question on forms), or is the
origin of the page the socket belongs to: the scheme that matches the socket's (https
for wss, or whenever ``HTTPS`` is set), and exactly the host and port the client asked
for (the ``Host`` header), that host being in ``ALLOWED_HOSTS``. Anything else is
refused before the consumer runs (close 403, as Channels does).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


def _header(scope: dict, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def origin_allowed(scope: dict) -> bool:
    """Whether the handshake described by ``scope`` comes from an allowed origin."""
    origin = _header(scope, b"origin")
    if not origin:
        return False
    origin = origin.rstrip("/").lower()
    if origin in {o.rstrip("/").lower() for o in settings.CSRF_TRUSTED_ORIGINS}:
        return True
    parts = urlsplit(origin)
    secure = scope.get("scheme") == "wss" or settings.HTTPS
    if parts.scheme != ("https" if secure else "http") or not parts.hostname:
        return False
    host = _header(scope, b"host")
    if host is None:
        # No Host header (test communicators): the origin's host must be allowed and on
        # the scheme's default port.
        return parts.port is None and validate_host(parts.hostname, settings.ALLOWED_HOSTS)
    domain, _port = split_domain_port(host.lower())
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    default = 443 if secure else 80
    return (parts.hostname, parts.port or default) == _host_port(host.lower(), default)


def _host_port(host: str, default: int) -> tuple[str, int]:
    parsed = urlsplit(f"//{host}")
    return (parsed.hostname or "", parsed.port or default)


class SiteOriginValidator:
    """ASGI middleware: refuse a WebSocket handshake from another origin (module doc)."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            denier = WebsocketDenier()
            return await denier(scope, receive, send)
        return await self.application(scope, receive, send)
