"""What the browser tests share: starting a tournament's first match, logging in, opening
the scheduled match, sending a move and waiting for the table's next state, and a driver
that plays a deal (or a whole match) in two browsers, and the check of what the players
see once a match is over.

The DOM hooks used here are the core's (docs/frontend.md): ``#table[data-seq]``,
``[data-to-act]``, ``[data-busy]``, ``[data-status]``, ``#match-config`` and
``[data-action]``. What a player clicks on a turn is the game's own and stays in its test.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from django.db import connections

from games.models import Deal, Match
from tests.conftest import PASSWORD, make_player, make_tournament, play_random
from tournaments import services
from tournaments.models import RatingChange, Tournament
from tournaments.rating import k_for

TABLE = "#table"
SEQ_CHANGED = "seq => document.querySelector('#table').dataset.seq !== seq"


def shown(number: int) -> str:
    """How the table prints a score: a negative with a minus sign, "−3" (live-table.js's
    ``signed``), where Python's ``str`` gives a hyphen."""
    return str(number).replace("-", "−")


def start_first_round(players, *, game: str, options=None) -> Match:
    """A tournament of ``game`` between ``players`` with its first round started; returns
    the live match. Call it from a fixture that runs before ``browser`` (conftest.py)."""
    tournament = make_tournament(players, game=game, options=options)
    services.tournament_start_next_round(tournament=tournament)
    return Match.objects.get(round__tournament=tournament)


def start_pairs_round(names, *, game: str, options: dict, slug: str) -> Match:
    """A pairs event of ``game`` for the players ``names`` (made here; partners: 0 & 1,
    2 & 3, ...) with its first round started; returns the live match of its first board.
    Call it from a fixture that runs before ``browser`` (conftest.py)."""
    players = [make_player(name) for name in names]
    tournament = Tournament.objects.create(
        name=slug.replace("-", " ").title(), slug=slug, game=game,
        options=options, pairs=True, table_size=4,
    )  # fmt: skip
    services.tournament_open_registration(tournament=tournament)
    for first, second in zip(players[::2], players[1::2], strict=True):
        services.entry_register(tournament=tournament, player=first, partner=second)
        services.entry_confirm_partner(tournament=tournament, player=second)
    services.tournament_make_schedule(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    services.tournament_start_next_round(tournament=tournament)
    return Match.objects.filter(round__tournament=tournament, is_bye=False).order_by("board")[0]


def log_in(context, base_url: str, username: str):
    """A new page of ``context`` with ``username`` logged in, on the home page."""
    page = context.new_page()
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"{base_url}/")
    return page


def open_scheduled_match(page, base_url: str, ready: Iterable[str] = ()) -> int:
    """From the player's schedule, open the live match and wait until the table is in
    progress (and every ``ready`` selector is there); returns the player's seat."""
    page.goto(f"{base_url}/matches/")
    page.click("[data-testid=open-match]")
    for selector in ("#table[data-status=in_progress]", *ready):
        page.wait_for_selector(selector)
    return json.loads(page.text_content("#match-config"))["seat"]


def seat_players(
    browser, base_url: str, players: Iterable[tuple[str, int]], *, height=900, ready=()
) -> dict:
    """Each ``(username, viewport width)`` logs in in a browser context of its own and opens
    the scheduled match; returns ``{seat: page}`` (seats 0 to n - 1)."""
    players = list(players)
    pages = {}
    for username, width in players:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = log_in(context, base_url, username)
        pages[open_scheduled_match(page, base_url, ready)] = page
    assert sorted(pages) == list(range(len(players)))
    return pages


def click_and_wait(page, locator, timeout: float = 10_000) -> str:
    """Click an element that sends a move (it carries ``data-action``) and wait until the
    table shows the next state; returns the action sent."""
    action = locator.get_attribute("data-action")
    assert action, "the element clicked sends no action"
    seq = page.locator(TABLE).get_attribute("data-seq")
    locator.click()
    page.wait_for_function(SEQ_CHANGED, arg=seq, timeout=timeout)
    return action


def is_over(match: Match, deal: int | None) -> bool:
    """The match is no longer in progress, or deal number ``deal`` has its result stored."""
    status = Match.objects.filter(pk=match.pk).values_list("status", flat=True).get()
    if status != Match.Status.IN_PROGRESS:
        return True
    return deal is not None and (
        Deal.objects.filter(match=match, number=deal, result__isnull=False).exists()
    )


def to_act(pages: dict):
    """The ``(seat, page)`` whose table says that seat is to act and is not busy, or None."""
    for seat, page in pages.items():
        table = page.locator(TABLE)
        if table.get_attribute("data-to-act") == str(seat) and (
            table.get_attribute("data-busy") != "1"
        ):
            return seat, page
    return None


