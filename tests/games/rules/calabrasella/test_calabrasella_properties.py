"""Properties of many random Calabrasella hands, checked against a table kept by the test.

``Table`` follows a hand from its deck and actions alone, with plain sets of codes and
the rules as 004 writes them, so the engine's bitmasks are checked against an
independent account: legal actions, every card in exactly one place, views that show no
card a seat may not know (the card given back included), the 35 thirds, the chips, and
replay from the record.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella"),
../shared/rules/README.md ("Calabrasella").
"""

from __future__ import annotations

from hypothesis import given, settings

from games.rules.cards import ITALIAN_40
from tests.games.rules.calabrasella.tables import GAME
from tests.games.rules.helpers import (
    assert_legal_actions,
    assert_replays,
    assert_views_show_only,
    play_random_deal,
    random_deals,
)

ORDER = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"]
THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}


def rank(card):
    return card[:-1]


class Table:
    """What each player holds and has seen, followed action by action."""

    def __init__(self, deal):
        deck, dealer = deal.deck, deal.dealer
        self.hands = {seat: set(deck[(seat - dealer - 1) % 3 : 36 : 3]) for seat in range(3)}
        self.widow = set(deck[36:])
        self.seen = {seat: set(cards) for seat, cards in self.hands.items()}
        self.public = set()
        self.phase, self.passes, self.declarer = "bid", 0, None
        self.called = None
        self.discards, self.taken = set(), 0
        self.trick, self.piles, self.last = [], {0: set(), 1: set(), 2: set()}, None
        self.over = False

    def known_to(self, viewer):
        known = set(self.public)
        if self.over:
            known |= self.discards
        if viewer is not None:
            known |= self.seen[viewer]
            if self.phase == "call" and viewer == self.declarer:
                known |= {c for c in ITALIAN_40.codes if rank(c) in "32"}  # named, not seen
        return known

    def legal(self, seat):
        hand = self.hands[seat]
        if self.phase == "bid":
            return ["pass", "play"]
        if self.phase == "call":
            lacking = [c for c in ITALIAN_40.codes if rank(c) == "3" and c not in hand]
            if not lacking:
                lacking = [c for c in ITALIAN_40.codes if rank(c) == "2" and c not in hand]
            return sorted("call " + c for c in lacking)
        if self.phase == "return":
            return sorted("return " + c for c in hand if c != self.called)
        if self.phase == "discard":
            actions = ["discard " + c for c in hand] if len(self.discards) < 4 else []
            return sorted(actions + (["turn"] if self.discards else []))
        if self.phase == "take":
            return sorted("take " + c for c in self.widow)
        led = [c for c in hand if self.trick and c[-1] == self.trick[0][1][-1]]
        return sorted("play " + c for c in (led or hand))

    def observe(self, seat, action):
        verb, _, card = action.partition(" ")
        if verb == "pass":
            self.passes += 1
            self.over = self.passes == 3
        elif verb == "play" and not card:
            self.declarer = seat
            hand = self.hands[seat]
            has_all = all(c in hand for c in ITALIAN_40.codes if rank(c) in "32")
            self.phase = "discard" if has_all else "call"
        elif verb == "call":
            self.called = card
            self.public.add(card)
            holder = next((s for s in range(3) if card in self.hands[s]), None)
            self.phase = "discard"
            if holder is not None:
                self.hands[holder].remove(card)
                self.hands[seat].add(card)
                self.seen[seat].add(card)
                self.holder, self.phase = holder, "return"
        elif verb == "return":
            self.hands[seat].remove(card)
            self.hands[self.holder].add(card)
            self.seen[self.holder].add(card)
            self.phase = "discard"
        elif verb == "discard":
            self.hands[seat].remove(card)
            self.discards.add(card)
        elif verb == "turn":
            self.public |= self.widow
            self.phase = "take"
        elif verb == "take":
            self.widow.remove(card)
            self.hands[seat].add(card)
            self.taken += 1
            if self.taken == len(self.discards):
                self.phase = "play"
        else:
            self.hands[seat].remove(card)
            self.public.add(card)
            self.trick.append((seat, card))
            if len(self.trick) == 3:
                suit = self.trick[0][1][-1]
                winner = min((ORDER.index(rank(c)), s) for s, c in self.trick if c[-1] == suit)[1]
                self.piles[winner] |= {c for _, c in self.trick}
                self.trick, self.last = [], winner
                self.over = not any(self.hands.values())

    def where(self):
        """Every card's places: hands, widow, discards, piles and the trick."""
        places = [*self.hands.values(), self.widow, self.discards, *self.piles.values()]
        return sorted(c for place in places for c in place) + sorted(c for _, c in self.trick)


def check_step(deal, table):
    assert_legal_actions(deal, table.legal)
    assert_views_show_only(deal, table.known_to, lambda seat: table.hands[seat])
    # Every card is in exactly one place, in the engine as in the table.
    masks = [*deal.hand, deal.widow, deal.discards, *deal.captured]
    masks.append(sum(1 << card for card in deal.trick))
    union = 0
    for mask in masks:
        assert not union & mask
        union |= mask
    assert union == (1 << 40) - 1
    assert sorted(table.where()) == sorted(ITALIAN_40.codes)
    for seat in range(3):
        assert ITALIAN_40.codes_of(deal.hand[seat]) == sorted(table.hands[seat])
    assert deal.is_over == table.over


@settings(max_examples=60, deadline=None)
@given(spec=random_deals(GAME))
def test_random_hands_follow_the_rules_hide_what_they_must_and_replay(spec):
    deal, table = play_random_deal(GAME, spec, Table, check_step)
    result = deal.result()
    assert assert_replays(deal).result() == result
    if table.declarer is None:
        assert result["points"] == [0, 0, 0] and result["passed_out"]
        return
    thirds = {s: sum(THIRDS.get(rank(c), 0) for c in pile) for s, pile in table.piles.items()}
    thirds[table.last] += 3
    set_aside = table.discards | table.widow
    mine = thirds[table.declarer]
    theirs = sum(thirds.values()) - mine
    assert mine + theirs + sum(THIRDS.get(rank(c), 0) for c in set_aside) == 35
    assert (result["declarer_thirds"], result["defenders_thirds"]) == (mine, theirs)
    pay = (mine - theirs) * (2 if {mine, theirs} == {0, 35} else 1)
    assert result["points"] == [2 * pay if s == table.declarer else -pay for s in range(3)]
    assert result["side_points"] == result["points"] and sum(result["points"]) == 0
