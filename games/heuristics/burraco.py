"""Burraco: meld what the hand holds (naturals first, wild cards to finish a burraco or to
empty the hand), take the discard pile when it feeds the hand, discard the card worth
least to the side and of no use to the opponents, close whenever allowed.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco": cards on the table
count for the side, cards left in hand against it; a burraco of seven cards or more earns
a bonus, 200 clean and 100 dirty; minus 100 for a pozzetto not taken; 100 for closing),
../shared/rules/README.md ("Burraco") and docs/games/burraco.md (the action spelling and
what ``legal_actions`` offers). The rules of thumb are the ordinary ones of the rummies
of the Canasta family:

- Closing wins 100 and stops the opponents' melding: close as soon as a discard does.
- Lay every natural card the side can use (new melds and additions): cards on the
  table score, cards in hand cost, and an empty hand takes the pozzetto. A meld or an
  addition that completes a burraco comes first, then the one that lays most cards.
- Keep the wild cards (a joker or a 2 turns a clean burraco of 200 into a dirty one of
  100, and costs 20 or 30 in hand) for what only they can do: complete a burraco, or
  empty the hand (to take the pozzetto, or close), or, late in the hand (a short
  stock), lay cards that would otherwise count against the side.
- Take the discard pile when its cards join the hand's pairs and sequences or the
  side's melds, unless most of it would be dead weight late in the hand.
- Discard an isolated card (no card of its rank, no neighbour of its suit in hand) that
  the opponents cannot add to their melds, the highest in points first; never a wild
  card while another will do.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.heuristics.generic import generic_action, own_seat
from games.rules.burraco.melds import is_wild
from games.rules.burraco.scoring import card_value as points

PLACE = {"A": 1, "J": 11, "Q": 12, "K": 13}
"""A rank's place in a suit (2 to 10 their face value); an ace is also 14 (after the K)."""
LATE_STOCK = 16
"""Cards left in the stock below which the hand is near its end (the hand ends when a
draw leaves two): wild cards then lay any cards they can, and big piles are refused."""


def place(code: str) -> int:
    """The place of a natural card in its suit, 1 (ace) to 13 (K)."""
    rank = code[:-1]
    return PLACE.get(rank) or int(rank)


def token_code(token: str) -> str:
    """The card code of a meld token (``JK@9C`` is the joker)."""
    return token.split("@", 1)[0]


def token_place(token: str) -> str:
    """The card a meld token stands for (``JK@9C`` stands for ``9C``)."""
    return token.split("@", 1)[-1]


def run_ends(tokens: list[str]) -> tuple[str, int, int]:
    """``(suit, lowest place, highest place)`` of a run's tokens; an ace after a K is 14."""
    places = sorted(place(token_place(t)) for t in tokens)
    suit = token_place(tokens[0])[-1]
    if places[0] == 1 and 13 in places:
        places = sorted(14 if p == 1 else p for p in places)
    return suit, places[0], places[-1]


def extends(code: str, meld: dict[str, Any]) -> bool:
    """Whether the natural card ``code`` could be added to the meld of a view's table
    (a set of its rank, or a run of its suit at either end)."""
    if is_wild(code):
        return False
    tokens = meld["cards"]
    if meld["kind"] == "set":
        natural = next(token_code(t) for t in tokens if not is_wild(token_code(t)))
        return natural[:-1] == code[:-1]
    suit, low, high = run_ends(tokens)
    if code[-1] != suit:
        return False
    p = place(code)
    return p in (low - 1, high + 1) or (p == 1 and high == 13)


def melds_of(view: dict[str, Any], own: bool) -> list[dict[str, Any]]:
    """The melds of the viewer's side (``own``) or of the other sides."""
    seat = own_seat(view)
    return [
        meld
        for entry in view.get("table") or []
        if (seat in entry["seats"]) == own
        for meld in entry["melds"]
    ]


def connections(code: str, others: list[str]) -> int:
    """How much ``code`` is worth keeping with the rest of the hand ``others``: 2 for each
    card of its rank, 2 for a neighbour of its suit, 1 for a card two places away."""
    if is_wild(code):
        return 100
    rank, suit, p = code[:-1], code[-1], place(code)
    worth = 0
    for other in others:
        if is_wild(other):
            continue
        if other[:-1] == rank:
            worth += 2
        elif other[-1] == suit:
            gap = abs(place(other) - p)
            gap = min(gap, 14 - max(place(other), p) + min(place(other), p)) if 1 in (
                place(other), p) else gap  # fmt: skip
            worth += 2 if gap == 1 else 1 if gap == 2 else 0
    return worth


