"""The lobby (games/lobby.py): a challenge offered by one player and accepted by another
becomes a match; named challenges, refusals, withdrawal, the live page, rated matches."""

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
        {"game": "calabrasella"},
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
