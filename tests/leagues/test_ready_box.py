"""The Ready box of a league pairing (templates/leagues/_ready_box.html): who is ready,
"Waiting for <opponent>" with a way to cancel, announced live to both players' pages."""

from __future__ import annotations

from unittest import mock

import pytest
from django.urls import reverse

from leagues import services
from tests.leagues.conftest import pairing

pytestmark = pytest.mark.django_db


def _box(client, match, **params) -> str:
    return client.get(reverse("leagues:ready_box", args=[match.pk]), params).content.decode()


def test_after_ready_the_box_says_waiting_for_the_opponent_with_a_cancel(
    client, two_league, alice, bob
):
    match = pairing(two_league, "alice", "bob")
    client.force_login(alice)
    assert 'data-testid="ready"' in _box(client, match)
    assert "Waiting for" not in _box(client, match)

    client.post(reverse("leagues:ready", args=[match.pk]))
    box = _box(client, match, next="match")
    assert "Waiting for bob" in box
    assert 'data-testid="cancel-ready"' in box
    assert 'data-testid="ready"' not in box
    assert 'data-player="alice" data-ready="1"' in box
    # Bob's page shows alice ready at once.
    client.force_login(bob)
    assert 'data-player="alice" data-ready="1"' in _box(client, match)

    # Alice cancels from the match page and lands back there.
    client.force_login(alice)
    response = client.post(reverse("leagues:unready", args=[match.pk]), {"next": "match"})
    assert response.url == match.get_absolute_url()
    assert 'data-player="alice" data-ready="0"' in _box(client, match)


def test_ready_and_cancel_tell_the_pages_of_the_division_after_commit(
    two_league, alice, django_capture_on_commit_callbacks
):
    match = pairing(two_league, "alice", "bob")
    group = f"tournament-{match.round.tournament_id}"
    with mock.patch("leagues.services.live.group_send") as send:
        with django_capture_on_commit_callbacks(execute=True):
            services.fixture_ready(match_id=match.pk, player=alice)
        with django_capture_on_commit_callbacks(execute=True):
            services.fixture_unready(match_id=match.pk, player=alice)
    assert [call.args for call in send.call_args_list] == [
        (group, {"type": "results.changed"}),
        (group, {"type": "results.changed"}),
    ]


def test_the_match_page_of_a_waiting_pairing_listens_for_the_ready_box(client, two_league, alice):
    match = pairing(two_league, "alice", "bob")
    client.force_login(alice)
    page = client.get(match.get_absolute_url()).content.decode()
    assert reverse("leagues:ready_box", args=[match.pk]) + "?next=match" in page
    assert f'data-live-ws="/ws/tournaments/{match.round.tournament_id}/"' in page


def test_the_box_is_empty_once_the_match_has_started(client, two_league, alice, bob):
    match = pairing(two_league, "alice", "bob")
    services.fixture_ready(match_id=match.pk, player=alice)
    services.fixture_ready(match_id=match.pk, player=bob)
    client.force_login(alice)
    assert _box(client, match).strip() == ""


def test_the_tournament_heading_status_follows_the_live_rounds(client, alice, bob):
    from tests.conftest import make_tournament

    tournament = make_tournament([alice, bob])
    page = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert 'id="tournament-heading-status"' in page
    partial = client.get(
        reverse("tournaments:detail", args=[tournament.slug]), {"partial": "rounds"}
    ).content.decode()
    assert 'data-live-copy="tournament-heading-status"' in partial
