"""Machiavelli live: a whole match through the services, and a turn's table checked there.

The engine's rules are tested in tests/games/rules/test_machiavelli_*.py; this checks what
the live layer adds: the match is one game played to its end through
``services.match_apply_action`` (each action a transaction, the Deal row locked), the
match's winner and places are the game's, a table that draws the penalty is stored and
counted, a refused table changes nothing, and every state message shows a seat only its
own hand.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
../shared/rules/README.md ("Machiavelli"), docs/games/machiavelli.md, docs/protocol.md.
"""

from __future__ import annotations

import random

import pytest

from games import bots, services
from games.errors import ClientError
from games.models import Deal, Match
from games.rules import get_game
from games.state import current_state, engine_for
from tests.conftest import current_engine, seated, start_match

GAME = get_game("machiavelli")


def _act(match, player, action):
    match.refresh_from_db()
    return services.match_apply_action(
        match_id=match.pk, player_id=player.pk, action=action, seq=match.seq
    )


def _hands_seen(match, seat):
    """The hands a seat's state message shows: {seat: cards} for every non-null hand."""
    view = current_state(match.pk, seat)["view"]
    return {p["seat"]: p["hand"] for p in view["players"] if p["hand"] is not None}


@pytest.mark.django_db
def test_a_match_of_machiavelli_is_played_to_its_end_through_the_services(alice, bob):
    match = start_match(alice, bob, game="machiavelli")
    players = seated(match)
    rng = random.Random(8)
    actions = 0
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break
        engine = current_engine(match)
        seat = engine.to_act
        if actions % 25 == 0:  # now and then: each seat sees its own hand only
            for viewer in (0, 1):
                assert list(_hands_seen(match, viewer)) == [viewer]
            assert _hands_seen(match, None) == {}
        action = bots.choose_action(bots.bot_input(engine, seat), rng, "heuristic")
        _act(match, players[seat], action)
        actions += 1
        assert actions < 3000, "the match did not end"

    assert match.status == Match.Status.FINISHED and match.reason == "played"
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    results = [current_engine_result(match, deal) for deal in deals]
    assert match.winner_seat == GAME.match_winner(results, match.options)
    assert match.winner_seat is not None
    last = results[-1]
    assert last["winner"] == match.winner_seat
    # The match's places are the game's: by cards left, then card points.
    order = sorted(range(2), key=lambda s: (last["cards_left"][s], last["card_points"][s]))
    assert order[0] == match.winner_seat
    assert match.places == last["places"] == GAME.match_places(results, match.options)
    if last["went_out"] is not None:
        assert last["cards_left"][match.winner_seat] == 0


def current_engine_result(match, deal):
    """The stored deal's engine result, rebuilt from its row."""
    engine = engine_for(match, deal)
    assert engine.is_over
    return engine.result()


def _not_a_meld(hand):
    """Three cards of the hand of three different ranks and two suits at least: no meld."""
    for a in hand:
        for b in hand:
            for c in hand:
                ranks = {a[:-1], b[:-1], c[:-1]}
                if len(ranks) == 3 and len({a[-1], b[-1], c[-1]}) > 1:
                    return [a, b, c]
    raise AssertionError("every hand of 13 holds such three cards")


@pytest.mark.django_db
def test_an_invalid_table_through_the_services_draws_three_and_restores_the_table(alice, bob):
    match = start_match(alice, bob, game="machiavelli")
    engine = current_engine(match)
    seat = engine.to_act
    hand = engine.view(seat)["players"][seat]["hand"]
    stock = engine.view(seat)["stock_count"]
    seq = match.seq

    _act(match, seated(match)[seat], "table " + " ".join(_not_a_meld(hand)))

    match.refresh_from_db()
    after = current_engine(match).view(seat)
    assert match.seq == seq + 1
    assert after["table"] == []
    assert after["players"][seat]["hand_count"] == 16
    assert after["stock_count"] == stock - 3
    assert after["last_turn"]["kind"] == "penalty"
    assert after["to_act"] == 1 - seat
    other = current_engine(match).view(1 - seat)
    assert other["last_turn"]["rejected"] is None  # shown to its player only
    assert other["last_turn"]["drawn"] is None


@pytest.mark.django_db
def test_a_table_missing_the_right_cards_is_refused_and_changes_nothing(alice, bob):
    match = start_match(alice, bob, game="machiavelli")
    engine = current_engine(match)
    seat = engine.to_act
    hand = engine.view(seat)["players"][seat]["hand"]
    absent = next(c for c in ("AC", "2C", "3C", "4C", "5C", "AD", "2D", "3D") if c not in hand)
    match.refresh_from_db()
    before = (match.seq, list(Deal.objects.get(match=match).actions))

    with pytest.raises(ClientError) as error:
        _act(match, seated(match)[seat], f"table {absent} {hand[0]} {hand[1]}")

    assert error.value.code == "illegal_action"
    match.refresh_from_db()
    assert (match.seq, list(Deal.objects.get(match=match).actions)) == before
