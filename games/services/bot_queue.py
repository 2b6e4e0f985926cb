"""When and where a bot's move runs: queued after commit when a bot (or a gone player's
seat) is on move, through the Celery task that games/tasks.py registers
(``register_bot_queue``); where tasks run eagerly (the embedded default, the tests),
played in order on this thread, or on the bot thread (``BOT_MOVES_IN_THREAD``).

The move itself is played by ``bot_moves.bot_play``. ``_tasks_run_eagerly`` is looked up through
this module by the others, so that one patch of it holds everywhere.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from games import claim_window
from games.models import Deal, Match, Seat
from games.state import (
    SeatInfo,
    engine_for,
)

logger = logging.getLogger(__name__)


def _bot_after_claim_window(match_id: int) -> None:
    """Where tasks run eagerly (no worker: a countdown does not wait), queue the move of a
    bot that waited for a claim window now closed (``_bots_on_commit`` left it out); the
    match page pings when the window closes (static/js/games/rumino.js)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.IN_PROGRESS:
        return
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    engine = engine_for(match, deal)
    number = claim_window.seat_to_play(match, engine)
    queue = _BOT_QUEUE[0] if _BOT_QUEUE else None
    if number is None or queue is None:
        return
    if _computer_seats(match).filter(number=number).exists():
        _queue_bot_move(queue, match.pk, match.seq, None)


def _bots_on_commit(
    match: Match, engine, seats: Sequence[SeatInfo] = (), *, only_claimant: bool = False
) -> None:
    """After commit, when a bot may play, queue its move (``games.tasks.bot_move``): the
    bot on move; with a claim window (games/claim_window.py ``bot_turns``), a bot
    claimant at once and a bot next player once the window has closed (a countdown for
    the worker; where tasks run eagerly a countdown does not wait, so the next
    ``match_check_clock`` after the close queues it). ``only_claimant``: the claimant's
    turn alone. Bots' accounts are named ``bot-...`` (``bot_player``): a seat whose name
    is not costs no query, so a match between people pays nothing on its moves."""
    if engine is None or engine.to_act is None or match.status != Match.Status.IN_PROGRESS:
        return
    queue = _BOT_QUEUE[0] if _BOT_QUEUE else None
    match_id, seq = match.pk, match.seq
    for number, delay in claim_window.bot_turns(match, engine):
        if only_claimant and (number != engine.to_act or delay is not None):
            continue
        if seats and not any(
            s.number == number and (s.username.startswith("bot-") or s.gone) for s in seats
        ):
            continue
        if not _computer_seats(match).filter(number=number).exists():
            continue
        if delay is not None and _tasks_run_eagerly():
            continue
        if queue is not None:
            transaction.on_commit(lambda d=delay: _queue_bot_move(queue, match_id, seq, d))


def people_at_table(match: Match) -> bool:
    """Whether a person plays at ``match``: a seat neither a bot's nor gone (one query).
    Without one, nobody needs the display delay to follow the bots' moves."""
    return Seat.objects.filter(match=match, player__is_bot=False, gone_at__isnull=True).exists()


def _computer_seats(match: Match):
    """The seats of ``match`` the computer plays: bots' and gone players' (a queryset)."""
    return Seat.objects.filter(match=match).filter(
        Q(player__is_bot=True) | Q(gone_at__isnull=False)
    )


_BOT_QUEUE: list = []
"""The function that queues a bot's move, ``queue(match_id, seq, delay, not_before)``
(``delay``: seconds before the bot may act, None at once; ``not_before``: the time, in
seconds since the epoch, before which its move is not stored, None for no display delay):
games/tasks.py registers the Celery task here (``register_bot_queue``), so that this
module need not import it."""


_EAGER_BOT_MOVES = threading.local()
"""Per thread, where tasks run eagerly: the bot moves waiting for the one being played
(``pending``, a list of ``(queue, match_id, seq, delay, not_before)``), None when none is
played."""


def _not_before(delay: float | None) -> float:
    """When a bot's move queued now may be stored, in seconds since the epoch (a worker
    may run on another machine): ``BOT_DELAY_SECONDS`` after the bot may act, ``delay``
    seconds from now (None: at once). The search runs meanwhile and counts towards it
    (``bot_moves.bot_play``)."""
    return time.time() + (delay or 0.0) + settings.BOT_DELAY_SECONDS


