"""The layer class channels_redis's own tests (vendored beside this module) run against.

Upstream's test files import ``RedisChannelLayer`` from ``channels_redis.core``; the
vendored copies import it from here instead (their one changed line, README.md). Here it
is the site's ``LocalFirstRedisChannelLayer``; the conftest runs every test a second time
with channels_redis's own class, as a control. Either class is bound to the test Redis
(``test_hosts``): upstream builds some layers with no ``hosts`` at all, which would mean
``localhost:6379`` db 0, shared with whatever else runs on this machine.
"""

from __future__ import annotations

import os

from channels_redis.core import ChannelFull
from channels_redis.core import RedisChannelLayer as StockRedisChannelLayer

from config.channel_layer import LocalFirstRedisChannelLayer

__all__ = ["ChannelFull", "RedisChannelLayer", "StockRedisChannelLayer", "on_test_redis"]


def test_hosts() -> list[str]:
    """The Redis upstream's tests use: ``REDIS_URL`` (its database number too), as the
    rest of the suite; ``bin/test``'s default when unset."""
    return [os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/1"]


def on_test_redis(layer_class: type[StockRedisChannelLayer]) -> type[StockRedisChannelLayer]:
    """``layer_class`` with ``hosts`` defaulting to ``test_hosts()`` instead of
    localhost:6379 db 0; everything else is ``layer_class``'s own."""

    class OnTestRedis(layer_class):
        def __init__(self, hosts=None, *args, **kwargs):
            super().__init__(hosts or test_hosts(), *args, **kwargs)

    OnTestRedis.__name__ = OnTestRedis.__qualname__ = layer_class.__name__
    return OnTestRedis


RedisChannelLayer = on_test_redis(LocalFirstRedisChannelLayer)
