"""The K in force, its refit from the site's own history, staff applying it, and the
recompute of a game's ratings (tournaments/rating_fit.py, manage.py refit_k and
recompute_ratings, the Game K factors admin)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import services
from tournaments import services as tournament_services
from tournaments.models import GameKFactor, Rating, RatingChange
from tournaments.rating import FIDE_K, K_TABLE, KFactors


def _play(winner, loser):
    """A rated casual Briscola match for two that ``loser`` resigns, recorded."""
    match = services.match_create_casual(game="briscola", players=[winner, loser], rated=True)
    services.match_resign(match_id=match.pk, player_id=loser.pk)
    tournament_services.match_result_record(match_id=match.pk)
    return match


def _rating(player) -> float:
    return Rating.objects.get(player=player, game="briscola").rating


@pytest.mark.django_db
def test_a_match_is_rated_with_the_k_in_force_for_its_game_and_format(alice, bob):
    GameKFactor.objects.create(game="briscola", format="two", provisional=12, regular=6, top=3)

    match = _play(alice, bob)

    change = RatingChange.objects.get(match=match, player=alice)
    # Two newcomers at 1500 expect 0.5 each: 12 * 0.5.
    assert (change.k_factor, change.rating_after) == (12, 1506.0)


@pytest.mark.django_db
def test_without_a_row_the_table_of_the_code_rates(alice, bob):
    match = _play(alice, bob)

    expected = K_TABLE.get(("briscola", "two"), FIDE_K).provisional
    assert RatingChange.objects.get(match=match, player=alice).k_factor == expected


@pytest.mark.django_db
def test_the_dry_run_shows_each_players_change_and_changes_nothing(alice, bob, charlie):
    GameKFactor.objects.create(game="briscola", format="two", provisional=40, regular=20, top=10)
    _play(alice, bob)
    _play(alice, charlie)
    GameKFactor.objects.filter(game="briscola").update(provisional=10)
    before = {p.username: _rating(p) for p in (alice, bob, charlie)}
    out = StringIO()

    call_command("recompute_ratings", "--game", "briscola", "--dry-run", stdout=out)

    # K 40: alice 1520, then 20 points above charlie, + 40 * (1 - 0.5288) = 1538.8.
    # K 10: alice 1505, then 5 points above charlie, + 10 * (1 - 0.5072) = 1509.9.
    text = out.getvalue()
    assert "alice: 1538.8 -> 1509.9 (-28.9, 2 matches)" in text
    assert "bob: 1480.0 -> 1495.0" in text
    assert "would change 3 of 3 ratings" in text
    assert {p.username: _rating(p) for p in (alice, bob, charlie)} == before


@pytest.mark.django_db
def test_the_recompute_rates_the_history_again_with_the_new_k(alice, bob, charlie):
    GameKFactor.objects.create(game="briscola", format="two", provisional=40, regular=20, top=10)
    first = _play(alice, bob)
    _play(alice, charlie)
    GameKFactor.objects.filter(game="briscola").update(provisional=10)

    call_command("recompute_ratings", "--game", "briscola", stdout=StringIO())

    assert _rating(bob) == 1495.0
    assert _rating(alice) == pytest.approx(1505 + 10 * (1 - 1 / (1 + 10 ** (-5 / 400))))
    change = RatingChange.objects.get(match=first, player=alice)
    assert (change.rating_before, change.rating_after, change.k_factor) == (1500.0, 1505.0, 10)
    row = Rating.objects.get(player=alice, game="briscola")
    assert row.rated_matches == 2
    assert row.last_change == pytest.approx(row.rating - 1505)  # her last match's change


@pytest.mark.django_db
def test_the_recompute_refuses_an_unknown_game():
    with pytest.raises(CommandError, match="unknown game"):
        call_command("recompute_ratings", "--game", "chess", stdout=StringIO())


@pytest.mark.django_db
def test_a_refit_proposes_a_k_with_its_gain_and_staff_apply_it(client, staff, alice, bob):
    # Alice wins every match: a larger K learns it faster, so predicts the last third better.
    GameKFactor.objects.create(game="briscola", format="two", provisional=10, regular=5, top=2)
    for _ in range(9):
        _play(alice, bob)
    out = StringIO()

    call_command("refit_k", "--game", "briscola", "--min-matches", "6", stdout=out)

    row = GameKFactor.objects.get(game="briscola", format="two")
    assert row.has_proposal and row.proposal_matches == 9
    assert row.proposed_provisional > 10
    assert row.log_loss_proposed < row.log_loss_current
    assert (row.provisional, row.regular, row.top) == (10, 5, 2)  # not applied yet
    assert "briscola two: K 10/5/2 ->" in out.getvalue()

    client.force_login(staff)
    client.post(
        "/admin/tournaments/gamekfactor/",
        {"action": "apply_proposal", "_selected_action": [row.pk]},
    )

    row.refresh_from_db()
    assert row.provisional == KFactors(row.provisional, row.regular, row.top).provisional > 10
    assert not row.has_proposal and row.applied_at is not None


@pytest.mark.django_db
def test_a_refit_with_too_few_matches_proposes_nothing(alice, bob):
    _play(alice, bob)

    call_command("refit_k", "--game", "briscola", stdout=StringIO())

    assert not GameKFactor.objects.filter(game="briscola").exists()
