"""Rumino live: a whole match of several hands through the services, and a claim.

The engine's rules are tested in tests/games/rules/test_rumino_*.py; this checks what the
live layer adds: a match is hands until one player is left under 100, each hand starting
from the state the last one left (the deal's ``carry``, passed on by the services), and a
claim of a discard is offered through the state messages to its claimant alone and, once
claimed, ends the match at once.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino": the offer is private), docs/games/rumino.md.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import bots, services
from games.models import Deal, Match
from games.rules import get_game
from games.state import current_state, engine_for
from tests.conftest import current_engine, seated, start_match
from tests.games.rules.test_rumino_play import BOB_HAND, CHARLIE_HAND, RUMINO_SIX, hand_of

GAME = get_game("rumino")


def _act(match, player, action):
    match.refresh_from_db()
    return services.match_apply_action(
        match_id=match.pk, player_id=player.pk, action=action, seq=match.seq
    )


@pytest.mark.django_db
def test_a_match_of_rumino_is_played_hand_after_hand_to_its_end(alice, bob):
    match = start_match(alice, bob, game="rumino")
    players = seated(match)
    rng = random.Random(5)
    actions = 0
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break
        engine = current_engine(match)
        seat = engine.to_act
        action = bots.choose_action(bots.bot_input(engine, seat), rng, "heuristic")
        _act(match, players[seat], action)
        actions += 1
        assert actions < 6000, "the match did not end"

    assert match.status == Match.Status.FINISHED and match.reason == "played"
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    results = [engine_for(match, deal).result() for deal in deals]
    assert len(deals) >= 2  # a player reaches 100 over several hands (or a rumino ends it)
    # Each hand starts from the state the one before left.
    assert deals[0].carry is None
    for before, deal in zip(results, deals[1:], strict=False):
        assert deal.carry["scores"] == before["scores"]
        assert deal.carry["out"] == before["out"]
    final = results[-1]
    assert match.winner_seat == GAME.match_winner(results, match.options) == final["winner"]
    loser = 1 - match.winner_seat
    if final["ended_by"] != "rumino":
        assert final["scores"][loser] >= 100
        assert final["scores"][match.winner_seat] < 100 or (
            final["scores"][match.winner_seat] <= final["scores"][loser]
        )


@pytest.mark.django_db
def test_a_claim_is_offered_to_the_claimant_alone_and_claiming_wins_the_match(alice, bob, charlie):
    match = services.match_create_casual(game="rumino", players=[alice, bob, charlie])
    deal = Deal.objects.get(match=match)
    # Alice (first after the dealer) holds the king of diamonds that completes Charlie's
    # rumino of diamonds; the deck is set before any action, as a shuffle could give it.
    first = (deal.dealer + 1) % 3
    wanted = {
        first: CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH"),
        (first + 1) % 3: BOB_HAND,
        (first + 2) % 3: RUMINO_SIX,
    }
    deal.deck = hand_of([wanted[s] for s in range(3)], "KC", dealer=deal.dealer).record()["deck"]
    deal.save(update_fields=["deck"])
    players = seated(match)
    claimant = (first + 2) % 3

    _act(match, players[first], "draw")
    _act(match, players[first], "discard KD")

    offers = {seat: current_state(match.pk, seat)["view"] for seat in (0, 1, 2, None)}
    assert offers[claimant]["claim_offer"]["card"] == "KD"
    assert offers[claimant]["legal_actions"] == ["claim", "decline"]
    for seat in {0, 1, 2, None} - {claimant}:
        assert offers[seat]["claim_offer"] is None and offers[seat]["legal_actions"] == []
        assert offers[seat]["to_act"] == (first + 1) % 3  # the next to draw, as if play went on

    _act(match, players[claimant], "claim")

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_seat == claimant
    assert engine_for(match, Deal.objects.get(match=match)).result()["rumino"] == [
        "7D", "8D", "9D", "10D", "JD", "QD", "KD",
    ]  # fmt: skip


def _claim_table(alice, bob, charlie):
    """A casual match of three with a move clock where the first player's king of diamonds
    completes the third's rumino; returns (match, players, first, claimant)."""
    match = services.match_create_casual(game="rumino", players=[alice, bob, charlie])
    Match.objects.filter(pk=match.pk).update(move_timeout=timedelta(minutes=1))
    deal = Deal.objects.get(match=match)
    first = (deal.dealer + 1) % 3
    wanted = {
        first: CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH"),
        (first + 1) % 3: BOB_HAND,
        (first + 2) % 3: RUMINO_SIX,
    }
    deal.deck = hand_of([wanted[s] for s in range(3)], "KC", dealer=deal.dealer).record()["deck"]
    deal.save(update_fields=["deck"])
    match.refresh_from_db()
    return match, seated(match), first, (first + 2) % 3


@pytest.mark.django_db
def test_a_claim_left_unanswered_past_the_move_clock_is_declined_not_forfeited(alice, bob, charlie):
    match, players, first, claimant = _claim_table(alice, bob, charlie)
    _act(match, players[first], "draw")
    _act(match, players[first], "discard KD")
    match.refresh_from_db()
    assert current_engine(match).to_act == claimant
    seq, deadline = match.seq, match.move_deadline
    assert deadline is not None

    later = timezone.now() + timedelta(minutes=2)
    assert services.match_forfeit_if_idle(match_id=match.pk, now=later) is False

    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert match.seq == seq + 1 and match.move_deadline > deadline
    deal = Deal.objects.get(match=match)
    assert deal.actions[-1] == {"seat": claimant, "action": "decline"}
    engine = current_engine(match)
    assert (engine.phase, engine.to_act) == ("draw", (first + 1) % 3)
    # A seat that lets its clock run out on an ordinary turn still forfeits.
    much_later = match.move_deadline + timedelta(seconds=1)
    assert services.match_forfeit_if_idle(match_id=match.pk, now=much_later) is True
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.reason == "forfeit"
    assert match.places[(first + 1) % 3] == max(match.places)
