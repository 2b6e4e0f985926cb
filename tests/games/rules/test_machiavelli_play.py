"""Machiavelli, worked examples of every rule and ruling, and every refusal.

The usual table: seat 0 is alice (first to play), seat 1 bob, seat 2 charlie; the
dealer is the last seat, so dealing starts with alice.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
../shared/rules/README.md ("Machiavelli").
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules.machiavelli import Machiavelli
from games.rules.machiavelli.game import PACK
from games.rules.machiavelli.melds import CODES as PACK_CODES
from tests.games.rules.helpers import assert_replays

GAME = Machiavelli()
ALICE, BOB, CHARLIE = 0, 1, 2
POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}


def deal_from(hands: list[str], stock: str = "", dealer: int | None = None, **options):
    """A game of ``len(hands)`` players whose hands hold the given codes (filled up to 13
    with the rest of the pack in fresh order) and whose stock starts with ``stock``.
    The dealer is the last seat unless given, so seat 0 receives the first card."""
    seats = len(hands)
    dealer = seats - 1 if dealer is None else dealer
    rest = Counter(PACK.new_order)
    wanted = [text.split() for text in hands]
    top = stock.split()
    rest.subtract(Counter(card for hand in wanted for card in hand) + Counter(top))
    assert all(n >= 0 for n in rest.values()), "a card given more often than the pack has it"
    pool = []  # the rest of the pack, in fresh order
    for card in PACK.new_order:
        if rest[card] > 0:
            rest[card] -= 1
            pool.append(card)
    full = []
    for hand in wanted:
        missing = 13 - len(hand)
        full.append(hand + pool[:missing])
        pool = pool[missing:]
    first = (dealer + 1) % seats
    order = [full[(first + i) % seats] for i in range(seats)]
    deck = [order[i % seats][i // seats] for i in range(13 * seats)] + top + pool
    return GAME.new_deal(seats=seats, dealer=dealer, deck=deck, options=options)


def hand(deal, seat):
    return deal.view(seat)["players"][seat]["hand"]


def card_points(cards):
    return sum(POINTS[card[:-1]] if card[:-1] in POINTS else int(card[:-1]) for card in cards)


# -- the deal -----------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_thirteen_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer(seats):
    deck = PACK.shuffled(seed=seats)
    dealer = 1 % seats
    deal = GAME.new_deal(seats=seats, dealer=dealer, deck=deck)
    for seat in range(seats):
        offset = (seat - dealer - 1) % seats
        assert Counter(hand(deal, seat)) == Counter(deck[offset : 13 * seats : seats])
    assert deal.to_act == (dealer + 1) % seats
    assert deal.view(None)["stock_count"] == 104 - 13 * seats
    deal.apply("draw")
    assert Counter(hand(deal, (dealer + 1) % seats)) == Counter(
        [*deck[0 : 13 * seats : seats], deck[13 * seats]]
    )


def test_the_game_allows_two_to_five_players_and_no_other_count():
    assert GAME.seats == (2, 3, 4, 5)
    for seats in (1, 6):
        with pytest.raises(ValueError):
            GAME.new_deal(seats=seats, seed=1)


# -- drawing and laying -----------------------------------------------------------


def test_drawing_takes_the_top_card_and_ends_the_turn_seen_only_by_the_drawer():
    deal = deal_from(["", ""], stock="9D 9S")
    deal.apply("draw")
    assert "9D" in hand(deal, ALICE) and len(hand(deal, ALICE)) == 14
    assert deal.to_act == BOB and deal.view(None)["stock_count"] == 77
    assert deal.view(ALICE)["last_turn"]["drawn"] == ["9D"]
    assert deal.view(BOB)["last_turn"]["drawn"] is None
    assert deal.view(BOB)["last_turn"]["drawn_count"] == 1


def test_a_turn_lays_a_meld_from_hand_on_the_table():
    deal = deal_from(["3H 4H 5H 9C", ""])
    deal.apply("table 5H 3H 4H")
    assert deal.view(BOB)["table"] == [["3H", "4H", "5H"]]
    assert deal.view(BOB)["last_turn"]["placed"] == ["3H", "4H", "5H"]
    assert len(hand(deal, ALICE)) == 10 and "3H" not in hand(deal, ALICE)
    assert deal.to_act == BOB


def test_a_turn_may_lay_several_melds_and_lay_off_on_any_meld():
    deal = deal_from(["3H 4H 5H 7C 7D 7S", "6H 7H"])
    deal.apply("table 3H 4H 5H | 7C 7D 7S")
    deal.apply("table 3H 4H 5H 6H 7H | 7C 7D 7S")
    assert deal.view(None)["table"] == [["3H", "4H", "5H", "6H", "7H"], ["7C", "7D", "7S"]]
    assert len(hand(deal, BOB)) == 11


def test_a_turn_may_rearrange_the_melds_already_on_the_table():
    deal = deal_from(["2H 3H 4H 5H 6H 7H 8H", "5C 5S"])
    deal.apply("table 2H 3H 4H 5H 6H 7H 8H")
    deal.apply("table 2H 3H 4H | 5C 5H 5S | 6H 7H 8H")
    assert deal.view(None)["table"] == [["2H", "3H", "4H"], ["5C", "5H", "5S"], ["6H", "7H", "8H"]]
    assert deal.view(None)["last_turn"]["placed"] == ["5C", "5S"]


def test_an_invalid_table_restores_table_and_hand_and_draws_three_cards():
    deal = deal_from(["3H 4H 5H", "9C 9D 2S"], stock="KD KS QD QS")
    deal.apply("table 3H 4H 5H")
    table = deal.view(None)["table"]
    before = Counter(hand(deal, BOB))
    deal.apply("table 3H 4H 5H | 9C 9D 2S")
    assert deal.view(None)["table"] == table
    assert Counter(hand(deal, BOB)) == before + Counter(["KD", "KS", "QD"])
    assert deal.to_act == ALICE
    own, other = deal.view(BOB)["last_turn"], deal.view(ALICE)["last_turn"]
    assert own["kind"] == other["kind"] == "penalty"
    assert own["rejected"] == [["3H", "4H", "5H"], ["9C", "9D", "2S"]] and own["invalid"] == [1]
    assert other["rejected"] is None and other["drawn"] is None and other["drawn_count"] == 3


def test_with_the_option_show_rejected_everyone_sees_the_refused_table():
    deal = deal_from(["3H 4H 5H", "9C 9D 2S"], show_rejected=True)
    deal.apply("table 3H 4H 5H")
    deal.apply("table 3H 4H 5H | 9C 9D 2S")
    for viewer in (ALICE, BOB, None):
        turn = deal.view(viewer)["last_turn"]
        assert turn["rejected"] == [["3H", "4H", "5H"], ["9C", "9D", "2S"]]
        assert turn["invalid"] == [1]
    assert deal.view(ALICE)["last_turn"]["drawn"] is None


def exhaust_stock(deal, leave: int = 0) -> None:
    """Every player draws in turn until ``leave`` cards are left in the stock."""
    while deal.view(None)["stock_count"] > leave:
        deal.apply("draw")


def test_the_penalty_draws_fewer_cards_when_the_stock_has_fewer():
    deal = deal_from(["", ""])
    exhaust_stock(deal, leave=2)
    seat = deal.to_act
    cards = hand(deal, seat)
    deal.apply(f"table {cards[0]}")  # one card is no meld
    last_two = [PACK_CODES[face] for face in deal.stock[-2:]]
    assert Counter(hand(deal, seat)) - Counter(cards) == Counter(last_two)
    assert len(hand(deal, seat)) == len(cards) + 2
    assert deal.view(None)["stock_count"] == 0 and deal.view(None)["table"] == []


def test_with_the_stock_empty_a_penalty_draws_nothing_and_counts_as_a_pass():
    deal = deal_from(["", ""])
    exhaust_stock(deal)
    first = deal.to_act
    cards = hand(deal, first)
    deal.apply(f"table {cards[0]}")
    assert Counter(hand(deal, first)) == Counter(cards)
    assert deal.view(None)["passes"] == 1
    deal.apply("pass")
    assert deal.is_over


def test_with_the_stock_empty_a_player_passes_and_a_full_round_of_passes_ends_the_game():
    deal = deal_from(["", "", ""])
    exhaust_stock(deal)
    assert deal.legal_actions()[0] == "pass" and "draw" not in deal.legal_actions()
    deal.apply("pass")
    deal.apply("pass")
    assert not deal.is_over
    deal.apply("pass")
    assert deal.is_over
    counts = [len(hand(deal, seat)) for seat in range(3)]
    points = [card_points(hand(deal, seat)) for seat in range(3)]
    result = deal.result()
    assert result["cards_left"] == counts and result["card_points"] == points
    keys = list(zip(counts, points, strict=True))
    assert result["places"] == [1 + sum(k < key for k in keys) for key in keys]
    assert result["went_out"] is None
    best = min(keys)
    if keys.count(best) == 1:
        assert result["winner"] == keys.index(best)
        assert result["points"] == [int(seat == result["winner"]) for seat in range(3)]


def test_a_play_between_passes_starts_the_round_of_passes_again():
    deal = deal_from(["3H 4H 5H", "", ""])
    exhaust_stock(deal)  # 65 draws: charlie is to play
    assert deal.to_act == CHARLIE
    deal.apply("pass")  # charlie: 1
    assert deal.view(None)["passes"] == 1
    deal.apply("table 3H 4H 5H")  # alice plays: the count starts again
    assert deal.view(None)["passes"] == 0
    deal.apply("pass")
    deal.apply("pass")
    assert not deal.is_over
    deal.apply("pass")  # a full round since alice's play
    assert deal.is_over


def test_the_fewest_cards_win_a_blocked_game_then_the_fewest_card_points():
    # Alice lays a run, so she has three cards fewer than the others.
    deal = deal_from(["3H 4H 5H", "", ""])
    deal.apply("table 3H 4H 5H")
    exhaust_stock(deal)
    for _ in range(3):
        deal.apply("pass")
    result = deal.result()
    counts = result["cards_left"]
    assert counts[ALICE] < min(counts[BOB], counts[CHARLIE])
    assert result["winner"] == ALICE and result["places"][ALICE] == 1


def test_equal_cards_and_points_share_first_place_and_the_game_has_no_winner():
    # The stock is every other code twice in a row: alice and bob draw the same cards.
    deal = deal_from(["AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"] * 2, dealer=1)
    exhaust_stock(deal)
    assert Counter(hand(deal, ALICE)) == Counter(hand(deal, BOB))
    deal.apply("pass")
    deal.apply("pass")
    result = deal.result()
    assert result["winner"] is None and result["places"] == [1, 1]
    assert result["points"] == [0, 0]
    assert GAME.match_winner([result], {}) is None
    assert GAME.match_places([result], {}) is None


def test_laying_the_last_card_wins_the_game_and_the_match():
    deal = deal_from(["3H 4H 5H 6H 7C 7D 7S 9S 10S JS QS KS AS", ""])
    deal.apply("table 3H 4H 5H 6H | 7C 7D 7S | 9S 10S JS QS KS AS")
    assert deal.is_over and deal.to_act is None and deal.phase == "over"
    result = deal.result()
    assert result["winner"] == ALICE and result["went_out"] == ALICE
    assert result["cards_left"] == [0, 13] and result["places"] == [1, 2]
    assert result["points"] == [1, 0]
    assert GAME.match_winner([result], {}) == ALICE
    assert GAME.match_places([result], {}) == [1, 2]
    assert GAME.match_winner([], {}) is None
    assert_replays(deal)
