"""django-axes' login lockout as an authentication backend (docs/security.md, finding 6)."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class AxesBackend(AxesStandaloneBackend):
    """AxesStandaloneBackend, which refuses a locked-out (username, address) pair before
    any password is checked. An authentication without a request (Django's test client's
    ``login``, a shell) has no address to count, so it is let through to the next
    backends, which check the password as always."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
