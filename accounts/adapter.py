"""allauth's account adapter with the look-alike username check (accounts/usernames.py)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.core.exceptions import PermissionDenied

from accounts.models import Player
from accounts.usernames import check_username
from config.client_ip import request_client_ip


def other_usernames(exclude_pk: int | None = None):
    """Every player's username but ``exclude_pk``'s (a lazy queryset of strings): what a
    new or changed name must not look like (``check_username``). A skeleton does not keep
    a name's length (``m`` becomes ``rn``), so no row can be left out by length. Not a
    server-side cursor (``iterator()``): a check that stops at the first look-alike
    would leave one open in the sign-up's transaction."""
    players = Player.objects.all()
    if exclude_pk is not None:
        players = players.exclude(pk=exclude_pk)
    return players.values_list("username", flat=True)


class AccountAdapter(DefaultAccountAdapter):
    """Refuses usernames that could pass for another player's."""

    def clean_username(self, username, shallow=False):
        username = super().clean_username(username, shallow=shallow)
        check_username(username, None if shallow else other_usernames())
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
