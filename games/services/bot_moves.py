"""The computer's seats: the bots' accounts (``bot_player``) and a bot's move
(``bot_play``), chosen by games/bots.py and, where tasks run eagerly, searched in a
process of its own (``_search_process``).
"""

from __future__ import annotations

import threading
import time

from django.conf import settings

from games import claim_window
from games.models import Deal, Match
from games.services import bot_queue
from games.services.bot_queue import _bots_on_commit, _computer_seats
from games.services.moves import match_apply_action
from games.state import (
    engine_for,
)


def bot_player(level: str, number: int = 1):
    """Bot account ``number`` of ``level`` (games/bots.py: ``bot-random``, ``bot-random-2``
    ...; one per seat of a table), made on first use: it cannot log in."""
    from django.contrib.auth import get_user_model

    from games.bots import LEVELS

    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    name = f"bot-{level}" if number == 1 else f"bot-{level}-{number}"
    player, created = get_user_model().objects.get_or_create(
        username=name, defaults={"is_bot": True}
    )
    if created:
        player.set_unusable_password()
        player.save(update_fields=["password"])
    return player


_SEARCH_PROCESS: list = []


_SEARCH_PROCESS_LOCK = threading.Lock()


def _search_process():
    """The one-process pool that runs the ISMCTS search when Celery tasks run eagerly (the
    embedded default, the tests): started on first use with ``spawn``, so the child holds
    no copy of the server's threads or connections; it imports only games.bots and the
    engine."""
    with _SEARCH_PROCESS_LOCK:  # moves run on several threads (games/consumers.py)
        if not _SEARCH_PROCESS:
            import atexit
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            context = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
            atexit.register(pool.shutdown)
            _SEARCH_PROCESS.append(pool)
        return _SEARCH_PROCESS[0]


def bot_play(*, match_id: int, seq: int, not_before: float | None = None) -> bool:
    """The bot on move in ``match_id`` plays, if the match is still at ``seq`` (a newer state
    means someone acted meanwhile) and, with a claim window, may act now
    (games/claim_window.py ``seat_to_play``).

    1. It chooses from its seat's view and the public history alone (games/bots.py,
       ``bot_input``); the ISMCTS level searches its game's iterations within
       ``BOT_SEARCH_SECONDS`` (``games.bots.search_budget``), in the Celery worker
       (``games.tasks.bot_move``), or, when tasks run eagerly (the embedded default), in
       a process of its own (``_search_process``). A position with nothing to search (a
       single legal action, a choice left to the heuristic) is played here at once.
    2. If a person plays at the table, it waits until ``not_before`` (seconds since the
       epoch; None: no wait), the display delay that lets them follow the table: the
       search counts towards it (``bot_queue._not_before``). A table of bots and gone
       players does not wait.
    3. It stores the move (``match_apply_action``; a ClientError if the match moved on
       meanwhile).

    Returns True when it played."""
    import random as random_module

    from games.bots import bot_input, choose_action, needs_search, search_budget

    match = Match.objects.get(pk=match_id)
    if match.status != Match.Status.IN_PROGRESS or match.seq != seq:
        return False
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    engine = engine_for(match, deal)
    number = claim_window.seat_to_play(match, engine)
    if number is None:
        # Early for the claim window (a countdown a little short of it): wait again. Where
        # tasks run eagerly, the next match_check_clock after the close queues the move.
        if not bot_queue._tasks_run_eagerly():
            _bots_on_commit(match, engine)
        return False
    seat = _computer_seats(match).filter(number=number).select_related("player").first()
    if seat is None:
        return False
    if claim_window.pending(match) and not claim_window.is_open(match):
        # The window closed before this move ran (a worker busy past it; a window of 0):
        # the offers still open have lapsed, and this bot moves as the next player, from
        # the deal as it will be once they lapse (the move's service lapses them first).
        engine.game.lapse_claims(engine)
    gone = seat.gone_at is not None
    # A gone player's seat: the heuristic level plays it; a banking game's seat sits out
    # (no more bets; the bank passed), which the game names (``sitting_out_action``).
    level = "heuristic" if gone else seat.player.username.split("-")[1]
    sitting_out = getattr(engine.game, "sitting_out_action", None)
    action = sitting_out(engine) if gone and sitting_out is not None else None
    bot = bot_input(engine, seat.number)
    rng = random_module.Random()
    iterations, seconds = search_budget(engine.game.slug, settings.BOT_SEARCH_SECONDS)
    if action is not None:
        pass
    elif level == "ismcts" and needs_search(bot) and bot_queue._tasks_run_eagerly():
        # The embedded default has no worker: the search gets a process of its own, so the
        # time it takes never runs in the serving process (issue #12).
        future = _search_process().submit(
            choose_action, bot, rng, level, seconds=seconds, iterations=iterations
        )
        action = future.result()
    else:
        action = choose_action(bot, rng, level, seconds=seconds, iterations=iterations)
    _wait_for_display(match, not_before)
    match_apply_action(
        match_id=match_id, player_id=seat.player_id, action=action, seq=seq, by_computer=gone
    )
    return True


def _wait_for_display(match: Match, not_before: float | None) -> None:
    """Sleep until ``not_before`` (seconds since the epoch) when it is still ahead and a
    person plays at ``match`` (``bot_queue.people_at_table``)."""
    if not_before is None:
        return
    left = not_before - time.time()
    if left > 0 and bot_queue.people_at_table(match):
        # At most the delay: a worker whose clock is behind the queueing server's never
        # holds a move longer than the display asks.
        time.sleep(min(left, settings.BOT_DELAY_SECONDS))
