"""Two players play a whole heads-up Burraco match of 3 hands (Victory Points) in two
browsers, one of them on a 390-pixel-wide phone, by clicking cards and buttons.

Hand 1 is stacked: the first player takes the one-card discard pile, ticks 5♥ 6♥ and
the joker and lays them as a new run (choosing where the joker stands from the list the
table offers), ticks 7♥ and adds it to that run (again choosing the joker's place), then
discards. After that, and in the other hands, each player takes the one-card pile and
discards another card, so each hand ends quickly in a stalemate (docs/games/burraco.md,
"Ending the hand"). Both tables then show the match over; the event's standings show the
Victory Points and the match-point difference, and the result is rated.
"""

from __future__ import annotations

import random
import time
from functools import partial

import pytest

from games.models import Deal, Match
from games.rules.burraco.game import PACK
from games.state import match_victory_points
from tests.conftest import engine_for, make_player
from tests.e2e.helpers import play_two, screenshot, seat_players, start_first_round
from tournaments.models import RatingChange

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FIRST = ["5H", "6H", "JK", "7H"]  # dealt to the first player (the dealer's left)
UPCARD = "9D"


def stacked_deck(rng: random.Random, dealer: int) -> list[str]:
    """The 108 cards (top first) with FIRST in the first player's hand and UPCARD
    turned up: hands are dealt one card at a time from the dealer's left, so the first
    player gets deck[0], deck[2], ...; deck[44] (after 22 hand cards and 22 pozzetto
    cards) is turned up (games/rules/burraco/game.py)."""
    del dealer  # the first player is always the one dealt deck[0]
    rest = list(PACK.new_order)
    for code in [*FIRST, UPCARD]:
        rest.remove(code)
    rng.shuffle(rest)
    deck: list[str | None] = [None] * 45
    for position, code in zip((0, 2, 4, 6), FIRST, strict=True):
        deck[position] = code
    deck[44] = UPCARD
    filler = iter(rest)
    deck = [code if code is not None else next(filler) for code in deck]
    return deck + list(filler)


@pytest.fixture
def live_match(transactional_db):
    alice, bob = make_player("alice"), make_player("bob")
    match = start_first_round([alice, bob], game="burraco", options={"match": "3_hands"})
    first = Deal.objects.get(match=match, number=1)
    assert first.actions == []
    first.deck = stacked_deck(random.Random(8), first.dealer)
    first.save(update_fields=["deck"])
    return match


def tick(page, code: str) -> None:
    """Tick the first unticked card ``code`` of the player's hand."""
    card = page.locator(f"[data-testid=my-hand] [data-card='{code}']:not(.selected)").first
    card.click()
    page.locator(f"[data-testid=my-hand] [data-card='{code}'].selected").first.wait_for()


def choose(page, spelling_start: str):
    """The button of the meld-choice list whose action starts with ``spelling_start``."""
    page.locator("[data-testid=meld-choices]").wait_for()
    return page.locator(f"[data-testid=meld-choices] [data-action^='{spelling_start}']")


def discard_one(page):
    """Tick a hand card that is not the card just taken, and return the Discard button."""
    cards = page.locator("[data-testid=my-hand] [data-card]")
    codes = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    # The one card just taken may not be discarded this turn (the table marks it).
    taken = page.locator("[data-testid=discard-pile]").get_attribute("data-taken")
    code = next(c for c in codes if c != taken)
    tick(page, code)
    button = page.locator(f"[data-testid=discard][data-action='discard {code}']")
    button.wait_for()
    return button


