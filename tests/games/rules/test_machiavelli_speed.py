"""The shortcuts that make Machiavelli's search fast give what the plain code gives.

``MachiavelliDeal.clone`` (the search copies a sample instead of replaying its history),
the remembered reading of a submitted table (``check_table``), the heuristic's count of
an offered table's cards and points from its text, and the seat's public history: each
is checked here against the plain computation on random games, with valid, invalid and
refused submissions mixed in (games/rules/machiavelli/deal.py, determinize.py,
games/heuristics/machiavelli.py).
"""

from __future__ import annotations

import random

import pytest

from games.heuristics import machiavelli as heuristic
from games.rules.base import IllegalAction
from games.rules.machiavelli import Machiavelli
from games.rules.machiavelli.melds import counts_of, format_table, meld_kind, parse_table

from .helpers import snapshot

GAME = Machiavelli()


def _submission(deal, rng: random.Random) -> str:
    """A ``table`` text made of the table and a few cards of the hand of the seat to act,
    shuffled into melds of random sizes: mostly invalid, now and then refused (a card
    dropped or added)."""
    hand = [face for face in range(52) for _ in range(deal.hands[deal.to_act][face])]
    cards = [face for meld in deal.table for face in meld]
    cards += rng.sample(hand, min(len(hand), rng.randint(1, 3)))
    if rng.random() < 0.3:
        cards.pop(rng.randrange(len(cards)))
    if rng.random() < 0.2:
        cards.append(rng.randrange(52))
    rng.shuffle(cards)
    melds = [cards[at : at + rng.randint(1, 5)] for at in range(0, len(cards), 5)]
    return format_table([meld for meld in melds if meld]) if cards else "table"


def _step(deal, rng: random.Random) -> str:
    """An action for the seat to act: mostly an offered one, else a submission."""
    legal = deal.legal_actions()
    if rng.random() < 0.15:
        return _submission(deal, rng)
    tables = [action for action in legal if action.startswith("table ")]
    return rng.choice(tables) if tables and rng.random() < 0.6 else rng.choice(legal)


def _apply(deal, action: str) -> str | None:
    """Apply ``action``; the refusal's key, if refused."""
    try:
        deal.apply(action)
    except IllegalAction as refusal:
        return refusal.key
    return None


def _observed(deal) -> tuple:
    """What anyone can observe of ``deal`` (``snapshot`` less the caches)."""
    return snapshot(deal)[:4]


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_a_clone_plays_on_as_the_deal_itself_and_leaves_it_alone(seats):
    rng = random.Random(seats)
    for number in range(6):
        deal = GAME.new_deal(seats=seats, dealer=number % seats, seed=100 * seats + number)
        for _ in range(rng.randrange(5, 80)):
            if deal.is_over:
                break
            _apply(deal, _step(deal, rng))
        if deal.is_over:
            continue
        before = _observed(deal)
        clone = deal.clone()
        assert _observed(clone) == before
        actions = []
        while not clone.is_over and len(actions) < 200:
            action = _step(clone, rng)
            actions.append((action, _apply(clone, action)))
        assert _observed(deal) == before  # the clone's play left the deal as it was
        for action, refused in actions:
            assert _apply(deal, action) == refused
            assert deal.legal_actions() == clone.legal_actions() or not deal.is_over
        assert _observed(deal) == _observed(clone)


def _plain_check(deal, seat: int, action: str) -> tuple:
    """``check_table`` as it was before it remembered anything: parse, count, judge."""
    if not action.startswith("table "):
        return ("malformed",)
    try:
        melds = parse_table(action)
    except ValueError:
        return ("malformed",)
    new = counts_of(face for meld in melds for face in meld)
    old = counts_of(face for meld in deal.table for face in meld)
    added = []
    for face in range(52):
        extra = new[face] - old[face]
        if extra < 0:
            return ("table_card_missing",)
        if extra > deal.hands[seat][face]:
            return ("card_not_in_hand",)
        added += [face] * extra
    if not added:
        return ("no_card_from_hand",)
    invalid = [index for index, meld in enumerate(melds) if meld_kind(meld) is None]
    return melds, tuple(added), invalid


def test_a_submitted_table_is_judged_as_the_plain_reading_judges_it_every_time():
    rng = random.Random(7)
    checked = refused = 0
    for number in range(20):
        deal = GAME.new_deal(seats=2 + number % 4, seed=number)
        while not deal.is_over:
            seat = deal.to_act
            for _ in range(2):  # the same text twice: the second reading is remembered
                action = _submission(deal, rng)
                try:
                    found = deal.check_table(seat, action)
                except IllegalAction as refusal:
                    found = (refusal.key,)
                    refused += 1
                assert found == _plain_check(deal, seat, action)
                checked += 1
            _apply(deal, _step(deal, rng))
    assert checked > 1000 and 0 < refused < checked


def test_the_heuristic_counts_an_offered_table_s_cards_and_points_as_its_words_do():
    rng = random.Random(3)
    tables = 0
    for number in range(15):
        deal = GAME.new_deal(seats=2 + number % 4, seed=50 + number)
        while not deal.is_over:
            for action in deal.legal_actions():
                if action.startswith("table "):
                    cards = heuristic.table_cards(action)
                    points = sum(heuristic.card_points(code) for code in cards)
                    assert heuristic._cards_and_points(action) == (len(cards), points)
                    tables += 1
            _apply(deal, _step(deal, rng))
    assert tables > 500


def test_the_public_history_hides_the_others_penalties_as_the_plain_reading_does():
    rng = random.Random(11)
    hidden = 0
    for number in range(20):
        options = {"show_rejected": number % 3 == 0}
        deal = GAME.new_deal(seats=2 + number % 4, seed=number, options=options)
        while not deal.is_over:
            _apply(deal, _step(deal, rng))
        penalized = set() if options["show_rejected"] else set(deal.penalized)
        for seat in (*range(deal.seats), None):
            plain = [
                (actor, "?" if index in penalized and actor != seat else action)
                for index, (actor, action) in enumerate(deal.actions)
            ]
            assert GAME.public_history(deal, seat) == plain
            hidden += plain.count((0, "?"))
    assert hidden > 0
