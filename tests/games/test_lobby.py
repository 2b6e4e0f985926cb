"""The lobby (games/lobby.py): a challenge offered by one player and accepted by another
becomes a match; tables of more than two fill seat by seat; named challenges, refusals,
withdrawal, the live page with each game's options, rated matches."""

from __future__ import annotations

import pytest

from games import lobby, services
from games.errors import ClientError
from games.models import Challenge, Match
from tests.conftest import PASSWORD, make_player
from tournaments import services as tournament_services
from tournaments.models import RatingChange

pytestmark = pytest.mark.django_db


def test_a_challenge_accepted_by_another_player_becomes_a_match():
    ann, ben = make_player("ann"), make_player("ben")
    challenge = lobby.challenge_create(creator=ann, game="scopa")
    with pytest.raises(ClientError):
        lobby.challenge_accept(challenge_id=challenge.pk, player=ann)  # one's own
    match = lobby.challenge_accept(challenge_id=challenge.pk, player=ben)
    assert match.status == Match.Status.IN_PROGRESS and match.round is None
    assert sorted(match.seats.values_list("player__username", flat=True)) == ["ann", "ben"]
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.ACCEPTED and challenge.match == match
    with pytest.raises(ClientError):  # taken
        lobby.challenge_accept(challenge_id=challenge.pk, player=make_player("cid"))


def test_named_challenges_bad_offers_and_withdrawal():
    ann, ben, cid = make_player("ann"), make_player("ben"), make_player("cid")
    named = lobby.challenge_create(creator=ann, game="briscola", opponent="ben")
    assert named.opponent == ben
    assert named not in lobby.lobby_for(cid)["challenges"]
    with pytest.raises(ClientError):
        lobby.challenge_accept(challenge_id=named.pk, player=cid)
    for bad in (
        {"game": "poker"},
        {"game": "calabrasella", "seats": 2},
        {"game": "calabrasella", "opponent": "ben"},  # a named player: a table of two
        {"game": "scopa", "options": {"target": 12}},
        {"game": "scopa", "opponent": "ann"},
        {"game": "scopa", "opponent": "nobody"},
        {"game": "scopa", "opponent": services.bot_player("random").username},
    ):
        with pytest.raises(ValueError):
            lobby.challenge_create(creator=ann, **bad)
    lobby.challenge_cancel(challenge_id=named.pk, player=ann)
    with pytest.raises(ClientError):
        lobby.challenge_accept(challenge_id=named.pk, player=ben)


def test_a_rated_challenge_counts_in_the_elo_and_a_casual_one_does_not():
    ann, ben = make_player("ann"), make_player("ben")
    rated = lobby.challenge_accept(
        challenge_id=lobby.challenge_create(creator=ann, game="briscola", rated=True).pk,
        player=ben,
    )
    casual = lobby.challenge_accept(
        challenge_id=lobby.challenge_create(creator=ann, game="scopa").pk, player=ben
    )
    for match in (rated, casual):
        services.match_resign(match_id=match.pk, player_id=ben.pk)
        tournament_services.match_result_record(match_id=match.pk)
    assert RatingChange.objects.filter(match=rated).count() == 2
    assert not RatingChange.objects.filter(match=casual).exists()


def test_the_lobby_page_offers_accepts_and_lists(client):
    make_player("ann")
    make_player("ben")
    client.login(username="ann", password=PASSWORD)
    client.post("/matches/lobby/act/", {"action": "offer", "game": "scopa"})
    challenge = Challenge.objects.get()
    page = client.get("/matches/lobby/").content.decode()
    assert f'data-testid="cancel-{challenge.pk}"' in page and 'data-live-ws="/ws/lobby/"' in page
    bad = client.post("/matches/lobby/act/", {"action": "offer", "game": "poker"})
    assert bad.status_code == 302
    client.logout()
    client.login(username="ben", password=PASSWORD)
    partial = client.get("/matches/lobby/?partial=1").content.decode()
    assert f'data-testid="accept-{challenge.pk}"' in partial and "<html" not in partial
    response = client.post("/matches/lobby/act/", {"action": "accept", "challenge": challenge.pk})
    challenge.refresh_from_db()
    assert response["Location"] == challenge.match.get_absolute_url()
    odd = client.post("/matches/lobby/act/", {"action": "accept", "challenge": "x"})
    assert odd.status_code == 302 and odd["Location"] == "/matches/lobby/"


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_socket_hears_of_a_new_challenge():
    import json

    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from tests.games.test_consumers import ORIGIN

    watcher = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN])
    assert (await watcher.connect(timeout=5))[0]
    ann = await sync_to_async(make_player)("ann")
    await sync_to_async(lobby.challenge_create)(creator=ann, game="scopa")
    assert json.loads(await watcher.receive_from(timeout=5)) == {"type": "changed"}
    await watcher.disconnect()


