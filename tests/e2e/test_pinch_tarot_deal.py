"""Two players play one whole hand of Pinch Tarot in two browsers, by clicking the
highlighted cards and, now and then, a meld button or the taròcchi picker, and both pages
then show the hand's scoring items and the match so far.

The deck of the first hand is stacked (the rest of it shuffled from a seed) so that the
elder hand holds thirteen trumps and gatti, and the dealer a family and three kings: the
taròcchi picker (378 legal spellings at the first trick) is used through the real server.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from games.models import Deal, Match
from games.rules.pinch_tarot import PinchTarot
from tests.conftest import PASSWORD, make_player, make_tournament
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ELDER = [
    "1T",
    "20T",
    "FOOL",
    "2T",
    "4T",
    "6T",
    "8T",
    "10T",
    "11T",
    "13T",
    "15T",
    "17T",
    "19T",
    "21T",
    "AC",
]
DEALER = ["JD", "CD", "QD", "KD", "KC", "KH", "3T", "5T", "9T", "2C", "7H", "4S", "8S", "10H", "6D"]
HAND_MOVES = "[data-testid=my-hand] [data-action]"
MELD_MOVES = "[data-testid=meld-offers] [data-action]"


def stacked_deck(rng: random.Random) -> list[str]:
    """Codes top first: the elder hand gets positions 0-4, 10-14, 20-24, the dealer 5-9,
    15-19, 25-29 (docs/games/pinch-tarot.md); the talon is shuffled."""
    talon = [code for code in PinchTarot.pack.codes if code not in ELDER + DEALER]
    rng.shuffle(talon)
    deck = []
    for packet in range(3):
        deck += ELDER[5 * packet : 5 * packet + 5] + DEALER[5 * packet : 5 * packet + 5]
    return deck + talon


def log_in(context, base_url: str, username: str):
    page = context.new_page()
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"{base_url}/")
    return page


def open_scheduled_match(page, base_url: str) -> int:
    """From the player's schedule, open the live match; returns the player's seat."""
    page.goto(f"{base_url}/matches/")
    page.click("[data-testid=open-match]")
    page.wait_for_selector("#table[data-status=in_progress] [data-testid=pt-table]")
    return json.loads(page.text_content("#match-config"))["seat"]


def hand_one_over(page) -> bool:
    if page.locator("#table").get_attribute("data-status") == "finished":
        return True
    return page.locator("[data-testid=pt-table]").get_attribute("data-deal") != "1"


def pick_tarocchi(page, rng: random.Random) -> str | None:
    """Maybe keep one trump back, then click the taròcchi button if it carries an action."""
    confirm = page.locator("[data-testid=tarocchi-confirm]")
    ticks = page.locator("[data-testid=tarocchi] [data-select^='tarocchi:'][data-card]")
    if rng.random() < 0.5 and ticks.count() > 10:
        ticks.nth(rng.randrange(ticks.count())).click()
    action = confirm.get_attribute("data-action")
    if action is None:
        assert confirm.is_disabled()
        return None
    assert action.startswith("meld tarocchi ")
    assert len(action.split()) - 2 >= 10
    confirm.click()
    return action


def take_turn(page, seat: int, rng: random.Random, tarocchi_done: list) -> str | None:
    """If it is this seat's turn, click one highlighted move; returns the action sent."""
    table = page.locator("#table")
    if (
        table.get_attribute("data-to-act") != str(seat)
        or table.get_attribute("data-busy") == "1"
        or hand_one_over(page)
    ):
        return None
    seq = table.get_attribute("data-seq")
    assert page.locator("[data-testid=other-actions]").count() == 0
    cards = page.locator(HAND_MOVES)
    count = cards.count()
    assert count > 0, "no playable card is highlighted on the player's turn"
    for i in range(count):
        card = cards.nth(i)
        assert "legal" in (card.get_attribute("class") or "")
        assert card.get_attribute("data-action") == f"play {card.get_attribute('data-card')}"
    action = None
    if page.locator("[data-testid=tarocchi]").count() and (not tarocchi_done or rng.random() < 0.3):
        action = pick_tarocchi(page, rng)
        if action:
            tarocchi_done.append(action)
    if action is None:
        melds = page.locator(MELD_MOVES)
        labels = page.locator("[data-testid=meld-choices] .lt-choice-label").all_text_contents()
        assert all(label.startswith("Meld: ") for label in labels)
        if melds.count() and rng.random() < 0.6:
            button = melds.nth(rng.randrange(melds.count()))
        else:
            button = cards.nth(rng.randrange(count))
        action = button.get_attribute("data-action")
        button.click()
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.seq !== seq", arg=seq, timeout=10_000
    )
    return action


