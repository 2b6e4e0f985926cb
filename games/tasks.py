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
def bot_move(match_id: int, seq: int, not_before: float | None = None) -> bool:
    """A computer opponent's move (games/bots.py), queued when it is on move: run by the
    worker, never in the ASGI process, and stored no sooner than ``not_before`` (seconds
    since the epoch; the search counts towards it). A state that moved on meanwhile is
    left alone."""
    from games.errors import ClientError

    try:
        return services.bot_play(match_id=match_id, seq=seq, not_before=not_before)
    except ClientError:  # a human acted or resigned meanwhile: nothing to do
        return False


def _queue_bot_move(
    match_id: int, seq: int, delay: float | None = None, not_before: float | None = None
) -> None:
    """Queue ``bot_move`` at once, or after ``delay`` seconds (a bot waiting for Rumino's
    claim window to close, games/claim_window.py), with the time ``not_before`` before
    which its move is not stored (games/services/bot_queue.py, ``_not_before``): the
    display delay runs while the bot searches, not before it starts."""
    options = {"countdown": delay} if delay else {}
    bot_move.apply_async((match_id, seq, not_before), **options)


def register() -> None:
    """Give the services the way to queue a bot's move, ``_queue_bot_move`` (called once,
    by ``GamesConfig.ready``)."""
    services.register_bot_queue(_queue_bot_move)
