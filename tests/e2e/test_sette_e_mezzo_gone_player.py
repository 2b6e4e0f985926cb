"""A six-seat Sette e mezzo table plays on without a player who leaves (issue 29): bob
closes his page and lets his short move clock run out; instead of the whole table losing
the match, his seat sits out (labelled "bob (gone · sits out)" on alice's felt) and alice
plays on with four heuristic bots to the match's end, where bob is placed last.

Source of the rule: README.md (the grace and the move clock), docs/games/sette-e-mezzo.md;
the DOM hooks: docs/frontend.md and static/js/games/sette_e_mezzo.js.
"""

from __future__ import annotations

import random
import time
from datetime import timedelta

import pytest

from games import services
from games.models import Match, Seat
from tests.conftest import make_player
from tests.e2e.helpers import click_and_wait, screenshot, seat_players, to_act
from tests.e2e.test_sette_e_mezzo_match import take_turn

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
MOVE_SECONDS = 8


@pytest.fixture
def live_match(transactional_db):
    people = [make_player("alice"), make_player("bob")]
    bots = [services.bot_player("heuristic", number) for number in range(1, 5)]
    match = services.match_create_casual(
        game="sette-e-mezzo",
        players=[*people, *bots],
        options={"hands": 4, "stack": 50},
        rated=True,
        time_control="move-60",
    )
    # A short move clock, so that the test need not wait a minute for bob's to run out.
    Match.objects.filter(pk=match.pk).update(move_timeout=timedelta(seconds=MOVE_SECONDS))
    return match


def test_a_six_seat_table_plays_on_to_its_end_when_one_player_leaves(
    asgi_server, live_match, browser
):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [("alice", 1024), ("bob", 1024)],
        height=800,
        ready=["#table[data-game=sette-e-mezzo]"],
    )
    alice = pages[0]
    assert alice.locator(".sem-seat").count() == 6
    # Bob leaves: his page closes, and his clock runs out when he is next on move.
    pages[1].context.close()

    rng = random.Random(11)
    label = alice.get_by_text("bob (gone · sits out)")
    seen_label = False
    deadline = time.monotonic() + 300
    while Match.objects.get(pk=match.pk).status == Match.Status.IN_PROGRESS:
        assert time.monotonic() < deadline, "the match did not end"
        seen_label = seen_label or label.count() > 0
        mover = to_act({0: alice})
        if mover is None:
            time.sleep(0.1)
            continue
        click_and_wait(alice, take_turn(alice, 0, rng))
    screenshot(alice, "sette-e-mezzo-gone-over")

    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    assert Seat.objects.get(match=match, number=1).gone_at is not None
    assert match.places[1] == 6 and match.winner_seat != 1
    assert not Seat.objects.filter(match=match, number=0, gone_at__isnull=False).exists()
    alice.locator("[data-testid=match-over]").wait_for()
    assert seen_label or label.count() > 0, "the page did not name bob's seat as gone"
