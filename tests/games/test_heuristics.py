"""The heuristic bots of games/heuristics: legal play from the seat's own view in every
game, and the rules of thumb each game's module promises."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.heuristics import BY_GAME, heuristic_action
from games.heuristics.calabrasella import BID_THRESHOLD, hand_strength
from games.heuristics.generic import generic_action
from games.rules import all_games

GAMES = sorted(game.slug for game in all_games())


def _public(history: list[tuple[int, str]], seat: int) -> list[tuple[int, str]]:
    """The history as ``seat`` saw it (Calabrasella's discards and return hidden)."""
    return [
        (s, a if s == seat or not a.startswith(("discard ", "return ")) else "?")
        for s, a in history
    ]


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_heuristic_plays_only_legal_actions_from_its_view_alone(slug, seed):
    game = next(g for g in all_games() if g.slug == slug)
    seats = game.seat_counts(game.validate_options({}))[0]
    deal = game.new_deal(seats=seats, dealer=seed % seats, seed=seed)
    rng, history = random.Random(seed), []
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        before = copy.deepcopy(view)
        # The game's own module, not heuristic_action, whose fallback would hide a mistake
        # (a game added later without a module plays the generic rules of thumb).
        choose = BY_GAME.get(slug, generic_action)
        action = choose(view, rng, tuple(_public(history, seat)))
        assert action in deal.legal_actions()
        assert view == before  # the bot reads its view and changes nothing in it
        deal.apply(action)
        history.append((seat, action))


def test_every_heuristic_module_belongs_to_a_game_of_the_registry():
    assert set(BY_GAME) <= set(GAMES)
    assert {"briscola", "calabrasella", "sette-e-mezzo", "ziginette"} <= set(BY_GAME)


def test_a_game_without_a_module_gets_the_generic_rules_of_thumb():
    view = {"legal_actions": ["play KC", "play 4C", "declare x y"], "viewer": 0}
    assert heuristic_action("a-new-game", view, random.Random(1)) == "declare x y"


def test_a_view_without_an_action_is_refused():
    with pytest.raises(ValueError, match="no legal action"):
        heuristic_action("briscola", {"legal_actions": []}, random.Random(1))


def _trick_view(hand, trick, *, seats=2, viewer=1, trump=None, sides=None, **extra):
    """A view of a trick game with ``hand`` (all legal) and ``trick`` [(seat, card)]."""
    sides = sides or [[s] for s in range(seats)]
    return {
        "viewer": viewer,
        "seats": seats,
        "sides": sides,
        "trump": trump,
        "legal_actions": sorted(f"play {c}" for c in hand),
        "players": [{"seat": s, "hand": hand if s == viewer else None} for s in range(seats)],
        "trick": [{"seat": s, "card": c} for s, c in trick],
        **extra,
    }


def test_briscola_trumps_an_ace_with_its_lowest_trump():
    view = _trick_view(["KD", "2S", "7S", "4C"], [(0, "AD")], trump="S")
    assert heuristic_action("briscola", view, random.Random(1)) == "play 2S"


def test_briscola_takes_a_liscio_with_the_ace_of_its_suit_and_never_spends_a_trump_on_it():
    view = _trick_view(["AC", "2D", "5S"], [(0, "4C")], trump="S")
    assert heuristic_action("briscola", view, random.Random(1)) == "play AC"
    view = _trick_view(["6H", "2D", "5S"], [(0, "4C")], trump="S")
    assert heuristic_action("briscola", view, random.Random(1)) == "play 2D"


def test_briscola_leads_a_worthless_plain_card():
    view = _trick_view(["AC", "4D", "3S"], [], trump="S")
    assert heuristic_action("briscola", view, random.Random(1)) == "play 4D"


def test_tressette_loads_the_ace_on_the_partners_trick_when_playing_last():
    view = _trick_view(
        ["AC", "4C", "5D"],
        [(0, "3C"), (1, "6C"), (2, "KC")],
        seats=4,
        viewer=3,
        sides=[[0, 2], [1, 3]],
    )
    # Seat 3's partner is seat 1, who is not winning: seat 0's 3 wins; keep the ace.
    assert heuristic_action("tressette", view, random.Random(1)) == "play 4C"
    view["trick"] = [
        {"seat": 0, "card": "6C"},
        {"seat": 1, "card": "3C"},
        {"seat": 2, "card": "KC"},
    ]
    assert heuristic_action("tressette", view, random.Random(1)) == "play AC"


def test_tressette_leads_a_three_that_is_highest_in_its_suit():
    view = _trick_view(["3D", "4C", "7H"], [], seats=4, viewer=0, sides=[[0, 2], [1, 3]])
    assert heuristic_action("tressette", view, random.Random(1)) == "play 3D"


def test_calabrasella_plays_alone_only_with_a_strong_hand():
    strong = ["3C", "2C", "AC", "KC", "7C", "3D", "2D", "AD", "3H", "4H", "5S", "6S"]
    weak = ["4C", "5C", "KC", "7D", "6D", "QD", "4H", "5H", "JH", "6S", "7S", "JS"]
    assert hand_strength(strong) >= BID_THRESHOLD > hand_strength(weak)
    for hand, bid in ((strong, "play"), (weak, "pass")):
        view = {"viewer": 1, "legal_actions": ["pass", "play"], "players": [
            {"seat": 1, "hand": hand}
        ]}  # fmt: skip
        assert heuristic_action("calabrasella", view, random.Random(1)) == bid


def _sette_view(total, *, banker=0, viewer=1, legal=("hit", "stand")):
    players = [
        {"seat": 0, "status": "banker", "up_cards": [], "total": None},
        {"seat": 1, "status": "playing", "up_cards": [], "total": total},
    ]
    return {"viewer": viewer, "banker": banker, "legal_actions": list(legal), "players": players}


@pytest.mark.parametrize(("total", "choice"), [("4", "hit"), ("4½", "hit"), ("5", "stand")])
def test_sette_e_mezzo_hits_below_five_and_stands_from_five(total, choice):
    assert heuristic_action("sette-e-mezzo", _sette_view(total), random.Random(1)) == choice


def test_sette_e_mezzo_bets_the_minimum_and_banks_with_the_highest_limits():
    bet = _sette_view(None, legal=("bet 2", "bet 3", "pass"))
    assert heuristic_action("sette-e-mezzo", bet, random.Random(1)) == "bet 2"
    limits = _sette_view(None, viewer=0, legal=("limits 1 1", "limits 1 10", "limits 10 10"))
    assert heuristic_action("sette-e-mezzo", limits, random.Random(1)) == "limits 10 10"


def test_scopa_takes_the_settebello_and_sweeps_the_board():
    view = {"viewer": 0, "board": ["7D", "3C", "4S"], "legal_actions": [
        "capture 7C 3C+4S", "capture 7C 7D"
    ]}  # fmt: skip
    assert heuristic_action("scopa", view, random.Random(1)) == "capture 7C 7D"
    view = {"viewer": 0, "board": ["3C", "4S"], "legal_actions": ["capture 7C 3C+4S"]}
    assert heuristic_action("scopa", view, random.Random(1)) == "capture 7C 3C+4S"


def test_scopa_trails_a_card_that_leaves_no_sweep():
    view = {"viewer": 0, "board": ["KC"], "legal_actions": ["play 2C", "play QH"]}
    # Both leave more than 10 on the board; the 2 is worth less than the queen.
    assert heuristic_action("scopa", view, random.Random(1)) == "play 2C"
    view = {"viewer": 0, "board": ["2C"], "legal_actions": ["play 3H", "play KH"]}
    assert heuristic_action("scopa", view, random.Random(1)) == "play KH"


def test_spizzichino_takes_a_pizzico_before_playing():
    view = _trick_view(["4C"], [], viewer=1)
    view["legal_actions"] = ["play 4C", "play 3D", "take 3D"]
    assert heuristic_action("spizzichino", view, random.Random(1)) == "take 3D"


def test_ziginette_wagers_the_most_the_bank_can_pay():
    def view(bank_chips):
        return {
            "viewer": 1, "seats": 3, "banker": 0,
            "legal_actions": ["bet 3S 2", "bet 3S 5", "done"],
            "board": [{"card": "3S", "bets": {}}],
            "players": [{"seat": 0, "in_front": bank_chips}, {"seat": 1, "in_front": 50}],
        }  # fmt: skip

    assert heuristic_action("ziginette", view(100), random.Random(1)) == "bet 3S 5"
    assert heuristic_action("ziginette", view(3), random.Random(1)) == "bet 3S 2"
    assert heuristic_action("ziginette", view(1), random.Random(1)) == "done"


def test_tute_cashes_a_plain_ace_early_where_briscola_keeps_it():
    hand = ["AC", "4D", "5S"]
    tute = _trick_view(hand, [], seats=4, viewer=0, sides=[[0, 2], [1, 3]], trump="S")
    briscola = _trick_view(hand, [], trump="S")
    assert heuristic_action("tute", tute, random.Random(1)) == "play AC"
    assert heuristic_action("briscola", briscola, random.Random(1)) == "play 4D"
