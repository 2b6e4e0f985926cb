"""Card points in thirds, the last trick, and the end of the match.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Players and Cards",
"Scoring"), ../shared/rules/README.md ("Spizzichino": match target, deal points).
"""

from __future__ import annotations

import pytest

from games.rules.spizzichino.scoring import thirds_of
from tests.games.rules.spizzichino.test_spizzichino_helpers import ALICE, BOB, GAME, deal_to_play

THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}


def play_out(deal, pick=lambda legal: legal[0]):
    """Play to the end; return the tricks as (cards, winner) read from the public view."""
    tricks = []
    while not deal.is_over:
        before = deal.view(None)["tricks_played"]
        deal.apply(pick(deal.legal_actions()))
        view = deal.view(None)
        if view["tricks_played"] > before:
            last = view["last_trick"]
            tricks.append(([c["card"] for c in last["cards"]], last["winner"]))
    return tricks


def test_a_player_who_wins_every_trick_has_all_eleven_card_points():
    # make_deck({}) gives bob (packets 1-4) all clubs and diamonds and alice all
    # hearts and spades: bob leads every trick and alice can never follow.
    deal = deal_to_play({})
    play_out(deal)
    result = deal.result()
    assert result["card_thirds"] == [0, 35]
    assert result["card_points"] == [0, 11]
    assert result["tricks"] == [0, 20]
    assert result["last_trick"] == BOB
    # Both were dealt a Napoletana in hand (3, 2, A of clubs; of hearts).
    assert result["points"] == [3, 14]


def test_card_values_are_ace_three_thirds_and_three_two_and_courts_one_third():
    assert thirds_of(GAME.pack.mask(["AC"])) == 3
    assert thirds_of(GAME.pack.mask(["3D", "2D", "KD", "QD", "JD"])) == 5
    assert thirds_of(GAME.pack.mask(["4S", "5S", "6S", "7S"])) == 0
    assert thirds_of(GAME.pack.mask(GAME.pack.codes)) == 32


def test_card_thirds_are_the_tricks_won_plus_three_for_the_last_trick():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=11)
    tricks = play_out(deal)
    expected = [0, 0]
    for cards, winner in tricks:
        expected[winner] += sum(THIRDS.get(code[:-1], 0) for code in cards)
    expected[tricks[-1][1]] += 3
    result = deal.result()
    assert len(tricks) == 20
    assert result["card_thirds"] == expected
    assert result["last_trick"] == tricks[-1][1]
    assert result["tricks"] == [sum(1 for _, w in tricks if w == seat) for seat in (0, 1)]


def test_fractions_are_rounded_down_and_the_card_points_always_sum_to_eleven():
    seen_remainders = set()
    for seed in range(40):
        deal = GAME.new_deal(seats=2, dealer=seed % 2, seed=seed, options={"buongiochi": "none"})
        play_out(deal)
        result = deal.result()
        thirds = result["card_thirds"]
        assert sum(thirds) == 35
        assert result["card_points"] == [thirds[0] // 3, thirds[1] // 3]
        assert sum(result["card_points"]) == 11
        seen_remainders.add(thirds[0] % 3)
    assert seen_remainders == {0, 1, 2}  # the rounding was exercised every way


def results(*points):
    return [{"points": list(p)} for p in points]


@pytest.mark.parametrize(
    ("deals", "options", "winner"),
    [
        (results((30, 20), (22, 10)), {}, ALICE),  # 52 to 30
        (results((30, 20), (20, 10)), {}, None),  # 50 to 30: nobody at 51 yet
        (results((40, 45), (12, 8)), {}, BOB),  # both over: 52 to 53, the higher wins
        (results((40, 45), (12, 7)), {}, None),  # 52 to 52: another deal
        (results((25, 20), (7, 3)), {"buongiochi": "none"}, ALICE),  # target 31 by default
        (results((15, 20), (2, 3)), {"buongiochi": "none", "target": 21}, BOB),
        ([], {}, None),
    ],
)
def test_the_match_ends_after_the_deal_in_which_someone_reaches_the_target(deals, options, winner):
    assert GAME.match_winner(deals, options) == winner


def test_match_scores_are_the_running_totals_of_deal_points():
    assert GAME.match_scores(results((3, 8), (11, 4), (6, 5)), {}) == [20, 17]
    assert GAME.match_scores([], {}) == [0, 0]
