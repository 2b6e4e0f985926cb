"""Live sockets follow the player's session (docs/security.md, finding 4).

A logout closes the sockets opened with that session; a deactivated player's sockets
all close. Each match socket of a signed-in player listens on the player's group
(``games.consumers.user_group``); the consumers also check the session on every action,
so a session ended some other way (expired, deleted by staff) acts for no one either.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_save

from games import live


def _announce(user_id: int, session_key: str | None) -> None:
    from games.consumers import user_group

    live.group_send(user_group(user_id), {"type": "session.ended", "session_key": session_key})


def on_logged_out(sender, request, user, **kwargs) -> None:
    """``user_logged_out``: close the sockets of this session (sent before the session is
    flushed, so its key is still known)."""
    if user is None:
        return
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if key:
        _announce(user.pk, key)


def on_player_saved(sender, instance, created, **kwargs) -> None:
    """``post_save`` of a player made inactive: close every socket of theirs, after commit."""
    if not created and not instance.is_active:
        user_id = instance.pk
        transaction.on_commit(lambda: _announce(user_id, None))


def connect_signals() -> None:
    """Connect the receivers (GamesConfig.ready)."""
    user_logged_out.connect(on_logged_out, dispatch_uid="games.logged_out")
    post_save.connect(on_player_saved, sender=get_user_model(), dispatch_uid="games.player_saved")
