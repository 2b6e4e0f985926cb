"""A game's options as players read them: "Target: 21 points · Signals: yes", not the
engine's names ("target 21, signals True").

Labels and values are translated (docs/i18n.md); an option or value this table does not
know is shown with its name's underscores as spaces, so a new option is never hidden.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

LABELS = {
    "target": _("Target"),
    "match": _("Match"),
    "hands": _("Hands"),
    "deals": _("Deals"),
    "variant": _("Variant"),
    "reuse": _("Reuse of declared cards"),
    "brisques": _("Brisques"),
    "show_points": _("Card points shown"),
    "signals": _("Signals"),
    "last_play_scopa": _("Scopa on the last play"),
    "buongiochi": _("Buongiochi"),
    "peek_bottom": _("Peek at packet bottoms"),
    "stack": _("Starting chips"),
    "min_bet": _("Lowest minimum bet"),
    "max_bet": _("Highest maximum bet"),
    "bank_rotation": _("Bank"),
}
VALUES = {
    ("match", "two_hands"): _("two hands"),
    ("match", "one_hand"): _("one hand"),
    ("match", "target"): _("to a target"),
    ("variant", "classic"): _("two players"),
    ("variant", "tre"): _("in three"),
    ("variant", "rubicone"): _("Rubicone"),
    ("variant", "quattro"): _("in four, pairs"),
    ("reuse", "kind"): _("in other kinds only"),
    ("reuse", "class"): _("classic rules"),
    ("brisques", "cards"): _("per ace and ten"),
    ("brisques", "tricks"): _("per trick"),
    ("bank_rotation", "game"): _("passes as the game says"),
    ("bank_rotation", "rotate"): _("passes every hand"),
    ("buongiochi", "all"): _("all"),
}


def describe(options: dict[str, Any] | None) -> list[str]:
    """``["Target: 21", "Signals: yes", ...]`` for a game's options (a dict), in order."""
    lines = []
    for name, value in (options or {}).items():
        label = LABELS.get(name, str(name).replace("_", " ").capitalize())
        if isinstance(value, bool):
            shown = _("yes") if value else _("no")
        else:
            shown = VALUES.get((name, value), str(value).replace("_", " "))
        lines.append(f"{label}: {shown}")
    return lines
