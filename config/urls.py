from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from games import rules_pages
from leagues.api import router as leagues_api
from tournaments import views as tournament_views
from tournaments.api import api

# Leagues sit above tournaments (docs/layers.md): their API router is mounted here, so that
# tournaments/api.py never imports leagues.
api.add_router("/leagues", leagues_api)

# 400: the site's page, or JSON under /api/ (config/bad_input.py).
handler400 = "config.bad_input.bad_request"

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("players/", include("accounts.urls")),
    path("matches/", include("games.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("leagues/", include("leagues.urls")),
    path("leaderboards/", include("tournaments.leaderboard_urls")),
    path("api/", api.urls),
    path("rules/", rules_pages.rules_index, name="rules_index"),
    path("rules/<slug:slug>/", rules_pages.rules, name="rules"),
    # set_language, posted by the language switch in every page's header (docs/i18n.md).
    path("i18n/", include("django.conf.urls.i18n")),
    # The strings of static/js in the visitor's language, loaded before the page's scripts.
    # Not cached with Last-Modified: one URL serves every language, and a browser holding
    # the English catalog would be told "not modified" after a switch to Italian.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
]
