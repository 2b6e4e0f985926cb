"""Celery tasks of live play: thin, id-taking, idempotent."""

from celery import shared_task
from django.db import OperationalError

from games import services


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def forfeit_idle_matches() -> list[int]:
    """Beat, every minute: end the matches whose round clock has run out on a deal scored
    as it stands, then forfeit matches whose seat on move let its deadline pass (the ids
    of those forfeited)."""
    services.matches_stop_at_time()
    return services.matches_forfeit_idle()


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def bot_move(match_id: int, seq: int) -> bool:
    """A computer opponent's move (games/bots.py), queued when it is on move: run by the
    worker, never in the ASGI process. A state that moved on meanwhile is left alone."""
    from games.errors import ClientError

    try:
        return services.bot_play(match_id=match_id, seq=seq)
    except ClientError:  # a human acted or resigned meanwhile: nothing to do
        return False


def register() -> None:
    """Give the services the way to queue a bot's move: this task, after
    ``BOT_DELAY_SECONDS`` or the ``delay`` given (seconds: a bot waiting for Rumino's claim
    window to close, games/claim_window.py) (called once, by ``GamesConfig.ready``)."""
    from django.conf import settings

    services.register_bot_queue(
        lambda match_id, seq, delay=None: bot_move.apply_async(
            (match_id, seq), countdown=settings.BOT_DELAY_SECONDS if delay is None else delay
        )
    )
