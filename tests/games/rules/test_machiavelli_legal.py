"""Machiavelli's legal actions against a slow reference enumeration, and the apply of an
offered table against the apply of the same text parsed afresh.

The engine builds its legal actions with byte masks, per-table offers and a cache of
the tables it offered (games/rules/machiavelli/deal.py); the reference below is the
plain enumeration of the docstring of ``MachiavelliDeal.legal_actions`` (the engine's
code before it was made fast), run on the states of random games and on random tables
and hands built to reach the rarer offers (splits, sets taken from the table, runs with
a high ace, hands holding melds).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.rules.machiavelli import Machiavelli
from games.rules.machiavelli.melds import (
    FACES,
    RUN,
    SET,
    canonical,
    extensions,
    format_meld,
    meld_kind,
)
from games.rules.machiavelli.offers import TableOffers

GAME = Machiavelli()


# -- the reference ------------------------------------------------------------


def _table_text(texts: list[str]) -> str:
    return "table " + " | ".join(texts)


def _replaced(texts: list[str], index: int, melds: list[tuple[int, ...]]) -> list[str]:
    return [*texts[:index], *(format_meld(meld) for meld in melds), *texts[index + 1 :]]


def _hand_melds(hand: list[int]) -> list[tuple[int, ...]]:
    melds = []
    for rank in range(13):
        suits = [suit for suit in range(4) if hand[suit * 13 + rank]]
        for size in (3, 4):
            for chosen in combinations(suits, size):
                melds.append(tuple(suit * 13 + rank for suit in chosen))
    for suit in range(4):
        present = [bool(hand[suit * 13 + rank % 13]) for rank in range(14)]
        for start in range(12):
            end = start
            while end < 14 and present[end] and end - start < 13:
                if end - start >= 2:
                    melds.append(tuple(suit * 13 + rank % 13 for rank in range(start, end + 1)))
                end += 1
    return melds


def _new_sets(face, hand, table, texts, spare):
    rank, suit = face % 13, face // 13
    free = [(other, None) for other in range(rank, FACES, 13) if other != face and hand[other]]
    free += [(other, index) for other, index in spare if other != face]
    tables = []
    for pair in combinations(free, 2):
        (first, from_first), (second, from_second) = pair
        if len({suit, first // 13, second // 13}) < 3:
            continue
        if from_first is not None and from_first == from_second:
            continue
        new_texts = list(texts)
        for other, index in pair:
            if index is not None:
                rest = list(table[index])
                rest.remove(other)
                new_texts[index] = format_meld(tuple(rest))
        new_texts.append(format_meld(canonical((face, first, second))))
        tables.append(new_texts)
    return tables


def reference_legal_actions(deal) -> list[str]:
    """Every action of the four steps of ``legal_actions``' docstring, built the slow way."""
    seat = deal.to_act
    if seat is None:
        return []
    actions = {"draw" if deal.stock_count else "pass"}
    hand, table = deal.hands[seat], deal.table
    texts = [format_meld(meld) for meld in table]
    for meld in _hand_melds(hand):
        actions.add(_table_text([*texts, format_meld(meld)]))
    spare: dict[int, list[tuple[int, int]]] = {}
    for index, meld in enumerate(table):
        kind = meld_kind(meld)
        if len(meld) >= 4:
            for other in meld if kind == SET else (meld[0], meld[-1]):
                spare.setdefault(other % 13, []).append((other, index))
    for face in range(FACES):
        if not hand[face]:
            continue
        for index, meld in enumerate(table):
            if face in extensions(meld):
                actions.add(_table_text(_replaced(texts, index, [canonical((*meld, face))])))
            if meld_kind(meld) == RUN:
                for at in range(2, len(meld) - 2):
                    if meld[at] == face:
                        halves = [meld[: at + 1], (face, *meld[at + 1 :])]
                        actions.add(_table_text(_replaced(texts, index, halves)))
        for new_texts in _new_sets(face, hand, table, texts, spare.get(face % 13, [])):
            actions.add(_table_text(new_texts))
    return sorted(actions)


# -- states -------------------------------------------------------------------


def random_game_states(seed: int, seats: int, games: int):
    """The states of ``games`` random games (the seat to act's turn), each with a replay
    of its record up to there: ``(deal, actions so far)``."""
    rng = random.Random(seed)
    for _ in range(games):
        deal = GAME.new_deal(seats=seats, dealer=rng.randrange(seats), seed=rng.getrandbits(64))
        while not deal.is_over:
            yield deal
            legal = deal.legal_actions()
            deal.apply(rng.choice(legal))


def random_melds(rng: random.Random, counts: list[int], size: int) -> list[tuple[int, ...]]:
    """Random valid melds (canonical) of the double pack, ``counts`` kept, until ``size``
    cards are on the table; sets of 3 or 4 and runs of 3 to 13, some with a high ace."""
    melds: list[tuple[int, ...]] = []
    placed, tries = 0, 0
    while placed < size and tries < 500:
        tries += 1
        if rng.random() < 0.4:
            rank = rng.randrange(13)
            meld = [suit * 13 + rank for suit in rng.sample(range(4), rng.choice((3, 4)))]
        else:
            suit, length = rng.randrange(4), rng.choice((3, 4, 4, 5, 6, 8, 13))
            start = rng.randint(0, 14 - length)
            meld = [suit * 13 + rank % 13 for rank in range(start, start + length)]
        if meld_kind(meld) and all(counts[face] < 2 for face in meld):
            for face in meld:
                counts[face] += 1
            melds.append(canonical(meld))
            placed += len(meld)
    return melds


