"""Time controls a player may choose for a casual match (a lobby challenge, Play the
computer): none, a move clock, or a match clock (Fischer: a bank of minutes a seat, and
seconds added after each of its moves), as tournaments have (``Tournament.move_timeout``,
``match_clock``, ``clock_increment``; games/services/clocks.py ``_restart_move_clock``).

A time control is named by a key (``"move-300"``, ``"fischer-300-5"``; ``""`` for none),
stored on a challenge and turned into a match's fields by ``match_fields``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils.translation import gettext_lazy as _

TIME_CONTROLS = {
    "": _("No clock"),
    "move-60": _("1 minute a move"),
    "move-300": _("5 minutes a move"),
    "move-600": _("10 minutes a move"),
    "fischer-180-2": _("Match clock: 3 minutes + 2 seconds a move"),
    "fischer-300-5": _("Match clock: 5 minutes + 5 seconds a move"),
    "fischer-900-10": _("Match clock: 15 minutes + 10 seconds a move"),
}
"""Key -> label, in the order a form lists them; ``""`` (no clock) first, the default."""


def check(key: str) -> str:
    """``key`` when it names a time control; ValueError with a message otherwise."""
    if key not in TIME_CONTROLS:
        raise ValueError(_("There is no such time control."))
    return key


def match_fields(key: str) -> dict[str, Any]:
    """The ``Match`` fields of time control ``key``: ``move_timeout``, ``clock_base`` and
    ``clock_increment`` (timedelta or None). ValueError for an unknown key."""
    check(key)
    fields: dict[str, Any] = {"move_timeout": None, "clock_base": None, "clock_increment": None}
    kind, *numbers = key.split("-") if key else ("",)
    if kind == "move":
        fields["move_timeout"] = timedelta(seconds=int(numbers[0]))
    elif kind == "fischer":
        fields["clock_base"] = timedelta(seconds=int(numbers[0]))
        fields["clock_increment"] = timedelta(seconds=int(numbers[1]))
    return fields


def key_of(match) -> str:
    """The key of a match's time control, for its rematch (``""`` when it matches none:
    a casual match has no other)."""
    for key in TIME_CONTROLS:
        fields = match_fields(key)
        if all(getattr(match, name) == value for name, value in fields.items()):
            return key
    return ""


def label(key: str) -> str:
    """The translated label of ``key`` (empty for an unknown one)."""
    return str(TIME_CONTROLS.get(key, ""))
