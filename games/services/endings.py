"""How a match ends: a resignation, a walkover (a player withdrew), the finish against one
side, the places of every side, and the players who went placed last; after commit, the
layers above are told the result (games/hooks.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import ClientError
from games.hooks import send_match_finished_on_commit
from games.models import Deal, Match, Seat
from games.rules import get_game
from games.services.common import (
    _GONE_MESSAGE,
    _broadcast_on_commit,
    _is_gone,
    _live_match,
    _locked_match,
    _seat_number,
)
from games.state import (
    match_seats,
)


def _gone_seats(match: Match) -> list[int]:
    """The seats of ``match`` whose player has gone, in the order they went."""
    return list(
        Seat.objects.filter(match=match, gone_at__isnull=False)
        .order_by("gone_at", "number")
        .values_list("number", flat=True)
    )


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
