"""The default cache, one instance a process, for what live sockets count in it (socket
slots, presence).

Django keeps a cache instance per thread and per asynchronous context
(``django.core.cache.caches`` is an ``asgiref.local.Local``), and a ``RedisCache`` instance
opens its own connection pool. Under ASGI every socket runs in its own context, so every
socket that touched ``caches["default"]`` made a new instance, a new pool and a new
connection to Redis: 300 sockets a process held some 560 connections, each connect cost
a TCP handshake, and the instances left behind were garbage for the collector to finalize
(docs/performance.md, "Where the slow moves came from"). A redis-py pool is safe to share
between threads, so the live path shares one instance a process.
"""

from __future__ import annotations

import threading

from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.core.signals import setting_changed
from django.dispatch import receiver

_LOCK = threading.Lock()
_SHARED: dict[str, BaseCache] = {}


def shared_cache() -> BaseCache:
    """This process's one instance of the ``default`` cache of ``settings.CACHES`` (made at
    the first call; made again after a test changes ``CACHES``). Safe from any thread and
    any event loop; its asynchronous methods (``aget``, ``aadd``...) are Django's."""
    cache = _SHARED.get("default")
    if cache is None:
        with _LOCK:
            cache = _SHARED.get("default")
            if cache is None:
                cache = _SHARED["default"] = caches.create_connection("default")
    return cache


@receiver(setting_changed)
def _forget_on_change(*, setting: str, **kwargs) -> None:
    """A test changed ``CACHES``: the next call makes an instance of the new settings."""
    if setting == "CACHES":
        with _LOCK:
            _SHARED.clear()
