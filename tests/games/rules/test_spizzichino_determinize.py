"""Spizzichino's determinizer (games/rules/spizzichino/determinize.py) on positions it once
missed (issue #12, the ISMCTS bot: "no sample in 5 positions of a 1 000-deal run")."""

from __future__ import annotations

import random

import pytest

from games.rules import get_game

SPIZZICHINO = get_game("spizzichino")

# Deck 9 of bench/bots_bench.py's seed 1 (packet k is DECK[5k:5k + 5]), played to the
# point where seat 1 had to play its 13th card. Seat 1's last four plays (7D, 4C, 7S,
# QH) came off its face-up packets 5 and 8; two of them (4C, QH) are forced by the
# suits it showed void in, the other two are one choice in 45: 30 random draws of that
# choice missed it in about one sample in three, and the search found no sample.
DECK = (
    "JD 4D 3C QC 5D 2D 3D 6D 4H 5S 7H AC 3H 2C 5C QS KS 6S 3S 5H "
    "7S QH JH AD 6H AH KH QD 2S KD 2H KC 4S 7C AS 7D 4C JC 6C JS"
).split()
ACTIONS = [
    (0, "pick 7"), (0, "pick 6"), (0, "pick 3"), (0, "pick 2"), (0, "hand 2 3"),
    (1, "hand 1 4"), (0, "play 2H"), (1, "play 5H"), (0, "play 7H"), (1, "play 4D"),
    (0, "take AH"), (0, "play 6D"), (1, "play JD"), (1, "play 3C"), (0, "play 5C"),
    (1, "play 3S"), (0, "play 5S"), (1, "play 5D"), (0, "play 3D"), (0, "play AC"),
    (1, "play QC"), (0, "play AH"), (1, "play 6S"), (0, "play 2C"), (1, "play 7D"),
    (0, "play 3H"), (1, "play 4C"), (0, "play 2D"), (1, "play 7S"), (0, "play 4H"),
    (1, "play QH"),
]  # fmt: skip


def _position(played: int):
    deal = SPIZZICHINO.new_deal(seats=2, dealer=1, deck=DECK)
    for seat, action in ACTIONS[:played]:
        deal.apply(action, seat=seat)
    return deal


@pytest.mark.parametrize("played", [31, 29, 27, 25])
def test_the_plays_off_the_packets_forced_by_voids_still_find_a_sample(played):
    deal = _position(played)
    seat = deal.to_act
    view, history = deal.view(seat), SPIZZICHINO.public_history(deal, seat)
    options = SPIZZICHINO.validate_options({})
    for number in range(12):
        sample = SPIZZICHINO.determinize(view, history, options, random.Random(number))
        assert sample.view(seat) == view
        assert SPIZZICHINO.public_history(sample, seat) == history
