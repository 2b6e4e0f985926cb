from django.urls import re_path

from games import consumers

websocket_urlpatterns = [
    re_path(r"^ws/matches/(?P<match_id>\d+)/$", consumers.MatchConsumer.as_asgi()),
    re_path(r"^ws/tournaments/(?P<tournament_id>\d+)/$", consumers.UpdatesConsumer.as_asgi()),
    re_path(r"^ws/leaderboards/(?P<game>[a-z0-9_-]+)/$", consumers.UpdatesConsumer.as_asgi()),
    re_path(r"^ws/players/(?P<player_id>\d+)/$", consumers.UpdatesConsumer.as_asgi()),
    re_path(r"^ws/lobby/$", consumers.UpdatesConsumer.as_asgi(), kwargs={"lobby": True}),
    # Any other path: closed at the handshake (4404), not a routing error with a traceback.
    re_path(r"", consumers.NotFoundConsumer.as_asgi()),
]
