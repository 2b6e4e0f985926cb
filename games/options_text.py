"""A game's options as players read them: "Target: 21 points · Signals: yes", not the
engine's names ("target 21, signals True").

Labels and values are translated (docs/i18n.md); an option or value this table does not
know is shown with its name's underscores as spaces, so a new option is never hidden.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

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
    "semi_clean": _("Semi-clean burraco scores 150"),
    "show_rejected": _("Refused tables shown to all"),
    "rebuys": _("Rebuys"),
}
VALUES = {
    ("match", "two_hands"): _("two hands"),
    ("match", "one_hand"): _("one hand"),
    ("match", "best_of_three"): _("best of three hands"),
    ("match", "to_2000"): _("to 2000 points"),
    ("match", "3_hands"): _("three hands, Victory Points"),
    ("match", "4_hands"): _("four hands, Victory Points"),
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
    ("buongiochi", "initial_hand_only"): _("only those of the hand at the split"),
    ("buongiochi", "none"): pgettext_lazy("buongiochi", "none"),
}


def label_text(name: str) -> str:
    """An option's label ("Target"); an unknown name with its underscores as spaces."""
    return str(LABELS.get(name, str(name).replace("_", " ").capitalize()))


def value_text(name: str, value: Any) -> str:
    """A value of option ``name`` as players read it ("yes", "two hands", "21")."""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    return str(VALUES.get((name, value), str(value).replace("_", " ")))


def describe(options: dict[str, Any] | None) -> list[str]:
    """``["Target: 21", "Signals: yes", ...]`` for a game's options (a dict), in order."""
    return [
        f"{label_text(name)}: {value_text(name, value)}" for name, value in (options or {}).items()
    ]
