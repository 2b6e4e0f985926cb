"""The lobby: open challenges for casual matches between players (issue #12).

A player offers a match of a game (its options, rated or not, to anyone or to a named
player); others see the open challenges on /matches/lobby/, which refreshes itself when
one is made, taken or withdrawn (the channel-layer group ``lobby``); the first to accept
plays it at once (``services.match_create_casual``, the seats drawn at random). A rated
challenge's match counts in the game's Elo like a tournament match.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from games import live, services
from games.errors import ClientError
from games.models import Challenge, Match
from games.rules import get_game

GROUP = "lobby"


def _announce() -> None:
    transaction.on_commit(lambda: live.group_send(GROUP, {"type": "results.changed"}))


@transaction.atomic
def challenge_create(
    *,
    creator: Any,
    game: str,
    options: dict | None = None,
    rated: bool = False,
    opponent: str = "",
) -> Challenge:
    """Open a challenge: two players, ``game`` with ``options``; ``opponent`` a username
    (empty: anyone). Raises ValueError with a message for an unknown game, bad options, a
    game not played by two, an unknown or bot opponent, or oneself."""
    try:
        engine_game = get_game(game)
    except KeyError:
        raise ValueError(_("There is no such game.")) from None
    normalized = engine_game.validate_options(options or {})
    if 2 not in engine_game.seat_counts(normalized):
        raise ValueError(_("Challenges are for games of two players."))
    named = None
    if opponent:
        named = get_user_model().objects.filter(username=opponent, is_active=True).first()
        if named is None or named.is_bot:
            raise ValueError(_("There is no player called %(name)s.") % {"name": opponent})
        if named.pk == creator.pk:
            raise ValueError(_("You cannot challenge yourself."))
    challenge = Challenge.objects.create(
        creator=creator, opponent=named, game=game, options=normalized, rated=rated
    )
    _announce()
    return challenge


@transaction.atomic
def challenge_accept(*, challenge_id: int, player: Any) -> Match:
    """Accept an open challenge: its match starts at once, the seats drawn at random.

    Raises:
        ClientError: ``not_found`` (no such open challenge, or one named for another
            player) or ``not_allowed`` (one's own challenge).
    """
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None or challenge.status != Challenge.Status.OPEN:
        raise ClientError("not_found", _("This challenge is no longer open."))
    if challenge.creator_id == player.pk:
        raise ClientError("not_allowed", _("You cannot accept your own challenge."))
    if challenge.opponent_id is not None and challenge.opponent_id != player.pk:
        raise ClientError("not_found", _("This challenge is for another player."))
    players = [challenge.creator, player]
    if secrets.randbelow(2):
        players.reverse()
    match = services.match_create_casual(
        game=challenge.game, players=players, options=challenge.options
    )
    if challenge.rated:
        Match.objects.filter(pk=match.pk).update(rated=True)
        match.rated = True
    challenge.status = Challenge.Status.ACCEPTED
    challenge.match = match
    challenge.save(update_fields=["status", "match"])
    _announce()
    return match


@transaction.atomic
def challenge_cancel(*, challenge_id: int, player: Any) -> None:
    """Withdraw one's own open challenge. Raises ClientError ``not_found`` otherwise."""
    updated = Challenge.objects.filter(
        pk=challenge_id, creator=player, status=Challenge.Status.OPEN
    ).update(status=Challenge.Status.CANCELLED)
    if not updated:
        raise ClientError("not_found", _("This challenge is no longer open."))
    _announce()


def lobby_for(player: Any) -> dict[str, Any]:
    """What the lobby shows ``player``: ``open`` challenges (newest first, those named for
    someone else left out) and ``mine``, the player's own open or just accepted ones."""
    open_ = Challenge.objects.filter(status=Challenge.Status.OPEN).select_related(
        "creator", "opponent"
    )
    visible = [
        c for c in open_[:100] if c.opponent_id in (None, getattr(player, "pk", None))
        or c.creator_id == getattr(player, "pk", None)
    ]  # fmt: skip
    mine = []
    if getattr(player, "is_authenticated", False):
        mine = list(
            Challenge.objects.filter(creator=player)
            .exclude(status=Challenge.Status.CANCELLED)
            .select_related("match", "opponent")[:10]
        )
    return {"challenges": visible, "mine": mine}
