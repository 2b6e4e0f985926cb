"""Presence (docs/protocol.md, "presence"): each seat is online, away (its tab hidden) or
offline since a time, told to every connection as it changes; the states count the
spectators watching.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async

from tests.conftest import seated, start_match
from tests.games.test_consumers import connect, receive

pytestmark = [pytest.mark.django_db(transaction=True)]


async def next_presence(socket) -> dict:
    while True:
        message = json.loads(await socket.receive_from(timeout=5))
        if message["type"] == "presence":
            return message


async def test_seats_are_online_away_or_offline_and_everyone_is_told(alice, bob, charlie):
    match = await sync_to_async(start_match)(alice, bob)
    players = await sync_to_async(seated)(match)
    first = await connect(match, players[0])
    await receive(first)
    mine = await next_presence(first)
    assert mine["seats"]["0"]["status"] == "online"
    assert mine["seats"]["1"]["status"] == "offline"

    second = await connect(match, players[1])
    await receive(second)
    told = await next_presence(first)
    assert told["seats"]["1"]["status"] == "online" and told["seats"]["1"]["since"]

    await second.send_json_to({"type": "presence", "state": "away"})
    assert (await next_presence(first))["seats"]["1"]["status"] == "away"
    await second.send_json_to({"type": "presence", "state": "online"})
    assert (await next_presence(first))["seats"]["1"]["status"] == "online"
    await second.send_json_to({"type": "presence", "state": "asleep"})
    assert (await receive(second))["code"] == "malformed"

    watcher = await connect(match, charlie)
    state = await receive(watcher)
    assert state["match"]["watching"] == 1

    await second.disconnect()
    gone = await next_presence(first)
    assert gone["seats"]["1"]["status"] == "offline"
    await first.disconnect()
    await watcher.disconnect()
