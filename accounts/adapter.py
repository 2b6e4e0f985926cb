"""allauth's account adapter with the look-alike username check (accounts/usernames.py)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.db.models.functions import Length

from accounts.models import Player
from accounts.usernames import check_username, skeleton


def _skeleton_taken(value: str) -> bool:
    """Whether an existing username has the skeleton ``value``. A skeleton keeps the
    length of an NFKC name, so only names of that length are compared."""
    names = (
        Player.objects.annotate(length=Length("username"))
        .filter(length=len(value))
        .values_list("username", flat=True)
    )
    return any(skeleton(name) == value for name in names.iterator())


class AccountAdapter(DefaultAccountAdapter):
    """Refuses usernames that could pass for another player's."""

    def clean_username(self, username, shallow=False):
        username = super().clean_username(username, shallow=shallow)
        check_username(username, None if shallow else _skeleton_taken)
        return username
