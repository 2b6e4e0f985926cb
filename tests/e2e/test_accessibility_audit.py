"""The accessibility audit: axe-core (4.12.1, bundled by the PyPI package
``axe-playwright-python``, nothing fetched at run time) over every page a player or an
organiser uses, in English and in Italian, against WCAG 2.2 level AA: no page may have a
serious or critical violation (docs/accessibility.md).

The pages: home, sign-up and log-in, the lobby, the rules index and a few games' rules,
a tournament and a league season with their standings, My matches, a profile and its
display settings, a replay, the admin's tournament list and change form, and the live table
of each of the thirteen games in its main states: the player to act ("your turn"), a player
waiting, the table just after a deal's result (the next deal dealt), and the match over;
in Italian the site's pages and each table's "your turn" (``A11Y_EVERY_STATE=1``: every
state in both languages).
The matches are made and played through the services before the browser starts (moves
from each seat's legal actions, as ``tests.conftest.play_random`` plays them); the pages
are then visited in a loop by one browser with one context per player, on one server.

``A11Y_VERBOSE=1`` prints each page as it is visited and each violation found (any
impact). With ``A11Y_REPORT=<file>`` set (a file that does not exist yet), the count of
violations per page and impact (all of them, moderate and minor included) is written to
that file as a Markdown table, the table docs/accessibility.md shows; the audit's parts
append to it in turn.
"""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from unittest import mock

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from django.db import connections, transaction

from games import claim_window, live
from games import services as game_services
from games.models import Deal, Match
from games.rules import get_game
from tests.conftest import (
    PASSWORD,
    current_engine,
    make_player,
    make_tournament,
    seated,
)
from tests.e2e.helpers import start_first_round
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe-core's tags for them).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
IMPACTS = ("critical", "serious", "moderate", "minor")
FAILING = {"critical", "serious"}
# A11Y_LANGUAGES=en and A11Y_GAMES=briscola,scopa narrow a run down while fixing a page.
LANGUAGES = tuple(os.environ.get("A11Y_LANGUAGES", "en,it").split(","))
NAMES = ("alice", "bob", "charlie", "dave")

# Each game: its options (a match of more than one deal where the game has one), its number
# of players and the tournament's fields. After its first deal a match is resigned: the
# match-over banner then shows over the last deal's table, as after a match played out.
GAMES = [
    ("spizzichino", {"target": 21}, 2, {}),
    ("scopa", {"target": 11}, 2, {}),
    ("briscola", {"match": "two_hands"}, 2, {}),
    ("tressette", {"target": 21}, 4, {"pairs": True, "table_size": 4}),
    ("tute", {"hands": 3}, 4, {"pairs": True, "table_size": 4}),
    ("pinch-tarot", {"hands": 2}, 2, {}),
    ("bazzica", {}, 2, {}),
    ("calabrasella", {"deals": 3}, 3, {"table_size": 3}),
    ("burraco", {"match": "3_hands"}, 2, {}),
    ("machiavelli", {}, 2, {}),
    ("rumino", {}, 2, {}),
    ("sette-e-mezzo", {"hands": 4, "stack": 50}, 2, {}),
    ("ziginette", {"hands": 4, "stack": 50}, 2, {}),
]


@dataclass
class Visit:
    """One page to audit: its name in the report, the player whose browser opens it (None:
    a visitor), its path, and the selector that says it is drawn."""

    name: str
    user: str | None
    path: str
    ready: str = "main"
    resign: int | None = None  # the match resigned before this visit
    # Audited in every language, or in English alone: a table's other states in Italian
    # hold the same controls as its "your turn" with other words (A11Y_EVERY_STATE=1: all).
    every_language: bool = True


@dataclass
class Setup:
    """The pages to audit: ``now``, then ``after`` the matches they name are resigned."""

    now: list[Visit] = field(default_factory=list)
    after: list[Visit] = field(default_factory=list)


