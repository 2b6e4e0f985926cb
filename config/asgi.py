"""ASGI entry point: HTTP through Django, WebSockets through Channels.

The client's address is the connection's peer unless ``TRUSTED_PROXIES`` names it a proxy
(``config.client_ip``). WebSocket handshakes from another origin are refused by the full
origin (scheme, host and port: ``config.origins.SiteOriginValidator``); the session cookie
authenticates the player.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.client_ip import TrustedProxiesMiddleware  # noqa: E402
from config.origins import SiteOriginValidator  # noqa: E402
from games import live_probe  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

# The client's address is resolved first, for pages and sockets alike (config/client_ip.py).
application = TrustedProxiesMiddleware(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": SiteOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
        }
    )
)

# The optional probe of pauses for benchmarks (games/live_probe.py; LIVE_PROBE_DIR).
if live_probe.enabled():
    application = live_probe.ProbeMiddleware(application)

# Garbage collection (docs/performance.md, "Pauses of the garbage collector"): everything
# loaded so far (Django, the apps, the rules engine) lives as long as the process, so it is
# moved out of the collector's generations; a full collection then walks only what play
# has made since (its pauses about halved in that section's probe). ASGI_GC_FREEZE=0 leaves
# the start-up objects in.
if os.environ.get("ASGI_GC_FREEZE", "1") != "0":
    gc.collect()
    gc.freeze()
