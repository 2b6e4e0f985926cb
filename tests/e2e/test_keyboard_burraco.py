"""A whole deal of Burraco by keyboard alone (docs/accessibility.md): two players (bob on
a phone) press only keys: ``m`` and Tab to the stock and the discard pile, ``h``, arrows
and Enter to tick cards and reach New meld, the wild card's place and Discard, Tab to a
meld's Add button. Each table's live region says every move with the player's name.

The deck is stacked as in test_burraco_match.py: the first player lays 5♥ 6♥ and the
joker as a run (the joker standing for the 4, chosen from the list), then adds the 7♥;
after that each player takes the one-card pile and discards, so the deal ends in a
stalemate after a round (docs/games/burraco.md, "Ending the hand")."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from games.models import Deal
from tests.conftest import make_player
from tests.e2e.helpers import SEQ_CHANGED, TABLE, is_over, seat_players, start_first_round
from tests.e2e.test_burraco_match import stacked_deck
from tests.e2e.words import FOCUSED, my_turn, said, wait_said

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def burraco_match(transactional_db):
    """A heads-up Burraco match whose first deal is stacked, started before the browser."""
    match = start_first_round(
        [make_player("alice"), make_player("bob")], game="burraco", options={"match": "3_hands"}
    )
    first = Deal.objects.get(match=match, number=1)
    first.deck = stacked_deck(random.Random(8), first.dealer)
    first.save(update_fields=["deck"])
    return match


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def move_to(page, wanted, key: str = "ArrowRight", limit: int = 60) -> dict:
    """Press ``key`` until the focused element satisfies ``wanted(focused)``; returns it."""
    now = focused(page)
    for _ in range(limit):
        if now and wanted(now):
            return now
        page.keyboard.press(key)
        now = focused(page)
    raise AssertionError(f"{key} never reached the element wanted; focus on {now}")


def enter_and_wait(page) -> None:
    """Enter on the focused move, then wait for the next state."""
    seq = page.locator(TABLE).get_attribute("data-seq")
    page.keyboard.press("Enter")
    page.wait_for_function(SEQ_CHANGED, arg=seq, timeout=10_000)


def tick(page, code: str) -> None:
    """``h`` to the hand, arrows to an unticked ``code``, Enter ticks it (the focus stays)."""
    page.keyboard.press("h")
    move_to(page, lambda f: f["card"] == code and "ticked" not in (f["name"] or ""))
    page.keyboard.press("Enter")
    page.wait_for_function(
        "code => document.activeElement.dataset.card === code"
        " && document.activeElement.classList.contains('selected')",
        arg=code,
    )


def test_a_deal_of_burraco_by_keyboard_alone(asgi_server, burraco_match, browser):
    match = burraco_match
    pages = seat_players(
        browser, asgi_server, [("alice", 1280), ("bob", 390)],
        ready=["#table[data-game=burraco]", "[data-testid=my-hand] [data-card]"],
    )  # fmt: skip
    config = json.loads(pages[0].text_content("#match-config"))
    names = {p["seat"]: p["username"] for p in config["players"]}
    first = None  # the seat that lays the run
    step = 0
    deadline = time.monotonic() + 180
    while not is_over(match, 1):
        assert time.monotonic() < deadline, "the deal did not end"
        mover = next((s for s, p in pages.items() if my_turn(p, s)), None)
        if mover is None:
            time.sleep(0.05)
            continue
        page, other = pages[mover], pages[1 - mover]
        who = re.escape(names[mover])
        if page.locator(TABLE).get_attribute("data-phase") == "draw":
            # The one-card pile: m to the first move (Draw), Tab on to Take.
            page.keyboard.press("m")
            move_to(page, lambda f: f["action"] == "take", key="Tab")
            enter_and_wait(page)
            wait_said(page, "^You take the discard pile, 1 card$")
            wait_said(other, f"^{who} takes the discard pile, 1 card$")
            continue
        if first is None:
            first = mover
        if mover == first and step == 0:
            step = 1
            for code in ("5H", "6H", "JK"):
                tick(page, code)
            move_to(page, lambda f: f["testid"] == "meld-new")
            page.keyboard.press("Enter")
            # The joker's place, from the list of ways (arrows on, within the hand's area).
            move_to(page, lambda f: f["action"] == "meld JK@4H 5H 6H")
            enter_and_wait(page)
            run = re.escape("a run of Cuori, Quattro to Sei (1 wild card)")
            wait_said(page, f"^You lay {run}$")
            wait_said(other, f"^{who} lays {run}$")
            continue
        if mover == first and step == 1:
            step = 2
            tick(page, "7H")
            # The meld's Add button lies outside the hand: Tab to it.
            move_to(page, lambda f: f["select"] == "add:0", key="Tab", limit=120)
            page.keyboard.press("Enter")
            page.keyboard.press("h")
            move_to(page, lambda f: f["action"] == "add 0 JK@4H 5H 6H 7H")
            enter_and_wait(page)
            run = re.escape("a run of Cuori, Quattro to Sette (1 wild card)")
            wait_said(page, f"^You add to a meld: now {run}$")
            wait_said(other, f"^{who} adds to a meld: now {run}$")
            continue
        # Discard a card other than the one just taken from the pile.
        taken = page.locator("[data-testid=discard-pile]").get_attribute("data-taken")
        page.keyboard.press("h")
        card = move_to(page, lambda f, taken=taken: f["card"] and f["card"] != taken)
        page.keyboard.press("Enter")
        move_to(page, lambda f: f["testid"] == "discard" and f["action"])
        enter_and_wait(page)
        if is_over(match, 1):  # the deal's last move: the next deal is already dealt
            wait_said(page, f"^You: Discard {re.escape(card['name'])}$")
            break
        wait_said(page, f"^You discard {re.escape(card['name'])}$")
        wait_said(other, f"^{who} discards {re.escape(card['name'])}$")
    assert step == 2
    for page in pages.values():
        wait_said(page, "^Deal 1 over")
    assert any(line.startswith("Your turn") for line in said(pages[first]))
