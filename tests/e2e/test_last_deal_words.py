"""Each hand's result stays on the felt while the next hand starts (issue 34): every
game's renderer, given the state the server sends once a deal is over and the next is
dealt, shows what the finished deal's result dict (``match.last_result``) says.
"""

from __future__ import annotations

import random

import pytest

from games.rules import all_games, get_game
from tests.e2e.table_harness import state_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

NAMES = ["alice", "bob", "carla", "dario", "elena", "franco"]


def played_out(slug: str, seats: int, seed: int = 1):
    """A deal of ``slug`` played to its end by seeded random legal moves."""
    rng = random.Random(seed)
    deal = get_game(slug).new_deal(seats=seats, dealer=0, seed=seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def next_deal_state(slug: str, seats: int, result: dict | None = None) -> dict:
    """The spectator's state of deal 2, just dealt, after deal 1 ended with ``result``."""
    finished = result if result is not None else played_out(slug, seats).result()
    following = get_game(slug).new_deal(seats=seats, dealer=1, seed=2)
    deals = [{"number": 1, "points": finished["points"]}]
    return state_of(
        slug, following.view(None), NAMES[:seats], deal_number=2, deals=deals,
        last_result={"number": 1, "result": finished},
    )  # fmt: skip


def _felt(harness, state) -> str:
    harness.render(state)
    return harness.page.locator("#table .lt-root").inner_text()


@pytest.mark.parametrize("slug", sorted(game.slug for game in all_games()))
def test_every_game_shows_the_last_deals_result_while_the_next_deal_starts(english, slug):
    seats = get_game(slug).seats[0]
    state = next_deal_state(slug, seats)
    shown = _felt(english, state)
    state["match"]["last_result"] = None  # the deal points alone, as before issue 34
    assert shown != _felt(english, state)


def test_briscola_shows_the_last_hands_result_during_the_next_hands_first_trick(english, italian):
    state = next_deal_state("briscola", 2)  # seed 1: alice 74, bob 46, tricks 11 and 9
    english.render(state)
    box = english.page.locator("[data-testid=deal-result]").first.inner_text()
    assert "Hand 1 result".upper() in box.upper() and "alice wins the hand 74–46" in box
    assert "Tricks won\t11\t9" in box
    assert "alice vince la mano 74–46" in _felt(italian, state)
    state["view"]["tricks_played"] = 1
    assert "alice wins the hand" not in _felt(english, state)


def test_burraco_and_machiavelli_show_the_last_hands_result_until_the_first_turn_ends(
    english, italian
):
    burraco = next_deal_state("burraco", 2)  # seed 1: alice 65, bob 10, a blocked hand
    line = "[data-testid=previous-deal] [data-testid=deal-result-line]"
    english.render(burraco)
    assert english.page.locator(line).inner_text() == (
        "Hand 1: alice 65 – bob 10; the hand was blocked"
    )
    assert "Burraco bonuses" in _felt(english, burraco)
    italian.render(burraco)
    blocked = "Mano 1: alice 65 – bob 10; la mano si è bloccata"
    assert italian.page.locator(line).inner_text() == blocked
    burraco["view"]["to_act"] = 1  # bob to play: alice, the first, has discarded
    assert "Hand 1:" not in _felt(english, burraco)

    machiavelli = next_deal_state("machiavelli", 2)  # seed 1: blocked, alice 3 cards, bob 5
    english.render(machiavelli)
    assert english.page.locator(line).inner_text() == (
        "Blocked: alice wins with the fewest cards left."
    )
    assert "Cards left\t3\t5" in _felt(english, machiavelli)
    italian.render(machiavelli)
    assert italian.page.locator(line).inner_text() == (
        "Gioco bloccato: vince alice, con meno carte in mano."
    )
    machiavelli["view"]["last_turn"] = {"seat": 0, "kind": "draw", "drawn_count": 1}
    assert "alice wins" not in _felt(english, machiavelli)
