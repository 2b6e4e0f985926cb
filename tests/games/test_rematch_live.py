"""A rematch asked on a finished casual match reaches the other players' tables at once:
who asked, then, once everyone has, where the new match is (docs/protocol.md,
"rematch"); and a page opened afterwards knows it from its config."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async

from games import services
from tests.conftest import PASSWORD, make_player
from tests.games.test_consumers import connect, receive

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.asyncio
async def test_the_other_player_hears_of_the_rematch_asked_and_started():
    ann = await sync_to_async(make_player)("ann")
    ben = await sync_to_async(make_player)("ben")
    match = await sync_to_async(services.match_create_casual)(game="scopa", players=[ann, ben])
    await sync_to_async(services.match_resign)(match_id=match.pk, player_id=ben.pk)
    socket = await connect(match, ben)
    assert (await receive(socket))["type"] == "state"
    await sync_to_async(services.match_request_rematch)(match_id=match.pk, player_id=ann.pk)
    assert await receive(socket) == {"type": "rematch", "asked": [0], "url": None}
    new = await sync_to_async(services.match_request_rematch)(match_id=match.pk, player_id=ben.pk)
    assert await receive(socket) == {
        "type": "rematch", "asked": [0, 1], "url": new.get_absolute_url()
    }  # fmt: skip
    await socket.disconnect()


def test_the_finished_tables_page_carries_the_rematch(client):
    ann, ben = make_player("ann"), make_player("ben")
    match = services.match_create_casual(game="scopa", players=[ann, ben])
    services.match_resign(match_id=match.pk, player_id=ben.pk)
    services.match_request_rematch(match_id=match.pk, player_id=ann.pk)
    client.login(username="ben", password=PASSWORD)
    page = client.get(match.get_absolute_url()).content.decode()
    config = json.loads(page.split('id="match-config" type="application/json">')[1].split("<")[0])
    assert config["rematch"] == {"asked": [0], "url": None}
