"""Properties of many random Briscola deals, checked against a table kept by the test.

``Table`` follows a deal from its deck and actions alone, with plain lists and
sets of codes and the rules as the source writes them, so the engine's
bitmasks and tables are checked against an independent account of the deal.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola"),
../shared/rules/README.md ("Briscola").
"""

from __future__ import annotations

from hypothesis import given, settings

from games.rules.cards import ITALIAN_40
from tests.games.rules.briscola.test_briscola_deal import GAME
from tests.games.rules.helpers import (
    assert_legal_actions,
    assert_views_show_only,
    play_random_deal,
    random_deals,
)

ORDER = ["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]
VALUE = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


class Table:
    """What each player holds and has seen, followed action by action."""

    def __init__(self, deck, dealer):
        first = 1 - dealer
        self.hands = {first: set(deck[0:6:2]), dealer: set(deck[1:6:2])}
        self.upcard = deck[6]
        self.stock = list(deck[7:])  # top first
        self.public = {self.upcard}
        self.seen = {seat: set(cards) for seat, cards in self.hands.items()}
        self.trick = []
        self.piles = {0: [], 1: []}
        self.upcard_taken = False

    def known_to(self, viewer):
        return self.public if viewer is None else self.public | self.seen[viewer]

    def legal(self, seat):
        return sorted("play " + card for card in self.hands[seat])  # any card, in hand

    def draw(self, seat):
        if self.stock:
            card = self.stock.pop(0)
            self.seen[seat].add(card)
        else:
            card, self.upcard_taken = self.upcard, True
        self.hands[seat].add(card)

    def observe(self, seat, action):
        card = action.split()[1]
        self.hands[seat].remove(card)
        self.public.add(card)
        self.trick.append((seat, card))
        if len(self.trick) < 2:
            return
        (leader, led), (follower, followed) = self.trick
        trump = self.upcard[-1]
        if followed[-1] == led[-1]:
            beats = ORDER.index(followed[:-1]) < ORDER.index(led[:-1])
        else:
            beats = followed[-1] == trump
        winner = follower if beats else leader
        self.piles[winner] += [led, followed]
        self.trick = []
        if self.stock or not self.upcard_taken:
            self.draw(winner)
            self.draw(1 - winner)


deals = random_deals(GAME)


def play(spec, each_step=None):
    """Play one random deal described by ``spec``, followed by a Table."""
    return play_random_deal(GAME, spec, lambda deal: Table(deal.deck, deal.dealer), each_step)


@settings(max_examples=100, deadline=None)
@given(deals)
def test_no_view_ever_shows_a_card_its_viewer_cannot_know(spec):
    play(spec, lambda deal, table: assert_views_show_only(deal, table.known_to, table.hands.get))


@settings(max_examples=100, deadline=None)
@given(deals)
def test_legal_actions_are_every_card_in_hand_and_never_empty_before_the_end(spec):
    play(spec, lambda deal, table: assert_legal_actions(deal, table.legal))


@settings(max_examples=100, deadline=None)
@given(deals)
def test_every_card_is_in_exactly_one_place_at_every_step(spec):
    def check(deal, table):
        places = [
            *[ITALIAN_40.codes_of(mask) for mask in deal.hand],
            *[ITALIAN_40.codes_of(mask) for mask in deal.captured],
            [ITALIAN_40.codes[c] for c in deal.draws[deal.drawn :]],
            [ITALIAN_40.codes[deal.first]] if deal.first >= 0 else [],
        ]
        everywhere = [code for place in places for code in place]
        assert sorted(everywhere) == sorted(ITALIAN_40.codes)
        assert [set(places[seat]) for seat in (0, 1)] == [table.hands[0], table.hands[1]]
        assert [sorted(places[2 + seat]) for seat in (0, 1)] == [
            sorted(table.piles[0]),
            sorted(table.piles[1]),
        ]

    play(spec, check)


@settings(max_examples=100, deadline=None)
@given(deals)
def test_a_hand_holds_120_card_points_and_61_wins_it(spec):
    deal, table = play(spec)
    result = deal.result()
    won = [sum(VALUE.get(c[:-1], 0) for c in table.piles[seat]) for seat in (0, 1)]
    assert result["card_points"] == won and sum(won) == 120
    assert sorted(table.piles[0] + table.piles[1]) == sorted(ITALIAN_40.codes)
    assert result["tricks"] == [len(table.piles[0]) // 2, len(table.piles[1]) // 2]
    winner = 0 if won[0] >= 61 else 1 if won[1] >= 61 else None
    assert result["winner"] == winner
    if spec["options"]["match"] == "two_hands":
        assert result["points"] == won
    else:
        assert result["points"] == [int(winner == 0), int(winner == 1)]
