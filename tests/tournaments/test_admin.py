"""Staff run tournaments from admin: actions call the services, refusals show as errors and
change nothing, the form checks the game options, and no one sees a live deal's deck.
"""

from __future__ import annotations

import random

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from games.models import Deal
from tests.conftest import make_tournament, play_random, start_match
from tournaments import services
from tournaments.models import Round, Standing, Tournament

CHANGELIST = reverse("admin:tournaments_tournament_changelist")
ADD = reverse("admin:tournaments_tournament_add")


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def _registration(players, slug="spring-cup") -> Tournament:
    tournament = Tournament.objects.create(
        name=slug.replace("-", " ").title(), slug=slug, game="spizzichino", options={"target": 21}
    )
    services.tournament_open_registration(tournament=tournament)
    for player in players:
        services.entry_register(tournament=tournament, player=player)
    return tournament


def _act(client, action: str, *tournaments):
    return client.post(
        CHANGELIST,
        {"action": action, "_selected_action": [t.pk for t in tournaments]},
        follow=True,
    )


def _messages(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def _form(**changes) -> dict:
    data = {
        "name": "Summer Cup",
        "slug": "summer-cup",
        "game": "spizzichino",
        "options": '{"target": 31}',
        "format": Tournament.Format.ROUND_ROBIN,
        "description": "",
        "capacity": "16",
        "registration_opens_at_0": "",
        "registration_opens_at_1": "",
        "registration_closes_at_0": "",
        "registration_closes_at_1": "",
        "first_round_at_0": "",
        "first_round_at_1": "",
        "round_interval": "1 00:00:00",
    }
    for prefix in ("phases", "entries", "rounds"):
        data |= {
            f"{prefix}-TOTAL_FORMS": "0",
            f"{prefix}-INITIAL_FORMS": "0",
            f"{prefix}-MIN_NUM_FORMS": "0",
            f"{prefix}-MAX_NUM_FORMS": "1000",
        }
    return data | changes


# The changelist -------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_changelist_filters_by_status_and_game(staff_client, alice, bob):
    make_tournament([alice, bob], slug="autumn-cup")
    _registration([], slug="spring-cup")

    response = staff_client.get(
        CHANGELIST, {"status__exact": "registration", "game__exact": "spizzichino"}
    )

    assert response.status_code == 200
    assert [t.slug for t in response.context["cl"].result_list] == ["spring-cup"]


@pytest.mark.django_db
def test_the_changelist_searches_and_counts_entries(staff_client, alice, bob):
    make_tournament([alice, bob], slug="autumn-cup")
    _registration([], slug="spring-cup")

    response = staff_client.get(CHANGELIST, {"q": "autumn"})

    result = list(response.context["cl"].result_list)
    assert [t.slug for t in result] == ["autumn-cup"]
    assert result[0].entry_total == 2
    assert 'class="field-entry_count">2<' in response.content.decode()


@pytest.mark.django_db
def test_a_player_who_is_not_staff_cannot_see_the_changelist(client, alice):
    client.force_login(alice)

    response = client.get(CHANGELIST)

    assert response.status_code == 302
    assert response.url.startswith(reverse("admin:login"))


# Actions ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_open_registration_action_opens_a_draft(staff_client):
    tournament = Tournament.objects.create(name="Draft Cup", slug="draft-cup", game="spizzichino")

    response = _act(staff_client, "open_registration", tournament)

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION
    assert _messages(response) == [("success", "Draft Cup: registration open.")]


@pytest.mark.django_db
def test_the_close_registration_action_makes_the_schedule(
    staff_client, alice, bob, charlie, dave, django_capture_on_commit_callbacks
):
    tournament = _registration([alice, bob, charlie, dave])

    with django_capture_on_commit_callbacks(execute=True):
        response = _act(staff_client, "close_registration_and_make_schedule", tournament)

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SCHEDULED
    assert tournament.rounds.count() == 3
    assert _messages(response) == [
        ("success", "Spring Cup: registration closed; the schedule is being made.")
    ]


@pytest.mark.django_db
def test_the_start_next_round_action_starts_round_one(staff_client, alice, bob, charlie, dave):
    tournament = make_tournament([alice, bob, charlie, dave])

    response = _act(staff_client, "start_next_round", tournament)

    statuses = dict(tournament.rounds.values_list("number", "status"))
    assert statuses == {1: Round.Status.STARTED, 2: Round.Status.PENDING, 3: Round.Status.PENDING}
    assert Deal.objects.filter(match__round__tournament=tournament).count() == 2
    assert _messages(response) == [("success", "Autumn Cup: next round started.")]


@pytest.mark.django_db
def test_the_recompute_standings_action_rebuilds_the_standings(staff_client, alice, bob):
    tournament = make_tournament([alice, bob])
    Standing.objects.filter(tournament=tournament).update(match_points=5, rank=9)

    response = _act(staff_client, "recompute_standings", tournament)

    assert sorted(tournament.standings.values_list("rank", "match_points")) == [(1, 0), (1, 0)]
    assert _messages(response) == [("success", "Autumn Cup: standings updated.")]


@pytest.mark.django_db
def test_a_refused_action_shows_an_error_and_changes_nothing(
    staff_client, alice, django_capture_on_commit_callbacks
):
    tournament = _registration([alice])

    with django_capture_on_commit_callbacks(execute=True):
        response = _act(staff_client, "close_registration_and_make_schedule", tournament)

    assert response.status_code == 200
    assert _messages(response) == [("error", "Spring Cup: at least two players must enter.")]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION
    assert not tournament.rounds.exists()


@pytest.mark.django_db
def test_an_action_on_several_tournaments_reports_each(staff_client, alice, bob):
    ready = make_tournament([alice, bob], slug="autumn-cup")
    draft = Tournament.objects.create(name="Draft Cup", slug="draft-cup", game="spizzichino")

    response = _act(staff_client, "start_next_round", ready, draft)

    assert sorted(_messages(response)) == [
        ("error", "Draft Cup: make the schedule first."),
        ("success", "Autumn Cup: next round started."),
    ]
    assert ready.rounds.get().status == Round.Status.STARTED
    draft.refresh_from_db()
    assert draft.status == Tournament.Status.DRAFT


# The tournament form --------------------------------------------------------------------


@pytest.mark.django_db
def test_the_form_saves_valid_options_with_the_defaults_filled_in(staff_client):
    response = staff_client.post(ADD, _form())

    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="summer-cup")
    assert tournament.options == {"target": 31, "buongiochi": "all", "peek_bottom": False}
    assert tournament.status == Tournament.Status.DRAFT


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("options", "error"),
    [
        ('{"target": 99}', "target"),
        ('{"nope": 1}', "unknown option"),
        ("[1, 2]", "Options must be a JSON object."),
        ("{not json", "Enter a valid JSON."),
    ],
)
def test_the_form_rejects_bad_options(staff_client, options, error):
    response = staff_client.post(ADD, _form(options=options))

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["options"]
    assert error in errors["options"][0]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_the_form_rejects_registration_closing_before_it_opens(staff_client):
    response = staff_client.post(
        ADD,
        _form(
            registration_opens_at_0="2030-05-02",
            registration_opens_at_1="10:00:00",
            registration_closes_at_0="2030-05-01",
            registration_closes_at_1="10:00:00",
        ),
    )

    assert response.status_code == 200
    assert list(response.context["adminform"].form.errors) == ["registration_closes_at"]
    assert not Tournament.objects.exists()


