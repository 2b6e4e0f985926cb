"""Determinization of a Ziginette hand for one seat: a hand consistent with what the seat
has seen, the cards it has not seen placed at random (for the ISMCTS bot, issue #12).

Every card of Ziginette is turned face up and every action is public, so the public
history is the action log. What no seat sees is the order of the cards still to be
turned. The view, though, keeps only part of the past: the board, the dead ranks, how
many cards were discarded and the last card turned (the result, once the hand is over,
lists every card). The determinizer rebuilds a past that gives exactly that view.

The procedure (``determinize``):
1. The betting rounds are read from the history: each player with chips in front (his
   stack less what he has bet, since a lost bet leaves his chips in front unchanged)
   bets and says ``done`` in turn from the banker's left.
2. The board cards ever turned are the board now and, for each dead rank, the board card
   it matched (the card bet on, if the history names one; else a card of that rank at
   random). They are put in an order that keeps the board's order and turns each card
   before the first round in which somebody bet on it; the first two are the layout's.
3. Every match is put after the last betting round that happened (or, when the hand
   ended because a round left no bet on the board, before that round), then the other
   cards of the dead ranks that were discarded (their suits at random), with the last
   card turned where the view shows it. Matching later than it happened leaves more bets
   on the board and the same chips won and lost, so the betting replays the same.
4. The cards not turned yet follow in a random order. The history is replayed on this
   deck and the view compared; a sample that does not give it is drawn again. Layouts
   redealt for a pair (``playettes``) are set on the rebuilt hand as the view lists them
   (the redeal shuffle is seeded from the secret deck, so no deck is searched for them);
   the determinized hand's record is then not a replay of the hand.

Raises ValueError for a view that is not of this game, or when no hand fits it.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Ziginette"); Cowling, Powley,
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.rules.base import IllegalAction
from games.rules.cards import ITALIAN_40
from games.rules.determinization import check_view
from games.rules.ziginette.deal import has_playette, rank

if TYPE_CHECKING:
    from games.rules.base import Deal, Game

TRIES = 50
"""Samples tried before giving up."""
CODES = ITALIAN_40.codes
NEVER = 10**6
"""The deadline of a card nobody bet on."""


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Ziginette hand consistent with ``view`` and ``history`` (module docstring).

    ``view``: ``game.view_for(deal, viewer)``; ``history``: ``public_history``; ``options``:
    the validated options; ``rng`` draws the placements. Raises ValueError for a view that
    is not of Ziginette, or when no hand fits it.
    """
    check_view(game, view)
    carry: dict[str, Any] = {"stacks": [player["stack"] for player in view["players"]]}
    if view.get("away"):
        carry["away"] = list(view["away"])
    for _ in range(TRIES):
        deck = _deck(view, history, rng)
        if deck is None:
            continue
        deal: Any = game.new_deal(
            seats=view["seats"], dealer=view["dealer"], options=options, deck=deck, carry=carry
        )
        if view["playettes"]:
            deal.decks = [_with_layout(layout, rng) for layout in view["playettes"]]
            deal.decks.append(deal.cards)
            deal.deck = deal.decks[0]
        try:
            for seat, action in history:
                deal.apply(action, seat=seat)
        except IllegalAction:
            continue
        if game.view_for(deal, view["viewer"]) == view:
            return deal
    raise ValueError(f"no {game.name} hand found consistent with the view in {TRIES} samples")


def _with_layout(layout: list[str], rng: random.Random) -> list[str]:
    """A deck whose first cards are ``layout`` (a playette shown), the rest at random."""
    rest = [code for code in CODES if code not in layout]
    rng.shuffle(rest)
    return list(layout) + rest


def _rounds(view: dict[str, Any], history: list[tuple[int, str]]) -> dict[str, int]:
    """Board card -> the first betting round (1, 2, ...) in which somebody bet on it."""
    seats, banker = view["seats"], view["dealer"]
    front = [player["stack"] for player in view["players"]]
    first_bet: dict[str, int] = {}
    actions = iter(a for _, a in history if not a.startswith("limits "))
    number = 0
    while True:
        order = [s for s in ((banker + i) % seats for i in range(1, seats)) if front[s] > 0]
        number += 1
        if not order:
            return first_bet
        for seat in order:
            for action in actions:
                if action != "done" and action.startswith("bet "):
                    _, card, amount = action.split(" ")
                    front[seat] -= int(amount)
                    first_bet.setdefault(card, number)
                    continue
                break
            else:
                return first_bet


