from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments sit above live play: they hear of finished matches and give the match
    page ratings and the event through games/hooks.py, the one link between the layers."""

    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from games import hooks
        from tournaments import receivers, tasks

        hooks.match_finished.connect(
            receivers.queue_result_recording, dispatch_uid="tournaments.record_result"
        )
        hooks.register_context_provider(receivers.match_context)
        hooks.register_events_provider(receivers.player_events)
        hooks.register_rating_changes_provider(receivers.rating_changes)
        hooks.register_ratings_provider(receivers.ratings)
        hooks.register_rating_stakes_provider(receivers.rating_stakes_for)
        tasks.register()
