"""allauth's account adapter with the look-alike username check (accounts/usernames.py)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.core.exceptions import PermissionDenied
from django.db.models.functions import Length

from accounts.models import Player
from accounts.usernames import check_username, skeleton
from config.client_ip import request_client_ip


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

    def get_client_ip(self, request):
        """The address allauth's rate limits count under: the one django-axes and the
        sockets use (``config.client_ip``), never a header allauth would read itself.

        Raises:
            PermissionDenied: the request has no address (allauth's own answer).
        """
        ip = request_client_ip(request)
        if not ip:
            raise PermissionDenied("Unable to determine client IP address")
        return ip
