"""Duplicate boards ("carte uguali"): every table of a set plays the same deal for each
board, the same deck order and the same dealer, so that a side can be scored against the
others who held the same cards (tournaments/duplicate.py).

A set of boards is made once (``boards_make``) and given to every match of the set
(``Match.boards``, with the set's key in ``Match.board_set``); deal ``n`` of each match
is board ``n``. The verifiable-shuffle commitment covers the board, not the table: every
table's deal ``n`` has the same deck and salt, so the same commitment, published before
the board is played anywhere (docs/fairness.md).

Secrecy: a board's cards, results and replays are shown to no one, players or
spectators, until every table of the set has finished that board (``deal_hidden``), and
a match of a set cannot be watched while any of its tables is still playing
(``spectating_closed``).
"""

from __future__ import annotations

from typing import Any

from games.models import Deal, Match
from games.rules import fairness, get_game


def boards_make(
    *, game: str, seat_count: int, options: dict[str, Any], count: int, first_dealer: int = 0
) -> list[dict[str, Any]]:
    """``count`` boards for ``game`` at ``seat_count`` seats: each a fresh CSPRNG shuffle
    (the engine's own deal), its dealer (passing to the next seat each board, from
    ``first_dealer``) and a secret salt.

    Returns:
        ``[{"deck": [codes, top first], "dealer": seat, "salt": hex}]``, one per board.

    Raises:
        ValueError: an unknown game, bad options, or a seat count the game does not allow.
    """
    rules = get_game(game)
    options = rules.validate_options(options)
    if seat_count not in rules.seat_counts(options):
        raise ValueError(f"{rules.name} is not played by {seat_count} players")
    if count < 1:
        raise ValueError("a set has at least one board")
    boards = []
    for number in range(count):
        dealer = (first_dealer + number) % seat_count
        deal = rules.new_deal(seats=seat_count, dealer=dealer, options=options)
        boards.append(
            {"deck": deal.record()["deck"], "dealer": dealer, "salt": fairness.new_salt()}
        )
    return boards


def board_finished_everywhere(board_set: str, number: int) -> bool:
    """True when every match of ``board_set`` has finished board ``number`` (its deal
    ``number`` is over) or will never play it (the match is over)."""
    played = Deal.objects.filter(
        match__board_set=board_set, number=number, result__isnull=False
    ).values("match_id")
    return not (
        Match.objects.filter(board_set=board_set)
        .exclude(status=Match.Status.FINISHED)
        .exclude(pk__in=played)
        .exists()
    )


def deal_hidden(deal: Deal) -> bool:
    """True while ``deal`` is a duplicate board some table of its set has not finished:
    its record, result and replay are shown to no one until then."""
    board_set = deal.match.board_set
    return bool(board_set) and not board_finished_everywhere(board_set, deal.number)


def spectating_closed(match: Match) -> bool:
    """True while ``match`` belongs to a set of duplicate boards that is still being
    played at some table: a spectator could pass the cards on, so none is admitted."""
    return bool(match.board_set) and (
        Match.objects.filter(board_set=match.board_set)
        .exclude(status=Match.Status.FINISHED)
        .exists()
    )
