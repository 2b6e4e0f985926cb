"""A deal stopped part way by an event's round clock and scored as it stands
(``Game.result_as_it_stands``): Burraco, Tressette, Tute and Briscola count what each
side has won so far, in the shape of a finished deal's result, marked ``stopped``, and so
does Bazzica (but for its one-deal Rubicone variants); the games that cannot (Scopa...)
say None. Every expectation is worked out by hand
in the comments.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco", "Tresette", "Tute",
"Briscola": "Scoring"), docs/tournaments.md ("The round clock").
"""

from __future__ import annotations

import pytest

from games.rules import get_game
from games.rules.cards import ITALIAN_40
from tests.games.rules.test_burraco_play import make_deck

ALICE, BOB, CAROL, DAVE = 0, 1, 2, 3


def dealt_one_at_a_time(hands: dict[int, list[str]], tail: list[str] = ()) -> list[str]:
    """A 40-card deck dealing ``hands`` one card at a time from seat 0 (dealer 3), then
    ``tail`` and the rest of the pack in its new order."""
    deck = [hands[position % 4][position // 4] for position in range(4 * len(hands[0]))]
    deck.extend(tail)
    deck.extend(code for code in ITALIAN_40.new_order if code not in deck)
    return deck


def play(deal, *actions: str) -> None:
    for action in actions:
        deal.apply(action)


def test_a_burraco_hand_stopped_counts_melds_less_hands_and_pozzetto_without_closing():
    burraco = get_game("burraco")
    hands = {
        ALICE: ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "KC", "KD", "2S", "JK"],
        BOB: ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "AC"],
        CAROL: ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "AD"],
        DAVE: ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "AS"],
    }
    deck = make_deck(seats=4, dealer=DAVE, hands=hands, stock=["10H", "KH"])
    deal = burraco.new_deal(seats=4, dealer=DAVE, deck=deck)
    play(deal, "draw", "meld 3H 4H 5H 6H 7H 8H 9H 10H", "discard KC", "draw", "discard KH")
    result = burraco.result_as_it_stands(deal)
    # Alice and Carol: the run 3-7 (5 x 5) and 8-10 (3 x 10) = 55, a clean burraco 200,
    # no pozzetto -100, in hand KD 2S JK (10 + 20 + 30) and 3D-7D, 8D-QD, AD (25 + 50 + 15).
    # Bob and Dave: no melds, no pozzetto -100, in hand 90 each.
    assert result["sides"][0] == {
        "melds": 55, "burracos": {"clean": 1, "semi_clean": 0, "dirty": 0},
        "burraco_bonus": 200, "closing": 0, "pozzetto": -100, "hand": -150, "total": 5,
    }  # fmt: skip
    assert result["side_points"] == [5, -280]
    assert result["points"] == [5, -280, 5, -280]
    assert result["stopped"] is True and result["end"] is None and result["closed_by"] is None
    assert set(result) - {"stopped"} == set(burraco.new_deal(seats=4, seed=1)._result())
    assert burraco.match_scores([result], {}) == [5, -280]


def test_a_tressette_deal_stopped_counts_the_thirds_won_and_the_accusi_announced():
    tressette = get_game("tressette")
    hands = {
        ALICE: ["3C", "2C", "AC", "4C", "5C", "6C", "7C", "4D", "5D", "6D"],  # napoli C
        BOB: ["KC", "KD", "JD", "QD", "4H", "5H", "6H", "7H", "4S", "5S"],
        CAROL: ["QC", "JC", "3D", "2D", "AD", "7D", "3H", "2H", "AH", "KH"],  # napoli D, H
        DAVE: ["QH", "JH", "3S", "2S", "AS", "KS", "QS", "JS", "7S", "6S"],  # napoli S
    }
    deal = tressette.new_deal(
        seats=4, dealer=DAVE, options={"signals": False}, deck=dealt_one_at_a_time(hands)
    )
    play(
        deal,
        "play 3C", "play KC", "play QC", "play 6S",  # Alice: 3 thirds, announces napoli C
        "play 2C", "play 5S", "play JC", "play 7S",  # Alice: 2 thirds
        "play 4D", "play KD", "play 7D", "play QH",  # Bob: 2 thirds, nothing to announce
        "play 4H", "play 3H", "play JH", "play 5D",  # Carol: 2 thirds, napoli D and H
        "play AD", "play 2S",  # a trick not finished counts for nobody
    )  # fmt: skip
    result = tressette.result_as_it_stands(deal)
    # Alice and Carol: 7 thirds -> 2 points, accusi 3 + 6; Bob and Dave: 2 thirds -> 0,
    # Dave's napoli never announced (he has won no trick). No last trick.
    assert result["card_thirds"] == [7, 2]
    assert result["card_points"] == [2, 0]
    assert result["accusi_points"] == [9, 0]
    assert result["side_points"] == [11, 0] and result["points"] == [11, 0, 11, 0]
    assert result["tricks"] == [3, 1] and result["last_trick"] is None
    assert result["stopped"] is True
    assert tressette.match_winner([result], {"target": 21}) is None


