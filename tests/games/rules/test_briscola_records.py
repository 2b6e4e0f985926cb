"""Briscola in the engine: registry, options, refused actions, records, replays, the CLI.

Source: ../shared/DESIGN.md ("Rules engine contract", "Deal records"),
../shared/rules/README.md (General rulings: the engine refuses illegal actions).
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import IllegalAction, Option, get_game
from tests.games.rules.test_briscola_deal import ALICE, BOB, GAME, new_deal, play_first_legal

REPO = Path(__file__).resolve().parents[3]


def snapshot(deal):
    return (
        copy.deepcopy(deal.record()),
        [deal.view(seat) for seat in (0, 1, None)],
        deal.legal_actions(),
        deal.to_act,
    )


def leading():
    return new_deal(bob=["4C", "KS", "2D"], alice=["5C", "6S", "7S"], upcard="QH")


def following():
    deal = leading()
    deal.apply("play KS")
    return deal


def finished():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=9)
    play_first_legal(deal)
    return deal


def played(seed=21, dealer=BOB, options=None, steps=None):
    deal = GAME.new_deal(seats=2, dealer=dealer, seed=seed, options=options)
    while not deal.is_over and (steps is None or deal.actions_count < steps):
        legal = deal.legal_actions()
        deal.apply(legal[deal.actions_count % len(legal)])
    return deal


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "games.rules", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# -- registry and options ---------------------------------------------------


def test_briscola_is_registered_under_its_slug_with_its_name_and_two_seats():
    game = get_game("briscola")
    assert (game.slug, game.name, game.seats) == ("briscola", "Briscola", (2,))
    assert len(game.pack) == 40


def test_the_options_are_declared_with_their_choices_defaults_and_help():
    assert GAME.options == {
        "match": Option(
            "match",
            "two_hands",
            ("two_hands", "best_of_three", "one_hand"),
            GAME.options["match"].help,
        ),
        "show_points": Option(
            "show_points", False, (False, True), GAME.options["show_points"].help
        ),
    }
    assert all(option.help for option in GAME.options.values())
    assert GAME.validate_options(None) == {"match": "two_hands", "show_points": False}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"matc": "one_hand"}, "unknown option"),
        ({"match": "best_of_five"}, "'match' cannot be 'best_of_five'"),
        ({"show_points": 1}, "'show_points' cannot be 1"),
    ],
)
def test_an_unknown_option_or_a_value_not_allowed_is_refused_clearly(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_deal(seats=2, dealer=0, options=options, seed=1)
    with pytest.raises(ValueError, match=message):
        GAME.match_winner([], options)


@pytest.mark.parametrize("seats", [1, 3, 4, "2"])
def test_only_two_players_are_allowed(seats):
    with pytest.raises(ValueError, match="played by"):
        GAME.new_deal(seats=seats, seed=1)


# -- refused actions --------------------------------------------------------

CASES = [
    (leading, "play 5C", "card_not_in_hand"),
    (leading, "play AD", "card_not_in_hand"),
    (leading, "play 3X", "malformed"),
    (leading, "play 10D", "malformed"),
    (leading, "play", "malformed"),
    (leading, "PLAY 4C", "malformed"),
    (leading, " play 4C", "malformed"),
    (leading, "pick 1", "malformed"),
    (leading, None, "malformed"),
    (leading, ["play 4C"], "malformed"),
    (following, "play KS", "card_not_in_hand"),
    (following, "play 4C", "card_not_in_hand"),
    (finished, "play 3D", "deal_over"),
]


@pytest.mark.parametrize(("make", "action", "key"), CASES)
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(make, action, key):
    deal = make()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply(action)
    assert refusal.value.key == key
    assert isinstance(refusal.value, ValueError) and str(refusal.value)
    assert snapshot(deal) == before


def test_an_action_by_the_seat_not_to_act_is_refused_and_changes_nothing():
    deal = following()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play 5C", seat=BOB)
    assert refusal.value.key == "not_your_turn"
    assert snapshot(deal) == before
    deal.apply("play 5C", seat=ALICE)
    assert deal.actions_count == 2


def test_the_message_of_a_malformed_action_shows_the_expected_spelling():
    with pytest.raises(IllegalAction, match=r"expected 'play XY' with XY a card code"):
        leading().apply("play 3X")
    with pytest.raises(IllegalAction, match=r"5C is not in your hand"):
        leading().apply("play 5C")


# -- records and replays ----------------------------------------------------


def test_a_record_holds_game_options_seats_dealer_deck_actions_and_once_over_the_result():
    deal = played()
    record = deal.record()
    assert set(record) == {"game", "options", "seats", "dealer", "deck", "actions", "result"}
    assert (record["game"], record["seats"], record["dealer"]) == ("briscola", 2, BOB)
    assert record["deck"] == deal.deck and len(record["deck"]) == 40
    assert len(record["actions"]) == 40 and record["actions"][0]["seat"] == ALICE
    assert record["result"] == deal.result()
    assert json.loads(json.dumps(record)) == record
    assert "result" not in played(steps=7).record()


def test_replaying_a_record_rebuilds_the_same_deal_finished_or_not():
    deal = played(options={"show_points": True, "match": "best_of_three"})
    again = GAME.replay(json.loads(json.dumps(deal.record())))
    assert again.record() == deal.record() and again.view(ALICE) == deal.view(ALICE)
    unfinished = played(steps=13)
    assert GAME.replay(unfinished.record()).view(BOB) == unfinished.view(BOB)


def test_replay_stops_at_the_first_illegal_action_and_says_which():
    record = played().record()
    record["actions"][5]["action"] = "play 3X"
    with pytest.raises(IllegalAction) as refusal:
        GAME.replay(record)
    assert str(refusal.value).startswith(f"action 5 (seat {record['actions'][5]['seat']}, ")
    assert refusal.value.key == "malformed" and refusal.value.params["index"] == 5


def test_replay_refuses_a_record_of_another_game():
    record = played(steps=3).record()
    record["game"] = "spizzichino"
    with pytest.raises(ValueError, match="not 'briscola'"):
        GAME.replay(record)


# -- command line -----------------------------------------------------------


def test_the_cli_replays_a_briscola_record_and_prints_its_result(tmp_path):
    record = finished().record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == record["result"]
    record["actions"][3]["action"] = "play ZZ"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 1 and "action 3" in done.stdout


def test_the_cli_simulates_briscola_deals_and_ends_with_the_deals_per_second_line():
    done = run("simulate", "briscola", "--deals", "30", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("30 deals, 1200 actions")
    assert re.fullmatch(r"\d+ deals/s", lines[-1])
