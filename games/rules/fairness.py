"""Verifiable shuffles: a commitment to a deal's deck published before the deal starts,
checked against the deck and salt its record reveals once the deal is over.

The scheme (docs/fairness.md): the deck comes from the operating system's CSPRNG
(``Pack.shuffled``); the server draws a secret salt of 128 bits (``new_salt``) and
publishes ``commitment(deck, salt)``, the SHA-256 of the salt, a colon and the deck's
codes joined by commas, top first, in hexadecimal. Nobody can learn the deck from it
(the salt is secret and the hash one-way), and the server cannot change the deck
afterwards without the hash changing. When the deal is over its record carries
``deck``, ``salt`` and ``commitment``: ``verify`` recomputes the hash and replays every
action.

>>> commitment(["AC", "2C"], "00" * 16)[:16]
'a59ba2348af8cec0'
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any

from games.rules.base import IllegalAction
from games.rules.registry import get_game

SALT_BYTES = 16


def new_salt() -> str:
    """A fresh secret salt: 32 hexadecimal digits from the CSPRNG (``secrets``)."""
    return secrets.token_hex(SALT_BYTES)


def commitment(deck: Sequence[str], salt: str) -> str:
    """SHA-256 (hex) of ``salt + ":" + ",".join(deck)``; ``deck`` is codes, top first."""
    return hashlib.sha256(f"{salt}:{','.join(deck)}".encode()).hexdigest()


def verify(record: dict[str, Any]) -> tuple[bool, str]:
    """Check a finished deal's record: its deck and salt hash to its commitment, and every
    action replays to the recorded result.

    Returns ``(True, "...")`` when both hold, else ``(False, why)``; never raises for a
    bad record (it is answered as not verified).
    """
    if not isinstance(record, dict):
        return False, "a deal record is a JSON object"
    missing = [key for key in ("deck", "salt", "commitment") if key not in record]
    if missing:
        return False, f"the record has no {', '.join(missing)}: it cannot be checked"
    deck, salt = record["deck"], record["salt"]
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        return False, "the record's deck is not a list of card codes"
    if not isinstance(salt, str) or commitment(deck, salt) != record["commitment"]:
        return False, "the deck and salt do not hash to the commitment published before the deal"
    try:
        deal = get_game(record.get("game", "")).replay(record)
    except (IllegalAction, ValueError, KeyError, TypeError) as error:
        return False, f"the actions do not replay: {error}"
    if not deal.is_over:
        return False, "the record stops before the end of the deal"
    if "result" in record and record["result"] != deal.result():
        return False, "the recorded result is not the result of the actions"
    shown = record["commitment"][:16]
    return True, f"the deck matches commitment {shown}… and every action replays"
