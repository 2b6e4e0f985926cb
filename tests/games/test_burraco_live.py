"""Burraco played live through the services: a heads-up match of 3 hands to its end
(ratings and Victory Point standings), the VP in every state message, and a Danish pairs
event scored in VP whose second round is paired from the VP standings.

Source: docs/games/burraco.md ("The match"), ../shared/rules/README.md ("Burraco", the
federation's VP tables), tournaments/standings.py (ranking by VP, then match-point
difference).
"""

from __future__ import annotations

import random

import pytest
from django.db import transaction

from games import services as game_services
from games.models import Match
from games.rules import get_game
from games.rules.burraco.scoring import side_victory_points
from games.state import match_summary, match_victory_points
from tests.conftest import current_engine, make_player, make_tournament, seated
from tournaments import services
from tournaments.models import RatingChange, Standing, Tournament

pytestmark = pytest.mark.django_db

BURRACO = get_game("burraco")


def quick_action(engine, rng: random.Random, random_turns: bool) -> str:
    """A legal action: random while ``random_turns``, else the quickest way to end the
    hand (take a one-card pile, discard another card: a stalemate once every player has
    done so in a row, docs/games/burraco.md "Ending the hand")."""
    legal = engine.legal_actions()
    if random_turns:
        return rng.choice(legal)
    if "take" in legal and len(engine.pile) == 1:
        return "take"
    discards = [a for a in legal if a.startswith("discard ")]
    if discards:
        return discards[0]
    return rng.choice(legal)


def play_match(match: Match, rng: random.Random, random_hands: int = 1) -> int:
    """Play ``match`` to its end through ``match_apply_action``: the first
    ``random_hands`` hands at random, the rest by stalemate. Returns the actions sent."""
    players = seated(match)
    sent = 0
    while sent < 20_000:
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            return sent
        engine = current_engine(match)
        hands_done = match.deals.filter(result__isnull=False).count()
        action = quick_action(engine, rng, hands_done < random_hands)
        with transaction.atomic():
            game_services.match_apply_action(
                match_id=match.pk, player_id=players[engine.to_act].pk, action=action,
                seq=match.seq,
            )  # fmt: skip
        sent += 1
    raise AssertionError("the match did not end")


def expected_vp(match: Match, hands: int) -> list[int]:
    """The VP of each side, worked out here from the stored hand results alone."""
    results = list(match.deals.order_by("number").values_list("result", flat=True))
    totals = [sum(r["side_points"][side] for r in results[:hands]) for side in (0, 1)]
    return side_victory_points(totals, hands)


def test_a_heads_up_match_of_three_hands_is_played_to_its_end_and_feeds_elo_and_vp(client):
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    tournament = make_tournament(
        [alice, bob, carol], slug="burraco-vp", game="burraco", options={"match": "3_hands"}
    )
    assert tournament.scored_in_victory_points
    services.tournament_start_next_round(tournament=tournament)
    match = Match.objects.get(round__tournament=tournament, round__number=1, is_bye=False)
    play_match(match, random.Random(8))
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    results = list(match.deals.order_by("number").values_list("result", flat=True))
    assert len(results) >= 3
    assert match.scores == BURRACO.match_scores(results, match.options)
    assert match.winner_seat == BURRACO.match_winner(results, match.options)

    vp = expected_vp(match, 3)
    assert sum(vp) == 20
    assert match_victory_points(match) == vp
    # The state message of the match carries them.
    summary = match_summary(match, [], None)
    assert summary["victory_points"] == vp

    assert services.match_result_record(match_id=match.pk) is True
    assert RatingChange.objects.filter(match=match).count() == 2
    winner = match.seats.get(number=match.winner_seat).player
    change = RatingChange.objects.get(match=match, player=winner)
    assert change.score == 1 and change.rating_after > change.rating_before

    standings = {s.entry.player.username: s for s in Standing.objects.filter(tournament=tournament)}
    by_seat = {seat.number: seat.player.username for seat in match.seats.all()}
    bye = ({"alice", "bob", "carol"} - set(by_seat.values())).pop()
    for seat in (0, 1):
        row = standings[by_seat[seat]]
        assert row.match_points == vp[seat]
        assert row.deal_point_difference == match.scores[seat] - match.scores[1 - seat]
    assert standings[bye].match_points == 12  # a bye's VP
    ranked = sorted(standings.values(), key=lambda s: s.rank)
    points = [r.match_points for r in ranked]
    assert points == sorted(points, reverse=True)
    # The event's page heads the column "VP" and says how the rows are ranked.
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'data-testid="vp-heading"' in page and 'data-testid="vp-note"' in page


