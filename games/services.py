"""Services that change matches and deals: start a match, apply an action, resign.

Each service is one transaction holding ``select_for_update`` on the Match row and the
current Deal row, so concurrent actions on one match are applied one at a time. The
action is stored before anything is broadcast: broadcasts and Celery tasks leave only
after commit (``transaction.on_commit``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from games import live
from games.errors import ClientError
from games.models import Deal, Match
from games.rules import IllegalAction, get_game
from games.state import SeatInfo, engine_for, match_seats, state_messages


def _deal_new(*, match: Match, number: int, dealer: int) -> Deal:
    """Create deal ``number`` from a fresh CSPRNG shuffle; the deck never leaves the server.

    Call while holding select_for_update on the Match.
    """
    game = get_game(match.game)
    engine = game.new_deal(seats=len(match.scores), dealer=dealer, options=match.options)
    return Deal.objects.create(
        match=match, number=number, dealer=dealer, deck=engine.record()["deck"]
    )


def _locked_match(match_id: int) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise ClientError("not_found", "There is no such match.") from None


@transaction.atomic
def match_start(*, match_id: int) -> Match:
    """Start a scheduled match: draw the first dealer at random and deal deal 1.

    Safe to call twice: a match that is not ``scheduled`` (or is a bye) is returned as is.

    Raises:
        ClientError: ``not_found``.
        ValueError: the game is not played by this many seats.
    """
    match = _locked_match(match_id)
    if match.status != Match.Status.SCHEDULED or match.is_bye:
        return match
    seats = match_seats(match)
    game = get_game(match.game)
    if len(seats) not in game.seats:
        raise ValueError(f"{game.name} is played by {game.seats} players, not {len(seats)}.")
    match.options = game.validate_options(match.options)
    match.first_dealer = secrets.randbelow(len(seats))
    match.scores = [0] * len(seats)
    match.status = Match.Status.IN_PROGRESS
    match.started_at = timezone.now()
    match.seq += 1
    _restart_move_clock(match)
    match.save()
    deal = _deal_new(match=match, number=1, dealer=match.first_dealer)
    _broadcast_on_commit(match, seats, deal)
    return match


def _live_match(match_id: int, seq: int | None) -> Match:
    match = _locked_match(match_id)
    if match.status != Match.Status.IN_PROGRESS:
        raise ClientError("match_not_live", "This match is not being played now.", seq=match.seq)
    if seq is not None and seq != match.seq:
        raise ClientError(
            "stale",
            "The table changed before your move arrived; it has been refreshed.",
            seq=match.seq,
        )
    return match


def _seat_number(seats: Sequence[SeatInfo], player_id: int) -> int | None:
    return next((seat.number for seat in seats if seat.player_id == player_id), None)


@transaction.atomic
def match_apply_action(*, match_id: int, player_id: int, action: str, seq: int) -> int:
    """Apply one player's action to the current deal of a match.

    Steps:
      1. lock the Match and its current Deal; refuse a stale ``seq``, a player who is not
         seated, a seat that is not to act, an action the engine refuses;
      2. append ``{"seat", "action"}`` to the deal's log and save it;
      3. if the deal is over, store its result, then either finish the match
         (``game.match_winner``) or deal the next deal (``game.next_dealer``);
      4. after commit: broadcast each seat's view; for a finished match, queue the
         tournament task that records the result.

    Returns:
        The match's new ``seq``.

    Raises:
        ClientError: ``not_found``, ``match_not_live``, ``stale``, ``not_seated``,
            ``not_your_turn`` or ``illegal_action``; nothing is changed.
    """
    match = _live_match(match_id, seq)
    seats = match_seats(match)
    seat = _seat_number(seats, player_id)
    if seat is None:
        raise ClientError("not_seated", "Only the seated players can play.", seq=match.seq)
    deal = Deal.objects.select_for_update().filter(match=match).order_by("-number").first()
    engine = engine_for(match, deal)
    if engine.to_act != seat:
        raise ClientError("not_your_turn", "It is not your turn.", seq=match.seq)
    try:
        engine.apply(action)
    except IllegalAction as error:
        raise ClientError("illegal_action", str(error), seq=match.seq) from None
    deal.actions = [*deal.actions, {"seat": seat, "action": action}]
    if engine.is_over:
        deal.result = engine.result()
        deal.finished_at = timezone.now()
    deal.save(update_fields=["actions", "result", "finished_at"])
    match.seq += 1
    _restart_move_clock(match)
    current, current_engine = deal, engine
    if engine.is_over:
        current = _after_deal(match, deal) or deal
        if current is not deal:
            current_engine = engine_for(match, current)
    match.save(
        update_fields=[
            "seq",
            "scores",
            "deal_points",
            "last_result",
            "status",
            "winner_seat",
            "reason",
            "finished_at",
            "move_deadline",
        ]
    )
    _broadcast_on_commit(match, seats, current, current_engine)
    if match.status == Match.Status.FINISHED:
        _record_result_on_commit(match)
    return match.seq


def _after_deal(match: Match, deal: Deal) -> Deal | None:
    """After a deal's result is saved: finish the match, or deal the next deal.

    Call while holding select_for_update on the Match.

    Returns:
        The next deal, or None when the match is over.
    """
    game = get_game(match.game)
    match.deal_points = [*match.deal_points, deal.result["points"]]
    match.last_result = {"number": deal.number, "result": deal.result}
    results = list(
        Deal.objects.filter(match=match, result__isnull=False)
        .order_by("number")
        .values_list("result", flat=True)
    )
    match.scores = game.match_scores(results, match.options)
    winner = game.match_winner(results, match.options)
    if winner is not None:
        _finish(match, winner=winner, reason=Match.Reason.PLAYED)
        return None
    return _deal_new(
        match=match,
        number=deal.number + 1,
        dealer=game.next_dealer(deal.dealer, len(match.scores)),
    )


def _restart_move_clock(match: Match) -> None:
    """The seat now on move has ``move_timeout`` to act (no deadline without a timeout)."""
    if match.move_timeout is not None:
        match.move_deadline = timezone.now() + match.move_timeout


def _finish(match: Match, *, winner: int, reason: str) -> None:
    match.status = Match.Status.FINISHED
    match.winner_seat = winner
    match.reason = reason
    match.finished_at = timezone.now()
    match.move_deadline = None


@transaction.atomic
def match_resign(*, match_id: int, player_id: int, seq: int | None = None) -> int:
    """Resign a two-seat match in progress: the other seat wins.

    Returns:
        The match's new ``seq``.

    Raises:
        ClientError: ``not_found``, ``match_not_live``, ``stale``, ``not_seated``, or
            ``illegal_action`` for a game of more than two seats.
    """
    match = _live_match(match_id, seq)
    seats = match_seats(match)
    seat = _seat_number(seats, player_id)
    if seat is None:
        raise ClientError("not_seated", "Only the seated players can resign.", seq=match.seq)
    if len(seats) != 2:
        raise ClientError("illegal_action", "Resigning needs two seats.", seq=match.seq)
    match.seq += 1
    _finish(match, winner=1 - seat, reason=Match.Reason.RESIGNED)
    match.save()
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    _broadcast_on_commit(match, seats, deal)
    _record_result_on_commit(match)
    return match.seq


def _record_result_on_commit(match: Match) -> None:
    from tournaments.tasks import record_match_result

    match_id = match.pk
    transaction.on_commit(lambda: record_match_result.delay(match_id))


def _broadcast_on_commit(
    match: Match, seats: Sequence[SeatInfo], deal: Deal | None, engine=None
) -> None:
    """After commit, send every connection of the match its own seat's state."""
    messages = state_messages(match, seats, deal, engine)
    group = match.group_name
    transaction.on_commit(lambda: live.group_send(group, {"type": "match.state", **messages}))


@transaction.atomic
def match_forfeit_if_idle(*, match_id: int, now=None) -> bool:
    """Decide a two-seat match by forfeit when the seat on move let its deadline pass
    (it never connected, or left): the other seat wins and both are told.

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
    if len(seats) != 2 or engine.to_act is None:
        return False
    match.seq += 1
    _finish(match, winner=1 - engine.to_act, reason=Match.Reason.FORFEIT)
    match.save()
    _broadcast_on_commit(match, seats, deal, engine)
    _record_result_on_commit(match)
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
