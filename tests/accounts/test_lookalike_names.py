"""Names checked against their Unicode confusable skeleton (UTS #39) and the computer
opponents' names (issue 29, item 6; docs/security.md, "Names and their confusable
skeleton"): in sign-up and when staff add or rename a player in admin."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from accounts.models import Player
from accounts.usernames import check_username, lookalike_keys, skeleton
from tests.conftest import make_player

PASS_PHRASE = "a-long-pass-phrase-9"


def _sign_up(name: str):
    return Client().post(
        "/accounts/signup/",
        {"username": name, "password1": PASS_PHRASE, "password2": PASS_PHRASE},
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name",
    [
        "al\u0131ce",  # dotless ı
        "ALICE",
        "a1ice",
        "aIice",  # capital I
        "\u0430l\u0456c\u0435",  # Cyrillic а, і, с, е
        "\u0430\u04cf\u0456\u0441\u0435",  # all Cyrillic, palochka for l
    ],
)
def test_a_name_that_passes_for_an_existing_one_is_refused_at_sign_up(name):
    make_player("alice")
    response = _sign_up(name)
    assert response.status_code == 200  # the form again, with its error
    assert response.context["form"].errors["username"]
    assert not Player.objects.filter(username=name).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["b0t-random", "BOT-random", "bot-anything", "B0T-ismcts", "b\u03bft-x"]
)
def test_a_name_that_passes_for_a_computer_opponent_is_refused_at_sign_up(name):
    response = _sign_up(name)
    assert response.status_code == 200
    assert "computer opponents" in str(response.context["form"].errors["username"])
    assert not Player.objects.filter(username=name).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Niccolò", "Lucía", "Zoë", "botanist", "robot-x", "martha"])
def test_ordinary_names_with_accents_are_still_accepted(name):
    make_player("alice")
    make_player("marta")
    response = _sign_up(name)
    assert response.status_code == 302, response.context and response.context["form"].errors
    assert Player.objects.filter(username=name).exists()


@pytest.mark.django_db
def test_staff_cannot_rename_or_add_a_player_with_a_look_alike_name(staff):
    make_player("alice")
    bob = make_player("bob")
    client = Client()
    client.force_login(staff)
    page = client.get(f"/admin/accounts/player/{bob.pk}/change/")
    form = page.context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "password"}
    data.update(
        username="al\u0131ce",
        date_joined_0=bob.date_joined.strftime("%Y-%m-%d"),
        date_joined_1=bob.date_joined.strftime("%H:%M:%S"),
        is_active="on",
    )
    data.pop("date_joined", None)
    data.pop("last_login", None)
    data.pop("groups", None)
    data.pop("user_permissions", None)
    response = client.post(f"/admin/accounts/player/{bob.pk}/change/", data)
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["username"]
    bob.refresh_from_db()
    assert bob.username == "bob"
    # A change that keeps the name is not refused, though "bob" is checked against no one.
    data["username"] = "bob"
    data["first_name"] = "Roberto"
    assert client.post(f"/admin/accounts/player/{bob.pk}/change/", data).status_code == 302
    added = client.post(
        "/admin/accounts/player/add/",
        {"username": "b0t-random", "password1": PASS_PHRASE, "password2": PASS_PHRASE,
         "usable_password": "true"},
    )  # fmt: skip
    assert added.status_code == 200
    assert not Player.objects.filter(username="b0t-random").exists()


def test_the_skeleton_is_unicodes_for_the_reported_names():
    # UTS #39 confusables.txt: ı → i, 0 → O, 1 → l, I → l, m → rn.
    assert skeleton("al\u0131ce") == skeleton("alice")
    assert skeleton("b0t") == skeleton("bOt")
    assert skeleton("1") == skeleton("l") == skeleton("I")
    assert skeleton("m") == "rn"
    assert skeleton("Niccolò") != skeleton("Niccolo")  # an accent is not a look-alike
    assert lookalike_keys("BOT-random") & lookalike_keys("bot-random")


@pytest.mark.parametrize(
    "name", ["al\u0131ce", "ALICE", "a1ice", "aIice", "\u0430\u04cf\u0456\u0441\u0435"]
)
def test_the_check_itself_refuses_the_look_alikes_whatever_the_database_compares(name):
    # PostgreSQL's case-insensitive match happens to catch "alıce" (upper() gives ALICE);
    # SQLite's, on the embedded default, does not: the check must not rely on either.
    with pytest.raises(ValidationError, match="looks too much like"):
        check_username(name, ["bob", "alice"])
    check_username("martina", ["bob", "alice"])
