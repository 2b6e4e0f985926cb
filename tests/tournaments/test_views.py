"""Tournament pages, standings, leaderboards and profiles: the right data, a fixed number
of queries whatever the number of players, and refusals shown as messages.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services as game_services
from games.models import Match
from games.rules import all_games
from tests.conftest import make_player, make_tournament, seated, start_match
from tournaments import services
from tournaments.models import Entry, Rating, Tournament


def _open(slug="spring-cup", **fields) -> Tournament:
    tournament = Tournament.objects.create(
        name=slug.replace("-", " ").title(),
        slug=slug,
        game="spizzichino",
        options={"target": 21},
        **fields,
    )
    return services.tournament_open_registration(tournament=tournament)


def _under_way(size: int, slug: str) -> Tournament:
    """A tournament of ``size`` players with round 1 started and its first match resigned,
    and every player rated: something in every table of every page.
    """
    players = [make_player(f"{slug}-{number}") for number in range(size)]
    tournament = make_tournament(players, slug=slug)
    round_ = services.tournament_start_next_round(tournament=tournament)
    match = round_.matches.order_by("board").first()
    game_services.match_resign(match_id=match.pk, player_id=seated(match)[1].pk)
    services.match_result_record(match_id=match.pk)
    for number, player in enumerate(players):
        Rating.objects.update_or_create(
            player=player, game="spizzichino", defaults={"rating": 1400 + number}
        )
    return tournament


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def _rows(html: str, table: str) -> list[str]:
    """The ``data-player`` of each row of the table marked ``data-testid=table``."""
    body = html.split(f'data-testid="{table}"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'data-player="([^"]+)"', body)


def _messages(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


# Pages ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_list_shows_public_tournaments_with_their_entries_and_hides_drafts(client, alice, bob):
    make_tournament([alice, bob], slug="autumn-cup")
    Tournament.objects.create(name="Secret Draft", slug="secret-draft", game="spizzichino")

    response = client.get(reverse("tournaments:list"))

    content = response.content.decode()
    assert response.status_code == 200
    assert "Autumn Cup" in content
    assert "2/16" in content
    assert "Secret Draft" not in content


@pytest.mark.django_db
def test_a_draft_tournament_has_no_public_page(client):
    Tournament.objects.create(name="Secret Draft", slug="secret-draft", game="spizzichino")

    response = client.get(reverse("tournaments:detail", args=["secret-draft"]))

    assert response.status_code == 404


@pytest.mark.django_db
def test_the_detail_page_shows_entries_pairings_and_results(client, alice, bob):
    match = start_match(alice, bob)
    game_services.match_resign(match_id=match.pk, player_id=bob.pk)
    services.match_result_record(match_id=match.pk)
    first, second = (seated(match)[n].username for n in (0, 1))

    response = client.get(reverse("tournaments:detail", args=["autumn-cup"]))

    content = response.content.decode()
    assert response.status_code == 200
    assert "Round 1" in content
    assert re.search(rf"<td>{first}</td>\s*<td[^>]*>0–0</td>\s*<td>{second}</td>", content)
    assert "alice won (resignation)" in content
    assert _rows(content, "standings") == ["alice", "bob"]


@pytest.mark.django_db
def test_the_detail_page_offers_registration_to_a_player_not_yet_registered(client, alice):
    _open()
    client.force_login(alice)

    content = client.get(reverse("tournaments:detail", args=["spring-cup"])).content.decode()

    assert reverse("tournaments:register", args=["spring-cup"]) in content
    assert reverse("tournaments:withdraw", args=["spring-cup"]) not in content
    assert "0 of 16 places taken" in content


@pytest.mark.django_db
def test_the_detail_page_offers_withdrawal_to_a_registered_player(client, alice):
    tournament = _open()
    services.entry_register(tournament=tournament, player=alice)
    client.force_login(alice)

    content = client.get(reverse("tournaments:detail", args=["spring-cup"])).content.decode()

    assert reverse("tournaments:withdraw", args=["spring-cup"]) in content
    assert reverse("tournaments:register", args=["spring-cup"]) not in content
    assert "1 of 16 places taken" in content


@pytest.mark.django_db
def test_the_detail_page_asks_an_anonymous_visitor_to_log_in(client):
    _open()

    content = client.get(reverse("tournaments:detail", args=["spring-cup"])).content.decode()

    assert "to register." in content
    assert reverse("tournaments:register", args=["spring-cup"]) not in content


@pytest.mark.django_db
def test_the_standings_partial_lists_players_by_rank(client, alice, bob):
    match = start_match(alice, bob)
    game_services.match_resign(match_id=match.pk, player_id=alice.pk)
    services.match_result_record(match_id=match.pk)

    response = client.get(reverse("tournaments:standings", args=["autumn-cup"]))

    content = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in content
    assert _rows(content, "standings") == ["bob", "alice"]
    assert re.findall(r'data-testid="match-points">([^<]*)<', content) == ["1", "0"]


@pytest.mark.django_db
def test_the_leaderboard_ranks_players_by_rating(client, alice, bob, charlie):
    Rating.objects.create(player=alice, game="spizzichino", rating=1480, rated_matches=1)
    Rating.objects.create(player=bob, game="spizzichino", rating=1540, rated_matches=2)
    Rating.objects.create(player=charlie, game="spizzichino", rating=1500, rated_matches=0)

    response = client.get(reverse("leaderboards:game", args=["spizzichino"]))

    content = response.content.decode()
    assert response.status_code == 200
    assert "<html" in content
    assert _rows(content, "leaderboard") == ["bob", "charlie", "alice"]
    assert re.findall(r'data-testid="rating">(\d+)<', content) == ["1540", "1500", "1480"]


@pytest.mark.django_db
def test_the_leaderboard_partial_is_the_table_alone(client, alice):
    Rating.objects.create(player=alice, game="spizzichino", rating=1520, rated_matches=1)

    response = client.get(reverse("leaderboards:game", args=["spizzichino"]), {"partial": 1})

    content = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in content
    assert _rows(content, "leaderboard") == ["alice"]


@pytest.mark.django_db
def test_the_leaderboard_index_links_every_game_with_its_leader(client, alice, bob):
    from games.services import bot_player

    Rating.objects.create(player=alice, game="scopa", rating=1540, rated_matches=3)
    Rating.objects.create(player=bob, game="scopa", rating=1460, rated_matches=3)
    Rating.objects.create(player=bot_player("ismcts"), game="scopa", rating=1900, rated_matches=9)
    response = client.get(reverse("leaderboards:index"))
    content = response.content.decode()

    assert all(reverse("leaderboards:game", args=[g.slug]) in content for g in all_games())
    scopa = content.split(reverse("leaderboards:game", args=["scopa"]))[1].split("</tr>")[0]
    assert ">2</td>" in scopa and ">alice</a>" in scopa and "1540" in scopa
    assert "bot-ismcts" not in content


@pytest.mark.django_db
def test_the_home_page_lists_the_players_live_match(client, alice, bob, charlie):
    match = start_match(alice, bob)
    client.force_login(alice)

    content = client.get(reverse("home")).content.decode()

    assert match.get_absolute_url() in content
    client.force_login(charlie)
    page = client.get(reverse("home")).content.decode()
    # Not among charlie's own matches (though listed under "Live now" for everyone).
    mine = page.split("<h2>Your matches</h2>")[1].split("</section>")[0]
    assert match.get_absolute_url() not in mine
    assert match.get_absolute_url() in page.split('data-testid="live-now"')[1]


@pytest.mark.django_db
def test_the_profile_page_shows_the_player(client, alice):
    response = client.get(reverse("accounts:profile", args=["alice"]))

    assert response.status_code == 200
    assert "<h1>alice</h1>" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/tournaments/no-such-cup/",
        "/tournaments/no-such-cup/standings/",
        "/leaderboards/no-such-game/",
        "/players/nobody/",
    ],
)
def test_an_unknown_tournament_game_or_player_is_not_found(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_an_inactive_players_profile_is_not_found(client, alice):
    alice.is_active = False
    alice.save()

    assert client.get(reverse("accounts:profile", args=["alice"])).status_code == 404


# Registering and withdrawing ----------------------------------------------------------


@pytest.mark.django_db
def test_a_logged_in_player_registers_from_the_tournament_page(client, alice):
    tournament = _open()
    client.force_login(alice)

    response = client.post(reverse("tournaments:register", args=[tournament.slug]))

    assert response.status_code == 302
    assert response.url == tournament.get_absolute_url()
    assert Entry.objects.filter(tournament=tournament, player=alice).exists()
    assert _messages(response) == ["You are registered for Spring Cup."]


@pytest.mark.django_db
def test_a_registered_player_withdraws_from_the_tournament_page(client, alice):
    tournament = _open()
    services.entry_register(tournament=tournament, player=alice)
    client.force_login(alice)

    response = client.post(reverse("tournaments:withdraw", args=[tournament.slug]))

    assert response.url == tournament.get_absolute_url()
    assert not Entry.objects.filter(tournament=tournament).exists()
    assert _messages(response) == ["You have withdrawn from Spring Cup."]


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["register", "withdraw"])
def test_an_anonymous_visitor_is_sent_to_log_in(client, alice, action):
    tournament = _open()
    services.entry_register(tournament=tournament, player=alice)
    url = reverse(f"tournaments:{action}", args=[tournament.slug])

    response = client.post(url)

    assert response.status_code == 302
    assert response.url == f"{reverse('account_login')}?next={url}"
    assert list(tournament.entries.values_list("player__username", flat=True)) == ["alice"]


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["register", "withdraw"])
def test_registering_or_withdrawing_refuses_a_get(client, alice, bob, action):
    tournament = _open()
    services.entry_register(tournament=tournament, player=bob)
    client.force_login(alice if action == "register" else bob)

    response = client.get(reverse(f"tournaments:{action}", args=[tournament.slug]))

    assert response.status_code == 405
    assert list(tournament.entries.values_list("player__username", flat=True)) == ["bob"]


@pytest.mark.django_db
def test_a_refused_registration_is_shown_as_a_message(client, alice, bob):
    tournament = _open(capacity=1)
    services.entry_register(tournament=tournament, player=bob)
    client.force_login(alice)

    response = client.post(reverse("tournaments:register", args=[tournament.slug]), follow=True)

    assert response.status_code == 200
    assert response.redirect_chain == [(tournament.get_absolute_url(), 302)]
    assert "This tournament is full." in response.content.decode()
    assert list(tournament.entries.values_list("player__username", flat=True)) == ["bob"]


@pytest.mark.django_db
def test_a_refused_withdrawal_is_shown_as_a_message(client, alice):
    tournament = _open()
    client.force_login(alice)

    response = client.post(reverse("tournaments:withdraw", args=[tournament.slug]), follow=True)

    assert response.status_code == 200
    assert "You are not registered." in response.content.decode()


@pytest.mark.django_db
def test_registering_for_an_unknown_tournament_is_not_found(client, alice):
    client.force_login(alice)

    assert client.post(reverse("tournaments:register", args=["no-such-cup"])).status_code == 404


# Query counts -----------------------------------------------------------------------------

# Bounds that hold for any number of players; the logged-in pages spend two of them
# on the session and the user.
PAGES = [
    ("tournaments:detail", 9),
    ("tournaments:standings", 2),
]
LEADERBOARDS = [({}, 4), ({"partial": 1}, 2)]  # the players, then the bots


@pytest.mark.django_db
@pytest.mark.parametrize("size", [4, 8])
@pytest.mark.parametrize(("page", "bound"), PAGES)
def test_tournament_pages_take_a_fixed_number_of_queries(
    client, alice, django_assert_max_num_queries, size, page, bound
):
    tournament = _under_way(size, "cup")
    client.force_login(alice)

    with django_assert_max_num_queries(bound):
        response = client.get(reverse(page, args=[tournament.slug]))

    assert len(_rows(response.content.decode(), "standings")) == size


@pytest.mark.django_db
@pytest.mark.parametrize("size", [4, 8])
@pytest.mark.parametrize(("params", "bound"), LEADERBOARDS)
def test_the_leaderboard_takes_a_fixed_number_of_queries(
    client, alice, django_assert_max_num_queries, size, params, bound
):
    _under_way(size, "cup")
    client.force_login(alice)

    with django_assert_max_num_queries(bound):
        response = client.get(reverse("leaderboards:game", args=["spizzichino"]), params)

    assert len(_rows(response.content.decode(), "leaderboard")) == size


@pytest.mark.django_db
def test_eight_players_cost_no_more_queries_than_four(client, alice):
    small, large = _under_way(4, "small"), _under_way(8, "large")
    client.force_login(alice)

    for page, _ in PAGES:
        assert _queries(client, reverse(page, args=[large.slug])) == _queries(
            client, reverse(page, args=[small.slug])
        ), page


@pytest.mark.django_db
def test_the_home_page_and_schedule_name_a_casual_match_as_such(client, alice):
    game_services.match_against_computer(player=alice, game="scopa", level="random")
    client.force_login(alice)

    home = client.get(reverse("home")).content.decode()
    schedule = client.get(reverse("games:my_matches")).content.decode()

    assert "Scopa · casual match" in home and ", round" not in home
    assert "casual match" in schedule


@pytest.mark.django_db
def test_the_home_page_starts_a_match_against_the_computer(client, alice):
    assert 'data-testid="play-now"' not in client.get(reverse("home")).content.decode()
    client.force_login(alice)
    assert 'data-testid="play-now"' in client.get(reverse("home")).content.decode()

    response = client.post(
        reverse("games:play_the_computer"), {"game": "briscola", "level": "heuristic", "next": "/"}
    )

    match = Match.objects.get(round__isnull=True)
    assert response["Location"] == match.get_absolute_url()
    assert (match.game, match.seat_count) == ("briscola", 2)
