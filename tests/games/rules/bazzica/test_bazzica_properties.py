"""Properties of many random Bazzica deals, checked against a table kept by the test.

``Table`` follows a deal from its deck and actions alone, with plain lists of
cards (each a dict: its code, its deck position, whether it lies on the
table or is known to the opponent, the kinds it has joined) and the rules as
002 and the rulings write them, so the engine's masks and tables are checked
against an independent account of the same deal.
Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt, ../shared/rules/README.md.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.bazzica.cards import PACK
from tests.games.rules.bazzica.test_bazzica_helpers import GAME
from tests.games.rules.helpers import (
    assert_legal_actions,
    assert_views_show_only,
    play_random_deal,
    random_deals,
)

ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]  # highest first
SUITS = "CDHS"
POINTS = {
    "double_bezique": 500, "sequence": 250, "four_aces": 100, "four_kings": 80,
    "four_queens": 60, "four_jacks": 40, "bezique": 40, "royal_marriage": 40, "marriage": 20,
    "exchange": 10,
}  # fmt: skip
FIXED = {  # kind -> its cards, "T" standing for the trump suit
    "double_bezique": ["QS", "QS", "JD", "JD"],
    "sequence": ["AT", "10T", "KT", "QT", "JT"],
    "bezique": ["QS", "JD"],
    "royal_marriage": ["KT", "QT"],
    "exchange": ["7T"],
}
FOURS = {"four_aces": "A", "four_kings": "K", "four_queens": "Q", "four_jacks": "J"}
HIGHER = {"marriage": {"royal_marriage", "sequence"}, "royal_marriage": {"sequence"},
          "bezique": {"double_bezique"}}  # fmt: skip
FAMILY = [{"marriage", "royal_marriage", "sequence"}, {"bezique", "double_bezique"}]


def display(codes):
    return sorted(codes, key=lambda c: (SUITS.index(c[-1]), ORDER.index(c[:-1])))


def beats(first, second, trump):
    if second[-1] == first[-1]:
        return ORDER.index(second[:-1]) < ORDER.index(first[:-1])
    return second[-1] == trump


class Table:
    """What each player holds and has seen, followed action by action."""

    def __init__(self, deck, dealer, options):
        self.options = options
        nd = 1 - dealer
        cards = [{"code": c, "pos": i, "table": False, "known": False, "used": set()}
                 for i, c in enumerate(deck)]  # fmt: skip
        self.hands = {nd: [cards[i] for i in (0, 1, 2, 6, 7, 10, 11, 12)],
                      dealer: [cards[i] for i in (3, 4, 5, 8, 9, 13, 14, 15)]}  # fmt: skip
        self.upcard = cards[16]
        self.trump = deck[16][-1]
        self.stock = cards[17:]
        self.phase, self.leader, self.trick = "play", nd, []
        self.public = {deck[16]}
        self.seen = {seat: {c["code"] for c in self.hands[seat]} for seat in (0, 1)}
        self.piles = {0: [], 1: []}
        self.brisque_tricks = [0, 0]
        self.sevens = [0, 0]
        self.declared = [0, 0]
        self.sevens_done = {16} if deck[16][0] == "7" else set()
        self.sevens[dealer] += 10 * len(self.sevens_done)
        self.last_winner = None

    def choose(self, seat, code, eligible=lambda card: True):
        copies = [c for c in self.hands[seat] if c["code"] == code and eligible(c)]
        copies.sort(key=lambda c: (not (c["table"] or c["known"]), -len(c["used"]), c["pos"]))
        return copies

    def pick(self, seat, kind, codes):
        by_class = self.options["reuse"] == "class"
        block = {kind} | (HIGHER.get(kind, set()) if by_class else set())
        family = next((f for f in FAMILY if kind in f and by_class), set())
        chosen = []
        for code, count in Counter(codes).items():
            copies = self.choose(seat, code, lambda c: not c["used"] & block)
            if len(copies) < count:
                return None
            chosen += copies[:count]
        if family and all(c["used"] & family for c in chosen):
            return None
        return chosen

    def declarations(self, seat):
        found = set()
        patterns = [(k, [c.replace("T", self.trump) for c in cards]) for k, cards in FIXED.items()]
        patterns += [("marriage", ["K" + s, "Q" + s]) for s in SUITS if s != self.trump]
        held = [c["code"] for c in self.hands[seat]]
        for kind, rank in FOURS.items():
            for combo in combinations([c for c in held if c[:-1] == rank], 4):
                patterns.append((kind, list(combo)))
        for kind, codes in patterns:
            if kind == "exchange" and self.upcard["code"][0] == "7":
                continue
            if self.pick(seat, kind, codes):
                found.add(f"declare {kind} " + " ".join(display(codes)))
        return sorted(found)

    def known_to(self, viewer):
        return self.public if viewer is None else self.public | self.seen[viewer]

    def hand(self, seat):
        return [card["code"] for card in self.hands[seat] if not card["table"]]

    def legal(self, seat):
        if self.phase == "declare":
            return self.declarations(seat) + ["draw"]
        held = {c["code"] for c in self.hands[seat]}
        if self.phase == "last_tricks" and self.trick:
            led = self.trick[0][1]
            same = {c for c in held if c[-1] == led[-1]}
            higher = {c for c in same if beats(led, c, self.trump)}
            trumps = {c for c in held if c[-1] == self.trump}
            held = higher or same or trumps or held
        return sorted("play " + c for c in held)

    def observe(self, seat, action):
        verb, *args = action.split()
        if verb == "play":
            card = self.choose(seat, args[0])[0]
            self.hands[seat].remove(card)
            self.public.add(card["code"])
            if card["code"] == "7" + self.trump and card["pos"] not in self.sevens_done:
                self.sevens_done.add(card["pos"])
                self.sevens[seat] += 10
            self.trick.append((seat, card["code"]))
            if len(self.trick) == 2:
                (leader, led), (follower, followed) = self.trick
                winner = follower if beats(led, followed, self.trump) else leader
                self.piles[winner] += [led, followed]
                self.brisque_tricks[winner] += any(c[:-1] in ("A", "10") for c in (led, followed))
                self.last_winner = self.leader = winner
                self.trick = []
                if self.phase == "play":
                    self.phase = "declare"
            return
        if verb == "declare":
            kind, codes = args[0], args[1:]
            self.declared[seat] += POINTS[kind]
            chosen = self.pick(seat, kind, codes)
            self.public |= set(codes)
            if kind == "exchange":
                (seven,) = chosen
                self.hands[seat].remove(seven)
                self.sevens_done.add(seven["pos"])
                self.upcard["known"] = True
                self.hands[seat].append(self.upcard)
                self.upcard = seven
            else:
                for card in chosen:
                    card["used"].add(kind)
                    card["table"] = card["known"] = True
        self.draw(seat)

    def draw(self, winner):
        top = self.stock.pop(0)
        self.hands[winner].append(top)
        self.seen[winner].add(top["code"])
        if self.stock:
            other = self.stock.pop(0)
        else:
            other, self.upcard = self.upcard, None
            other["known"] = True
        self.hands[1 - winner].append(other)
        self.seen[1 - winner].add(other["code"])
        self.phase = "play" if self.upcard else "last_tricks"
        for card in self.hands[0] + self.hands[1]:
            card["table"] = card["table"] and self.phase == "play"


# The two-player game (its variants have their own tests: test_bazzica_variants.py).
deals = random_deals(GAME, declare_rate=st.sampled_from([0.0, 0.5, 0.9])).filter(
    lambda spec: spec["options"]["variant"] == "classic"
)


def play(spec, each_step=None):
    """Play one random deal described by ``spec``, declaring when the dice say so
    (``declare_rate``), followed by a Table."""

    def choose(rng, legal):
        declarations = [a for a in legal if a.startswith("declare")]
        declare = declarations and rng.random() < spec["declare_rate"]
        return rng.choice(declarations if declare else legal)

    return play_random_deal(
        GAME, spec, lambda deal: Table(deal.deck, deal.dealer, deal.options), each_step, choose
    )


@settings(max_examples=60, deadline=None)
@given(deals)
def test_no_view_ever_shows_a_card_its_viewer_cannot_know(spec):
    def check(deal, table):
        for viewer, view in assert_views_show_only(deal, table.known_to, table.hand).items():
            for seat in (0, 1):
                shown = view["players"][seat]
                on_table = [c["code"] for c in table.hands[seat] if c["table"]]
                assert sorted(e["card"] for e in shown["table"]) == sorted(on_table)
                if seat != viewer:
                    assert shown["hand"] is None
                    told = [c["code"] for c in table.hands[seat] if c["known"] and not c["table"]]
                    assert sorted(shown["known_cards"]) == sorted(told)

    play(spec, check)


@settings(max_examples=60, deadline=None)
@given(deals)
def test_legal_actions_are_exactly_what_the_rules_allow_and_never_empty_before_the_end(spec):
    def check(deal, table):
        assert_legal_actions(deal, table.legal)
        assert deal.legal_actions() == sorted(set(deal.legal_actions()))

    play(spec, check)


@settings(max_examples=60, deadline=None)
@given(deals)
def test_every_card_ends_in_one_capture_pile_and_the_points_add_up(spec):
    deal, table = play(spec)
    result = deal.result()
    assert Counter(table.piles[0] + table.piles[1]) == Counter(PACK.new_order)
    assert not table.hands[0] and not table.hands[1] and table.upcard is None
    assert result["last_trick"] == table.last_winner
    assert result["tricks"] == [len(table.piles[s]) // 2 for s in (0, 1)]
    assert result["sevens"] == table.sevens and result["declared"] == table.declared
    if spec["options"]["brisques"] == "cards":
        brisques = [10 * sum(c[:-1] in ("A", "10") for c in table.piles[s]) for s in (0, 1)]
        assert sum(brisques) == 160
    else:
        brisques = [10 * n for n in table.brisque_tricks]
    assert result["brisques"] == brisques
    # Each of the two 7s of trumps scores 10 once: turned, exchanged or played.
    exchanges = sum(d["kind"] == "exchange" for s in (0, 1) for d in result["declarations"][s])
    assert sum(table.sevens) + 10 * exchanges == 20
    for seat in (0, 1):
        last = 10 if seat == table.last_winner else 0
        assert result["points"][seat] == table.declared[seat] + table.sevens[seat] + \
            brisques[seat] + last  # fmt: skip
