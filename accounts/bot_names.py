"""The names the computer opponents go by on the pages: a name a person would give them,
per level, marked as a computer player ("Nonna Pina (computer)").

Their usernames stay ``bot-<level>`` and ``bot-<level>-<n>`` (games/services/bot_moves.py
``bot_player``; accounts/usernames.py keeps every name starting with ``bot-`` for them):
a username is an account's key, the display name only what people read.
"""

from __future__ import annotations

from django.utils.translation import gettext

BOT_PREFIX = "bot-"

# One name per seat a level can fill (a table seats at most eight, so seven bots).
NAMES: dict[str, tuple[str, ...]] = {
    "random": (
        "Nonno Gino",
        "Zia Lina",
        "Cugino Beppe",
        "Zio Totò",
        "Comare Rosa",
        "Compare Nino",
        "Nonna Ida",
        "Zia Carmela",
    ),
    "heuristic": (
        "Nonna Pina",
        "Zio Peppe",
        "Donna Mimì",
        "Don Ciccio",
        "Zia Nunzia",
        "Mastro Tonio",
        "Sora Lella",
        "Zio Vanni",
    ),
    "ismcts": (
        "Professor Bruno",
        "Contessa Vittoria",
        "Avvocato Rizzo",
        "Dottor Sala",
        "Maestra Elena",
        "Capitano Neri",
        "Ingegner Gatti",
        "Don Raffaele",
    ),
}


def is_bot_username(username: str) -> bool:
    """Whether ``username`` is a computer opponent's (``bot-...``, reserved for them)."""
    return username.startswith(BOT_PREFIX)


def bot_name(username: str) -> str | None:
    """The person's name of the bot ``username`` ("bot-heuristic" -> "Nonna Pina",
    "bot-ismcts-2" -> "Contessa Vittoria"), without the computer mark; None for a
    username that is not a bot's. An unknown level or a number past the list keeps a
    readable form ("Nonna Pina 9")."""
    if not is_bot_username(username):
        return None
    level, _, number = username[len(BOT_PREFIX) :].partition("-")
    names = NAMES.get(level)
    if not names:
        return username
    index = int(number) - 1 if number.isdigit() else 0
    if 0 <= index < len(names):
        return names[index]
    return f"{names[0]} {index + 1}"


def display_name(username: str) -> str:
    """What the pages call the player: the username, or a bot's name with the computer
    mark in the active language ("Nonna Pina (computer)")."""
    name = bot_name(username)
    if name is None:
        return username
    return gettext("%(name)s (computer)") % {"name": name}
