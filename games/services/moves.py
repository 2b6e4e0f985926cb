"""Moves: start a match, apply an action, and go from one deal to the next.

Each service is one transaction holding ``select_for_update`` on the Match row, so
concurrent actions on one match are applied one at a time; the one exception is the
common move on a match this process keeps (``match_apply_kept``), a single statement that
applies only if the match is still at the move's ``seq``. The action is stored before
anything is broadcast: broadcasts and Celery tasks leave only after commit
(``transaction.on_commit``). The statements that store a move are in ``storage``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import claim_window, live
from games.errors import ClientError
from games.messages import illegal_action_message
from games.models import Deal, Match
from games.rules import IllegalAction, fairness, get_game
from games.services.bot_queue import _bots_on_commit
from games.services.clocks import _open_grace, _restart_move_clock
from games.services.common import (
    _GONE_MESSAGE,
    _broadcast_on_commit,
    _is_gone,
    _live_match,
    _locked_match,
    _seat_number,
)
from games.services.endings import (
    _finish,
    _gone_last,
    _gone_seats,
    _places,
    _places_by_totals,
    _record_result_on_commit,
)
from games.services.storage import (
    _DEAL_END_FIELDS,
    _STORE_MOVE_NO_FLUSH_SQL,
    _STORE_MOVE_SQL,
    _store_deal_end,
    _store_match_and_deal,
    _store_move,
    _store_move_params,
)
from games.state import (
    context_is_fresh,
    engine_for,
    keep_deal_end,
    keep_live_engine,
    last_trick_known,
    last_trick_of,
    match_seats,
    recent_watching,
    remember_last_trick,
    state_messages,
    take_deal_end,
    take_live_engine,
)

logger = logging.getLogger(__name__)


def _deal_prepare(*, match: Match, number: int, dealer: int, carry: dict | None = None) -> Deal:
    """Deal ``number``, not yet saved, from a fresh CSPRNG shuffle, with the commitment to
    its deck (games/rules/fairness.py, docs/fairness.md); the deck never leaves the server.
    ``carry``: what it needs from the deals before it (``Game.carry_for``). A match of
    duplicate boards (``Match.boards``, games/boards.py) takes board ``number``'s deck,
    dealer and salt instead, so every table of the set commits to the same deck.
    """
    game = get_game(match.game)
    if match.boards:  # duplicate: deal n is board n, the same at every table of the set
        board = match.boards[number - 1]
        deck, dealer, salt = board["deck"], board["dealer"], board["salt"]
    else:
        engine = game.new_deal(
            seats=match.seat_count, dealer=dealer, options=match.options, carry=carry
        )
        deck = engine.record()["deck"]
        salt = fairness.new_salt()
    return Deal(
        match=match,
        number=number,
        dealer=dealer,
        deck=deck,
        carry=carry,
        salt=salt,
        commitment=fairness.commitment(deck, salt),
    )


def _deal_new(*, match: Match, number: int, dealer: int, carry: dict | None = None) -> Deal:
    """Create deal ``number`` (``_deal_prepare``, then saved).

    Call while holding select_for_update on the Match.
    """
    deal = _deal_prepare(match=match, number=number, dealer=dealer, carry=carry)
    deal.save(force_insert=True)
    return deal


@transaction.atomic
def match_start(*, match_id: int) -> Match:
    """Start a scheduled match: draw the first dealer at random and deal deal 1.

    Safe to call twice: a match that is not ``scheduled`` (or is a bye) is returned as is.

    Raises:
        ClientError: ``not_found``.
        ValueError: the game is not played by this many seats with these options.
    """
    match = _locked_match(match_id)
    if match.status != Match.Status.SCHEDULED or match.is_bye:
        return match
    seats = match_seats(match)
    game = get_game(match.game)
    match.options = game.validate_options(match.options)
    allowed = game.seat_counts(match.options)
    if len(seats) not in allowed:
        raise ValueError(f"{game.name} is played by {allowed} players, not {len(seats)}.")
    match.seat_count = len(seats)
    match.first_dealer = secrets.randbelow(len(seats))
    match.scores = [0] * len(game.sides(len(seats), match.options))
    match.status = Match.Status.IN_PROGRESS
    match.started_at = timezone.now()
    match.seq += 1
    _open_grace(match)
    match.save()
    carry = get_game(match.game).carry_for(match.options, match.seat_count, [])
    deal = _deal_new(match=match, number=1, dealer=match.first_dealer, carry=carry)
    _broadcast_on_commit(match, seats, deal)
    return match


def match_apply_action(
    *, match_id: int, player_id: int, action: str, seq: int, by_computer: bool = False
) -> int:
    """Apply one player's action to the current deal of a match.

    ``by_computer``: the computer plays the seat of a player who has gone (``bot_play``);
    the player's own actions on that seat are refused (``gone``).

    The common move, served where the match's last move was (docs/performance.md): when
    this process keeps the match as of ``seq`` (``games.state.take_live_engine``), the
    action is checked against the kept engine and stored with one statement that
    succeeds only if the stored match is still at ``seq``, live and out of its grace
    (``_store_move``); no lock, no read, no replay. Any other case, or when that statement
    finds the match changed, goes the locked way (``_apply_locked``), which gives the
    refusals. Either way the action is stored before anything is broadcast.

    Returns:
        The match's new ``seq``.

    Raises:
        ClientError: ``not_found``, ``match_not_live``, ``stale``, ``not_seated``, ``gone``,
            ``not_your_turn``, ``illegal_action`` or ``time_up`` (the round clock has run
            out on a deal scored as it stands: the deal is stopped and the match ended,
            ``round_clock.match_stop_at_time``; the move is not applied).
    """
    new_seq = match_apply_kept(
        match_id=match_id, player_id=player_id, action=action, seq=seq, by_computer=by_computer
    )
    if new_seq is not None:
        return new_seq
    try:
        return _apply_locked(
            match_id=match_id, player_id=player_id, action=action, seq=seq, by_computer=by_computer
        )
    except _RoundTimeUpError:
        # The round clock has run out on a deal scored as it stands: stop it (its own
        # transaction, as the refused move's has been rolled back), then refuse the move.
        from games.services.round_clock import _TIME_UP_MESSAGE, match_stop_at_time

        if match_stop_at_time(match_id=match_id):
            new_seq = Match.objects.filter(pk=match_id).values_list("seq", flat=True).first()
            raise ClientError("time_up", _TIME_UP_MESSAGE(), seq=new_seq) from None
    # Nothing stopped (a game that cannot score a deal part way plays it out): the move.
    return _apply_locked(
        match_id=match_id,
        player_id=player_id,
        action=action,
        seq=seq,
        by_computer=by_computer,
        past_round_end=True,
    )


class _RoundTimeUpError(Exception):
    """A move on a match whose round clock has run out and whose deal in progress is
    scored as it stands (``Match.stop_at_time``): refused before anything changes."""


def match_apply_kept(
    *,
    match_id: int,
    player_id: int,
    action: str,
    seq: int,
    session_key: str | None = None,
    by_computer: bool = False,
) -> int | None:
    """The common move, on the match this process keeps as of ``seq``: check and apply
    it on the kept engine, store it with one conditional statement (``_store_move``),
    broadcast, keep the new state. With ``session_key`` (the database session engine),
    the same statement also requires that session row, unexpired, and the player active:
    a session key names one user for its life (Django's login cycles the key), so this is
    the consumer's sign-in check without a statement of its own.

    Returns:
        The new seq; or None, with nothing stored, for anything else: nothing kept at
        ``seq``, a refusal, a grace, a deal that this action ends, a match changed
        meanwhile, a session gone. The caller then checks and takes the locked way
        (``match_apply_action``), which gives the refusals. For a deal that this action
        ends, the engine with the action applied is left for the locked way
        (``games.state.keep_deal_end``), which then need not read and replay the deal.
    """
    move = _kept_move_begin(
        match_id=match_id, player_id=player_id, action=action, seq=seq, by_computer=by_computer
    )
    if move is None:
        return None
    match, deal = move.match, move.deal
    if not _store_move(
        match,
        deal,
        move.entry,
        expected_seq=move.expected_seq,
        locked=False,
        session=(session_key, player_id),
    ):
        return None  # changed meanwhile (another process, a forfeit, a logout): the locked way
    deal.actions = [*deal.actions, move.entry]
    _broadcast_on_commit(match, move.seats, deal, move.engine, watching=recent_watching(match.pk))
    match_pk, new_seq, engine = match.pk, match.seq, move.engine
    transaction.on_commit(lambda: keep_live_engine(match_pk, new_seq, deal, engine, match))
    return match.seq


async def match_apply_kept_async(
    *, match_id: int, player_id: int, action: str, seq: int, session_key: str
) -> int | None:
    """``match_apply_kept`` on the event loop, with no thread: the same checks on the kept
    engine, the same one statement (``_STORE_MOVE_SQL``, the session check included;
    its commit not waiting for the disk unless ``LIVE_MOVE_SYNCHRONOUS_COMMIT``:
    ``_STORE_MOVE_NO_FLUSH_SQL``) on a connection of the loop (games/async_db.py), each
    seat's state made while PostgreSQL
    runs it, then, once stored, the broadcast awaited and the new state kept. Only for a
    move that needs nothing but the process's caches: the match's context fresh
    (``context_is_fresh``), the previous deal's last trick known, no bot seated (a bot's
    move is queued through Celery, a synchronous call); anything else returns None before
    anything is changed, and the caller takes the thread's way. The one synchronous call
    left is the spectator count, read from the shared cache at most every
    ``WATCHING_TTL`` seconds a match (``recent_watching``; the cache has timeouts).

    Returns:
        The new seq; or None, with nothing stored (as ``match_apply_kept``).

    Raises:
        psycopg.Error: the statement failed (as Django's cursor would raise); the kept
            engine is dropped, so the next move reads the match from the database.
    """
    from games import async_db, live_probe

    began = time.perf_counter()
    move = _kept_move_begin(
        match_id=match_id, player_id=player_id, action=action, seq=seq, on_loop=True
    )
    if move is None:
        return None
    match, deal = move.match, move.deal
    params = _store_move_params(
        match,
        deal,
        move.entry,
        expected_seq=move.expected_seq,
        locked=False,
        session=(session_key, player_id),
    )
    checked = time.perf_counter()
    async with async_db.connection() as conn:
        connected = time.perf_counter()
        statement = (
            _STORE_MOVE_SQL if settings.LIVE_MOVE_SYNCHRONOUS_COMMIT else _STORE_MOVE_NO_FLUSH_SQL
        )
        store = asyncio.ensure_future(conn.execute(statement, params))
        try:
            # One turn of the loop sends the statement; the states are made while
            # PostgreSQL runs it, and sent only once it is known to be stored.
            await asyncio.sleep(0)
            sent = time.perf_counter()
            deal.actions = [*deal.actions, move.entry]
            messages = _states_or_none(match, move.seats, deal, move.engine)
            made = time.perf_counter()
        finally:
            cursor = await store
        stored = cursor.rowcount == 1
    written = time.perf_counter()
    if not stored:
        return None  # changed meanwhile: the locked way (this deal and engine are dropped)
    if messages is not None:
        await live.group_send_async(match.group_name, {"type": "match.state", **messages})
    keep_live_engine(match.pk, match.seq, deal, move.engine, match)
    if live_probe.enabled():
        ended = time.perf_counter()
        if (ended - began) * 1000 >= live_probe.MIN_MOVE_MS:
            live_probe.record(
                "kept",
                check_ms=round((checked - began) * 1000, 1),
                connection_wait_ms=round((connected - checked) * 1000, 1),
                store_ms=round((written - connected) * 1000, 1),
                states_ms=round((made - sent) * 1000, 1),
                broadcast_ms=round((ended - written) * 1000, 1),
            )
    return match.seq


def _states_or_none(match: Match, seats, deal: Deal, engine) -> dict | None:
    """``state_messages``, or None (logged) when they cannot be made, e.g. with the shared
    cache down: the move is stored all the same, and the clients resync."""
    try:
        return state_messages(match, seats, deal, engine, watching=recent_watching(match.pk))
    except Exception:
        logger.exception("The states of match %s could not be made", match.pk)
        return None


@dataclass(slots=True)
class _KeptMove:
    """A kept move checked and applied to its engine, not yet stored: the ``match`` (its
    ``seq`` and clocks already moved on), its ``deal`` (the log not yet extended), the
    ``engine`` with the action applied, the ``seats``, the log ``entry`` and the
    ``expected_seq`` the stored match must still have."""

    match: Match
    deal: Deal
    engine: object
    seats: tuple
    entry: dict
    expected_seq: int


def _kept_move_begin(
    *,
    match_id: int,
    player_id: int,
    action: str,
    seq: int,
    on_loop: bool = False,
    by_computer: bool = False,
) -> _KeptMove | None:
    """Take the match kept as of ``seq``, check ``player_id``'s ``action`` on its engine and
    apply it; move the match's ``seq`` and clocks on. None, with the cache as it was (or,
    for a deal that this action ends, the engine left for the locked way), for anything the
    kept move does not do; with ``on_loop``, also for anything that would need a query or
    a synchronous call (``match_apply_kept_async``). Runs no query."""
    live = take_live_engine(match_id, seq)
    if live is None:
        return None
    match, deal, engine = live.match, live.deal, live.engine
    if (
        match is None
        or match.grace_until is not None
        or claim_window.has_window(engine.game)
        or (match.stop_at_time and _past_round_end(match))
    ):
        # The round clock's end is refused and acted on under the lock (``_apply_locked``).
        # A claim window's refusals and private answers need the lock (games/claim_window.py).
        keep_live_engine(match.pk if match else deal.match_id, live.seq, deal, engine, match)
        return None
    if on_loop and not (
        context_is_fresh(match.pk) and last_trick_known(match, deal) and not _has_bot_name(match)
    ):
        keep_live_engine(match.pk, live.seq, deal, engine, match)  # unchanged
        return None
    seats = match_seats(match)
    seat = _seat_number(seats, player_id)
    if seat is None or engine.to_act != seat or _is_gone(seats, seat) != by_computer:
        keep_live_engine(match.pk, live.seq, deal, engine, match)  # unchanged
        return None
    try:
        engine.apply(action)
    except IllegalAction:
        keep_live_engine(match.pk, live.seq, deal, engine, match)  # a refusal changes nothing
        return None
    if engine.is_over:
        # The deal's end (its result, the next deal) is stored under the lock; the locked
        # way takes this engine, the action applied, instead of reading and replaying.
        keep_deal_end(match.pk, live.seq, seat, action, live)
        return None
    match.seq += 1
    _restart_move_clock(match, mover=seat, to_act=engine.to_act)
    return _KeptMove(match, deal, engine, seats, {"seat": seat, "action": action}, live.seq)


def _has_bot_name(match: Match) -> bool:
    """Whether a seat of ``match`` (cached context) is a bot's account (``bot-...``) or a
    gone player's, whom the computer plays."""
    return any(s.username.startswith("bot-") or s.gone for s in match_seats(match))


