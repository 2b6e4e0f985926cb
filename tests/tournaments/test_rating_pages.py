"""The ratings on the pages: what each result of a rated match would do before it ends,
provisional players marked on the leaderboard and the profile, and the leaderboard's
filter that hides them."""

from __future__ import annotations

import re

import pytest

from games import services
from tests.conftest import make_player
from tournaments.models import GameKFactor, Rating


def _stakes(html: str) -> dict[str, str]:
    """``{data-result or place: the change shown}`` of the rating-stakes box."""
    if 'data-testid="rating-stakes"' not in html:
        return {}
    box = html.split('data-testid="rating-stakes"', 1)[1].split("</section>", 1)[0]
    return {
        (result if result != "place" else place): change
        for result, place, change in re.findall(
            r'data-result="(\w+)" data-place="(\d+)">[^<]*<strong>([^<]+)</strong>', box
        )
    }


@pytest.mark.django_db
def test_before_a_rated_match_each_player_sees_what_a_win_a_draw_or_a_loss_would_do(
    client, alice, bob
):
    GameKFactor.objects.create(game="briscola", format="two", provisional=30, regular=15, top=7)
    Rating.objects.create(player=bob, game="briscola", rating=1600, rated_matches=50)
    match = services.match_create_casual(game="briscola", players=[alice, bob], rated=True)
    client.force_login(alice)

    stakes = _stakes(client.get(f"/matches/{match.pk}/").content.decode())

    # alice is new (K 30) and 100 below bob: E = 0.35994; 30 * (1 - E), 30 * (0.5 - E), -30 E.
    assert stakes == {"win": "+19.2", "draw": "+4.2", "loss": "-10.8"}


@pytest.mark.django_db
def test_at_a_rated_table_each_place_is_shown(client, alice, bob, charlie):
    GameKFactor.objects.create(game="briscola", format="table", provisional=24, regular=8, top=4)
    match = services.match_create_casual(game="briscola", players=[alice, bob, charlie], rated=True)
    client.force_login(bob)

    stakes = _stakes(client.get(f"/matches/{match.pk}/").content.decode())

    # Three newcomers, K 24 over two opponents, each expected 0.5: first place scores 1
    # twice, 24 / 2 * (2 - 1) = +12; second 1 + 0, 0; third -12.
    assert stakes == {"1": "+12.0", "2": "+0.0", "3": "-12.0"}


@pytest.mark.django_db
def test_an_unrated_match_and_a_spectator_are_shown_no_stakes(client, alice, bob, charlie):
    unrated = services.match_create_casual(game="briscola", players=[alice, bob])
    rated = services.match_create_casual(game="briscola", players=[alice, bob], rated=True)
    client.force_login(alice)
    assert _stakes(client.get(f"/matches/{unrated.pk}/").content.decode()) == {}
    client.force_login(charlie)
    assert _stakes(client.get(f"/matches/{rated.pk}/").content.decode()) == {}


def _leaderboard_names(html: str) -> list[tuple[str, bool]]:
    body = html.split('data-testid="leaderboard"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr data-player="([^"]+)">(.*?)</tr>', body, re.S)
    return [(name, 'data-testid="provisional"' in row) for name, row in rows]


@pytest.mark.django_db
def test_the_leaderboard_marks_provisional_players_and_can_hide_them(client, alice, bob):
    Rating.objects.create(player=alice, game="scopa", rating=1620, rated_matches=45)
    Rating.objects.create(player=bob, game="scopa", rating=1700, rated_matches=4)

    shown = client.get("/leaderboards/scopa/").content.decode()
    hidden = client.get("/leaderboards/scopa/?established=1").content.decode()

    assert _leaderboard_names(shown) == [("bob", True), ("alice", False)]
    assert _leaderboard_names(hidden) == [("alice", False)]
    assert "?established=1" in shown and "Hide provisional players" in shown
    assert "Show provisional players" in hidden


@pytest.mark.django_db
def test_the_profile_marks_a_provisional_rating_in_italian_too(client):
    dora = make_player("dora")
    Rating.objects.create(player=dora, game="scopa", rating=1510, rated_matches=3)
    Rating.objects.create(player=dora, game="briscola", rating=1490, rated_matches=31)

    page = client.get("/players/dora/", HTTP_ACCEPT_LANGUAGE="it").content.decode()

    rows = dict(re.findall(r'<tr data-game="([^"]+)">(.*?)</tr>', page, re.S))
    assert "provvisorio" in rows["scopa"]
    assert "provvisorio" not in rows["briscola"]
