"""Determinization of a Burraco hand for one seat (for search bots such as ISMCTS).

What a seat knows: its own hand, every meld on the table, the upcard and every discard
(so the whole discard pile whenever it is taken: the cards a player takes with it are
public), and the counts of the stock, of each hand and of the pozzetti. Every action is
public (a ``draw`` does not say which card), so the public history is the action list.
Everything else (the other hands, the stock, the pozzetti) is placed at random.

Where the cards went follows from the deck's layout (game.py, "How the deck becomes the
deal") and the actions: each seat holds its 11 dealt places, then the stock places it
draws, the pozzetto places it picks up, and the cards of the piles it takes. Walking the
history, a card a seat melds or discards is one it holds by code (taken with a pile) or
else is put in one of its places not yet known, chosen at random; at the end the viewer's
own unknown places get the rest of its hand, and every place still unknown gets the rest
of the pack, shuffled (once the hand is over, every hand is open and placed like the
viewer's). The engine tracks hands by code, so any such deck replays the
history and gives the same view.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco"); the contract:
Game.determinize (view_for(result, viewer) == view).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from games.rules.burraco.melds import Meld, build_meld, extend_meld
from games.rules.determinization import check_view

if TYPE_CHECKING:
    from games.rules.base import Deal, Game

HAND_SIZE = 11
POZZETTO_SIZE = 11


class _Seat:
    """What the determinizer knows of one seat's hand: the codes placed (``codes``) and
    the deck places it holds whose card is not placed yet (``places``)."""

    def __init__(self, places: list[int]) -> None:
        self.codes: Counter[str] = Counter()
        self.places = list(places)
        self.pending: list[int] | None = None

    def count(self) -> int:
        return self.codes.total() + len(self.places)

    def give_up(self, code: str, deck: list[str | None], rng: random.Random) -> None:
        """The seat plays ``code``: a placed one, else one of its unknown places becomes it."""
        if self.codes[code] > 0:
            self.codes[code] -= 1
            return
        if not self.places:
            raise ValueError(f"the history plays {code} from a hand that cannot hold it")
        place = self.places.pop(rng.randrange(len(self.places)))
        deck[place] = code

    def hold_twin(self, code: str, deck: list[str | None], rng: random.Random) -> None:
        """Make sure the seat holds ``code`` twice: one of its unknown places becomes it."""
        if self.codes[code] >= 2:
            return
        if not self.places:
            raise ValueError(f"the history discards a taken {code} with no twin to discard")
        place = self.places.pop(rng.randrange(len(self.places)))
        deck[place] = code
        self.codes[code] += 1


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Burraco hand consistent with ``view`` and ``history`` (``Game.determinize``):
    the same view for the viewer, the same actions, the unseen cards placed at random.

    Raises ValueError for a view that is not of Burraco, or a history and view that no
    deal could give.
    """
    check_view(game, view)
    seats, dealer, viewer = view["seats"], view["dealer"], view["viewer"]
    size = len(game.pack_for(seats, options))
    deck: list[str | None] = [None] * size
    hands = [
        _Seat([k * seats + (seat - dealer - 1) % seats for k in range(HAND_SIZE)])
        for seat in range(seats)
    ]
    start = HAND_SIZE * seats
    pozzetti = [list(range(start + j, start + 2 * POZZETTO_SIZE, 2)) for j in (0, 1)]
    upcard = start + 2 * POZZETTO_SIZE
    deck[upcard] = view["upcard"]
    pile: list[str] = [view["upcard"]]
    stock = iter(range(upcard + 1, size))
    single: str | None = None
    sides = game.sides(seats, options)
    side_of = {seat: number for number, side in enumerate(sides) for seat in side}
    melds: list[list[Meld]] = [[] for _ in sides]
    taken = [False] * len(sides)
    for seat, action in history:
        hand = hands[seat]
        verb, *words = action.split()
        if verb == "draw":
            hand.places.append(next(stock))
            continue
        if verb == "take":
            single = pile[0] if len(pile) == 1 else None
            hand.codes.update(pile)
            pile = []
            continue
        if verb == "discard":
            if words[0] == single:
                # Discarding a one-card pile's card the same turn needs its twin in hand.
                hand.hold_twin(words[0], deck, rng)
            single = None
            hand.give_up(words[0], deck, rng)
            pile.append(words[0])
            if hand.count() == 0 and not taken[side_of[seat]]:
                hand.pending = pozzetti.pop(0)
                taken[side_of[seat]] = True
            following = hands[(seat + 1) % seats]
            if following.pending is not None:  # picked up as the turn passes (deal.py)
                following.places.extend(following.pending)
                following.pending = None
            continue
        side = melds[side_of[seat]]
        if verb == "meld":
            meld = build_meld(words)
            used = Counter(meld.cards)
            side.append(meld)
        else:
            index = int(words[0])
            meld, used = extend_meld(side[index], words[1:])
            side[index] = meld
        for code in used.elements():
            hand.give_up(code, deck, rng)
        if hand.count() == 0:
            hand.places.extend(pozzetti.pop(0))
            taken[side_of[seat]] = True
    for seat, hand in enumerate(hands):
        entry = view["players"][seat]
        if entry["cards_left"] is not None:  # the hand is over: every hand is open
            shown, places = entry["cards_left"], hand.places + (hand.pending or [])
        elif seat == viewer:
            shown, places = entry["hand"], hand.places
        else:
            continue
        wanted = Counter(shown) - hand.codes
        if wanted.total() != len(places) or hand.codes - Counter(shown):
            raise ValueError(f"seat {seat}'s cards do not match the history")
        codes = list(wanted.elements())
        rng.shuffle(codes)
        for place, code in zip(places, codes, strict=True):
            deck[place] = code
    rest = Counter(game.pack_for(seats, options).new_order) - Counter(c for c in deck if c)
    free = [place for place, code in enumerate(deck) if code is None]
    codes = list(rest.elements())
    if len(codes) != len(free):
        raise ValueError("the view and the history do not fit one deck")
    rng.shuffle(codes)
    for place, code in zip(free, codes, strict=True):
        deck[place] = code
    deal = game.new_deal(seats=seats, dealer=dealer, options=options, deck=deck)
    for seat, action in history:
        deal.apply(action, seat=seat)
    if game.view_for(deal, viewer) != view:
        raise ValueError("no deal gives this view with this history")
    return deal
