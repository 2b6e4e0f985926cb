"""Three players play a whole Calabrasella match (three hands) in three browsers: the
first hand by clicking (bids, the called card, the card given back, discards, the widow
and the tricks), the later hands through the services (each move broadcast to the three
tables as any move is); every table then shows the match over with the winner named.

Source of the rules: docs/games/calabrasella.md; the DOM hooks: docs/frontend.md and
static/js/games/calabrasella.js.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from games.models import Deal, Match
from tests.conftest import make_player, make_tournament
from tests.e2e.helpers import play_on_through_services, play_two, screenshot, seat_players
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    # As helpers.start_first_round, for a table event of three.
    players = [make_player(name) for name in ("alice", "bob", "carol")]
    tournament = make_tournament(players, game="calabrasella", options={"deals": 3}, table_size=3)
    services.tournament_start_next_round(tournament=tournament)
    return Match.objects.get(round__tournament=tournament)


def take_turn(page, seat: int, rng: random.Random, bids: list):
    """The element that sends this seat's move, chosen among what the table offers; of the
    first hand's bids (``bids``) the first two may pass and the third plays, so that the
    hand is played."""
    phase = page.locator("#table").get_attribute("data-phase")
    if phase == "bid":
        choice = "pass" if len(bids) < 2 and rng.random() < 0.5 else "play"
        bids.append(choice)
        return page.locator(f"[data-testid=bid-choices] [data-action='{choice}']")
    if phase == "call":
        calls = page.locator("[data-testid=call-choices] [data-action]")
        assert calls.count() > 0
        return calls.nth(rng.randrange(calls.count()))
    if phase == "take":
        widow = page.locator("[data-testid=widow] .card.legal")
        assert widow.count() > 0
        return widow.nth(rng.randrange(widow.count()))
    turn = page.locator("[data-testid=turn-widow]")
    if phase == "discard" and turn.count() and rng.random() < 0.5:
        return turn
    legal = page.locator("[data-testid=my-hand] .card.legal")
    if legal.count() == 0:  # four discards made: only the widow's turn is left
        return turn
    chosen = legal.nth(rng.randrange(legal.count()))
    action = chosen.get_attribute("data-action")
    verb = {"return": "return", "discard": "discard", "play": "play"}[phase]
    assert action == f"{verb} {chosen.get_attribute('data-card')}"
    return chosen


def test_three_players_play_a_whole_calabrasella_match_by_clicking(
    asgi_server, live_match, browser
):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [("alice", 1280), ("bob", 390), ("carol", 390)],
        ready=["#table[data-game=calabrasella]", "[data-testid=my-hand] .card"],
    )
    for page in pages.values():
        assert page.locator("[data-testid=my-hand] .card").count() == 12

    turn = partial(take_turn, rng=random.Random(7), bids=[])
    sent = play_two(pages, turn, match=match, deal=1, timeout=300, name="calabrasella")
    first = Deal.objects.get(match=match, number=1)
    assert len(first.actions) == len(sent)
    assert any(a.startswith("play ") for a in sent)  # the hand was played, not passed out
    play_on_through_services(match.pk)
    screenshot(pages[0], "calabrasella-over")

    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert len(deals) >= 3
    for deal in deals:
        assert sum(deal.result["points"]) == 0
    totals = [sum(d.result["points"][seat] for d in deals) for seat in range(3)]
    assert match.winner_seat == totals.index(max(totals))
    winner = match.seats.get(number=match.winner_seat).player.username
    for page in pages.values():
        banner = page.locator("[data-testid=match-over]")
        banner.wait_for()
        assert winner in banner.text_content()