def _tournament_match(game: str, options: dict, players, extra: dict, slug: str) -> Match:
    """A tournament of ``game`` between ``players`` with its first round started; its match
    (the first board of a pairs event, partners 0 & 1 and 2 & 3)."""
    if extra.get("pairs"):
        tournament = Tournament.objects.create(
            name=slug.title(), slug=slug, game=game, options=options, **extra
        )
        services.tournament_open_registration(tournament=tournament)
        services.entry_register(tournament=tournament, player=players[0], partner=players[1])
        services.entry_confirm_partner(tournament=tournament, player=players[1])
        services.entry_register(tournament=tournament, player=players[2], partner=players[3])
        services.entry_confirm_partner(tournament=tournament, player=players[3])
        services.tournament_make_schedule(tournament_id=tournament.pk)
        tournament.refresh_from_db()
    else:
        tournament = make_tournament(players, slug=slug, game=game, options=options, **extra)
    services.tournament_start_next_round(tournament=tournament)
    return Match.objects.filter(round__tournament=tournament, is_bye=False).order_by("board")[0]


def _play_first_deal(match: Match, rng: random.Random) -> None:
    """Random legal moves of each seat in turn, through ``games.services``, until the first
    deal has its result (or the match is over).

    As ``tests.conftest.play_random``, without reading the match back after every move:
    the engine is kept here and follows the moves, except in a game with claim windows
    (Rumino), which is played by ``play_random`` itself.
    """
    if claim_window.has_window(get_game(match.game)):
        _play_with_claims(match, rng)
        return
    players = seated(match)
    engine = current_engine(match)
    seq = match.seq
    while not engine.is_over:
        action = rng.choice(engine.legal_actions())
        seat = engine.to_act
        with transaction.atomic():
            seq = game_services.match_apply_action(
                match_id=match.pk, player_id=players[seat].pk, action=action, seq=seq
            )
        engine.apply(action)
    assert _first_deal_over(match)


def _play_with_claims(match: Match, rng: random.Random) -> None:
    """``_play_first_deal`` for a game with claim windows (Rumino), reading the match and
    its engine before each move as ``play_random`` does (with ``RUMINO_CLAIM_SECONDS`` 0, a
    window has closed by the next move, whose service lets its offers lapse); a knock is
    taken whenever legal, or random play would draw and discard for a long time."""
    players = seated(match)
    while not _first_deal_over(match):
        match.refresh_from_db()
        engine = current_engine(match)
        if claim_window.pending(match) and not claim_window.is_open(match):
            engine.game.lapse_claims(engine)
        legal = engine.legal_actions()
        ending = [action for action in legal if action.split()[0] in ("knock", "gin")]
        action = ending[0] if ending else rng.choice(legal)
        with transaction.atomic():
            game_services.match_apply_action(
                match_id=match.pk, player_id=players[engine.to_act].pk, action=action, seq=match.seq
            )


def _first_deal_over(match: Match) -> bool:
    return Deal.objects.filter(match=match, number=1, result__isnull=False).exists()


def _to_act(match: Match) -> int:
    return claim_window.seat_on_move(current_engine(match)) or 0


def _table_visits(slug: str, options, count: int, extra: dict, rng) -> tuple[list, list]:
    """The matches of one game, made now: one fresh, one whose first deal is over. Returns
    the visits of the three states they show now (your turn, waiting, deal result) and
    those of the match over, once the second match is resigned (``_resign``)."""
    from accounts.models import Player

    players = [Player.objects.get(username=name) for name in NAMES[:count]]
    fresh = _tournament_match(slug, options, players, extra, f"a11y-{slug}-1")
    seats = seated(fresh)
    mover = _to_act(fresh)
    waiter = next(seat for seat in seats if seat != mover)
    dealt = _tournament_match(slug, options, players, extra, f"a11y-{slug}-2")
    _play_first_deal(dealt, rng)
    dealt.refresh_from_db()
    drawn = "#table[data-status=in_progress] .lt-felt"
    ended = "#table[data-status=finished] [data-testid=match-over]"
    url = dealt.get_absolute_url()
    every = bool(os.environ.get("A11Y_EVERY_STATE"))
    turn = Visit(f"{slug}: your turn", seats[mover].username, fresh.get_absolute_url(), drawn)
    waiting = Visit(
        f"{slug}: waiting", seats[waiter].username, fresh.get_absolute_url(), drawn, None, every
    )
    if dealt.status == Match.Status.FINISHED:  # a match of one deal (Machiavelli)
        name = f"{slug}: deal result, match over"
        return [turn, waiting, Visit(name, seats[0].username, url, ended, None, every)], []
    result = Visit(
        f"{slug}: deal result", seated(dealt)[_to_act(dealt)].username, url, drawn, None, every
    )
    over = Visit(f"{slug}: match over", seated(dealt)[0].username, url, ended, dealt.pk, every)
    return [turn, waiting, result], [over]