# Deals ------------------------------------------------------------------------------------


def _deal_page(client, deal) -> str:
    response = client.get(reverse("admin:games_deal_change", args=[deal.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_the_deal_page_hides_the_deck_while_the_deal_is_played(staff_client, alice, bob):
    match = start_match(alice, bob)
    deal = match.deals.get()

    content = _deal_page(staff_client, deal)

    assert "hidden until the deal is over" in content
    assert " ".join(deal.deck) not in content
    assert " ".join(deal.deck[:4]) not in content


@pytest.mark.django_db
def test_the_deal_page_shows_the_deck_once_the_deal_is_over(staff_client, alice, bob):
    match = start_match(alice, bob)
    play_random(match, rng=random.Random(2), until=lambda m: m.deals.count() > 1)
    deal = match.deals.get(number=1)
    assert deal.is_over

    content = _deal_page(staff_client, deal)

    assert " ".join(deal.deck) in content
    assert "hidden until the deal is over" not in content


def test_a_started_matchs_seats_cannot_be_changed_in_admin(staff_client, alice, bob, charlie):
    match = start_match(alice, bob)
    url = reverse("admin:games_match_change", args=[match.pk])
    page = staff_client.get(url)
    assert page.status_code == 200
    assert b'name="seats-0-player"' not in page.content  # shown, not editable

    form = {
        key: value
        for key, value in page.context["adminform"].form.initial.items()
        if value is not None
    }
    seat = match.seats.get(number=0)
    staff_client.post(
        url,
        {
            **form,
            "seats-TOTAL_FORMS": "2",
            "seats-INITIAL_FORMS": "2",
            "seats-0-id": seat.pk,
            "seats-0-match": match.pk,
            "seats-0-player": charlie.pk,
            "deals-TOTAL_FORMS": "0",
            "deals-INITIAL_FORMS": "0",
        },
    )
    seat.refresh_from_db()
    assert seat.player_id != charlie.pk
