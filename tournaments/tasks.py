"""Celery tasks: thin wrappers that take ids, call a service, and retry on transient
database or broker errors. Every task is idempotent, so running one twice (a worker killed
after the work but before the ack, with ``acks_late``) changes nothing the second time.
"""

from celery import shared_task
from django.db import OperationalError

from games.rules import all_games
from tournaments import services
from tournaments.models import Round
from tournaments.rating_fit import k_refit

RETRY = {"autoretry_for": (OperationalError,), "retry_backoff": True, "max_retries": 5}


@shared_task(**RETRY)
def make_schedule(tournament_id: int) -> int:
    """Make a tournament's schedule (a round robin's matches, or the rounds of an event
    paired round by round); returns the number of rounds."""
    return len(services.tournament_make_schedule(tournament_id=tournament_id))


@shared_task(**RETRY)
def start_round(round_id: int) -> str:
    """Start one round (a Swiss, knockout or Danish round is paired first); returns its
    status, still pending while the round before it is being played (``start_due_rounds``
    starts it later)."""
    try:
        return services.round_start(round_id=round_id).status
    except services.TournamentError:
        return Round.Status.PENDING


@shared_task(**RETRY)
def start_due_rounds() -> list[int]:
    """Beat, every minute: start the rounds whose time has come; returns their ids."""
    return services.start_due_rounds()


@shared_task(**RETRY)
def record_match_result(match_id: int) -> bool:
    """Record a finished match's ratings and standings; True if ratings changed now."""
    return services.match_result_record(match_id=match_id)


@shared_task(**RETRY)
def record_unrecorded_results() -> list[int]:
    """Beat, every minute: record finished matches whose recording task was lost."""
    return services.matches_record_unrecorded()


@shared_task(**RETRY)
def refit_k() -> list[str]:
    """Beat, daily: propose a K for every game with enough rated matches (nothing is
    applied until staff confirm in admin); returns the rows now holding a proposal."""
    return [str(row) for game in all_games() for row in k_refit(game=game.slug)]


def register() -> None:
    """Give the services the way to queue the making of a schedule: this module's task
    (called once, by ``TournamentsConfig.ready``)."""
    services.register_schedule_queue(lambda tournament_id: make_schedule.delay(tournament_id))
