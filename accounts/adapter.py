"""allauth's account adapter with the look-alike username check (accounts/usernames.py)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter

from accounts.models import Player
from accounts.usernames import check_username, skeleton


def _skeleton_taken(value: str) -> bool:
    """Whether an existing username has the skeleton ``value`` (case-insensitive)."""
    if Player.objects.filter(username__iexact=value).exists():
        return True
    # Few names are not plain ASCII; compare those by their own skeletons.
    others = Player.objects.exclude(username__regex=r"^[\x00-\x7f]*$").values_list(
        "username", flat=True
    )
    return any(skeleton(name) == value for name in others.iterator())


class AccountAdapter(DefaultAccountAdapter):
    """Refuses usernames that could pass for another player's."""

    def clean_username(self, username, shallow=False):
        username = super().clean_username(username, shallow=shallow)
        check_username(username, None if shallow else _skeleton_taken)
        return username
