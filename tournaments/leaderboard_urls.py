from django.urls import path

from tournaments import views

app_name = "leaderboards"
urlpatterns = [
    path("", views.leaderboard_index, name="index"),
    path("<slug:game>/", views.leaderboard, name="game"),
]
