"""The words on the table (issue 34): what a person reads at each game's felt, drawn from
the engines' own views by the match page core without a server (table_harness.py), in
English and Italian. Cards are named in words, never as codes; each hand's result stays
on the felt until the next hand starts.
"""

from __future__ import annotations

import pytest

from games.rules import get_game
from tests.e2e.table_harness import state_of
from tests.games.rules.test_rumino_play import BOB_HAND, CHARLIE_HAND, hand_of
from tests.games.rules.ziginette.test_ziginette import hand as ziginette_hand

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]


NAMES = ["alice", "bob", "carol"]


def _felt(harness, state) -> str:
    harness.render(state)
    return harness.page.locator("#table .lt-root").inner_text()


def test_ziginette_names_cards_and_says_what_each_card_won_or_lost(english, italian):
    # Board 3C 5D, bank KS; 3H matches 3C (the bank takes 7); 7C comes, bets go on it;
    # KC matches the bank's card: the bank pays every bet still on the board.
    deal = ziginette_hand(
        ["3C", "5D", "KS", "3H", "7C", "KC"],
        ["limits 1 10", "bet 3C 4", "bet 5D 2", "done", "bet 3C 3", "done",
         "bet 7C 5", "done", "done"],
    )  # fmt: skip
    assert deal.is_over
    state = state_of("ziginette", deal.view(None), NAMES)
    text = _felt(english, state)
    assert "Last card turned: Re di Bastoni" in text and "KC" not in text
    assert "Tre di Bastoni matched by Tre di Coppe: the bank takes 7 chips." in text
    assert "Re di Bastoni matches the bank's card: the bank pays every bet on the board." in text
    assert "Paid: bob 7" in text
    assert "out of play (matched): Tre" in text
    assert "THIS HAND" in text.upper() and "\tHAND\n" not in text.upper()
    italian_text = _felt(italian, state)
    assert "Ultima carta girata: Re di Bastoni" in italian_text
    assert "Tre di Bastoni presa da Tre di Coppe: il banco incassa 7 fiches." in italian_text
    assert "Pagati: bob 7" in italian_text


def test_ziginette_keeps_the_last_hands_result_on_the_felt_while_the_limits_are_set(english):
    deal = ziginette_hand(
        ["3C", "5D", "KS", "3H", "5S"],
        ["limits 1 10", "bet 3C 2", "bet 5D 2", "done", "done", "pass"],
    )
    following = ziginette_hand(["4C", "6D", "KH"], [], banker=2)
    last = {"number": 1, "result": deal.result()}
    text = _felt(english, state_of("ziginette", following.view(None), NAMES,
                                   deal_number=2, last_result=last))  # fmt: skip
    assert "Cinque di Denari matched by Cinque di Spade: the bank takes 2 chips." in text
    assert "The bank's card did not come" in text and "Next bank: carol" in text


def test_ziginette_says_the_bets_are_placed_not_that_the_hand_is_over(english):
    # bob has bet on both board cards: only "Done" is left while the bets are open.
    deal = ziginette_hand(["3C", "5D", "KS"], ["limits 1 10", "bet 3C 2", "bet 5D 2"])
    assert deal.legal_actions() == ["done"]
    state = state_of("ziginette", deal.view(1), NAMES)
    state["seat"] = 1
    text = _felt(english, state)
    assert "Your bets are placed:" in text and "The hand is over" not in text


def _seated(state: dict, seat: int) -> dict:
    state["seat"] = seat
    return state


def test_sette_e_mezzo_offers_its_limits_lowest_first_in_words(english, italian):
    deal = get_game("sette-e-mezzo").new_deal(seats=3, dealer=0, seed=4)
    state = _seated(state_of("sette-e-mezzo", deal.view(0), NAMES), 0)
    english.render(state)
    buttons = english.page.locator("[data-testid=choices] button").all_inner_texts()
    maxima = [int(label.split()[-2]) if "to" in label else 1 for label in buttons]
    assert maxima == sorted(maxima) and len(maxima) > 2
    assert buttons[0] == "Bets of 1 chip only" and buttons[1] == "Bets of 1 to 2 chips"
    italian.render(state)
    first = italian.page.locator("[data-testid=choices] button").first.inner_text()
    assert first == "Puntate di 1 fiche soltanto"


