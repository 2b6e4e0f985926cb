"""The table on a phone (390x844, touch): on the player's turn, their hand and the trick
(or the table of the game) are on the first screen without scrolling, every card they may
tap is at least 44 px wide and not covered by its neighbours, the secondary panels are
folded away, the header's links are full-size tap targets, and a wide standings table
says that it scrolls sideways.

One page load per game: Tressette (four players), Burraco pairs (four), Sette e mezzo at
six and Machiavelli at four, each set up through the services up to a turn of the player
who logs in; Burraco and Machiavelli in Italian, whose words are longer.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from games.models import Deal, Match
from games.services import match_apply_action
from games.state import engine_for
from tests.conftest import make_player, make_tournament
from tests.e2e.helpers import log_in, start_pairs_round
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
SCREEN = 844
MIN_TAP = 44

# Each element's box; for a tappable one, also what the browser would hit at the centre
# of its visible part (a card partly under its right-hand neighbour is hit on its left).
MEASURE = """([tappable, areas]) => {
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return {top: b.top, bottom: b.bottom, left: b.left, right: b.right,
            width: b.width, height: b.height};
  };
  const taps = [...document.querySelectorAll(tappable)].map((el) => {
    const b = el.getBoundingClientRect();
    const x = b.left + Math.min(b.width, 44) / 2;
    const y = b.top + b.height / 2;
    const hit = document.elementFromPoint(x, y);
    const name = el.dataset.card || el.dataset.action || el.dataset.select;
    const covered = !(hit && (hit === el || el.contains(hit)));
    return {name: name || el.textContent.trim(), ...box(el), covered};
  });
  const found = {};
  for (const sel of areas) {
    const el = document.querySelector(sel);
    found[sel] = el ? box(el) : null;
  }
  return {taps, found, scrollY: window.scrollY, docWidth: document.documentElement.scrollWidth};
}"""


def advance(match: Match, stop) -> str:
    """Play the match's first deal through the services, each seat's first legal action
    (``choose`` of the legal list), until ``stop(engine)``; returns the username of the seat
    to act then."""
    while True:
        deal = Deal.objects.filter(match=match).order_by("-number").first()
        engine = engine_for(match, deal)
        seat = engine.to_act
        player = match.seats.get(number=seat).player
        if stop(engine):
            return player.username
        legal = engine.legal_actions()
        bets = [a for a in legal if a.startswith("bet ")]
        action = (bets or legal)[0]
        seq = Match.objects.values_list("seq", flat=True).get(pk=match.pk)
        match_apply_action(match_id=match.pk, player_id=player.pk, action=action, seq=seq)


def look(browser, base_url: str, username: str, match: Match, name: str, ready: str, lang="en"):
    """The phone's page of ``match`` for ``username`` in language ``lang``, once ``ready``
    is shown; with ``E2E_SCREENSHOTS`` set, its first screen is saved as ``<name>.png``
    there."""
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "django_language", "value": lang, "url": base_url}])
    page = log_in(context, base_url, username)
    page.goto(f"{base_url}/matches/{match.pk}/")
    page.wait_for_selector(ready)
    folder = os.environ.get("E2E_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"phone-{name}.png"), animations="disabled")
    return page


def assert_first_screen(page, tappable: str, areas: list[str], *, least: int = 1) -> dict:
    """Every ``tappable`` element and every area of ``areas`` lies within the first screen,
    each tappable element is at least 44 px wide and tall enough, and nothing covers it."""
    m = page.evaluate(MEASURE, [tappable, areas])
    assert m["scrollY"] == 0
    assert m["docWidth"] <= 390, f"the page is {m['docWidth']} px wide"
    assert len(m["taps"]) >= least, f"nothing to tap: {tappable}"
    for tap in m["taps"]:
        assert tap["width"] >= MIN_TAP, tap
        assert tap["height"] >= MIN_TAP, tap
        assert 0 <= tap["top"] and tap["bottom"] <= SCREEN, tap
        assert 0 <= tap["left"] and tap["right"] <= 390, tap
        assert not tap["covered"], tap
    for selector, area in m["found"].items():
        assert area is not None, f"{selector} is not on the page"
        assert 0 <= area["top"] and area["bottom"] <= SCREEN, (selector, area)
    return m


def assert_folded(page, selector: str) -> None:
    """A secondary panel is there, folded (a <details> that is not open) on the phone."""
    panel = page.locator(selector)
    assert panel.count() == 1, selector
    assert panel.evaluate("el => el.tagName") == "DETAILS"
    assert panel.get_attribute("open") is None


def set_up(game: str) -> tuple[Match, str]:
    """A match of ``game`` advanced to a turn; returns it and the username to act."""
    if game == "tressette":
        match = start_pairs_round(
            NAMES[:4], game="tressette", options={"target": 21}, slug="tressette-phone"
        )
        # The first seat to play holds the signals (busso, volo...) as well as its cards.
        return match, advance(match, lambda engine: True)
    if game == "burraco":
        match = start_pairs_round(NAMES[:4], game="burraco", options={}, slug="burraco-phone")
        # Past the draw: the hand's cards are ticked to meld or discard.
        return match, advance(match, lambda engine: "draw" not in engine.legal_actions())
    if game == "sette-e-mezzo":
        players = [make_player(name) for name in NAMES]
        tournament = make_tournament(
            players, slug="sette-phone", game=game, options={"hands": 4}, table_size=6
        )
        services.tournament_start_next_round(tournament=tournament)
        match = Match.objects.get(round__tournament=tournament)
        # A punter holding a card, to hit or stand.
        return match, advance(match, lambda engine: "hit" in engine.legal_actions())
    players = [make_player(name) for name in NAMES[:4]]
    tournament = make_tournament(players, slug="machiavelli-phone", game=game, table_size=4)
    services.tournament_start_next_round(tournament=tournament)
    match = Match.objects.get(round__tournament=tournament)
    return match, advance(match, lambda engine: True)


@pytest.fixture
def live_match(request, transactional_db):
    """The parametrized game's match, advanced to a turn: (match, username to act)."""
    return set_up(request.param)


