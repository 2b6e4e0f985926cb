"""The move path's per-process live engine (games.state ``take_live_engine`` /
``keep_live_engine``), its one-statement write and its pre-encoded broadcast: a move served
from the cache stores and shows exactly what a replay would, a stale or failed entry is
never used, and each seat's text is its own state.
"""

from __future__ import annotations

import contextlib
import json
import random
from unittest import mock

import pytest

from games import consumers, services
from games import live as live_module
from games import state as state_module
from games.errors import ClientError
from games.models import Deal, Match
from games.services import bot_moves, bot_queue, clocks, common, moves, storage
from tests.conftest import current_engine, seated, start_match


@contextlib.contextmanager
def _replays():
    """Count the services' replays of a deal (``engine_for``), in every module of
    games/services/ that makes them."""
    replay = mock.Mock(wraps=state_module.engine_for)
    with contextlib.ExitStack() as stack:
        for module in (moves, common, clocks, bot_queue, bot_moves):
            stack.enter_context(mock.patch.object(module, "engine_for", replay))
        yield replay


@pytest.fixture
def live(alice, bob):
    match = start_match(alice, bob)
    return match, seated(match)


def _move(match, players, rng):
    """One random legal action of the seat on move, through the service; returns it."""
    engine = current_engine(match)
    seat = engine.to_act
    action = rng.choice(engine.legal_actions())
    services.match_apply_action(
        match_id=match.pk, player_id=players[seat].pk, action=action, seq=match.seq
    )
    return seat, action


@pytest.mark.django_db
def test_moves_after_the_first_use_the_kept_engine_and_store_what_a_replay_gives(
    live, django_capture_on_commit_callbacks
):
    match, players = live
    rng = random.Random(3)
    played = []
    with _replays() as replay:
        for _ in range(6):
            with django_capture_on_commit_callbacks(execute=True):
                played.append(_move(match, players, rng))
            match.refresh_from_db()
            assert match.deals.count() == 1  # six actions never end a Spizzichino deal
    # The first move replayed the deal; the five after it used the kept engine.
    assert replay.call_count == 1
    deal = Deal.objects.get(match=match)
    assert [(a["seat"], a["action"]) for a in deal.actions] == played
    assert match.seq == 1 + len(played)
    kept = state_module.take_live_engine(match.pk, match.seq)
    assert kept is not None and kept.match.seq == match.seq
    assert kept.engine.view(0) == current_engine(match).view(0)


@pytest.mark.django_db
def test_an_entry_of_an_older_seq_is_not_used(live, django_capture_on_commit_callbacks):
    match, players = live
    rng = random.Random(5)
    with django_capture_on_commit_callbacks(execute=True):
        _move(match, players, rng)
    match.refresh_from_db()
    stale = state_module.take_live_engine(match.pk, match.seq)
    assert stale is not None
    # Another process moves (this one's entry is not updated), then this one gets the
    # next move with its old entry still cached.
    _move(match, players, rng)
    state_module.keep_live_engine(match.pk, match.seq - 1, stale.deal, stale.engine, stale.match)
    match.refresh_from_db()
    with _replays() as replay:
        with django_capture_on_commit_callbacks(execute=True):
            _move(match, players, rng)
    assert replay.call_count == 1  # a miss: replayed from the row
    match.refresh_from_db()
    deal = Deal.objects.get(match=match)
    assert len(deal.actions) == 3 and match.seq == 4
    assert current_engine(match).actions == [(a["seat"], a["action"]) for a in deal.actions]


@pytest.mark.django_db
def test_a_move_that_fails_after_applying_leaves_no_entry_and_nothing_stored(
    live, django_capture_on_commit_callbacks
):
    match, players = live
    rng = random.Random(7)
    with django_capture_on_commit_callbacks(execute=True):
        _move(match, players, rng)
    match.refresh_from_db()
    before = (match.seq, list(Deal.objects.get(match=match).actions))
    with mock.patch.object(moves, "_store_move", side_effect=RuntimeError("disk full")):
        with pytest.raises(RuntimeError):
            _move(match, players, rng)
    match.refresh_from_db()
    assert (match.seq, list(Deal.objects.get(match=match).actions)) == before
    assert state_module.take_live_engine(match.pk, match.seq) is None
    with django_capture_on_commit_callbacks(execute=True):
        _move(match, players, rng)  # replays from the row and goes on
    match.refresh_from_db()
    assert match.seq == before[0] + 1


