"""Experiment (docs/performance.md): the project's settings with channels_redis's pub/sub
channel layer instead of the default list-based one. Not used by the site.

    DJANGO_SETTINGS_MODULE=bench.settings_pubsub
"""

from config.settings import *  # noqa: F403
from config.settings import CHANNEL_LAYERS

CHANNEL_LAYERS = {
    "default": {
        **CHANNEL_LAYERS["default"],
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
    }
}
