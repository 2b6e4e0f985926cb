"""A league season's standings as CSV (every division), from the season page and from the
Season admin: the same rows as the page shows. Division tournaments stay off /tournaments/."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services as game_services
from games.models import Match
from leagues import services
from leagues.promotion import next_divisions, standing_zones
from tests.conftest import make_player, make_tournament
from tests.leagues.conftest import make_league
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


def play_first_round(season) -> None:
    """Play round 1 of every division of ``season`` (open now): the player whose name sorts
    first wins (the other resigns); the results are recorded in the standings."""
    services.rounds_open_due(now=timezone.now(), season=season)
    matches = Match.objects.filter(
        round__tournament__league_division__season=season, round__number=1, is_bye=False
    ).prefetch_related("seats__player")
    for match in matches:
        game_services.match_start(match_id=match.pk)
        loser = max(match.seats.all(), key=lambda seat: seat.player.username)
        game_services.match_resign(match_id=match.pk, player_id=loser.player_id)
        tournament_services.match_result_record(match_id=match.pk)


@pytest.fixture
def played_season(eight):
    """The first season of a league of p1..p8 (two divisions of four, one up and one down),
    its round 1 played."""
    league = make_league(eight)
    season = services.season_start_first(league=league, starts_at=timezone.now())
    play_first_round(season)
    return season


class _StandingsPage(HTMLParser):
    """The standings tables of a season page: ``rows`` is a list of (division level, the
    row's cell texts, its ``data-zone``), in page order."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[int, list[str], str]] = []
        self._level = 0
        self._cells: list[str] | None = None
        self._zone = ""
        self._in_cell = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        testid = attrs.get("data-testid") or ""
        if tag == "section" and testid.startswith("division-"):
            self._level = int(testid.removeprefix("division-"))
        elif tag == "tr" and "data-player" in attrs:
            self._cells, self._zone = [], attrs.get("data-zone", "")
        elif tag == "td" and self._cells is not None:
            self._cells.append("")
            self._in_cell = True

    def handle_endtag(self, tag):
        if tag == "td":
            self._in_cell = False
        elif tag == "tr" and self._cells is not None:
            self.rows.append((self._level, [c.strip() for c in self._cells], self._zone))
            self._cells = None

    def handle_data(self, data):
        if self._in_cell and self._cells is not None:
            self._cells[-1] += data


def _page_cells(html: str) -> list[tuple[int, list[str], str]]:
    parser = _StandingsPage()
    parser.feed(html)
    return parser.rows


def page_standings(html: str) -> list[dict]:
    """The season page's standings rows as dicts of the CSV's columns, values as shown."""
    return [
        {
            "division": level,
            "rank": int(cells[0]),
            "player": cells[1],
            "played": int(cells[2]),
            "won": int(cells[3]),
            "lost": int(cells[4]),
            "points": float(cells[5]),
            "deal_difference": int(cells[6]),
            "zone": zone,
        }
        for level, cells, zone in _page_cells(html)
    ]


def _csv_rows(content: bytes) -> list[dict]:
    """CSV rows as dicts, numbers read back as the page's types."""
    rows = list(csv.DictReader(io.StringIO(content.decode())))
    for row in rows:
        for column in ("division", "rank", "played", "won", "lost", "deal_difference"):
            row[column] = int(row[column])
        row["points"] = float(row["points"])
    return rows


def test_the_season_csv_holds_every_division_as_the_page_shows_it(client, played_season):
    page = client.get(played_season.get_absolute_url()).content.decode()
    csv_url = reverse("leagues:season_standings_csv", args=["club-league", 1])
    assert csv_url in page
    shown = page_standings(page)
    assert len(shown) == 8 and {row["division"] for row in shown} == {1, 2}
    assert any(row["points"] > 0 for row in shown)  # round 1 counted

    response = client.get(csv_url)
    assert response["Content-Type"].startswith("text/csv")
    assert "club-league-season-1-standings.csv" in response["Content-Disposition"]
    assert _csv_rows(response.content) == shown
    # Written as the page writes them: "1", not "1.0".
    raw = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [row["points"] for row in raw] == [cell[5] for _, cell, _ in _page_cells(page)]


def test_the_csv_marks_the_promotion_and_relegation_zones(client, played_season):
    rows = _csv_rows(
        client.get(reverse("leagues:season_standings_csv", args=["club-league", 1])).content
    )
    zones = {(row["division"], row["zone"]) for row in rows if row["zone"]}
    assert zones == {(1, "down"), (2, "up")}


def test_the_zones_follow_the_promotion_rule_of_the_next_season():
    ranked = [["a1", "a2", "a3"], ["b1", "b2", "b3", "b4"], ["c1", "c2"]]
    zones = [
        standing_zones(len(players), level=level, levels=3, promote=1, relegate=2)
        for level, players in enumerate(ranked, start=1)
    ]
    assert zones == [["", "down", "down"], ["up", "", "down", "down"], ["up", ""]]
    moved = next_divisions(ranked, promote=1, relegate=2, size=4)
    for level, (players, marks) in enumerate(zip(ranked, zones, strict=True)):
        for player, zone in zip(players, marks, strict=True):
            now = next(i for i, division in enumerate(moved) if player in division)
            assert now == level + {"up": -1, "down": 1, "": 0}[zone], player


def test_zones_of_a_bad_level_are_refused():
    with pytest.raises(ValueError, match="level"):
        standing_zones(4, level=3, levels=2, promote=1, relegate=1)


def test_an_unknown_season_has_no_csv(client, played_season):
    response = client.get(reverse("leagues:season_standings_csv", args=["club-league", 9]))
    assert response.status_code == 404


def test_staff_export_the_standings_of_seasons_from_admin(client, played_season):
    client.force_login(make_player("sam", is_staff=True, is_superuser=True))
    other = services.season_start_first(
        league=make_league([make_player("q1"), make_player("q2")], slug="other-league")
    )
    changelist = reverse("admin:leagues_season_changelist")

    one = client.post(
        changelist,
        {"action": "export_standings_csv", "_selected_action": [played_season.pk]},
    )
    page = client.get(played_season.get_absolute_url()).content.decode()
    assert _csv_rows(one.content) == page_standings(page)

    both = client.post(
        changelist,
        {"action": "export_standings_csv", "_selected_action": [played_season.pk, other.pk]},
    )
    rows = list(csv.DictReader(io.StringIO(both.content.decode())))
    assert list(rows[0])[:3] == ["league", "season", "division"]
    assert {(row["league"], row["player"]) for row in rows if row["league"] == "other-league"} == {
        ("other-league", "q1"),
        ("other-league", "q2"),
    }
    assert sum(row["league"] == "club-league" for row in rows) == 8


def test_the_season_admin_page_links_to_the_csv(client, played_season):
    client.force_login(make_player("sam", is_staff=True, is_superuser=True))
    page = client.get(reverse("admin:leagues_season_change", args=[played_season.pk]))
    assert reverse("leagues:season_standings_csv", args=["club-league", 1]) in page.content.decode()


def test_division_tournaments_are_left_off_the_tournament_list_but_keep_their_page(
    client, played_season
):
    make_tournament([make_player("ann"), make_player("ben")], slug="open-cup")
    division = played_season.divisions.get(level=1).tournament
    listing = client.get(reverse("tournaments:list")).content.decode()
    assert reverse("tournaments:detail", args=["open-cup"]) in listing
    assert division.get_absolute_url() not in listing
    home = client.get(reverse("home")).content.decode()
    assert division.get_absolute_url() not in home
    assert client.get(division.get_absolute_url()).status_code == 200
