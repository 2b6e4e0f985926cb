"""Template filters for how players are named (accounts/bot_names.py)."""

from django import template

from accounts import bot_names

register = template.Library()


@register.filter
def bot_level_name(level: str) -> str:
    """The first bot of ``level``'s name ("heuristic" -> "Nonna Pina"), "" if unknown."""
    names = bot_names.NAMES.get(level)
    return names[0] if names else ""
