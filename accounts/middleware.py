"""Activates the viewer's time zone for the request (accounts/dates.py says the order)."""

from datetime import tzinfo
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone

from accounts import dates


class _ViewerZone(tzinfo):
    """The viewer's time zone, looked up only when a page first shows a time: a page that
    shows none (a live partial) costs no query for the user row. Delegates to the
    ``ZoneInfo`` it resolves to."""

    def __init__(self, request):
        self._request = request
        self._zone = None

    def zone(self) -> ZoneInfo:
        if self._zone is None:
            user = getattr(self._request, "user", None)
            name = (
                dates.valid_time_zone(getattr(user, "time_zone", "") or "")
                or dates.valid_time_zone(self._request.COOKIES.get(dates.COOKIE))
                or settings.TIME_ZONE
            )
            self._zone = ZoneInfo(name)
        return self._zone

    def utcoffset(self, dt):
        return self.zone().utcoffset(dt if dt is None else dt.replace(tzinfo=None))

    def dst(self, dt):
        return self.zone().dst(dt if dt is None else dt.replace(tzinfo=None))

    def tzname(self, dt):
        return self.zone().tzname(dt if dt is None else dt.replace(tzinfo=None))

    def fromutc(self, dt):
        return self.zone().fromutc(dt.replace(tzinfo=self.zone())).replace(tzinfo=self)

    def __str__(self) -> str:
        return str(self.zone())


class TimeZoneMiddleware:
    """Activate the player's profile time zone, else the browser's (the ``tz`` cookie set
    by static/js/timezone.js), else ``settings.TIME_ZONE``. An unknown name is ignored.
    Goes after AuthenticationMiddleware (it reads ``request.user``, lazily)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        timezone.activate(_ViewerZone(request))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
