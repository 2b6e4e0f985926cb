"""Sette e mezzo's determinizer reads the players' choices (issue #12, the ISMCTS bot): a
player who stood on what the table sees of his hand more likely holds a high card face
down, one who hit more likely a low one; no choice rules a card out.

Source: games/rules/sette_e_mezzo/determinize.py (``choice_likelihood``); Cowling,
Whitehouse, Powley, "Emergent bluffing and inference with Monte Carlo Tree Search", IEEE
CIG 2015; ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Seven and a Half").
"""

from __future__ import annotations

import random

from games.rules import get_game
from games.rules.sette_e_mezzo.determinize import choice_likelihood, hit_probability
from games.rules.sette_e_mezzo.scoring import total
from tests.games.rules.helpers import banking_hand

GAME = get_game("sette-e-mezzo")
SAMPLES = 300


def face_down_totals(deal, viewer: int, seat: int) -> list[float]:
    """The points of ``seat``'s face-down card in SAMPLES determinizations of ``viewer``'s
    view of ``deal``."""
    view = GAME.view_for(deal, viewer)
    history = GAME.public_history(deal, viewer)
    rng = random.Random(7)
    totals = []
    for _ in range(SAMPLES):
        sample = GAME.determinize(view, history, deal.options, rng)
        assert GAME.view_for(sample, viewer) == view
        totals.append(total(sample.cards[seat][:1]) / 2)
    return totals


def test_the_modelled_player_hits_low_totals_and_stands_on_high_ones():
    chances = [hit_probability(halves) for halves in range(1, 16)]
    assert chances == sorted(chances, reverse=True)
    assert chances[0] > 0.99 and chances[-1] < 0.001
    assert all(0 < chance < 1 for chance in chances)
    # Standing on a face-down 7 is far likelier than standing on a face-down court (½).
    assert choice_likelihood("7C", [], stood=True) > 50 * choice_likelihood("JC", [], stood=True)
    # Hitting on a 2 and then standing on the 5 it made: likely; hitting on the 7: not.
    assert choice_likelihood("2C", ["3C"], stood=True) > 0.5
    assert choice_likelihood("7C", ["QC"], stood=True) < 0.01
    assert choice_likelihood("4C", [], stood=False) == 1.0  # no choice made yet


def test_the_banker_reads_a_stand_without_a_card_drawn_as_a_high_card_face_down():
    # Seat 0 banks; seat 1 bets and stands on his face-down card alone; the banker's turn.
    deal = banking_hand(GAME, [], ["limits 1 10", "bet 5", "stand"], seats=2)
    assert deal.phase == "bank" and deal.to_act == 0
    totals = face_down_totals(deal, viewer=0, seat=1)
    high = sum(points >= 5 for points in totals) / SAMPLES
    # Uniformly, 13 of the 38 cards the banker has not seen make 5 or more (the 5s, 6s,
    # 7s and the wild K of diamonds): about a third. Read from the stand, most samples.
    assert high > 0.8


def test_a_hit_on_the_face_down_card_alone_reads_as_a_low_card():
    # Three seats: seat 1 hits once (a court, ½) and stands; seat 2 is to play and sees it.
    deal = banking_hand(GAME, ["4C", "5C", "6C", "QS"],
                        ["limits 1 10", "bet 5", "bet 5", "hit", "stand"])  # fmt: skip
    assert deal.to_act == 2 and deal.cards[1][1:] == ["QS"]
    totals = face_down_totals(deal, viewer=2, seat=1)
    # He hit on his face-down card and stood on it and a court: the model hits on 4 and
    # stands on 4½ and 5½ often, so 4 or 5 face down is likeliest (8 of the 37 cards seat 2
    # has not seen, a fifth, uniformly); a 7 would have made a natural, shown at once.
    assert sum(4 <= points <= 5 for points in totals) / SAMPLES > 0.7
    assert 7 not in totals
