"""Playing without a mouse and without sight (docs/accessibility.md): a whole deal of
Briscola against the computer by keyboard alone (``page.keyboard``: the table's keys,
arrows, Enter), each move checked against the table's live region; and a deal of Scopa
through the text command box only."""

from __future__ import annotations

import random
import re
import time

import pytest

from games.models import Match
from tests.conftest import make_player
from tests.e2e.helpers import (
    SEQ_CHANGED,
    TABLE,
    is_over,
    log_in,
    seat_players,
    start_first_round,
)
from tests.e2e.words import (
    my_turn,
    play_a_card_by_keyboard,
    said,
    said_count,
    wait_more_said,
    wait_said,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_deal_of_briscola_against_the_computer_by_keyboard_alone(
    asgi_server, transactional_db, browser, settings
):
    settings.BOT_DELAY_SECONDS = 0
    make_player("alice")
    page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), asgi_server, "alice")
    page.goto(f"{asgi_server}/rules/briscola/")
    page.locator("[data-testid=play-computer-start]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-status=in_progress]")
    match = Match.objects.get(seats__player__username="alice")
    seat = match.seats.get(player__username="alice").number
    # The keys dialog opens with "?" and closes with Escape.
    page.keyboard.press("?")
    assert page.locator("[data-testid=keys-dialog]").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("[data-testid=keys-dialog]").is_visible()
    rng = random.Random(5)
    deadline = time.monotonic() + 240
    played = 0
    while not is_over(match, 1):
        assert time.monotonic() < deadline, "the deal did not end"
        if (
            not my_turn(page, seat)
            or not page.locator("[data-testid=my-hand] button.legal").count()
        ):
            time.sleep(0.05)
            continue
        if played == 0:
            wait_said(page, r"^Your (lead|turn)")
        card = play_a_card_by_keyboard(page, rng)
        played += 1
        wait_said(page, f"^You play {re.escape(card['name'])}$")
        # After the move the focus is still on the table, not lost to <body>.
        assert page.evaluate("() => document.activeElement !== document.body")
    assert played == 20
    wait_said(page, "^Deal 1 over")
    lines = said(page)
    assert any(re.match(r"^.+ \(computer\) plays .+", line) for line in lines)
    assert any(re.match(r"^(You take|.+ takes) the trick, \d+ points?$", line) for line in lines)


@pytest.fixture
def scopa_match(transactional_db):
    """A Scopa match of a first round, started before the browser (conftest.py)."""
    return start_first_round([make_player("alice"), make_player("bob")], game="scopa")


def test_a_deal_of_scopa_through_the_command_box_only(asgi_server, scopa_match, browser):
    match = scopa_match
    pages = seat_players(
        browser, asgi_server, [("alice", 1280), ("bob", 390)],
        ready=["#table[data-game=scopa]", "[data-testid=my-hand] [data-card]"],
    )  # fmt: skip
    # bob types his commands in Italian.
    italian = {1: True, 0: False}
    for seat, page in pages.items():
        page.locator("[data-testid=command]").focus()
        page.keyboard.type("aiuto" if italian[seat] else "help")
        page.keyboard.press("Enter")
        wait_said(page, "play 7 cups")
    # A card the player does not hold is refused in words.
    page = pages[0]
    hand = {
        page.locator("[data-testid=my-hand] [data-card]").nth(i).get_attribute("data-card")
        for i in range(page.locator("[data-testid=my-hand] [data-card]").count())
    }
    absent = next(c for c in ("7D", "7H", "7S", "7C", "KD", "KH") if c not in hand)
    names = {"D": "coins", "H": "cups", "S": "swords", "C": "clubs"}
    page.keyboard.type(f"play {absent[:-1].lower()} {names[absent[-1]]}")
    page.keyboard.press("Enter")
    wait_said(page, "^(You do not hold .+|It is not your turn)")
    deadline = time.monotonic() + 240
    moves = 0
    while not is_over(match, 1):
        assert time.monotonic() < deadline, "the deal did not end"
        mover = next((s for s, p in pages.items() if my_turn(p, s)), None)
        if mover is None:
            time.sleep(0.05)
            continue
        page = pages[mover]
        hand_word, play_word = ("mano", "gioca") if italian[mover] else ("hand", "play")
        count = said_count(page)
        page.keyboard.type(hand_word)
        page.keyboard.press("Enter")
        wait_more_said(page, count)
        hand = said(page)[-1]
        assert hand.startswith("Your hand: ")
        code = page.locator("[data-testid=my-hand] [data-card]").first.get_attribute("data-card")
        rank, suit = code[:-1], code[-1]
        words = (
            {"D": "coins", "H": "cups", "S": "swords", "C": "clubs"}
            if not italian[mover]
            else {"D": "denari", "H": "coppe", "S": "spade", "C": "bastoni"}
        )
        seq = page.locator(TABLE).get_attribute("data-seq")
        page.keyboard.type(f"{play_word} {rank.lower()} {words[suit]}")
        page.keyboard.press("Enter")
        # One way to play it is sent at once; several are listed, numbered: take the first.
        page.wait_for_function(
            "seq => document.querySelector('#table').dataset.seq !== seq || /Type its number/"
            ".test(document.querySelector('[data-testid=last-event]').textContent)",
            arg=seq,
        )
        if page.locator(TABLE).get_attribute("data-seq") == seq:
            page.keyboard.type("1")
            page.keyboard.press("Enter")
            page.wait_for_function(SEQ_CHANGED, arg=seq)
        moves += 1
        wait_said(page, r"^You play ")
        # The other table says the move in words too.
        other = pages[1 - mover]
        wait_said(other, r"plays .+")
    assert moves >= 30
    for page in pages.values():
        page.locator("[data-testid=command]").focus()
        page.keyboard.type("punteggio")
        page.keyboard.press("Enter")
        wait_said(page, r"^Score: ")