def _deck(
    view: dict[str, Any], history: list[tuple[int, str]], rng: random.Random
) -> list[str] | None:
    """A deck giving ``view`` after ``history`` (module docstring), or None on a dead end."""
    result = view["result"]
    if result is not None and result.get("layout"):
        turned = list(result["layout"]) + list(result["turned"])
        rest = [code for code in CODES if code not in turned]
        rng.shuffle(rest)
        return turned + rest
    if view["limits"] is None:  # the layout is not turned yet
        deck = list(CODES)
        while True:
            rng.shuffle(deck)
            if not has_playette(deck):
                return deck
    board = [entry["card"] for entry in view["board"]]
    banker_card = view["banker_card"]
    dead = list(view["dead"])
    first_bet = _rounds(view, history)
    known = set(board) | {banker_card}
    matched: dict[str, str] = {}  # dead rank -> its board card
    for card in first_bet:
        if card not in board:
            matched[rank(card)] = card
    # The view names each board card matched, in order, and the card that matched it.
    shown = view.get("matched") or []
    for entry in shown:
        matched[rank(entry["card"])] = entry["card"]
    for dead_rank in dead:
        if dead_rank not in matched:
            choices = [c for c in CODES if rank(c) == dead_rank and c not in known]
            matched[dead_rank] = rng.choice(choices)
    known |= set(matched.values()) | {entry["by"] for entry in shown}
    ever = _board_order(board, list(matched.values()), first_bet, rng, view["phase"])
    if ever is None:
        return None
    # The matches and discards, after the last betting round.
    spare = {r: [c for c in CODES if rank(c) == r and c not in known] for r in dead}
    for cards in spare.values():
        rng.shuffle(cards)
    last = view["last_card"]
    if shown:
        # The matches are known, in order: the last card is the last match or a discard.
        ends_on_match = last is not None and last == shown[-1]["by"]
        last_dead = ends_on_match or (last is not None and last in spare.get(rank(last), ()))
        matchers = {rank(entry["card"]): entry["by"] for entry in shown}
    else:
        last_dead = last is not None and rank(last) in spare and last in spare[rank(last)]
        # A last card of a dead rank is the match that ended the hand (the board is empty)
        # or, the pack used up, a match or a discard.
        ends_on_match = last_dead and (not board or rng.random() < 0.5)
        if last_dead:
            spare[rank(last)].remove(last)
            spare[rank(last)].append(last)  # popped first: the match, if it ends on one
        matchers = {r: spare[r].pop() for r in dead}
    extra = view["discards"] - 2 * len(dead)
    pool = [
        c for r in dead for c in spare[r] if c != last and not (ends_on_match and r == rank(last))
    ]
    rng.shuffle(pool)
    if last_dead and not ends_on_match:
        if extra < 1 or extra - 1 > len(pool):
            return None
        discards = pool[: extra - 1] + [last]
    else:
        if extra < 0 or extra > len(pool):
            return None
        discards = pool[:extra]
    if shown:
        order = [rank(entry["card"]) for entry in shown]
    else:
        order = list(dead)
        rng.shuffle(order)
    if ends_on_match and not shown:
        order.remove(rank(last))
        order.append(rank(last))
    matches = [matchers[r] for r in order]
    if ends_on_match:
        segment = matches[:-1] + discards + matches[-1:]
    else:
        segment = matches + discards
    new_cards = ever[2:]
    phase, stock = view["phase"], view["stock_count"]
    if phase == "bet" or (phase == "bank_choice" and board and stock):
        # The hand goes on (or ended when a round left no bet): the last board card came last.
        turned = new_cards[:-1] + segment + new_cards[-1:]
    else:
        turned = new_cards + segment
    deck = ever[:2] + [banker_card] + turned
    rest = [code for code in CODES if code not in set(deck)]
    if len(deck) + len(rest) != len(CODES) or len(rest) != stock:
        return None
    rng.shuffle(rest)
    return deck + rest


def _board_order(
    board: list[str],
    matched: list[str],
    first_bet: dict[str, int],
    rng: random.Random,
    phase: str,
) -> list[str] | None:
    """Every board card ever turned, in an order that keeps ``board``'s and turns each card
    before the first round it was bet on (the cards at slots 0 and 1 are the layout's,
    bet on from round 1; the card at slot k starts round k). None when there is none."""
    rng.shuffle(matched)
    pending = list(matched)
    result: list[str] = []
    index = 0  # next card of ``board``
    total = len(board) + len(matched)
    keep_last = phase == "bet" or (phase == "bank_choice" and board)
    for slot in range(total):
        candidates = list(pending)
        if index < len(board) and not (keep_last and index == len(board) - 1 and pending):
            candidates.append(board[index])
        if not candidates:
            return None

        deadlines = {card: _deadline(card, pending, board, index, first_bet) for card in candidates}
        soonest = min(deadlines.values())
        tight = [card for card in candidates if deadlines[card] == soonest]
        card = rng.choice(tight) if soonest < NEVER else rng.choice(candidates)
        if deadlines[card] < slot:  # slots 0 and 1 are round 1, slot k round k
            return None
        result.append(card)
        if card in pending:
            pending.remove(card)
        else:
            index += 1
    return result


def _deadline(
    card: str, pending: list[str], board: list[str], index: int, first_bet: dict[str, int]
) -> int:
    """The last slot ``card`` may take: the first round it was bet on; for the next card of
    the board (``board[index]``), early enough for the board cards after it too."""
    if card in pending:
        return first_bet.get(card, NEVER)
    return min(first_bet.get(board[j], NEVER) - (j - index) for j in range(index, len(board)))
