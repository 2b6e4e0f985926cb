"""League fixtures: a league of named players with its first season started."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from leagues import services
from leagues.models import League
from tests.conftest import make_player


def make_league(players, *, slug="club-league", **fields) -> League:
    """A briscola league (one hand a match) with ``players`` as members."""
    defaults = {
        "name": slug.replace("-", " ").title(),
        "slug": slug,
        "game": "briscola",
        "options": {"match": "one_hand"},
        "division_size": 4,
        "promote_count": 1,
        "relegate_count": 1,
        "window": timedelta(days=7),
    }
    league = League.objects.create(**{**defaults, **fields})
    for player in players:
        services.league_join(league=league, player=player)
    return league


def pairing(season, *names) -> Match:
    """The league match of ``season`` between the players ``names`` (any seat order)."""
    matches = Match.objects.filter(
        round__tournament__league_division__season=season, is_bye=False
    ).prefetch_related("seats__player")
    for match in matches:
        if sorted(s.player.username for s in match.seats.all()) == sorted(names):
            return match
    raise AssertionError(f"no pairing {names}")


@pytest.fixture
def two_league(db, alice, bob):
    """Alice and bob in a league whose first season (one division, one round) is open."""
    league = make_league([alice, bob])
    season = services.season_start_first(league=league, starts_at=timezone.now())
    return season


@pytest.fixture
def eight(db):
    return [make_player(name) for name in ("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8")]
