"""Time controls of casual matches (games/time_controls.py): a challenge's or Play the
computer's clock reaches the match, the grace waits for people and not for bots, a
rematch keeps the clock and the rating, and an unknown control is refused."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import lobby, services, time_controls
from games.models import Challenge, Match
from tests.conftest import PASSWORD, make_player

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("key", list(time_controls.TIME_CONTROLS))
def test_every_time_control_names_its_match_fields_and_reads_back(key):
    fields = time_controls.match_fields(key)
    assert time_controls.key_of(Match(**fields)) == key
    assert (fields["move_timeout"] is None) == (not key.startswith("move-"))
    assert (fields["clock_base"] is None) == (not key.startswith("fischer-"))


def test_a_move_clock_against_the_computer_waits_for_the_player_only():
    ann = make_player("ann")
    match = services.match_against_computer(
        player=ann, game="scopa", level="random", time_control="move-60"
    )
    assert match.move_timeout == timedelta(minutes=1) and match.grace_until is not None
    assert services.seat_arrived(match_id=match.pk, player_id=ann.pk)  # the bot is there
    match.refresh_from_db()
    assert match.grace_until is None and match.move_deadline is not None


def test_a_match_clock_fills_each_seats_bank():
    ann = make_player("ann")
    match = services.match_against_computer(
        player=ann, game="briscola", seats=4, level="random", time_control="fischer-300-5"
    )
    assert match.clock_base == timedelta(minutes=5)
    assert match.clock_increment == timedelta(seconds=5)
    assert match.clock_banks == [300.0] * 4 and match.move_timeout is None


def test_a_challenges_clock_and_rating_reach_its_match_and_its_rematch():
    ann, ben = make_player("ann"), make_player("ben")
    challenge = lobby.challenge_create(
        creator=ann, game="scopa", rated=True, time_control="move-300"
    )
    match = lobby.challenge_accept(challenge_id=challenge.pk, player=ben)
    assert match.move_timeout == timedelta(minutes=5) and match.rated
    services.match_resign(match_id=match.pk, player_id=ben.pk)
    services.match_request_rematch(match_id=match.pk, player_id=ann.pk)
    rematch = services.match_request_rematch(match_id=match.pk, player_id=ben.pk)
    assert rematch.move_timeout == timedelta(minutes=5) and rematch.rated


def test_an_unknown_time_control_is_refused_and_creates_nothing(client):
    ann = make_player("ann")
    with pytest.raises(ValueError):
        lobby.challenge_create(creator=ann, game="scopa", time_control="move-1")
    with pytest.raises(ValueError):
        services.match_against_computer(player=ann, game="scopa", time_control="blitz")
    assert not Challenge.objects.exists() and not Match.objects.exists()
    client.login(username="ann", password=PASSWORD)
    page = client.get("/matches/lobby/").content.decode()
    assert 'name="time_control"' in page and 'value="fischer-300-5"' in page
    refused = client.post(
        "/matches/computer/",
        {"game": "scopa", "level": "random", "time_control": "blitz", "next": "/rules/scopa/"},
        follow=True,
    )
    assert "There is no such time control." in refused.content.decode()
    oracle = client.post(
        "/matches/computer/",
        {"game": "scopa", "level": "oracle", "next": "/rules/scopa/"},
        follow=True,
    )
    assert "There is no such computer player." in oracle.content.decode()
    assert not Match.objects.exists()
    client.post(
        "/matches/lobby/act/", {"action": "offer", "game": "scopa", "time_control": "move-600"}
    )
    assert Challenge.objects.get().time_control == "move-600"
    assert "10 minutes a move" in client.get("/matches/lobby/?partial=1").content.decode()
