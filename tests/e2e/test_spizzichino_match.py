"""Two players play a whole Spizzichino match in two browsers, the first deal and the next
deal's first pick by clicking, the rest through the services (each move broadcast to both
tables as any move is), and the standings, ratings and leaderboard update.
"""

from __future__ import annotations

import random
import re
from functools import partial

import pytest

from games.models import Match
from tests.conftest import make_player
from tests.e2e.helpers import (
    play_on_through_services,
    play_two,
    seat_players,
    start_first_round,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    alice, bob = make_player("alice"), make_player("bob")
    return start_first_round([alice, bob], game="spizzichino", options={"target": 21})


SEEN_PREVIOUS: list[int] = []


def take_turn(page, seat: int, rng: random.Random):
    """Tick two packets for the split, or pick one pick, play or take; returns the element
    that sends the move."""
    phase = page.locator("#table").get_attribute("data-phase")
    if phase == "pick" and page.locator("[data-testid=previous-deal]").count():
        # While the next deal is dealt, the last one's final trick (both cards) and its
        # breakdown stay on the table.
        SEEN_PREVIOUS.append(page.locator("[data-testid=previous-last-trick] .card").count())
        assert page.locator("[data-testid=previous-deal] [data-testid=deal-result]").count()
    if phase == "split":
        choices = page.locator("[data-testid=my-packets] [data-select], [data-select]")
        chosen = sorted(
            {choices.nth(i).get_attribute("data-select") for i in range(choices.count())}
        )
        for number in chosen[:2]:
            page.click(f"[data-select='{number}']")
        return page.locator("[data-testid=split-confirm]")
    prefix = "pick " if phase == "pick" else "play "
    options = page.locator(f"[data-action^='{prefix}']")
    if phase == "play" and rng.random() < 0.3 and page.locator("[data-action^='take ']").count():
        options = page.locator("[data-action^='take ']")
    return options.nth(rng.randrange(options.count()))


def test_two_players_play_a_whole_match_by_clicking_and_see_the_standings_change(
    asgi_server, live_match, browser
):
    match = live_match
    tournament = match.round.tournament

    watcher = browser.new_context().new_page()
    watcher.goto(f"{asgi_server}{tournament.get_absolute_url()}")
    watcher.wait_for_selector("#standings[data-live=connected]")
    assert watcher.locator("[data-testid=match-points]").all_text_contents() == ["0", "0"]

    pages = seat_players(browser, asgi_server, [("alice", 1280), ("bob", 1280)], height=800)
    # The tournament gives 10 minutes a move: both pages count the mover's time down.
    for page in pages.values():
        clock = page.locator("[data-testid=move-clock]")
        first = clock.text_content()
        assert re.fullmatch(r"(10:00|9:[0-5]\d) to move", first), first
        page.wait_for_function(
            "first => document.querySelector('[data-testid=move-clock]').textContent !== first",
            arg=first,
        )
    turn = partial(take_turn, rng=random.Random(2026))
    sent = play_two(pages, turn, match=match, deal=1, timeout=300, name="spizzichino")
    assert len(sent) == len(match.deals.get(number=1).actions)
    match.refresh_from_db()
    if match.status == Match.Status.IN_PROGRESS:
        # The next deal's first pick, by clicking, with the last deal still on the table.
        picked = play_two(pages, turn, match=match, deal=2, timeout=30, turns=1, shots_at=())
        assert picked[0].startswith("pick ")
        assert SEEN_PREVIOUS == [2], SEEN_PREVIOUS
        play_on_through_services(match.pk)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.reason == Match.Reason.PLAYED
    assert max(match.scores) >= 21
    winner = match.seats.get(number=match.winner_seat).player.username
    loser = match.seats.get(number=1 - match.winner_seat).player.username
    for page in pages.values():
        banner = page.locator("[data-testid=match-over]")
        banner.wait_for()
        assert winner in banner.text_content()

    # The standings page, open all along, updates without a reload.
    watcher.wait_for_function(
        "name => document.querySelector(`tr[data-player='${name}'] [data-testid=match-points]`)"
        "?.textContent.trim() === '1'",
        arg=winner,
    )
    assert (
        watcher.locator(f"tr[data-player='{loser}'] [data-testid=match-points]")
        .text_content()
        .strip()
        == "0"
    )

    # Elo: two newcomers at 1500, K 40, expected score 0.5: +20 and -20.
    profile = pages[0]
    for username, rating, change in ((winner, "1520", "20.0"), (loser, "1480", "-20.0")):
        profile.goto(f"{asgi_server}/players/{username}/")
        row = profile.locator("[data-testid=ratings] tr[data-game=spizzichino]")
        assert row.locator("[data-testid=rating]").text_content().strip() == rating
        assert row.locator("[data-testid=last-change]").text_content().strip() == change
    profile.goto(f"{asgi_server}/leaderboards/spizzichino/")
    board = profile.locator("[data-testid=leaderboard] tbody tr")
    assert board.nth(0).get_attribute("data-player") == winner
    assert board.nth(1).get_attribute("data-player") == loser
