"""Where Celery tasks run eagerly (the embedded default that ``bin/serve`` runs, and the
tests), a bot's move is played at once, inside the commit of the move before it. A table
of bots plays hundreds of moves in a row (a banking game's hands once the one person at it
has no chips left); they must be played one after another, not each inside the last, or
the chain exceeds Python's recursion limit and the table stops with a RecursionError
(games/services/bot_queue.py ``_queue_bot_move``)."""

from __future__ import annotations

import sys
import threading

import pytest

from games import services
from games.models import Deal, Match
from games.services import bot_queue


@pytest.mark.django_db(transaction=True)
def test_a_table_of_bots_plays_a_long_match_move_after_move(settings):
    settings.BOT_DELAY_SECONDS = 0
    bots = [services.bot_player("random", number) for number in (1, 2)]
    # Briscola deals of 40 moves each, every one a bot's: each move nested in the last took
    # some twenty frames of the services, Django's commit and Celery's eager trace, so the
    # recursion limit (1 000 frames) stopped the table within its first two deals.
    match = services.match_create_casual(game="briscola", players=bots)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    moves = sum(len(deal.actions) for deal in Deal.objects.filter(match=match))
    assert moves >= 80 and moves * 20 > sys.getrecursionlimit()


@pytest.mark.django_db(transaction=True)
def test_with_the_bot_thread_a_persons_move_returns_before_the_bots_play(settings, monkeypatch):
    """With ``BOT_MOVES_IN_THREAD`` (bin/serve), a bot's move runs on the bot thread, not
    inside the person's move: the person's table is told of their own move at once and of
    the bots' as they come. Inline, a socket handles one message at a time, so a person's
    table showed nothing until every bot had played (minutes, for a person out of a Rumino
    game with two bots playing on)."""
    from tests.conftest import current_engine, make_player

    settings.BOT_MOVES_IN_THREAD = True
    settings.BOT_DELAY_SECONDS = 0
    gate = threading.Event()
    [queue] = bot_queue._BOT_QUEUE
    monkeypatch.setattr(bot_queue, "_BOT_QUEUE", [lambda *move: gate.wait(30) and queue(*move)])
    person = make_player("ann")
    match = services.match_create_casual(
        game="briscola", players=[person, services.bot_player("random", 1)]
    )
    gate.set()
    services.wait_for_bot_moves()  # the bot leads, if it is to
    gate.clear()
    match.refresh_from_db()
    engine, seq = current_engine(match), match.seq
    assert engine.to_act == 0

    # The person's move returns at once; if it won a trick the bot led, the person leads
    # the next one too, and that move hands the turn to the bot.
    for _ in range(2):
        assert services.match_apply_action(
            match_id=match.pk, player_id=person.pk, action=engine.legal_actions()[0], seq=seq
        ) == seq + 1  # fmt: skip
        match.refresh_from_db()
        assert match.seq == seq + 1  # no bot move has been stored
        engine, seq = current_engine(match), match.seq
        if engine.to_act == 1:
            break
    assert engine.to_act == 1  # the bot waits

    gate.set()
    services.wait_for_bot_moves()
    match.refresh_from_db()
    assert match.seq >= seq + 1 and current_engine(match).to_act == 0  # the bot has played


@pytest.mark.django_db(transaction=True)
def test_on_the_bot_thread_tables_of_bots_take_turns(settings, monkeypatch):
    """A move that lets a bot play next goes to the back of the bot thread's queue: two
    tables where bots play on alone alternate, rather than the first holding the thread
    until its match ends (the other table's person would wait minutes)."""
    settings.BOT_MOVES_IN_THREAD = True
    settings.BOT_DELAY_SECONDS = 0
    played = []
    [queue] = bot_queue._BOT_QUEUE
    monkeypatch.setattr(
        bot_queue,
        "_BOT_QUEUE",
        [lambda match_id, *rest: played.append(match_id) or queue(match_id, *rest)],
    )
    # Both tables are made before the thread plays any of their moves.
    original_put = bot_queue._bot_thread().put
    with monkeypatch.context() as patch:
        held = []
        patch.setattr(bot_queue._bot_thread(), "put", held.append)
        first, second = (
            services.match_create_casual(
                game="briscola",
                players=[services.bot_player("random", 1), services.bot_player("random", 2)],
            )
            for _ in range(2)
        )
    for move in held:
        original_put(move)
    services.wait_for_bot_moves()

    assert {Match.objects.get(pk=m.pk).status for m in (first, second)} == {Match.Status.FINISHED}
    opening = played[:6]
    assert first.pk in opening and second.pk in opening  # they took turns from the start


@pytest.mark.django_db(transaction=True)
def test_a_bot_move_lost_with_the_server_is_queued_again_when_a_page_connects(
    settings, monkeypatch
):
    """On the bot thread a queued move lives in the server's memory: if the server stops
    before playing it, the match waits for that bot. ``match_resume_bots`` (called on
    every connection, as the pages reconnect to the restarted server) queues it again, and
    only when nothing is queued for the match already."""
    from tests.conftest import current_engine, make_player

    settings.BOT_MOVES_IN_THREAD = True
    settings.BOT_DELAY_SECONDS = 0
    lost = []
    monkeypatch.setattr(bot_queue._bot_thread(), "put", lost.append)  # the server stops
    person = make_player("ann")
    match = services.match_create_casual(
        game="briscola", players=[services.bot_player("random", 1), person]
    )
    match.refresh_from_db()
    engine, seq = current_engine(match), match.seq
    if engine.to_act == 1:  # the person leads: after their move the bot is on move
        services.match_apply_action(
            match_id=match.pk, player_id=person.pk, action=engine.legal_actions()[0], seq=seq
        )
        match.refresh_from_db()
        seq = match.seq
    assert current_engine(match).to_act == 0 and len(lost) == 1
    monkeypatch.undo()
    bot_queue._BOT_THREAD_MATCHES.clear()  # a new server: nothing queued

    services.match_resume_bots(match_id=match.pk)
    services.wait_for_bot_moves()
    match.refresh_from_db()
    assert match.seq > seq and current_engine(match).to_act == 1  # the bot has played

    # With a move already queued for the match, a connection queues nothing more.
    queued = []
    monkeypatch.setattr(bot_queue._bot_thread(), "put", queued.append)
    bot_queue._BOT_THREAD_MATCHES[match.pk] = 1
    services.match_resume_bots(match_id=match.pk)
    assert queued == []
    bot_queue._BOT_THREAD_MATCHES.clear()
