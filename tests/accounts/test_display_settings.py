"""A player's display settings (docs/accessibility.md): high-contrast and larger cards,
saved from their own page and put as classes on <body> of every page they open."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Player

pytestmark = pytest.mark.django_db

URL = "/players/me/display/"


def test_the_display_page_is_only_for_a_logged_in_player(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


def test_a_player_turns_on_larger_high_contrast_cards_and_every_page_says_so(client, alice):
    client.force_login(alice)
    assert 'class="cards-' not in client.get("/").content.decode()
    response = client.post(URL, {"high_contrast_cards": "on", "large_cards": "on"})
    assert response.status_code == 302 and response["Location"] == URL
    alice.refresh_from_db()
    assert (alice.high_contrast_cards, alice.large_cards) == (True, True)
    page = client.get("/").content.decode()
    assert '<body class="cards-high-contrast cards-large">' in page


def test_unticking_turns_a_setting_off(client, alice):
    Player.objects.filter(pk=alice.pk).update(high_contrast_cards=True, large_cards=True)
    client.force_login(alice)
    client.post(URL, {"large_cards": "on"})
    alice.refresh_from_db()
    assert (alice.high_contrast_cards, alice.large_cards) == (False, True)
    assert '<body class="cards-large">' in client.get(URL).content.decode()


def test_the_settings_of_one_player_are_not_anothers(client, alice, bob):
    Player.objects.filter(pk=alice.pk).update(large_cards=True)
    client.force_login(bob)
    assert "cards-large" not in client.get("/").content.decode()


def test_the_form_and_its_labels_are_in_italian_for_an_italian_player(client, alice):
    client.force_login(alice)
    page = client.get(URL, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Impostazioni di visualizzazione" in page
    assert "Carte ad alto contrasto" in page and "Carte più grandi" in page


def test_the_own_profile_links_to_the_display_settings(client, alice, bob):
    client.force_login(alice)
    assert URL in client.get("/players/alice/").content.decode()
    assert URL not in client.get("/players/bob/").content.decode()
