"""Every date, time and duration a person reads, from one place.

Pages show times in the viewer's language (the active translation) and time zone (the
active time zone: the player's profile setting, else the browser's, sent by
``static/js/timezone.js`` in the ``tz`` cookie, else ``settings.TIME_ZONE``, Europe/Rome;
``accounts.middleware.TimeZoneMiddleware`` activates it). A time that matters carries its
zone ("Sat 28 Nov 2026, 11:28 CET"); a date alone reads "28 Nov 2026"; a duration reads in
words ("7 days", "1 day, 2 hours", "10 minutes"). Exports (CSV, iCal) use ISO 8601 and
RFC 5545 instead: they are read by programs.

Template filters: ``{% load dates %}`` then ``|when``, ``|when_short`` (no year),
``|day``, ``|month``, ``|duration`` (accounts/templatetags/dates.py).
"""

from __future__ import annotations

import zoneinfo
from datetime import UTC, date, datetime, timedelta
from functools import cache

from django.utils import timezone
from django.utils.dateformat import format as django_format
from django.utils.translation import ngettext

COOKIE = "tz"
"""The cookie in which the browser reports its IANA time zone (static/js/timezone.js)."""

# Django's format characters: D and M are the translated short day and month names, so
# one pattern reads right in each language ("Sat 28 Nov 2026" / "Sab 28 Nov 2026").
WHEN = "D j M Y, H:i"
WHEN_SHORT = "D j M, H:i"
DAY = "j M Y"
MONTH = "F Y"


@cache
def time_zone_names() -> frozenset[str]:
    """The IANA time zone names this machine knows (``zoneinfo.available_timezones``)."""
    return frozenset(zoneinfo.available_timezones())


def valid_time_zone(name: str | None) -> str | None:
    """``name`` if it is a known IANA time zone ("Europe/Rome"), else None."""
    if name and name in time_zone_names():
        return name
    return None


def time_zone_choices() -> list[tuple[str, str]]:
    """Sorted (name, name) pairs of every known time zone, for a profile form's select."""
    return [(name, name) for name in sorted(time_zone_names())]


def _zone_label(value: datetime) -> str:
    """The zone's abbreviation ("CET", "EST"), or its UTC offset ("UTC+03:00") where the
    zone has no letters for it."""
    abbreviation = value.tzname() or ""
    if abbreviation.isalpha():
        return abbreviation
    offset = value.utcoffset() or timedelta(0)
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def format_when(value: datetime | None, *, zone: bool = True, year: bool = True) -> str:
    """A moment in the viewer's time zone and language: "Sat 28 Nov 2026, 11:28 CET".

    ``value`` must be aware (the project stores only aware datetimes); None gives "".
    ``zone=False`` leaves the zone off (a time already labelled nearby); ``year=False``
    leaves the year off (times inside the current event).
    """
    if not value:  # None, or "" from a template variable that does not resolve
        return ""
    local = timezone.localtime(value)
    text = django_format(local, WHEN if year else WHEN_SHORT)
    return f"{text} {_zone_label(local)}" if zone else text


def format_day(value: date | datetime | None) -> str:
    """A calendar day in the viewer's language: "28 Nov 2026" ("" for None); a datetime is
    first put in the viewer's time zone."""
    if not value:  # None, or "" from a template variable that does not resolve
        return ""
    if isinstance(value, datetime):
        value = timezone.localtime(value).date()
    return django_format(value, DAY)


def format_month(value: date | datetime | None) -> str:
    """A month and year in the viewer's language: "November 2026" / "Novembre 2026"."""
    if not value:  # None, or "" from a template variable that does not resolve
        return ""
    if isinstance(value, datetime):
        value = timezone.localtime(value).date()
    return django_format(value, MONTH)


def format_duration(value: timedelta | None) -> str:
    """A duration in words, largest units first, zero parts left out: "7 days",
    "1 day, 2 hours", "1 hour, 30 minutes", "45 seconds"; "" for None. Seconds are shown
    only under a minute."""
    if not value:  # None, or "" from a template variable that does not resolve
        return ""
    seconds = max(0, int(value.total_seconds()))
    if seconds < 60:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = []
    if days:
        parts.append(ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
    if hours:
        parts.append(ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours})
    if minutes:
        parts.append(
            ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
        )
    return ", ".join(parts)


def iso(value: datetime | None) -> str:
    """A moment for an export (CSV): ISO 8601 in UTC, "2026-11-28T10:28:00+00:00"; "" for
    None."""
    if not value:  # None, or "" from a template variable that does not resolve
        return ""
    return value.astimezone(UTC).isoformat()
