"""The clocks of a live match: the move clock and the Fischer match clock, the grace while
the players arrive, and what happens when a deadline passes: a forfeit, or, at a table
of three or more, the seat marked gone and played by the computer to the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import claim_window, live
from games.models import Deal, Match, Seat
from games.services import bot_queue
from games.services.bot_queue import _bot_after_claim_window, _bots_on_commit
from games.services.common import _broadcast_on_commit, _locked_match
from games.services.endings import _finish_against, _gone_last, _places, _record_result_on_commit
from games.state import (
    clock_summary,
    engine_for,
    forget_match_context,
    match_seats,
    move_seconds_left,
)


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


def clock_due(row: tuple, now) -> bool:
    """Whether ``match_check_clock`` may have something to do for a match whose row reads
    ``row`` = ``(status, move_deadline, claims_close_at, stop_at_time, ends_at)`` at
    ``now`` (an aware datetime): a live match whose move deadline, claim window or round
    clock has run out. False means a check would only read (the pings' shortcut,
    games/consumers.py)."""
    status, deadline, claims_close_at, stop_at_time, ends_at = row
    return status == Match.Status.IN_PROGRESS and (
        (deadline is not None and deadline <= now)
        or (claims_close_at is not None and claims_close_at <= now)
        or bool(stop_at_time and ends_at is not None and ends_at <= now)
    )


def match_check_clock(*, match_id: int) -> bool:
    """Forfeit the match now if its deadline has passed (``match_forfeit_if_idle``); a
    cheap read otherwise. Called on every connection and ping, so that the embedded
    default, which runs no beat, forfeits as a deployment does; there, it also queues the
    move of a bot that waited for a claim window now closed (``_bot_after_claim_window``).
    First, a match whose round clock has run out and whose deal in progress is scored as
    it stands is ended so (``round_clock.match_stop_at_time``), before any forfeit.
    Returns True when it forfeited."""
    row = (
        Match.objects.filter(pk=match_id, status=Match.Status.IN_PROGRESS)
        .values_list("move_deadline", "claims_close_at", "stop_at_time", "ends_at")
        .first()
    )
    deadline, claims_close_at, stop_at_time, ends_at = row or (None, None, False, None)
    now = timezone.now()
    if stop_at_time and ends_at is not None and ends_at <= now:
        # Imported here: round_clock ends the match through moves, which imports this module.
        from games.services.round_clock import match_stop_at_time

        if match_stop_at_time(match_id=match_id):
            return False
    if claims_close_at is not None and claims_close_at <= now and bot_queue._tasks_run_eagerly():
        _bot_after_claim_window(match_id)
    if deadline is None or deadline > now:
        return False
    return match_forfeit_if_idle(match_id=match_id)


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