@pytest.mark.parametrize("live_match", ["tressette"], indirect=True)
def test_tressette_at_four_fits_the_first_screen_on_a_phone(asgi_server, live_match, browser):
    match, username = live_match
    page = look(
        browser, asgi_server, username, match, "tressette", "[data-testid=my-hand] .card.legal"
    )
    assert_first_screen(
        page,
        "[data-testid=my-hand] .card.legal",
        ["[data-testid=my-hand]", "[data-testid=trick]", "[data-testid=prompt]"],
    )
    # The signals, the scores and the notes fold away; a tap opens the signals.
    assert_folded(page, "details[data-testid=signal-panel]")
    assert_folded(page, "details[data-testid=scores-panel]")
    page.locator("details[data-testid=signal-panel] > summary").click()
    assert page.locator("[data-testid=signal-choices] [data-action=busso]").is_visible()
    # Header links: full-size tap targets.
    heights = page.evaluate(
        "() => [...document.querySelectorAll('.site-header a, .site-header button')]"
        ".map((el) => [el.textContent.trim(), el.getBoundingClientRect().height])"
    )
    assert heights and all(h >= MIN_TAP for _, h in heights), heights


@pytest.mark.parametrize("live_match", ["burraco"], indirect=True)
def test_burraco_pairs_fits_the_first_screen_on_a_phone(asgi_server, live_match, browser):
    match, username = live_match
    # In Italian (its words are longer): both languages are covered across the four games.
    page = look(
        browser, asgi_server, username, match, "burraco", "[data-testid=my-hand] .card", "it"
    )
    assert_first_screen(
        page,
        "[data-testid=my-hand] .card[data-select]",
        ["[data-testid=my-hand]", "[data-testid=discard-pile]", "[data-testid=stock]"],
        least=11,
    )


@pytest.mark.parametrize("live_match", ["sette-e-mezzo"], indirect=True)
def test_sette_e_mezzo_at_six_fits_the_first_screen_on_a_phone(asgi_server, live_match, browser):
    match, username = live_match
    page = look(
        browser, asgi_server, username, match, "sette", "[data-testid=choices] [data-action]"
    )
    assert_first_screen(
        page,
        "[data-testid=choices] [data-action]",
        ["[data-testid=my-hand]", "[data-testid=limits]"],
        least=2,
    )


@pytest.mark.parametrize("live_match", ["machiavelli"], indirect=True)
def test_machiavelli_at_four_fits_the_first_screen_on_a_phone(asgi_server, live_match, browser):
    match, username = live_match
    page = look(
        browser, asgi_server, username, match, "machiavelli", "[data-testid=my-hand] .card", "it"
    )
    assert_first_screen(
        page,
        "[data-testid=my-hand] .card[data-select]",
        ["[data-testid=my-hand]", "[data-testid=mv-table]", "[data-testid=mv-draw]"],
        least=13,
    )


@pytest.mark.parametrize("live_match", ["tressette"], indirect=True)
def test_a_wide_standings_table_says_it_scrolls_on_a_phone(asgi_server, live_match, browser):
    match, _ = live_match
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{asgi_server}/tournaments/{match.round.tournament.slug}/")
    region = page.locator("[data-testid=standings-scroll]").first
    # A scroll region a keyboard can reach, named for a screen reader.
    assert region.get_attribute("tabindex") == "0"
    assert region.get_attribute("role") == "region"
    assert region.get_attribute("aria-label") or region.get_attribute("aria-labelledby")
    fits = region.evaluate("el => el.scrollWidth <= el.clientWidth")
    box = region.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # Wider than the phone: it says so (the tie-break columns are out of sight).
    assert fits or page.locator("[data-testid=scroll-hint]").first.is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
