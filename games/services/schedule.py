"""The matches of a player, as the schedule pages list them."""

from __future__ import annotations

from django.db.models import Case, IntegerField, Q, Value, When

from games.models import Match


def player_matches(player):
    """The player's matches (byes of a round included, other byes not): those in progress
    first, then those scheduled, then the finished ones; inside each, the newest
    tournament first and its rounds in order. Seats and players are prefetched for the
    schedule pages."""
    status_rank = Case(
        When(status=Match.Status.IN_PROGRESS, then=Value(0)),
        When(status=Match.Status.SCHEDULED, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    return (
        Match.objects.filter(seats__player=player)
        .filter(Q(is_bye=False) | Q(round__isnull=False))
        .select_related("round__tournament")
        .prefetch_related("seats__player")
        .annotate(status_rank=status_rank)
        .order_by("status_rank", "-round__tournament__created_at", "round__number", "id")
    )
