"""Usernames that cannot pass for someone else's (docs/security.md, finding 8, and "Names
and their confusable skeleton").

A username is refused when it is not in Unicode NFKC form (so "ａlice", full-width, and
"alice" cannot both exist), when it mixes scripts ("аlice" with a Cyrillic а), when it
looks like a computer opponent's name (``bot-...``, ``b0t-...``, ``BOT-...``), or when it
looks like an existing username. "Looks like" is decided on the confusable skeleton of
Unicode's UTS #39 (section 4): each character replaced by the prototype that
confusables.txt gives it (``ı`` → ``i``, ``0`` → ``O``, ``1`` → ``l``, ``I`` → ``l``,
Cyrillic ``а`` → ``a``, ``m`` → ``rn``), then compared with letter case folded too. The data
is Unicode's confusables.txt, as shipped in the maintained ``confusable_homoglyphs``
package, which offers no skeleton function: ``_prototypes`` rebuilds the source →
prototype mapping from it.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import categories, confusables
from confusable_homoglyphs.utils import load
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

BOT_PREFIX = "bot-"
"""The computer opponents' accounts are named ``bot-<level>[-<n>]``
(``games.services.bot_player``): no player may take a name that looks like one."""

_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


@functools.cache
def _prototypes() -> dict[str, str]:
    """UTS #39's confusables mapping: source character → its prototype (one or more
    characters). Characters not in it are their own prototype.

    ``confusable_homoglyphs`` stores confusables.txt both ways: for each line "source →
    prototype" it appends the prototype to the source's list and the source to the
    prototype's, in file order. A prototype is never a source in that file, so a source
    is a character whose list holds one entry, a prototype that either lists several
    sources or (a pair of characters that list only each other) comes later in the data
    than the source whose line added it.
    """
    data = load("confusables.json")
    order = {key: index for index, key in enumerate(data)}
    mapping = {}
    for char, entries in data.items():
        source = char.translate(_DIRECTION_MARKS)
        if len(source) != 1 or len(entries) != 1:
            continue
        target = entries[0]["c"]
        back = data.get(target, [])
        if len(back) > 1 or order.get(target, -1) > order[char]:
            mapping[source] = target.translate(_DIRECTION_MARKS)
    return mapping


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character replaced by its prototype,
    NFD again. Two strings with one skeleton are confusable.

    >>> skeleton("alıce") == skeleton("alice") == skeleton("аlісе")
    True
    >>> skeleton("b0t") == skeleton("bOt")
    True
    """
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


_DOTLESS_FOLD = str.maketrans({"i": "l"})
"""UTS #39 keeps ``i`` apart from ``l`` (``I`` and ``1`` go to ``l``, Cyrillic ``ӏ`` and
``ı`` to ``i``), yet in a username they differ by a dot: "аӏісе" in Cyrillic passes for
"alice". The comparison folds them too, as this check did before it used the skeleton."""


@functools.lru_cache(maxsize=65536)
def lookalike_keys(username: str) -> frozenset[str]:
    """The forms ``username`` is compared under: its skeleton with letter case folded
    before (``ALICE`` as ``alice``) and after (``aIice``, capital I, as ``alice``), and
    ``i`` folded with ``l`` (``_DOTLESS_FOLD``). Two names that share a key look alike.
    Cached: a sign-up compares with every player's name, the same names each time.

    >>> bool(lookalike_keys("B0T-x") & lookalike_keys("bot-x"))
    True
    """
    keys = {skeleton(username.casefold()), skeleton(skeleton(username).casefold())}
    return frozenset(key.translate(_DOTLESS_FOLD) for key in keys)


def looks_like_a_bot(username: str) -> bool:
    """Whether ``username`` could pass for a computer opponent's ``bot-...`` name."""
    prefixes = lookalike_keys(BOT_PREFIX)
    return any(key.startswith(prefix) for key in lookalike_keys(username) for prefix in prefixes)


def check_username(username: str, existing: Iterable[str] | None = None) -> None:
    """Raise ValidationError when ``username`` could pass for another.

    ``existing``: the usernames it must not look like (the account adapter and the admin
    pass every player's but the one being renamed); None skips that check.
    """
    if unicodedata.normalize("NFKC", username) != username:
        raise ValidationError(_("Use plain letters: this username has look-alike characters."))
    if looks_like_a_bot(username):
        raise ValidationError(_("Names starting with “bot-” belong to the computer opponents."))
    scripts = categories.unique_aliases(username) - {"COMMON", "INHERITED"}
    if len(scripts) > 1 or confusables.is_mixed_script(username):
        raise ValidationError(_("A username may not mix alphabets (such as Latin and Cyrillic)."))
    if existing is not None:
        keys = lookalike_keys(username)
        if any(keys & lookalike_keys(name) for name in existing):
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
