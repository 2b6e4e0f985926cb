"""Template filters over accounts/dates.py: the one way a page shows a date or a time.

``{{ value|when }}`` "Sat 28 Nov 2026, 11:28 CET"; ``|when_short`` without the year;
``|when_nozone`` without the zone; ``|day`` "28 Nov 2026"; ``|month`` "November 2026";
``|duration`` "7 days".
"""

from django import template

from accounts import dates

register = template.Library()


@register.filter
def when(value):
    """A moment with its zone, in the viewer's language and time zone."""
    return dates.format_when(value)


@register.filter
def when_short(value):
    """A moment with its zone, without the year."""
    return dates.format_when(value, year=False)


@register.filter
def when_nozone(value):
    """A moment without its zone (one labelled nearby)."""
    return dates.format_when(value, zone=False)


@register.filter
def day(value):
    """A calendar day."""
    return dates.format_day(value)


@register.filter
def month(value):
    """A month and year."""
    return dates.format_month(value)


@register.filter
def duration(value):
    """A duration in words."""
    return dates.format_duration(value)
