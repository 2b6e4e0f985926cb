"""Two players play one whole hand of Pinch Tarot in two browsers, by clicking the highlighted
cards and, now and then, a meld button or the taròcchi picker, and both pages then show the
hand's scoring items and the match so far. The deck of the first hand is stacked (the rest
of it shuffled from a seed) so that the elder hand holds thirteen trumps and gatti, and the
dealer a family and three kings: the taròcchi picker is used through the real server (the
view offers one taròcchi entry, every trump held, for the 378 choices of ten or more of the
thirteen trumps; the player ticks trumps by click and by keyboard, the picker says when the
choice is too small, and the server accepts the set chosen). The match then plays on to its
end (the later hands through the services) and they see the winner named, the standings
and both players' Elo change.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from games.models import Deal
from games.rules.pinch_tarot.game import PinchTarot
from tests.conftest import make_player
from tests.e2e.helpers import (
    finish_match_and_see_the_results,
    itemised_result,
    play_two,
    seat_players,
    shown,
    start_first_round,
)

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


@pytest.fixture
def live_match(transactional_db, monkeypatch):
    """The match, its hands dealt from stacked decks (the server deals the next ones too)."""
    new_deal = PinchTarot.new_deal
    deck_rng = random.Random(78)

    def stacked_new_deal(
        self, seats=None, dealer=0, options=None, seed=None, deck=None, carry=None
    ):
        deck = deck or stacked_deck(deck_rng)
        return new_deal(
            self, seats=seats, dealer=dealer, options=options, seed=seed, deck=deck, carry=carry
        )

    monkeypatch.setattr(PinchTarot, "new_deal", stacked_new_deal)
    alice, bob = make_player("alice"), make_player("bob")
    return start_first_round([alice, bob], game="pinch-tarot")


def check_picker_by_keyboard(page) -> None:
    """Untick every trump ("None"): the confirm button is disabled and the hint says how
    many to tick; tick them back one by one with the keyboard (focus stays on the trump
    just toggled), then the choice is valid again."""
    confirm = page.locator("[data-testid=tarocchi-confirm]")
    hint = page.locator("[data-testid=tarocchi-hint]")
    ticks = page.locator("[data-testid=tarocchi] [data-select^='tarocchi:'][data-card]")
    page.locator("[data-testid=tarocchi] [data-select='tarocchi:none']").click()
    assert confirm.is_disabled() and confirm.get_attribute("data-action") is None
    assert hint.get_attribute("data-valid") == "false"
    assert "Tick at least 10" in hint.text_content()
    ticks.first.focus()
    for i in range(ticks.count()):
        code = ticks.nth(i).get_attribute("data-card")
        if i:
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.card") == code
        page.keyboard.press("Space")
        toggled = page.locator(f"[data-testid=tarocchi] [data-select='tarocchi:{code}']")
        assert toggled.get_attribute("aria-pressed") == "true"
        assert page.evaluate("document.activeElement.dataset.card") == code
        assert confirm.is_disabled() == (i + 1 < 10)
    assert hint.get_attribute("data-valid") == "true"


def pick_tarocchi(page, rng: random.Random, first: bool = False):
    """Maybe keep one trump back (the first time: after checking the picker by keyboard);
    returns the taròcchi button if it carries an action."""
    confirm = page.locator("[data-testid=tarocchi-confirm]")
    ticks = page.locator("[data-testid=tarocchi] [data-select^='tarocchi:'][data-card]")
    if first:
        check_picker_by_keyboard(page)
    if (first or rng.random() < 0.5) and ticks.count() > 10:
        ticks.nth(rng.randrange(ticks.count())).click()
    action = confirm.get_attribute("data-action")
    if action is None:
        assert confirm.is_disabled()
        return None
    assert action.startswith("meld tarocchi ")
    assert len(action.split()) - 2 >= 10
    return confirm


def take_turn(page, seat: int, rng: random.Random, tarocchi_done: list):
    """Pick one highlighted move (a card, a meld button or the taròcchi); returns the
    element that sends it."""
    assert page.locator("[data-testid=other-actions]").count() == 0
    cards = page.locator(HAND_MOVES)
    count = cards.count()
    assert count > 0, "no playable card is highlighted on the player's turn"
    for i in range(count):
        card = cards.nth(i)
        assert "legal" in (card.get_attribute("class") or "")
        assert card.get_attribute("data-action") == f"play {card.get_attribute('data-card')}"
    if page.locator("[data-testid=tarocchi]").count() and (not tarocchi_done or rng.random() < 0.3):
        confirm = pick_tarocchi(page, rng, first=not tarocchi_done)
        if confirm is not None:
            tarocchi_done.append(confirm.get_attribute("data-action"))
            return confirm
    melds = page.locator(MELD_MOVES)
    labels = page.locator("[data-testid=meld-choices] .lt-choice-label").all_text_contents()
    assert all(label.startswith("Meld: ") for label in labels)
    if melds.count() and rng.random() < 0.6:
        return melds.nth(rng.randrange(melds.count()))
    return cards.nth(rng.randrange(count))


def test_two_players_play_a_whole_pinch_tarot_match_by_clicking_and_see_the_results(
    asgi_server, live_match, browser
):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [("alice", 1280), ("bob", 1280)],
        ready=["#table[data-status=in_progress] [data-testid=pt-table]"],
    )
    for seat, page in pages.items():
        assert page.locator("[data-testid=stock-count]").text_content().strip() == "48"
        assert page.locator("[data-testid=my-hand] [data-card]").count() == 15
        assert page.locator(f"[data-testid=hand-count-{1 - seat}]").text_content() == "15"
        assert "Hand 1 of 2" in page.locator("[data-testid=hand-of]").text_content()

    def meld_shown(seat: int, action: str) -> None:
        if action.startswith("meld "):  # both tables show the new meld with its label
            kind = action.split()[1]
            for other in pages.values():
                other.locator(f"[data-testid=melds-{seat}] [data-kind={kind}]").first.wait_for()

    tarocchi_done = []
    turn = partial(take_turn, rng=random.Random(2026), tarocchi_done=tarocchi_done)
    sent = play_two(
        pages,
        turn,
        match=match,
        deal=1,
        timeout=400,
        after=meld_shown,
        name="pinch-tarot",
        shots_at=(0, 12),
    )

    assert tarocchi_done, "the taròcchi picker was never used"
    # The first taròcchi kept a trump back: a choice the view never listed, accepted.
    assert len(tarocchi_done[0].split()) - 2 == 12
    deal = Deal.objects.get(match=match, number=1)
    assert deal.result is not None
    assert deal.deck[:10] == ELDER[:5] + DEALER[:5]
    assert len(deal.actions) == len(sent)
    assert [a["action"] if isinstance(a, dict) else a for a in deal.actions] == sent
    assert sum(a.startswith("play ") for a in sent) == 78
    match.refresh_from_db()
    result = deal.result
    for page in pages.values():
        box = itemised_result(page, match, deal=1)
        if box is None:  # the hand ended the match: the match-over banner shows
            continue
        items = box.locator("tbody tr[data-item]")
        listed = [items.nth(i).get_attribute("data-item") for i in range(items.count())]
        assert listed == ["count", "cards", "tricks", "melds", "bagatto", "fool"]
        for seat in (0, 1):
            points = box.locator(f"[data-testid=deal-points-{seat}]").text_content()
            assert points.strip() == shown(result["points"][seat])
            row = box.locator("tr[data-item=tricks] td").nth(seat).text_content()
            assert row.strip() == shown(result["trick_points"][seat])
            total = page.locator(f"[data-testid=match-total-{seat}]").text_content()
            assert total.strip() == shown(result["points"][seat])
        assert result["trick_points"][0] + result["trick_points"][1] == 78

    # Then on to the end of the match: the banner, the standings and both players' Elo.
    finish_match_and_see_the_results(
        pages, turn, match=match, base_url=asgi_server, name="pinch-tarot"
    )
