"""Typed helpers that read settings from the environment and fail loudly on bad values.

Modelled on healthchecks' ``envbool``/``envint``: a value that cannot be parsed raises
``ImproperlyConfigured`` at start-up instead of silently falling back to a default.
"""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def envstr(name: str, default: str = "") -> str:
    """Return the environment variable ``name`` as a string, or ``default`` when unset."""
    return os.environ.get(name, default)


def envbool(name: str, default: bool) -> bool:
    """Return ``name`` parsed as a boolean (1/0, true/false, yes/no, on/off).

    Raises:
        ImproperlyConfigured: the value is set but is none of those words.
    """
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false).")


def envint(name: str, default: int) -> int:
    """Return ``name`` parsed as an integer.

    Raises:
        ImproperlyConfigured: the value is set but is not an integer.
    """
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def envlist(name: str, default: list[str]) -> list[str]:
    """Return ``name`` split on commas, blanks dropped; ``default`` when unset."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def envnetworks(name: str) -> list[str]:
    """Return ``name`` as a list of IP addresses and networks (CIDR), comma separated;
    an empty list when unset.

    Raises:
        ImproperlyConfigured: an item is neither an address nor a network (``*``, a host
            name), since trusting a name or everyone would let any client choose its address.
    """
    import ipaddress

    items = envlist(name, [])
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: {item!r} is not an IP address or network (e.g. 10.0.0.2, 10.0.0.0/24)."
            ) from None
    return items
