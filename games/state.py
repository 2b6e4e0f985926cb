"""Rebuilding a deal's engine state from its row, and the ``state`` message of
docs/protocol.md for each seat.
"""

from __future__ import annotations

from games.models import Deal, Match, Seat
from games.rules import get_game


def engine_for(match: Match, deal: Deal):
    """Rebuild the engine deal for a Deal row by replaying its record.

    Replaying is cheap (a Spizzichino deal replays in well under a millisecond, see
    docs/performance.md) and keeps one source of truth: the row.

    Raises:
        games.rules.IllegalAction: the stored log does not replay (a corrupt row).
    """
    game = get_game(match.game)
    return game.replay(
        {
            "game": match.game,
            "options": match.options,
            "seats": len(match.scores),
            "dealer": deal.dealer,
            "deck": deal.deck,
            "actions": deal.actions,
        }
    )


def match_seats(match: Match) -> list[Seat]:
    """The match's seats in order, with their players (one query)."""
    return list(Seat.objects.filter(match=match).select_related("player").order_by("number"))


def match_summary(match: Match, seats: list[Seat], deal: Deal | None) -> dict:
    """The ``match`` part of a state message: players, scores, deals, winner.

    ``match`` should come with ``round__tournament`` selected; costs one query (ratings).
    """
    from tournaments.models import STARTING_RATING, Rating

    ratings = dict(
        Rating.objects.filter(game=match.game, player__in=[s.player_id for s in seats]).values_list(
            "player_id", "rating"
        )
    )
    summary = {
        "id": match.pk,
        "game": match.game,
        "game_name": get_game(match.game).name,
        "status": match.status,
        "players": [
            {
                "seat": s.number,
                "username": s.player.username,
                "rating": round(ratings.get(s.player_id, STARTING_RATING)),
            }
            for s in seats
        ],
        "scores": match.scores,
        "target": match.options.get("target"),
        "deal_number": deal.number if deal is not None else 0,
        "options": match.options,
        "deals": [
            {"number": number, "points": points}
            for number, points in enumerate(match.deal_points, start=1)
        ],
        "last_result": match.last_result,
        "winner": match.winner_seat,
        "reason": match.reason,
        "move_deadline": match.move_deadline.isoformat() if match.move_deadline else None,
        "tournament": None,
    }
    if match.round_id is not None:
        tournament = match.round.tournament
        summary["tournament"] = {
            "name": tournament.name,
            "url": tournament.get_absolute_url(),
            "round": match.round.number,
        }
    return summary


def state_message(match: Match, seat: int | None, engine, summary: dict) -> dict:
    """The ``state`` message for one seat (None: a spectator)."""
    return {
        "type": "state",
        "seq": match.seq,
        "seat": seat,
        "match": summary,
        "view": engine.view(seat) if engine is not None else None,
    }


def state_messages(match: Match, seats: list[Seat], deal: Deal | None, engine=None) -> dict:
    """Every seat's ``state`` message at once, for a group broadcast.

    Returns:
        ``{"states": {"0": ..., "1": ..., "spectator": ...}}``; the channel layer is
        server-side only, and each consumer forwards just the one for its own seat.
    """
    if engine is None and deal is not None:
        engine = engine_for(match, deal)
    summary = match_summary(match, seats, deal)
    states = {str(s.number): state_message(match, s.number, engine, summary) for s in seats}
    states["spectator"] = state_message(match, None, engine, summary)
    return {"states": states}


def current_state(match_id: int, seat: int | None) -> dict:
    """The current ``state`` message of a match for one seat, read from the database."""
    match = Match.objects.select_related("round__tournament").get(pk=match_id)
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    engine = engine_for(match, deal) if deal is not None else None
    return state_message(match, seat, engine, match_summary(match, match_seats(match), deal))
