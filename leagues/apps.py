from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues sit above tournaments: each division of a season is a round robin
    (``tournaments.Tournament``) played in rounds with play windows (docs/leagues.md)."""

    name = "leagues"
    verbose_name = "Leagues"