def take_turn(page, seat: int, script: dict):
    """One move of the quick plan: take a one-card pile, else discard; hand 1's first
    turn of the first player lays a run and adds to it first."""
    table = page.locator("#table")
    assert page.locator("[data-testid=other-actions]").count() == 0
    phase = table.get_attribute("data-phase")
    if phase == "draw":
        take = page.locator("[data-testid=discard-pile] [data-action=take]")
        return take if take.count() else page.locator("[data-testid=stock] [data-action=draw]")
    if script.get("seat") is None:
        script["seat"] = seat
    if seat == script["seat"] and script["step"] == 0:
        script["step"] = 1
        for code in ("5H", "6H", "JK"):
            tick(page, code)
        page.locator("[data-testid=meld-new]").click()
        # The joker below the run or above it: the engine wants it at the low end.
        return choose(page, "meld JK@4H 5H 6H")
    if seat == script["seat"] and script["step"] == 1:
        script["step"] = 2
        melds = page.locator("[data-testid^=meld-] [data-card]")
        assert melds.count() >= 3
        tick(page, "7H")
        page.locator(f"[data-testid=melds-side-{seat}] [data-testid=add-0]").click()
        return choose(page, "add 0 JK@4H 5H 6H 7H")
    return discard_one(page)


def test_two_players_play_a_whole_burraco_match_and_see_the_victory_points(
    asgi_server, live_match, browser
):
    match = live_match
    started = time.monotonic()
    pages = seat_players(
        browser,
        asgi_server,
        [("alice", 1280), ("bob", 390)],
        ready=["#table[data-game=burraco]", "[data-testid=my-hand] [data-card]"],
    )
    for seat, page in pages.items():
        assert page.locator("[data-testid=stock-count]").text_content() == "63"
        assert page.locator("[data-testid=my-hand] [data-card]").count() == 11
        assert page.locator(f"[data-testid=hand-count-{1 - seat}]").text_content() == "11 cards"
        assert page.locator("[data-testid=pozzetti-left]").text_content() == "2"
        pile = page.locator("[data-testid=discard-pile] [data-card]")
        assert [pile.nth(i).get_attribute("data-card") for i in range(pile.count())] == [UPCARD]
    # On the phone nothing sticks out sideways.
    phone = next(page for page in pages.values() if page.viewport_size["width"] == 390)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390

    script = {"seat": None, "step": 0}
    turn = partial(take_turn, script=script)
    sent = play_two(pages, turn, match=match, deal=1, timeout=120, name="burraco", shots_at=(2,))
    assert "meld JK@4H 5H 6H" in sent and "add 0 JK@4H 5H 6H 7H" in sent
    # The hand ended with the run on the first player's side, the joker standing for the 4
    # (the tables have moved on to hand 2, whose table is empty).
    first = engine_for(match, Deal.objects.get(match=match, number=1))
    assert first.is_over and first.end == "stalemate"
    assert first.view(None)["table"][script["seat"]]["melds"][0]["spelling"] == "JK@4H 5H 6H 7H"
    for page in pages.values():
        page.locator("[data-testid=melds-side-0]").wait_for()
        assert page.locator("[data-testid=stock-count]").text_content() == "63"
    screenshot(phone, "burraco-after-hand-1")

    play_two(pages, turn, match=match, deal=None, timeout=120, name="burraco", shots_at=())
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    vp = match_victory_points(match)
    assert vp is not None and sum(vp) == 20
    for page in pages.values():
        page.locator("[data-testid=match-over]").wait_for()
        page.locator("[data-testid=victory-points]").wait_for()
        assert f"{vp[0]}–{vp[1]}" in page.locator("[data-testid=victory-points]").text_content()

    deadline = time.monotonic() + 30
    while not RatingChange.objects.filter(match=match).exists():
        assert time.monotonic() < deadline, "the result was not recorded"
        time.sleep(0.1)
    usernames = dict(match.seats.values_list("number", "player__username"))
    page = pages[0]
    page.goto(f"{asgi_server}{match.round.tournament.get_absolute_url()}")
    assert page.locator("[data-testid=vp-heading]").is_visible()
    for seat in (0, 1):
        row = page.locator(f"tr[data-player='{usernames[seat]}']")
        assert row.locator("[data-testid=match-points]").text_content().strip() == str(vp[seat])
    assert time.monotonic() - started < 120