@transaction.atomic
def _apply_locked(
    *,
    match_id: int,
    player_id: int,
    action: str,
    seq: int,
    by_computer: bool = False,
    past_round_end: bool = False,
) -> int:
    """``match_apply_action`` under the match's row lock (``past_round_end``: the caller
    has tried to stop the deal at the round clock's end, and the move is played anyway):

    1. lock the Match (every writer of its deals holds this lock); take the current
       deal's engine from this process's cache when it is the one as of the locked
       ``seq``, else read the deal and replay it; refuse a stale ``seq``, a player who
       is not seated, a seat that is not to act, an action the engine refuses. When the
       kept move found that this very action ends the deal (``games.state.take_deal_end``:
       same ``seq``, seat and action), its engine is taken with the action applied;
    2. append ``{"seat", "action"}`` to the deal's log and save it with the match's new
       ``seq`` and clocks (one statement while the deal goes on: ``_store_move``);
    3. if the deal is over: store its log and result and read the earlier deals' results
       (one statement, ``_store_deal_end``), then either finish the match
       (``game.match_winner``, ``game.match_places``) or prepare the next deal
       (``game.next_dealer``; its shuffle and commitment, ``_deal_prepare``), and store
       the match with the next deal (one statement, ``_store_match_and_deal``);
    4. after commit: broadcast each seat's view (encoded once; the finished deal's last
       trick from its engine, not replayed); for a finished match, send
       ``games.hooks.match_finished``; else keep the match, deal and engine as of the new
       ``seq`` for the next move.
    """
    match = _live_match(match_id, seq)
    seats = match_seats(match)
    seat = _seat_number(seats, player_id)
    if seat is None:
        raise ClientError("not_seated", _("Only the seated players can play."), seq=match.seq)
    if match.stop_at_time and not past_round_end and _past_round_end(match):
        raise _RoundTimeUpError
    if _is_gone(seats, seat) and not by_computer:
        raise ClientError("gone", _GONE_MESSAGE(), seq=match.seq)
    # This very action, found by the kept move to end the deal: its engine, action applied
    # (never a game with a claim window: the kept move leaves those to this way).
    ending = take_deal_end(match.pk, match.seq, seat, action)
    step = claim_window.NORMAL
    if ending is not None:
        deal, engine = ending.deal, ending.engine
    else:
        # The live deal's engine as of this seq, kept by this process since its last move
        # here; else read and replayed (another process or a bot moved, or a new process).
        cached = take_live_engine(match.pk, match.seq)
        if cached is not None and not claim_window.pending(match):
            deal, engine = cached.deal, cached.engine
        else:
            # Every writer of a match's deals holds the match's row lock, taken above.
            deal = Deal.objects.filter(match=match).order_by("-number").first()
            engine = engine_for(match, deal)
        step = claim_window.before_action(match, engine, seat, action)
        if step == claim_window.LAPSE:
            claim_window.lapse(deal, engine)
        if engine.to_act != seat:
            keep_live_engine(match.pk, match.seq, deal, engine, match)  # unchanged, like the row
            raise ClientError("not_your_turn", _("It is not your turn."), seq=match.seq)
        try:
            engine.apply(action)
        except IllegalAction as error:
            keep_live_engine(match.pk, match.seq, deal, engine, match)  # a refusal: unchanged
            # Translated by its key (games/messages.py) into the language the consumer set.
            message = illegal_action_message(error, engine.game.pack.name)
            raise ClientError("illegal_action", message, seq=match.seq) from None
    entry = {"seat": seat, "action": action}
    if step == claim_window.PRIVATE and not engine.is_over:
        return _answer_claim_privately(match, seats, deal, engine, entry)
    deal.actions = [*deal.actions, entry]
    match.seq += 1
    current, current_engine = deal, engine
    summary = {}
    if not engine.is_over:
        # The common move: the deal goes on. Append and bump in one statement.
        _restart_move_clock(match, mover=seat, to_act=claim_window.seat_on_move(engine))
        if not _store_move(match, deal, entry, expected_seq=seq, locked=True):
            raise RuntimeError(f"match {match.pk}: move not stored under the lock")
    else:
        deal.result = engine.result()
        deal.finished_at = timezone.now()
        results = _store_deal_end(deal)
        next_deal = _after_deal(match, deal, results)
        if next_deal is not None:
            current, current_engine = next_deal, engine_for(match, next_deal)
        if match.status == Match.Status.IN_PROGRESS:
            _restart_move_clock(match, mover=seat, to_act=current_engine.to_act)
        _store_match_and_deal(match, _DEAL_END_FIELDS, next_deal)
        if next_deal is not None:
            # The next deal's states show this deal's last trick: from its engine, not
            # read and replayed; kept for later states once committed.
            trick = last_trick_of(engine)
            summary["previous_last_trick"] = trick
            match_pk, number = match.pk, deal.number
            transaction.on_commit(lambda: remember_last_trick(match_pk, number, trick))
    if claim_window.after_action(match, engine, action):
        claim_window.store(match)
    _broadcast_on_commit(match, seats, current, current_engine, **summary)
    if match.status == Match.Status.FINISHED:
        _record_result_on_commit(match)
    else:
        match_pk, new_seq = match.pk, match.seq
        transaction.on_commit(
            lambda: keep_live_engine(match_pk, new_seq, current, current_engine, match)
        )
    return match.seq


