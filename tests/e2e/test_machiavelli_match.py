"""Two players play a Machiavelli game in two browsers, through the table's own controls:
the first lays a run by the keyboard path (select a card with Enter, then "New meld" /
"Put here"), watching the meld turn valid as it grows; the second drags a card of their
hand onto that run with the mouse (pointer events, as a finger would) and submits the
rearranged table; then both draw a few times with the "Draw" button, and the game is
played on to its end through the services (each move broadcast to both tables as any move
is) until the match is over.

The deck is set in the fixture (before any action) so that the first player holds
3H 4H 5H and the second 6H.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.models import Deal, Match
from games.rules.machiavelli.game import PACK
from tests.conftest import heuristic_choice, make_player
from tests.e2e.helpers import (
    SEQ_CHANGED,
    TABLE,
    play_on_through_services,
    play_two,
    screenshot,
    seat_players,
    start_first_round,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FIRST = "3H 4H 5H 2C 9S JC KD 7D 8C QS 10C 6S AD".split()
SECOND = "6H 2D 9C JD KS 7S 8D QC 10D 4S AC 5C 3D".split()


def deck_with(dealer: int, first: list[str], second: list[str]) -> list[str]:
    """A two-player deck where the first player (after ``dealer``) holds ``first`` and the
    other ``second``: cards dealt one at a time (games/rules/machiavelli/game.py), the rest
    of the two packs after them in the packs' fresh order."""
    dealt = [card for pair in zip(first, second, strict=True) for card in pair]
    rest = Counter(PACK.new_order) - Counter(dealt)
    tail = []
    for card in PACK.new_order:
        if rest[card] > 0:
            rest[card] -= 1
            tail.append(card)
    return [*dealt, *tail]


@pytest.fixture
def live_match(transactional_db):
    alice, bob = make_player("alice"), make_player("bob")
    match = start_first_round([alice, bob], game="machiavelli")
    deal = Deal.objects.get(match=match)
    deal.deck = deck_with(deal.dealer, FIRST, SECOND)
    deal.save(update_fields=["deck"])
    return match


def wait_next_state(page, seq: str) -> None:
    page.wait_for_function(SEQ_CHANGED, arg=seq, timeout=10_000)


SELECTED = (
    "card => { const el = document.querySelector("
    "`[data-testid=my-hand] [data-card='${card}']`); "
    "return !!el && el.getAttribute('aria-pressed') === 'true'; }"
)
FOCUSED = "card => document.activeElement && document.activeElement.dataset.card === card"
REDRAW_WITH_FOCUS_ON = """card => {
    document.querySelector(`[data-testid=my-hand] [data-card='${card}']`).focus();
    const sound = document.querySelector('[data-testid=sound-switch]');
    sound.click();
    sound.click();
}"""
"""Focus a card of the hand, then redraw the table twice (the sound switch, clicked from
script so that the focus stays put, redraws it as a state message would), all in one go:
the key pressed next must reach the card of the redrawn table."""