def lay_of(action: str, view: dict[str, Any]) -> tuple[list[str], int, int, int]:
    """What a ``meld`` or ``add`` action lays: ``(cards from hand, wild cards among
    them, the meld's length before, after)``."""
    words = action.split()
    if words[0] == "meld":
        tokens, before = words[1:], []
    else:
        index = int(words[1])
        ours = next(
            entry["melds"] for entry in view.get("table") or [] if own_seat(view) in entry["seats"]
        )
        before = [token_code(t) for t in ours[index]["cards"]]
        tokens = words[2:]
    laid = Counter(token_code(t) for t in tokens) - Counter(before)
    cards = list(laid.elements())
    wild = sum(1 for c in cards if is_wild(c) and not _natural_two(c, tokens))
    return cards, wild, len(before), len(tokens)


def _natural_two(code: str, tokens: list[str]) -> bool:
    """Whether a 2 stands in its own place of a run (written bare, and the run's suit)."""
    return code != "JK" and code in tokens and all(token_place(t)[-1] == code[-1] for t in tokens)


def choose_lay(view: dict[str, Any], lays: list[str], hand: list[str]) -> str | None:
    """The meld or addition to make now, or None to stop laying and discard."""
    late = view.get("stock_count", 0) < LATE_STOCK
    best, best_key = None, None
    for lay in lays:
        cards, wild, before, after = lay_of(lay, view)
        if not cards:
            continue
        completes = before < 7 <= after
        left = len(hand) - len(cards)
        if wild and not (completes or late or left <= 2):
            continue
        key = (completes, wild == 0, len(cards), sum(points(c) for c in cards), lay)
        if best_key is None or key > best_key:
            best, best_key = lay, key
    return best


def choose_discard(view: dict[str, Any], discards: list[str], hand: list[str]) -> str:
    """The discard that keeps the hand's best cards and gives the opponents nothing."""
    theirs = melds_of(view, own=False)
    ours = melds_of(view, own=True)
    late = view.get("stock_count", 0) < LATE_STOCK

    def cost(action: str) -> tuple[float, str]:
        code = action.split(" ", 1)[1]
        rest = list(hand)
        rest.remove(code)
        keep = connections(code, rest) * 10
        if any(extends(code, meld) for meld in ours):
            keep += 15
        danger = 40 if any(extends(code, meld) for meld in theirs) else 0
        shed = points(code) * (1.0 if late else 0.3)
        return (keep + danger - shed, action)

    return min(discards, key=cost)


def makes_meld(code: str, hand: list[str]) -> bool:
    """Whether the natural card ``code`` makes a natural meld of three with cards of
    ``hand``: two of its rank, or two of its suit next to it in a run."""
    if is_wild(code):
        return False
    rank, suit, p = code[:-1], code[-1], place(code)
    if sum(1 for c in hand if c[:-1] == rank) >= 2:
        return True
    places = set()
    for c in hand:
        if c[-1] == suit and not is_wild(c):
            places.add(place(c))
            if c[:-1] == "A":
                places.add(14)
    if p == 1 and {12, 13} <= places:
        return True
    return any({p + a, p + b} <= places for a, b in ((-2, -1), (-1, 1), (1, 2)))


def useful_in_pile(view: dict[str, Any], hand: list[str]) -> int:
    """How many cards of the discard pile the hand or the side's melds could lay at once:
    wild cards, cards that join a meld of the side, cards that make a meld with the
    hand."""
    ours = melds_of(view, own=True)
    useful = 0
    for code in view.get("discard_pile") or []:
        if is_wild(code) or any(extends(code, meld) for meld in ours) or makes_meld(code, hand):
            useful += 1
    return useful


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """The rule-of-thumb action among ``view["legal_actions"]`` (non-empty)."""
    legal = list(view["legal_actions"])
    seat = own_seat(view)
    player = next(p for p in view["players"] if p["seat"] == seat)
    hand = list(player.get("hand") or [])
    if "draw" in legal or "take" in legal:
        if "take" not in legal:
            return "draw"
        if "draw" not in legal:
            return "take"
        pile = view.get("discard_pile") or []
        useful = useful_in_pile(view, hand)
        late = view.get("stock_count", 0) < LATE_STOCK
        if useful and (useful * 3 >= len(pile) or (not late and useful >= 2)):
            return "take"
        return "draw"
    discards = [a for a in legal if a.startswith("discard ")]
    side = next(e for e in view.get("table") or [] if seat in e["seats"])
    if len(hand) == 1 and discards and side["pozzetto_taken"]:
        return discards[0]  # the last card, once the side has its pozzetto: closing
    lays = [a for a in legal if a.startswith(("meld ", "add "))]
    lay = choose_lay(view, lays, hand)
    if lay is not None:
        return lay  # a last card laid takes the pozzetto at once, to play this turn
    if len(hand) == 1 and discards:
        return discards[0]  # the last card: the pozzetto, face down, for the next turn
    if discards:
        return choose_discard(view, discards, hand)
    return generic_action(view, rng, history)
