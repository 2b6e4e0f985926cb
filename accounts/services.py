"""Writes to a player's own account settings."""

from django.db import transaction

from accounts import dates
from accounts.models import Player


class InvalidTimeZoneError(ValueError):
    """The name given is not an IANA time zone this machine knows."""


@transaction.atomic
def player_set_time_zone(*, player: Player, name: str) -> None:
    """Set the time zone the player's pages show times in: an IANA name ("Europe/Rome"),
    or "" for the browser's. Raises InvalidTimeZoneError (changing nothing) for any other name.
    """
    name = name.strip()
    if name and dates.valid_time_zone(name) is None:
        raise InvalidTimeZoneError(name)
    Player.objects.filter(pk=player.pk).update(time_zone=name)
    player.time_zone = name
