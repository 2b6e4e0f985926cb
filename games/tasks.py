"""Celery tasks of live play: thin, id-taking, idempotent."""

from celery import shared_task
from django.db import OperationalError

from games import services


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def forfeit_idle_matches() -> list[int]:
    """Beat, every minute: forfeit matches whose seat on move let its deadline pass."""
    return services.matches_forfeit_idle()