def test_a_table_of_four_fills_seat_by_seat_and_starts_with_its_options():
    ann, ben, cid, dan = (make_player(name) for name in ("ann", "ben", "cid", "dan"))
    challenge = lobby.challenge_create(
        creator=ann, game="tressette", seats=4, options={"target": 21, "signals": False}
    )
    assert challenge.seats == 4 and challenge.options["target"] == 21
    assert lobby.challenge_accept(challenge_id=challenge.pk, player=ben) is None
    with pytest.raises(ClientError):  # one seat each
        lobby.challenge_accept(challenge_id=challenge.pk, player=ben)
    assert lobby.challenge_accept(challenge_id=challenge.pk, player=cid) is None
    lobby.challenge_leave(challenge_id=challenge.pk, player=cid)
    with pytest.raises(ClientError):  # no longer seated
        lobby.challenge_leave(challenge_id=challenge.pk, player=cid)
    assert lobby.challenge_accept(challenge_id=challenge.pk, player=dan) is None
    assert not Match.objects.exists()
    assert challenge in lobby.lobby_for(ben)["mine"]
    match = lobby.challenge_accept(challenge_id=challenge.pk, player=cid)
    assert match.seat_count == 4 and match.options == challenge.options
    assert sorted(match.seats.values_list("player__username", flat=True)) == [
        "ann",
        "ben",
        "cid",
        "dan",
    ]
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.ACCEPTED and challenge.match == match
    assert challenge in lobby.lobby_for(dan)["mine"]
    with pytest.raises(ClientError):  # full and started
        lobby.challenge_leave(challenge_id=challenge.pk, player=dan)


def test_a_refused_offer_creates_nothing():
    ann = make_player("ann")
    make_player("ben")
    for bad in (
        {"game": "tressette", "seats": 3},
        {"game": "briscola", "seats": 4, "opponent": "ben"},
        {"game": "bazzica", "options": {"variant": "tre"}, "seats": 2},
    ):
        with pytest.raises(ValueError) as error:
            lobby.challenge_create(creator=ann, **bad)
        assert "Traceback" not in str(error.value) and str(error.value)
    assert not Challenge.objects.exists()
    three = lobby.challenge_create(creator=ann, game="bazzica", options={"variant": "tre"})
    assert three.seats == 3  # the first count its options allow


def test_the_lobby_form_offers_a_game_with_its_options_and_players(client):
    make_player("ann")
    for name in ("ben", "cid"):
        make_player(name)
    client.login(username="ann", password=PASSWORD)
    page = client.get("/matches/lobby/").content.decode()
    from games.rules import all_games

    for game in all_games():
        assert f'data-game-fields="{game.slug}"' in page
    assert 'name="option-scopa-target"' in page and 'name="seats-calabrasella"' in page
    client.post(
        "/matches/lobby/act/",
        {
            "action": "offer",
            "game": "calabrasella",
            "seats-calabrasella": "3",
            "option-calabrasella-deals": "3",
            "option-scopa-target": "21",  # another game's field: ignored
        },
    )
    challenge = Challenge.objects.get()
    assert (challenge.game, challenge.seats, challenge.options) == ("calabrasella", 3, {"deals": 3})
    refused = client.post(
        "/matches/lobby/act/",
        {"action": "offer", "game": "scopa", "option-scopa-target": "12"},
        follow=True,
    )
    assert refused.status_code == 200 and Challenge.objects.count() == 1
    assert "cannot be 12" in refused.content.decode()
    client.logout()
    client.login(username="ben", password=PASSWORD)
    waiting = client.post(
        "/matches/lobby/act/", {"action": "accept", "challenge": challenge.pk}, follow=True
    )
    page = waiting.content.decode()
    assert "the match starts when the table is full" in page
    assert f'data-testid="leave-{challenge.pk}"' in page and "Seated 2 of 3" in page
    client.logout()
    client.login(username="cid", password=PASSWORD)
    started = client.post("/matches/lobby/act/", {"action": "accept", "challenge": challenge.pk})
    challenge.refresh_from_db()
    assert started["Location"] == challenge.match.get_absolute_url()
    assert challenge.match.seat_count == 3


