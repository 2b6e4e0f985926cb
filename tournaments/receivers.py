"""What tournaments do when live play tells them something (games/hooks.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournaments.models import STARTING_RATING, Rating, Round


def queue_result_recording(sender: Any, match_id: int, **kwargs: Any) -> None:
    """``match_finished`` receiver: queue the task that records the match's ratings and
    standings (eager on the embedded default)."""
    from tournaments.tasks import record_match_result

    record_match_result.delay(match_id)


def match_context(match: Any, player_ids: Sequence[int]) -> dict[str, Any]:
    """Context provider for the match page and state messages: every player's rating in
    the match's game (``STARTING_RATING`` for a player not yet rated) and the match's
    tournament as ``{"name", "url", "round"}`` (None outside a tournament)."""
    ratings = {player_id: float(STARTING_RATING) for player_id in player_ids}
    ratings.update(
        Rating.objects.filter(game=match.game, player__in=list(player_ids)).values_list(
            "player_id", "rating"
        )
    )
    event = None
    if match.round_id is not None:
        round_ = Round.objects.select_related("tournament").get(pk=match.round_id)
        event = {
            "name": round_.tournament.name,
            "url": round_.tournament.get_absolute_url(),
            "round": round_.number,
        }
    return {"ratings": ratings, "event": event}
