"""Six players play a whole Sette e mezzo match (four hands) in six browsers: the first
hand by clicking (the banker sets the limits, the others bet or pass, hit or stand, the
banker plays last), the later hands through the services (each move broadcast to the six
tables as any move is).
Every table then shows the match over, and the table event's standings rank the players
by their chips and show everyone's Elo change.

Source of the rules: docs/games/sette-e-mezzo.md; the DOM hooks: docs/frontend.md and
static/js/games/sette_e_mezzo.js.
"""

from __future__ import annotations

import random
import time

import pytest

from games.models import Deal, Match
from tests.conftest import make_player, make_tournament
from tests.e2e.helpers import play_on_through_services, play_two, screenshot, seat_players
from tournaments import services
from tournaments.models import RatingChange

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


@pytest.fixture
def live_match(transactional_db):
    players = [make_player(name) for name in NAMES]
    tournament = make_tournament(
        players, slug="sette-e-mezzo-night", game="sette-e-mezzo",
        options={"hands": 4, "stack": 50}, table_size=6,
    )  # fmt: skip
    services.tournament_start_next_round(tournament=tournament)
    return Match.objects.get(round__tournament=tournament)


def take_turn(page, seat: int, rng: random.Random):
    """A button of the choices offered: limits, a bet or a pass, hit or stand."""
    choices = page.locator("[data-testid=choices] [data-action]")
    assert choices.count() > 0, "nothing offered to the seat to act"
    actions = [choices.nth(i).get_attribute("data-action") for i in range(choices.count())]
    if "hit" in actions:
        total = page.locator(f"[data-testid=total-{seat}]").text_content().strip()
        halves = int(total.rstrip("½") or 0) * 2 + total.endswith("½")
        pick = "hit" if halves < 10 else "stand"
        return choices.nth(actions.index(pick))
    return choices.nth(rng.randrange(choices.count()))


def test_six_players_play_a_whole_sette_e_mezzo_match_by_clicking(asgi_server, live_match, browser):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [(name, 390 if i % 2 else 1024) for i, name in enumerate(NAMES)],
        height=800,
        ready=["#table[data-game=sette-e-mezzo]"],
    )
    # Before the cards come out, everyone sees six seats and the bank.
    for page in pages.values():
        assert page.locator(".sem-seat").count() == 6
        assert page.locator(".sem-seat.is-banker").count() == 1

    rng = random.Random(7)
    sent = play_two(pages, lambda page, seat: take_turn(page, seat, rng), match=match,
                    deal=1, timeout=300, name="sette-e-mezzo")  # fmt: skip
    assert len(Deal.objects.get(match=match, number=1).actions) == len(sent)
    play_on_through_services(match.pk)
    screenshot(pages[0], "sette-e-mezzo-over")

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert len(deals) >= 4
    # Chips are conserved: the six stacks still hold 6 x 50.
    assert sum(deals[-1].result["stacks"]) == 300
    winner = match.seats.get(number=match.winner_seat).player.username
    for page in pages.values():
        banner = page.locator("[data-testid=match-over]")
        banner.wait_for()
        assert winner in banner.text_content()

    deadline = time.monotonic() + 30
    while RatingChange.objects.filter(match=match).count() < 6:
        assert time.monotonic() < deadline, "the result was not recorded"
        time.sleep(0.1)
    page = pages[0]
    page.goto(f"{asgi_server}{match.round.tournament.get_absolute_url()}")
    first = page.locator("table tbody tr").first
    assert winner in first.text_content()
