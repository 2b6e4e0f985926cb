"""Runs channels_redis's own tests (README.md here) against the site's layer and, as a
control, channels_redis's: every test twice, ``[site]`` and ``[stock]``.

Upstream's files are kept as released, but for one import line; what they need of this
machine is set here instead:

- their hard-coded hosts (``localhost:6379``, and db 0 to 9 for the "multiple hosts"
  tests) become ``REDIS_URL``'s server and database, so they touch no other database
  (the ten "hosts" are then ten connections to one database: the tests still check that a
  group's members on different connections all get a message, not which server holds what);
- ``async_timeout`` (a backport that redis-py no longer needs on Python 3.11) is
  ``asyncio.timeout``, the same API in the standard library;
- test_sentinel.py runs only when a Redis Sentinel answers where upstream expects it.
"""

from __future__ import annotations

import asyncio
import socket
import sys
import types

import pytest

from tests.vendor.channels_redis import layer

# Before the test modules import it.
sys.modules.setdefault("async_timeout", types.SimpleNamespace(timeout=asyncio.timeout))

SENTINEL = ("localhost", 26379)  # where upstream's test_sentinel.py looks for one


def _sentinel_answers() -> bool:
    try:
        with socket.create_connection(SENTINEL, timeout=0.5):
            return True
    except OSError:
        return False


def pytest_collection_modifyitems(config, items):
    sentinel = None
    for item in items:
        if item.module.__name__.endswith(".test_sentinel"):
            if sentinel is None:
                sentinel = _sentinel_answers()
            if not sentinel:
                item.add_marker(
                    pytest.mark.skip(
                        reason="needs a Redis Sentinel on localhost:26379 with master "
                        "'sentinel' (upstream's CI setup); none answers on this machine"
                    )
                )


@pytest.fixture(autouse=True, params=["site", "stock"])
def layer_under_test(request, monkeypatch):
    """The class the test's module calls ``RedisChannelLayer``: the site's, or channels_redis's
    own; and the module's host lists pointed at the test Redis."""
    module = request.module
    if request.param == "stock":
        monkeypatch.setattr(
            module, "RedisChannelLayer", layer.on_test_redis(layer.StockRedisChannelLayer)
        )
    if not module.__name__.endswith(".test_sentinel"):
        hosts = layer.test_hosts()
        monkeypatch.setattr(module, "TEST_HOSTS", hosts)
        monkeypatch.setattr(module, "MULTIPLE_TEST_HOSTS", hosts * 10)
    return request.param
