"""What the keyboard and table-in-words browser tests share (docs/accessibility.md): the
live region's sentences, waiting for one, and a card played by keyboard alone."""

from __future__ import annotations

import random

from tests.e2e.helpers import SEQ_CHANGED, TABLE

FOCUSED = (
    "() => { const el = document.activeElement; return el ? {"
    "card: el.dataset.card || null, action: el.dataset.action || null,"
    " select: el.dataset.select || null, name: el.getAttribute('aria-label'),"
    " testid: el.dataset.testid || null, tag: el.tagName} : null; }"
)
LOG = "[data-testid=announcements]"


def said(page) -> list[str]:
    """The live region's sentences, oldest first."""
    return page.locator(f"{LOG} p").all_text_contents()


def wait_said(page, pattern: str, timeout: float = 10_000) -> None:
    """Wait until a sentence of the live region matches ``pattern`` (a regular expression)."""
    try:
        page.wait_for_function(
            "p => [...document.querySelectorAll('[data-testid=announcements] p')]"
            ".some(e => new RegExp(p).test(e.textContent))",
            arg=pattern,
            timeout=timeout,
        )
    except Exception as error:
        raise AssertionError(f"nothing said matches {pattern!r}; said: {said(page)}") from error


def said_count(page) -> int:
    """How many sentences the live region has said so far (it keeps only the last ones)."""
    return int(page.locator(LOG).get_attribute("data-count") or 0)


def wait_more_said(page, count: int) -> None:
    """Wait until the live region has said more than ``count`` sentences."""
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=announcements]').dataset.count || 0) > n",
        arg=count,
    )


def my_turn(page, seat: int) -> bool:
    """Whether the table says ``seat`` is to act and is not waiting for its last move."""
    table = page.locator(TABLE)
    return (
        table.get_attribute("data-to-act") == str(seat) and table.get_attribute("data-busy") != "1"
    )


def press_and_wait(page, key: str) -> None:
    """Press ``key`` on the focused move and wait for the next state."""
    seq = page.locator(TABLE).get_attribute("data-seq")
    page.keyboard.press(key)
    page.wait_for_function(SEQ_CHANGED, arg=seq, timeout=10_000)


def play_a_card_by_keyboard(page, rng: random.Random) -> dict:
    """'h' to the hand, arrows to a playable card, Enter; returns the card played."""
    page.keyboard.press("h")
    focused = page.evaluate(FOCUSED)
    assert focused and focused["card"], "h did not put the focus on the hand"
    legal = page.locator("[data-testid=my-hand] button.legal").count()
    for _ in range(rng.randrange(max(legal, 1))):
        page.keyboard.press("ArrowRight")
    focused = page.evaluate(FOCUSED)
    while not (focused["action"] or "").startswith("play "):  # skip a card that may not be played
        page.keyboard.press("ArrowRight")
        focused = page.evaluate(FOCUSED)
    press_and_wait(page, "Enter")
    return focused
