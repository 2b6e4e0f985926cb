"""Tables of three or more go on without a player who has gone (issue 29): when a seat's
move clock runs out (or it never arrives), the computer plays it to the end of the match
(a banking game's seat sits out, its chips kept), and it is placed last; partnerships and
two-player matches are still forfeited.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from games import services
from games.bots import bot_input, choose_action
from games.errors import ClientError
from games.models import Deal, Match, Seat
from games.rules import get_game
from tests.conftest import current_engine, make_player
from tournaments.models import RatingChange

pytestmark = [pytest.mark.django_db(transaction=True)]

NAMES = ("alice", "bob", "charlie", "dave", "erin", "frank")


def _table(game: str, seats: int, options: dict | None = None) -> Match:
    """A rated casual match of ``game`` between ``seats`` people with a one-minute move
    clock, every seat arrived (the clock running)."""
    players = [make_player(name) for name in NAMES[:seats]]
    match = services.match_create_casual(
        game=game, players=players, options=options or {}, rated=True, time_control="move-60"
    )
    for player in players:
        services.seat_arrived(match_id=match.pk, player_id=player.pk)
    match.refresh_from_db()
    assert match.grace_until is None and match.move_deadline is not None
    return match


def _let_clock_run_out(match: Match) -> int:
    """The seat on move lets its clock run out; returns its number."""
    match.refresh_from_db()
    seat = current_engine(match).to_act
    services.match_forfeit_if_idle(
        match_id=match.pk, now=match.move_deadline + timedelta(seconds=1)
    )
    return seat


def _play_to_the_end(match: Match, *, max_actions: int = 5000) -> None:
    """The people still at the table play heuristic moves through the services; the
    computer plays the gone seats by itself (bot moves run eagerly in the tests)."""
    rng = random.Random(7)
    seats = {s.number: s for s in Seat.objects.filter(match=match).select_related("player")}
    for _ in range(max_actions):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return
        engine = current_engine(match)
        seat = seats[engine.to_act]
        assert seat.gone_at is None or Seat.objects.get(pk=seat.pk).gone_at is None, (
            "the computer should have played the gone seat"
        )
        action = choose_action(bot_input(engine, seat.number), rng, "heuristic")
        services.match_apply_action(
            match_id=match.pk, player_id=seat.player_id, action=action, seq=match.seq
        )
    raise AssertionError("the match did not end")


def _check_places_and_ratings(match: Match, gone: int) -> None:
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.reason == Match.Reason.PLAYED
    assert match.places[gone] == len(match.places)  # last, whatever the score
    assert sorted(p for s, p in enumerate(match.places) if s != gone)[-1] < len(match.places)
    assert match.winner_seat != gone and match.places[match.winner_seat] == 1
    changes = {c.player_id: c for c in RatingChange.objects.filter(match=match)}
    seat_of = dict(match.seats.values_list("player_id", "number"))
    assert len(changes) == len(match.places)
    for player_id, change in changes.items():
        number = seat_of[player_id]
        others = [p for s, p in enumerate(match.places) if s != number]
        mine = match.places[number]
        expected = sum(1.0 if mine < p else 0.5 if mine == p else 0.0 for p in others)
        assert change.score == pytest.approx(expected / len(others))
    assert changes[match.seats.get(number=gone).player_id].score == 0.0
    # Not every present player drew: the match was played out.
    assert len({c.score for c in changes.values()}) > 1


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("machiavelli", 3, {}),
        ("calabrasella", 3, {"deals": 3}),
        ("rumino", 3, {}),
    ],
)
def test_a_table_of_three_plays_on_without_the_player_whose_clock_ran_out(
    game, seats, options, settings
):
    settings.RUMINO_CLAIM_SECONDS = 0  # no claim window to wait for
    match = _table(game, seats, options)
    gone = _let_clock_run_out(match)
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert Seat.objects.get(match=match, number=gone).gone_at is not None
    _play_to_the_end(match)
    _check_places_and_ratings(match, gone)


def test_a_sette_e_mezzo_table_of_six_plays_on_and_the_gone_seat_sits_out_with_its_chips():
    match = _table("sette-e-mezzo", 6, {"hands": 4})
    engine = current_engine(match)
    # The banker announces the limits; the first player to bet lets his clock run out.
    banker = engine.to_act
    services.match_apply_action(
        match_id=match.pk,
        player_id=match.seats.get(number=banker).player_id,
        action="limits 1 10",
        seq=match.seq,
    )
    gone = _let_clock_run_out(match)
    assert gone != banker
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    first = Deal.objects.get(match=match, number=1)
    # The computer passed for it: no bet.
    assert {"seat": gone, "action": "pass"} in first.actions
    _play_to_the_end(match)
    _check_places_and_ratings(match, gone)
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert len(deals) >= 2
    game = get_game("sette-e-mezzo")
    for deal in deals[1:]:
        # Sitting out: named in the record, never banker, no action, chips unchanged.
        assert deal.carry["away"] == [gone] and deal.dealer != gone
        assert all(entry["seat"] != gone for entry in deal.actions)
        assert deal.result["points"][gone] == 0
        # The record replays (python -m games.rules replay).
        assert game.replay(deal.record()).result() == deal.result
    assert match.scores[gone] == deals[0].result["points"][gone] == 0


def test_a_ziginette_table_passes_the_bank_over_a_gone_banker():
    match = _table("ziginette", 4, {"hands": 4})
    gone = _let_clock_run_out(match)  # the banker, at the limits
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    _play_to_the_end(match)
    _check_places_and_ratings(match, gone)
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    game = get_game("ziginette")
    assert len(deals) >= 2
    for deal in deals[1:]:
        assert deal.carry["away"] == [gone] and deal.dealer != gone
        assert all(entry["seat"] != gone for entry in deal.actions)
        assert deal.result["points"][gone] == 0
        assert game.replay(deal.record()).result() == deal.result


def test_the_gone_player_can_no_longer_play_nor_resign_and_the_page_names_the_seat():
    match = _table("machiavelli", 3)
    gone = _let_clock_run_out(match)
    match.refresh_from_db()
    player = match.seats.get(number=gone).player
    with pytest.raises(ClientError) as refused:
        services.match_resign(match_id=match.pk, player_id=player.pk)
    assert refused.value.code == "gone"
    match.refresh_from_db()
    engine = current_engine(match)
    with pytest.raises(ClientError) as refused:
        services.match_apply_action(
            match_id=match.pk, player_id=player.pk, action=engine.legal_actions()[0], seq=match.seq
        )
    assert refused.value.code == "gone"
    from games.state import current_state

    state = current_state(match.pk, gone)
    players = {p["seat"]: p for p in state["match"]["players"]}
    assert players[gone]["gone"] is True
    assert [p["gone"] for s, p in players.items() if s != gone] == [False, False]


def test_a_table_where_nobody_would_stay_is_forfeited_as_before():
    players = [make_player("alice")]
    match = services.match_against_computer(
        player=players[0], game="machiavelli", seats=3, level="heuristic", time_control="move-60"
    )
    services.seat_arrived(match_id=match.pk, player_id=players[0].pk)
    match.refresh_from_db()
    while current_engine(match).to_act != 0:
        services.wait_for_bot_moves()
        match.refresh_from_db()
    assert _let_clock_run_out(match) == 0
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.reason == Match.Reason.FORFEIT
    assert match.places[0] == 3


def test_a_pairs_table_still_forfeits_when_a_player_is_gone():
    match = _table("briscola", 4)
    assert len(match.sides) == 2
    loser = _let_clock_run_out(match)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.reason == Match.Reason.FORFEIT
    assert not Seat.objects.filter(match=match, gone_at__isnull=False).exists()
    assert loser in match.sides[1 - match.winner_seat]


@pytest.mark.parametrize("game", ["sette-e-mezzo", "ziginette"])
def test_a_banking_carry_names_the_seats_sitting_out_and_the_bank_passes_over_them(game):
    engine_game = get_game(game)
    options = engine_game.validate_options({})
    carry, dealer = engine_game.sit_out({"stacks": [50, 0, 30, 20]}, 2, 4, [2], options)
    assert carry == {"stacks": [50, 0, 30, 20], "away": [2]}
    assert dealer == (3 if engine_game.bank_step == 1 else 0)
    assert engine_game.playing_seats(carry, 4) == [0, 3]
    deal = engine_game.new_deal(seats=4, dealer=dealer, carry=carry, seed=3)
    assert deal.view(None)["away"] == [2]
    for bad in ({"stacks": [1, 1, 1, 1], "away": [4]}, {"stacks": [1, 1, 1, 1], "away": [2, 1]}):
        with pytest.raises(ValueError):
            engine_game.new_deal(seats=4, dealer=0, carry=bad, seed=3)


def test_players_gone_are_placed_behind_everyone_the_first_to_go_last():
    from types import SimpleNamespace

    from games.services.endings import _gone_last

    match = SimpleNamespace(scores=[10, 40, 30, 30, 5])
    # Played: seat 1 first, seats 2 and 3 share second; seats 1 and 4 went (1 first).
    winner, places = _gone_last(match, 1, [5, 1, 2, 2, 4], [1, 4])
    assert places == [3, 5, 1, 1, 4]
    assert winner == 2  # the first of those who stayed: equal places, lower seat
