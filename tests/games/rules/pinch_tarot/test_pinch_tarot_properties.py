"""Properties of many random Pinch Tarot hands, checked against a table kept by the test.

``Table`` follows a hand from its deck and actions alone, with plain sets of
codes and the rules as written in 003 and the rulings, so the engine's
bitmasks and tables are checked against an independent account of the hand.
Source: ../shared/rules/sources/003_7513308a0e62a486.txt,
../shared/rules/README.md ("Pinch Tarot").
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings

from games.rules.cards import TAROT_78
from tests.games.rules.helpers import (
    assert_legal_actions,
    assert_views_show_only,
    play_random_deal,
    random_deals,
)
from tests.games.rules.pinch_tarot.test_pinch_tarot_deal import GAME

SUIT_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"]
VALUES = {"1T": 4, "20T": 4, "FOOL": 4}
VALUES.update(
    {rank + suit: v for rank, v in {"K": 4, "Q": 3, "C": 2, "J": 1}.items() for suit in "CDHS"}
)


def is_trump(card):
    return card.endswith("T")


def number(card):
    return int(card[:-1]) if is_trump(card) else SUIT_RANKS.index(card[:-1])


class Table:
    """What each player holds and has been shown, followed action by action."""

    def __init__(self, deck, dealer):
        elder = 1 - dealer
        self.hands = {0: set(), 1: set()}
        for five in range(6):
            self.hands[elder if five % 2 == 0 else dealer] |= set(deck[5 * five : 5 * five + 5])
        self.talon = list(deck[30:])
        self.public = set()  # played, drawn (shown to the table) and melded cards
        self.shown = set()  # drawn or melded: known while still in a hand
        self.trick = []
        self.piles = {0: [], 1: []}
        self.fool = None  # (owner, exchanged?)
        self.given = None  # the card given in exchange for the fool
        self.tricks = 0
        self.bagatto = None
        self.done = {0: set(), 1: set()}
        self.best = {0: 0, 1: 0}
        self.meld_points = [0, 0]

    def known_to(self, viewer):
        return self.public if viewer is None else self.public | self.hands[viewer]

    def playable(self, seat):
        hand = self.hands[seat]
        if not self.trick or self.trick[0][1] == "FOOL":
            return set(hand)
        led = self.trick[0][1]
        trumps = {c for c in hand if is_trump(c)}
        fool = hand & {"FOOL"}
        if not is_trump(led):
            same = {c for c in hand if c != "FOOL" and not is_trump(c) and c[-1] == led[-1]}
            if same:
                return same | fool
        else:
            higher = {c for c in trumps if number(c) > number(led)}
            if higher:
                return higher | fool
        return trumps | fool if trumps else set(hand)

    def melds(self, seat):
        hand, done, found = self.hands[seat], self.done[seat], []
        if {"1T", "20T", "FOOL"} <= hand and "gatti" not in done:
            found.append("meld gatti 1T 20T FOOL")
        for suit in "CDHS":
            family = [rank + suit for rank in "JCQK"]
            if set(family) <= hand and ("family", suit) not in done:
                found.append("meld family " + " ".join(family))
        for rank in "JCQK":
            held = [rank + suit for suit in "CDHS" if rank + suit in hand]
            if len(held) == 4 and ("four", rank) not in done:
                found.append("meld four " + " ".join(held))
            if len(held) >= 3 and not {("three", rank), ("four", rank)} & done:
                found += ["meld three " + " ".join(trio) for trio in combinations(held, 3)]
        trumps = sorted((c for c in hand if is_trump(c)), key=number)
        if len(trumps) >= max(10, self.best[seat] + 1):
            found.append("meld tarocchi " + " ".join(trumps))  # one entry: every trump held
        return found

    def legal(self, seat):
        return sorted(self.melds(seat) + ["play " + c for c in self.playable(seat)])

    def observe(self, seat, action):
        verb, kind, *cards = action.split()
        if verb == "meld":
            self.meld(seat, kind, cards)
            return
        card = kind
        self.hands[seat].remove(card)
        self.public.add(card)
        self.trick.append((seat, card))
        if len(self.trick) == 2:
            self.close_trick()

    def meld(self, seat, kind, cards):
        rank, suit = cards[0][:-1], cards[0][-1]
        if kind == "tarocchi":
            points, self.best[seat] = len(cards) - self.best[seat], len(cards)
        elif kind == "four":
            points = 5 if ("three", rank) in self.done[seat] else 10
            self.done[seat].add(("four", rank))
        elif kind == "three":
            points = 5
            self.done[seat].add(("three", rank))
        else:
            points = 10
            self.done[seat].add("gatti" if kind == "gatti" else ("family", suit))
        self.meld_points[seat] += points
        self.public |= set(cards)
        self.shown |= set(cards)

    def close_trick(self):
        (leader, led), (follower, followed) = self.trick
        self.trick = []
        if led == "FOOL":
            winner = follower
        elif followed == "FOOL" or (is_trump(led) and not is_trump(followed)):
            winner = leader
        elif is_trump(followed) and not is_trump(led):
            winner = follower
        elif is_trump(led) or followed[-1] == led[-1]:
            winner = follower if number(followed) > number(led) else leader
        else:
            winner = leader
        cards = [led, followed]
        if "FOOL" in cards:
            owner = 1 - winner
            self.fool = (owner, False)
            self.piles[owner].append("FOOL")
            cards.remove("FOOL")
        elif self.fool == (winner, False):
            given = min(cards, key=lambda c: (VALUES.get(c, 0), is_trump(c), number(c)))
            self.piles[1 - winner].append(given)
            self.given = given
            cards.remove(given)
            self.fool = (winner, True)
        self.piles[winner] += cards
        self.tricks += 1
        if self.talon:
            for seat in (winner, 1 - winner):
                drawn = self.talon.pop(0)
                self.hands[seat].add(drawn)
                self.public.add(drawn)
                self.shown.add(drawn)
        if self.tricks == 39:
            if "1T" in (led, followed):
                self.bagatto = winner
            if self.fool and not self.fool[1]:
                owner = self.fool[0]
                self.piles[owner].remove("FOOL")
                self.piles[1 - owner].append("FOOL")


hands = random_deals(GAME)


def play(spec, each_step=None):
    """Play one random hand described by ``spec``, followed by a Table."""
    return play_random_deal(GAME, spec, lambda deal: Table(deal.deck, deal.dealer), each_step)


@settings(max_examples=40, deadline=None)
@given(hands)
def test_no_view_ever_shows_a_card_its_viewer_cannot_know(spec):
    def check(deal, table):
        views = assert_views_show_only(deal, table.known_to, table.hands.get)
        for viewer, view in views.items():
            for seat in {0, 1} - {viewer}:
                shown = table.hands[seat] & table.shown
                assert set(view["players"][seat]["known_cards"]) == shown

    play(spec, check)


@settings(max_examples=60, deadline=None)
@given(hands)
def test_legal_actions_are_exactly_what_the_rules_allow_and_never_empty_before_the_end(spec):
    play(spec, lambda deal, table: assert_legal_actions(deal, table.legal))


@settings(max_examples=100, deadline=None)
@given(hands)
def test_every_card_ends_in_one_capture_pile_and_trick_points_sum_to_78(spec):
    deal, table = play(spec)
    result = deal.result()
    piles = table.piles[0] + table.piles[1]
    assert Counter(piles) == Counter(TAROT_78.codes)
    assert result["cards_captured"] == [len(table.piles[0]), len(table.piles[1])]
    trick_points = [
        len(pile) // 3 + (len(pile) % 3 == 2) + sum(VALUES.get(c, 0) for c in pile)
        for pile in (table.piles[0], table.piles[1])
    ]
    assert result["trick_points"] == trick_points
    assert sum(result["trick_points"]) == 78
    assert result["bagatto_urtimo"] == table.bagatto
    assert result["meld_points"] == table.meld_points
    bonus = [20 if table.bagatto == seat else 0 for seat in (0, 1)]
    assert result["points"] == [trick_points[s] + table.meld_points[s] + bonus[s] for s in (0, 1)]
    owner, exchanged = table.fool
    assert result["fool"] == {
        "owner": owner,
        "status": "exchanged" if exchanged else "given",
        "card": table.given,
    }