def test_sette_e_mezzo_says_the_bank_went_bust_and_names_previous_deals(english, italian):
    following = get_game("sette-e-mezzo").new_deal(seats=3, dealer=0, seed=5)
    last = {"number": 1, "result": {
        "banker": 0, "next_banker": 0, "totals": {"0": "9½", "1": "5", "2": "4"},
        "outcomes": {"1": "win", "2": "win"}, "points": [-7, 5, 2], "stacks": [93, 105, 102],
    }}  # fmt: skip
    deals = [{"number": 1, "points": [-7, 5, 2]}]
    state = state_of("sette-e-mezzo", following.view(None), NAMES, deal_number=2,
                     last_result=last, deals=deals)  # fmt: skip
    text = _felt(english, state)
    assert "bank bust: pays every bet standing" in text
    # On a phone the previous deals are in the scores panel, folded until it is opened.
    assert "alice −7 · bob 5 · carol 2" not in text
    english.page.locator("[data-testid=scores-panel] summary").click()
    assert "alice −7 · bob 5 · carol 2" in english.page.locator("#table .lt-root").inner_text()
    assert "banco sballato: paga tutte le puntate rimaste" in _felt(italian, state)


def test_rumino_speaks_to_the_winner_and_shows_the_winning_rumino_whole(english, italian):
    deal = hand_of(["7D 8D 9D 10D JD QD 2C", BOB_HAND, CHARLIE_HAND], "KC", "KD")
    deal.apply("draw")
    assert deal.is_over
    state = _seated(state_of("rumino", deal.view(0), NAMES), 0)
    text = _felt(english, state)
    assert "You have a rumino and win the game!" in text and "you has" not in text
    rumino = english.page.locator("[data-testid=hand-result-melds-0] [data-testid=ru-rumino] .card")
    assert rumino.count() == 7
    assert english.page.locator("[data-testid=hand-result-melds-0-deadwood]").count() == 0
    assert "Hai un rumino e vinci la partita!" in _felt(italian, state)
    spectator = _felt(english, state_of("rumino", deal.view(None), NAMES))
    assert "alice has a rumino and wins the game!" in spectator


def test_a_match_won_at_level_scores_does_not_print_them_in_the_title(english):
    deal = hand_of(["7D 8D 9D 10D JD QD 2C", BOB_HAND, ""], "KC", "KD")
    deal.apply("draw")
    state = state_of("rumino", deal.view(None), ["alice", "bob"], status="finished",
                     winner=0, scores=[0, 0], deals=[{"number": 1, "points": [0, 0]}])  # fmt: skip
    english.render(state)
    title = english.page.locator("[data-testid=match-over] .lt-over-title").inner_text()
    assert title == "alice wins"


def test_a_match_ended_by_the_round_clock_says_its_last_deal_was_scored_as_it_stood(
    english, italian
):
    game = get_game("briscola")
    deal = game.new_deal(seats=4, dealer=0, seed=3)
    for _ in range(5):  # a trick and a card: the round clock stops the deal here
        deal.apply(deal.legal_actions()[0])
    stopped = game.result_as_it_stands(deal)
    assert stopped["stopped"] is True
    points = stopped["side_points"]
    names = ["alice", "bob", "carla", "dario"]
    finished = {"status": "finished", "reason": "played", "winner": 0, "scores": points,
                "sides": [[0, 2], [1, 3]], "deals": [{"number": 1, "points": points}],
                "last_result": {"number": 1, "result": stopped}}  # fmt: skip
    played_out = {**finished, "last_result": {"number": 1, "result": {**stopped, "stopped": False}}}
    banner = "[data-testid=match-over] .lt-over-sub"
    english.render(state_of("briscola", deal.view(None), names, **finished))
    assert "time was up: the last deal was scored as it stood" in english.page.inner_text(banner)
    # The previous deals list marks the stopped deal too.
    marked = "[data-testid=deals] li [data-testid=deal-stopped]"
    assert "stopped at time, scored as it stood" in english.page.inner_text(marked)
    italian.render(state_of("briscola", deal.view(None), names, **finished))
    assert "l'ultima mano è stata contata così com'era" in italian.page.inner_text(banner)
    assert "fermata a tempo scaduto" in italian.page.inner_text(marked)
    english.render(state_of("briscola", deal.view(None), names, **played_out))
    assert "time was up" not in english.page.inner_text(banner)
    assert english.page.locator(marked).count() == 0


def test_a_replayed_move_reads_in_words(english, italian):
    deal = get_game("briscola").new_deal(seats=2, dealer=0, seed=3)
    card = deal.legal_actions()[0].split()[1]
    state = state_of("briscola", deal.view(None), ["alice", "bob"])
    for harness, word in ((english, "Play"), (italian, "Gioca")):
        harness.render(state)
        words = harness.page.evaluate(
            """([action]) => document.getElementById("table").__cartelleClient
                .actionWords(action)""",
            [f"play {card}"],
        )
        assert words.startswith(f"{word} ") and card not in words.split()
