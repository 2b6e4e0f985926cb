"""The rules engine contract, checked for every registered game.

What DESIGN.md promises of any game: the registry, options, decks, deal
records and replays, the command line, refusals that change nothing, and
views that show each seat only what it may know. Each game's own rules are
tested in its ``test_<game>_*`` modules.
Source: ../shared/DESIGN.md ("Rules engine contract", "Deal records", "Live
protocol"), ../shared/rules/README.md (General rulings: the engine refuses
illegal actions).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import Deal, Game, IllegalAction, all_games, get_game
from games.rules.simulate import simulate
from tests.games.rules.helpers import (
    ALICE,
    BOB,
    PLAYER_HEADER,
    VIEW_HEADER,
    assert_cli_replays,
    assert_refused,
    assert_replays,
    cards_in,
    play_random_deal,
    played,
    random_deals,
    run_cli,
    seats_for,
)

GAMES = all_games()
SLUGS = [game.slug for game in GAMES]
EXPECTED = {  # slug: name, allowed player counts, cards in the pack, options and defaults
    "bazzica": ("Bazzica", (2, 3, 4), 64,
                {"variant": "classic", "target": 1000, "reuse": "kind", "brisques": "cards"}),
    "briscola": ("Briscola", (2, 3, 4), 40, {"match": "two_hands", "show_points": False}),
    "burraco": ("Burraco", (2, 4), 108, {"match": "to_2000", "semi_clean": True}),
    "calabrasella": ("Calabrasella", (3,), 40, {"deals": 6}),
    "machiavelli": ("Machiavelli", (2, 3, 4, 5), 104, {"show_rejected": False}),
    "pinch-tarot": ("Pinch Tarot", (2,), 78, {"hands": 2}),
    "rumino": ("Rumino", (2, 3, 4, 5, 6), 108, {"rebuys": False}),
    "scopa": ("Scopa", (2,), 40, {"target": 11, "last_play_scopa": False}),
    "sette-e-mezzo": ("Sette e mezzo", (6, 2, 3, 4, 5, 7, 8), 40,
                      {"hands": 8, "stack": 100, "min_bet": 1, "max_bet": 10,
                       "bank_rotation": "game"}),
    "spizzichino": (
        "Spizzichino", (2,), 40, {"target": 51, "buongiochi": "all", "peek_bottom": False},
    ),
    "tressette": ("Tressette", (4,), 40, {"target": 31, "signals": True}),
    "tute": ("Tute", (4,), 40, {"hands": 5}),
    "ziginette": ("Ziginette", (6, 2, 3, 4, 5, 7, 8), 40,
                  {"hands": 8, "stack": 100, "min_bet": 1, "max_bet": 10,
                   "bank_rotation": "game"}),
}  # fmt: skip
ACTIONS_PER_DEAL = {"briscola": 40, "scopa": 36}  # games whose every deal has that many
RECORD_KEYS = {"game", "options", "seats", "dealer", "deck", "actions"}
# View keys naming a card as an event (Calabrasella's called card, perhaps discarded since).
NAMED_EVENTS = {"calabrasella": ("called",)}
# The decks redealt: Scopa's void deals (test_scopa_records.py), Ziginette's playettes.
MORE_RECORD_KEYS = {"scopa": {"redeals"}, "ziginette": {"redeals"}}

each_game = pytest.mark.parametrize("game", GAMES, ids=SLUGS)


def other_options(game: Game) -> dict[str, Any]:
    """A value other than the default for each option."""
    return {
        name: next(c for c in option.choices if c != option.default)
        for name, option in game.options.items()
    }


# -- the registry and the options -------------------------------------------------


def test_every_registered_game_is_expected_here():
    assert sorted(EXPECTED) == SLUGS


@each_game
def test_a_game_is_registered_under_its_slug_with_its_name_seats_and_pack(game):
    name, seats, cards, _ = EXPECTED[game.slug]
    assert isinstance(game, Game) and get_game(game.slug) is game
    assert (game.name, game.seats, len(game.pack)) == (name, seats, cards)


@each_game
@pytest.mark.parametrize(
    ("seats", "dealer"), [(1, 0), ("above", 0), ("gap", 0), ("n", 0), (0, "n"), (0, -1)]
)
def test_a_seat_count_or_dealer_the_game_does_not_have_is_refused(game, seats, dealer):
    # 0 stands for the game's own count, "n" for that count as a string (or as a dealer),
    # "above" for one more than the most it allows, "gap" for a count below that it does
    # not allow (or two more than the most, when it allows every count up to it)
    count = game.seats[0]
    most = max(game.seats)
    gap = next((n for n in range(1, most) if n not in game.seats), most + 2)
    seats = {0: count, "n": str(count), "above": most + 1, "gap": gap}.get(seats, seats)
    dealer = {"n": count}.get(dealer, dealer)
    with pytest.raises(ValueError, match="played by|the dealer must be a seat"):
        game.new_deal(seats=seats, dealer=dealer, seed=1)


@each_game
def test_no_options_means_the_defaults(game):
    defaults = EXPECTED[game.slug][3]
    assert game.validate_options(None) == game.validate_options({}) == defaults
    assert list(game.validate_options({})) == list(game.options) == list(defaults)
    for name, option in game.options.items():
        assert option.name == name and option.help and option.default == defaults[name]
        assert option.default in option.choices


@each_game
def test_validated_options_are_a_fresh_dict_each_time(game):
    first = game.validate_options(None)
    first.clear()
    assert game.validate_options(None) != {}


def bad_options(game: Game) -> list[tuple[Any, str]]:
    """Options a game must refuse, with what the refusal says."""
    cases: list[tuple[Any, str]] = [
        ({"no_such_option": 1}, "unknown option"),
        ("target=11", "options are a dict"),
    ]
    for name, option in game.options.items():
        cases.append(({name: "bogus"}, f"'{name}' cannot be 'bogus'"))
        if isinstance(option.default, bool):
            cases.append(({name: 1}, f"'{name}' cannot be 1"))
        elif isinstance(option.default, int):
            above = max(option.choices) + 1
            cases.append(({name: above}, f"'{name}' cannot be {above}"))
            cases.append(({name: str(option.default)}, f"'{name}' cannot be '{option.default}'"))
            cases.append(({name: float(option.default)}, f"'{name}' cannot be {option.default}.0"))
    return cases


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [(game, options, message) for game in GAMES for options, message in bad_options(game)],
    ids=lambda value: value.slug if isinstance(value, Game) else None,
)
def test_an_unknown_option_or_a_value_not_allowed_is_refused_clearly(game, options, message):
    with pytest.raises(ValueError, match=message):
        game.validate_options(options)
    with pytest.raises(ValueError, match=message):
        game.new_deal(seats=game.seats[0], dealer=0, options=options, seed=1)
    with pytest.raises(ValueError, match=message):
        game.match_winner([], options)


@each_game
def test_a_deal_and_its_record_keep_the_full_normalized_options(game):
    options = other_options(game)
    deal = game.new_deal(seats=seats_for(game, options), dealer=0, options=options, seed=1)
    assert deal.options == game.validate_options(options) == options
    assert deal.record()["options"] == deal.options
    name, value = list(options.items())[-1]
    deal = game.new_deal(seats=game.seats[0], dealer=0, options={name: value}, seed=1)
    assert deal.options == {**game.validate_options({}), name: value}


@each_game
def test_the_match_has_no_winner_before_its_first_deal(game):
    assert game.match_winner([], {}) is None
    assert game.match_scores([], {}) == [0] * len(game.sides(game.seats[0], {}))


@each_game
def test_the_deal_passes_to_the_next_player(game):
    n = game.seats[0]
    assert [game.next_dealer(dealer, n) for dealer in range(n)] == [*range(1, n), 0]


# -- decks ------------------------------------------------------------------------


@each_game
def test_the_same_seed_deals_the_same_deck_and_no_seed_an_unpredictable_one(game):
    first = game.new_deal(seed=99).deck
    assert game.new_deal(seed=99).deck == first
    assert game.new_deal(seed=100).deck != first
    unseeded = [game.new_deal().deck for _ in range(3)]
    assert all(sorted(deck) == sorted(game.pack.new_order) for deck in [first, *unseeded])
    assert len({tuple(deck) for deck in unseeded}) == 3


@each_game
def test_a_deck_that_is_not_an_ordering_of_the_pack_is_refused_naming_the_difference(game):
    deck = game.new_deal(seed=1).deck
    last, extra = deck[-1], next(code for code in deck if code != deck[-1])
    for wrong, problem in [
        (deck[:-1], f"(missing ['{last}'], surplus [])"),
        ([*deck[:-1], extra], f"(missing ['{last}'], surplus ['{extra}'])"),
        ([*deck[:-1], "ZZ"], f"(missing ['{last}'], surplus ['ZZ'])"),
        (" ".join(deck), "a deck is a list of card codes"),
    ]:
        with pytest.raises(ValueError, match=re.escape(problem)):
            game.new_deal(seats=game.seats[0], dealer=0, deck=wrong)


@each_game
def test_the_seed_appears_neither_in_the_record_nor_in_any_view(game):
    seed = 987654321987
    deal = played(game, seed=seed, steps=5)
    texts = [json.dumps(deal.record())] + [
        json.dumps(deal.view(s)) for s in (*range(deal.seats), None)
    ]
    assert not any("seed" in text or str(seed) in text for text in texts)


# -- records and replays ------------------------------------------------------------


@each_game
def test_a_record_holds_the_deal_its_actions_and_once_over_the_result(game):
    deal = played(game, dealer=BOB, options=other_options(game))
    record = deal.record()
    assert set(record) == RECORD_KEYS | {"result"} | MORE_RECORD_KEYS.get(game.slug, set())
    seats = seats_for(game, other_options(game))
    assert (record["game"], record["seats"], record["dealer"]) == (game.slug, seats, BOB)
    assert record["options"] == deal.options == other_options(game)
    pack = game.pack_for(seats, deal.options)
    assert record["deck"] == deal.deck and Counter(record["deck"]) == Counter(pack.new_order)
    assert record["actions"] == [{"seat": s, "action": a} for s, a in deal.actions]
    assert len(record["actions"]) == deal.actions_count
    if game.slug in ACTIONS_PER_DEAL:
        assert deal.actions_count == ACTIONS_PER_DEAL[game.slug]
    first = game.new_deal(seats=seats, dealer=BOB, options=deal.options, deck=deal.deck).to_act
    assert record["actions"][0]["seat"] == first
    assert record["result"] == deal.result()
    assert json.loads(json.dumps(record)) == record


@each_game
def test_a_record_of_an_unfinished_deal_has_no_result(game):
    deal = played(game, steps=7)
    assert not deal.is_over and "result" not in deal.record()
    with pytest.raises(ValueError, match="not over"):
        deal.result()


@each_game
@pytest.mark.parametrize("steps", [None, 0, 17])
def test_replaying_a_record_rebuilds_the_same_deal_finished_or_not(game, steps):
    assert_replays(played(game, options=other_options(game), steps=steps))


@each_game
def test_replay_stops_at_the_first_illegal_action_and_says_which(game):
    record = played(game).record()
    record["actions"][7]["action"] = "play 3X"
    seat = record["actions"][7]["seat"]
    with pytest.raises(IllegalAction) as refusal:
        game.replay(record)
    assert str(refusal.value).startswith(f"action 7 (seat {seat}, 'play 3X'): ")
    assert refusal.value.key == "malformed" and refusal.value.params["index"] == 7


@each_game
def test_replay_refuses_an_action_recorded_for_the_wrong_seat(game):
    record = played(game).record()
    record["actions"][0]["seat"] = (record["actions"][0]["seat"] + 1) % game.seats[0]
    with pytest.raises(IllegalAction) as refusal:
        game.replay(record)
    assert refusal.value.key == "not_your_turn"


NOT_RECORDS = {  # what is wrong: (a record made so from a good one, what the refusal says)
    "another game's": (lambda r: {**r, "game": "poker"}, "the record is of 'poker', not '"),
    "no deck": (lambda r: {k: v for k, v in r.items() if k != "deck"}, r"\['deck'\] missing"),
    "a short deck": (lambda r: {**r, "deck": r["deck"][:-1]}, "the deck must be the"),
    "actions not dicts": (lambda r: {**r, "actions": [r["actions"][0]["action"]]}, "action 0 is"),
    "actions not a list": (lambda r: {**r, "actions": "play 3D"}, "actions are not a list"),
    "an unknown option": (lambda r: {**r, "options": {"no_such": 7}}, "unknown option"),
    "an option not allowed": (
        lambda r: {**r, "options": dict.fromkeys(r["options"], "x")}, "cannot be 'x'",
    ),
    "not a dict": (lambda r: [r], "a deal record is a dict, not list"),
}  # fmt: skip


@each_game
@pytest.mark.parametrize(("change", "message"), list(NOT_RECORDS.values()), ids=list(NOT_RECORDS))
def test_replay_refuses_what_is_not_a_record_of_this_game(game, change, message):
    with pytest.raises(ValueError, match=message) as refusal:
        game.replay(change(played(game, steps=3).record()))
    assert not isinstance(refusal.value, IllegalAction)


@each_game
def test_the_cli_replays_a_record_and_prints_its_result(game, tmp_path):
    assert_cli_replays(played(game, seed=31, dealer=ALICE).record(), tmp_path / "deal.json")


@each_game
def test_the_cli_simulates_random_deals_and_ends_with_the_deals_per_second_line(game):
    done = run_cli("simulate", game.slug, "--deals", "20", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    actions = simulate(game, 20, 4).actions
    assert lines[0].startswith(f"20 deals, {actions} actions in ")
    if game.slug in ACTIONS_PER_DEAL:
        assert actions == 20 * ACTIONS_PER_DEAL[game.slug]
    assert re.fullmatch(r"\d+ deals/s", lines[-1])


# -- refusals -----------------------------------------------------------------------


def states(game: Game) -> list[Deal]:
    """Deals at their first action, a few actions in and near their end (a deal shorter
    than 30 actions, such as a hand of Sette e mezzo, at its last action)."""
    found = []
    for steps in (0, 5, 30):
        deal = played(game, steps=steps)
        if deal.is_over:
            record = deal.record()
            record["actions"] = record["actions"][:-1]
            del record["result"]
            deal = game.replay(record)
        found.append(deal)
    return found


@each_game
def test_a_malformed_action_is_refused_and_changes_nothing(game):
    for deal in states(game):
        legal = deal.legal_actions()[0]
        for action in (None, [legal], "", legal.upper(), f" {legal}", f"{legal} ", "shuffle"):
            assert_refused(deal, action, "malformed")


@each_game
def test_an_action_by_the_seat_not_to_act_is_refused_and_changes_nothing(game):
    for deal in states(game):
        seat, action = deal.to_act, deal.legal_actions()[0]
        other = (seat + 1) % deal.seats
        refusal = assert_refused(deal, action, "not_your_turn", seat=other)
        assert f"seat {other}" in str(refusal) and f"seat {seat}" in str(refusal)
        assert_refused(deal, action, "not_your_turn", seat=bool(seat))  # True is no seat 1
        deal.apply(action, seat=seat)  # the right seat may
        assert deal.actions[-1] == (seat, action)


@each_game
def test_an_action_of_a_finished_deal_is_refused_and_changes_nothing(game):
    deal = played(game)
    each_verb = {action.split()[0]: action for _, action in deal.actions}
    for action in (*each_verb.values(), "play 3D", None):
        for seat in (None, 0, 1):
            assert_refused(deal, action, "deal_over", seat=seat)


# -- views --------------------------------------------------------------------------


def _turn_shown(deal: Deal, viewer: int | None) -> list:
    """The phase, seat to act and legal actions ``viewer`` is shown: the deal's own, but
    for Rumino's claim of a discard, offered privately to the claimant (rules README,
    Rumino): every other viewer sees the turn that follows, as if no one could claim."""
    phase, to_act = deal.phase, deal.to_act
    if deal.game.slug == "rumino" and phase == "claim" and viewer != to_act:
        following = deal.seat_on_move
        return ["draw", following, deal.draw_actions(following) if viewer == following else []]
    return [phase, to_act, deal.legal_actions() if viewer == to_act is not None else []]


def check_views(deal: Deal) -> None:
    """What every game's views share (games/rules/views.py), and that they show each seat
    no more than it may know, as far as that can be told without the game's rules."""
    views = {viewer: deal.view(viewer) for viewer in (*range(deal.seats), None)}
    # Cards named in a view; legal actions may name cards the viewer only knows are
    # elsewhere (Calabrasella's call of a 3 it lacks), so they are not counted as seen.
    # Keys naming a card as a past event, not where it lies now, are left out too.
    events = dict.fromkeys(NAMED_EVENTS.get(deal.game.slug, ()))
    seen = {
        viewer: set(cards_in({**view, "legal_actions": [], **events}, deal.game.pack.index))
        for viewer, view in views.items()
    }
    hands = {seat: views[seat]["players"][seat]["hand"] for seat in range(deal.seats)}
    for viewer, view in views.items():
        assert json.loads(json.dumps(view)) == view
        assert "deck" not in json.dumps(view) and "seed" not in json.dumps(view)
        assert list(view)[: len(VIEW_HEADER)] == VIEW_HEADER and list(view)[-1] == "result"
        assert [view[key] for key in VIEW_HEADER] == [
            deal.game.slug, viewer, deal.seats, [list(side) for side in deal.sides],
            deal.dealer, *_turn_shown(deal, viewer),
        ]  # fmt: skip
        assert view["result"] == (deal.result() if deal.is_over else None)
        assert seen[None] <= seen[viewer]  # a spectator knows least
        for seat, player in enumerate(view["players"]):
            assert list(player)[:4] == PLAYER_HEADER
            assert player["seat"] == seat and player["hand_count"] == len(hands[seat])
            if seat == viewer:
                assert player["hand"] == hands[seat] and player["known_cards"] == []
                continue
            assert player["hand"] is None
            # What a spectator knows, every seat knows (a seat may know more: a card
            # passed to it, as in Calabrasella).
            assert set(views[None]["players"][seat]["known_cards"]) <= set(player["known_cards"])
            assert Counter(player["known_cards"]) <= Counter(hands[seat])
            if len(deal.game.pack.codes) == len(deal.game.pack) and viewer is not None:
                # Codes are unique: a card of the other hand shows only as known.
                assert set(hands[seat]) & seen[viewer] <= set(player["known_cards"])


