"""``{% load options_text %}``: ``{{ tournament.options|readable_options }}``."""

from django import template

from games.options_text import describe

register = template.Library()


@register.filter
def readable_options(options) -> str:
    """A game's options as players read them, joined by " · " (games/options_text.py)."""
    return " · ".join(describe(options if isinstance(options, dict) else {}))