def random_state(rng: random.Random):
    """A two-player game whose table and hand of the seat to act are set at random: a
    table of 0 to 60 cards, a hand of 1 to 20 cards dealt mostly from a few ranks and
    suits, so that it meets the table's melds and holds melds of its own."""
    deal = GAME.new_deal(seats=2, dealer=1, seed=rng.getrandbits(32))
    counts = [0] * FACES
    deal.table = random_melds(rng, counts, rng.randrange(0, 61, 3))
    hand = [0] * FACES
    ranks = rng.sample(range(13), rng.randint(2, 6))
    suits = rng.sample(range(4), rng.randint(1, 4))
    for _ in range(rng.randint(1, 20)):
        face = (
            rng.choice(suits) * 13 + rng.choice(ranks)
            if rng.random() < 0.8
            else rng.randrange(FACES)
        )
        if counts[face] < 2:
            counts[face] += 1
            hand[face] += 1
    if not any(hand):
        face = next(face for face in range(FACES) if counts[face] < 2)
        hand[face] = 1
    deal.hands[0] = hand
    if rng.random() < 0.2:
        deal.drawn = len(deal.stock)  # the stock empty: "pass" instead of "draw"
    return deal


def state_of(deal) -> tuple:
    return (
        [tuple(meld) for meld in deal.table],
        [list(hand) for hand in deal.hands],
        deal.drawn,
        deal.passes,
        deal.to_act,
        deal.phase,
        deal.went_out,
        deal.last_turn,
        list(deal.penalized),
        list(deal.actions),
    )


# -- tests --------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_legal_actions_of_random_games_are_the_reference_enumeration(seats):
    states = 0
    for deal in random_game_states(seed=seats, seats=seats, games=12):
        assert deal.legal_actions() == reference_legal_actions(deal)
        states += 1
    assert states > 100


def test_legal_actions_of_random_tables_and_hands_are_the_reference_enumeration():
    rng = random.Random(8)
    offered = 0
    for _ in range(3000):
        deal = random_state(rng)
        legal = deal.legal_actions()
        assert legal == reference_legal_actions(deal)
        assert deal.legal_actions() == legal  # asked twice, the same
        offered += len(legal) - 1
    assert offered > 3000


def copy_of(deal):
    """A two-player game at ``deal``'s table, hands and stock that was never asked for
    its legal actions."""
    copy = GAME.new_deal(seats=2, dealer=1, seed=0)
    copy.table = list(deal.table)
    copy.hands = [list(hand) for hand in deal.hands]
    copy.stock, copy.drawn = deal.stock, deal.drawn
    return copy


def outcome(deal, action: str):
    """The state ``deal`` is left in by ``action``, or the refusal's key and message."""
    try:
        deal.apply(action)
    except ValueError as error:
        return error.key, str(error)  # type: ignore[attr-defined]
    return state_of(deal)


def test_an_offered_table_applies_as_the_same_text_parsed_afresh():
    """``apply`` of an action just offered takes a shortcut (the offered table is kept);
    the state it leaves is the one a game never asked for its legal actions reaches
    with the same text."""
    rng = random.Random(3)
    checked = 0
    for _ in range(400):
        deal = random_state(rng)
        legal = deal.legal_actions()
        for action in rng.sample(legal, min(3, len(legal))):
            offered, fresh = copy_of(deal), copy_of(deal)
            assert offered.legal_actions() == legal
            assert outcome(offered, action) == outcome(fresh, action)
            checked += 1
    assert checked > 800


@pytest.mark.parametrize("change", ["hand", "table"])
def test_an_offer_is_not_taken_once_the_hand_or_table_was_changed_directly(change):
    """A card taken from the hand, or a meld from the table, after the legal actions
    were asked for: the offered text is judged as any other submission."""
    rng = random.Random(11)
    checked = refused = 0
    for _ in range(600):
        deal = random_state(rng)
        offers = [action for action in deal.legal_actions() if action.startswith("table")]
        if not offers or (change == "table" and not deal.table):
            continue
        fresh = copy_of(deal)
        for game in (deal, fresh):
            if change == "hand":
                face = max(face for face in range(FACES) if game.hands[0][face])
                game.hands[0][face] -= 1
            else:
                game.table = game.table[1:]
        expected = outcome(fresh, offers[-1])
        assert outcome(deal, offers[-1]) == expected
        refused += isinstance(expected[0], str)
        checked += 1
    assert checked > 100 and refused > 20


def offers_fields(offers: TableOffers) -> tuple:
    """What a table's offers hold: the melds' offers, their masks and indexes."""
    return (
        offers.infos,
        offers.texts,
        offers.packed,
        offers.kept,
        offers.grow_at,
        offers.spare_at,
        (offers.lengthen, offers.split, offers.spare, offers.spare_one, offers.spare_two),
    )


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_the_offers_of_a_table_edited_by_a_plan_are_those_of_the_table_read_afresh(seats):
    """``apply`` of an offered table edits the offers of the old table (the melds
    changed out, the new in, the indexes by face and rank kept in step); they must be
    the offers of the new table read afresh, melds split and sets of four included."""
    edited = 0
    for deal in random_game_states(seed=20 + seats, seats=seats, games=40):
        offers = deal._table_offers
        if offers is None or offers.table is not deal.table or not deal.actions:
            continue
        if not deal.actions[-1][1].startswith("table"):
            continue
        assert offers_fields(offers) == offers_fields(TableOffers(deal.table))
        edited += 1
    assert edited > 500
