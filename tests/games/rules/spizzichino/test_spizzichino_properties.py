"""Properties of many random Spizzichino deals, checked against a table kept by the test.

``Table`` follows a deal from its deck and actions alone, with plain sets of
codes and the rules as written in the sources, so the engine's bitmasks and
tables are checked against an independent account of the same deal.
Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt,
../shared/rules/sources/001_4bb5011f2c927f3d.txt, ../shared/rules/README.md.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings

from games.rules.cards import ITALIAN_40
from tests.games.rules.helpers import (
    assert_legal_actions,
    assert_views_show_only,
    play_random_deal,
    random_deals,
)
from tests.games.rules.spizzichino.test_spizzichino_helpers import GAME

ORDER = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"]
THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}
PACKETS = range(1, 9)


class Table:
    """What each player has seen and holds, followed action by action."""

    def __init__(self, deck, dealer, options):
        self.packets = {k: deck[5 * (k - 1) : 5 * k] for k in PACKETS}
        self.dealer, self.options = dealer, options
        self.phase = "pick"
        self.owner = {}
        self.hands = {0: set(), 1: set()}
        self.face_up = {0: [], 1: []}
        self.gone = dict.fromkeys(PACKETS, 0)
        self.public = set()
        self.seen = {0: set(), 1: set()}  # what each player has seen that the other may not
        self.scored = {0: set(), 1: set()}
        self.trick = []
        self.piles = {0: [], 1: []}
        self.last_winner = None

    def top(self, k):
        return self.packets[k][self.gone[k]] if self.gone[k] < 5 else None

    def tops(self, seat):
        return [self.top(k) for k in self.face_up[seat] if self.top(k)]

    def known_to(self, viewer):
        return self.public if viewer is None else self.public | self.seen[viewer]

    def legal(self, seat):
        if self.phase == "pick":
            return [f"pick {k}" for k in PACKETS if k not in self.owner]
        if self.phase == "split":
            own = sorted(k for k, s in self.owner.items() if s == seat)
            return [f"hand {a} {b}" for a, b in combinations(own, 2)]
        available = self.hands[seat] | set(self.tops(seat))
        if self.trick:
            same = {c for c in available if c[-1] == self.trick[0][1][-1]}
            available = same or available
        takes = [c for c in self.tops(seat) if c[:-1] in ("3", "2", "A")]
        return sorted(["play " + c for c in available] + ["take " + c for c in takes])

    def observe(self, seat, action):
        verb, *args = action.split()
        if verb == "pick":
            self.owner[int(args[0])] = seat
            if len(self.owner) == 4:
                for k in PACKETS:
                    self.owner.setdefault(k, self.dealer)
                self.phase = "split"
                if self.options["peek_bottom"]:
                    for k, owner in self.owner.items():
                        self.seen[owner].add(self.packets[k][0])
        elif verb == "hand":
            kept = {int(a) for a in args}
            self.hands[seat] = {c for k in kept for c in self.packets[k]}
            self.seen[seat] |= self.hands[seat]
            self.face_up[seat] = sorted(
                k for k, s in self.owner.items() if s == seat and k not in kept
            )
            self.public |= set(self.tops(seat))
            if self.options["buongiochi"] != "none":
                self.declare(seat)
            if seat == self.dealer:
                self.phase = "play"
        elif verb == "take":
            self.uncover(seat, args[0])
            self.hands[seat].add(args[0])
            if self.options["buongiochi"] == "all":
                self.declare(seat)
        else:
            card = args[0]
            self.public.add(card)
            if card in self.hands[seat]:
                self.hands[seat].remove(card)
            else:
                self.uncover(seat, card)
            self.trick.append((seat, card))
            if len(self.trick) == 2:
                (leader, led), (follower, followed) = self.trick
                higher = ORDER.index(followed[:-1]) < ORDER.index(led[:-1])
                winner = follower if followed[-1] == led[-1] and higher else leader
                self.piles[winner] += [led, followed]
                self.last_winner = winner
                self.trick = []

    def uncover(self, seat, card):
        (k,) = [k for k in self.face_up[seat] if self.top(k) == card]
        self.gone[k] += 1
        if self.top(k):
            self.public.add(self.top(k))

    def declare(self, seat):
        hand = self.hands[seat]
        for rank in ("3", "2", "A"):
            held = {c for c in hand if c[:-1] == rank}
            if len(held) >= 3 and rank not in self.scored[seat]:
                self.scored[seat].add(rank)
                self.public |= held
        for suit in "CDHS":
            napoletana = {"3" + suit, "2" + suit, "A" + suit}
            if napoletana <= hand and suit not in self.scored[seat]:
                self.scored[seat].add(suit)
                self.public |= napoletana


deals = random_deals(GAME)


def play(spec, each_step=None):
    """Play one random deal described by ``spec``, followed by a Table."""
    return play_random_deal(
        GAME, spec, lambda deal: Table(deal.deck, deal.dealer, deal.options), each_step
    )


@settings(max_examples=80, deadline=None)
@given(deals)
def test_no_view_ever_shows_a_card_its_viewer_cannot_know(spec):
    play(spec, lambda deal, table: assert_views_show_only(deal, table.known_to, table.hands.get))


@settings(max_examples=80, deadline=None)
@given(deals)
def test_legal_actions_are_exactly_what_the_rules_allow_and_never_empty_before_the_end(spec):
    play(spec, lambda deal, table: assert_legal_actions(deal, table.legal))


@settings(max_examples=80, deadline=None)
@given(deals)
def test_every_card_ends_in_exactly_one_capture_pile_and_card_points_sum_to_eleven(spec):
    deal, table = play(spec)
    result = deal.result()
    piles = table.piles[0] + table.piles[1]
    assert sorted(piles) == sorted(ITALIAN_40.codes)
    thirds = [sum(THIRDS.get(c[:-1], 0) for c in table.piles[seat]) for seat in (0, 1)]
    thirds[table.last_winner] += 3
    assert result["card_thirds"] == thirds
    assert result["last_trick"] == table.last_winner
    assert result["tricks"] == [len(table.piles[0]) // 2, len(table.piles[1]) // 2]
    assert sum(result["card_points"]) == 11
    bonus = [sum(d["points"] for d in result["buongiochi"][seat]) for seat in (0, 1)]
    assert result["points"] == [result["card_points"][s] + bonus[s] for s in (0, 1)]
    if spec["options"]["buongiochi"] == "none":
        assert bonus == [0, 0]
