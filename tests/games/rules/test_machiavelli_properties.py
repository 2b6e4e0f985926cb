"""Properties of many random Machiavelli games, checked against an account kept by
the test: cards conserved, legal actions never empty before the end, every table the
engine offers or accepts valid under the test's own meld checker, views that show a
seat only its own hand, and replays that rebuild the same game.

Random play mixes the legal actions with invalid tables (one card of the hand laid
alone), so the penalty is exercised too.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
../shared/rules/README.md ("Machiavelli").
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.machiavelli import Machiavelli
from games.rules.machiavelli.game import PACK
from tests.games.rules.helpers import assert_replays
from tests.games.rules.test_machiavelli_melds import is_meld

GAME = Machiavelli()


def melds_of(action: str) -> list[list[str]]:
    """The test's own reading of a ``table`` action."""
    return [part.split() for part in action[len("table ") :].split("|")]


class Account:
    """What each player holds, the table and the stock, followed action by action from
    the deck and the actions alone."""

    def __init__(self, deck: list[str], seats: int, dealer: int):
        self.seats = seats
        self.hands = [Counter() for _ in range(seats)]
        for i, card in enumerate(deck[: 13 * seats]):
            self.hands[(dealer + 1 + i) % seats][card] += 1
        self.stock = list(deck[13 * seats :])
        self.table: list[list[str]] = []
        self.drawn_by: list[Counter] = [Counter() for _ in range(seats)]

    def draw(self, seat: int, number: int) -> None:
        cards, self.stock = self.stock[:number], self.stock[number:]
        self.hands[seat].update(cards)

    def observe(self, seat: int, action: str) -> None:
        if action == "draw":
            self.draw(seat, 1)
        elif action.startswith("table"):
            melds = melds_of(action)
            added = Counter(c for m in melds for c in m) - Counter(c for m in self.table for c in m)
            if all(is_meld(meld) for meld in melds):
                self.table = melds
                self.hands[seat] -= added
            else:
                self.draw(seat, 3)

    def check_table_action(self, seat: int, action: str) -> None:
        """A table the engine offers: valid melds, every table card kept, at least one
        card from the hand and nothing else."""
        melds = melds_of(action)
        assert all(is_meld(meld) for meld in melds), action
        new = Counter(c for m in melds for c in m)
        old = Counter(c for m in self.table for c in m)
        assert not old - new
        added = new - old
        assert added and not added - self.hands[seat]


def check_state(deal, account: Account) -> None:
    """Cards conserved, the engine's state equal to the account, views hiding hands."""
    views = {viewer: deal.view(viewer) for viewer in (*range(deal.seats), None)}
    table = [sorted(m) for m in account.table]
    assert sorted(sorted(m) for m in views[None]["table"]) == sorted(table)
    held = Counter()
    for seat in range(deal.seats):
        assert Counter(views[seat]["players"][seat]["hand"]) == account.hands[seat]
        held += account.hands[seat]
    everything = held + Counter(c for m in account.table for c in m) + Counter(account.stock)
    assert everything == Counter(PACK.new_order)
    assert views[None]["stock_count"] == len(account.stock)
    for viewer, view in views.items():
        text = json.dumps(view)
        assert "deck" not in text and "seed" not in text
        for entry in view["players"]:
            assert entry["hand_count"] == sum(account.hands[entry["seat"]].values())
            if entry["seat"] != viewer:
                assert entry["hand"] is None and entry["known_cards"] == []
        turn = view["last_turn"]
        if turn is not None and turn["seat"] != viewer:
            assert turn["drawn"] is None
            assert (turn["rejected"] is None) or deal.options["show_rejected"]
        if viewer != deal.to_act:
            assert view["legal_actions"] == []


def play(spec) -> None:
    seats, dealer = spec["seats"], spec["dealer"] % spec["seats"]
    options = {"show_rejected": spec["show_rejected"]}
    deal = GAME.new_deal(seats=seats, dealer=dealer, seed=spec["deck_seed"], options=options)
    account = Account(list(deal.deck), seats, dealer)
    rng = random.Random(spec["play_seed"])
    while not deal.is_over:
        check_state(deal, account)
        seat = deal.to_act
        legal = deal.legal_actions()
        assert legal and legal == sorted(legal)
        assert ("draw" in legal) == bool(account.stock) and ("pass" in legal) != bool(account.stock)
        for action in legal:
            if action.startswith("table"):
                account.check_table_action(seat, action)
        if rng.random() < 0.05:
            card = next(iter(account.hands[seat]))
            table = " | ".join(" ".join(m) for m in account.table)
            action = f"table {table} | {card}" if table else f"table {card}"
        else:
            # Tables more often than draws, so that games end and tables grow.
            tables = [a for a in legal if a.startswith("table")]
            action = rng.choice(tables if tables and rng.random() < 0.7 else legal)
        deal.apply(action)
        account.observe(seat, action)
        if rng.random() < 0.02:
            assert_replays(deal)
    check_state(deal, account)
    result = deal.result()
    counts = [sum(hand.values()) for hand in account.hands]
    assert result["cards_left"] == counts
    if result["went_out"] is not None:
        assert counts[result["went_out"]] == 0 and result["winner"] == result["went_out"]
    assert_replays(deal)


games = st.fixed_dictionaries(
    {
        "seats": st.sampled_from(GAME.seats),
        "dealer": st.integers(0, 4),
        "show_rejected": st.booleans(),
        "deck_seed": st.integers(0, 2**40),
        "play_seed": st.integers(0, 2**40),
    }
)


@settings(max_examples=25, deadline=None)
@given(games)
def test_random_legal_games_conserve_cards_hide_hands_and_replay(spec):
    play(spec)
