"""The kept move on the event loop (services.match_apply_kept_async, games/async_db.py):
a move of a match the process keeps is stored with its one statement on psycopg's async
driver and broadcast with no thread; anything it does not do (a refusal, a bot seated, a
setting off, a database error) goes the thread's way with the same result; a stale seq
stores nothing; the statement is prepared once a connection has run it often; the loop's
connections are closed by ``close_all``."""

from __future__ import annotations

import psycopg
import pytest
from asgiref.sync import sync_to_async
from django.db import connection, transaction
from django.test import Client

from games import async_db, consumers, services
from games.models import Deal, Match
from games.services import moves, storage
from tests.conftest import current_engine, seated, start_match
from tests.games.test_consumers import connect, receive

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live(alice, bob):
    match = start_match(alice, bob)
    return match, seated(match)


class _Spy:
    """Counts the calls of the thread's way (``consumers._play``) and of the loop's."""

    def __init__(self, monkeypatch):
        self.threads = 0
        self.loop_stored = 0
        original_play, original_async = consumers._play, services.match_apply_kept_async

        def play(*args):
            self.threads += 1
            return original_play(*args)

        async def on_loop(**kwargs):
            new_seq = await original_async(**kwargs)
            self.loop_stored += new_seq is not None
            return new_seq

        consumers._MOVE_POOL.clear()  # a pool built around the spy
        monkeypatch.setattr(consumers, "_play", play)
        monkeypatch.setattr(services, "match_apply_kept_async", on_loop)


async def _move(sockets, players, match, seq):
    """The seat on move plays its first legal action; returns (seat, action, new states)."""
    engine = await sync_to_async(current_engine)(match)
    seat, action = engine.to_act, engine.legal_actions()[0]
    await sockets[seat].send_json_to({"type": "action", "action": action, "seq": seq})
    states = {s: await receive(sockets[s]) for s in sockets}
    return seat, action, states


async def _open(match, players):
    sockets = {seat: await connect(match, player) for seat, player in players.items()}
    seqs = {(await receive(s))["seq"] for s in sockets.values()}
    assert len(seqs) == 1
    return sockets, seqs.pop()


async def test_a_kept_move_is_stored_and_broadcast_on_the_loop_without_a_thread(live, monkeypatch):
    match, players = live
    spy = _Spy(monkeypatch)
    sockets, seq = await _open(match, players)
    # The first move reads the deal (nothing kept yet): the thread's way. It keeps it.
    _, _, states = await _move(sockets, players, match, seq)
    assert all(state["seq"] == seq + 1 for state in states.values())
    assert (spy.threads, spy.loop_stored) == (1, 0)

    seat, action, states = await _move(sockets, players, match, seq + 1)

    assert (spy.threads, spy.loop_stored) == (1, 1)
    assert all(state["type"] == "state" and state["seq"] == seq + 2 for state in states.values())
    deal = await sync_to_async(lambda: Deal.objects.get(match=match))()
    assert deal.actions[-1] == {"seat": seat, "action": action}
    stored = await sync_to_async(Match.objects.get)(pk=match.pk)
    assert stored.seq == seq + 2 and stored.move_deadline is not None
    # Each seat still sees only its own hand.
    for number, state in states.items():
        for other in state["view"]["players"]:
            if other["seat"] != number:
                assert other.get("hand") in (None, [])
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_refused_move_goes_the_threads_way_and_gets_its_refusal(live, monkeypatch):
    match, players = live
    spy = _Spy(monkeypatch)
    sockets, seq = await _open(match, players)
    await _move(sockets, players, match, seq)
    engine = await sync_to_async(current_engine)(match)
    waiting = 1 - engine.to_act

    await sockets[waiting].send_json_to(
        {"type": "action", "action": engine.legal_actions()[0], "seq": seq + 1}
    )

    error = await receive(sockets[waiting])
    assert (error["type"], error["code"]) == ("error", "not_your_turn")
    assert spy.loop_stored == 0 and spy.threads == 2
    stored = await sync_to_async(Match.objects.get)(pk=match.pk)
    assert stored.seq == seq + 1
    for socket in sockets.values():
        await socket.disconnect()


@pytest.mark.parametrize("failure", ["setting off", "database error"])
async def test_with_the_setting_off_or_a_database_error_the_thread_stores_the_move_once(
    live, monkeypatch, settings, failure
):
    match, players = live
    spy = _Spy(monkeypatch)
    if failure == "setting off":
        settings.LIVE_ASYNC_MOVES = False
    else:

        def refuse():
            raise psycopg.OperationalError("connection refused (test)")

        monkeypatch.setattr(async_db, "_connection_kwargs", refuse)
    sockets, seq = await _open(match, players)
    await _move(sockets, players, match, seq)

    seat, action, states = await _move(sockets, players, match, seq + 1)

    assert spy.loop_stored == 0 and spy.threads == 2
    assert all(state["seq"] == seq + 2 for state in states.values())
    deal = await sync_to_async(lambda: Deal.objects.get(match=match))()
    assert [a for a in deal.actions if a == {"seat": seat, "action": action}][-1:] == [
        {"seat": seat, "action": action}
    ]
    assert len(deal.actions) == 2
    for socket in sockets.values():
        await socket.disconnect()