def test_a_tute_hand_stopped_counts_card_points_and_declarations_without_the_last_ten():
    tute = get_game("tute")
    hands = {
        ALICE: ["AC", "3C", "4C", "5C", "6C", "7C", "2C", "4D", "5D", "6D"],
        BOB: ["KC", "QD", "JD", "KD", "4H", "5H", "6H", "7H", "4S", "5S"],
        CAROL: ["QC", "JC", "3D", "2D", "AD", "7D", "3H", "2H", "AH", "KH"],
        DAVE: ["QH", "JH", "3S", "AS", "KS", "QS", "JS", "7S", "6S", "2S"],  # 2S: trumps
    }
    deal = tute.new_deal(seats=4, dealer=DAVE, deck=dealt_one_at_a_time(hands))
    assert deal.trump_card == ITALIAN_40.codes.index("2S")
    play(
        deal,
        "play AC", "play KC", "play QC", "play 2S",  # Dave trumps: 11 + 4 + 3
        "declare cuarenta",  # K and Q of trumps: 40
        "play QH", "play 4D", "play 4H", "play KH",  # Carol: 3 + 4
        "play 2D",  # a trick not finished counts for nobody
    )  # fmt: skip
    result = tute.result_as_it_stands(deal)
    assert result["card_points"] == [7, 18] and result["declared"] == [0, 40]
    assert result["totals"] == [7, 58] and result["last_trick"] is None
    assert result["winner"] == 1 and result["side_points"] == [0, 1]
    assert result["points"] == [0, 1, 0, 1] and result["stopped"] is True


BRISCOLA_HANDS = {
    ALICE: ["AC", "2D", "5H"],
    BOB: ["3C", "4D", "6H"],
    CAROL: ["KC", "7D", "7H"],
    DAVE: ["JC", "QD", "2H"],
}


@pytest.mark.parametrize(
    ("match", "side_points"), [("two_hands", [27, 0]), ("best_of_three", [1, 0])]
)
def test_a_briscola_hand_stopped_counts_the_card_points_won_and_the_side_ahead_wins_it(
    match, side_points
):
    briscola = get_game("briscola")
    deck = dealt_one_at_a_time(BRISCOLA_HANDS, tail=["4S"])  # the upcard: spades are trumps
    deal = briscola.new_deal(seats=4, dealer=DAVE, options={"match": match}, deck=deck)
    play(deal, "play AC", "play 3C", "play KC", "play JC")  # Alice: 11 + 10 + 4 + 2
    play(deal, "play 2D", "play 4D")  # a trick not finished counts for nobody
    result = briscola.result_as_it_stands(deal)
    # 27 is short of 61, but the hand stopped with Alice and Carol ahead: theirs.
    assert result["card_points"] == [27, 0] and result["winner"] == 0
    assert result["side_points"] == side_points
    assert result["tricks"] == [1, 0, 0, 0] and result["trump"] == "S"
    assert result["stopped"] is True


def test_a_briscola_hand_stopped_level_is_won_by_nobody():
    briscola = get_game("briscola")
    deck = dealt_one_at_a_time(BRISCOLA_HANDS, tail=["4S"])
    deal = briscola.new_deal(seats=4, dealer=DAVE, options={"match": "one_hand"}, deck=deck)
    result = briscola.result_as_it_stands(deal)
    assert result["card_points"] == [0, 0] and result["winner"] is None
    assert result["side_points"] == [0, 0]


def test_a_finished_deal_has_no_result_as_it_stands():
    briscola = get_game("briscola")
    deal = briscola.new_deal(seats=2, seed=5)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        briscola.result_as_it_stands(deal)
    assert "stopped" not in deal.result()


def test_a_bazzica_deal_stopped_counts_declarations_and_brisques_won_without_the_last_trick():
    from tests.games.rules.bazzica.test_bazzica_helpers import BOB, bob_wins, trick

    bazzica = get_game("bazzica")
    # Bob leads the AS and wins it over alice's 7C (trumps: hearts, the upcard KH).
    deal = bob_wins(["AS", "QS", "JD", "KC", "8H", "9H", "10H", "JH"], upcard="KH")
    deal.apply("declare bezique JD QS")  # 40
    assert trick(deal, "10S", "8D") == BOB  # his 10S wins the alice's 8D
    deal.apply("draw")
    deal.apply("play KC")  # a trick not finished counts for nobody
    result = bazzica.result_as_it_stands(deal)
    # Bob: the bezique 40, brisques AS and 10S (10 each), no 7 of trumps, no last trick.
    assert result["declared"] == [0, 40] and result["brisques"] == [0, 20]
    assert result["sevens"] == [0, 0] and result["last_trick"] is None
    assert result["points"] == result["side_points"] == [0, 60]
    assert result["tricks"] == [0, 2] and result["stopped"] is True
    assert set(result) - {"stopped"} == set(deal._result()) | {"side_points"}
    assert bazzica.match_winner([result], {}) is None  # nobody has reached 1000


def test_a_bazzica_three_handed_deal_stopped_is_scored_as_it_stands():
    bazzica = get_game("bazzica")
    deal = bazzica.new_deal(seats=3, options={"variant": "tre"}, seed=4)
    for _ in range(12):
        deal.apply(deal.legal_actions()[0])
    result = bazzica.result_as_it_stands(deal)
    assert result["stopped"] is True and result["last_trick"] is None
    assert result["points"] == [
        result["declared"][s] + result["sevens"][s] + result["brisques"][s] for s in range(3)
    ]


@pytest.mark.parametrize(
    ("slug", "options", "seats"),
    [
        ("bazzica", {"variant": "rubicone"}, 2),
        ("bazzica", {"variant": "quattro"}, 4),
        ("scopa", {}, 2),
        ("rumino", {}, 2),
    ],
)
def test_games_that_cannot_score_a_deal_part_way_say_none(slug, options, seats):
    game = get_game(slug)
    deal = game.new_deal(seats=seats, options=options, seed=3)
    assert game.result_as_it_stands(deal) is None
