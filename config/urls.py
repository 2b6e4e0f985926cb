from django.contrib import admin
from django.urls import include, path

from tournaments import views as tournament_views

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("players/", include("accounts.urls")),
    path("matches/", include("games.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("leaderboards/", include("tournaments.leaderboard_urls")),
]
