"""Services that change matches and deals: start a match, apply an action, resign.

Each service is one transaction holding ``select_for_update`` on the Match row, so
concurrent actions on one match are applied one at a time; the one exception is the
common move on a match this process keeps (``match_apply_kept``), a single statement that
applies only if the match is still at the move's ``seq``. The action is stored before
anything is broadcast: broadcasts and Celery tasks leave only after commit
(``transaction.on_commit``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Case, IntegerField, Q, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _

from games import claim_window, live, time_controls
from games.errors import ClientError
from games.hooks import send_match_finished_on_commit
from games.messages import illegal_action_message
from games.models import Deal, Match, Seat
from games.rules import IllegalAction, fairness, get_game
from games.state import (
    SeatInfo,
    clock_summary,
    context_is_fresh,
    engine_for,
    forget_match_context,
    keep_deal_end,
    keep_live_engine,
    last_trick_known,
    last_trick_of,
    match_seats,
    move_seconds_left,
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


def _locked_match(match_id: int) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise ClientError("not_found", _("There is no such match.")) from None


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


def _live_match(match_id: int, seq: int | None) -> Match:
    match = _locked_match(match_id)
    if match.status != Match.Status.IN_PROGRESS:
        raise ClientError("match_not_live", _("This match is not being played now."), seq=match.seq)
    if seq is not None and seq != match.seq:
        raise ClientError(
            "stale",
            _("The table changed before your move arrived; it has been refreshed."),
            seq=match.seq,
        )
    return match


def _seat_number(seats: Sequence[SeatInfo], player_id: int) -> int | None:
    return next((seat.number for seat in seats if seat.player_id == player_id), None)


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
            ``not_your_turn`` or ``illegal_action``; nothing is changed.
    """
    new_seq = match_apply_kept(
        match_id=match_id, player_id=player_id, action=action, seq=seq, by_computer=by_computer
    )
    if new_seq is not None:
        return new_seq
    return _apply_locked(
        match_id=match_id, player_id=player_id, action=action, seq=seq, by_computer=by_computer
    )


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
    engine, the same one statement (``_STORE_MOVE_SQL``, the session check included) on a
    connection of the loop (games/async_db.py), each seat's state made while PostgreSQL
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
    from games import async_db

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
    async with async_db.connection() as conn:
        store = asyncio.ensure_future(conn.execute(_STORE_MOVE_SQL, params))
        try:
            # One turn of the loop sends the statement; the states are made while
            # PostgreSQL runs it, and sent only once it is known to be stored.
            await asyncio.sleep(0)
            deal.actions = [*deal.actions, move.entry]
            messages = _states_or_none(match, move.seats, deal, move.engine)
        finally:
            cursor = await store
        stored = cursor.rowcount == 1
    if not stored:
        return None  # changed meanwhile: the locked way (this deal and engine are dropped)
    if messages is not None:
        await live.group_send_async(match.group_name, {"type": "match.state", **messages})
    keep_live_engine(match.pk, match.seq, deal, move.engine, match)
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
    if match is None or match.grace_until is not None or claim_window.has_window(engine.game):
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


def _GONE_MESSAGE() -> str:  # noqa: N802 (a message, translated when raised)
    return _(
        "You have left this table: the computer plays your seat to the end of the match, "
        "and you are placed last."
    )


def _has_bot_name(match: Match) -> bool:
    """Whether a seat of ``match`` (cached context) is a bot's account (``bot-...``) or a
    gone player's, whom the computer plays."""
    return any(s.username.startswith("bot-") or s.gone for s in match_seats(match))


def _is_gone(seats: Sequence[SeatInfo], number: int) -> bool:
    """Whether seat ``number``'s player has gone (the computer plays it)."""
    return any(s.number == number and s.gone for s in seats)


