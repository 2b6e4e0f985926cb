from django.urls import path

from games import views

app_name = "games"
urlpatterns = [
    path("", views.my_matches, name="my_matches"),
    path("computer/", views.play_the_computer, name="play_the_computer"),
    path("lobby/", views.lobby_page, name="lobby"),
    path("lobby/act/", views.lobby_action, name="lobby_action"),
    path("<int:match_id>/ratings.json", views.match_rating_changes, name="rating_changes"),
    path("<int:match_id>/rematch/", views.rematch, name="rematch"),
    path("<int:match_id>/", views.match, name="match"),
    path("<int:match_id>/deals/<int:number>/", views.deal_replay, name="deal_replay"),
    path(
        "<int:match_id>/deals/<int:number>/record.json",
        views.deal_record,
        name="deal_record",
    ),
]
