"""Staff see the lobby's challenges in admin and may withdraw open ones; they cannot add
one or change what it offers."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import lobby
from games.models import Challenge
from tests.conftest import make_player

pytestmark = pytest.mark.django_db


def test_staff_list_and_withdraw_open_challenges(client, staff):
    ann, ben = make_player("ann"), make_player("ben")
    open_ = lobby.challenge_create(creator=ann, game="scopa", time_control="move-60")
    taken = lobby.challenge_create(creator=ann, game="briscola")
    lobby.challenge_accept(challenge_id=taken.pk, player=ben)
    client.force_login(staff)
    changelist = reverse("admin:games_challenge_changelist")
    page = client.get(changelist).content.decode()
    assert "move-60" in page and "ann" in page
    assert client.get(reverse("admin:games_challenge_add")).status_code == 403
    response = client.post(
        changelist,
        {"action": "withdraw", "_selected_action": [open_.pk, taken.pk]},
        follow=True,
    )
    assert "1 open challenge withdrawn." in response.content.decode()
    open_.refresh_from_db()
    taken.refresh_from_db()
    assert open_.status == Challenge.Status.CANCELLED
    assert taken.status == Challenge.Status.ACCEPTED