def test_the_creator_may_start_with_bots_in_the_empty_seats():
    ann, ben, cid = make_player("ann"), make_player("ben"), make_player("cid")
    challenge = lobby.challenge_create(creator=ann, game="tressette", seats=4, rated=True)
    lobby.challenge_accept(challenge_id=challenge.pk, player=ben)
    with pytest.raises(ClientError):  # only its creator
        lobby.challenge_fill_with_bots(challenge_id=challenge.pk, player=ben, level="random")
    with pytest.raises(ValueError):
        lobby.challenge_fill_with_bots(challenge_id=challenge.pk, player=ann, level="oracle")
    assert not Match.objects.exists()
    match = lobby.challenge_fill_with_bots(challenge_id=challenge.pk, player=ann, level="random")
    names = sorted(match.seats.values_list("player__username", flat=True))
    assert names == ["ann", "ben", "bot-random", "bot-random-2"] and match.rated
    with pytest.raises(ClientError):  # no longer open
        lobby.challenge_accept(challenge_id=challenge.pk, player=cid)


def test_the_lobby_page_starts_ones_challenge_with_bots(client):
    make_player("ann")
    client.login(username="ann", password=PASSWORD)
    client.post("/matches/lobby/act/", {"action": "offer", "game": "calabrasella"})
    challenge = Challenge.objects.get()
    page = client.get("/matches/lobby/").content.decode()
    assert f'data-testid="bots-{challenge.pk}"' in page
    bad = client.post(
        "/matches/lobby/act/",
        {"action": "bots", "challenge": challenge.pk, "level": "oracle"},
        follow=True,
    )
    assert "There is no such computer player." in bad.content.decode()
    started = client.post(
        "/matches/lobby/act/", {"action": "bots", "challenge": challenge.pk, "level": "random"}
    )
    challenge.refresh_from_db()
    assert started["Location"] == challenge.match.get_absolute_url()
    assert challenge.match.seat_count == 3


def test_a_player_may_keep_only_a_few_challenges_open():
    ann = make_player("ann")
    for _ in range(lobby.MAX_OPEN_CHALLENGES):
        last = lobby.challenge_create(creator=ann, game="scopa")
    with pytest.raises(ValueError, match="withdraw one first"):
        lobby.challenge_create(creator=ann, game="scopa")
    assert Challenge.objects.count() == lobby.MAX_OPEN_CHALLENGES
    lobby.challenge_cancel(challenge_id=last.pk, player=ann)
    lobby.challenge_create(creator=ann, game="briscola")  # room again


def test_a_challenge_lapses_after_its_time_in_the_lobby(settings):
    from datetime import timedelta

    from django.utils import timezone

    ann, ben = make_player("ann"), make_player("ben")
    old = lobby.challenge_create(creator=ann, game="scopa")
    fresh = lobby.challenge_create(creator=ann, game="briscola")
    Challenge.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(minutes=settings.CHALLENGE_MINUTES + 1)
    )
    assert lobby.lobby_for(ben)["challenges"] == [fresh]
    with pytest.raises(ClientError):
        lobby.challenge_accept(challenge_id=old.pk, player=ben)
    old.refresh_from_db()
    assert old.lapsed and not fresh.lapsed
    for _ in range(lobby.MAX_OPEN_CHALLENGES - 1):  # a lapsed one does not count
        lobby.challenge_create(creator=ann, game="scopa")


def test_the_lobby_shows_each_challengers_rating_in_the_game_offered(client):
    from tournaments.models import Rating

    ann, ben = make_player("ann"), make_player("ben")
    Rating.objects.create(player=ann, game="scopa", rating=1612.4, rated_matches=4)
    scopa = lobby.challenge_create(creator=ann, game="scopa")
    briscola = lobby.challenge_create(creator=ann, game="briscola")
    shown = {c.pk: c.creator_rating for c in lobby.lobby_for(ben)["challenges"]}
    assert shown == {scopa.pk: 1612, briscola.pk: 1500}  # not yet rated: the start
    client.login(username="ben", password=PASSWORD)
    page = client.get("/matches/lobby/?partial=1").content.decode()
    assert f'data-testid="rating-{scopa.pk}">(1612)' in page


def test_the_lobby_sends_a_player_to_a_started_match_until_they_have_come(client):
    ann, ben = make_player("ann"), make_player("ben")
    challenge = lobby.challenge_create(creator=ann, game="scopa")
    assert lobby.lobby_for(ann)["mine"][0].go_url is None  # not started
    match = lobby.challenge_accept(challenge_id=challenge.pk, player=ben)
    assert lobby.lobby_for(ann)["mine"][0].go_url == match.get_absolute_url()
    client.login(username="ann", password=PASSWORD)
    partial = client.get("/matches/lobby/?partial=1").content.decode()
    assert f'data-go="{match.get_absolute_url()}"' in partial
    services.seat_arrived(match_id=match.pk, player_id=ann.pk)
    assert lobby.lobby_for(ann)["mine"][0].go_url is None
