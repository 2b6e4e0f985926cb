"""One duplicate round of Briscola for four (two tables, one board, the same cards at both):
alice plays her seat of table 1 by clicking, the other seats move through the services.
While table 2 has still to play the board, the event page shows no result for table 1, the
board's replay is refused and nobody may watch table 2; once table 2 has played it, both
results and the scorecards are shown.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, transaction

from games import services as game_services
from games.models import Deal, Match
from tests.conftest import current_engine, make_player, seated
from tests.e2e.helpers import TABLE, click_and_wait, log_in, open_scheduled_match
from tournaments import services
from tournaments.models import Entry, Phase, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]


@pytest.fixture
def live_match(transactional_db):
    players = {name: make_player(name) for name in [*NAMES, "zoe"]}
    event = Tournament.objects.create(
        name="Briscola duplicate", slug="briscola-duplicate", game="briscola",
        status=Tournament.Status.REGISTRATION, format=Tournament.Format.PHASES,
        table_size=4, pairs=True, duplicate_scoring=Tournament.DuplicateScoring.MATCHPOINTS,
    )  # fmt: skip
    for first, second in zip(NAMES[::2], NAMES[1::2], strict=True):
        Entry.objects.create(
            tournament=event, player=players[first], partner=players[second],
            partner_confirmed=True,
        )  # fmt: skip
    Phase.objects.create(
        tournament=event, number=1, movement=Phase.Movement.MITCHELL, rounds=2,
        duplicate=True, deals_per_round=1, round_minutes=25,
    )  # fmt: skip
    services.tournament_close_registration(tournament=event)
    services.tournament_make_schedule(tournament_id=event.pk)
    event.refresh_from_db()
    services.tournament_start_next_round(tournament=event)
    return Match.objects.get(round__tournament=event, seats__player=players["alice"])


def in_thread(function, *args):
    """Run ``function`` on a thread of its own and return its result: the services
    broadcast with ``async_to_sync``, which cannot run in the thread of Playwright's
    event loop."""

    def run():
        try:
            return function(*args)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()


def _move_others(match: Match, human: int, rng: random.Random) -> bool:
    """Play the seats other than ``human`` through the services until ``human`` is to
    act or the match is over; True while the match goes on."""
    players = seated(match)
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            return False
        engine = current_engine(match)
        if engine.to_act == human:
            return True
        with transaction.atomic():
            game_services.match_apply_action(
                match_id=match.pk, player_id=players[engine.to_act].pk,
                action=rng.choice(engine.legal_actions()), seq=match.seq,
            )  # fmt: skip


def test_a_duplicate_board_s_result_is_hidden_until_every_table_has_played_it(
    asgi_server, live_match, browser
):
    table_one = live_match
    event = table_one.round.tournament
    table_two = Match.objects.filter(round=table_one.round).exclude(pk=table_one.pk).get()
    assert Deal.objects.get(match=table_one).deck == Deal.objects.get(match=table_two).deck

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = log_in(context, asgi_server, "alice")
    seat = open_scheduled_match(page, asgi_server, ["[data-testid=my-hand] .card"])
    # The round clock is shown at the table, counting down from 25 minutes.
    assert page.locator("[data-testid=round-clock]").text_content().startswith("Round: 2")
    rng = random.Random(11)
    while in_thread(_move_others, table_one, seat, rng):
        page.wait_for_function(
            f"seat => document.querySelector('{TABLE}').dataset.toAct === seat",
            arg=str(seat),
            timeout=20_000,
        )
        page.wait_for_selector("[data-testid=my-hand] .card.legal")
        legal = page.locator("[data-testid=my-hand] .card.legal")
        click_and_wait(page, legal.nth(rng.randrange(legal.count())))
    table_one.refresh_from_db()
    assert table_one.status == Match.Status.FINISHED

    page.goto(f"{asgi_server}{event.get_absolute_url()}")
    page.wait_for_selector("[data-testid=board-hidden]")
    assert page.locator("[data-testid=scorecard-1]").count() == 0
    replay = page.goto(f"{asgi_server}/matches/{table_one.pk}/deals/1/")
    assert replay.status == 404

    in_thread(_move_others, table_two, -1, rng)  # the other table plays the board
    in_thread(lambda: services.match_result_record(match_id=table_two.pk))
    page.goto(f"{asgi_server}{event.get_absolute_url()}")
    page.wait_for_selector("[data-testid=scorecard-1]", state="attached")
    assert page.locator("[data-testid=board-hidden]").count() == 0
    assert page.locator("[data-testid=percentage-heading]").count() == 1
    assert page.goto(f"{asgi_server}/matches/{table_one.pk}/deals/1/").status == 200
