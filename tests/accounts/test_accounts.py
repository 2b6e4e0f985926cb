"""Accounts: sign-up, log-in and log-out, passwords (django-allauth), public profiles."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.urls import reverse

from accounts.models import Player
from games import services as game_services
from tests.conftest import PASSWORD, start_match
from tournaments import services

NEW_PASSWORD = "purple staple orbit"


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """allauth counts attempts in the cache; one test's attempts must not limit another's."""
    cache.clear()
    yield
    cache.clear()


def _logged_in_as(client) -> int | None:
    value = client.session.get(SESSION_KEY)
    return None if value is None else int(value)


# Sign-up, log-in, log-out ------------------------------------------------------------------


@pytest.mark.django_db
def test_signing_up_creates_a_player_and_logs_them_in(client):
    response = client.post(
        reverse("account_signup"),
        {
            "username": "erin",
            "email": "erin@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert response.status_code == 302
    assert response.url == reverse("home")
    erin = Player.objects.get(username="erin")
    assert erin.email == "erin@example.com"
    assert erin.check_password(PASSWORD)
    assert _logged_in_as(client) == erin.pk
    assert (
        reverse("accounts:profile", args=["erin"]) in client.get(reverse("home")).content.decode()
    )


@pytest.mark.django_db
def test_signing_up_with_mismatched_passwords_creates_no_one(client):
    response = client.post(
        reverse("account_signup"),
        {"username": "erin", "password1": PASSWORD, "password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Player.objects.filter(username="erin").exists()
    assert _logged_in_as(client) is None


@pytest.mark.django_db
def test_signing_up_with_a_taken_username_is_refused(client, alice):
    response = client.post(
        reverse("account_signup"),
        {"username": "alice", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert "username" in response.context["form"].errors
    assert Player.objects.filter(username="alice").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("login", ["alice", "alice@example.com"])
def test_a_player_logs_in_with_username_or_email(client, alice, login):
    response = client.post(reverse("account_login"), {"login": login, "password": PASSWORD})

    assert response.status_code == 302
    assert _logged_in_as(client) == alice.pk


@pytest.mark.django_db
def test_a_wrong_password_does_not_log_in(client, alice):
    response = client.post(reverse("account_login"), {"login": "alice", "password": "wrong"})

    assert response.status_code == 200
    assert response.context["form"].errors
    assert _logged_in_as(client) is None


@pytest.mark.django_db
def test_logging_out_ends_the_session(client, alice):
    client.force_login(alice)

    response = client.post(reverse("account_logout"))

    assert response.status_code == 302
    assert _logged_in_as(client) is None


# Passwords ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_player_changes_their_password_and_stays_logged_in(client, alice):
    client.force_login(alice)

    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)
    assert _logged_in_as(client) == alice.pk


@pytest.mark.django_db
def test_a_wrong_current_password_changes_nothing(client, alice):
    client.force_login(alice)

    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": "wrong", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    assert "oldpassword" in response.context["form"].errors
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


@pytest.mark.django_db
def test_a_password_reset_mails_a_link_that_sets_a_new_password(client, alice, mailoutbox):
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.com"})

    assert response.status_code == 302
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["alice@example.com"]
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", mail.body)
    assert link, mail.body

    # The link puts its key in the session and leads to a form that no longer shows it.
    form_page = client.get(link[1], follow=True)
    set_password_url, _ = form_page.redirect_chain[-1]
    assert set_password_url.endswith("-set-password/")
    assert "password1" in form_page.context["form"].fields
    response = client.post(set_password_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)


@pytest.mark.django_db
def test_a_reset_link_with_a_bad_key_sets_nothing(client, alice):
    response = client.post(
        "/accounts/password/reset/key/1-bad-key/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


# Profiles -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_new_players_profile_says_they_are_not_rated_yet(client, alice):
    content = client.get(reverse("accounts:profile", args=["alice"])).content.decode()

    assert "Not rated yet" in content
    assert "No rated matches yet." in content


@pytest.mark.django_db
def test_the_profile_shows_the_rating_per_game_and_the_history(client, alice, bob):
    match = start_match(alice, bob)
    game_services.match_resign(match_id=match.pk, player_id=bob.pk)
    services.match_result_record(match_id=match.pk)

    content = client.get(reverse("accounts:profile", args=["alice"])).content.decode()

    ratings = content.split('data-testid="ratings"', 1)[1].split("</table>", 1)[0]
    assert 'data-game="spizzichino"' in ratings
    assert re.search(r'data-testid="rating">1520<', ratings)
    assert re.search(r'data-testid="last-change">20\.0<', ratings)
    history = content.split('data-testid="rating-history"', 1)[1].split("</table>", 1)[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", history, flags=re.S)
    assert cells[1:] == [
        "Spizzichino",
        f'<a href="{reverse("accounts:profile", args=["bob"])}">bob</a>',
        "won",
        "1500.0",
        "1520.0",
        "20.0",
    ]


@pytest.mark.django_db
def test_the_losers_profile_shows_the_loss(client, alice, bob):
    match = start_match(alice, bob)
    game_services.match_resign(match_id=match.pk, player_id=bob.pk)
    services.match_result_record(match_id=match.pk)

    content = client.get(reverse("accounts:profile", args=["bob"])).content.decode()

    history = content.split('data-testid="rating-history"', 1)[1].split("</table>", 1)[0]
    assert re.findall(r"<td[^>]*>(.*?)</td>", history, flags=re.S)[3:] == [
        "lost",
        "1500.0",
        "1480.0",
        "-20.0",
    ]


def test_a_profile_charts_each_games_rating_and_lists_recent_matches(client, alice, bob):
    import random

    from accounts.charts import rating_chart
    from tests.conftest import play_random, start_match
    from tournaments import services

    assert rating_chart([1500], "Scopa") == ""
    match = start_match(alice, bob, game="briscola", options={"match": "one_hand"})
    play_random(match, rng=random.Random(1))
    services.match_result_record(match_id=match.pk)
    page = client.get(f"/players/{alice.username}/").content.decode()
    assert 'data-testid="rating-chart" data-points="2"' in page
    recent = page.split('data-testid="recent-matches"')[1]
    assert match.get_absolute_url() in recent and "bob" in recent


def test_the_bot_prefix_is_kept_for_the_computer_opponents():
    from django.core.exceptions import ValidationError

    from accounts.usernames import check_username

    with pytest.raises(ValidationError, match="computer"):
        check_username("Bot-Rex")
    check_username("botanist")  # only the prefix with its dash
