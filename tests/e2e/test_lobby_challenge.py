"""Two players meet in the lobby: one offers a challenge, the other sees it appear without a
reload and accepts; both play the match to its end by clicking, then both ask for a rematch
and play on at rotated seats."""

from __future__ import annotations

import random
import threading
import time

import pytest

from games import lobby
from games.models import Match
from tests.conftest import make_player
from tests.e2e.helpers import click_and_wait, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    make_player("alice")
    make_player("bob")
    return None


def play_to_the_end(pages: dict, rng: random.Random, timeout: float = 300) -> None:
    """Click a legal card in whichever page is on move until both show the match over."""
    deadline = time.monotonic() + timeout
    while not all(p.locator("[data-testid=match-over]").count() for p in pages.values()):
        assert time.monotonic() < deadline, "the match did not end"
        for seat, page in pages.items():
            table = page.locator("#table")
            if table.get_attribute("data-to-act") != str(seat) or (
                table.get_attribute("data-busy") == "1"
            ):
                continue
            legal = page.locator("[data-testid=my-hand] .card.legal")
            if legal.count():
                click_and_wait(page, legal.nth(rng.randrange(legal.count())))
        time.sleep(0.05)


def seat_of(page) -> int:
    import json

    return json.loads(page.text_content("#match-config"))["seat"]


def test_a_challenge_offered_accepted_played_and_rematched(asgi_server, live_match, browser):
    alice = log_in(browser.new_context(), asgi_server, "alice")
    bob = log_in(browser.new_context(viewport={"width": 390, "height": 800}), asgi_server, "bob")
    bob.goto(f"{asgi_server}/matches/lobby/")
    bob.wait_for_selector("#lobby[data-live=connected]")
    alice.goto(f"{asgi_server}/matches/lobby/")
    alice.wait_for_selector("#lobby[data-live=connected]")
    alice.select_option("select[name=game]", "briscola")
    alice.click("[data-testid=offer]")
    # Bob's lobby shows it without a reload.
    accept = bob.locator("[data-testid^=accept-]")
    accept.first.wait_for(timeout=10_000)
    accept.first.click()
    bob.wait_for_selector("#table[data-status=in_progress]")
    # Alice's lobby (its list refreshed itself) takes her to the match.
    alice.wait_for_selector("#table[data-status=in_progress]", timeout=10_000)
    pages = {seat_of(alice): alice, seat_of(bob): bob}
    assert sorted(pages) == [0, 1]
    first = Match.objects.get(seats__player__username="alice", round__isnull=True)
    play_to_the_end(pages, random.Random(8))

    # Both ask for a rematch: Alice first (she waits), then Bob (it starts).
    alice.click("[data-testid=rematch]")
    alice.wait_for_load_state()
    alice.wait_for_selector("[data-testid=rematch-waiting]")
    # Bob's table hears of it without a reload; when he accepts, Alice is taken along.
    bob.wait_for_selector("[data-testid=rematch]:has-text('alice asked')", timeout=10_000)
    bob.click("[data-testid=rematch]")
    bob.wait_for_selector("#table[data-status=in_progress]")
    first.refresh_from_db()
    assert first.rematch is not None
    rematch = first.rematch
    alice.wait_for_url(f"**/matches/{rematch.pk}/", timeout=10_000)
    seats = dict(rematch.seats.values_list("player__username", "number"))
    old = dict(first.seats.values_list("player__username", "number"))
    assert seats == {name: (number + 1) % 2 for name, number in old.items()}


def test_a_challenge_offered_while_the_lobby_connects_shows_at_once(
    asgi_server, live_match, browser
):
    # The lobby page is rendered, then Alice offers a challenge before Bob's socket has
    # joined the lobby's group: no "changed" reaches him. The page fetches the list once
    # its socket is open, so the challenge shows at once, not at the next ping (25 s).
    from django.contrib.auth import get_user_model

    alice = get_user_model().objects.get(username="alice")
    bob = log_in(browser.new_context(), asgi_server, "bob")

    def offer_then_connect(socket):
        # Playwright calls this on its own event loop: the offer (and its broadcast) is
        # made on a thread of its own, as a request of Alice's would be.
        offer = threading.Thread(
            target=lambda: lobby.challenge_create(creator=alice, game="briscola")
        )
        offer.start()
        offer.join()
        socket.connect_to_server()

    bob.route_web_socket("**/ws/lobby/", offer_then_connect)
    bob.goto(f"{asgi_server}/matches/lobby/")
    bob.wait_for_selector("#lobby[data-live=connected]")
    bob.locator("[data-testid^=accept-]").first.wait_for(timeout=5_000)


def test_the_offer_form_shows_the_chosen_games_table_and_follows_a_variant(
    asgi_server, live_match, browser
):
    alice = log_in(browser.new_context(), asgi_server, "alice")
    alice.goto(f"{asgi_server}/matches/lobby/")
    alice.select_option("select[name=game]", "tressette")
    visible = alice.locator("fieldset[data-game-fields]:visible")
    assert visible.count() == 1 and visible.get_attribute("data-game-fields") == "tressette"
    alice.select_option("select[name=game]", "bazzica")
    assert alice.locator("fieldset[data-game-fields]:visible").count() == 1
    assert alice.input_value("select[name=seats-bazzica]") == "2"
    alice.select_option("select[name=option-bazzica-variant]", "tre")
    assert alice.input_value("select[name=seats-bazzica]") == "3"
    alice.click("[data-testid=offer]")
    alice.wait_for_selector("[data-testid^=seated-]")
    challenge = lobby.Challenge.objects.get()
    assert (challenge.seats, challenge.options["variant"]) == (3, "tre")
