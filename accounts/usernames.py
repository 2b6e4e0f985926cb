"""Usernames that cannot pass for someone else's (docs/security.md, finding 8).

A username is refused when it is not in Unicode NFKC form (so "ａlice", full-width, and
"alice" cannot both exist), when it mixes scripts ("аlice" with a Cyrillic а), or when
its skeleton (each character confusable with a Latin one replaced by that Latin letter,
then case-folded) is already someone's username, so "аlісе" written all in Cyrillic
cannot sit beside "alice". The confusables data is Unicode's (UTS #39), through the
maintained ``confusable_homoglyphs`` package.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import categories, confusables
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


def skeleton(username: str) -> str:
    """``username`` with every character that looks like a Latin one replaced by it,
    NFKC-normalised and case-folded: two names with one skeleton look alike.

    >>> skeleton("аlice") == skeleton("ALICE") == skeleton("aӏісе") == "allce"
    True
    """
    text = unicodedata.normalize("NFKC", username)
    found = confusables.is_confusable(text, greedy=True, preferred_aliases=["latin"]) or []
    swaps = {
        item["character"]: item["homoglyphs"][0]["c"] for item in found if item.get("homoglyphs")
    }
    latin = "".join(swaps.get(char, char) for char in text).casefold()
    # Latin letters that pass for each other (UTS #39 maps them to one prototype too).
    return latin.translate(_LATIN_LOOKALIKES)


_LATIN_LOOKALIKES = str.maketrans({"i": "l", "1": "l", "|": "l", "0": "o"})


def check_username(username: str, taken=None) -> None:
    """Raise ValidationError when ``username`` could pass for another.

    ``taken(skeleton)`` answers whether an existing username has that skeleton (the
    account adapter asks the database); None skips that check.
    """
    if unicodedata.normalize("NFKC", username) != username:
        raise ValidationError(_("Use plain letters: this username has look-alike characters."))
    if username.casefold().startswith("bot-"):
        raise ValidationError(_("Names starting with “bot-” belong to the computer opponents."))
    scripts = categories.unique_aliases(username) - {"COMMON", "INHERITED"}
    if len(scripts) > 1 or confusables.is_mixed_script(username):
        raise ValidationError(_("A username may not mix alphabets (such as Latin and Cyrillic)."))
    if taken is not None and taken(skeleton(username)):
        raise ValidationError(_("This username looks too much like an existing one."))


def axes_username(request, credentials) -> str | None:
    """The username django-axes counts failures under: the one given, case-folded (the
    log-in finds ``Admin`` as ``admin``, so both are one name to count) and cut to 150
    characters (a longer one can be no player's, and axes stores at most 255)."""
    value = None
    if credentials:
        value = credentials.get("username") or credentials.get("login")
    if value is None and request is not None:
        value = request.POST.get("username") or request.POST.get("login")
    return str(value).casefold()[:150] if value is not None else None
