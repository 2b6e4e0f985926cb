"""Verifiable shuffles (docs/fairness.md): each deal's commitment is public from its start,
its record (deck and salt) only once it is over, and the record verifies against the
commitment with ``python -m games.rules verify``.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games.models import Deal
from games.rules import fairness
from games.state import current_state
from tests.conftest import play_random, start_match
from tests.games.rules.helpers import run_cli

pytestmark = pytest.mark.django_db


def test_each_deal_commits_to_its_deck_before_it_starts(alice, bob):
    match = start_match(alice, bob, game="briscola", options={"match": "one_hand"})
    deal = Deal.objects.get(match=match, number=1)
    assert deal.actions == [] and len(deal.salt) == 32
    expected = hashlib.sha256(f"{deal.salt}:{','.join(deal.deck)}".encode()).hexdigest()
    assert deal.commitment == expected
    state = current_state(match.pk, 0)
    assert state["match"]["commitment"] == deal.commitment
    text = json.dumps(state)
    assert deal.salt not in text and "deck" not in text
    assert fairness.new_salt() != fairness.new_salt()


def test_a_deal_record_downloads_only_once_the_deal_is_over(client, alice, bob, tmp_path):
    match = start_match(alice, bob, game="briscola", options={"match": "one_hand"})
    url = f"/matches/{match.pk}/deals/1/record.json"
    assert client.get(url).status_code == 404
    play_random(match, rng=random.Random(4))
    response = client.get(url)
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    record = json.loads(response.content)
    deal = Deal.objects.get(match=match, number=1)
    assert record["salt"] == deal.salt and record["commitment"] == deal.commitment
    assert record["deck"] == deal.deck and record["result"] == deal.result
    assert client.get(f"/matches/{match.pk}/deals/9/record.json").status_code == 404

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    verified = run_cli("verify", str(path))
    assert verified.returncode == 0 and verified.stdout.startswith("verified")
    assert run_cli("replay", str(path)).returncode == 0


@pytest.mark.parametrize("tamper", ["deck", "salt", "action", "result", "commitment"])
def test_a_record_that_was_changed_does_not_verify(alice, bob, tmp_path, tamper):
    match = start_match(alice, bob, game="briscola", options={"match": "one_hand"})
    play_random(match, rng=random.Random(5))
    record = Deal.objects.get(match=match, number=1).public_record()
    assert fairness.verify(record)[0]
    if tamper == "deck":
        record["deck"][0], record["deck"][-1] = record["deck"][-1], record["deck"][0]
    elif tamper == "salt":
        record["salt"] = "0" * 32
    elif tamper == "action":
        record["actions"] = record["actions"][:-1]
    elif tamper == "result":
        # Not a swap of the two totals: a hand of 60 all (the deck is the server's draw)
        # would swap into the same record.
        record["result"]["points"][0] += 1
    else:
        del record["commitment"]
    ok, why = fairness.verify(record)
    assert not ok and why
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    refused = run_cli("verify", str(path))
    assert refused.returncode == 1 and refused.stdout.startswith("NOT verified")