# The audit in parts, each a test of its own well within the suite's per-test limit: the
# site's pages, then the games' tables a few games at a time.
PARTS = {
    "site": (),
    "tables-1": ("spizzichino", "scopa", "briscola", "tressette", "tute"),
    "tables-2": ("pinch-tarot", "bazzica", "calabrasella", "burraco"),
    "tables-3": ("machiavelli", "rumino", "sette-e-mezzo", "ziginette"),
}
assert sorted(g for part in PARTS.values() for g in part) == sorted(g[0] for g in GAMES)


@pytest.fixture
def live_match(request, transactional_db, settings):
    """The data of one part's pages (``request.param``, a key of ``PARTS``), made before the
    browser starts: for the site, the players, a tournament and a league with standings, a
    finished match to replay; for a part of tables, each of its games' tables."""
    from django.utils import timezone

    from leagues import services as league_services
    from tests.leagues.conftest import make_league

    rng = random.Random(31)
    settings.RUMINO_CLAIM_SECONDS = 0  # no pause for claims while the moves are made
    # Nobody is connected yet: the moves' broadcasts would only cost time.
    quiet = mock.patch.object(live, "group_send", lambda group, message: None)
    quiet.start()
    players = [make_player(name) for name in NAMES]
    make_player("sam", is_staff=True, is_superuser=True)
    setup = Setup()
    if request.param != "site":
        chosen = os.environ.get("A11Y_GAMES")
        for slug, options, count, extra in GAMES:
            if slug not in PARTS[request.param] or (chosen and slug not in chosen.split(",")):
                continue
            now, after = _table_visits(slug, options, count, extra, rng)
            setup.now += now
            setup.after += after
        quiet.stop()
        return setup
    # A finished briscola match: standings with a result, ratings, a replay.
    finished = start_first_round(players[:2], game="briscola", options={"match": "one_hand"})
    _play_first_deal(finished, rng)
    tournament = finished.round.tournament
    league = make_league(players, slug="a11y-league")
    league_services.season_start_first(league=league, starts_at=timezone.now())
    season = league.seasons.order_by("number").first()
    setup.now += [
        Visit("home", None, "/"),
        Visit("sign-up", None, "/accounts/signup/"),
        Visit("log-in", None, "/accounts/login/"),
        Visit("rules index", None, "/rules/"),
        Visit("rules: briscola", None, "/rules/briscola/"),
        Visit("rules: burraco", None, "/rules/burraco/"),
        Visit("rules: sette-e-mezzo", None, "/rules/sette-e-mezzo/"),
        Visit("home (logged in)", "alice", "/"),
        Visit("lobby", "alice", "/matches/lobby/"),
        Visit("tournament list", "alice", "/tournaments/"),
        Visit("tournament and standings", "alice", tournament.get_absolute_url()),
        Visit("league", "alice", f"/leagues/{league.slug}/"),
        Visit(
            "league season standings", "alice", f"/leagues/{league.slug}/seasons/{season.number}/"
        ),
        Visit("leaderboards", "alice", "/leaderboards/"),
        Visit("my matches", "alice", "/matches/"),
        Visit("profile", "alice", "/players/alice/"),
        Visit("replay", "alice", f"/matches/{finished.pk}/deals/1/", "#table[data-replay-step]"),
        Visit("admin: tournaments", "sam", "/admin/tournaments/tournament/"),
        Visit(
            "admin: tournament change form",
            "sam",
            f"/admin/tournaments/tournament/{tournament.pk}/change/",
        ),
    ]
    quiet.stop()
    return setup


