"""Random legal play of Tressette keeps its invariants (hypothesis).

Every card ends in exactly one place; the card points sum to 35 thirds (11 points) a
deal; accusi count only for seats that won a trick; legal actions are never empty while
the deal goes on and signals never move the turn; no view (a partner's included) holds a
card its viewer may not know; a record replays to the same deal.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette"),
../shared/rules/README.md ("Tressette"), issue 7 (item 7, properties).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.tressette.scoring import CODES, accusi_points
from tests.games.rules.helpers import assert_replays, assert_views_show_only
from tests.games.rules.tressette.tables import GAME

deals = st.fixed_dictionaries(
    {
        "deck_seed": st.integers(0, 2**40),
        "play_seed": st.integers(0, 2**40),
        "dealer": st.sampled_from(range(4)),
        "target": st.sampled_from([21, 31, 41]),
        "signals": st.booleans(),
    }
)


def known_to(deal, played: set[str], viewer: int | None) -> set[str]:
    """Cards ``viewer`` may see: its own hand, every card played, and the cards of an
    announced four of a kind."""
    known = set(played)
    if viewer is not None:
        known |= {CODES[i] for i in range(40) if deal.hand[viewer] >> i & 1}
    for melds in deal.announced:
        for meld in melds or []:
            if meld["kind"] == "four":
                known |= {meld["rank"] + suit for suit in "CDHS"}
    return known


@settings(max_examples=40, deadline=None)
@given(spec=deals)
def test_random_legal_play_keeps_the_invariants(spec):
    options = {"target": spec["target"], "signals": spec["signals"]}
    deal = GAME.new_deal(seats=4, dealer=spec["dealer"], options=options, seed=spec["deck_seed"])
    rng = random.Random(spec["play_seed"])
    played: set[str] = set()
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal and legal == sorted(set(legal))
        trick = len(deal.trick)
        in_hands = sum(h.bit_count() for h in deal.hand)
        in_piles = sum(c.bit_count() for c in deal.captured)
        assert in_hands + in_piles + trick == 40  # every card in exactly one place
        union = 0
        for mask in [*deal.hand, *deal.captured]:
            assert not union & mask
            union |= mask
        if rng.random() < 0.3:
            assert_views_show_only(deal, lambda v: known_to(deal, played, v), _hand_of(deal))
        action = rng.choice(legal)
        seat = deal.to_act
        deal.apply(action)
        if action.startswith("play "):
            played.add(action.split()[1])
        else:
            assert deal.to_act == seat and spec["signals"]  # a signal keeps the turn
    result = deal.result()
    assert sum(result["card_thirds"]) == 35 and sum(result["card_points"]) == 11
    for side, seats in enumerate(deal.sides):
        counted = sum(accusi_points(deal.held[s]) for s in seats if deal.tricks_won(s))
        assert result["accusi_points"][side] == counted
        assert result["side_points"][side] == result["card_points"][side] + counted
        assert all(result["points"][s] == result["side_points"][side] for s in seats)
    assert sum(result["tricks"]) == 10
    assert_views_show_only(deal, lambda v: known_to(deal, played, v), _hand_of(deal))
    assert assert_replays(deal).result() == result


def _hand_of(deal):
    return lambda seat: [CODES[i] for i in range(40) if deal.hand[seat] >> i & 1]
