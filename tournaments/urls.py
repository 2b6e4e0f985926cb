from django.urls import path

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("<slug:slug>/", views.tournament_detail, name="detail"),
    path("<slug:slug>/standings/", views.standings_partial, name="standings"),
    path("<slug:slug>/standings.csv", views.standings_csv, name="standings_csv"),
    path("<slug:slug>/schedule.csv", views.schedule_csv, name="schedule_csv"),
    path("<slug:slug>/results.csv", views.results_csv, name="results_csv"),
    path("<slug:slug>/scorecards.csv", views.scorecards_csv, name="scorecards_csv"),
    path("<slug:slug>/register/", views.register, name="register"),
    path("<slug:slug>/withdraw/", views.withdraw, name="withdraw"),
    path("<slug:slug>/confirm-partner/", views.confirm_partner, name="confirm_partner"),
]
