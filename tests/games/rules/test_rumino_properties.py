"""Properties of random Rumino games of several hands, checked against an account kept
by the test: cards conserved, legal actions never empty before the end, views that show
a seat only its own hand (and a claim offer only to its claimant), replays that rebuild
the same hand, and scores carried from hand to hand.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino").
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.rumino import Rumino
from games.rules.rumino.game import PACK
from tests.games.rules.helpers import assert_replays

GAME = Rumino()
HANDS_PER_GAME = 5


class Account:
    """One hand followed action by action from its deck, carry and actions alone."""

    def __init__(self, deck, seats, dealer, carry):
        self.deck, self.seats, self.dealer = list(deck), seats, dealer
        carry = carry or {"out": [], "pending": []}
        self.out, self.pending = list(carry["out"]), list(carry["pending"])
        self.hands = [Counter() for _ in range(seats)]
        self.pile, self.stock, self.taken = [], [], [Counter() for _ in range(seats)]
        self.dealt = False
        if not self.pending:
            self.deal()

    def deal(self):
        gone = set(self.out) | set(self.pending)
        order = [(self.dealer + 1 + i) % self.seats for i in range(self.seats)]
        playing = [seat for seat in order if seat not in gone]
        k = len(playing)
        for i, card in enumerate(self.deck[: 7 * k]):
            self.hands[playing[i % k]][card] += 1
        self.pile = [self.deck[7 * k]]
        self.stock = self.deck[7 * k + 1 :]
        self.dealt = True

    def observe(self, seat, action):
        if action in ("rebuy", "retire"):
            self.pending.remove(seat)
            if action == "retire":
                self.out.append(seat)
            if not self.pending:
                self.deal()
        elif action == "draw":
            self.hands[seat][self.stock.pop(0)] += 1
        elif action in ("take", "claim"):
            card = self.pile.pop()
            self.hands[seat][card] += 1
            self.taken[seat][card] += 1
        elif action.startswith("discard "):
            card = action.split()[1]
            self.hands[seat][card] -= 1
            self.hands[seat] += Counter()
            self.taken[seat][card] = max(0, self.taken[seat][card] - 1)
            self.taken[seat] += Counter()
            self.pile.append(card)


def check(deal, account):
    if account.dealt:
        held = sum(account.hands, Counter())
        assert held + Counter(account.pile) + Counter(account.stock) == Counter(PACK.new_order)
    for viewer in (*range(deal.seats), None):
        view = deal.view(viewer)
        text = json.dumps(view)
        assert "deck" not in text and "seed" not in text
        if not deal.is_over:
            assert view["pile"] == account.pile
            assert view["stock_count"] == len(account.stock)
        for entry in view["players"]:
            seat = entry["seat"]
            assert entry["hand_count"] == sum(account.hands[seat].values())
            if seat == viewer:
                assert Counter(entry["hand"]) == account.hands[seat]
            else:
                assert entry["hand"] is None and entry["deadwood"] is None
                assert not Counter(entry["known_cards"]) - account.taken[seat]
        if viewer != deal.to_act:
            assert view["claim_offer"] is None
            if viewer == GAME.seat_on_move(deal) and not deal.is_over:
                # The next player to draw while an offer is open to another: the actions
                # its turn will give it, as with no offer (view.py).
                assert view["legal_actions"] == deal.draw_actions(viewer)
            else:
                assert view["legal_actions"] == []
        elif deal.phase == "claim":
            assert view["claim_offer"]["card"] == account.pile[-1]


def play_game(spec):
    seats, dealer = spec["seats"], spec["dealer"] % spec["seats"]
    options = {"rebuys": spec["rebuys"]}
    rng = random.Random(spec["play_seed"])
    results, carry = [], None
    for number in range(HANDS_PER_GAME):
        deal = GAME.new_deal(
            seats=seats,
            dealer=dealer,
            options=options,
            seed=spec["deck_seed"] + number,
            carry=carry,
        )
        account = Account(deal.deck, seats, dealer, carry)
        while not deal.is_over:
            check(deal, account)
            legal = deal.legal_actions()
            assert legal and legal == sorted(legal)
            seat, action = deal.to_act, rng.choice(legal)
            deal.apply(action)
            account.observe(seat, action)
            if (
                deal.is_over
                and deal.result()["ended_by"] == "rumino"
                and action.startswith("discard ")
            ):
                # The stock was empty: the discard went at once to the rumino it completed.
                account.observe(deal.result()["by"], "claim")
            if rng.random() < 0.01:
                assert_replays(deal)
        check(deal, account)
        assert_replays(deal)
        result = deal.result()
        results.append(result)
        # The scores the hand started from, after any rebuy, plus the hand's points.
        before = deal.state["scores"]
        assert result["scores"] == [a + b for a, b in zip(before, result["points"], strict=True)]
        winner = GAME.match_winner(results, options)
        if winner is not None:
            places = GAME.match_places(results, options)
            assert places[winner] == 1 and sorted(places)[0] == 1
            return
        carry = GAME.carry_for(options, seats, results)
        dealer = GAME.next_dealer(dealer, seats, results)
        assert dealer not in carry["out"]


games = st.fixed_dictionaries(
    {
        "seats": st.sampled_from(GAME.seats),
        "dealer": st.integers(0, 5),
        "rebuys": st.booleans(),
        "deck_seed": st.integers(0, 2**40),
        "play_seed": st.integers(0, 2**40),
    }
)


@settings(max_examples=15, deadline=None)
@given(games)
def test_random_games_conserve_cards_hide_hands_replay_and_carry_scores(spec):
    play_game(spec)


def test_a_game_of_low_scores_carried_near_a_hundred_ends_with_a_winner():
    """Carried scores of 99 make every knock eliminate: random play reaches the end."""
    seats = 3
    rng = random.Random(7)
    carry = {"scores": [99, 99, 99], "out": [], "pending": [], "rebuys": [0] * 3, "pool": 3}
    results = []
    for number in range(40):
        deal = GAME.new_deal(seats=seats, dealer=number % seats, seed=number, carry=carry)
        while not deal.is_over:
            legal = deal.legal_actions()
            knock = [a for a in legal if a in ("knock", "gin")]
            deal.apply(knock[0] if knock else rng.choice(legal))
        results.append(deal.result())
        if GAME.match_winner(results, {}) is not None:
            break
        carry = GAME.carry_for({}, seats, results)
    assert GAME.match_winner(results, {}) is not None
