"""Bazzica's variants of 002: ``tre``, ``rubicone`` and ``quattro`` (games/rules/bazzica/
table.py, variants.py, table_scoring.py).

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Varianti"),
../shared/rules/README.md ("Bazzica": packs of 32 cards, 96, 128 and 192).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.bazzica.table_scoring import rubicon_score
from games.rules.bazzica.variants import VARIANTS
from tests.games.rules.bazzica.test_bazzica_helpers import GAME
from tests.games.rules.helpers import assert_refused, assert_replays

ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]


def positions(variant: str, dealer: int) -> list[int]:
    """The seat each deck position is dealt to, in the order of the deal (packets of
    3-2-3 or 3-3-3 from the seat after the dealer)."""
    v = VARIANTS[variant]
    seats = []
    for size in v.packets:
        for i in range(1, v.seats + 1):
            seats += [(dealer + i) % v.seats] * size
    return seats


def make_deck(variant, dealer=0, hands=None, upcard=None, stock=(), filler=None):
    """A deck of ``variant`` giving each seat of ``hands`` (seat -> codes) its cards,
    ``upcard`` (tre) after the hands and ``stock`` on top of the stock; the rest in
    the order of ``filler`` (codes preferred first) then fresh-pack order."""
    pack = GAME.pack_for(VARIANTS[variant].seats, {"variant": variant})
    hands = hands or {}
    given_cards = Counter(
        [c for cards in hands.values() for c in cards] + list(stock) + ([upcard] if upcard else [])
    )
    left = Counter(pack.new_order) - given_cards
    assert not given_cards - Counter(pack.new_order)
    rest = [c for c in (filler or []) if left[c] > 0 and not left.subtract([c])]
    for code in pack.new_order:
        while left[code] > 0:
            left[code] -= 1
            rest.append(code)
    seat_of = positions(variant, dealer)
    deck = []
    dealt = {seat: list(cards) for seat, cards in hands.items()}
    for seat in seat_of:
        deck.append(dealt[seat].pop(0) if dealt.get(seat) else rest.pop(0))
    if VARIANTS[variant].upcard:
        deck.append(upcard or rest.pop(0))
    deck += list(stock) + rest
    assert Counter(deck) == Counter(pack.new_order)
    return deck


def new(variant, dealer=0, **deck_args):
    v = VARIANTS[variant]
    return GAME.new_deal(
        seats=v.seats, dealer=dealer, options={"variant": variant},
        deck=make_deck(variant, dealer, **deck_args),
    )  # fmt: skip


def hand(deal, seat):
    return sorted(deal.view(seat)["players"][seat]["hand"])


# -- packs, seats, options -----------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "seats", "cards", "sides", "target"),
    [
        ("classic", 2, 64, [[0], [1]], 1000),
        ("tre", 3, 96, [[0], [1], [2]], 1500),
        ("rubicone", 2, 128, [[0], [1]], 1000),
        ("quattro", 4, 192, [[0, 2], [1, 3]], 1000),
    ],
)
def test_each_variant_has_its_seats_its_packs_of_32_and_its_sides(
    variant, seats, cards, sides, target
):
    options = GAME.validate_options({"variant": variant})
    assert GAME.seat_counts(options) == (seats,) and options["target"] == target
    pack = GAME.pack_for(seats, options)
    assert len(pack) == cards and Counter(Counter(pack.new_order).values()) == {cards // 32: 32}
    deal = GAME.new_deal(seats=seats, options=options, seed=3)
    assert deal.view(None)["sides"] == sides
    other = 2 if seats != 2 else 3
    with pytest.raises(ValueError, match="played by"):
        GAME.new_deal(seats=other, options=options, seed=3)


def test_the_two_player_game_keeps_its_targets():
    with pytest.raises(ValueError, match="1000 or 2000"):
        GAME.validate_options({"target": 1500})
    assert GAME.validate_options({"variant": "tre", "target": 2000})["target"] == 2000


# -- the deal ------------------------------------------------------------------------


def test_tre_deals_three_two_three_from_the_seat_after_the_dealer_then_turns_the_upcard():
    cards = {0: ["AC", "AD", "AH", "AS", "10C", "10D", "10H", "10S"],
             1: ["KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS"],
             2: ["JC", "JD", "JH", "JS", "9C", "9D", "9H", "9S"]}  # fmt: skip
    deal = new("tre", dealer=2, hands=cards, upcard="7H")
    deck = deal.deck
    assert deck[0:3] == cards[0][:3] and deck[3:6] == cards[1][:3] and deck[6:9] == cards[2][:3]
    assert deck[9:11] == cards[0][3:5] and deck[15:18] == cards[0][5:]
    for seat in range(3):
        assert hand(deal, seat) == sorted(cards[seat])
    view = deal.view(None)
    assert (view["upcard"], view["trump"], view["stock_count"]) == ("7H", "H", 96 - 25)
    # The 7 of trumps turned scores 10 for the dealer; the seat after him leads.
    assert [p["declared_points"] for p in view["players"]] == [0, 0, 10]
    assert deal.to_act == 0 and deal.legal_actions()[0].startswith("play")


def test_rubicone_deals_nine_each_turns_no_card_and_has_no_trumps_until_a_marriage():
    deal = new("rubicone", dealer=1,
               hands={0: ["KH", "QH", "KS", "QS", "AS", "10S", "JS", "9C", "9D"],
                      1: ["7D", "7S", "8C", "8D", "8S", "9H", "9S", "7H", "8H"]},
               stock=["9C", "9D"])  # fmt: skip
    view = deal.view(0)
    assert (view["upcard"], view["trump"], len(hand(deal, 0)), len(hand(deal, 1))) == (
        None, None, 9, 9,
    )  # fmt: skip
    assert view["stock_count"] == 128 - 18
    deal.apply("play 9C")
    follower = hand(deal, 1)
    # With no trumps, a card of another suit never wins: seat 0 keeps the trick.
    led = deal.view(None)["trick"][0]["card"]
    off = next(c for c in follower if c[-1] != led[-1])
    deal.apply(f"play {off}")
    assert deal.phase == "declare" and deal.to_act == 0
    legal = deal.legal_actions()
    # Any marriage or sequence may fix trumps: it is offered as the royal one.
    assert "declare royal_marriage KH QH" in legal and "declare royal_marriage KS QS" in legal
    assert "declare sequence AS 10S KS QS JS" in legal
    assert not any(a.startswith("declare marriage ") for a in legal)
    deal.apply("declare royal_marriage KH QH")
    assert deal.view(None)["trump"] == "H"
    assert deal.view(None)["players"][0]["declared_points"] == 40


def _to_declaration(deal, winner_first=True):
    """Play a first-phase trick that the leader wins (everyone else plays a 7 of another
    suit, or the lowest card)."""
    leader = deal.to_act
    lead = hand(deal, leader)[0]
    deal.apply(f"play {lead}")
    for _ in range(deal.seats - 1):
        seat = deal.to_act
        cards = hand(deal, seat)
        low = [c for c in cards if c[-1] != lead[-1] and c[-1] != deal.view(None)["trump"]]
        deal.apply(f"play {(low or cards)[0]}")
    return leader


def test_after_rubicone_trumps_marriages_of_other_suits_score_20_and_ordinary_sequences_150():
    deal = new("rubicone", dealer=1,
               hands={0: ["KH", "QH", "AC", "10C", "KC", "QC", "JC", "8D", "8S"],
                      1: ["7D", "7S", "7C", "9D", "9S", "9C", "8D", "8S", "9H"]},
               stock=["9C", "9D", "JH", "JH"])  # fmt: skip
    deal.apply("play 8D")
    deal.apply("play 7S")
    deal.apply("declare royal_marriage KH QH")
    deal.apply("play 8S")
    deal.apply("play 7C")
    legal = deal.legal_actions()
    assert "declare ordinary_sequence AC 10C KC QC JC" in legal
    assert "declare marriage KC QC" in legal and "declare royal_marriage KC QC" not in legal
    assert_refused(deal, "declare royal_marriage KC QC", "not_this_trump")
    deal.apply("declare ordinary_sequence AC 10C KC QC JC")
    assert deal.view(None)["players"][0]["declared_points"] == 40 + 150


# -- tricks --------------------------------------------------------------------------


def test_of_two_equal_cards_the_first_played_wins_and_a_trump_beats_the_suit_led():
    deal = new("tre", dealer=2, upcard="8H",
               hands={0: ["AS", "7C"], 1: ["AS", "7D"], 2: ["10S", "7H"]})  # fmt: skip
    deal.apply("play AS")
    deal.apply("play AS")
    deal.apply("play 10S")
    assert deal.view(None)["last_trick"]["winner"] == 0
    deal.apply("draw")
    deal.apply("play 7C")
    deal.apply("play 7D")
    deal.apply("play 7H")
    assert deal.view(None)["last_trick"]["winner"] == 2


def _to_last_tricks(deal):
    """Play the first phase out, everyone drawing and declaring nothing."""
    while deal.phase != "last_tricks":
        legal = deal.legal_actions()
        deal.apply("draw" if "draw" in legal else next(a for a in legal if a.startswith("play")))
    return deal


def test_in_the_last_tricks_each_player_must_beat_the_best_card_if_he_can():
    deal = _to_last_tricks(GAME.new_deal(seats=3, options={"variant": "tre"}, seed=11))
    trump = deal.view(None)["trump"]
    checked = 0
    while not deal.is_over:
        seat, trick = deal.to_act, deal.view(None)["trick"]
        cards = hand(deal, seat)
        legal = {a.split()[1] for a in deal.legal_actions() if a.startswith("play")}
        if trick:
            led = trick[0]["card"][-1]

            def beats(a, b):
                if a[-1] == b[-1]:
                    return ORDER.index(a[:-1]) < ORDER.index(b[:-1])
                return a[-1] == trump

            best = trick[0]["card"]
            for played in trick[1:]:
                if beats(played["card"], best):
                    best = played["card"]
            expected, key_of = set(cards), None
            for suit in (led, trump):
                same = {c for c in cards if c[-1] == suit}
                if same:
                    higher = {c for c in same if best[-1] == suit and beats(c, best)}
                    expected = higher or same
                    key_of = "must_follow_suit" if suit == led else "must_trump"
                    break
            assert legal == expected, (cards, trick)
            for wrong in sorted(set(cards) - legal)[:1]:
                same_suit = wrong[-1] == (led if key_of == "must_follow_suit" else trump)
                assert_refused(deal, f"play {wrong}", "must_win" if same_suit else key_of)
                checked += 1
        deal.apply(f"play {sorted(legal)[0]}")
    assert checked and sum(deal.result()["tricks"]) == 32


# -- quattro: partners -----------------------------------------------------------------


def test_quattro_the_winner_may_leave_the_declaration_to_his_partner_who_uses_his_cards():
    deal = new("quattro", dealer=3,
               hands={0: ["AH", "KS", "9C", "9D", "9S", "8C", "8D", "8S", "7C"],
                      1: ["7D", "7S", "7C", "8C", "8D", "8S", "9C", "9D", "9S"],
                      2: ["QS", "KH", "JD", "8C", "8D", "8S", "7C", "7D", "7S"],
                      3: ["7D", "7S", "7C", "8C", "8D", "8S", "9C", "9D", "9S"]},
               stock=["JH", "JH", "JH", "JH", "JC", "JC", "JC", "JC"])  # fmt: skip
    for action in ("play AH", "play 7D", "play 8C", "play 7D"):
        deal.apply(action)
    assert deal.phase == "declare" and deal.to_act == 0
    assert "pass" in deal.legal_actions()
    deal.apply("pass")
    assert deal.to_act == 2 and "pass" not in deal.legal_actions()
    assert "declare bezique JD QS" in deal.legal_actions()
    deal.apply("declare bezique JD QS")
    # Everyone draws, the trick's winner first.
    assert deal.to_act == 0 and deal.phase == "play"
    assert deal.view(None)["players"][2]["declared_points"] == 40
    for action in ("play 9C", "play 7S", "play 7C", "play 7S"):
        deal.apply(action)
    assert deal.to_act == 0
    deal.apply("pass")
    # Seat 2 cannot marry the QS on his table with the KS in seat 0's hand.
    assert not any("KS QS" in a for a in deal.legal_actions())
    deal.apply("draw")
    for action in ("play 9D", "play 8C", "play 8D", "play 8C"):
        deal.apply(action)
    assert deal.to_act == 0
    # Seat 0 uses the QS on his partner's table (it stays there); no trumps yet, so the
    # marriage is the royal one and fixes spades.
    assert "declare royal_marriage KS QS" in deal.legal_actions()
    deal.apply("declare royal_marriage KS QS")
    assert deal.view(None)["trump"] == "S"
    players = deal.view(None)["players"]
    table = {seat: [t["card"] for t in players[seat]["table"]] for seat in (0, 2)}
    assert table == {0: ["KS"], 2: ["JD", "QS"]}
    assert_replays(deal)


def test_pass_is_only_for_the_trick_winner_in_quattro():
    deal = new("rubicone", dealer=1)
    deal.apply(f"play {hand(deal, 0)[0]}")
    deal.apply(f"play {hand(deal, 1)[0]}")
    assert_refused(deal, "pass", "cannot_pass")


# -- carta bianca ----------------------------------------------------------------------


def test_carta_bianca_shows_the_hand_scores_50_and_then_50_a_drawn_card_until_a_figure():
    blank = ["AC", "10C", "9C", "8C", "7C", "AD", "10D", "9D", "8D"]
    # Seat 0 leads; the stock gives seat 0 (winner, draws first) a 7D, then a KD.
    deal = new("rubicone", dealer=1,
               hands={0: blank, 1: ["7H", "7S", "8H", "8S", "9H", "9S", "KH", "QH", "JH"]},
               stock=["7D", "KH", "KD", "QH", "7D", "QS"])  # fmt: skip
    assert "declare carta_bianca" in deal.legal_actions()
    deal.apply("declare carta_bianca")
    assert deal.to_act == 0 and "declare carta_bianca" not in deal.legal_actions()
    assert sorted(deal.view(1)["players"][0]["known_cards"]) == sorted(blank)
    deal.apply("play AC")
    assert "declare carta_bianca" not in deal.legal_actions()  # a figure in the hand
    deal.apply("play 7H")
    deal.apply("draw")
    seat0 = deal.view(1)["players"][0]
    assert seat0["declared_points"] == 100 and "7D" in seat0["known_cards"]
    assert [b["kind"] for b in seat0["bonuses"]] == ["carta_bianca_draw"]
    deal.apply("play 10C")
    deal.apply("play 7S")
    deal.apply("draw")  # seat 0 draws the KD: the carta bianca ends, the K stays hidden
    seat0 = deal.view(1)["players"][0]
    assert seat0["declared_points"] == 100 and "KD" not in seat0["known_cards"]
    assert not seat0["carta_bianca"]
    deal.apply("play 9C")
    deal.apply("play 8H")
    deal.apply("draw")  # a 7D again, but the carta bianca is over
    assert deal.view(1)["players"][0]["declared_points"] == 100


def test_a_hand_with_a_figure_cannot_declare_carta_bianca():
    deal = new("rubicone", dealer=1, hands={0: ["KC"]})
    assert "declare carta_bianca" not in deal.legal_actions()
    assert_refused(deal, "declare carta_bianca", "not_blank")
    tre = new("tre", dealer=2, hands={0: ["AC", "10C", "9C", "8C", "7C", "AD", "10D", "9D"]})
    assert_refused(tre, "declare carta_bianca", "malformed")


def test_quattro_the_second_blank_hand_of_a_partnership_is_the_carta_bianca_doppia():
    blank = ["AC", "10C", "9C", "8C", "7C", "AD", "10D", "9D", "8D"]
    deal = new("quattro", dealer=3, hands={0: blank, 2: ["AH", "10H", "9H", "8H", "7H", "AS",
                                                         "10S", "9S", "8S"]})  # fmt: skip
    deal.apply("declare carta_bianca")
    deal.apply("play AC")
    deal.apply(f"play {hand(deal, 1)[0]}")
    assert deal.to_act == 2
    assert "declare carta_bianca_double" in deal.legal_actions()
    assert "declare carta_bianca" not in deal.legal_actions()
    deal.apply("declare carta_bianca_double")
    points = [p["declared_points"] for p in deal.view(None)["players"]]
    assert points == [50, 0, 500, 0]


# -- reuse -----------------------------------------------------------------------------


def test_rubicone_a_card_may_join_a_similar_combination_with_a_new_card():
    kings = ["KC", "KD", "KH", "KS", "KC"]
    deal = new("rubicone", dealer=1,
               hands={0: [*kings, "8D", "8S", "9D", "9S"],
                      1: ["7D", "7S", "7C", "7H", "8H", "9H", "9C", "8C", "7D"]},
               stock=["9H", "8H", "10H", "10H"])  # fmt: skip
    deal.apply("play 8D")
    deal.apply("play 7S")
    deal.apply("declare four_kings KC KD KH KS")
    deal.apply("play 8S")
    deal.apply("play 7C")
    # A second four of kings needs a king new to the kind: the second KC is.
    assert "declare four_kings KC KD KH KS" in deal.legal_actions()
    assert "declare four_kings KC KC KD KH" in deal.legal_actions()
    deal.apply("declare four_kings KC KD KH KS")
    deal.apply("play 9D")
    deal.apply("play 7H")
    # Now every king has joined a four: none is new.
    assert not any(a.startswith("declare four_kings") for a in deal.legal_actions())
    assert_refused(deal, "declare four_kings KC KD KH KS", "no_new_card")


def test_tre_keeps_the_two_player_reuse_rule():
    deal = new("tre", dealer=2, upcard="8H",
               hands={0: ["KC", "KD", "KH", "KS", "KC", "9D", "9S", "8S"],
                      1: ["7D", "7S", "7C", "8C", "8D", "8S", "9C", "9H"],
                      2: ["7D", "7S", "7C", "8C", "8D", "9C", "9H", "7H"]})  # fmt: skip
    for action in ("play 9D", "play 7S", "play 7S", "declare four_kings KC KD KH KS"):
        deal.apply(action)
    for action in ("play 9S", "play 7C", "play 7C"):
        deal.apply(action)
    assert not any(a.startswith("declare four_kings") for a in deal.legal_actions())
    assert_refused(deal, "declare four_kings KC KC KD KH", "already_used")


# -- scoring ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "brisques", "expected", "counted", "rubicone"),
    [
        # Both over 1000, not equal: brisques not counted, hundreds only: 500 + 1500 - 1200.
        ([1560, 1230], [100, 200], [800, 0], False, None),
        # Same hundreds: tens and units count: 500 + 1290 - 1230.
        ([1290, 1230], [100, 200], [560, 0], False, None),
        # Equal: brisques decide: 1330 against 1400, 500 + 1400 - 1300.
        ([1200, 1200], [130, 200], [0, 600], True, None),
        # A rubicone: 1000 + 350 + 1700 + 600.
        ([1700, 650], [200, 120], [3650, 0], True, 1),
        # Brisques save the loser from the rubicone: 1500 against 1010, 500 + 1500 - 1000.
        ([1400, 950], [100, 60], [1000, 0], True, None),
        # The loser under 100: 100 more.
        ([1100, 40], [300, 20], [1000 + 350 + 1100 + 0 + 100, 0], True, 1),
        # Even after the brisques: nobody scores.
        ([1200, 1200], [150, 150], [0, 0], True, None),
    ],
)
def test_the_rubicone_scoring_of_002(points, brisques, expected, counted, rubicone):
    score = rubicon_score(points, brisques)
    assert (score["side_points"], score["brisques_counted"], score["rubicone"]) == (
        expected, counted, rubicone,
    )  # fmt: skip


def test_a_rubicone_match_is_one_deal_and_an_even_deal_means_another():
    options = {"variant": "rubicone"}
    assert GAME.match_winner([], options) is None
    even = {"points": [0, 0], "side_points": [0, 0]}
    won = {"points": [0, 2050], "side_points": [0, 2050]}
    assert GAME.match_winner([even], options) is None
    assert GAME.match_winner([even, won], options) == 1
    assert GAME.match_places([even, won], options) == [2, 1]
    tre = {"variant": "tre"}
    assert GAME.match_scores([], tre) == [0, 0, 0]
    assert GAME.match_winner([{"points": [1490, 300, 200]}], tre) is None
    assert GAME.match_winner([{"points": [1500, 300, 1600]}], tre) == 2


# -- random play -------------------------------------------------------------------------


TRICKS = {"tre": 24 + 8, "rubicone": 55 + 9, "quattro": 39 + 9}


@settings(max_examples=12, deadline=None)
@given(
    variant=st.sampled_from(["tre", "rubicone", "quattro"]),
    deck_seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    declare_rate=st.sampled_from([0.0, 0.8]),
)
def test_random_deals_of_every_variant(variant, deck_seed, play_seed, declare_rate):
    v = VARIANTS[variant]
    deal = GAME.new_deal(seats=v.seats, dealer=deck_seed % v.seats,
                         options={"variant": variant}, seed=deck_seed)  # fmt: skip
    rng = random.Random(play_seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal == sorted(set(legal)) and legal
        for viewer in (*range(v.seats), None):
            view = deal.view(viewer)
            assert view["legal_actions"] == (legal if viewer == deal.to_act else [])
            for player in view["players"]:
                if player["seat"] != viewer:
                    assert player["hand"] is None
                    # Only cards shown to all: declared and then picked up, the upcard,
                    # a carta bianca.
                    assert not Counter(player["known_cards"]) - Counter(
                        hand_of(deal, player["seat"])
                    )
        declarations = [a for a in legal if a.startswith("declare")]
        action = (
            rng.choice(declarations)
            if declarations and rng.random() < declare_rate
            else rng.choice(legal)
        )
        deal.apply(action)
    result = deal.result()
    assert sum(result["tricks"]) == TRICKS[variant]
    # Every card ends in exactly one pile of tricks.
    piles = [deal.captured[seat] for seat in range(v.seats)]
    assert sum(p.bit_count() for p in piles) == v.cards
    union = 0
    for pile in piles:
        assert not union & pile
        union |= pile
    if variant == "tre":
        assert sum(result["brisques"]) == 10 * 8 * v.packs
        assert result["points"] == [
            result["declared"][s]
            + result["brisques"][s]
            + 10 * (result["last_trick"] == s)
            + sum(b["points"] for b in result["bonuses"][s])
            for s in range(3)
        ]
    else:
        assert result["side_points"].count(0) >= 1 and len(result["side_points"]) == 2
        assert result["points"] == [result["side_points"][s % 2] for s in range(v.seats)]
    assert_replays(deal)


def hand_of(deal, seat):
    """The codes in ``seat``'s hand (not on the table), read from the deal."""
    from games.rules.bazzica.variants import CODES, N

    mask = deal.held[seat] & ~deal.table[seat]
    return [CODES[c % N] for c in range(len(deal.ids)) if mask >> c & 1]
