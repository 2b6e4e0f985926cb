"""Forms of a player's own account pages."""

from __future__ import annotations

from django import forms

from accounts.models import Player


class DisplaySettingsForm(forms.ModelForm):
    """The display settings: high-contrast cards and larger cards (two tick boxes). Saved by
    ``accounts.services.player_set_display``, never by ``save()``."""

    class Meta:
        model = Player
        fields = ["high_contrast_cards", "large_cards"]
