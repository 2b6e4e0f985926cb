"""Casual play, outside tournaments: a match between any players (bots included), a match
against the computer, and a rematch of a finished casual match.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import live, time_controls
from games.errors import ClientError
from games.models import Match, Seat
from games.rules import get_game
from games.services.bot_moves import bot_player
from games.services.common import _locked_match
from games.services.moves import match_start


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
