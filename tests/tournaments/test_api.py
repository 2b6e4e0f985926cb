"""The read-only JSON API (tournaments/api.py) and the iCalendar feed of a player's matches."""

from __future__ import annotations

import random

import pytest

from games.rules import all_games
from tests.conftest import make_player, make_tournament, play_random
from tournaments import services
from tournaments.models import Standing, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    players = [make_player(name) for name in ("ann", "ben", "cid", "dan")]
    tournament = make_tournament(players, slug="api-cup", game="briscola",
                                 options={"match": "one_hand"})  # fmt: skip
    services.tournament_start_next_round(tournament=tournament)
    round_one = tournament.rounds.get(number=1)
    for match in round_one.matches.filter(is_bye=False):
        play_random(match, rng=random.Random(match.pk))
        services.match_result_record(match_id=match.pk)
    return Tournament.objects.get(pk=tournament.pk)


def test_games_and_tournaments_are_listed_and_paginated(client, event):
    games = client.get("/api/games").json()
    assert {g["slug"] for g in games} == {g.slug for g in all_games()}
    Tournament.objects.create(name="Hidden", slug="hidden", game="scopa")  # a draft
    page = client.get("/api/tournaments?limit=1&offset=0").json()
    assert page["count"] == 1 and page["items"][0]["slug"] == "api-cup"
    assert client.get("/api/tournaments/hidden").status_code == 404
    one = client.get("/api/tournaments/api-cup").json()
    assert one["game"] == "briscola" and one["options"] == {
        "match": "one_hand",
        "show_points": False,
    }


def test_the_standings_match_the_page_and_the_csv(client, event):
    rows = client.get("/api/tournaments/api-cup/standings").json()["items"]
    stored = list(Standing.objects.filter(tournament=event).order_by("rank", "id"))
    assert [(r["rank"], r["entry"], r["match_points"]) for r in rows] == [
        (s.rank, s.entry.name, s.match_points) for s in stored
    ]
    csv_lines = client.get("/tournaments/api-cup/standings.csv").content.decode().splitlines()
    csv_ranks = {line.split(",")[1]: int(line.split(",")[0]) for line in csv_lines[1:]}
    assert csv_ranks == {row["entry"]: row["rank"] for row in rows}
    page = client.get("/tournaments/api-cup/").content.decode()
    assert page.index(rows[0]["entry"]) < page.index(rows[-1]["entry"])


def test_rounds_results_and_ratings(client, event):
    rounds = client.get("/api/tournaments/api-cup/rounds").json()["items"]
    assert [r["number"] for r in rounds] == [1, 2, 3]
    first = rounds[0]["matches"]
    assert len(first) == 2 and all(m["status"] == "finished" for m in first)
    results = client.get("/api/tournaments/api-cup/results").json()
    assert results["count"] == 2 and results["items"][0]["winner_side"] in (0, 1)
    ratings = client.get("/api/ratings/briscola").json()
    assert ratings["count"] == 4
    assert ratings["items"][0]["rating"] >= ratings["items"][-1]["rating"]
    assert client.get("/api/ratings/poker").status_code == 404


def test_the_api_is_documented(client, event):
    schema = client.get("/api/openapi.json").json()
    assert "/api/tournaments/{slug}/standings" in schema["paths"]
    docs = client.get("/api/docs")
    assert docs.status_code == 200
    page = docs.content.decode()
    # Swagger UI from the files django-ninja ships, served by this site; no CDN.
    assert '<script src="/static/ninja/swagger-ui-bundle.js">' in page
    assert "cdn" not in page.lower() and "<script>" not in page
    assert client.get("/static/ninja/swagger-ui-bundle.js").status_code == 200


def test_a_players_scheduled_matches_as_an_ical_feed(client, event):
    response = client.get("/players/ann/matches.ics")
    assert response["Content-Type"].startswith("text/calendar")
    body = response.content.decode()
    assert body.startswith("BEGIN:VCALENDAR") and body.count("BEGIN:VEVENT") == 2  # rounds 2, 3
    assert "round 2" in body and "round 3" in body and "/matches/" in body
    assert client.get("/players/nobody/matches.ics").status_code == 404
