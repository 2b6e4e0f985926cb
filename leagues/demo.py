"""The demo league for ``manage.py demo`` (tournaments/management/commands/demo.py calls
``demo_league``): the eight demo players in a Briscola league of two divisions of four,
its first season's first window open now, so that two demo players press "Ready" on My
matches and play their pairing at once."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.models import Match
from leagues import services
from leagues.models import League

DEMO_LEAGUE_SLUG = "briscola-club-league"


@transaction.atomic
def demo_league(players) -> tuple[League, list[str]]:
    """Create (or leave as it is) the demo league for ``players`` (usernames to players,
    in the order they join) with its first season started now.

    Returns:
        The league and the lines to print: its address and the first round's pairings.
    """
    league = League.objects.filter(slug=DEMO_LEAGUE_SLUG).first()
    if league is None:
        league = League.objects.create(
            name="Briscola Club League",
            slug=DEMO_LEAGUE_SLUG,
            game="briscola",
            options={"match": "one_hand"},
            rules="One hand a match. Press Ready on My matches when you are at the table, or "
            "agree a time with your opponent; a pairing never started by the end of its "
            "week is lost by whoever was not ready.",
            division_size=4,
            promote_count=1,
            relegate_count=1,
            window=timedelta(days=7),
        )
        for player in players.values():
            services.league_join(league=league, player=player)
        services.season_start_first(league=league, starts_at=timezone.now())
    lines = [
        f"  league:  {league.name} (two divisions, round 1 open)  -> {league.get_absolute_url()}"
    ]
    first_round = (
        Match.objects.filter(
            round__tournament__league_division__season__league=league,
            round__number=1,
            is_bye=False,
            status=Match.Status.SCHEDULED,
        )
        .prefetch_related("seats__player")
        .order_by("round__tournament_id", "board")
    )
    for match in first_round:
        names = " vs ".join(seat.player.username for seat in match.seats.all())
        lines.append(f"  press Ready on My matches: {names}  -> /matches/{match.pk}/")
    return league, lines
