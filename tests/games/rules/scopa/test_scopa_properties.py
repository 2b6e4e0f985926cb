"""Properties of many random Scopa deals, checked against a table kept by the test.

``Table`` follows a deal from its deck and actions alone, with plain lists of
codes, ``itertools.combinations`` for the additions and the rules as written
in the sources, so the engine's bitmasks and subset sums are checked against
an independent account of the same deal.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
../shared/rules/README.md ("Scopa").
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import ITALIAN_40
from tests.games.rules.helpers import (
    assert_legal_actions,
    assert_replays,
    assert_views_show_only,
    play_random_deal,
    random_deals,
)
from tests.games.rules.scopa.test_scopa_deal import GAME

VALUES = {"A": 1, "J": 8, "Q": 9, "K": 10, **{str(n): n for n in range(2, 8)}}
PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12}


def value(code):
    return VALUES[code[:-1]]


class Table:
    """What is dealt, seen, held and captured, followed action by action."""

    def __init__(self, deck, dealer, options):
        self.dealer, self.options = dealer, options
        self.public = set()
        self.seen = {0: set(), 1: set()}
        self.void_boards = []
        while sum(code[0] == "K" for code in deck[6:10]) >= 3:
            self.void_boards.append(deck[6:10])
            self.public |= set(deck[6:10])
            deck = ITALIAN_40.shuffled("scopa redeal " + " ".join(deck))
        self.deck, self.pos = deck, 0
        self.hands = {0: [], 1: []}
        self.deal_round()
        self.board = list(deck[6:10])
        self.public |= set(self.board)
        self.pos = 10
        self.piles = {0: [], 1: []}
        self.sweeps = []
        self.last_capturer = None
        self.plays = 0

    def deal_round(self):
        for k in range(6):
            seat = (self.dealer + 1 + k) % 2
            card = self.deck[self.pos + k]
            self.hands[seat].append(card)
            self.seen[seat].add(card)
        self.pos += 6

    def known_to(self, viewer):
        return self.public if viewer is None else self.public | self.seen[viewer]

    def legal(self, seat):
        actions = []
        for card in self.hands[seat]:
            pairs = [c for c in self.board if value(c) == value(card)]
            if pairs:
                actions += [f"capture {card} {c}" for c in pairs]
                continue
            sums = [
                sorted(group)
                for size in range(2, len(self.board) + 1)
                for group in combinations(self.board, size)
                if sum(map(value, group)) == value(card)
            ]
            actions += [f"capture {card} {'+'.join(group)}" for group in sums]
            actions += [] if sums else [f"play {card}"]
        return sorted(actions)

    def observe(self, seat, action):
        verb, card, *taken = action.split()
        self.hands[seat].remove(card)
        self.public.add(card)
        self.plays += 1
        if verb == "play":
            self.board.append(card)
        else:
            taken = taken[0].split("+")
            self.board = [c for c in self.board if c not in taken]
            self.piles[seat] += [card, *taken]
            self.last_capturer = seat
            if not self.board and (self.plays < 36 or self.options["last_play_scopa"]):
                self.sweeps.append((seat, card))
        if self.plays == 36:
            self.piles[self.last_capturer] += self.board
            self.board = []
        elif not self.hands[0] and not self.hands[1]:
            self.deal_round()

    def primiera(self, seat):
        best = {}
        for code in self.piles[seat]:
            best[code[-1]] = max(best.get(code[-1], 0), PRIMIERA.get(code[:-1], 10))
        return sum(best.values()) if len(best) == 4 else None


deals = random_deals(GAME, kings=st.sampled_from([0, 0, 3, 4]))  # kings put on the board


def deck_of(spec):
    deck = ITALIAN_40.shuffled(spec["deck_seed"])
    kings = [c for c in deck if c[0] == "K"][: spec["kings"]]
    rest = [c for c in deck if c not in kings]
    return rest[:6] + kings + rest[6 : 10 - len(kings)] + rest[10 - len(kings) :]


def play(spec, each_step=None):
    """Play one random deal described by ``spec``, followed by a Table."""
    return play_random_deal(
        GAME,
        spec,
        lambda deal: Table(deal.deck, deal.dealer, deal.options),
        each_step,
        deck=deck_of(spec),
    )


@settings(max_examples=80, deadline=None)
@given(deals)
def test_no_view_ever_shows_a_card_its_viewer_cannot_know(spec):
    def check(deal, table):
        for view in assert_views_show_only(deal, table.known_to, table.hands.get).values():
            assert sorted(view["board"]) == sorted(table.board)

    play(spec, check)


@settings(max_examples=80, deadline=None)
@given(deals)
def test_legal_actions_are_exactly_what_the_rules_allow_and_never_empty_before_the_end(spec):
    def check(deal, table):
        assert_legal_actions(deal, table.legal)
        assert len(set(deal.legal_actions())) == len(deal.legal_actions())
        if deal.is_over:
            assert table.plays == 36

    play(spec, check)


@settings(max_examples=80, deadline=None)
@given(deals)
def test_every_card_ends_in_exactly_one_pile_and_the_hand_scores_as_004_says(spec):
    deal, table = play(spec)
    result = deal.result()
    piles = table.piles
    assert sorted(piles[0] + piles[1]) == sorted(ITALIAN_40.codes)
    assert result["cards"] == [len(piles[0]), len(piles[1])]
    assert result["diamonds"] == [sum(c[-1] == "D" for c in piles[s]) for s in (0, 1)]
    assert sum(result["cards"]) == 40 and sum(result["diamonds"]) == 10
    assert result["settebello"] == (0 if "7D" in piles[0] else 1)
    assert result["primiera"] == [table.primiera(0), table.primiera(1)]
    assert [(i["seat"], i["card"]) for i in result["items"] if i["name"] == "scopa"] == [
        (seat, card) for seat, card in table.sweeps
    ]
    assert result["last_capturer"] == table.last_capturer
    assert result["void_deals"] == [{"board": b} for b in table.void_boards]
    if spec["kings"]:
        assert table.void_boards  # three or four kings on the board void the first deal
    # Cards, diamonds, settebello and primiera: at most four points, the settebello always.
    fixed = [i for i in result["items"] if i["name"] != "scopa"]
    assert 1 <= len(fixed) <= 4 and len({i["name"] for i in fixed}) == len(fixed)
    assert sum(result["points"]) == len(fixed) + len(table.sweeps)
    assert_replays(deal)  # void deals included
