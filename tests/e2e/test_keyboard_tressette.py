"""A whole deal of Tressette at four by keyboard alone (docs/accessibility.md): four
players in four browsers (alice on a phone, where the signals fold away) press only keys
(``h``, arrows and Enter for a card; ``m`` and Enter for a signal), and every table's live
region says each card and signal with the player's name, the tricks taken (the deal's last
trick too, which no view shows once the next deal is dealt) and the deal's result."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from tests.e2e.helpers import SEQ_CHANGED, TABLE, is_over, seat_players, start_pairs_round
from tests.e2e.words import FOCUSED, my_turn, play_a_card_by_keyboard, said, wait_said

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ("alice", "bob", "carol", "dave")


@pytest.fixture
def tressette_match(transactional_db):
    """A Tressette pairs match (alice & bob against carol & dave), started before the
    browser (conftest.py)."""
    return start_pairs_round(NAMES, game="tressette", options={"target": 21}, slug="keys-cup")


def signal_by_keyboard(page) -> str:
    """``m`` to the moves outside the hand: the signals (on a phone first their folded
    panel's summary, opened with Enter); Enter on the first signal. Returns its words."""
    page.keyboard.press("m")
    focused = page.evaluate(FOCUSED)
    if focused["tag"] == "SUMMARY":
        page.keyboard.press("Enter")
        page.keyboard.press("m")
        focused = page.evaluate(FOCUSED)
    assert focused["action"] and not focused["action"].startswith("play "), focused
    seq = page.locator(TABLE).get_attribute("data-seq")
    text = page.evaluate("() => document.activeElement.textContent")
    page.keyboard.press("Enter")
    page.wait_for_function(SEQ_CHANGED, arg=seq, timeout=10_000)
    return text


def test_a_deal_of_tressette_at_four_by_keyboard_alone(asgi_server, tressette_match, browser):
    match = tressette_match
    pages = seat_players(
        browser, asgi_server, [(name, 390 if name == "alice" else 1280) for name in NAMES],
        ready=["#table[data-game=tressette]", "[data-testid=my-hand] [data-card]"],
    )  # fmt: skip
    config = json.loads(pages[0].text_content("#match-config"))
    names = {p["seat"]: p["username"] for p in config["players"]}
    phone = next(seat for seat, name in names.items() if name == "alice")
    rng = random.Random(7)
    deadline = time.monotonic() + 300
    played = signalled = 0
    while not is_over(match, 1):
        assert time.monotonic() < deadline, "the deal did not end"
        mover = next((s for s, p in pages.items() if my_turn(p, s)), None)
        if mover is None or not pages[mover].locator("[data-testid=my-hand] button.legal").count():
            time.sleep(0.05)
            continue
        page = pages[mover]
        signals = page.locator("[data-testid=signal-choices] [data-action]").count()
        if signals and (rng.random() < 0.3 or (mover == phone and not signalled)):
            signal_by_keyboard(page)
            signalled += 1
            wait_said(page, "^You signal: ")
            for seat, other in pages.items():
                if seat != mover:
                    wait_said(other, f"^{names[mover]} signals: ")
        card = play_a_card_by_keyboard(page, rng)
        played += 1
        wait_said(page, f"^You play {re.escape(card['name'])}$")
        # Every other table says it with the player's name, the deal's last card too.
        for seat, other in pages.items():
            if seat != mover:
                wait_said(other, f"^{re.escape(names[mover])} plays {re.escape(card['name'])}$")
    assert played == 40 and signalled >= 1
    for page in pages.values():
        wait_said(page, "^Deal 1 over")
        lines = said(page)
        over = next(i for i, line in enumerate(lines) if line.startswith("Deal 1 over"))
        # The deal's last trick is taken before the deal's result is said.
        assert re.match(r"^(You take|.+ takes) the trick$", lines[over - 1]), lines[over - 2 :]
