from django.urls import path

from games import views

app_name = "games"
urlpatterns = [
    path("", views.my_matches, name="my_matches"),
    path("<int:match_id>/", views.match, name="match"),
]