@pytest.mark.django_db
def test_a_refused_action_keeps_the_entry_unchanged(live, django_capture_on_commit_callbacks):
    match, players = live
    rng = random.Random(9)
    with django_capture_on_commit_callbacks(execute=True):
        _move(match, players, rng)
    match.refresh_from_db()
    engine = current_engine(match)
    waiting = 1 - engine.to_act
    with pytest.raises(ClientError) as refused:
        services.match_apply_action(
            match_id=match.pk, player_id=players[waiting].pk, action="x", seq=match.seq
        )
    assert refused.value.code == "not_your_turn"
    with pytest.raises(ClientError) as refused:
        services.match_apply_action(
            match_id=match.pk, player_id=players[engine.to_act].pk, action="zz", seq=match.seq
        )
    assert refused.value.code == "illegal_action"
    kept = state_module.take_live_engine(match.pk, match.seq)
    assert kept is not None and kept.engine.actions == engine.actions


def test_the_one_statement_write_names_the_models_tables():
    from django.contrib.sessions.models import Session

    from accounts.models import Player

    sql = storage._STORE_MOVE_SQL
    assert f"UPDATE {Deal._meta.db_table} " in sql
    assert f"UPDATE {Match._meta.db_table} " in sql
    assert f"FROM {Session._meta.db_table} " in sql
    assert f"FROM {Player._meta.db_table} " in sql


@pytest.mark.django_db
def test_no_index_of_the_matches_table_holds_a_column_a_move_writes():
    """So that a move's UPDATE of its match can be heap-only (HOT): no index entries
    written for every move (games/migrations/0018)."""
    import re

    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's indexes and heap-only updates")
    sql = storage._STORE_MOVE_SQL
    update = sql[sql.index(f"UPDATE {Match._meta.db_table} SET ") : sql.index(" WHERE ")]  # noqa: S608
    written = set(re.findall(r"(\w+) = %s", update))
    assert {"seq", "move_deadline", "clock_banks"} <= written
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT a.attname FROM pg_index i JOIN pg_attribute a "
            "ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
            "WHERE i.indrelid = %s::regclass",
            [Match._meta.db_table],
        )
        indexed = {row[0] for row in cursor.fetchall()}
        cursor.execute(
            "SELECT reloptions FROM pg_class WHERE oid = %s::regclass", [Match._meta.db_table]
        )
        options = cursor.fetchone()[0] or []
    assert "status" in indexed and not indexed & written, indexed & written
    assert any(option.startswith("fillfactor=") for option in options)


def test_the_one_statement_session_check_names_the_models_tables():
    from django.contrib.sessions.models import Session

    from accounts.models import Player

    assert f"FROM {Session._meta.db_table} s " in consumers._SESSION_SQL
    assert f"FROM {Player._meta.db_table} p " in consumers._SESSION_SQL


@pytest.mark.django_db
def test_the_session_check_refuses_an_expired_session_a_deactivated_player_and_another_user(
    alice, bob
):
    from django.contrib.sessions.models import Session
    from django.test import Client
    from django.utils import timezone

    client = Client()
    client.force_login(alice)
    key = client.session.session_key
    assert consumers._signed_in_now(key, alice.pk) is True
    assert consumers._signed_in_now(key, bob.pk) is False
    assert consumers._signed_in_now("no-such-session", alice.pk) is False
    assert consumers._signed_in_now(None, alice.pk) is False
    alice.is_active = False
    alice.save(update_fields=["is_active"])
    assert consumers._signed_in_now(key, alice.pk) is False
    alice.is_active = True
    alice.save(update_fields=["is_active"])
    Session.objects.filter(session_key=key).update(expire_date=timezone.now())
    assert consumers._signed_in_now(key, alice.pk) is False


