"""Two players play a whole Bazzica deal in two browsers, by clicking the highlighted cards (in
hand or declared on the table) and the declaration buttons, and both tables then show the
deal's result as a table of its scoring items. The match then plays on to its end (the
later deals through the services) and they see the winner named, the standings and both
players' Elo change.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from games.models import Deal, Match
from tests.conftest import make_player
from tests.e2e.helpers import (
    finish_match_and_see_the_results,
    play_two,
    seat_players,
    shown,
    start_first_round,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A stacked first deal, so that the run is the same every time and has combinations to
# declare: each player holds a bezique (Q♠ J♦) and marriages, hearts are trumps.
NON_DEALER = ["QS", "JD", "KH", "QH", "KC", "QC", "AS", "10S"]
DEALER = ["QS", "JD", "KD", "QD", "AC", "AD", "AH", "9C"]
UPCARD = "8H"


def stacked_deck(rng: random.Random) -> list[str]:
    """A 64-card deck (top first) dealing NON_DEALER and DEALER (3-2-3) and turning UPCARD."""
    rest = [rank + suit for suit in "CDHS" for rank in ("A", "7", "8", "9", "10", "J", "Q", "K")]
    rest *= 2
    for code in [*NON_DEALER, *DEALER, UPCARD]:
        rest.remove(code)
    rng.shuffle(rest)
    top: list[str] = [""] * 17
    for positions, cards in (
        ((0, 1, 2, 6, 7, 10, 11, 12), NON_DEALER),
        ((3, 4, 5, 8, 9, 13, 14, 15), DEALER),
    ):
        for position, code in zip(positions, cards, strict=True):
            top[position] = code
    top[16] = UPCARD
    return top + rest


@pytest.fixture
def live_match(transactional_db):
    alice, bob = make_player("alice"), make_player("bob")
    match = start_first_round([alice, bob], game="bazzica")
    first = Deal.objects.get(match=match, number=1)
    assert first.actions == []
    first.deck = stacked_deck(random.Random(64))
    first.save(update_fields=["deck"])
    return match


def take_turn(page, seat: int, rng: random.Random, stats: dict):
    """Pick one highlighted choice; returns the element that sends the move."""
    table = page.locator("#table")
    # Nothing is left to the fallback "Moves:" row: every legal action has its element.
    assert page.locator("[data-testid=other-actions]").count() == 0
    if table.get_attribute("data-phase") == "declare":
        # The winner of a first-phase trick: a labelled list of declarations and "draw".
        choices = page.locator("[data-testid=choices] button[data-action]")
        actions = [choices.nth(i).get_attribute("data-action") for i in range(choices.count())]
        assert actions[-1] == "draw"
        assert all(a.startswith("declare ") for a in actions[:-1])
        labels = [choices.nth(i).text_content() for i in range(choices.count())]
        assert "Draw without declaring" in labels[-1]
        assert all("+" in label for label in labels[:-1])  # "Bezique (Q♠ J♦) +40"
        if len(actions) > 1 and rng.random() < 0.75:
            index = rng.randrange(len(actions) - 1)
            stats["declared"] += 1
        else:
            index = len(actions) - 1
        return choices.nth(index)
    # Highlighted cards: in the hand, or declared cards lying on the table.
    legal = page.locator(".lt-felt .card.legal[data-action]")
    assert legal.count() > 0
    chosen = legal.nth(rng.randrange(legal.count()))
    assert chosen.get_attribute("data-action") == f"play {chosen.get_attribute('data-card')}"
    if chosen.evaluate("el => !!el.closest('[data-testid^=table-]')"):
        stats["from_table"] += 1
    return chosen


def result_cells(page) -> dict[str, list[str]]:
    """The deal result table as {row label: [cell per seat]}, the total row as "Total"."""
    rows = {}
    table = page.locator("[data-testid=deal-result] table")
    for row in table.locator("tbody tr, tfoot tr").all():
        label = row.locator("th").first.evaluate("th => th.firstChild.textContent")
        rows[label.strip()] = [cell.text_content().strip() for cell in row.locator("td").all()]
    return rows


def test_two_players_play_a_whole_bazzica_match_by_clicking_and_see_the_results(
    asgi_server, live_match, browser
):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [("alice", 1280), ("bob", 390)],
        ready=["#table[data-game=bazzica]", "[data-testid=my-hand] .card"],
    )
    for seat, page in pages.items():
        assert page.locator("[data-testid=stock-count]").text_content() == "47"
        assert page.locator("[data-testid=my-hand] .card").count() == 8
        assert page.locator(f"[data-testid=hand-count-{1 - seat}]").text_content() == "8"
        assert page.locator("[data-testid=trump]").is_visible()

    stats = {"declared": 0, "from_table": 0}
    turn = partial(take_turn, rng=random.Random(2026), stats=stats)
    # Stop once the deal's result is stored: the other page may be on move in the next deal.
    sent = play_two(pages, turn, match=match, deal=1, timeout=600, name="bazzica")

    # Every click was applied: 32 tricks of two cards and 24 declare-or-draw choices.
    first = Deal.objects.get(match=match, number=1)
    assert len(sent) == len(first.actions) == 32 * 2 + 24
    assert stats["declared"] > 0 and stats["from_table"] > 0
    assert any(a["action"].startswith("declare ") for a in first.actions)
    result = first.result
    assert result is not None
    assert sum(result["brisques"]) + 10 == 170
    match.refresh_from_db()
    assert match.deal_points == [result["points"]]

    if match.status == Match.Status.FINISHED:
        finish_match_and_see_the_results(
            pages, turn, match=match, base_url=asgi_server, name="bazzica"
        )
        return

    # The match goes on with the second deal; both tables show the first deal's items.
    expected = {
        "Declarations": result["declared"],
        "7s of trumps": result["sevens"],
        "Brisques": result["brisques"],
        "Last trick": [10 if result["last_trick"] == s else 0 for s in (0, 1)],
        "Total": result["points"],
    }
    for seat, page in pages.items():
        page.wait_for_selector("#table[data-phase=play]")
        box = page.locator("[data-testid=deal-result]")
        box.wait_for()
        assert "Deal 1 result" in box.text_content()
        cells = result_cells(page)
        for label, points in expected.items():
            assert cells[label] == [shown(p) for p in points], (seat, label, cells)
        assert page.locator(f"[data-testid=score-{seat}]").text_content() == shown(
            result["points"][seat]
        )

    # Then on to the end of the match: the banner, the standings and both players' Elo.
    finish_match_and_see_the_results(pages, turn, match=match, base_url=asgi_server, name="bazzica")
