"""The rule-of-thumb bots of Machiavelli and Rumino (games/heuristics/machiavelli.py,
rumino.py) on positions where the right play is plain.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli", "Rumino").
"""

from __future__ import annotations

import random

from games.heuristics import FROM_DEAL, heuristic_action
from games.rules import get_game
from tests.games.rules.test_rumino_play import hand_of


def _machiavelli_view(hand, table, legal):
    return {
        "game": "machiavelli", "viewer": 0, "to_act": 0, "legal_actions": legal,
        "table": table, "players": [{"seat": 0, "hand": hand, "hand_count": len(hand)}],
    }  # fmt: skip


def test_machiavelli_lays_the_table_that_empties_most_cards_from_the_hand():
    hand = ["3H", "4H", "5H", "6H", "9C", "KD"]
    table = [["7C", "7D", "7S"]]
    legal = [
        "draw",
        "table 7C 7D 7S | 3H 4H 5H",
        "table 7C 7D 7S | 3H 4H 5H 6H",
        "table 7C 7D 7S | 4H 5H 6H",
    ]
    view = _machiavelli_view(hand, table, legal)
    assert heuristic_action("machiavelli", view, random.Random(1)) == legal[2]


def test_machiavelli_draws_or_passes_with_nothing_to_lay():
    view = _machiavelli_view(["3H", "9C"], [], ["draw"])
    assert heuristic_action("machiavelli", view, random.Random(1)) == "draw"
    view = _machiavelli_view(["3H", "9C"], [], ["pass"])
    assert heuristic_action("machiavelli", view, random.Random(1)) == "pass"


def test_rumino_knocks_when_it_may():
    deal = hand_of(["3H 4H 5H 9C 9D 9S 2S", "AC 5D 8H JS QC 3D 6S"], "KC")
    view = deal.view(deal.to_act)
    assert "knock" in view["legal_actions"]
    assert heuristic_action("rumino", view, random.Random(1)) == "knock"


def test_rumino_takes_an_upcard_that_completes_a_meld_and_draws_a_useless_one():
    hand = "3H 4H 9C 9D KS QC JD"
    useful = hand_of([hand, "AC 5D 8H JS QC 3D 6S"], "5H")
    assert heuristic_action("rumino", useful.view(useful.to_act), random.Random(1)) == "take"
    useless = hand_of([hand, "AC 5D 8H JS QC 3D 6S"], "10H")  # a 10 for a 10: no gain
    assert heuristic_action("rumino", useless.view(useless.to_act), random.Random(1)) == "draw"


def test_rumino_discards_the_card_that_leaves_the_least_deadwood_the_highest_first():
    deal = hand_of(["3H 4H 5H 9C 9D KS 2C", "AC 5D 8H JS QC 3D 6S"], "KC", "AD")
    deal.apply("draw")  # AD: the hand is 3H 4H 5H 9C 9D KS 2C AD
    action = heuristic_action("rumino", deal.view(deal.to_act), random.Random(1))
    assert action == "discard KS"


# -- Burraco (games/heuristics/burraco.py) --------------------------------------------


def test_rumino_read_from_the_deal_chooses_as_the_heuristic_on_the_view():
    """The search's playouts read the heuristic from the deal (``FROM_DEAL``); on every
    position of 120 hands of two to six players, with and without rebuys, played half by
    the heuristic and half at random, it chooses what the heuristic chooses from the
    view and the public history of the seat to act, and never leaves the choice to it."""
    game = get_game("rumino")
    from_deal = FROM_DEAL["rumino"]
    rng = random.Random(32)
    phases = set()
    for _ in range(120):
        seats = rng.choice((2, 3, 4, 5, 6))
        options = {"rebuys": seats >= 3 and rng.random() < 0.5}
        carry = None
        if options["rebuys"] and rng.random() < 0.5:
            scores = [rng.randrange(99) for _ in range(seats)]
            scores[0] = 104
            carry = {"scores": scores, "out": [], "pending": [0], "rebuys": [0] * seats,
                     "pool": seats}  # fmt: skip
        deal = game.new_deal(seats=seats, dealer=rng.randrange(seats), options=options,
                             seed=rng.getrandbits(64), carry=carry)  # fmt: skip
        while not deal.is_over:
            seat = deal.to_act
            view, history = deal.view(seat), game.public_history(deal, seat)
            chosen = heuristic_action("rumino", view, random.Random(1), history)
            assert from_deal(deal, random.Random(1)) == chosen, view
            phases.add(deal.phase)
            deal.apply(chosen if rng.random() < 0.5 else rng.choice(deal.legal_actions()))
    assert {"rebuy", "draw", "discard"} <= phases


def _burraco(actions=(), **layout):
    from tests.games.rules.test_burraco_play import make_deal

    return make_deal(actions, **layout)


def _burraco_choice(deal):
    return heuristic_action("burraco", deal.view(deal.to_act), random.Random(1))


def test_burraco_takes_a_pile_that_joins_a_pair_and_draws_over_a_useless_one():
    hand = "9C 9D 4S 6H QD KC 3C 5D 7S JH 10S".split()
    useful = _burraco(hands={0: hand}, upcard="9H")
    assert _burraco_choice(useful) == "take"
    useless = _burraco(hands={0: hand}, upcard="8H")
    assert _burraco_choice(useless) == "draw"


def test_burraco_lays_a_natural_run_and_keeps_the_joker():
    deal = _burraco(["draw"], hands={0: "5H 6H 7H JK 9C QD KC 3C 5D 7S 10S".split()}, stock=["4D"])
    legal = deal.legal_actions()
    assert "meld JK@4H 5H 6H 7H" in legal  # the joker could join, and is kept
    assert _burraco_choice(deal) == "meld 5H 6H 7H"


def test_burraco_spends_a_wild_card_to_complete_a_burraco():
    deal = _burraco(["draw"], hands={0: "3H 4H 5H 6H 7H 8H JK 9C KC 3C 10S".split()}, stock=["4D"])
    assert _burraco_choice(deal) == "meld JK@2H 3H 4H 5H 6H 7H 8H"


def test_burraco_discards_an_isolated_card_the_opponents_cannot_use():
    # Bob's run of clubs 3C-5C lies on the table; alice holds the 6C (it would extend
    # bob's run) and the KS (isolated); her other cards pair up or run (the 8S drawn
    # joins the 7S and the 8D).
    deal = _burraco(
        ["draw", "discard AD", "draw", "meld 3C 4C 5C", "discard QS"],
        hands={0: "7D 7S 8D 10D KS 6C JH JD 10H 4H 4S".split(), 1: "3C 4C 5C QS".split()},
        stock=["AD", "AH", "8S"],
    )
    assert deal.to_act == 0 and deal.phase == "draw"
    deal.apply("draw")
    assert _burraco_choice(deal) == "discard KS"