@pytest.mark.django_db
def test_each_seat_is_sent_its_own_state_encoded_once(live):
    match, players = live
    match.refresh_from_db()
    deal = Deal.objects.get(match=match)
    messages = state_module.state_messages(match, state_module.match_seats(match), deal)
    assert messages["seq"] == match.seq
    assert set(messages["texts"]) == {"0", "1", "spectator"}
    engine = current_engine(match)
    for key, text in messages["texts"].items():
        seat = None if key == "spectator" else int(key)
        state = json.loads(text)
        assert state["seat"] == seat and state["seq"] == match.seq
        assert state["view"] == json.loads(json.dumps(engine.view(seat)))
        hands = {p["seat"]: p.get("hand") for p in state["view"]["players"]}
        assert all(hand is None for s, hand in hands.items() if s != seat)


def _session_of(player) -> str:
    from django.test import Client

    client = Client()
    client.force_login(player)
    return client.session.session_key


@pytest.mark.django_db
def test_a_kept_move_with_its_session_check_is_one_statement(
    live, django_capture_on_commit_callbacks, django_assert_num_queries
):
    match, players = live
    rng = random.Random(11)
    with django_capture_on_commit_callbacks(execute=True):
        _move(match, players, rng)
    match.refresh_from_db()
    engine = current_engine(match)
    seat, action = engine.to_act, rng.choice(engine.legal_actions())
    key = _session_of(players[seat])
    with django_assert_num_queries(1):
        new_seq = consumers._play(key, players[seat].pk, match.pk, action, match.seq)
    assert new_seq == match.seq + 1
    assert Deal.objects.get(match=match).actions[-1] == {"seat": seat, "action": action}


@pytest.mark.django_db
def test_a_kept_move_after_a_logout_is_refused_and_not_stored(
    live, django_capture_on_commit_callbacks
):
    from django.contrib.sessions.models import Session

    match, players = live
    rng = random.Random(13)
    with django_capture_on_commit_callbacks(execute=True):
        _move(match, players, rng)
    match.refresh_from_db()
    engine = current_engine(match)
    seat, action = engine.to_act, rng.choice(engine.legal_actions())
    key = _session_of(players[seat])
    Session.objects.filter(session_key=key).delete()  # a logout
    with pytest.raises(ClientError) as refused:
        consumers._play(key, players[seat].pk, match.pk, action, match.seq)
    assert refused.value.code == "signed_out"
    stored_seq = match.seq
    match.refresh_from_db()
    assert match.seq == stored_seq and len(Deal.objects.get(match=match).actions) == 1


@pytest.mark.django_db(transaction=True)
async def test_a_group_message_after_the_server_closed_a_socket_is_not_sent(live):
    from channels.layers import get_channel_layer

    from games.consumers import user_group
    from tests.games.test_consumers import connect, receive

    match, players = live
    socket = await connect(match, players[0])
    state = await receive(socket)
    layer = get_channel_layer()
    await layer.group_send(user_group(players[0].pk), {"type": "session.ended"})
    closed = await socket.receive_output(timeout=2)
    while closed["type"] != "websocket.close":
        closed = await socket.receive_output(timeout=2)
    # Before the consumer leaves the match's group, a move's broadcast arrives.
    text = json.dumps({**state, "seq": state["seq"] + 1})
    await layer.group_send(
        match.group_name,
        {"type": "match.state", "seq": state["seq"] + 1, "texts": {"0": text, "1": text}},
    )
    assert await socket.receive_nothing(timeout=0.5)
    await socket.disconnect()  # raises the consumer's error, if it had one


# The end of a deal (docs/performance.md, "The end of a deal") -----------------------------


def _to_deal_end(match, players, rng, capture):
    """Play random moves through the service until the next one would end the deal (tried
    on a replayed copy); returns that move's (seat, action), not played."""
    for _ in range(500):
        engine = current_engine(match)
        action = rng.choice(engine.legal_actions())
        seat = engine.to_act
        engine.apply(action)
        if engine.is_over:
            return seat, action
        with capture(execute=True):
            services.match_apply_action(
                match_id=match.pk, player_id=players[seat].pk, action=action, seq=match.seq
            )
    raise AssertionError("the deal did not end")