def _session_key(player) -> str:
    client = Client()
    client.force_login(player)
    return client.session.session_key


async def test_a_stale_kept_seq_stores_nothing(live):
    match, players = live
    sockets, seq = await _open(match, players)
    await _move(sockets, players, match, seq)
    engine = await sync_to_async(current_engine)(match)
    # Another process moved the match on meanwhile: the stored seq is no longer the kept one.
    await sync_to_async(Match.objects.filter(pk=match.pk).update)(seq=seq + 5)
    session_key = await sync_to_async(_session_key)(players[engine.to_act])

    new_seq = await services.match_apply_kept_async(
        match_id=match.pk,
        player_id=players[engine.to_act].pk,
        action=engine.legal_actions()[0],
        seq=seq + 1,
        session_key=session_key,
    )

    assert new_seq is None
    deal = await sync_to_async(lambda: Deal.objects.get(match=match))()
    assert len(deal.actions) == 1
    for socket in sockets.values():
        await socket.disconnect()


async def test_close_all_closes_the_loops_connections(live):
    async with async_db.connection() as conn:
        cursor = await conn.execute("SELECT 1")
        assert await cursor.fetchone() == (1,)
    assert not conn.closed

    async_db.close_all()

    assert conn.closed
    async with async_db.connection() as fresh:  # a new one is opened when next needed
        assert fresh is not conn and not fresh.closed


async def test_warm_opens_the_loops_connections_once_up_to_the_setting(live, settings):
    settings.LIVE_ASYNC_CONNECTIONS = 3
    async_db.close_all()
    await async_db.warm()
    pool = async_db._loop_pool()
    assert pool.count == 3 and len(pool.idle) == 3
    opened = set(pool.all)
    await async_db.warm()  # nothing more to open
    assert set(pool.all) == opened and len(pool.idle) == 3
    async with async_db.connection() as conn:  # a move takes one of those, opening none
        assert conn in opened
    async_db.close_all()


async def test_the_kept_moves_statement_is_prepared_once_its_connection_has_run_it_often(
    live, monkeypatch, settings
):
    settings.LIVE_ASYNC_CONNECTIONS = 1
    async_db.close_all()
    match, players = live
    spy = _Spy(monkeypatch)
    sockets, seq = await _open(match, players)
    moves_played = 8
    for number in range(moves_played):
        await _move(sockets, players, match, seq + number)

    assert (spy.threads, spy.loop_stored) == (1, moves_played - 1)
    stored = await sync_to_async(Match.objects.get)(pk=match.pk)
    assert stored.seq == seq + moves_played
    deal = await sync_to_async(lambda: Deal.objects.get(match=match))()
    assert len(deal.actions) == moves_played
    async with async_db.connection() as conn:  # the loop's one connection
        prepared = await (
            await conn.execute("SELECT statement FROM pg_prepared_statements")
        ).fetchall()
    assert any("WITH moved" in row[0] for row in prepared)
    for socket in sockets.values():
        await socket.disconnect()
    async_db.close_all()


def test_database_options_that_turn_preparing_off_hold_on_the_loops_connections(monkeypatch):
    options = connection.settings_dict.setdefault("OPTIONS", {})
    assert async_db._connection_kwargs()["prepare_threshold"] == async_db.PREPARE_THRESHOLD
    monkeypatch.setitem(options, "prepare_threshold", None)  # behind an old PgBouncer
    assert async_db._connection_kwargs()["prepare_threshold"] is None


@pytest.mark.parametrize(
    ("statement", "flush"),
    [(storage._STORE_MOVE_SQL, "on"), (storage._STORE_MOVE_NO_FLUSH_SQL, "off")],
)
def test_the_no_flush_statement_stores_the_same_move_and_only_its_commit_skips_the_flush(
    live, statement, flush
):
    match, _ = live
    deal = Deal.objects.get(match=match)
    before = match.seq
    match.seq += 1
    params = storage._store_move_params(
        match,
        deal,
        {"seat": 0, "action": "x"},
        expected_seq=before,
        locked=True,
        session=(None, 0),
    )
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(statement, params)
            assert cursor.rowcount == 1
            cursor.execute("SHOW synchronous_commit")
            assert cursor.fetchone()[0] == flush  # this transaction's own setting
            cursor.execute("SELECT seq FROM games_match WHERE id = %s", [match.pk])
            assert cursor.fetchone()[0] == before + 1
        transaction.set_rollback(True)
    with connection.cursor() as cursor:  # SET LOCAL: gone with the transaction
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "on"