def test_a_match_to_2000_has_no_victory_points():
    match = Match.objects.create(game="burraco", options={}, deal_points=[[120, -40]] * 3)
    assert match_victory_points(match) is None
    match.options = {"match": "4_hands"}
    assert match_victory_points(match) is None  # a hand still to play
    match.deal_points = [[300, 100], [0, 0], [0, 0], [5, 0]]
    assert match_victory_points(match) == [11, 9]  # 305 - 100 = 205 in 4 hands: 11-9
    match.deal_points = [[100, 410], [0, 0], [0, 0], [5, 0]]
    assert match_victory_points(match) == [8, 12]  # 410 - 105 = 305 for the second side: 12-8
    briscola = Match.objects.create(game="briscola", options={}, deal_points=[[61, 59]])
    assert match_victory_points(briscola) is None


def test_a_danish_pairs_event_is_scored_in_vp_and_pairs_round_two_from_them():
    names = ["ann", "ben", "cid", "dan", "eve", "fay", "gus", "hal"]
    players = [make_player(name) for name in names]
    tournament = Tournament.objects.create(
        name="Burraco Pairs", slug="burraco-pairs", game="burraco",
        options={"match": "3_hands"}, pairs=True, table_size=4,
        format=Tournament.Format.DANISH, danish_rounds=2,
    )  # fmt: skip
    tournament.full_clean()  # a Danish pairs event is allowed
    assert tournament.scored_in_victory_points
    services.tournament_open_registration(tournament=tournament)
    for first, second in zip(players[::2], players[1::2], strict=True):
        services.entry_register(tournament=tournament, player=first, partner=second)
        services.entry_confirm_partner(tournament=tournament, player=second)
    services.tournament_make_schedule(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    round_ = services.tournament_start_next_round(tournament=tournament)
    matches = list(round_.matches.filter(is_bye=False).order_by("board"))
    assert len(matches) == 2
    for match in matches:
        assert match.seat_count == 4
        seats = {s.number: s.player for s in match.seats.all()}
        entries = {n: services.entry_of(tournament, seats[n]).pk for n in range(4)}
        assert entries[0] == entries[2] and entries[1] == entries[3] != entries[0]
        play_match(match, random.Random(match.pk), random_hands=0)
        assert services.match_result_record(match_id=match.pk) is True
        assert RatingChange.objects.filter(match=match).count() == 4
    rows = list(Standing.objects.filter(tournament=tournament).order_by("rank"))
    vps = [row.match_points for row in rows]
    assert vps == sorted(vps, reverse=True) and sum(vps) == 40
    for match in matches:
        match.refresh_from_db()
        vp = expected_vp(match, 3)
        for side in (0, 1):
            entry = services.entry_of(tournament, match.seats.get(number=side).player)
            assert Standing.objects.get(entry=entry).match_points == vp[side]
    # Round 2 (Danish): first against second of the VP standings, third against fourth.
    tournament.refresh_from_db()
    round_two = services.tournament_start_next_round(tournament=tournament)
    first_board = round_two.matches.get(board=1)
    entries = {services.entry_of(tournament, s.player).pk for s in first_board.seats.all()}
    assert entries == {rows[0].entry_id, rows[1].entry_id}