def _sent_states(send):
    """The states of the group messages ``send`` (a mock of live.group_send) was called
    with, by seat text key, decoded."""
    return [
        {key: json.loads(text) for key, text in call.args[1]["texts"].items()}
        for call in send.call_args_list
    ]


@pytest.mark.django_db
def test_a_deal_ended_on_the_kept_engine_stores_and_shows_what_a_replay_gives(
    live, django_capture_on_commit_callbacks
):
    from games.rules import fairness
    from games.state import engine_for

    match, players = live
    rng = random.Random(21)
    seat, action = _to_deal_end(match, players, rng, django_capture_on_commit_callbacks)
    finished = Deal.objects.get(match=match, number=1)
    with (
        _replays() as replay,
        mock.patch.object(state_module, "engine_for", wraps=state_module.engine_for) as read,
        mock.patch.object(live_module, "group_send") as send,
        django_capture_on_commit_callbacks(execute=True),
    ):
        new_seq = services.match_apply_action(
            match_id=match.pk, player_id=players[seat].pk, action=action, seq=match.seq
        )
    # The finished deal was neither replayed (its kept engine ended it) nor read again for
    # its last trick: the only replay is of the next deal, which has no action yet.
    replayed = [call.args[1].number for call in replay.call_args_list]
    assert replayed == [2] and read.call_count == 0
    match.refresh_from_db()
    assert new_seq == match.seq == 2 + len(finished.actions)
    finished.refresh_from_db()
    assert finished.actions[-1] == {"seat": seat, "action": action}
    fresh = engine_for(match, finished)
    assert fresh.is_over and finished.result == json.loads(json.dumps(fresh.result()))
    assert match.last_result == {"number": 1, "result": finished.result}
    assert match.deal_points == [finished.result["points"]]
    # The next deal: stored with its commitment, kept as a fresh replay of its row shows it.
    second = Deal.objects.get(match=match, number=2)
    assert second.actions == [] and second.result is None
    assert second.commitment == fairness.commitment(second.deck, second.salt)
    kept = state_module.take_live_engine(match.pk, match.seq)
    assert kept is not None and kept.deal.pk == second.pk
    replayed_second = engine_for(match, second)
    for viewer in (0, 1, None):
        assert kept.engine.view(viewer) == replayed_second.view(viewer)
    # Every seat was told, with the finished deal's last trick as a replay gives it, and
    # the next deal's commitment before its first action.
    (states,) = _sent_states(send)
    for state in states.values():
        assert state["seq"] == match.seq
        assert state["match"]["deal_number"] == 2
        assert state["match"]["commitment"] == second.commitment
        assert state["match"]["previous_last_trick"] == json.loads(
            json.dumps(fresh.view(None).get("last_trick"))
        )
    # Later states (read from the database, e.g. a sync) show the same last trick.
    state_module.forget_match_context(match.pk)
    assert (
        state_module.current_state(match.pk, 0)["match"]["previous_last_trick"]
        == (states["0"]["match"]["previous_last_trick"])
    )


