"""The leagues' read-only API (leagues/api.py, mounted at /api/leagues): the leagues, a
league with its seasons, a season with its divisions, each division's standings (equal to
the season page's) and schedule with play windows, in a constant number of queries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.dateparse import parse_duration

from leagues import services
from leagues.models import Fixture
from tests.conftest import make_player
from tests.leagues.conftest import make_league, pairing
from tests.leagues.test_export import page_standings, played_season  # noqa: F401

pytestmark = pytest.mark.django_db

DIVISIONS_QUERIES = 8
"""Queries of a page of a season's divisions, whatever its size: the season (with its
league and division count), the count, the divisions with their tournaments, their
standings, rounds, matches, seats with players, fixtures."""


def _api_standings(client, slug: str, number: int) -> list[dict]:
    """Every division's standings rows from the API, as the page's columns."""
    items = client.get(f"/api/leagues/{slug}/seasons/{number}/divisions").json()["items"]
    return [
        {
            "division": division["level"],
            "rank": row["rank"],
            "player": row["player"],
            "played": row["played"],
            "won": row["wins"],
            "lost": row["losses"],
            "points": row["match_points"],
            "deal_difference": row["deal_points_for"] - row["deal_points_against"],
            "zone": row["zone"],
        }
        for division in items
        for row in division["standings"]
    ]


def test_the_api_standings_equal_the_season_pages(client, played_season):  # noqa: F811
    page = client.get(played_season.get_absolute_url()).content.decode()
    shown = page_standings(page)
    assert len(shown) == 8 and any(row["points"] > 0 for row in shown)
    assert _api_standings(client, "club-league", 1) == shown


def test_leagues_are_listed_and_paginated(client, db):
    make_league([make_player("a1"), make_player("a2")], slug="autumn-league")
    make_league([], slug="briscola-league")
    make_league([], slug="scopa-league", game="scopa", options={})
    page = client.get("/api/leagues?limit=2&offset=0").json()
    assert page["count"] == 3
    assert [item["slug"] for item in page["items"]] == ["autumn-league", "briscola-league"]
    assert parse_duration(page["items"][0]["window"]) == timedelta(days=7)  # ISO 8601
    assert page["items"][0]["current_season"] is None
    only = client.get("/api/leagues?game=scopa").json()
    assert [item["slug"] for item in only["items"]] == ["scopa-league"]


def test_a_league_with_its_seasons_and_a_season_with_its_divisions(client, played_season):  # noqa: F811
    league = client.get("/api/leagues/club-league").json()
    assert league["current_season"] == 1 and league["season_count"] == 1
    (season,) = league["seasons"]
    assert season["number"] == 1 and season["division_count"] == 2
    assert season["url"] == played_season.get_absolute_url()

    detail = client.get("/api/leagues/club-league/seasons/1").json()
    divisions = {d.level: d.tournament for d in played_season.divisions.all()}
    assert [
        (d["level"], d["tournament_id"], d["tournament_slug"]) for d in detail["divisions"]
    ] == [(level, divisions[level].pk, divisions[level].slug) for level in (1, 2)]
    assert client.get("/api/leagues/nowhere").status_code == 404
    assert client.get("/api/leagues/club-league/seasons/2").status_code == 404


def test_a_divisions_schedule_has_its_play_windows_and_fixtures(client, alice, bob):
    league = make_league([alice, bob])
    season = services.season_start_first(league=league, starts_at=timezone.now())
    match = pairing(season, "alice", "bob")
    extended = match.round.closes_at + league.window
    Fixture.objects.filter(match=match).update(extended_until=extended)

    (division,) = client.get("/api/leagues/club-league/seasons/1/divisions").json()["items"]
    (round_,) = division["rounds"]
    assert round_["number"] == 1 and round_["status"] == "started"
    assert round_["opens_at"] is not None and round_["closes_at"] is not None
    (played,) = [m for m in round_["matches"] if not m["bye"]]
    assert played["id"] == match.pk
    assert {s["player"] for s in played["seats"]} == {"alice", "bob"}
    assert (
        played["extended_until"] is not None
        and played["window_closes_at"] == (played["extended_until"])
    )
    assert played["agreed_time"] is None


def test_the_divisions_of_a_200_player_season_cost_a_constant_number_of_queries(
    client, db, django_assert_max_num_queries
):
    counts = []
    for size, slug in ((4, "small"), (200, "big")):
        players = [make_player(f"{slug}-{n:03d}") for n in range(size)]
        league = make_league(players, slug=slug, division_size=10)
        services.season_start_first(league=league)
        with CaptureQueriesContext(connection) as queries:
            page = client.get(f"/api/leagues/{slug}/seasons/1/divisions?limit=100").json()
        counts.append(len(queries.captured_queries))
    assert page["count"] == 20 and sum(len(d["standings"]) for d in page["items"]) == 200
    assert sum(len(d["rounds"]) for d in page["items"]) == 20 * 9
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(DIVISIONS_QUERIES):
        client.get("/api/leagues/big/seasons/1/divisions?limit=100")
    with django_assert_max_num_queries(2):
        client.get("/api/leagues?limit=100")


def test_the_league_endpoints_are_in_the_openapi_page(client, db):
    paths = client.get("/api/openapi.json").json()["paths"]
    for path in (
        "/api/leagues",
        "/api/leagues/{slug}",
        "/api/leagues/{slug}/seasons/{number}",
        "/api/leagues/{slug}/seasons/{number}/divisions",
    ):
        assert path in paths
    assert "/api/tournaments/{slug}/standings" in paths
