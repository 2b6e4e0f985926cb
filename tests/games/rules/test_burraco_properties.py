"""Properties of random Burraco hands played to the end with legal actions only.

Checked at every step against the test's own count of the cards: the 108 cards are all
somewhere, exactly once each; the seat to act always has a legal action; no view shows
a card its viewer could not know at a real table (another hand, the stock, a pozzetto);
and at the end the record replays to the same hand.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco"),
../shared/DESIGN.md ("Live protocol", "Deal records").
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.burraco import Burraco
from games.rules.burraco.game import PACK
from tests.games.rules.helpers import assert_replays

GAME = Burraco()
FULL = Counter(PACK.new_order)


def _codes(value):
    """Every card code named in a JSON-ready value (inside action strings too); a meld's
    ``spelling`` repeats its ``cards``, ``taken_single`` a known card: both skipped."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in ("spelling", "taken_single"):
                yield from _codes(item)
    elif isinstance(value, list):
        for item in value:
            yield from _codes(item)
    elif isinstance(value, str):
        for word in value.split():
            for part in word.split("@")[:1]:
                if part in FULL:
                    yield part


def _everything(deal):
    cards = Counter(deal.stock) + Counter(deal.pile)
    for hand in deal.hands:
        cards += hand
    for packet in [*deal.pozzetti, *(p for p in deal.pending if p)]:
        cards += Counter(packet)
    for melds in deal.melds:
        for meld in melds:
            cards += Counter(meld.cards)
    return cards


def _check_views(deal):
    table = Counter()
    for melds in deal.melds:
        for meld in melds:
            table += Counter(meld.cards)
    public = table + Counter(deal.pile) + Counter([deal.upcard])
    for seat in range(deal.seats):
        public += deal.known[seat]
        if deal.is_over:  # the hands are laid open to be counted
            public += deal.hands[seat] + Counter(deal.pending[seat] or ())
    for viewer in (*range(deal.seats), None):
        view = deal.view(viewer)
        assert json.loads(json.dumps(view)) == view
        own = deal.hands[viewer] if viewer is not None else Counter()
        shown = Counter(_codes({k: v for k, v in view.items() if k != "legal_actions"}))
        assert not shown - (public + own), (viewer, shown - (public + own))
        for player in view["players"]:
            if player["seat"] != viewer:
                assert player["hand"] is None
            else:
                assert Counter(player["hand"]) == own  # a face-down pozzetto is not in it
        assert view["taken_single"] is None or view["taken_single"] in public
        legal_cards = set(_codes(view["legal_actions"]))
        assert legal_cards <= set(own) | set(table)
        assert "stock" not in view and "deck" not in view


def _choose(rng, deal, legal):
    if deal.phase == "draw":
        return "take" if "take" in legal and rng.random() < 0.25 else "draw"
    melds = [a for a in legal if not a.startswith("discard")]
    if melds and rng.random() < 0.85:
        return rng.choice(melds)
    return rng.choice([a for a in legal if a.startswith("discard")])


@settings(max_examples=12, deadline=None)
@given(
    seats=st.sampled_from((2, 4)),
    dealer=st.integers(0, 3),
    deck_seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    semi_clean=st.booleans(),
    match=st.sampled_from(("to_2000", "3_hands", "4_hands")),
)
def test_random_legal_hands_conserve_cards_hide_hands_and_replay(
    seats, dealer, deck_seed, play_seed, semi_clean, match
):
    options = {"semi_clean": semi_clean, "match": match}
    deal = GAME.new_deal(seats=seats, dealer=dealer % seats, options=options, seed=deck_seed)
    rng = random.Random(play_seed)
    steps = 0
    while not deal.is_over:
        assert _everything(deal) == FULL
        if steps % 5 == 0:
            _check_views(deal)
        legal = deal.legal_actions()
        assert legal and legal == sorted(set(legal))
        deal.apply(_choose(rng, deal, legal), seat=deal.to_act)
        steps += 1
    assert _everything(deal) == FULL
    _check_views(deal)
    assert deal.legal_actions() == []
    result = deal.result()
    for seat in range(seats):
        assert result["points"][seat] == result["side_points"][deal.side_of(seat)]
    assert result["end"] in ("closed", "talon", "stalemate")
    assert_replays(deal)