def play_two(
    pages: dict,
    turn: Callable,
    *,
    match: Match,
    deal: int | None = 1,
    timeout: float = 300,
    after: Callable | None = None,
    name: str = "table",
    shots_at: Iterable[int] = (12,),
    turns: int | None = None,
) -> list[str]:
    """Play in two browsers until deal number ``deal`` has its result stored (``None``:
    until the match is over), or the match is over, or ``turns`` moves have been sent.

    Whichever page has its own seat in ``#table[data-to-act]`` takes the turn:
    ``turn(page, seat)`` does the game's own clicking (ticks, choice lists) and returns the
    element that sends the move; this clicks it and waits for the next state, then calls
    ``after(seat, action)`` if given. Returns the actions sent, in order (one per click that
    sent one). With ``E2E_SCREENSHOTS`` set, the page to act is photographed before the
    turns numbered in ``shots_at`` (see ``screenshot``).
    """
    deadline = time.monotonic() + timeout
    what = "the match" if deal is None else f"deal {deal}"
    sent: list[str] = []
    while not is_over(match, deal) and (turns is None or len(sent) < turns):
        assert time.monotonic() < deadline, f"{what} did not finish in time"
        mover = to_act(pages)
        if mover is None:
            time.sleep(0.05)
            continue
        seat, page = mover
        if len(sent) in shots_at:
            screenshot(page, f"{name}-{len(sent):03d}")
        action = click_and_wait(page, turn(page, seat))
        sent.append(action)
        if after is not None:
            after(seat, action)
    return sent


def itemised_result(page, match: Match, deal: int = 1):
    """The page's itemised result box of deal number ``deal``, once shown; None when that
    deal ended the match (``match`` refreshed), once the match-over banner shows instead."""
    if match.status == Match.Status.FINISHED:
        page.locator("[data-testid=match-over]").wait_for()
        return None
    box = page.locator(f"[data-testid=deal-result][data-deal='{deal}']")
    box.wait_for()
    assert box.get_attribute("data-itemised") == "1"
    return box


def screenshot(page, name: str, widths: Iterable[int] = (1280, 390)) -> None:
    """With ``E2E_SCREENSHOTS=<folder>`` set, save a full-page picture of ``page`` at each
    width as ``<folder>/<name>-<width>.png``, then restore the viewport; else nothing."""
    folder = os.environ.get("E2E_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    viewport = page.viewport_size
    for width in widths:
        page.set_viewport_size({"width": width, "height": viewport["height"]})
        page.screenshot(
            path=str(Path(folder) / f"{name}-{width}.png"), full_page=True, animations="disabled"
        )
    page.set_viewport_size(viewport)


def finish_match_and_see_the_results(
    pages: dict,
    turn: Callable,
    *,
    match: Match,
    base_url: str,
    name: str,
    timeout=900,
    by_clicking: bool = False,
) -> None:
    """Play on until the match is over, then check what the players see in their browsers:
    the later deals are played through the services with random legal moves (on a thread,
    the moves broadcast to both tables as any move is), or with ``by_clicking`` in both
    browsers; then
    both tables show the match-over banner naming the winner; once the result is recorded
    (ratings, standings), the tournament page ranks the winner first with one match point,
    and both profiles show the Elo change in this game: two newcomers at 1500 move by half
    the game's provisional K (tournaments.rating.k_for: FIDE's 40 gives +20 and
    -20, Pinch Tarot's fitted 20 gives +10 and -10).
    """
    if by_clicking:
        play_two(pages, turn, match=match, deal=None, timeout=timeout, name=name, shots_at=())
    else:
        play_on_through_services(match.pk)
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    usernames = {
        seat: username for seat, username in match.seats.values_list("number", "player__username")
    }
    winner, loser = usernames[match.winner_seat], usernames[1 - match.winner_seat]
    for page in pages.values():
        banner = page.locator("[data-testid=match-over]")
        banner.wait_for()
        assert winner in banner.text_content()

    # The result is recorded after the last move's commit (a task): wait for it.
    deadline = time.monotonic() + 30
    while not RatingChange.objects.filter(match=match).exists():
        assert time.monotonic() < deadline, "the result was not recorded"
        time.sleep(0.1)
    # Two newcomers, expected score 0.5: half the game's provisional K each way.
    k = k_for(match.game, "two").provisional
    half = k / 2
    shown = f"{half:g}"
    # The end banner then shows each player's rating change (+20 and -20 at K 40).
    for page in pages.values():
        line = page.locator("[data-testid=rating-changes]")
        line.wait_for(timeout=40_000)
        assert f"+{shown}" in line.text_content() and f"−{shown}" in line.text_content()
    page = pages[0]
    page.goto(f"{base_url}{match.round.tournament.get_absolute_url()}")
    points = "[data-testid=match-points]"
    assert page.locator(f"tr[data-player='{winner}'] {points}").text_content().strip() == "1"
    assert page.locator(f"tr[data-player='{loser}'] {points}").text_content().strip() == "0"
    for username, rating, change in (
        (winner, f"{1500 + half:.0f}", f"{half:.1f}"),
        (loser, f"{1500 - half:.0f}", f"{-half:.1f}"),
    ):
        page.goto(f"{base_url}/players/{username}/")
        row = page.locator(f"[data-testid=ratings] tr[data-game={match.game}]")
        assert row.locator("[data-testid=rating]").text_content().strip() == rating
        assert row.locator("[data-testid=last-change]").text_content().strip() == change


def play_on_through_services(match_id: int, choose=None) -> None:
    """Random legal moves of each seat in turn through ``games.services`` until the match
    ends (``tests.conftest.play_random``; ``choose`` as there), on a thread of its own: this
    one runs Playwright's event loop. The tables in the browsers get each move as it is
    broadcast."""

    def run() -> None:
        try:
            match = Match.objects.get(pk=match_id)
            play_random(match, rng=random.Random(match_id), max_actions=20_000, choose=choose)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(run).result()