def test_two_players_lay_a_run_by_keyboard_extend_it_by_dragging_and_play_to_the_end(
    asgi_server, live_match, browser
):
    match = live_match
    deal = Deal.objects.get(match=match)
    first_seat = (deal.dealer + 1) % 2
    pages = seat_players(
        browser, asgi_server, [("alice", 1280), ("bob", 390)],
        ready=["#table[data-status=in_progress] [data-testid=mv-table]"],
    )  # fmt: skip
    first, second = pages[first_seat], pages[1 - first_seat]
    for page in pages.values():
        assert page.locator("[data-testid=stock-count]").text_content().strip() == "78"
    # Every player always sees the cards left in each hand.
    assert (
        first.locator(f"[data-testid=hand-count-{1 - first_seat}]")
        .text_content()
        .strip()
        .startswith("13")
    )
    assert (
        second.locator(f"[data-testid=hand-count-{first_seat}]")
        .text_content()
        .strip()
        .startswith("13")
    )

    # The first player lays 3H 4H 5H with the keyboard only.
    hand = first.locator("[data-testid=my-hand]")
    hand.locator("[data-card='3H']").press("Enter")
    first.wait_for_function(SELECTED, arg="3H")
    new_meld = first.locator("[data-testid=mv-new-meld]")
    new_meld.wait_for(state="visible")
    assert new_meld.is_enabled()
    new_meld.press("Enter")
    meld = first.locator("[data-testid=mv-meld-0]")
    assert meld.get_attribute("data-valid") == "0"
    assert first.locator("[data-testid=mv-invalid-count]").is_visible()
    # A key pressed while the table is redrawn (a message arriving) is not lost: the
    # focus is back on the same card before the key is handled.
    first.evaluate(REDRAW_WITH_FOCUS_ON, "4H")
    first.keyboard.press("Enter")
    first.wait_for_function(SELECTED, arg="4H")
    # The table is redrawn on every step; the keyboard stays on the card selected, then
    # on the card moved.
    first.wait_for_function(FOCUSED, arg="4H")
    first.locator("[data-testid=mv-put-0]").press("Enter")
    first.wait_for_function(FOCUSED, arg="4H")
    assert first.locator("[data-testid=mv-meld-0] [data-card='4H']:focus").count() == 1
    assert meld.get_attribute("data-valid") == "0"
    hand.locator("[data-card='5H']").press("Enter")
    first.locator("[data-testid=mv-put-0]").press("Enter")
    assert meld.get_attribute("data-valid") == "1"
    assert first.locator("[data-testid=mv-invalid-count]").count() == 0
    screenshot(first, "machiavelli-arranged")
    seq = first.locator(TABLE).get_attribute("data-seq")
    first.locator("[data-testid=mv-submit]").press("Enter")
    wait_next_state(first, seq)

    deal.refresh_from_db()
    assert deal.actions == [{"seat": first_seat, "action": "table 3H 4H 5H"}]
    second.wait_for_function(
        "() => document.querySelectorAll('[data-testid=mv-meld-0] [data-card]').length === 3"
    )
    assert (
        second.locator(f"[data-testid=hand-count-{first_seat}]")
        .text_content()
        .strip()
        .startswith("10")
    )

    # The second player, on a 390-pixel-wide screen, drags 6H onto the run.
    mover = f"#table[data-to-act='{1 - first_seat}']:not([data-busy='1'])"
    second.locator(mover).wait_for()
    card = second.locator("[data-testid=my-hand] [data-card='6H']")
    target = second.locator("[data-testid=mv-meld-0]")
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    goal = target.bounding_box()
    second.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    second.mouse.down()
    second.mouse.move(goal["x"] + goal["width"] / 2, goal["y"] + goal["height"] / 2, steps=8)
    second.mouse.up()
    second.wait_for_function(
        "() => document.querySelectorAll('[data-testid=mv-meld-0] [data-card]').length === 4"
    )
    assert second.locator("[data-testid=mv-meld-0]").get_attribute("data-valid") == "1"
    assert second.locator("[data-testid=my-hand] [data-card='6H']").count() == 0
    screenshot(second, "machiavelli-dragged", widths=(390,))
    seq = second.locator(TABLE).get_attribute("data-seq")
    second.locator("[data-testid=mv-submit]").click()
    wait_next_state(second, seq)
    deal.refresh_from_db()
    assert deal.actions[-1] == {"seat": 1 - first_seat, "action": "table 3H 4H 5H 6H"}

    # Then both draw (pass once the stock is empty) until the game is blocked.
    def take_turn(page, seat):
        button = page.locator("[data-testid=mv-draw], [data-testid=mv-pass]")
        button.first.wait_for()
        return button.first

    # A few turns by clicking, the rest through the services.
    sent = play_two(pages, take_turn, match=match, deal=None, timeout=60, turns=6, shots_at=())
    assert sent == ["draw"] * 6
    # Random legal play rearranges the table at length: the heuristic bot plays it out.
    play_on_through_services(match.pk, choose=heuristic_choice)
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    for page in pages.values():
        page.locator("[data-testid=match-over]").wait_for()
