"""Writes to a player's own account (HackSoft style: one function a change)."""

from __future__ import annotations

from django.db import transaction

from accounts import dates
from accounts.models import Player


@transaction.atomic
def player_set_display(*, player: Player, high_contrast_cards: bool, large_cards: bool) -> Player:
    """Save ``player``'s display settings: high-contrast cards and larger cards
    (docs/accessibility.md). Only those two fields are written.

    Returns:
        The player, with the new settings.
    """
    player.high_contrast_cards = bool(high_contrast_cards)
    player.large_cards = bool(large_cards)
    player.save(update_fields=["high_contrast_cards", "large_cards"])
    return player


class InvalidTimeZoneError(ValueError):
    """The name given is not an IANA time zone this machine knows."""


@transaction.atomic
def player_set_time_zone(*, player: Player, name: str) -> None:
    """Set the time zone the player's pages show times in: an IANA name ("Europe/Rome"),
    or "" for the browser's. Raises InvalidTimeZoneError (changing nothing) for any other
    name."""
    name = name.strip()
    if name and dates.valid_time_zone(name) is None:
        raise InvalidTimeZoneError(name)
    Player.objects.filter(pk=player.pk).update(time_zone=name)
    player.time_zone = name
