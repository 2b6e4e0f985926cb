"""The lobby: open challenges for casual matches between players (issue #12).

A player offers a match of a game (its options, the number of players, rated or not, to
anyone or to a named player); others see the open challenges on /matches/lobby/, which
refreshes itself when one is made, joined, left, taken or withdrawn (the channel-layer
group ``lobby``). Each player who accepts takes a seat; the match starts when the last
seat is filled (``services.match_create_casual``, the seats, and so the partnerships,
drawn at random). A rated challenge's match counts in the game's Elo like a tournament
match.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import hooks, live, services, time_controls
from games.errors import ClientError
from games.models import Challenge, Match, Seat
from games.rules import get_game

GROUP = "lobby"
MAX_OPEN_CHALLENGES = 5
"""Open challenges a player may have at once (a lobby is not a notice board)."""


def open_challenges():
    """The challenges still open: status open and offered less than ``CHALLENGE_MINUTES``
    ago (an older one has lapsed; it stays ``open`` in the table but is neither listed,
    counted nor accepted)."""
    since = timezone.now() - timedelta(minutes=settings.CHALLENGE_MINUTES)
    return Challenge.objects.filter(status=Challenge.Status.OPEN, created_at__gte=since)


def announce() -> None:
    """Tell every open lobby page to fetch its list again, once the transaction commits."""
    transaction.on_commit(lambda: live.group_send(GROUP, {"type": "results.changed"}))


@transaction.atomic
def challenge_create(
    *,
    creator: Any,
    game: str,
    options: dict | None = None,
    rated: bool = False,
    opponent: str = "",
    seats: int | None = None,
    time_control: str = "",
) -> Challenge:
    """Open a challenge: ``game`` with ``options`` for ``seats`` players, the creator
    included (None: the first count the options allow, Game.seat_counts); ``opponent`` a
    username (empty: anyone; a named player only for a table of two); ``time_control`` a
    key of games/time_controls.py (empty: no clock).

    Raises ValueError with a message for an unknown game, bad options, a player count the
    game with these options is not played by, an unknown time control, a creator who
    already has ``MAX_OPEN_CHALLENGES`` open, an opponent named for a larger table, an
    unknown or bot opponent, or oneself; nothing is created then."""
    try:
        engine_game = get_game(game)
    except KeyError:
        raise ValueError(_("There is no such game.")) from None
    try:
        normalized = engine_game.validate_options(options or {})
    except ValueError:
        raise ValueError(_("These options cannot be played together.")) from None
    allowed = engine_game.seat_counts(normalized)
    count = allowed[0] if seats is None else seats
    if count not in allowed:
        raise ValueError(
            _("%(game)s with these options is played by %(counts)s players.")
            % {"game": engine_game.name, "counts": ", ".join(str(c) for c in sorted(allowed))}
        )
    time_controls.check(time_control)
    mine = open_challenges().select_for_update().filter(creator=creator)
    if len(mine) >= MAX_OPEN_CHALLENGES:
        raise ValueError(
            _("You already have %(count)s open challenges: withdraw one first.")
            % {"count": MAX_OPEN_CHALLENGES}
        )
    named = None
    if opponent:
        if count != 2:
            raise ValueError(
                _("Only a table of two can be offered to a named player; leave the opponent "
                  "empty and anyone may join.")
            )  # fmt: skip
        named = get_user_model().objects.filter(username=opponent, is_active=True).first()
        if named is None or named.is_bot:
            raise ValueError(_("There is no player called %(name)s.") % {"name": opponent})
        if named.pk == creator.pk:
            raise ValueError(_("You cannot challenge yourself."))
    challenge = Challenge.objects.create(
        creator=creator,
        opponent=named,
        game=game,
        options=normalized,
        rated=rated,
        seats=count,
        time_control=time_control,
    )
    announce()
    return challenge


@transaction.atomic
def challenge_accept(*, challenge_id: int, player: Any) -> Match | None:
    """Take a seat at an open challenge. When that fills the table the match starts at
    once, the seats drawn at random, and is returned; otherwise None (the player waits,
    seated, until the others come, and may leave with ``challenge_leave``).

    Raises:
        ClientError: ``not_found`` (no such open challenge, or one named for another
            player) or ``not_allowed`` (one's own challenge, or one already joined).
    """
    challenge = open_challenges().select_for_update().filter(pk=challenge_id).first()
    if challenge is None:
        raise ClientError("not_found", _("This challenge is no longer open."))
    if challenge.creator_id == player.pk:
        raise ClientError("not_allowed", _("You cannot accept your own challenge."))
    if challenge.opponent_id is not None and challenge.opponent_id != player.pk:
        raise ClientError("not_found", _("This challenge is for another player."))
    joined = list(challenge.joined.order_by("pk"))
    if any(other.pk == player.pk for other in joined):
        raise ClientError("not_allowed", _("You have already joined this challenge."))
    if 1 + len(joined) + 1 < challenge.seats:
        challenge.joined.add(player)
        announce()
        return None
    challenge.joined.add(player)
    match = _start(challenge, [challenge.creator, *joined, player])
    announce()
    return match


@transaction.atomic
def challenge_fill_with_bots(*, challenge_id: int, player: Any, level: str) -> Match:
    """Start one's own open challenge now, bots of ``level`` (games/bots.py ``LEVELS``) in
    the seats nobody has taken; the seats drawn at random as when the table fills. The
    match is rated when the challenge is (the bots' ratings are listed apart).

    Raises:
        ClientError: ``not_found`` (no open challenge of that number made by ``player``).
        ValueError: with a message, for a bot level that does not exist.
    """
    from games.bots import LEVELS

    if level not in LEVELS:
        raise ValueError(_("There is no such computer player."))
    challenge = (
        open_challenges().select_for_update().filter(pk=challenge_id, creator=player).first()
    )
    if challenge is None:
        raise ClientError("not_found", _("This challenge is no longer open."))
    humans = [challenge.creator, *challenge.joined.order_by("pk")]
    bots = [services.bot_player(level, n) for n in range(1, challenge.seats - len(humans) + 1)]
    match = _start(challenge, [*humans, *bots])
    announce()
    return match


def _start(challenge: Challenge, players: list) -> Match:
    """Start ``challenge``'s match for ``players`` seated in a random order (a fair
    shuffle from the system's randomness), mark it accepted, and return the match."""
    order = []
    while players:
        order.append(players.pop(secrets.randbelow(len(players))))
    match = services.match_create_casual(
        game=challenge.game,
        players=order,
        options=challenge.options,
        rated=challenge.rated,
        time_control=challenge.time_control,
    )
    challenge.status = Challenge.Status.ACCEPTED
    challenge.match = match
    challenge.save(update_fields=["status", "match"])
    return match


@transaction.atomic
def challenge_leave(*, challenge_id: int, player: Any) -> None:
    """Give up one's seat at an open challenge one joined (the table is not yet full).
    Raises ClientError ``not_found`` when the player holds no seat at an open challenge
    of that number."""
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if (
        challenge is None
        or challenge.status != Challenge.Status.OPEN
        or not challenge.joined.filter(pk=player.pk).exists()
    ):
        raise ClientError("not_found", _("You hold no seat at this challenge."))
    challenge.joined.remove(player)
    announce()


@transaction.atomic
def challenge_cancel(*, challenge_id: int, player: Any) -> None:
    """Withdraw one's own open challenge. Raises ClientError ``not_found`` otherwise."""
    updated = Challenge.objects.filter(
        pk=challenge_id, creator=player, status=Challenge.Status.OPEN
    ).update(status=Challenge.Status.CANCELLED)
    if not updated:
        raise ClientError("not_found", _("This challenge is no longer open."))
    announce()


@transaction.atomic
def challenges_withdraw(challenge_ids) -> int:
    """Staff withdraw challenges (admin): those of ``challenge_ids`` still open are
    cancelled and every lobby is told. Returns how many were open; the others (taken,
    already withdrawn) are left as they are."""
    count = Challenge.objects.filter(
        pk__in=list(challenge_ids), status=Challenge.Status.OPEN
    ).update(status=Challenge.Status.CANCELLED)
    if count:
        announce()
    return count


def lobby_for(player: Any) -> dict[str, Any]:
    """What the lobby shows ``player``: ``challenges``, the open ones (newest first, those
    named for someone else left out; each with ``joined`` prefetched and ``creator_rating``,
    the creator's rating in the game from games/hooks.py, or None), and ``mine``, the
    player's own open or just accepted ones and those the player joined, each with
    ``go_url``: its match's page while that match is live and the player has not yet
    come to it (the lobby page then takes the player there), else None."""
    open_ = open_challenges().select_related("creator", "opponent").prefetch_related("joined")
    visible = [
        c for c in open_[:100] if c.opponent_id in (None, getattr(player, "pk", None))
        or c.creator_id == getattr(player, "pk", None)
    ]  # fmt: skip
    rated = hooks.ratings([(c.creator_id, c.game) for c in visible])
    for challenge in visible:
        rating = rated.get((challenge.creator_id, challenge.game))
        challenge.creator_rating = round(rating) if rating is not None else None
    mine = []
    if getattr(player, "is_authenticated", False):
        mine = list(
            Challenge.objects.filter(Q(creator=player) | Q(joined=player))
            .exclude(status=Challenge.Status.CANCELLED)
            .distinct()
            .select_related("match", "opponent")[:10]
        )
        waiting = set(
            Seat.objects.filter(
                player=player,
                arrived_at__isnull=True,
                match__in=[c.match_id for c in mine if c.match_id is not None],
                match__status=Match.Status.IN_PROGRESS,
            ).values_list("match_id", flat=True)
        )
        for challenge in mine:
            challenge.go_url = (
                challenge.match.get_absolute_url() if challenge.match_id in waiting else None
            )
    return {"challenges": visible, "mine": mine}
