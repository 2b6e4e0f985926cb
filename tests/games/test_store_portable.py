"""The embedded default's way of storing a move (games/services/storage.py,
``_store_move_portable``): the same conditions and changes as PostgreSQL's one statement,
through the ORM, for SQLite. Run here on the suite's database: the ORM's way is the same."""

from __future__ import annotations

import pytest

from games.models import Deal, Match
from games.services import storage
from tests.conftest import current_engine, start_match

pytestmark = pytest.mark.django_db


def _prepared(alice, bob):
    match = start_match(alice, bob)
    engine = current_engine(match)
    deal = Deal.objects.get(match=match)
    seat, action = engine.to_act, engine.legal_actions()[0]
    expected = match.seq
    match.seq += 1
    return match, deal, {"seat": seat, "action": action}, expected


def test_a_move_is_stored_once_and_a_second_on_the_same_seq_is_refused(alice, bob):
    match, deal, entry, expected = _prepared(alice, bob)

    assert storage._store_move_portable(
        match, deal, entry, expected_seq=expected, locked=True, session=(None, 0)
    )
    assert not storage._store_move_portable(
        match, deal, entry, expected_seq=expected, locked=True, session=(None, 0)
    )

    assert Match.objects.get(pk=match.pk).seq == expected + 1
    assert Deal.objects.get(pk=deal.pk).actions == [entry]


def test_a_session_gone_changes_nothing(alice, bob):
    match, deal, entry, expected = _prepared(alice, bob)

    stored = storage._store_move_portable(
        match, deal, entry, expected_seq=expected, locked=True, session=("no-such-key", alice.pk)
    )

    assert stored is False
    # The match's row, updated first, was rolled back with the rest.
    assert Match.objects.get(pk=match.pk).seq == expected
    assert Deal.objects.get(pk=deal.pk).actions == []
