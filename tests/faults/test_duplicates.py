"""The same action twice, a stale seq, two tabs of one player acting at once: exactly one
takes effect, the others are refused as ``stale`` with the current seq.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from asgiref.sync import sync_to_async

from games import services
from games.models import Deal, Match
from tests.conftest import current_engine, seated, start_match
from tests.faults.conftest import cookie_for, run_at_once
from tests.games.test_consumers import connect, receive


def _stored_actions(match: Match) -> list[dict]:
    return [a for deal in Deal.objects.filter(match=match).order_by("number") for a in deal.actions]


@pytest.fixture
def live(alice, bob):
    match = start_match(alice, bob)
    return match, seated(match)


@pytest.mark.django_db(transaction=True)
async def test_the_same_action_sent_twice_takes_effect_once(live):
    match, players = live
    engine = await sync_to_async(current_engine)(match)
    socket = await connect(match, players[engine.to_act])
    seq = (await receive(socket))["seq"]
    action = {"type": "action", "action": engine.legal_actions()[0], "seq": seq}

    await socket.send_json_to(action)
    await socket.send_json_to(action)

    # The state comes through the match's group, the refusal straight back: either may
    # arrive first (docs/protocol.md), and both carry the new seq.
    replies = {r["type"]: r for r in [await receive(socket), await receive(socket)]}
    assert sorted(replies) == ["error", "state"]
    assert replies["state"]["seq"] == seq + 1
    assert (replies["error"]["code"], replies["error"]["seq"]) == ("stale", seq + 1)
    assert await sync_to_async(_stored_actions)(match) == [
        {"seat": engine.to_act, "action": engine.legal_actions()[0]}
    ]
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("offset", [-1, 1, 1000])
async def test_an_action_with_a_stale_or_future_seq_changes_nothing(live, offset):
    match, players = live
    engine = await sync_to_async(current_engine)(match)
    socket = await connect(match, players[engine.to_act])
    seq = (await receive(socket))["seq"]

    await socket.send_json_to(
        {"type": "action", "action": engine.legal_actions()[0], "seq": seq + offset}
    )

    error = await receive(socket)
    assert (error["type"], error["code"], error["seq"]) == ("error", "stale", seq)
    await sync_to_async(match.refresh_from_db)()
    assert match.seq == seq
    assert await sync_to_async(_stored_actions)(match) == []
    await socket.disconnect()


def test_concurrent_calls_of_the_service_with_one_seq_apply_once(alice, bob, transactional_db):
    match = start_match(alice, bob)
    players = seated(match)
    contenders, turns = 6, 5
    for _ in range(turns):  # each turn is a fresh race
        match.refresh_from_db()
        engine = current_engine(match)
        legal = engine.legal_actions()
        moves = [legal[i % len(legal)] for i in range(contenders)]  # different ones if we can
        calls = [
            lambda action=action, seq=match.seq, to_act=engine.to_act: services.match_apply_action(
                match_id=match.pk, player_id=players[to_act].pk, action=action, seq=seq
            )
            for action in moves
        ]

        outcomes = run_at_once(calls)

        assert sorted(outcomes, key=str) == sorted(
            [match.seq + 1] + ["stale"] * (contenders - 1), key=str
        )
    match.refresh_from_db()
    assert match.seq == 1 + turns and len(_stored_actions(match)) == turns


async def _tab(url: str, cookie: str):
    ws = await websockets.connect(
        url, additional_headers={"Cookie": cookie}, origin="http://" + url.split("/")[2]
    )
    return ws, json.loads(await ws.recv())


async def _mover_tab(url: str, cookies: dict[int, str]):
    """A tab of the player on move: (seat, socket, its first state)."""
    for seat, cookie in cookies.items():
        tab, state = await _tab(url, cookie)
        if state["view"]["legal_actions"]:
            return seat, tab, state
        await tab.close()
    raise AssertionError("nobody is on move")


async def _replies(tab, seq: int) -> list[dict]:
    """What a tab hears after its move on ``seq``: up to the new state, then anything
    else that arrives within a moment (a refusal may come after the broadcast).
    """
    got = []
    while not any(m["type"] == "state" and m["seq"] > seq for m in got):
        got.append(json.loads(await asyncio.wait_for(tab.recv(), 10)))
    try:
        while True:
            got.append(json.loads(await asyncio.wait_for(tab.recv(), 0.3)))
    except TimeoutError:
        pass
    return got


async def _two_tabs_race(urls: list[str], cookies: dict[int, str], turns: int) -> list[dict]:
    """Each turn the player on move has one tab on each server process, and both tabs
    send a move (different ones when there is a choice) on the same seq at once.
    """
    outcomes = []
    for _ in range(turns):
        seat, first_tab, state = await _mover_tab(urls[0], cookies)
        tabs = [first_tab, (await _tab(urls[1], cookies[seat]))[0]]
        legal, seq = state["view"]["legal_actions"], state["seq"]
        moves = [legal[0], legal[-1]]
        await asyncio.gather(
            *(
                tab.send(json.dumps({"type": "action", "action": move, "seq": seq}))
                for tab, move in zip(tabs, moves, strict=True)
            )
        )
        replies = [await _replies(tab, seq) for tab in tabs]
        for tab in tabs:
            await tab.close()
        outcomes.append({"seat": seat, "seq": seq, "moves": moves, "replies": replies})
    return outcomes


def test_two_tabs_of_one_player_on_two_servers_acting_at_once_move_once(alice, bob, servers):
    match = start_match(alice, bob)
    players = seated(match)
    group = servers(2)
    cookies = {seat: cookie_for(player) for seat, player in players.items()}
    turns = 8

    outcomes = asyncio.run(_two_tabs_race(group.urls(match.pk), cookies, turns))

    stored = _stored_actions(match)
    assert len(stored) == turns
    for outcome in outcomes:
        applied = stored[outcome["seq"] - 1]
        assert applied["seat"] == outcome["seat"] and applied["action"] in outcome["moves"]
        errors = [m for tab in outcome["replies"] for m in tab if m["type"] == "error"]
        assert [(e["code"], e["seq"]) for e in errors] == [("stale", outcome["seq"] + 1)]
        for tab in outcome["replies"]:
            states = [m for m in tab if m["type"] == "state"]
            assert [m["seq"] for m in states] == [outcome["seq"] + 1]
        if outcome["moves"][0] != outcome["moves"][1]:
            winner = next(
                i
                for i, tab in enumerate(outcome["replies"])
                if not any(m["type"] == "error" for m in tab)
            )
            assert applied["action"] == outcome["moves"][winner]
    match.refresh_from_db()
    assert match.seq == 1 + turns
