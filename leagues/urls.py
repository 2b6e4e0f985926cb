from django.urls import path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("", views.league_list, name="list"),
    path("matches/<int:match_id>/", views.fixture_detail, name="fixture"),
    path("matches/<int:match_id>/ready/", views.fixture_ready, name="ready"),
    path("matches/<int:match_id>/unready/", views.fixture_unready, name="unready"),
    path("matches/<int:match_id>/ready-box/", views.fixture_ready_box, name="ready_box"),
    path("matches/<int:match_id>/propose/", views.fixture_propose, name="propose"),
    path("matches/<int:match_id>/accept/", views.fixture_accept, name="accept"),
    path("<slug:slug>/", views.league_detail, name="detail"),
    path("<slug:slug>/join/", views.league_join, name="join"),
    path("<slug:slug>/leave/", views.league_leave, name="leave"),
    path("<slug:slug>/seasons/<int:number>/", views.season_standings, name="season"),
    path(
        "<slug:slug>/seasons/<int:number>/standings.csv",
        views.season_standings_csv,
        name="season_standings_csv",
    ),
    path("<slug:slug>/seasons/<int:number>/schedule/", views.season_schedule, name="schedule"),
]
