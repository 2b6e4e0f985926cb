"""A table of four over the real ASGI application: four sockets, one per seat, each gets
its own view only; a move by one reaches all four (issue 7: a consumer test with four
sockets)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from games.models import Match
from tests.conftest import make_player
from tests.games.test_consumers import connect, receive
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _pairs_match() -> tuple[Match, dict]:
    players = [make_player(name) for name in ("ann", "ben", "cat", "dan")]
    event = Tournament.objects.create(
        name="Four", slug="four", game="tressette", pairs=True, table_size=4
    )
    services.tournament_open_registration(tournament=event)
    for first, second in ((players[0], players[1]), (players[2], players[3])):
        services.entry_register(tournament=event, player=first, partner=second)
        services.entry_confirm_partner(tournament=event, player=second)
    services.tournament_make_schedule(tournament_id=event.pk)
    services.tournament_start_next_round(tournament=Tournament.objects.get(pk=event.pk))
    match = Match.objects.get(round__tournament=event, is_bye=False)
    return match, {s.number: s.player for s in match.seats.select_related("player")}


async def test_four_sockets_each_get_their_own_hand_and_every_move_reaches_all_four():
    match, players = await sync_to_async(_pairs_match)()
    sockets = {seat: await connect(match, player) for seat, player in players.items()}
    states = {seat: await receive(socket) for seat, socket in sockets.items()}
    for seat, state in states.items():
        view = state["view"]
        assert state["seat"] == seat and view["viewer"] == seat
        assert view["sides"] == [[0, 2], [1, 3]] and state["match"]["sides"] == [[0, 2], [1, 3]]
        hands = [p["hand"] for p in view["players"]]
        assert len(hands[seat]) == 10
        assert all(hand is None for other, hand in enumerate(hands) if other != seat)
    mine = {seat: set(states[seat]["view"]["players"][seat]["hand"]) for seat in states}
    assert len(set().union(*mine.values())) == 40  # four hands, no card twice

    mover = states[0]["view"]["to_act"]
    action = next(a for a in states[mover]["view"]["legal_actions"] if a.startswith("play"))
    await sockets[mover].send_json_to({"type": "action", "action": action, "seq": match.seq})
    after = {seat: await receive(socket) for seat, socket in sockets.items()}
    card = action.split()[1]
    for seat, state in after.items():
        assert state["seq"] == match.seq + 1
        assert card in str(state["view"]["trick"])
        hand = state["view"]["players"][seat]["hand"]
        assert (card in hand) is False and set(hand) <= mine[seat]
    for socket in sockets.values():
        await socket.disconnect()