@transaction.atomic
def _apply_locked(
    *, match_id: int, player_id: int, action: str, seq: int, by_computer: bool = False
) -> int:
    """``match_apply_action`` under the match's row lock:

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


# One statement for a move that does not end its deal: the match's seq and clocks move on
# only if it is still at the seq the move was made on, live and (unless the caller holds
# its lock) out of its grace; the action is appended to the deal only if the match moved.
# The tables are Match's and Deal's (tests/games/test_live_cache.py checks the names).
_STORE_MOVE_SQL = (
    "WITH moved AS (UPDATE games_match SET seq = %s, move_deadline = %s, grace_until = %s, "
    "clock_banks = %s::jsonb, turn_started_at = %s "
    "WHERE id = %s AND seq = %s AND status = %s AND (%s OR grace_until IS NULL) "
    "AND (%s OR (EXISTS (SELECT 1 FROM django_session WHERE session_key = %s "
    "AND expire_date > %s) AND EXISTS (SELECT 1 FROM accounts_player WHERE id = %s "
    "AND is_active))) "
    "RETURNING id) "
    "UPDATE games_deal SET actions = actions || %s::jsonb "
    "WHERE id = %s AND match_id = (SELECT id FROM moved)"
)


def _store_move(
    match: Match,
    deal: Deal,
    entry: dict,
    *,
    expected_seq: int,
    locked: bool,
    session: tuple[str | None, int] = (None, 0),
) -> bool:
    """Store a move that does not end its deal with one statement (``_STORE_MOVE_SQL``):
    the match's new ``seq`` and clocks from ``match`` (already changed), ``entry``
    appended to ``deal``'s log. Atomic as one statement; two racing moves on one seq are
    ordered by the match row's lock, and the second finds the seq moved on.

    Returns:
        True when stored; False (nothing changed) when the match is no longer at
        ``expected_seq``, live, and out of its grace (the grace is not checked when
        ``locked``: the caller holds the match's row lock and read it), or, with a
        ``session`` (session key, player id) whose key is not None, when that session
        row is gone or expired or the player is inactive.
    """
    if connection.vendor != "postgresql":
        return _store_move_portable(
            match, deal, entry, expected_seq=expected_seq, locked=locked, session=session
        )
    with connection.cursor() as cursor:
        cursor.execute(
            _STORE_MOVE_SQL,
            _store_move_params(
                match, deal, entry, expected_seq=expected_seq, locked=locked, session=session
            ),
        )
        return cursor.rowcount == 1


def _store_move_params(
    match: Match,
    deal: Deal,
    entry: dict,
    *,
    expected_seq: int,
    locked: bool,
    session: tuple[str | None, int],
) -> list:
    """The parameters of ``_STORE_MOVE_SQL``, in its order, for ``_store_move`` and
    ``match_apply_kept_async`` (arguments as ``_store_move``'s)."""
    session_key, player_id = session
    banks = None if match.clock_banks is None else json.dumps(match.clock_banks)
    return [
        match.seq,
        match.move_deadline,
        match.grace_until,
        banks,
        match.turn_started_at,
        match.pk,
        expected_seq,
        Match.Status.IN_PROGRESS.value,
        locked,
        session_key is None,
        session_key,
        timezone.now(),
        player_id,
        json.dumps([entry]),
        deal.pk,
    ]


def _store_move_portable(
    match: Match,
    deal: Deal,
    entry: dict,
    *,
    expected_seq: int,
    locked: bool,
    session: tuple[str | None, int],
) -> bool:
    """``_store_move`` on a database other than PostgreSQL (the embedded default, SQLite),
    whose statement is PostgreSQL's: the same conditions and changes through the ORM in
    one transaction, the match's row updated first (SQLite then holds its write lock, so
    writers are serialized). Returns as ``_store_move``; on False nothing is changed."""
    from django.contrib.sessions.models import Session

    from accounts.models import Player

    session_key, player_id = session
    with transaction.atomic():
        rows = Match.objects.filter(pk=match.pk, seq=expected_seq, status=Match.Status.IN_PROGRESS)
        if not locked:
            rows = rows.filter(grace_until__isnull=True)
        moved = rows.update(
            seq=match.seq,
            move_deadline=match.move_deadline,
            grace_until=match.grace_until,
            clock_banks=match.clock_banks,
            turn_started_at=match.turn_started_at,
        )
        signed_in = session_key is None or (
            Session.objects.filter(session_key=session_key, expire_date__gt=timezone.now()).exists()
            and Player.objects.filter(pk=player_id, is_active=True).exists()
        )
        actions = (
            Deal.objects.filter(pk=deal.pk, match_id=match.pk)
            .values_list("actions", flat=True)
            .first()
        )
        if moved != 1 or not signed_in or actions is None:
            transaction.set_rollback(True)
            return False
        Deal.objects.filter(pk=deal.pk).update(actions=[*actions, entry])
    return True


# The match's fields that the end of a deal changes (``_apply_locked``).
_DEAL_END_FIELDS = (
    "seq",
    "scores",
    "deal_points",
    "last_result",
    "status",
    "winner_seat",
    "places",
    "reason",
    "finished_at",
    "move_deadline",
    "grace_until",
    "clock_banks",
    "turn_started_at",
)

# One statement for a deal's end: the deal's log, result and finish time stored, and the
# results of the match's deals finished before it read (the statement's snapshot does not
# see its own update, and the deal is also left out by id).
_STORE_DEAL_END_SQL = (
    "WITH ended AS (UPDATE games_deal SET actions = %s, result = %s, finished_at = %s "
    "WHERE id = %s RETURNING id) "
    "SELECT (SELECT count(*) FROM ended), "
    "(SELECT coalesce(jsonb_agg(result ORDER BY number), '[]'::jsonb) FROM games_deal "
    "WHERE match_id = %s AND result IS NOT NULL AND id <> %s)"
)


def _db_values(instance, names, *, add: bool = False) -> tuple[list[str], list]:
    """The quoted columns of ``instance``'s fields ``names`` and their values prepared for
    the database as the ORM's save would (``pre_save``, then ``get_db_prep_save``;
    ``add``: as for an insert, so ``auto_now_add`` fields are set)."""
    columns, values = [], []
    for name in names:
        field = instance._meta.get_field(name)
        columns.append(connection.ops.quote_name(field.column))
        values.append(field.get_db_prep_save(field.pre_save(instance, add), connection))
    return columns, values


def _store_deal_end(deal: Deal) -> list:
    """Store a finished deal's ``actions``, ``result`` and ``finished_at`` and read the
    results of the match's deals before it, in one statement (``_STORE_DEAL_END_SQL``).

    Call while holding select_for_update on the Match.

    Returns:
        Every finished deal's result in deal order, this one's last, as the database
        gives them back (JSON).

    Raises:
        RuntimeError: the deal's row is gone (nothing is stored).
    """
    if connection.vendor != "postgresql":
        # The embedded default (SQLite): the same through the ORM, under the match's lock.
        if not Deal.objects.filter(pk=deal.pk).exists():
            raise RuntimeError(f"deal {deal.pk}: its end not stored")
        deal.save(update_fields=["actions", "result", "finished_at"])
        earlier = list(
            Deal.objects.filter(match_id=deal.match_id, result__isnull=False)
            .exclude(pk=deal.pk)
            .order_by("number")
            .values_list("result", flat=True)
        )
        return [*earlier, json.loads(json.dumps(deal.result))]
    _, values = _db_values(deal, ["actions", "result", "finished_at"])
    with connection.cursor() as cursor:
        cursor.execute(_STORE_DEAL_END_SQL, [*values, deal.pk, deal.match_id, deal.pk])
        ended, earlier = cursor.fetchone()
    if ended != 1:
        raise RuntimeError(f"deal {deal.pk}: its end not stored")
    earlier = json.loads(earlier) if isinstance(earlier, str) else earlier
    # This deal's result as the database holds it (a JSON round trip), like the others'.
    return [*earlier, json.loads(json.dumps(deal.result))]


def _store_match_and_deal(match: Match, fields: Sequence[str], deal: Deal | None) -> None:
    """Save ``match``'s ``fields``; with ``deal`` (a new, unsaved deal of the match), insert
    it in the same statement and give it its id.

    Call while holding select_for_update on the Match.
    """
    if deal is None or connection.vendor != "postgresql":
        # Without ``deal``, or on the embedded default (SQLite): two statements, the ORM's.
        if deal is not None:
            deal.save(force_insert=True)
        match.save(update_fields=list(fields))
        return
    quote = connection.ops.quote_name
    columns, values = _db_values(match, fields)
    inserted = [f.name for f in Deal._meta.concrete_fields if not f.primary_key]
    deal_columns, deal_values = _db_values(deal, inserted, add=True)
    # Names from the models' metadata only; every value is a parameter.
    deal_table, match_table = quote(Deal._meta.db_table), quote(Match._meta.db_table)
    into = ", ".join(deal_columns)
    slots = ", ".join(["%s"] * len(deal_values))
    assignments = ", ".join(f"{column} = %s" for column in columns)
    sql = (
        f"WITH dealt AS (INSERT INTO {deal_table} ({into}) VALUES ({slots}) "  # noqa: S608
        f"RETURNING {quote(Deal._meta.pk.column)}) "
        f"UPDATE {match_table} SET {assignments} "
        f"WHERE {quote(Match._meta.pk.column)} = %s RETURNING (SELECT * FROM dealt)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*deal_values, *values, match.pk])
        row = cursor.fetchone()
    if row is None or row[0] is None:
        raise RuntimeError(f"match {match.pk}: the next deal not stored")
    deal.pk = row[0]
    deal._state.adding = False
    deal._state.db = connection.alias


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


def _gone_seats(match: Match) -> list[int]:
    """The seats of ``match`` whose player has gone, in the order they went."""
    return list(
        Seat.objects.filter(match=match, gone_at__isnull=False)
        .order_by("gone_at", "number")
        .values_list("number", flat=True)
    )


def _deals_over(match: Match, played: int) -> bool:
    """True when a match of a set number of deals (``deal_limit``, or one deal a board)
    has played them all after ``played`` deals, or its round clock (``ends_at``) has run
    out: no further deal starts."""
    limit = match.deal_limit or (len(match.boards) if match.boards else None)
    if limit is not None and played >= limit:
        return True
    return match.ends_at is not None and timezone.now() >= match.ends_at


def _places_by_totals(totals: Sequence[int]) -> list[int]:
    """Places per side by match totals, higher first; equal totals share a place.

    >>> _places_by_totals([120, 80, 120])
    [1, 3, 1]
    """
    return [1 + sum(other > mine for other in totals) for mine in totals]


def _gone_last(
    match: Match, winner: int, places: Sequence[int], gone: Sequence[int]
) -> tuple[int, list[int]]:
    """``(winner, places)`` with the seats ``gone`` (in the order they went; at a table
    where every side is one seat) placed behind everyone who stayed, whatever their
    score: the one who went first last. The others keep their places as played, closed
    up; the winner is the first of them (on a shared first place, the higher match score,
    then the lower seat). Unchanged when nobody has gone."""
    if not gone:
        return winner, list(places)
    scores = list(match.scores) or [0] * len(places)
    stayed = sorted(
        (side for side in range(len(places)) if side not in gone), key=places.__getitem__
    )
    result = [0] * len(places)
    for rank, side in enumerate(stayed):
        before = stayed[rank - 1] if rank else None
        shared = before is not None and places[before] == places[side]
        result[side] = result[before] if shared else rank + 1
    for behind, side in enumerate(reversed(gone), start=len(stayed) + 1):
        result[side] = behind
    if not stayed:
        return gone[-1], result
    first = min(stayed, key=lambda side: (result[side], -scores[side], side))
    return first, result


def _restart_move_clock(match: Match, mover: int | None = None, to_act: int | None = None) -> None:
    """Start the clock of the seat now on move (``to_act``), after ``mover`` acted.

    - The move clock: the seat on move has ``move_timeout`` to act.
    - The match clock (a Fischer clock, when ``clock_banks`` is set): the time since the
      turn began comes off ``mover``'s bank, which then gains ``clock_increment``; the seat
      on move may not run past its bank.
    The deadline is the earlier of the two (none without either). A move made while the
    players are still arriving ends the grace: the clocks run.
    """
    now = timezone.now()
    deadline = None
    if match.clock_banks is not None:
        banks = [float(bank) for bank in match.clock_banks]
        if mover is not None and match.turn_started_at is not None:
            used = (now - match.turn_started_at).total_seconds()
            increment = match.clock_increment.total_seconds() if match.clock_increment else 0.0
            banks[mover] = round(max(0.0, banks[mover] - used) + increment, 3)
        match.clock_banks = banks
        match.turn_started_at = now
        if to_act is not None:
            deadline = now + timedelta(seconds=banks[to_act])
    if match.move_timeout is not None:
        move = now + match.move_timeout
        deadline = move if deadline is None else min(deadline, move)
    if match.move_timeout is not None or match.clock_banks is not None:
        match.move_deadline = deadline
        match.grace_until = None


def matches_extend_grace(matches, until) -> int:
    """Let the matches of ``matches`` (a Match queryset) still waiting for their players
    (in progress, in their grace) wait until ``until`` (an aware datetime): the grace's end
    and the deadline move there together. The demo does it, whose matches a new user opens
    only after reading around. Returns how many matches were changed."""
    return matches.filter(status=Match.Status.IN_PROGRESS, grace_until__isnull=False).update(
        grace_until=until, move_deadline=until
    )


def _open_grace(match: Match) -> None:
    """A match with a move clock starts with a grace of ``MATCH_GRACE_SECONDS`` for its
    players to connect: the deadline is the end of the grace, and the first move's clock
    starts when every seat has arrived (``seat_arrived``). Seats already connected
    (``arrived_at``) count; a match without a clock has no grace."""
    if match.clock_base is not None:
        match.clock_banks = [match.clock_base.total_seconds()] * match.seat_count
        match.turn_started_at = None
    if match.move_timeout is None and match.clock_base is None:
        return
    now = timezone.now()
    match.grace_until = now + timedelta(seconds=settings.MATCH_GRACE_SECONDS)
    match.move_deadline = match.grace_until


@transaction.atomic
def seat_arrived(*, match_id: int, player_id: int) -> bool:
    """The seated ``player_id`` has connected to the live match: note when it first did
    (``Seat.arrived_at``); once every seat has arrived during the grace, start the move
    clock of the seat on move and tell every connection with a ``clock`` message
    (docs/protocol.md). The ``seq`` does not change, so a move sent meanwhile is not
    refused as stale.

    Returns True when the clock started. Safe to call on every connection: after the
    first arrival, and outside a grace, it only reads.
    """
    seat = Seat.objects.filter(match_id=match_id, player_id=player_id).first()
    if seat is None:
        return False
    if (
        seat.arrived_at is not None
        and not Match.objects.filter(
            pk=match_id, grace_until__isnull=False, status=Match.Status.IN_PROGRESS
        ).exists()
    ):
        return False
    match = _locked_match(match_id)
    now = timezone.now()
    Seat.objects.filter(pk=seat.pk, arrived_at__isnull=True).update(arrived_at=now)
    if match.status != Match.Status.IN_PROGRESS or match.grace_until is None:
        return False
    if Seat.objects.filter(match=match, arrived_at__isnull=True).exists():
        return False
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    to_act = engine_for(match, deal).to_act if deal is not None else None
    _restart_move_clock(match, to_act=to_act)
    match.save(update_fields=["move_deadline", "grace_until", "clock_banks", "turn_started_at"])
    message = {
        "type": "match.clock",
        "seq": match.seq,
        "move_deadline": match.move_deadline.isoformat() if match.move_deadline else None,
        "move_seconds_left": move_seconds_left(match),
        "clock": clock_summary(match),
    }
    group = match.group_name
    transaction.on_commit(lambda: live.group_send(group, message))
    return True


def match_check_clock(*, match_id: int) -> bool:
    """Forfeit the match now if its deadline has passed (``match_forfeit_if_idle``); a
    cheap read otherwise. Called on every connection and ping, so that the embedded
    default, which runs no beat, forfeits as a deployment does; there, it also queues the
    move of a bot that waited for a claim window now closed (``_bot_after_claim_window``).
    Returns True when it forfeited."""
    row = (
        Match.objects.filter(pk=match_id, status=Match.Status.IN_PROGRESS)
        .values_list("move_deadline", "claims_close_at")
        .first()
    )
    deadline, claims_close_at = row or (None, None)
    now = timezone.now()
    if claims_close_at is not None and claims_close_at <= now and _tasks_run_eagerly():
        _bot_after_claim_window(match_id)
    if deadline is None or deadline > now:
        return False
    return match_forfeit_if_idle(match_id=match_id)


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


def _places(scores: Sequence[int], winner: int, last: int | None = None) -> list[int]:
    """Places per side (1 first): ``winner`` first, ``last`` (a side that resigned or
    forfeited) last, the others by ``scores``, higher first; equal scores share a place."""
    order = sorted(
        range(len(scores)), key=lambda side: (side != winner, side == last, -scores[side])
    )
    places = [0] * len(scores)
    for rank, side in enumerate(order):
        before = order[rank - 1] if rank else None
        shared = (
            before is not None
            and before not in (winner, last)
            and side != last
            and scores[before] == scores[side]
        )
        places[side] = places[before] if shared else rank + 1
    return places


def _finish_against(match: Match, seat: int, reason: str) -> None:
    """Finish ``match`` against ``seat``'s side (it resigned or forfeited): with two sides
    the other wins; with more, the loser is placed last and the best of the others by
    the match scores wins (the lower side number on equal scores)."""
    sides = match.sides
    loser = next(number for number, side in enumerate(sides) if seat in side)
    others = [side for side in range(len(sides)) if side != loser]
    scores = list(match.scores) or [0] * len(sides)
    winner = max(others, key=lambda side: (scores[side], -side))
    _finish(match, winner=winner, places=_places(scores, winner, last=loser), reason=reason)


def _finish(match: Match, *, winner: int, places: list[int], reason: str) -> None:
    match.status = Match.Status.FINISHED
    match.winner_seat = winner
    match.places = places
    match.reason = reason
    match.finished_at = timezone.now()
    match.move_deadline = None


@transaction.atomic
def match_resign(*, match_id: int, player_id: int, seq: int | None = None) -> int:
    """Resign a match in progress for the player's side: with two sides the other side
    wins; at a table of three or more sides the resigning side is placed last and the
    best of the others by the match scores wins (``_finish_against``).

    Returns:
        The match's new ``seq``.

    Raises:
        ClientError: ``not_found``, ``match_not_live``, ``stale`` or ``not_seated``.
    """
    match = _live_match(match_id, seq)
    seats = match_seats(match)
    seat = _seat_number(seats, player_id)
    if seat is None:
        raise ClientError("not_seated", _("Only the seated players can resign."), seq=match.seq)
    if _is_gone(seats, seat):
        raise ClientError("gone", _GONE_MESSAGE(), seq=match.seq)
    match.seq += 1
    _finish_against(match, seat, Match.Reason.RESIGNED)
    gone = _gone_seats(match) if len(match.sides) >= 3 else []
    if gone:
        # The players gone before are placed behind the one who resigns.
        scores = list(match.scores) or [0] * len(match.sides)
        match.winner_seat, match.places = _gone_last(
            match, match.winner_seat, _places(scores, match.winner_seat), [*gone, seat]
        )
    match.save()
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    _broadcast_on_commit(match, seats, deal)
    _record_result_on_commit(match)
    return match.seq


@transaction.atomic
def match_walkover(*, match_id: int, seat: int) -> bool:
    """Decide a scheduled or live match by forfeit against ``seat``'s side (its player
    withdrew from the event), as a resignation does (``_finish_against``); a scheduled
    match is decided without a card played. Every seat is told and the result recorded.

    Returns True when this call decided the match (False for one already finished, or a
    bye).
    """
    match = _locked_match(match_id)
    if match.status == Match.Status.FINISHED or match.is_bye:
        return False
    seats = match_seats(match)
    if match.status == Match.Status.SCHEDULED:
        game = get_game(match.game)
        match.options = game.validate_options(match.options)
        match.seat_count = len(seats)
        match.scores = [0] * len(game.sides(len(seats), match.options))
    match.seq += 1
    match.grace_until = None
    _finish_against(match, seat, Match.Reason.FORFEIT)
    match.save()
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    _broadcast_on_commit(match, seats, deal)
    _record_result_on_commit(match)
    return True


def _record_result_on_commit(match: Match) -> None:
    """After commit, tell the layers above that the match finished (games/hooks.py)."""
    send_match_finished_on_commit(match.pk)


def _broadcast_on_commit(
    match: Match, seats: Sequence[SeatInfo], deal: Deal | None, engine=None, **summary
) -> None:
    """After commit, send every connection of the match its own seat's state; when a bot
    is then on move, queue its move. ``summary``: passed to ``state_messages`` (e.g. a
    ``previous_last_trick`` the caller has)."""
    if engine is None and deal is not None:
        engine = engine_for(match, deal)
    messages = state_messages(match, seats, deal, engine, **summary)
    _bots_on_commit(match, engine, seats)
    group = match.group_name
    transaction.on_commit(lambda: live.group_send(group, {"type": "match.state", **messages}))


@transaction.atomic
def match_forfeit_if_idle(*, match_id: int, now=None) -> bool:
    """Decide a match by forfeit when its deadline has passed, as a resignation does
    (``_finish_against``): during the grace (the players still arriving) against the
    first seat that never came, or the seat on move if nobody came; afterwards against
    the seat on move, which let its clock run out. Every seat is told.

    At a table of three or more where every side is one seat, the match goes on instead
    while someone who is neither a bot nor gone stays (``_table_goes_on``): the seats
    that never came, or the seat on move, are marked gone (``_mark_gone``): the computer
    plays them to the end (a banking game's seat sits out) and they are placed last. A
    gone seat's own lapsed clock only queues the computer's move again. When nobody would
    stay, the match is forfeited as above, the seats gone before placed behind the loser.

    Safe to run twice and against a racing action: the match is locked and the deadline
    checked again under the lock.

    Returns:
        True when this call forfeited the match.
    """
    now = now or timezone.now()
    match = _locked_match(match_id)
    if (
        match.status != Match.Status.IN_PROGRESS
        or match.move_deadline is None
        or match.move_deadline > now
    ):
        return False
    seats = match_seats(match)
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    engine = engine_for(match, deal)
    if engine.to_act is None:
        return False
    if claim_window.pending(match) and not claim_window.is_open(match, now):
        # Offers left unanswered lapse first: the seat on move is the next player's.
        claim_window.lapse(deal, engine)
    if match.grace_until is None and _play_for_idle_seat(match, seats, deal, engine):
        return False
    loser = engine.to_act
    leaving = [loser]
    if match.grace_until is not None:
        absent = [s.number for s in Seat.objects.filter(match=match, arrived_at__isnull=True)]
        if absent and len(absent) < len(seats):
            loser = absent[0]
        # Everyone who never came leaves at once: nobody came, nobody stays (a forfeit).
        leaving = absent or leaving
    rows = {
        number: (gone_at, is_bot)
        for number, gone_at, is_bot in Seat.objects.filter(match=match).values_list(
            "number", "gone_at", "player__is_bot"
        )
    }
    gone = sorted(
        (n for n, row in rows.items() if row[0] is not None), key=lambda n: (rows[n][0], n)
    )
    if loser in gone:
        # The computer plays this seat and its move did not come (a queue lost with a
        # restarted server): its clock starts again and its move is queued again.
        _restart_move_clock(match, to_act=engine.to_act)
        match.save()
        _bots_on_commit(match, engine)
        return False
    if _table_goes_on(match, rows, leaving):
        _mark_gone(match, seats, deal, engine, leaving, now)
        return False
    match.seq += 1
    match.grace_until = None
    _finish_against(match, loser, Match.Reason.FORFEIT)
    if gone:
        match.winner_seat, match.places = _gone_last(
            match, match.winner_seat, _places(match.scores or [0] * len(seats), match.winner_seat),
            [*gone, loser],
        )  # fmt: skip
    match.save()
    _broadcast_on_commit(match, seats, deal, engine)
    _record_result_on_commit(match)
    return True


def _table_goes_on(match: Match, rows: dict, leaving: Sequence[int]) -> bool:
    """Whether ``match`` goes on without the players of the seats ``leaving`` (their move
    clock ran out, or they never arrived): at a table of three or more where every side is
    one seat, when someone who is neither a bot nor gone stays to play. ``rows``: seat
    number -> ``(gone_at, is_bot)``. Partnerships and two-player matches are forfeited."""
    sides = match.sides
    if len(sides) < 3 or any(len(side) != 1 for side in sides):
        return False
    return any(
        gone_at is None and not is_bot and number not in leaving
        for number, (gone_at, is_bot) in rows.items()
    )


def _mark_gone(match: Match, seats, deal: Deal, engine, leaving: Sequence[int], now) -> None:
    """Mark the seats ``leaving`` gone (``Seat.gone_at``, final for the match): from now on
    the computer plays them at the heuristic level, queued as a bot's move
    (``_bots_on_commit``; in a banking game they sit out, ``bot_play``), and they are
    placed last when the match ends (``_gone_last``). The grace ends and the seat on
    move's clock starts afresh (a gone seat's Fischer bank is refilled to the base, so
    that the computer has time to move); ``seq`` moves on and every seat is told, its
    ``players`` naming who has gone (docs/protocol.md). Call while holding the Match
    lock."""
    Seat.objects.filter(match=match, number__in=leaving).update(gone_at=now)
    if match.clock_banks is not None and match.clock_base is not None:
        base = match.clock_base.total_seconds()
        match.clock_banks = [
            max(float(bank), base) if n in leaving else bank
            for n, bank in enumerate(match.clock_banks)
        ]
    match.seq += 1
    match.grace_until = None
    _restart_move_clock(match, to_act=engine.to_act)
    match.save()
    forget_match_context(match.pk)
    pk = match.pk
    transaction.on_commit(lambda: forget_match_context(pk))
    seats = tuple(replace(s, gone=True) if s.number in leaving else s for s in seats)
    _broadcast_on_commit(match, seats, deal, engine)


def _play_for_idle_seat(match: Match, seats, deal: Deal, engine) -> bool:
    """The per-game hook of a lapsed move clock: when the game names an action for the
    seat on move (``Game.timeout_action(deal)``, e.g. Rumino's ``"decline"`` of a claim
    offer), play it for that seat, restart the clock and tell every seat; True then.
    Games without the hook, or returning None, forfeit as usual (False). The action must
    not end the deal. Call while holding the Match lock."""
    hook = getattr(engine.game, "timeout_action", None)
    action = hook(engine) if hook is not None else None
    if action is None:
        return False
    seat = engine.to_act
    engine.apply(action)
    deal.actions = [*deal.actions, {"seat": seat, "action": action}]
    deal.save(update_fields=["actions"])
    match.seq += 1
    _restart_move_clock(match, mover=seat, to_act=engine.to_act)
    match.save()
    _broadcast_on_commit(match, seats, deal, engine)
    return True


def matches_forfeit_idle(*, now=None) -> list[int]:
    """Forfeit every match whose seat on move is past its deadline (beat, every minute).

    Returns:
        The ids of the matches forfeited by this call.
    """
    now = now or timezone.now()
    overdue = Match.objects.filter(status=Match.Status.IN_PROGRESS, move_deadline__lt=now)
    return [
        match_id
        for match_id in overdue.values_list("pk", flat=True)
        if match_forfeit_if_idle(match_id=match_id, now=now)
    ]


def player_matches(player):
    """The player's matches (byes of a round included, other byes not): those in progress
    first, then those scheduled, then the finished ones; inside each, the newest
    tournament first and its rounds in order. Seats and players are prefetched for the
    schedule pages."""
    status_rank = Case(
        When(status=Match.Status.IN_PROGRESS, then=Value(0)),
        When(status=Match.Status.SCHEDULED, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    return (
        Match.objects.filter(seats__player=player)
        .filter(Q(is_bye=False) | Q(round__isnull=False))
        .select_related("round__tournament")
        .prefetch_related("seats__player")
        .annotate(status_rank=status_rank)
        .order_by("status_rank", "-round__tournament__created_at", "round__number", "id")
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


@transaction.atomic
def match_create_casual(
    *,
    game: str,
    players: Sequence,
    options: dict | None = None,
    rated: bool = False,
    time_control: str = "",
) -> Match:
    """A casual match (no tournament) between ``players`` in seat order, bots included,
    started at once; ``rated``: it counts in the game's Elo of every seat (bots' ratings
    included; tournaments/services.py ``_rate``); ``time_control``: a key of
    games/time_controls.py (``""``: no clock). With a clock, the grace waits for the
    people only: a bot's seat has arrived from the start. Raises ValueError for a game,
    options, seat count or time control the game does not allow."""
    engine_game = get_game(game)
    normalized = engine_game.validate_options(options or {})
    if len(players) not in engine_game.seat_counts(normalized):
        raise ValueError(f"{engine_game.name} is not played by {len(players)} players")
    clock = time_controls.match_fields(time_control)
    match = Match.objects.create(
        game=game, options=normalized, seat_count=len(players), rated=rated, **clock
    )
    now = timezone.now()
    Seat.objects.bulk_create(
        [
            Seat(
                match=match,
                number=n,
                player=player,
                arrived_at=now if getattr(player, "is_bot", False) else None,
            )
            for n, player in enumerate(players)
        ]
    )
    return match_start(match_id=match.pk)


def match_against_computer(
    *,
    player,
    game: str,
    seats: int | None = None,
    level: str = "random",
    options=None,
    rated: bool = False,
    time_control: str = "",
) -> Match:
    """A casual match of ``game`` for ``player`` at seat 0 and bots of ``level`` in the
    other seats (``seats`` players in all; default: the game's first count with these
    options), started at once. ``rated``: the match updates the game's Elo of the player
    and of the bots (the bots' ratings are listed apart, docs/bots.md "Ratings");
    ``time_control``: a key of games/time_controls.py (``""``: no clock). Raises
    ValueError (KeyError for an unknown game) for a level, seat count, options or time
    control the game does not allow."""
    engine_game = get_game(game)
    normalized = engine_game.validate_options(options or {})
    count = seats if seats is not None else engine_game.seat_counts(normalized)[0]
    if count < 2:
        raise ValueError(f"{engine_game.name} needs at least two players")
    bots = [bot_player(level, number) for number in range(1, count)]
    return match_create_casual(
        game=game,
        players=[player, *bots],
        options=normalized,
        rated=rated,
        time_control=time_control,
    )


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


def _computer_seats(match: Match):
    """The seats of ``match`` the computer plays: bots' and gone players' (a queryset)."""
    return Seat.objects.filter(match=match).filter(
        Q(player__is_bot=True) | Q(gone_at__isnull=False)
    )


_BOT_QUEUE: list = []
"""The function that queues a bot's move, ``queue(match_id, seq, delay)`` (``delay``: seconds
to wait, None for the usual ``BOT_DELAY_SECONDS``): games/tasks.py registers the Celery
task here (``register_bot_queue``), so that this module need not import it."""


_EAGER_BOT_MOVES = threading.local()
"""Per thread, where tasks run eagerly: the bot moves waiting for the one being played
(``pending``, a list of ``(queue, match_id, seq, delay)``), None when none is played."""


def _queue_bot_move(queue, match_id: int, seq: int, delay: float | None) -> None:
    """Queue a bot's move with ``queue`` (``_BOT_QUEUE``). Where tasks run eagerly (the
    embedded default, the tests), an eager task plays the move at once, inside the commit
    of the move before it; a bot's move queued while another is being played on this
    thread therefore waits in a list, and the outermost call plays the list in order: a
    loop, not a recursion, so a table where bots play hundreds of moves in a row (a
    banking game's hands, once the one person at it has passed or lost his chips) cannot
    exceed Python's recursion limit."""
    if not _tasks_run_eagerly():
        queue(match_id, seq, delay)
        return
    if settings.BOT_MOVES_IN_THREAD:
        with _BOT_THREAD_LOCK:
            _BOT_THREAD_MATCHES[match_id] += 1
        _bot_thread().put((queue, match_id, seq, delay))
        return
    pending = getattr(_EAGER_BOT_MOVES, "pending", None)
    if pending is not None:
        pending.append((queue, match_id, seq, delay))
        return
    pending = _EAGER_BOT_MOVES.pending = [(queue, match_id, seq, delay)]
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
    game) stayed frozen for minutes. Each move waits ``BOT_DELAY_SECONDS`` first, as the
    worker's countdown does; the search still runs in its own process
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
    """The bot thread: play each queued move after ``BOT_DELAY_SECONDS``; an error is
    logged and the thread goes on; its database connections are closed after each move."""
    from django.db import connections

    while True:
        queue, *move = jobs.get()
        try:
            time.sleep(settings.BOT_DELAY_SECONDS)
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


_SEARCH_PROCESS: list = []
_SEARCH_PROCESS_LOCK = threading.Lock()


def _tasks_run_eagerly() -> bool:
    """True when Celery runs tasks in the caller's process (the embedded default, tests)."""
    from celery import current_app

    return bool(current_app.conf.task_always_eager)


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


def bot_play(*, match_id: int, seq: int) -> bool:
    """The bot on move in ``match_id`` plays, if the match is still at ``seq`` (a newer state
    means someone acted meanwhile) and, with a claim window, may act now
    (games/claim_window.py ``seat_to_play``): it chooses from its seat's view and the public
    history alone (games/bots.py, ``bot_input``); the ISMCTS level searches for
    ``BOT_SEARCH_SECONDS`` (1 s; Rumino longer, ``games.bots.search_seconds``), which is
    why this runs in the Celery worker (``games.tasks.bot_move``), or, when tasks run
    eagerly (the embedded default), hands the search to a process of its own
    (``_search_process``).
    Returns True when it played."""
    import random as random_module

    from games.bots import bot_input, choose_action, search_seconds

    match = Match.objects.get(pk=match_id)
    if match.status != Match.Status.IN_PROGRESS or match.seq != seq:
        return False
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    engine = engine_for(match, deal)
    number = claim_window.seat_to_play(match, engine)
    if number is None:
        # Early for the claim window (a countdown a little short of it): wait again. Where
        # tasks run eagerly, the next match_check_clock after the close queues the move.
        if not _tasks_run_eagerly():
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
    seconds = search_seconds(engine.game.slug, settings.BOT_SEARCH_SECONDS)
    if action is not None:
        pass
    elif level == "ismcts" and _tasks_run_eagerly():
        # The embedded default has no worker: the search gets a process of its own, so the
        # second it takes never runs in the serving process (issue #12).
        future = _search_process().submit(choose_action, bot, rng, level, seconds=seconds)
        action = future.result()
    else:
        action = choose_action(bot, rng, level, seconds=seconds)
    match_apply_action(
        match_id=match_id, player_id=seat.player_id, action=action, seq=seq, by_computer=gone
    )
    return True


@transaction.atomic
def match_request_rematch(*, match_id: int, player_id: int) -> Match | None:
    """A seated player of a finished casual match asks for a rematch. Once every human
    seat has asked (bots always agree), the rematch starts: the same game, options, time
    control and rating (rated or casual), the seats rotated by one so that everyone plays
    from another seat. Returns the
    rematch once it exists (also to a later ask), else None.

    Raises:
        ClientError: ``not_found``, ``not_seated``, or ``match_not_live`` for a match
            that is not a finished casual one.
    """
    match = _locked_match(match_id)
    seats = list(Seat.objects.filter(match=match).select_related("player").order_by("number"))
    mine = next((s.number for s in seats if s.player_id == player_id), None)
    if mine is None:
        raise ClientError("not_seated", _("Only the seated players can ask for a rematch."))
    if match.round_id is not None or match.status != Match.Status.FINISHED or match.is_bye:
        raise ClientError("match_not_live", _("A rematch is for a finished casual match."))
    if match.rematch_id is not None:
        return match.rematch
    asked = sorted({*match.rematch_requests, mine})
    match.rematch_requests = asked
    humans = [s.number for s in seats if not s.player.is_bot]
    if any(number not in asked for number in humans):
        match.save(update_fields=["rematch_requests"])
        _rematch_news_on_commit(match, asked, None)
        return None
    players = [s.player for s in seats]
    rotated = players[-1:] + players[:-1]
    rematch = match_create_casual(
        game=match.game,
        players=rotated,
        options=match.options,
        rated=match.rated,
        time_control=time_controls.key_of(match),
    )
    match.rematch = rematch
    match.save(update_fields=["rematch_requests", "rematch"])
    _rematch_news_on_commit(match, asked, rematch)
    return rematch


def _rematch_news_on_commit(match: Match, asked: list[int], rematch: Match | None) -> None:
    """After commit, tell every connection to ``match`` who has asked for a rematch and,
    once it exists, where it is (``{"type": "rematch", "asked", "url"}``,
    docs/protocol.md): the seats still on the finished table are taken to it."""
    message = {
        "type": "match.rematch",
        "asked": list(asked),
        "url": rematch.get_absolute_url() if rematch is not None else None,
    }
    group = match.group_name
    transaction.on_commit(lambda: live.group_send(group, message))
