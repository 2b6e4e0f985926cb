"""Celery tasks of leagues: thin, idempotent wrappers around ``leagues.services`` run by
beat every minute (the schedule is ``CELERY_BEAT_SCHEDULE`` in config/settings.py)."""

from celery import shared_task
from django.db import OperationalError

from leagues import services

RETRY = {"autoretry_for": (OperationalError,), "retry_backoff": True, "max_retries": 5}


@shared_task(**RETRY)
def open_due_windows() -> list[int]:
    """Open the league rounds whose window has opened; returns their ids."""
    return services.rounds_open_due()


@shared_task(**RETRY)
def start_agreed_matches() -> list[int]:
    """Start the league matches whose agreed time has come; returns their ids."""
    return services.fixtures_start_agreed()


@shared_task(**RETRY)
def close_due_windows() -> list[int]:
    """Forfeit the league matches never started whose window has closed; returns their
    ids."""
    return services.windows_close_due()
