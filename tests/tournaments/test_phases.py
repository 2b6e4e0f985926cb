"""Events in phases played through the services with the computer in every seat
(tournaments/phases.py): a Burraco pairs evening of two Mitchell rounds on duplicate boards
then two Danish rounds, in Victory Points under a round clock, and an individual Tressette
event with a new partner each round. The standings are checked against sums worked out
here from the stored deals alone.

Source: docs/tournaments.md ("Events in phases"), ../shared/rules/README.md ("Burraco",
the federation's VP tables).
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta
from itertools import combinations

import pytest
from django.db import transaction

from games import services as game_services
from games.boards import deal_hidden
from games.models import Deal, Match
from games.rules import get_game
from games.rules.burraco.scoring import victory_points
from tests.conftest import current_engine, make_player, seated
from tournaments import phases, services
from tournaments.models import ArbiterAct, Entry, Phase, Standing, Tournament

pytestmark = pytest.mark.django_db


def computer_action(match: Match, engine, rng: random.Random) -> str:
    """The computer's move: Burraco ends its hand the quickest way (take a one-card
    pile, else discard: a stalemate once every player has done it in a row); other games
    play a random legal card."""
    legal = engine.legal_actions()
    if match.game == "burraco":
        if "take" in legal and len(engine.pile) == 1:
            return "take"
        discards = [a for a in legal if a.startswith("discard ")]
        if discards:
            return discards[0]
    return rng.choice(legal)


def play_round(round_number: int, tournament: Tournament, rng: random.Random) -> None:
    """Play every match of the round to its end, a table at a time."""
    for match in Match.objects.filter(round__tournament=tournament, round__number=round_number):
        players = seated(match)
        for _ in range(20_000):
            match.refresh_from_db()
            if match.status != Match.Status.IN_PROGRESS:
                break
            engine = current_engine(match)
            with transaction.atomic():
                game_services.match_apply_action(
                    match_id=match.pk, player_id=players[engine.to_act].pk,
                    action=computer_action(match, engine, rng), seq=match.seq,
                )  # fmt: skip
        assert match.status == Match.Status.FINISHED
        services.match_result_record(match_id=match.pk)  # what the hook does on commit


def net(result: dict, side: int, game) -> int:
    points = game.match_scores([result], {})
    return points[side] - points[1 - side]


def make_event(game: str, entrants, **fields) -> Tournament:
    return Tournament.objects.create(
        name=f"{game} evening", slug=f"{game}-evening", game=game,
        status=Tournament.Status.REGISTRATION, format=Tournament.Format.PHASES, **fields,
    )  # fmt: skip


@pytest.fixture
def burraco_evening(db):
    players = [make_player(f"p{i:02d}") for i in range(32)]
    event = make_event(
        "burraco", players, table_size=4, pairs=True, options={"match": "3_hands"},
        duplicate_scoring=Tournament.DuplicateScoring.DATUM_VP,
    )  # fmt: skip
    for i in range(16):
        Entry.objects.create(
            tournament=event, player=players[2 * i], partner=players[2 * i + 1],
            partner_confirmed=True,
        )  # fmt: skip
    Phase.objects.create(
        tournament=event, number=1, movement=Phase.Movement.MITCHELL, rounds=2, skip=2,
        duplicate=True, deals_per_round=2, round_minutes=25,
    )  # fmt: skip
    Phase.objects.create(
        tournament=event, number=2, movement=Phase.Movement.DANISH, rounds=2,
        deals_per_round=2, round_minutes=25,
    )  # fmt: skip
    services.tournament_close_registration(tournament=event)
    services.tournament_make_schedule(tournament_id=event.pk)
    event.refresh_from_db()
    return event


def test_a_burraco_evening_of_mitchell_duplicate_and_danish_rounds_in_vp(burraco_evening):
    event = burraco_evening
    burraco = get_game("burraco")
    rng = random.Random(7)
    entries = {e.pk: e for e in event.entries.all()}
    side_entry = {}
    for entry in entries.values():
        side_entry[entry.player_id] = entry.pk
    expected = Counter()
    met = set()
    for number in (1, 2, 3, 4):
        services.tournament_start_next_round(tournament=event)
        matches = list(Match.objects.filter(round__tournament=event, round__number=number))
        assert len(matches) == 8 and all(m.deal_limit == 2 for m in matches)
        assert all(m.ends_at is not None for m in matches)  # the round clock runs
        tables = []
        for match in matches:
            players = seated(match)
            pair = [side_entry[players[0].pk], side_entry[players[1].pk]]
            assert frozenset(pair) not in met  # no two pairs meet twice
            met.add(frozenset(pair))
            tables.append((match, pair))
        if number <= 2:  # Mitchell: the same boards everywhere, NS pairs stay
            decks = {tuple(Deal.objects.get(match=m, number=1).deck) for m in matches}
            assert len(decks) == 1
            if number == 1:
                north = [pair[0] for _, pair in tables]
            else:
                assert [pair[0] for _, pair in tables] == north
        play_round(number, event, rng)
        for match, _pair in tables:
            match.refresh_from_db()
            assert match.deals.count() == 2
        if number <= 2:
            # VP from the difference to each board's average, by direction, summed.
            for side in (0, 1):
                sums = [0.0] * len(tables)
                for board in (1, 2):
                    scores = [
                        net(Deal.objects.get(match=m, number=board).result, side, burraco)
                        for m, _ in tables
                    ]
                    average = sum(scores) / len(scores)
                    for index, score in enumerate(scores):
                        sums[index] += score - average
                for index, (_, pair) in enumerate(tables):
                    won, lost = victory_points(abs(round(sums[index])), 3)
                    expected[pair[side]] += won if sums[index] >= 0 else lost
        else:
            for match, pair in tables:
                diff = match.scores[0] - match.scores[1]
                won, lost = victory_points(abs(diff), 3)
                expected[pair[0]] += won if diff >= 0 else lost
                expected[pair[1]] += lost if diff >= 0 else won
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    standings = {s.entry_id: s.match_points for s in Standing.objects.filter(tournament=event)}
    assert standings == {pk: pytest.approx(expected[pk]) for pk in entries}
    ranked = list(Standing.objects.filter(tournament=event).order_by("rank"))
    assert [s.match_points for s in ranked] == sorted(standings.values(), reverse=True)


def test_an_evening_s_rounds_on_a_round_clock_are_planned_one_after_the_other(
    burraco_evening,
):
    starts = list(burraco_evening.rounds.order_by("number").values_list("starts_at", flat=True))
    # 25-minute rounds and 5 minutes to change tables, not a day apart.
    assert [later - earlier for earlier, later in zip(starts, starts[1:], strict=False)] == [
        phases.CHANGEOVER + timedelta(minutes=25)
    ] * 3


def test_a_board_stays_hidden_until_every_table_has_played_it(burraco_evening):
    event = burraco_evening
    services.tournament_start_next_round(tournament=event)
    rng = random.Random(3)
    first, *others = Match.objects.filter(round__tournament=event, round__number=1)
    players = seated(first)
    while first.deals.filter(result__isnull=False).count() < 1:
        engine = current_engine(first)
        game_services.match_apply_action(
            match_id=first.pk, player_id=players[engine.to_act].pk,
            action=computer_action(first, engine, rng), seq=first.seq,
        )  # fmt: skip
        first.refresh_from_db()
    board = first.deals.get(number=1)
    assert deal_hidden(board) and phases.board_hidden(first) and phases.scorecard(first) == []


def test_the_arbiter_s_penalty_and_disqualification_are_kept_in_the_log(burraco_evening):
    event = burraco_evening
    staff = make_player("arbiter", is_staff=True)
    entry = event.entries.order_by("pairing_number").first()
    with pytest.raises(phases.PhaseError, match="reason"):
        phases.arbiter_adjust(tournament=event, entry=entry, points=3, reason=" ", staff=staff)
    phases.arbiter_adjust(
        tournament=event, entry=entry, points=3, reason="slow play", staff=staff, penalty=True
    )
    services.tournament_recompute_standings(tournament=event)
    assert Standing.objects.get(entry=entry).match_points == -3
    last = event.entries.order_by("-pairing_number").first()
    phases.arbiter_disqualify(tournament=event, entry=last, reason="abandoned", staff=staff)
    services.tournament_start_next_round(tournament=event)
    seated_players = {
        s.player_id for m in Match.objects.filter(round__tournament=event) for s in m.seats.all()
    }
    assert last.player_id not in seated_players
    byes = Match.objects.filter(round__tournament=event, is_bye=True)
    assert byes.count() == 1  # its Mitchell opponents sit out with a bye
    assert list(ArbiterAct.objects.filter(tournament=event).values_list("kind", flat=True)) == [
        ArbiterAct.Kind.PENALTY,
        ArbiterAct.Kind.DISQUALIFICATION,
    ]


def test_twelve_players_play_individual_tressette_with_a_new_partner_each_round(db):
    players = [make_player(f"t{i:02d}") for i in range(12)]
    event = make_event("tressette", players, table_size=4, individual=True)
    for player in players:
        Entry.objects.create(tournament=event, player=player)
    Phase.objects.create(
        tournament=event, number=1, movement=Phase.Movement.INDIVIDUAL, rounds=3,
        deals_per_round=1,
    )  # fmt: skip
    services.tournament_close_registration(tournament=event)
    services.tournament_make_schedule(tournament_id=event.pk)
    event.refresh_from_db()
    entry_of = {e.player_id: e.pk for e in event.entries.all()}
    partners = Counter()
    expected = Counter()
    rng = random.Random(5)
    for number in (1, 2, 3):
        services.tournament_start_next_round(tournament=event)
        play_round(number, event, rng)
        for match in Match.objects.filter(round__tournament=event, round__number=number):
            players_at = seated(match)
            sides = [(players_at[0], players_at[2]), (players_at[1], players_at[3])]
            for side, (a, b) in enumerate(sides):
                partners[frozenset((a.pk, b.pk))] += 1
                score = 0.5 if match.winner_seat is None else float(match.winner_seat == side)
                expected[entry_of[a.pk]] += score
                expected[entry_of[b.pk]] += score
    assert set(partners.values()) == {1} and len(partners) == 18
    standings = {s.entry_id: s.match_points for s in Standing.objects.filter(tournament=event)}
    assert standings == {pk: pytest.approx(expected[pk]) for pk in entry_of.values()}


def test_a_mitchell_seated_in_entry_order_puts_the_first_pairs_entered_north_south(db):
    from tournaments.models import Rating

    players = [make_player(f"q{i:02d}") for i in range(8)]
    # The last pair entered is the best rated: seeds are not the entry order.
    Rating.objects.create(player=players[6], game="tressette", rating=1900)
    event = make_event("tressette", players, table_size=4, pairs=True)
    entries = [
        Entry.objects.create(
            tournament=event,
            player=players[2 * i],
            partner=players[2 * i + 1],
            partner_confirmed=True,
        )  # fmt: skip
        for i in range(4)
    ]
    Phase.objects.create(tournament=event, number=1, movement=Phase.Movement.MITCHELL, rounds=2)
    services.tournament_close_registration(tournament=event)
    services.tournament_make_schedule(tournament_id=event.pk)
    assert Entry.objects.get(pk=entries[3].pk).pairing_number == 1
    event.refresh_from_db()
    services.tournament_start_next_round(tournament=event)
    phase = Phase.objects.get(tournament=event)
    assert phase.seated == {
        "ns": [entries[0].pk, entries[1].pk],
        "ew": [entries[2].pk, entries[3].pk],
    }


def test_an_individual_phase_needs_an_individual_event(db):
    players = [make_player(f"u{i}") for i in range(8)]
    event = make_event("tressette", players, table_size=4, pairs=True)
    for a, b in combinations(players, 2):
        if a.pk % 2 == 1 and b.pk == a.pk + 1:
            Entry.objects.create(tournament=event, player=a, partner=b, partner_confirmed=True)
    Phase.objects.create(tournament=event, number=1, movement=Phase.Movement.INDIVIDUAL)
    with pytest.raises(services.TournamentError, match="individual"):
        services.tournament_make_schedule(tournament_id=event.pk)


@pytest.fixture
def briscola_duplicate(db):
    """Four pairs of Briscola for four at two tables: one Mitchell round of one duplicate
    board, scored by matchpoints."""
    players = [
        make_player(name) for name in ("ann", "ben", "cal", "dan", "eve", "fay", "gus", "hal")
    ]
    event = make_event(
        "briscola", players, table_size=4, pairs=True,
        duplicate_scoring=Tournament.DuplicateScoring.MATCHPOINTS,
    )  # fmt: skip
    for i in range(4):
        Entry.objects.create(
            tournament=event, player=players[2 * i], partner=players[2 * i + 1],
            partner_confirmed=True,
        )  # fmt: skip
    Phase.objects.create(
        tournament=event, number=1, movement=Phase.Movement.MITCHELL, rounds=2,
        duplicate=True, deals_per_round=1,
    )  # fmt: skip
    services.tournament_close_registration(tournament=event)
    services.tournament_make_schedule(tournament_id=event.pk)
    event.refresh_from_db()
    services.tournament_start_next_round(tournament=event)
    return event


def _play_table(match: Match, rng: random.Random) -> None:
    players = seated(match)
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break
        engine = current_engine(match)
        game_services.match_apply_action(
            match_id=match.pk, player_id=players[engine.to_act].pk,
            action=computer_action(match, engine, rng), seq=match.seq,
        )  # fmt: skip
    services.match_result_record(match_id=match.pk)


def test_the_event_page_hides_a_board_until_both_tables_have_played_it(briscola_duplicate, client):
    event = briscola_duplicate
    first, second = Match.objects.filter(round__tournament=event).order_by("board")
    _play_table(first, random.Random(1))
    page = client.get(event.get_absolute_url()).content.decode()
    assert 'data-testid="phases"' in page and 'data-testid="movement-1"' in page
    assert 'data-testid="board-hidden"' in page and 'data-testid="scorecard-1"' not in page
    results = client.get(f"/tournaments/{event.slug}/results.csv").content.decode()
    assert len(results.strip().splitlines()) == 1  # the header alone
    api = client.get(f"/api/tournaments/{event.slug}/rounds").json()
    assert api["items"][0]["matches"][0]["scores"] == []
    assert client.get(f"/api/tournaments/{event.slug}/scorecards").json()["items"] == []
    assert Standing.objects.filter(tournament=event, played__gt=0).count() == 0

    _play_table(second, random.Random(2))
    page = client.get(event.get_absolute_url()).content.decode()
    assert 'data-testid="board-hidden"' not in page and 'data-testid="scorecard-1"' in page
    assert 'data-testid="percentage-heading"' in page
    cards = client.get(f"/api/tournaments/{event.slug}/scorecards").json()["items"]
    assert [card["board"] for card in cards] == [1, 2]
    csv = client.get(f"/tournaments/{event.slug}/scorecards.csv").content.decode()
    assert len(csv.strip().splitlines()) == 1 + 2 * 2  # a deal line and a total a table
    phases_api = client.get(f"/api/tournaments/{event.slug}/phases").json()
    assert phases_api[0]["movement"] == "mitchell" and len(phases_api[0]["mitchell"]) == 2
    # Matchpoints by hand: two tables, so on the board each direction's better net score
    # earns 2 of 2 (100%), the worse 0 (0%), a tie 1 each (50%).
    for side in (0, 1):
        nets = [
            net(Deal.objects.get(match=m).result, side, get_game("briscola"))
            for m in (first, second)
        ]
        entries = [
            Entry.objects.get(tournament=event, player=seated(m)[side]).pk for m in (first, second)
        ]
        for mine, theirs, entry in ((nets[0], nets[1], entries[0]), (nets[1], nets[0], entries[1])):
            share = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            row = Standing.objects.get(entry_id=entry)
            assert row.match_points == pytest.approx(share)
            assert row.percentage == pytest.approx(100 * share)


def test_the_arbiter_page_records_a_penalty_with_its_reason(briscola_duplicate, client):
    event = briscola_duplicate
    staff = make_player("sam", is_staff=True, is_superuser=True)
    client.force_login(staff)
    url = f"/admin/tournaments/tournament/{event.pk}/arbiter/"
    assert client.get(url).status_code == 200
    entry = event.entries.order_by("pairing_number").first()
    refused = client.post(url, {"kind": "penalty", "entry": entry.pk, "points": "1", "reason": ""})
    assert refused.status_code == 200 and not ArbiterAct.objects.exists()
    done = client.post(
        url, {"kind": "penalty", "entry": entry.pk, "points": "1", "reason": "late to the table"}
    )
    assert done.status_code == 302
    act = ArbiterAct.objects.get()
    assert (act.kind, act.points, act.staff) == (ArbiterAct.Kind.PENALTY, -1.0, staff)
    assert Standing.objects.get(entry=entry).match_points == -1
    page = client.get(event.get_absolute_url()).content.decode()
    assert "late to the table" in page and 'data-testid="event-log"' in page


def test_an_individual_event_is_checked_in_admin_as_four_seats_in_phases(db):
    from django.core.exceptions import ValidationError

    event = Tournament(
        name="Solo", slug="solo", game="tressette", table_size=4, individual=True,
        format=Tournament.Format.ROUND_ROBIN,
    )  # fmt: skip
    with pytest.raises(ValidationError, match="In phases"):
        event.clean()
    event.format, event.pairs = Tournament.Format.PHASES, True
    with pytest.raises(ValidationError, match="table size 4"):
        event.clean()
    event.pairs = False
    event.clean()