@pytest.mark.parametrize("synchronous", [False, True])
async def test_the_kept_move_skips_the_flush_unless_the_setting_asks_for_it(
    live, monkeypatch, settings, synchronous
):
    settings.LIVE_MOVE_SYNCHRONOUS_COMMIT = synchronous
    match, players = live
    spy = _Spy(monkeypatch)
    sent = []
    original = psycopg.AsyncConnection.execute

    async def execute(self, query, params=None, **kwargs):
        sent.append(query)
        return await original(self, query, params, **kwargs)

    monkeypatch.setattr(psycopg.AsyncConnection, "execute", execute)
    sockets, seq = await _open(match, players)
    await _move(sockets, players, match, seq)  # the thread's way, which keeps the deal
    await _move(sockets, players, match, seq + 1)

    assert spy.loop_stored == 1
    expected = storage._STORE_MOVE_SQL if synchronous else storage._STORE_MOVE_NO_FLUSH_SQL
    assert sum(query.startswith("WITH moved") for query in sent) == 1 and expected in sent
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_move_stored_whose_states_cannot_be_made_is_kept_and_not_refused(live, monkeypatch):
    match, players = live
    sockets, seq = await _open(match, players)
    await _move(sockets, players, match, seq)
    engine = await sync_to_async(current_engine)(match)
    seat, action = engine.to_act, engine.legal_actions()[0]

    def broken(*args, **kwargs):
        raise ConnectionError("the shared cache is down (test)")

    monkeypatch.setattr(moves, "state_messages", broken)  # after the statement is sent
    session_key = await sync_to_async(_session_key)(players[seat])

    new_seq = await services.match_apply_kept_async(
        match_id=match.pk,
        player_id=players[seat].pk,
        action=action,
        seq=seq + 1,
        session_key=session_key,
    )

    # Stored once, and the process keeps the new state for the next move.
    assert new_seq == seq + 2
    deal = await sync_to_async(lambda: Deal.objects.get(match=match))()
    assert deal.actions[-1] == {"seat": seat, "action": action} and len(deal.actions) == 2
    from games.state import take_live_engine

    assert take_live_engine(match.pk, seq + 2) is not None
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_moves_spectator_count_is_read_again_only_after_its_ttl(monkeypatch):
    from asgiref.sync import sync_to_async

    from games import slots, state

    limits = [slots.Limit(slots.watch_key(9001), 100, "too_many_spectators")]
    watchers = [slots.SocketSlots(limits, f"watcher-{n}") for n in range(5)]
    for watcher in watchers[:3]:
        await watcher.take()
    recent = sync_to_async(state.recent_watching)
    assert await recent(9001) == 3
    for watcher in watchers[3:]:
        await watcher.take()
    assert await recent(9001) == 3  # within WATCHING_TTL: the count read before
    monkeypatch.setattr(state, "WATCHING_TTL", 0.0)
    assert await recent(9001) == 5
    state.forget_match_context(9001)
    for watcher in watchers:
        await watcher.give_back()
    monkeypatch.setattr(state, "WATCHING_TTL", 2.0)
    assert await recent(9001) == 0


async def test_on_another_database_than_postgresql_every_move_takes_the_threads_way(
    live, monkeypatch
):
    match, players = live
    spy = _Spy(monkeypatch)
    monkeypatch.setattr(consumers, "_database_is_postgresql", lambda: False)
    sockets, seq = await _open(match, players)
    await _move(sockets, players, match, seq)

    _, _, states = await _move(sockets, players, match, seq + 1)

    assert spy.loop_stored == 0 and spy.threads == 2
    assert all(state["seq"] == seq + 2 for state in states.values())
    for socket in sockets.values():
        await socket.disconnect()


async def test_the_last_socket_of_a_match_to_leave_the_process_drops_its_kept_state(live):
    """A process keeps only the matches it serves now: its collector's full collections
    walk every object kept, and must not grow with every match it has served."""
    from games import state

    match, players = live
    sockets, seq = await _open(match, players)
    await _move(sockets, players, match, seq)  # the deal and its engine are kept
    assert match.pk in state._ENGINES and match.pk in state._CONTEXTS

    await sockets[0].disconnect()
    assert match.pk in state._ENGINES  # the other seat still plays here

    await sockets[1].disconnect()
    assert match.pk not in state._ENGINES and match.pk not in state._CONTEXTS
    assert match.pk not in state._OPEN_SOCKETS

    # A player who comes back reads it again, and plays on.
    sockets, seq = await _open(match, players)
    _, _, states = await _move(sockets, players, match, seq)
    assert all(state_["seq"] == seq + 1 for state_ in states.values())
    for socket in sockets.values():
        await socket.disconnect()