def _answer_claim_privately(match: Match, seats, deal: Deal, engine, entry: dict) -> int:
    """A claimant's answer inside the claim window that leaves the deal going on (a
    decline; a claim ends the deal and is stored and told as any move), already applied
    to ``engine``: private (games/claim_window.py). It is appended to the deal's log, but
    the match's ``seq``, clocks and window stay as they are and nothing is broadcast;
    after commit the sockets of the claimants (this one, and one offered the card now)
    are sent their own state again (``match.resend``), and a bot now offered the card
    answers.

    Call while holding select_for_update on the Match.

    Returns:
        The match's ``seq``, unchanged.
    """
    deal.actions = [*deal.actions, entry]
    Deal.objects.filter(pk=deal.pk).update(actions=deal.actions)
    told = [entry["seat"], *claim_window.open_claims(engine)]
    group, match_pk, seq = match.group_name, match.pk, match.seq
    transaction.on_commit(lambda: live.group_send(group, {"type": "match.resend", "seats": told}))
    transaction.on_commit(lambda: keep_live_engine(match_pk, seq, deal, engine, match))
    if claim_window.open_claims(engine):
        _bots_on_commit(match, engine, seats, only_claimant=True)
    return match.seq


def _after_deal(match: Match, deal: Deal, results: list | None = None) -> Deal | None:
    """After a deal's result is saved: finish the match, or prepare the next deal (its
    shuffle and commitment, ``_deal_prepare``; the caller saves it).

    ``results``: every finished deal's result in order, this one's last, when the caller
    has them (``_store_deal_end``); else read.

    Call while holding select_for_update on the Match.

    Returns:
        The next deal, not yet saved, or None when the match is over.
    """
    game = get_game(match.game)
    match.deal_points = [*match.deal_points, deal.result["points"]]
    match.last_result = {"number": deal.number, "result": deal.result}
    if results is None:
        results = list(
            Deal.objects.filter(match=match, result__isnull=False)
            .order_by("number")
            .values_list("result", flat=True)
        )
    match.scores = game.match_scores(results, match.options)
    if _deals_over(match, deal.number):
        places = _places_by_totals(match.scores)
        winner = places.index(1) if places.count(1) == 1 else None
        gone = _gone_seats(match)
        if gone and winner is not None:
            winner, places = _gone_last(match, winner, places, gone)
        _finish(match, winner=winner, places=places, reason=Match.Reason.PLAYED)
        return None
    winner = game.match_winner(results, match.options)
    sits_out = hasattr(game, "sit_out")
    # A seat whose player has gone is placed last, and sits out a banking game's hands:
    # read from the rows (the context of another process may not know it yet).
    gone = _gone_seats(match) if winner is not None or sits_out else []
    if winner is not None:
        places = game.match_places(results, match.options) or _places(match.scores, winner)
        winner, places = _gone_last(match, winner, places, gone)
        _finish(match, winner=winner, places=places, reason=Match.Reason.PLAYED)
        return None
    dealer = game.next_dealer(deal.dealer, match.seat_count, results)
    carry = game.carry_for(match.options, match.seat_count, results)
    if gone:
        carry, dealer = game.sit_out(carry, dealer, match.seat_count, gone, match.options)
        if len(game.playing_seats(carry, match.seat_count)) < 2:
            # Nobody left to play against: the match ends on the chips as they stand.
            best = max(range(len(match.scores)), key=lambda side: (match.scores[side], -side))
            winner, places = _gone_last(match, best, _places(match.scores, best), gone)
            _finish(match, winner=winner, places=places, reason=Match.Reason.PLAYED)
            return None
    return _deal_prepare(match=match, number=deal.number + 1, dealer=dealer, carry=carry)


def _past_round_end(match: Match) -> bool:
    """Whether the round clock of ``match`` (``ends_at``) has run out."""
    return match.ends_at is not None and timezone.now() >= match.ends_at


def _deals_over(match: Match, played: int) -> bool:
    """True when a match of a set number of deals (``deal_limit``, or one deal a board)
    has played them all after ``played`` deals, or its round clock (``ends_at``) has run
    out: no further deal starts."""
    limit = match.deal_limit or (len(match.boards) if match.boards else None)
    if limit is not None and played >= limit:
        return True
    return _past_round_end(match)
