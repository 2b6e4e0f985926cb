"""The end of an event's round clock for a match whose deal in progress is scored as it
stands (``Match.stop_at_time``, set by the event's phase, docs/tournaments.md "The round
clock"): once ``ends_at`` has passed, that deal is stopped, its result is the game's
``result_as_it_stands``, and the match ends as after its last deal.

Where the round clock plays the deal out (``stop_at_time`` False) nothing here acts:
``moves._deals_over`` only keeps a further deal from starting.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Deal, Match
from games.services.common import _broadcast_on_commit, _locked_match
from games.services.endings import _record_result_on_commit
from games.services.moves import _after_deal
from games.services.storage import _DEAL_END_FIELDS, _store_deal_end, _store_match_and_deal
from games.state import engine_for, forget_match_context, match_seats


def _TIME_UP_MESSAGE() -> str:  # noqa: N802 (a message, translated when raised)
    return _("The round's time is up: the deal has been scored as it stands.")


def round_time_up(match: Match, now=None) -> bool:
    """Whether ``match`` stops its deal in progress at time and its round clock has run
    out (``stop_at_time`` and ``ends_at`` passed). Reads only the given row."""
    return (
        match.stop_at_time
        and match.ends_at is not None
        and match.ends_at <= (now or timezone.now())
    )


@transaction.atomic
def match_stop_at_time(*, match_id: int) -> bool:
    """Stop the deal in progress of ``match_id`` at the end of its round clock and end the
    match, when the match says so (``round_time_up``):

    1. lock the Match; leave it alone unless it is in progress, stops at time and its
       ``ends_at`` has passed, and its last deal is still going on;
    2. score that deal as it stands (``Game.result_as_it_stands``; a game that gives None
       is left to play the deal out) and store its result as a finished deal's
       (``_store_deal_end``);
    3. end the match the way a finished deal does (``moves._after_deal``: the round clock
       has run out, so no deal follows): scores, places, the winner;
    4. after commit: every seat is sent the new state, and the layers above are told the
       match finished (standings, ratings, Victory Points, duplicate scoring).

    Safe to run twice and against a racing move: the match is locked and checked again.

    Returns:
        True when this call stopped the deal and ended the match.
    """
    match = _locked_match(match_id)
    if match.status != Match.Status.IN_PROGRESS or not round_time_up(match):
        return False
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    if deal is None or deal.result is not None:
        return False
    engine = engine_for(match, deal)
    if engine.is_over:
        return False
    result = engine.game.result_as_it_stands(engine)
    if result is None:
        return False
    deal.result = result
    deal.finished_at = timezone.now()
    results = _store_deal_end(deal)
    match.seq += 1
    match.grace_until = None
    match.claims_close_at = None
    next_deal = _after_deal(match, deal, results)
    if next_deal is not None:  # cannot be: the round clock has run out
        raise RuntimeError(f"match {match.pk}: a deal would follow the round's end")
    _store_match_and_deal(match, [*_DEAL_END_FIELDS, "claims_close_at"], None)
    forget_match_context(match.pk)
    pk = match.pk
    transaction.on_commit(lambda: forget_match_context(pk))
    _broadcast_on_commit(match, match_seats(match), deal, engine)
    _record_result_on_commit(match)
    return True


def matches_stop_at_time(*, now=None) -> list[int]:
    """Stop the deal in progress of every match whose round clock has run out and whose
    event scores it as it stands (beat, every minute, with the forfeits).

    Returns:
        The ids of the matches ended by this call.
    """
    now = now or timezone.now()
    due = Match.objects.filter(status=Match.Status.IN_PROGRESS, stop_at_time=True, ends_at__lte=now)
    return [
        match_id
        for match_id in due.values_list("pk", flat=True)
        if match_stop_at_time(match_id=match_id)
    ]