def _log_in(browser, base_url: str, username: str | None, language: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    # axe-core in every page of the context from its start, rather than sent on each visit.
    context.add_init_script(script=AXE_SCRIPT)
    context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])
    page = context.new_page()
    page.on("pageerror", lambda error: print("PAGE ERROR", username, language, error))
    if username is not None:
        page.goto(f"{base_url}/accounts/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("form button[type=submit]")
        page.wait_for_url(f"{base_url}/")
    return page


def _report_line(path: str | None, cells: list) -> None:
    """Append one row of the Markdown table to ``path`` (None: nothing), at once, so that a
    run stopped half-way still leaves the pages audited so far."""
    if path:
        with Path(path).open("a") as report:
            report.write("| " + " | ".join(str(cell) for cell in cells) + " |\n")


def _resign(match_id: int) -> None:
    """Seat 0's player resigns the match, in a thread of its own: this one runs
    Playwright's event loop, where the service's after-commit work would fail."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            with mock.patch.object(live, "group_send", lambda group, message: None):
                player = Match.objects.get(pk=match_id).seats.get(number=0).player
                game_services.match_resign(match_id=match_id, player_id=player.pk)
        except BaseException as error:  # noqa: BLE001 - raised again below
            errors.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


@pytest.mark.parametrize("live_match", list(PARTS), indirect=True)
def test_no_page_has_a_serious_or_critical_accessibility_violation(
    asgi_server, live_match, browser
):
    options = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
    audited = 0
    failures: list[str] = []
    pages: dict[tuple[str, str | None], object] = {}
    report = os.environ.get("A11Y_REPORT")
    if report and not Path(report).exists():
        _report_line(report, ["page", "language", *IMPACTS])
        _report_line(report, ["---"] * (2 + len(IMPACTS)))
    started = time.monotonic()
    for visits in (live_match.now, live_match.after):
        for visit in visits:
            if visit.resign is not None:
                _resign(visit.resign)
        for language in LANGUAGES:
            for visit in visits:
                if language != LANGUAGES[0] and not visit.every_language:
                    continue
                key = (language, visit.user)
                if key not in pages:
                    pages[key] = _log_in(browser, asgi_server, visit.user, language)
                page = pages[key]
                if os.environ.get("A11Y_VERBOSE"):
                    print("VISIT", visit.name, language, flush=True)
                page.goto(f"{asgi_server}{visit.path}")
                page.wait_for_selector(visit.ready, timeout=60_000)  # a loaded CI machine
                assert page.locator("html").get_attribute("lang") == language, visit.name
                results = page.evaluate("o => axe.run(document, o)", options)
                counts: dict[str, int] = {}
                for violation in results["violations"]:
                    impact = violation["impact"] or "minor"
                    counts[impact] = counts.get(impact, 0) + len(violation["nodes"])
                    if os.environ.get("A11Y_VERBOSE"):
                        where = [", ".join(node["target"]) for node in violation["nodes"][:4]]
                        print("VIOLATION", visit.name, language, violation["id"], impact, where)
                    if impact in FAILING:
                        targets = [", ".join(node["target"]) for node in violation["nodes"][:3]]
                        failures.append(
                            f"{visit.name} [{language}] {violation['id']} ({impact}): "
                            f"{violation['help']}: {targets}"
                        )
                audited += 1
                _report_line(report, [visit.name, language, *(counts.get(i, 0) for i in IMPACTS)])
    for page in pages.values():
        page.context.close()
    print(f"audited {audited} pages in {time.monotonic() - started:.0f} s")
    assert not failures, "\n".join(failures)
