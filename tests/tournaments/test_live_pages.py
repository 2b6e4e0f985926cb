"""Pages that follow results without a reload: a player's profile hears of each of the
player's results recorded (``/ws/players/<id>/``), and a tournament page re-fetches its
rounds (status, pairings, results, the winner) as well as its standings.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.conftest import make_tournament, seated
from tests.games.test_consumers import ORIGIN, connect, receive
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


def _live(first, second):
    tournament = make_tournament([first, second], slug="live-pages", game="briscola",
                                 options={"match": "one_hand"})  # fmt: skip
    services.tournament_start_next_round(tournament=tournament)
    return tournament.rounds.get(number=1).matches.get()


async def test_a_profile_page_hears_of_the_players_result(alice, bob):
    match = await sync_to_async(_live)(alice, bob)
    players = await sync_to_async(seated)(match)
    profile = WebsocketCommunicator(application, f"/ws/players/{bob.pk}/", headers=[ORIGIN])
    assert (await profile.connect(timeout=5))[0]
    socket = await connect(match, players[0])
    await receive(socket)
    await socket.send_json_to({"type": "resign", "seq": match.seq})
    assert json.loads(await profile.receive_from(timeout=5)) == {"type": "changed"}
    await profile.disconnect()
    await socket.disconnect()


def test_the_profile_and_the_rounds_come_as_partials(client, alice, bob):
    match = _live(alice, bob)
    tournament = match.round.tournament
    rounds = client.get(tournament.get_absolute_url() + "?partial=rounds").content.decode()
    assert 'data-testid="tournament-status"' in rounds and "<html" not in rounds
    assert "Round 1" in rounds
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'id="rounds" data-live-ws=' in page
    profile = client.get(f"/players/{alice.username}/?partial=1").content.decode()
    assert 'data-testid="ratings"' in profile and "<html" not in profile
    assert f"/ws/players/{alice.pk}/" in client.get(f"/players/{alice.username}/").content.decode()


def test_a_finished_round_robin_names_its_winner(client, alice, bob):
    match = _live(alice, bob)
    from games import services as game_services

    game_services.match_resign(match_id=match.pk, player_id=bob.pk)
    services.match_result_record(match_id=match.pk)
    tournament = match.round.tournament
    tournament.refresh_from_db()
    if tournament.status != "finished":
        tournament.status = "finished"
        tournament.save(update_fields=["status"])
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'data-testid="winner"' in page and "alice" in page.split('data-testid="winner"')[1][:200]


def test_the_home_page_lists_the_matches_being_played(client, alice, bob):
    assert "No match is being played right now." in client.get("/").content.decode()
    match = _live(alice, bob)
    page = client.get("/").content.decode()
    live = page.split('data-testid="live-now"')[1].split("</section>")[0]
    assert match.get_absolute_url() in live and "alice" in live and "bob" in live


def test_a_finished_match_tells_its_rating_changes_once_recorded(client, alice, bob):
    from games import services as game_services

    match = _live(alice, bob)
    url = f"/matches/{match.pk}/ratings.json"
    assert client.get(url).json() == {"ready": False, "changes": {}}
    game_services.match_resign(match_id=match.pk, player_id=bob.pk)
    services.match_result_record(match_id=match.pk)
    data = client.get(url).json()
    seats = {s.player_id: str(s.number) for s in match.seats.all()}
    assert data["ready"] and data["changes"][seats[alice.pk]]["change"] == 20.0
    assert data["changes"][seats[bob.pk]]["after"] == 1480
