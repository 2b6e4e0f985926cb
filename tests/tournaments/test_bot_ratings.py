"""Bots' ratings: a match against the computer counts in the Elo only when the player marks
it rated; then the bot's rating moves too, and it is listed apart from the players'."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import services
from games.models import Match
from tests.conftest import PASSWORD, make_player
from tournaments import services as tournament_services
from tournaments.models import Rating, RatingChange, Tournament


def _names(html: str, table: str, attribute: str) -> list[str]:
    """The ``data-<attribute>`` of each row of the table marked ``data-testid=table``."""
    body = html.split(f'data-testid="{table}"', 1)[1].split("</table>", 1)[0]
    return re.findall(rf'data-{attribute}="([^"]+)"', body)


def _finish_by_resigning(match: Match, player) -> None:
    """The human resigns; the result is recorded as the on-commit hook would."""
    services.match_resign(match_id=match.pk, player_id=player.pk)
    tournament_services.match_result_record(match_id=match.pk)


@pytest.mark.django_db
@pytest.mark.parametrize(("ticked", "rated"), [({"rated": "on"}, True), ({}, False)])
def test_the_play_the_computer_form_marks_the_match_rated_only_when_ticked(client, ticked, rated):
    player = make_player("bea")
    client.login(username="bea", password=PASSWORD)
    assert 'name="rated"' in client.get("/rules/briscola/").content.decode()

    client.post("/matches/computer/", {"game": "briscola", "level": "heuristic", **ticked})

    assert Match.objects.get(seats__player=player).rated is rated


@pytest.mark.django_db
def test_a_rated_match_against_the_computer_moves_the_player_and_the_bot(alice):
    match = services.match_against_computer(
        player=alice, game="briscola", level="heuristic", rated=True
    )
    bot = services.bot_player("heuristic")

    _finish_by_resigning(match, alice)

    changes = {c.player_id: c for c in RatingChange.objects.filter(match=match)}
    assert set(changes) == {alice.pk, bot.pk}
    assert changes[alice.pk].rating_after < 1500 < changes[bot.pk].rating_after
    assert Rating.objects.get(player=bot, game="briscola").rated_matches == 1


@pytest.mark.django_db
def test_an_unrated_match_against_the_computer_moves_nobody(alice):
    match = services.match_against_computer(player=alice, game="briscola", level="random")

    _finish_by_resigning(match, alice)

    assert not RatingChange.objects.filter(match=match).exists()
    assert not Rating.objects.filter(game="briscola").exists()


@pytest.mark.django_db
def test_the_leaderboard_lists_bots_apart_from_the_players(client, alice, bob):
    bot = services.bot_player("heuristic")
    Rating.objects.create(player=alice, game="scopa", rating=1480, rated_matches=1)
    Rating.objects.create(player=bob, game="scopa", rating=1510, rated_matches=1)
    Rating.objects.create(player=bot, game="scopa", rating=1600, rated_matches=3)

    for params in ({}, {"partial": 1}):
        content = client.get(reverse("leaderboards:game", args=["scopa"]), params)
        html = content.content.decode()
        assert _names(html, "leaderboard", "player") == ["bob", "alice"]
        assert _names(html, "bot-leaderboard", "bot") == ["bot-heuristic"]
    api = client.get("/api/ratings/scopa").json()
    assert [row["player"] for row in api["items"]] == ["bob", "alice"]


@pytest.mark.django_db
def test_a_rated_bot_still_cannot_enter_a_tournament(alice):
    match = services.match_against_computer(player=alice, game="scopa", rated=True)
    _finish_by_resigning(match, alice)
    event = Tournament.objects.create(name="Open", slug="open", game="scopa")
    tournament_services.tournament_open_registration(tournament=event)

    with pytest.raises(tournament_services.TournamentError):
        tournament_services.entry_register(tournament=event, player=services.bot_player("random"))