@pytest.mark.django_db
def test_a_deal_ending_move_takes_at_most_four_statements(
    live, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    match, players = live
    rng = random.Random(23)
    seat, action = _to_deal_end(match, players, rng, django_capture_on_commit_callbacks)
    key = _session_of(players[seat])
    # The session check, the match's row lock, the deal's end with the earlier results,
    # the next deal with the match; plus the savepoint and its release that a transaction
    # is inside a test (before: 8 and the savepoint's 2).
    with django_assert_max_num_queries(6):
        new_seq = consumers._play(key, players[seat].pk, match.pk, action, match.seq)
    match.refresh_from_db()
    assert new_seq == match.seq and match.deals.count() == 2


@pytest.mark.django_db
def test_a_deal_end_that_fails_stores_nothing_and_the_next_try_replays(
    live, django_capture_on_commit_callbacks
):
    match, players = live
    rng = random.Random(25)
    seat, action = _to_deal_end(match, players, rng, django_capture_on_commit_callbacks)
    before = (match.seq, list(Deal.objects.get(match=match).actions))
    with mock.patch.object(moves, "_store_match_and_deal", side_effect=RuntimeError("gone")):
        with pytest.raises(RuntimeError), django_capture_on_commit_callbacks(execute=True):
            services.match_apply_action(
                match_id=match.pk, player_id=players[seat].pk, action=action, seq=match.seq
            )
    match.refresh_from_db()
    deal = Deal.objects.get(match=match)
    assert (match.seq, deal.actions, deal.result) == (*before, None)
    assert state_module.take_live_engine(match.pk, match.seq) is None
    assert state_module.take_deal_end(match.pk, match.seq, seat, action) is None
    with _replays() as replay:
        with django_capture_on_commit_callbacks(execute=True):
            services.match_apply_action(
                match_id=match.pk, player_id=players[seat].pk, action=action, seq=match.seq
            )
    assert [call.args[1].number for call in replay.call_args_list] == [1, 2]
    match.refresh_from_db()
    assert match.deals.count() == 2 and match.seq == before[0] + 1


def test_the_deal_end_statement_names_the_models_table_and_columns():
    sql = storage._STORE_DEAL_END_SQL
    assert f"UPDATE {Deal._meta.db_table} " in sql and f"FROM {Deal._meta.db_table} " in sql
    for name in ("actions", "result", "finished_at"):
        assert f"{Deal._meta.get_field(name).column} = %s" in sql
    assert f"ORDER BY {Deal._meta.get_field('number').column})" in sql
    assert f"{Deal._meta.get_field('match').column} = %s" in sql


def test_a_kept_deal_end_serves_only_its_own_seq_seat_and_action():
    live_deal = state_module.LiveDeal(5, None, Deal(number=1), object())
    state_module.keep_deal_end(9, 5, 0, "a", live_deal)
    assert state_module.take_deal_end(9, 5, 0, "b") is None
    assert state_module.take_deal_end(9, 5, 0, "a") is None  # one try: the entry is gone
    state_module.keep_deal_end(9, 5, 0, "a", live_deal)
    assert state_module.take_deal_end(9, 6, 0, "a") is None
    state_module.keep_deal_end(9, 5, 0, "a", live_deal)
    assert state_module.take_deal_end(9, 5, 1, "a") is None
    state_module.keep_deal_end(9, 5, 0, "a", live_deal)
    assert state_module.take_deal_end(9, 5, 0, "a") is live_deal


@pytest.mark.django_db
def test_a_connections_state_read_keeps_the_engine_so_the_first_move_replays_nothing(
    live, django_capture_on_commit_callbacks
):
    match, players = live
    assert state_module.take_live_engine(match.pk, match.seq) is None
    with _replays() as replay:
        consumers._consistent_state(match.pk, 0)  # as a seat's connection reads its state
        assert replay.call_count == 0  # the read above replays with the state's own call
        with django_capture_on_commit_callbacks(execute=True):
            seat, action = _move(match, players, random.Random(9))
        assert replay.call_count == 0
    match.refresh_from_db()
    deal = Deal.objects.get(match=match)
    assert [(a["seat"], a["action"]) for a in deal.actions] == [(seat, action)]
    kept = state_module.take_live_engine(match.pk, match.seq)
    assert kept is not None and kept.engine.view(0) == current_engine(match).view(0)


@pytest.mark.django_db
def test_a_state_read_never_replaces_a_kept_engine_nor_keeps_a_finished_match(live):
    match, _players = live
    _state, read = state_module.read_state(match.pk, 0)
    assert state_module.keep_read_engine(read)
    _state, again = state_module.read_state(match.pk, 1)
    assert not state_module.keep_read_engine(again)
    assert state_module.take_live_engine(match.pk, match.seq).engine is read.engine
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    _state, finished = state_module.read_state(match.pk, 0)
    assert not state_module.keep_read_engine(finished)
    assert state_module.take_live_engine(match.pk, match.seq) is None
