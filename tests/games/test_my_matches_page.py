"""My matches and the tournament page as a player reads them: matches in progress first and
rounds in order, the tournaments the player has entered even before any match, and the
event's options in words rather than the engine's names."""

from __future__ import annotations

import pytest

from games.options_text import describe
from tests.conftest import PASSWORD, make_player, make_tournament
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_my_matches_lists_live_matches_first_and_rounds_in_order(client):
    players = [make_player(name) for name in ("ann", "ben", "cid", "dan")]
    tournament = make_tournament(players, slug="spring", game="briscola")
    services.tournament_start_next_round(tournament=tournament)
    client.login(username="ann", password=PASSWORD)
    page = client.get("/matches/").content.decode()
    rounds = [int(cell) for cell in _cells(page, 'class="num"')]
    # Round 1 live first, then rounds 2 and 3 scheduled, in order.
    assert rounds == [1, 2, 3]
    assert page.index("Play") < page.index("Open")
    # The running tournament says which round is played (its status badge says running).
    events = page.split('data-testid="my-events"', 1)[1].split("</section>", 1)[0]
    assert "Round 1 of 3." in events and "Under way" not in events


def _cells(page: str, marker: str) -> list[str]:
    body = page.split('data-testid="schedule"', 1)[1]
    return [
        part.split("<", 1)[0].split(">", 1)[1].strip() for part in body.split(f"<td {marker}")[1:]
    ]


def test_a_tournament_just_joined_shows_on_my_matches(client):
    player = make_player("eve")
    tournament = Tournament.objects.create(name="Winter Cup", slug="winter", game="scopa")
    services.tournament_open_registration(tournament=tournament)
    client.login(username="eve", password=PASSWORD)
    assert "Winter Cup" not in client.get("/matches/").content.decode()
    services.entry_register(tournament=tournament, player=player)
    page = client.get("/matches/").content.decode()
    assert 'data-testid="my-events"' in page and "Winter Cup" in page
    assert "the schedule is made when registration closes" in page


def test_options_are_shown_in_words(client):
    assert describe({"match": "two_hands", "show_points": False}) == [
        "Match: two hands",
        "Card points shown: no",
    ]
    assert describe({"some_new_option": "a_value"}) == ["Some new option: a value"]
    tournament = Tournament.objects.create(
        name="Briscola Open", slug="open", game="briscola",
        options={"match": "two_hands", "show_points": False},
    )  # fmt: skip
    services.tournament_open_registration(tournament=tournament)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Match: two hands" in page and "two_hands" not in page and "False" not in page


def test_a_match_won_by_resignation_says_so_rather_than_a_score(client):
    from games import services as game_services

    ann, ben = make_player("ann"), make_player("ben")
    match = game_services.match_create_casual(game="briscola", players=[ann, ben])
    game_services.match_resign(match_id=match.pk, player_id=ben.pk)
    client.login(username="ann", password=PASSWORD)
    outcome = client.get("/matches/").content.decode().split('data-testid="outcome">', 1)[1]
    outcome = outcome.split("</td>", 1)[0]
    assert "won by resignation" in outcome and "0–0" not in outcome
