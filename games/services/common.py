"""What the services of a match share: its row locked (``_locked_match``, ``_live_match``),
a player's seat (``_seat_number``, ``_is_gone``) and every seat told its own state after
commit (``_broadcast_on_commit``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from games import live
from games.errors import ClientError
from games.models import Deal, Match
from games.services.bot_queue import _bots_on_commit
from games.state import (
    SeatInfo,
    engine_for,
    state_messages,
)


def _locked_match(match_id: int) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise ClientError("not_found", _("There is no such match.")) from None


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


def _GONE_MESSAGE() -> str:  # noqa: N802 (a message, translated when raised)
    return _(
        "You have left this table: the computer plays your seat to the end of the match, "
        "and you are placed last."
    )


def _is_gone(seats: Sequence[SeatInfo], number: int) -> bool:
    """Whether seat ``number``'s player has gone (the computer plays it)."""
    return any(s.number == number and s.gone for s in seats)


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
