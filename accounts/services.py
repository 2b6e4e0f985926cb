"""Writes to a player's own account (HackSoft style: one function a change)."""

from __future__ import annotations

from django.db import transaction

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
