"""Dates, times and durations as people read them (accounts/dates.py): one format in the
viewer's language and time zone, the actual start of a started round everywhere, and
durations in words."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import icalendar
import pytest
from django.urls import reverse
from django.utils import timezone, translation

from accounts import dates
from accounts.models import Player
from tests.conftest import make_tournament
from tests.leagues.conftest import make_league
from tournaments import services
from tournaments.models import Round

PLANNED = datetime(2026, 11, 29, 10, 0, tzinfo=UTC)  # Sunday 11:00 in Rome
STARTED = datetime(2026, 11, 28, 10, 28, tzinfo=UTC)  # Saturday 11:28 in Rome (CET, UTC+1)


@pytest.fixture
def started_early(alice, bob):
    """A tournament of alice and bob whose round 1, planned for tomorrow, started today."""
    tournament = make_tournament([alice, bob])
    round_ = tournament.rounds.get(number=1)
    Round.objects.filter(pk=round_.pk).update(starts_at=PLANNED)
    services.round_start(round_id=round_.pk)
    Round.objects.filter(pk=round_.pk).update(started_at=STARTED)
    return tournament


def _round_start_on_page(client, tournament) -> str:
    html = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    return html.split('data-testid="round-start">', 1)[1].split("</small>", 1)[0]


@pytest.mark.django_db
def test_a_round_started_early_shows_its_actual_start_on_the_page_csv_and_calendar(
    client, started_early
):
    shown = _round_start_on_page(client, started_early)
    assert "Sat 28 Nov 2026, 11:28 CET" in shown
    assert "29 Nov" not in shown

    response = client.get(reverse("tournaments:schedule_csv", args=[started_early.slug]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [row["starts_at"] for row in rows] == ["2026-11-28T10:28:00+00:00"]

    ics = client.get(reverse("accounts:calendar", args=["alice"])).content
    (event,) = icalendar.Calendar.from_ical(ics).walk("VEVENT")
    assert event.decoded("dtstart") == STARTED


@pytest.mark.django_db
def test_a_round_not_started_shows_its_planned_time(client, alice, bob):
    tournament = make_tournament([alice, bob])
    Round.objects.filter(tournament=tournament).update(starts_at=PLANNED)
    assert _round_start_on_page(client, tournament) == "Sun 29 Nov 2026, 11:00 CET"


@pytest.mark.django_db
def test_the_profile_time_zone_changes_the_shown_time(client, alice, started_early):
    client.force_login(alice)
    response = client.post(reverse("accounts:set_time_zone"), {"time_zone": "America/New_York"})
    assert response.status_code == 302
    assert Player.objects.get(pk=alice.pk).time_zone == "America/New_York"
    assert _round_start_on_page(client, started_early).endswith("Sat 28 Nov 2026, 05:28 EST")
    page = client.get(reverse("accounts:profile", args=["alice"])).content.decode()
    assert "Times in America/New_York" in page
    assert '<option value="America/New_York" selected>' in page


@pytest.mark.django_db
def test_the_browser_time_zone_is_used_when_the_profile_has_none(client, alice, started_early):
    client.cookies[dates.COOKIE] = "Asia/Tokyo"
    assert _round_start_on_page(client, started_early).endswith("Sat 28 Nov 2026, 19:28 JST")
    # The profile's zone wins over the browser's.
    alice.time_zone = "Europe/London"
    alice.save()
    client.force_login(alice)
    assert _round_start_on_page(client, started_early).endswith("Sat 28 Nov 2026, 10:28 GMT")


@pytest.mark.django_db
def test_an_unknown_time_zone_is_refused_and_changes_nothing(client, alice, started_early):
    client.force_login(alice)
    client.post(reverse("accounts:set_time_zone"), {"time_zone": "Europe/Rome"})
    response = client.post(
        reverse("accounts:set_time_zone"), {"time_zone": "Mars/Olympus"}, follow=True
    )
    assert "Unknown time zone" in response.content.decode()
    assert Player.objects.get(pk=alice.pk).time_zone == "Europe/Rome"
    client.cookies[dates.COOKIE] = "Not/AZone"  # a bad cookie is ignored too
    client.logout()
    assert _round_start_on_page(client, started_early).endswith("11:28 CET")


@pytest.mark.django_db
def test_italian_pages_read_the_same_moment_in_italian(client, started_early):
    client.cookies["django_language"] = "it"
    shown = _round_start_on_page(client, started_early)
    assert shown.strip() == "dal Sab 28 Nov 2026, 11:28 CET"  # the round is still going on


def test_the_formatter_in_english_and_italian():
    moment = datetime(2026, 7, 4, 16, 5, tzinfo=UTC)  # summer time in Rome
    with timezone.override("Europe/Rome"):
        with translation.override("en"):
            assert dates.format_when(moment) == "Sat 4 Jul 2026, 18:05 CEST"
            assert dates.format_day(moment) == "4 Jul 2026"
            assert dates.format_month(moment) == "July 2026"
        with translation.override("it"):
            assert dates.format_when(moment) == "Sab 4 Lug 2026, 18:05 CEST"
            assert dates.format_month(moment) == "Luglio 2026"
    with timezone.override("Asia/Kolkata"):
        assert dates.format_when(moment).endswith("21:35 IST")
    with timezone.override("Asia/Dubai"):  # a zone with no abbreviation of letters
        assert dates.format_when(moment).endswith("20:05 UTC+04:00")


@pytest.mark.parametrize(
    ("value", "en", "it"),
    [
        (timedelta(days=7), "7 days", "7 giorni"),
        (timedelta(days=1, hours=2), "1 day, 2 hours", "1 giorno, 2 ore"),
        (timedelta(hours=1, minutes=30), "1 hour, 30 minutes", "1 ora, 30 minuti"),
        (timedelta(minutes=10), "10 minutes", "10 minuti"),
        (timedelta(seconds=45), "45 seconds", "45 secondi"),
    ],
)
def test_durations_read_in_words(value, en, it):
    with translation.override("en"):
        assert dates.format_duration(value) == en
    with translation.override("it"):
        assert dates.format_duration(value) == it


@pytest.mark.django_db
def test_the_league_pages_show_the_window_in_words(client, alice, bob):
    league = make_league([alice, bob])
    for url in (reverse("leagues:list"), league.get_absolute_url()):
        page = client.get(url).content.decode()
        assert "7 days" in page
        assert "0:00:00" not in page
    client.cookies["django_language"] = "it"
    assert "7 giorni" in client.get(league.get_absolute_url()).content.decode()
