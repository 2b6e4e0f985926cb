"""Redis being down or restarting: an expected fault of the live layer, logged in one line.

The shared cache and the channel layer live in Redis. While it restarts (docs/reliability.md,
the club-night soak), their calls raise ``redis.exceptions.ConnectionError`` (or a
``TimeoutError``, or ``BusyLoadingError`` while it loads). Where that happens the live
layer goes on without what Redis gives (socket slots, presence, the spectator count) or
closes the socket with ``CLOSE_RETRY`` for the page to reconnect, and logs one warning line
without a traceback: it is no server error.
"""

from __future__ import annotations

import logging

import redis.exceptions

REDIS_DOWN: tuple[type[BaseException], ...] = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
)
"""The exceptions of Redis being unreachable, restarting or loading (``BusyLoadingError`` is
a ``ConnectionError``)."""

CLOSE_RETRY = 1012
"""Close code of a socket closed because Redis is down (RFC 6455 "service restart"): the page
reconnects with its usual back-off (static/js/match.js)."""


def warn(logger: logging.Logger, what: str, error: BaseException) -> None:
    """Log ``what`` happened because Redis is down: one warning line naming the error, no
    traceback."""
    logger.warning("%s (Redis unavailable: %s: %s)", what, type(error).__name__, error)
