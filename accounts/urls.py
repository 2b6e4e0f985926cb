from django.urls import path

from accounts import views
from tournaments.views import player_calendar

app_name = "accounts"
urlpatterns = [
    path("me/time-zone/", views.set_time_zone, name="set_time_zone"),
    path("<str:username>/", views.profile, name="profile"),
    path("<str:username>/matches.ics", player_calendar, name="calendar"),
]
