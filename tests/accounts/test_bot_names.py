"""Computer opponents go by names a person would give them, marked as computer players,
on the leaderboard, the lobby's level choice, the table and their profile; their
usernames stay ``bot-...`` (accounts/bot_names.py)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts.bot_names import bot_name, display_name
from accounts.usernames import check_username
from games import services, state
from tournaments.models import Rating


def test_each_level_and_seat_has_a_name_and_other_players_keep_theirs():
    assert bot_name("bot-heuristic") == "Nonna Pina"
    assert bot_name("bot-ismcts-2") == "Contessa Vittoria"
    assert bot_name("bot-random") == "Nonno Gino"
    assert bot_name("alice") is None
    assert display_name("bot-heuristic") == "Nonna Pina (computer)"
    assert display_name("alice") == "alice"
    with pytest.raises(ValidationError):
        check_username("bot-nonna-pina")


@pytest.mark.django_db
def test_the_leaderboard_shows_the_bots_name_with_the_computer_mark(client, alice):
    bot = services.bot_player("heuristic")
    Rating.objects.create(player=bot, game="scopa", rating=1600, rated_matches=3)
    html = client.get(reverse("leaderboards:game", args=["scopa"])).content.decode()
    row = html.split('data-bot="bot-heuristic">', 1)[1].split("</tr>", 1)[0]
    assert "Nonna Pina (computer)" in row
    assert ">bot-heuristic<" not in html


@pytest.mark.django_db
def test_a_bots_profile_is_headed_with_its_name(client, db):
    services.bot_player("ismcts", 2)
    html = client.get(reverse("accounts:profile", args=["bot-ismcts-2"])).content.decode()
    assert "<h1>Contessa Vittoria (computer)</h1>" in html


@pytest.mark.django_db
def test_the_table_state_names_the_bot_and_marks_it_as_a_computer(alice):
    match = services.match_against_computer(player=alice, game="briscola", level="heuristic")
    players = state.match_summary(match, state.match_seats(match), None)["players"]
    by_user = {p["username"]: p for p in players}
    assert (by_user["bot-heuristic"]["name"], by_user["bot-heuristic"]["computer"]) == (
        "Nonna Pina",
        True,
    )
    assert (by_user["alice"]["name"], by_user["alice"]["computer"]) == ("alice", False)


@pytest.mark.django_db
def test_the_computer_levels_offered_name_the_bot(client, alice):
    client.force_login(alice)
    page = client.get("/rules/briscola/").content.decode()
    assert "Nonna Pina: rules of thumb" in page
    assert "Professor Bruno: search (strongest)" in page
    client.cookies["django_language"] = "it"
    page = client.get("/rules/briscola/").content.decode()
    assert "Nonna Pina: regole pratiche" in page
