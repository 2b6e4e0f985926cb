"""Replays of finished deals (games/replays.py): every step, every hand, only after the end."""

from __future__ import annotations

import json
import random

import pytest

from games.models import Deal
from games.replays import replay_steps
from tests.conftest import play_random, start_match

pytestmark = pytest.mark.django_db


def test_a_finished_deal_replays_step_by_step_with_every_hand(client, alice, bob):
    match = start_match(alice, bob, game="briscola", options={"match": "one_hand"})
    deal = Deal.objects.get(match=match, number=1)
    with pytest.raises(ValueError, match="over"):
        replay_steps(deal)
    assert client.get(f"/matches/{match.pk}/deals/1/").status_code == 404
    play_random(match, rng=random.Random(9))
    deal.refresh_from_db()
    steps = replay_steps(deal)
    assert len(steps) == len(deal.actions) + 1
    assert [s["action"] for s in steps[1:]] == [a["action"] for a in deal.actions]
    first = steps[0]["view"]["players"]
    # As dealt: both hands shown (three cards each in Briscola), none hidden.
    assert all(len(p["hand"]) == 3 for p in first) and first[0]["hand"] != first[1]["hand"]
    assert steps[-1]["view"]["result"] == deal.result
    page = client.get(f"/matches/{match.pk}/deals/1/").content.decode()
    embedded = page.split('id="replay-data" type="application/json">')[1]
    data = json.loads(embedded.split("</script>")[0])
    assert len(data["steps"]) == len(steps) and data["commitment"] == deal.commitment
    assert 'data-testid="record-link"' in page


def test_the_replay_buttons_use_glyphs_every_font_draws_and_have_names(client, alice, bob):
    match = start_match(alice, bob, game="briscola", options={"match": "one_hand"})
    play_random(match, rng=random.Random(9))
    page = client.get(f"/matches/{match.pk}/deals/1/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    # ⏮ and ⏭ are missing from Debian's chromium fonts: the buttons drew empty boxes.
    assert "⏮" not in page and "⏭" not in page
    first = page.split('data-replay="first"')[1].split("</button>")[0]
    last = page.split('data-replay="last"')[1].split("</button>")[0]
    assert 'aria-label="Come distribuita"' in first and "|◀" in first
    assert "aria-label=" in last and "▶|" in last
