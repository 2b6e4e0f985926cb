"""The one link from live play up to the layers above it: games/hooks.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games import hooks, services
from games.services.endings import _places
from tests.conftest import seated, start_match

GAMES = Path(__file__).resolve().parents[2] / "games"


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_module_of_games_imports_tournaments():
    offenders = [
        str(path.relative_to(GAMES))
        for path in GAMES.rglob("*.py")
        if "migrations" not in path.parts
        and any(name.split(".")[0] == "tournaments" for name in _imported_modules(path))
    ]
    assert offenders == []


@pytest.mark.django_db(transaction=True)
def test_a_finished_match_is_announced_once_after_commit_with_its_id(alice, bob):
    heard = []

    def receiver(sender, match_id, **kwargs):
        heard.append(match_id)

    hooks.match_finished.connect(receiver)
    try:
        match = start_match(alice, bob)
        assert heard == []
        services.match_resign(match_id=match.pk, player_id=seated(match)[0].pk, seq=match.seq)
    finally:
        hooks.match_finished.disconnect(receiver)
    assert heard == [match.pk]


@pytest.mark.django_db
def test_the_match_summary_has_the_providers_ratings_and_event_and_its_sides(alice, bob):
    from games.state import match_seats, match_summary

    match = start_match(alice, bob)
    summary = match_summary(match, match_seats(match), None)
    assert [player["rating"] for player in summary["players"]] == [1500, 1500]
    assert summary["tournament"]["round"] == 1
    assert summary["sides"] == [[0], [1]]


@pytest.mark.django_db
def test_a_resignation_places_the_resigning_side_last(alice, bob):
    match = start_match(alice, bob)
    services.match_resign(match_id=match.pk, player_id=seated(match)[1].pk, seq=match.seq)
    match.refresh_from_db()
    assert (match.winner_seat, match.places) == (0, [1, 2])


@pytest.mark.parametrize(
    ("scores", "winner", "last", "places"),
    [
        ([10, 20], 1, None, [2, 1]),
        ([10, 20, 5], 0, 1, [1, 3, 2]),  # the side that left is last whatever its score
        ([4, 12, 4], 1, None, [2, 1, 2]),  # equal totals behind the winner share a place
        ([7, 7, 7, 7], 2, 0, [4, 2, 1, 2]),
    ],
)
def test_places_put_the_winner_first_and_a_leaver_last(scores, winner, last, places):
    assert _places(scores, winner, last) == places