def test_two_players_play_a_whole_pinch_tarot_hand_by_clicking(asgi_server, browser, monkeypatch):
    new_deal = PinchTarot.new_deal
    deck_rng = random.Random(78)

    def stacked_new_deal(self, seats=None, dealer=0, options=None, seed=None, deck=None):
        deck = deck or stacked_deck(deck_rng)
        return new_deal(self, seats=seats, dealer=dealer, options=options, seed=seed, deck=deck)

    monkeypatch.setattr(PinchTarot, "new_deal", stacked_new_deal)
    alice, bob = make_player("alice"), make_player("bob")
    tournament = make_tournament([alice, bob], game="pinch-tarot")
    services.tournament_start_next_round(tournament=tournament)
    match = Match.objects.get(round__tournament=tournament)

    pages = {}
    for player in (alice, bob):
        page = log_in(
            browser.new_context(viewport={"width": 1280, "height": 900}),
            asgi_server,
            player.username,
        )
        pages[open_scheduled_match(page, asgi_server)] = page
    assert sorted(pages) == [0, 1]
    for seat, page in pages.items():
        assert page.locator("[data-testid=stock-count]").text_content().strip() == "48"
        assert page.locator("[data-testid=my-hand] [data-card]").count() == 15
        assert page.locator(f"[data-testid=hand-count-{1 - seat}]").text_content() == "15"
        assert "Hand 1 of 2" in page.locator("[data-testid=hand-of]").text_content()

    rng = random.Random(2026)
    tarocchi_done = []
    deadline = time.monotonic() + 400
    sent = []
    while not hand_one_over(pages[0]):
        assert time.monotonic() < deadline, "the hand did not finish in time"
        moved = False
        for seat, page in pages.items():
            action = take_turn(page, seat, rng, tarocchi_done)
            if action:
                sent.append(action)
                if action.startswith("meld "):  # both tables show the new meld with its label
                    kind = action.split()[1]
                    for other in pages.values():
                        other.locator(
                            f"[data-testid=melds-{seat}] [data-kind={kind}]"
                        ).first.wait_for()
                moved = True
                break
        if not moved:
            time.sleep(0.05)

    assert tarocchi_done, "the taròcchi picker was never used"
    deal = Deal.objects.get(match=match, number=1)
    assert deal.result is not None
    assert deal.deck[:10] == ELDER[:5] + DEALER[:5]
    assert len(deal.actions) == len(sent)
    assert [a["action"] if isinstance(a, dict) else a for a in deal.actions] == sent
    assert sum(a.startswith("play ") for a in sent) == 78
    match.refresh_from_db()
    result = deal.result
    for page in pages.values():
        if match.status == Match.Status.FINISHED:
            page.locator("[data-testid=match-over]").wait_for()
            continue
        box = page.locator("[data-testid=deal-result][data-deal='1']")
        box.wait_for()
        assert box.get_attribute("data-itemised") == "1"
        items = box.locator("tbody tr[data-item]")
        shown = [items.nth(i).get_attribute("data-item") for i in range(items.count())]
        assert shown == ["count", "cards", "tricks", "melds", "bagatto", "fool"]
        for seat in (0, 1):
            points = box.locator(f"[data-testid=deal-points-{seat}]").text_content()
            assert points.strip() == str(result["points"][seat])
            row = box.locator("tr[data-item=tricks] td").nth(seat).text_content()
            assert row.strip() == str(result["trick_points"][seat])
            total = page.locator(f"[data-testid=match-total-{seat}]").text_content()
            assert total.strip() == str(result["points"][seat])
        assert result["trick_points"][0] + result["trick_points"][1] == 78