@each_game
def test_views_share_the_header_and_the_players_and_show_only_what_a_seat_may_know(game):
    for steps in (0, 1, 2, 5, 30, None):
        check_views(played(game, steps=steps))


@each_game
@pytest.mark.parametrize("seat", ["count", -1, "0", True, 0.5])
def test_a_view_for_a_seat_that_does_not_exist_is_refused(game, seat):
    seats = game.seats[0]
    listed = ", ".join(str(s) for s in range(seats))
    with pytest.raises(ValueError, match=f"a {game.name} view is for seat {listed} or None"):
        played(game, steps=3).view(seats if seat == "count" else seat)


# -- random play --------------------------------------------------------------------


def check_step(deal: Deal, table: object) -> None:
    """The contract at one step of a deal: its legal actions and its views."""
    legal = deal.legal_actions()
    if deal.is_over:
        assert legal == [] and deal.to_act is None and deal.phase == "over"
    else:
        assert legal and legal == sorted(set(legal)) and deal.to_act in range(deal.seats)
    check_views(deal)


@each_game
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_random_deals_keep_the_contract_at_every_step_and_replay_from_their_record(game, data):
    deal, _ = play_random_deal(game, data.draw(random_deals(game)), each_step=check_step)
    assert assert_replays(deal).result() == deal.result()
