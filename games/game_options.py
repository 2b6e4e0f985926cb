"""A game's options and player counts as form fields, for the lobby and *Play the computer*.

The engine declares each game's options (``Game.options``: name -> ``Option`` with its
``choices`` and ``default``, games/rules/base.py) in English and never translates. This
module lays a game's options out as select fields labelled as games/options_text.py
shows them (``option_fields``), lists the player counts any of its options allow
(``seat_choices``), and reads a posted form back into options and a player count the
engine accepts (``options_from_post``, ``seats_from_post``).

Field names carry the game's slug (``seats-<slug>``, ``option-<slug>-<name>``) so one form
can hold every game's fields and the server reads only the chosen game's: it works
without a script, and a script only hides the other games' fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.options_text import describe, label_text, value_text

NEWCOMER_FIRST = ("briscola", "scopa")
"""The games a newcomer starts with, offered first in the game choosers (issue 34): the two
best known in Italy, with a 40-card pack, few rules and no melds or bets."""


def games_for_newcomers(games: Sequence[Any]) -> list[Any]:
    """``games`` (engine ``Game`` objects) in the order the game choosers offer them: those
    of ``NEWCOMER_FIRST`` in its order, then the others by name."""
    first = {slug: place for place, slug in enumerate(NEWCOMER_FIRST)}
    return sorted(games, key=lambda game: (first.get(game.slug, len(first)), game.name))


def option_fields(game) -> list[dict[str, Any]]:
    """The select fields of ``game``'s options (an engine ``Game``), in declared order:
    ``[{"name", "field" (the posted name), "label", "choices": [{"value", "label",
    "selected", "seats"}]}]``, the default selected; ``value`` is the choice's text
    (``str``), ``seats`` the player counts the game has with that choice alone (the rest
    default), so that the form can follow a variant with its table."""
    fields = []
    for name, option in game.options.items():
        fields.append(
            {
                "name": name,
                "field": f"option-{game.slug}-{name}",
                "label": label_text(name),
                "choices": [
                    {
                        "value": str(choice),
                        "label": value_text(name, choice),
                        "selected": choice == option.default
                        and type(choice) is type(option.default),
                        "seats": _counts_with(game, name, choice),
                    }
                    for choice in option.choices
                ],
            }
        )
    return fields


def _counts_with(game, name: str, choice: Any) -> list[int]:
    try:
        return list(game.seat_counts(game.validate_options({name: choice})))
    except ValueError:
        return []


def seat_choices(game) -> tuple[list[int], int]:
    """``(counts, default)``: every player count some choice of ``game``'s options allows
    (each option varied alone from the defaults), ascending, and the count of the default
    options' table (the game's first count)."""
    defaults = game.validate_options({})
    counts = set(game.seat_counts(defaults))
    for name, option in game.options.items():
        for choice in option.choices:
            try:
                counts.update(game.seat_counts(game.validate_options({name: choice})))
            except ValueError:
                continue
    return sorted(counts), game.seat_counts(defaults)[0]


def options_from_post(game, post: Mapping[str, str]) -> dict[str, Any]:
    """The options of ``game`` a form posted (``option-<slug>-<name>`` fields, or fields
    named as the option; a missing field keeps the default), validated by the engine.
    Raises ValueError with a message for the player when a value is not one of the
    option's choices or the engine refuses the combination."""
    chosen: dict[str, Any] = {}
    for name, option in game.options.items():
        raw = post.get(f"option-{game.slug}-{name}") or post.get(name)
        if raw is None or raw == "":
            continue
        match = [choice for choice in option.choices if str(choice) == raw]
        if not match:
            raise ValueError(
                _("%(option)s cannot be %(value)s.")
                % {"option": label_text(name), "value": raw[:40]}
            )
        chosen[name] = match[0]
    try:
        return game.validate_options(chosen)
    except ValueError:
        raise ValueError(_("These options cannot be played together.")) from None


def seats_from_post(game, post: Mapping[str, str], options: dict[str, Any]) -> int:
    """The player count a form posted (``seats-<slug>``, or ``seats``; missing: the first
    count these ``options`` allow). Raises ValueError with a message for a count that is
    not a number or that the game with these options is not played by."""
    allowed = game.seat_counts(options)
    raw = post.get(f"seats-{game.slug}") or post.get("seats")
    if raw is None or raw == "":
        return allowed[0]
    if not raw.isdigit() or int(raw) not in allowed:
        raise ValueError(
            _("%(game)s with these options is played by %(counts)s players.")
            % {"game": game.name, "counts": ", ".join(str(c) for c in sorted(allowed))}
        )
    return int(raw)


def game_form(game) -> dict[str, Any]:
    """What a form needs of ``game`` (an engine ``Game``): ``{"slug", "name",
    "seats_field", "seat_choices" (ascending), "default_seats", "options"
    (``option_fields``)}``."""
    counts, default = seat_choices(game)
    return {
        "slug": game.slug,
        "name": game.name,
        "seats_field": f"seats-{game.slug}",
        "seat_choices": counts,
        "default_seats": default,
        "options": option_fields(game),
    }


def describe_options(game, options: dict[str, Any]) -> str:
    """The options of ``options`` that differ from ``game``'s defaults, as one translated
    line ("Target: 21 · Signals: no", games/options_text.py); empty when none differ."""
    defaults = game.validate_options({})
    differing = {
        name: options[name]
        for name in game.options
        if name in options and options[name] != defaults.get(name)
    }
    return " · ".join(describe(differing))
