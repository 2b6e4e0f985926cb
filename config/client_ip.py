"""The client's address, from one setting: ``TRUSTED_PROXIES`` (docs/security.md, "The
client's address").

Every limit counted per client address reads it: django-axes' login lockout
(``AXES_CLIENT_IP_CALLABLE``), allauth's login rate limits (the account adapter's
``get_client_ip``) and the live sockets' per-address cap (``games.consumers.client_address``
reads the scope's ``client``). It is resolved once, where a request or socket enters the
site (``TrustedProxiesMiddleware`` around the whole ASGI application):

1. The peer of the connection is the client, unless it is one of ``TRUSTED_PROXIES``.
2. From a trusted proxy, ``X-Forwarded-For`` is read from the right (each proxy appends the
   address it saw) and the first address that is not a trusted proxy is the client; what a
   client wrote to the left of it is never used.

With ``TRUSTED_PROXIES`` empty (the default) no header is read, so a client cannot choose
the address its failures are counted under. The ASGI server must not rewrite the address
itself: ``bin/live`` runs uvicorn with ``--no-proxy-headers`` (uvicorn otherwise trusts
``X-Forwarded-For`` from 127.0.0.1).
"""

from __future__ import annotations

from django.conf import settings
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware


class TrustedProxiesMiddleware:
    """ASGI middleware: puts the client's address (module docstring) in ``scope["client"]``
    of HTTP requests and WebSocket handshakes, so Django's ``REMOTE_ADDR`` and the
    consumers' scope carry it. Reads ``settings.TRUSTED_PROXIES`` (addresses and CIDR
    networks) on each call, so a test's override applies; the resolution itself is
    uvicorn's ``ProxyHeadersMiddleware`` (rightmost untrusted address, X-Forwarded-Proto
    from a trusted proxy too)."""

    def __init__(self, app) -> None:
        self.app = app
        self._resolvers: dict[tuple[str, ...], ProxyHeadersMiddleware] = {}

    async def __call__(self, scope, receive, send):
        trusted = tuple(getattr(settings, "TRUSTED_PROXIES", ()))
        if not trusted or scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        resolver = self._resolvers.get(trusted)
        if resolver is None:
            resolver = ProxyHeadersMiddleware(self.app, trusted_hosts=list(trusted))
            self._resolvers[trusted] = resolver
        return await resolver(scope, receive, send)


def request_client_ip(request) -> str | None:
    """The client's address of a Django request: ``REMOTE_ADDR``, which
    ``TrustedProxiesMiddleware`` has already resolved; never a header the client sent.
    django-axes' ``AXES_CLIENT_IP_CALLABLE`` and allauth's adapter both call this."""
    return request.META.get("REMOTE_ADDR") or None
