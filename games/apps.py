from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games import tasks
        from games.signals import connect_signals

        connect_signals()
        tasks.register()
