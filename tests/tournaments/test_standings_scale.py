"""A Swiss of 1 000 entrants: the tournament page, its standings, the CSV exports and the
API read it in a fixed number of queries (#10, item 8).

The event is built with ``bulk_create`` (players, entries, two finished rounds and a
started third, the standings rows), not played: the pages only read those rows. The
bounds are those the same pages keep for 8 and 40 entrants (test_formats.py,
test_views.py), so the count does not grow with the field.
"""

from __future__ import annotations

import csv
import io
import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import Player
from games.models import Match, Seat
from tournaments.models import Entry, Round, Standing, Tournament

ENTRANTS = 1000
ROUNDS = 3  # two finished, the third started


def _event(alice: Player) -> Tournament:
    """A running Swiss of ``ENTRANTS`` (``alice`` the first), rounds 1-2 finished, round 3
    started with its matches scheduled; every entry has its standings row."""
    rng = random.Random(10)
    players = [alice] + Player.objects.bulk_create(
        Player(username=f"p{number:04d}", email=f"p{number:04d}@example.com", password="!")
        for number in range(1, ENTRANTS)
    )
    tournament = Tournament.objects.create(
        name="Big Swiss",
        slug="big-swiss",
        game="spizzichino",
        options={"target": 21},
        format=Tournament.Format.SWISS,
        swiss_rounds=ROUNDS + 2,
        capacity=ENTRANTS,
        status=Tournament.Status.RUNNING,
        tiebreaks=["buchholz", "median_buchholz", "sonneborn_berger", "progressive"],
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=player, pairing_number=number)
        for number, player in enumerate(players, start=1)
    )
    now = timezone.now()
    rounds = Round.objects.bulk_create(
        Round(
            tournament=tournament,
            number=number,
            status=Round.Status.FINISHED if number < ROUNDS else Round.Status.STARTED,
            starts_at=now,
        )
        for number in range(1, ROUNDS + 1)
    )
    matches, seated = [], []
    for round_ in rounds:
        order = players[:]
        rng.shuffle(order)
        for board, k in enumerate(range(0, ENTRANTS, 2), start=1):
            done = round_.status == Round.Status.FINISHED
            winner = rng.randrange(2)
            matches.append(
                Match(
                    game="spizzichino",
                    options={"target": 21},
                    round=round_,
                    board=board,
                    seat_count=2,
                    status=Match.Status.FINISHED if done else Match.Status.SCHEDULED,
                    scores=[21 if winner == 0 else 9, 21 if winner == 1 else 9] if done else [],
                    winner_seat=winner if done else None,
                    places=[1 + (winner != 0), 1 + (winner != 1)] if done else [],
                    reason=Match.Reason.PLAYED if done else "",
                    finished_at=now if done else None,
                )
            )
            seated.append((order[k], order[k + 1]))
    Match.objects.bulk_create(matches)
    Seat.objects.bulk_create(
        Seat(match=match, number=number, player=player)
        for match, pair in zip(matches, seated, strict=True)
        for number, player in enumerate(pair)
    )
    Standing.objects.bulk_create(
        Standing(
            tournament=tournament,
            entry=entry,
            rank=rank,
            played=2,
            wins=2 - (rank - 1) * 3 // ENTRANTS,
            losses=(rank - 1) * 3 // ENTRANTS,
            match_points=2 - (rank - 1) * 3 // ENTRANTS,
            buchholz=rng.choice([1, 2, 3]),
            median_buchholz=rng.choice([0, 1, 2]),
            sonneborn_berger=rng.choice([0, 0.5, 1]),
            progressive=rng.choice([1, 2, 3]),
        )
        for rank, entry in enumerate(entries, start=1)
    )
    return tournament


@pytest.fixture
def big_swiss(db, alice) -> Tournament:
    return _event(alice)


def _standings_rows(html: str) -> list[str]:
    body = html.split('data-testid="standings"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'data-player="([^"]+)"', body)


@pytest.mark.parametrize(
    ("page", "bound"), [("tournaments:detail", 9), ("tournaments:standings", 2)]
)
def test_the_pages_of_a_thousand_entrants_take_a_fixed_number_of_queries(
    client, alice, big_swiss, django_assert_max_num_queries, page, bound
):
    client.force_login(alice)

    with django_assert_max_num_queries(bound):
        response = client.get(reverse(page, args=[big_swiss.slug]))

    assert response.status_code == 200
    rows = _standings_rows(response.content.decode())
    assert len(rows) == ENTRANTS and rows[0] == "alice"
    if page == "tournaments:detail":
        assert response.content.decode().count("p0999") >= 1 + ROUNDS  # a row, each round


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("standings_csv", ENTRANTS),
        ("schedule_csv", ROUNDS * ENTRANTS // 2),
        ("results_csv", (ROUNDS - 1) * ENTRANTS // 2),
    ],
)
def test_the_csv_exports_of_a_thousand_entrants_take_a_fixed_number_of_queries(
    client, big_swiss, django_assert_max_num_queries, name, lines
):
    with django_assert_max_num_queries(3):
        response = client.get(reverse(f"tournaments:{name}", args=[big_swiss.slug]))

    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == lines


@pytest.mark.parametrize(
    ("path", "items"),
    [
        ("standings", ENTRANTS),
        ("results", (ROUNDS - 1) * ENTRANTS // 2),
        ("rounds", ROUNDS),
    ],
)
def test_the_api_of_a_thousand_entrants_takes_a_fixed_number_of_queries(
    client, big_swiss, django_assert_max_num_queries, path, items
):
    with django_assert_max_num_queries(4):
        response = client.get(f"/api/tournaments/{big_swiss.slug}/{path}", {"limit": 2 * ENTRANTS})

    assert response.status_code == 200
    body = response.json()
    assert body["count"] == len(body["items"]) == items
    if path == "standings":
        assert [row["rank"] for row in body["items"]] == list(range(1, ENTRANTS + 1))


@pytest.mark.parametrize(("path", "table"), [("standings", "standing"), ("results", "match")])
def test_an_api_page_reads_its_own_rows_not_the_whole_event(client, big_swiss, path, table):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(
            f"/api/tournaments/{big_swiss.slug}/{path}", {"limit": 100, "offset": 400}
        )

    body = response.json()
    assert len(body["items"]) == 100 and body["count"] > 400
    if path == "standings":
        assert [row["rank"] for row in body["items"]] == list(range(401, 501))
    reads = [q["sql"] for q in queries if f'FROM "{_table(table)}"' in q["sql"]]
    assert any("LIMIT 100 OFFSET 400" in sql for sql in reads)
    assert all("COUNT(" in sql or "LIMIT 100" in sql for sql in reads)


def _table(model: str) -> str:
    return {"standing": Standing, "match": Match}[model]._meta.db_table