def _queue_bot_move(queue, match_id: int, seq: int, delay: float | None) -> None:
    """Queue a bot's move with ``queue`` (``_BOT_QUEUE``), as ``queue(match_id, seq,
    delay, not_before)`` (``_not_before``, taken now: the time the move waits in the
    queue counts towards the display delay). Where tasks run eagerly (the
    embedded default, the tests), an eager task plays the move at once, inside the commit
    of the move before it, with no display delay (no one sees the table until the moves
    are played); a bot's move queued while another is being played on this
    thread therefore waits in a list, and the outermost call plays the list in order: a
    loop, not a recursion, so a table where bots play hundreds of moves in a row (a
    banking game's hands, once the one person at it has passed or lost his chips) cannot
    exceed Python's recursion limit."""
    if not _tasks_run_eagerly():
        queue(match_id, seq, delay, _not_before(delay))
        return
    if settings.BOT_MOVES_IN_THREAD:
        with _BOT_THREAD_LOCK:
            _BOT_THREAD_MATCHES[match_id] += 1
        _bot_thread().put((queue, match_id, seq, delay, _not_before(delay)))
        return
    pending = getattr(_EAGER_BOT_MOVES, "pending", None)
    if pending is not None:
        pending.append((queue, match_id, seq, delay, None))
        return
    pending = _EAGER_BOT_MOVES.pending = [(queue, match_id, seq, delay, None)]
    try:
        while pending:
            waiting, *move = pending.pop(0)
            waiting(*move)
    finally:
        _EAGER_BOT_MOVES.pending = None


_BOT_THREAD: list = []


_BOT_THREAD_LOCK = threading.Lock()


_BOT_THREAD_MATCHES: Counter[int] = Counter()
"""Match id -> bot moves queued on the bot thread and not yet played (``match_resume_bots``)."""


def _bot_thread():
    """The jobs queue of the thread that plays bots' moves where tasks run eagerly and
    ``BOT_MOVES_IN_THREAD`` is set (``bin/serve``, the embedded default): started on first
    use. Without it, the moves a person's move lets the bots make run inside that move's
    request or socket message, and a socket handles one message at a time: the person's
    table showed nothing, not even their own move, until the bots had played, and a table
    where bots play on alone (a person out of a Rumino game, or who passed in a banking
    game) stayed frozen for minutes. Each move is stored no sooner than
    ``BOT_DELAY_SECONDS`` after it was queued, as on the worker, the search and the wait
    in this queue counting towards it; the search still runs in its own process
    (``_search_process``). A move that lets a bot play next queues that move at the back
    of the same queue, so tables where bots play on alone take turns rather than one
    holding the thread until it ends."""
    import queue as queue_module

    with _BOT_THREAD_LOCK:
        if not _BOT_THREAD:
            jobs: queue_module.Queue = queue_module.Queue()
            thread = threading.Thread(
                target=_bot_thread_loop, args=(jobs,), name="bot-moves", daemon=True
            )
            thread.start()
            _BOT_THREAD.append(jobs)
        return _BOT_THREAD[0]


def _bot_thread_loop(jobs) -> None:
    """The bot thread: play each queued move (``bot_play`` waits what is left of the
    display delay); an error is logged and the thread goes on; its database connections
    are closed after each move."""
    from django.db import connections

    while True:
        queue, *move = jobs.get()
        try:
            queue(*move)
        except Exception:
            logger.exception("a bot's move failed (match %s)", move[0])
        finally:
            with _BOT_THREAD_LOCK:
                _BOT_THREAD_MATCHES[move[0]] -= 1
                if _BOT_THREAD_MATCHES[move[0]] <= 0:
                    del _BOT_THREAD_MATCHES[move[0]]
            connections.close_all()
            jobs.task_done()


def match_resume_bots(*, match_id: int) -> None:
    """With the bot thread (``BOT_MOVES_IN_THREAD``, ``bin/serve``), queue the move of a
    bot on move in ``match_id`` when none is queued on this process's thread: a move
    queued there is lost if the server stops before playing it, and the table would wait
    for that bot for ever (a casual match has no clock unless chosen). Called on every
    connection to the match, as the pages reconnect to a restarted server. A move queued
    twice is played once (``bot_play`` leaves a state that moved on alone). Costs one
    query for a match without bots; nothing elsewhere."""
    if not (settings.BOT_MOVES_IN_THREAD and _tasks_run_eagerly()):
        return
    with _BOT_THREAD_LOCK:
        if _BOT_THREAD_MATCHES.get(match_id):
            return
    if not Seat.objects.filter(
        Q(player__is_bot=True) | Q(gone_at__isnull=False), match_id=match_id
    ).exists():
        return
    match = Match.objects.filter(pk=match_id, status=Match.Status.IN_PROGRESS).first()
    if match is None:
        return
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    _bots_on_commit(match, engine_for(match, deal))


def wait_for_bot_moves() -> None:
    """Block until the bot thread has played every move queued so far (tests)."""
    if _BOT_THREAD:
        _BOT_THREAD[0].join()


def register_bot_queue(queue) -> None:
    """Set how a bot's move is queued (games/tasks.py does it in ``GamesConfig.ready``)."""
    _BOT_QUEUE[:] = [queue]


def _tasks_run_eagerly() -> bool:
    """True when Celery runs tasks in the caller's process (the embedded default, tests)."""
    from celery import current_app

    return bool(current_app.conf.task_always_eager)
