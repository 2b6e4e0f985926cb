"""Swiss, knockout and Danish events run through the services; the tie-breaks an event
chooses; the standings page and its CSV export.

Matches are finished as in test_services.py: the loser resigns, then the result is
recorded (the task the signal queues after commit does the same).
"""

from __future__ import annotations

import csv
import io
import random
import re
from collections import Counter
from itertools import pairwise

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services as game_services
from games.models import Match
from tests.conftest import make_player, make_tournament, seated
from tests.tournaments.test_admin import ADD, CHANGELIST, _form
from tournaments import services
from tournaments.models import Rating, Round, Standing, Tournament
from tournaments.standings import MatchResult, compute_standings

# Helpers ----------------------------------------------------------------------------------


def _players(prefix: str, count: int, *, rated: bool = True):
    """``count`` players; with ``rated`` the first is rated highest (seed 1), and so on."""
    players = [make_player(f"{prefix}{number:02d}") for number in range(1, count + 1)]
    if rated:
        for number, player in enumerate(players):
            Rating.objects.create(player=player, game="spizzichino", rating=2000 - 10 * number)
    return players


def _finish(match: Match, winner_seat: int) -> None:
    """The player at ``1 - winner_seat`` resigns; the result is recorded."""
    game_services.match_resign(match_id=match.pk, player_id=seated(match)[1 - winner_seat].pk)
    services.match_result_record(match_id=match.pk)


def _entry_ids(match: Match) -> list[int]:
    """The entries at seat 0 and seat 1 (one for a bye)."""
    seats = sorted(match.seats.all(), key=lambda seat: seat.number)
    entries = match.round.tournament.entries
    return [entries.get(player_id=seat.player_id).pk for seat in seats]


def _ranked(tournament: Tournament) -> list[int]:
    """Entry ids in standings order, rows sharing a rank by seed."""
    return list(
        Standing.objects.filter(tournament=tournament)
        .order_by("rank", "entry__pairing_number")
        .values_list("entry_id", flat=True)
    )


def _seeds(tournament: Tournament) -> dict[int, int]:
    """Entry id -> seed (pairing number)."""
    return dict(tournament.entries.values_list("pk", "pairing_number"))


def _csv(client, name: str, tournament: Tournament) -> list[dict]:
    response = client.get(reverse(f"tournaments:{name}", args=[tournament.slug]))
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def _rows(html: str, table: str) -> list[str]:
    """The ``data-player`` of each row of the table marked ``data-testid=table``."""
    body = html.split(f'data-testid="{table}"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'data-player="([^"]+)"', body)


# Swiss --------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("size", [9, 16])
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_swiss_of_five_rounds_never_pairs_twice_and_gives_at_most_one_bye_each(size, data):
    with transaction.atomic():  # each example starts from an empty database
        players = _players("sw", size)
        tournament = make_tournament(players, slug="swiss", format="swiss", swiss_rounds=5)
        met: set[frozenset] = set()
        byes: Counter = Counter()
        for number in range(1, 6):
            round_ = services.tournament_start_next_round(tournament=tournament)
            assert round_.number == number
            seen = []
            for match in round_.matches.order_by("board"):
                entries = _entry_ids(match)
                seen += entries
                if match.is_bye:
                    byes[entries[0]] += 1
                    continue
                assert frozenset(entries) not in met, f"round {number} pairs a rematch"
                met.add(frozenset(entries))
                _finish(match, data.draw(st.integers(0, 1), label=f"r{number}b{match.board}"))
            assert sorted(seen) == sorted(_seeds(tournament)), "everyone plays once a round"
        assert sum(byes.values()) == (5 if size % 2 else 0)
        assert max(byes.values(), default=0) <= 1
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_the_swiss_bye_scores_as_a_win_and_goes_to_the_lowest_seed_first():
    players = _players("by", 5)
    tournament = make_tournament(players, slug="swiss", format="swiss", swiss_rounds=3)

    round_ = services.tournament_start_next_round(tournament=tournament)

    bye = round_.matches.get(is_bye=True)
    seeds = _seeds(tournament)
    (resting,) = _entry_ids(bye)
    assert seeds[resting] == max(seeds.values())
    for match in round_.matches.filter(is_bye=False):
        _finish(match, 0)
    row = Standing.objects.get(entry_id=resting)
    winner = Standing.objects.filter(tournament=tournament, wins=1).first()
    assert (row.match_points, row.byes, row.played) == (winner.match_points, 1, 0)


@pytest.mark.django_db
def test_a_swiss_round_waits_for_the_round_before_it(alice, bob, charlie, dave):
    tournament = make_tournament(
        [alice, bob, charlie, dave], slug="swiss", format="swiss", swiss_rounds=2
    )
    services.tournament_start_next_round(tournament=tournament)

    with pytest.raises(services.TournamentError, match="results of round 1"):
        services.tournament_start_next_round(tournament=tournament)

    assert not tournament.rounds.get(number=2).matches.exists()
    assert services.start_due_rounds() == []


@pytest.mark.django_db
def test_a_swiss_of_more_rounds_than_opponents_is_refused(alice, bob, charlie, dave):
    with pytest.raises(services.TournamentError, match="at most 3 Swiss rounds"):
        make_tournament([alice, bob, charlie, dave], format="swiss", swiss_rounds=4)


# Knockout -----------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("size", [5, 8, 13])
def test_a_knockout_runs_to_a_winner_who_never_lost(size):
    players = _players("ko", size)
    tournament = make_tournament(players, slug="knockout", format="knockout")
    seeds = _seeds(tournament)
    slots = 1 << (size - 1).bit_length()
    rng = random.Random(size)
    losses: Counter = Counter()
    alive = set(seeds)
    for number in range(1, tournament.rounds.count() + 1):
        round_ = services.tournament_start_next_round(tournament=tournament)
        ties = [_entry_ids(m) for m in round_.matches.order_by("board").prefetch_related("seats")]
        assert {e for tie in ties for e in tie} == alive, f"round {number}: the winners play"
        if number == 1:
            byes = sorted(seeds[tie[0]] for tie in ties if len(tie) == 1)
            assert byes == list(range(1, slots - size + 1)), "the top seeds have the byes"
            assert len(ties) == slots // 2
        for match in round_.matches.filter(is_bye=False):
            winner_seat = rng.randrange(2)
            _finish(match, winner_seat)
            loser = _entry_ids(match)[1 - winner_seat]
            losses[loser] += 1
            alive.discard(loser)

    tournament.refresh_from_db()
    assert tournament.rounds.count() == (size - 1).bit_length()
    assert tournament.status == Tournament.Status.FINISHED
    assert len(alive) == 1
    assert tournament.winner_id == alive.pop()
    assert losses[tournament.winner_id] == 0
    assert all(losses[e] == 1 for e in seeds if e != tournament.winner_id)


@pytest.mark.django_db
def test_the_first_knockout_round_follows_the_bracket_order():
    players = _players("bo", 8)
    tournament = make_tournament(players, slug="knockout", format="knockout")

    round_ = services.tournament_start_next_round(tournament=tournament)

    seeds = _seeds(tournament)
    pairs = [[seeds[e] for e in _entry_ids(m)] for m in round_.matches.order_by("board")]
    # The standard placement: 1 v 8 and 4 v 5 in the top half, 2 v 7 and 3 v 6 below, so
    # that seeds 1 and 2 can meet only in the final, and 1-4 only from the semi-finals.
    assert pairs == [[1, 8], [4, 5], [2, 7], [3, 6]]


@pytest.mark.django_db
def test_the_third_place_match_is_between_the_losing_semi_finalists():
    players = _players("tp", 4)
    tournament = make_tournament(
        players, slug="knockout", format="knockout", third_place_match=True
    )
    semi = services.tournament_start_next_round(tournament=tournament)
    losers = []
    for match in semi.matches.order_by("board"):
        _finish(match, 1)
        losers.append(_entry_ids(match)[0])

    final_round = services.tournament_start_next_round(tournament=tournament)

    final, third = final_round.matches.order_by("board")
    assert _entry_ids(third) == losers
    assert set(_entry_ids(final)).isdisjoint(losers)
    _finish(final, 0)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # the third-place match is on
    _finish(third, 1)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.winner_id == _entry_ids(final)[0]


# Danish -------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("size", [6, 7])
def test_danish_rounds_pair_one_v_two_three_v_four_from_the_standings(size):
    players = _players("dn", size)
    tournament = make_tournament(
        players, slug="danish", format="danish", danish_rounds=4, danish_avoid_repeats=False
    )
    rng = random.Random(size)
    for number in range(1, 5):
        ranked = _ranked(tournament)
        round_ = services.tournament_start_next_round(tournament=tournament)
        ties = [_entry_ids(m) for m in round_.matches.order_by("board")]
        paired = size - size % 2
        expected = [[ranked[i], ranked[i + 1]] for i in range(0, paired, 2)]
        expected += [[ranked[-1]]] if size % 2 else []  # the last in the standings: the bye
        assert ties == expected, f"round {number}"
        for match in round_.matches.filter(is_bye=False):
            _finish(match, rng.randrange(2))


@pytest.mark.django_db
def test_a_modified_danish_round_skips_an_opponent_already_met():
    """Seeds 1-4; the better seed wins every match. Round 1: 1 beats 2, 3 beats 4.
    Round 2 (1 v 3, 2 v 4): 1 beats 3, 2 beats 4. Standings: 1 (2 points), then 2 and 3
    on 1 point, level on Buchholz (2 + 0 each), median Buchholz (0: two opponents) and
    Sonneborn-Berger (0 each): seed order, 2 then 3; 4 last. Round 3 in order would be
    1 v 2 and 3 v 4, both rematches: 1 meets 4, the first below not yet met, and 2 meets
    3."""
    players = _players("md", 4)
    tournament = make_tournament(players, slug="danish", format="danish", danish_rounds=3)
    seed_of = _seeds(tournament)
    entry = {seed: pk for pk, seed in seed_of.items()}
    for _ in range(2):
        round_ = services.tournament_start_next_round(tournament=tournament)
        for match in round_.matches.all():
            first, second = _entry_ids(match)
            _finish(match, 0 if seed_of[first] < seed_of[second] else 1)  # the better seed

    third = services.tournament_start_next_round(tournament=tournament)

    assert [_entry_ids(m) for m in third.matches.order_by("board")] == [
        [entry[1], entry[4]],
        [entry[2], entry[3]],
    ]


# Refusals -----------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["swiss", "knockout", "danish"])
@pytest.mark.parametrize(
    ("fields", "game"),
    [({"table_size": 3}, "calabrasella"), ({"table_size": 4, "pairs": True}, "tressette")],
)
def test_the_admin_form_refuses_a_pairing_format_for_tables_and_pairs(
    client, staff, fmt, fields, game
):
    client.force_login(staff)
    data = _form(format=fmt, game=game, options="{}", **{k: str(v) for k, v in fields.items()})
    if fields.get("pairs"):
        data["pairs"] = "on"

    response = client.post(ADD, data)

    if fmt == "danish" and fields.get("pairs"):
        # A Danish event may be for pairs (Burraco pairs events, issue #8): accepted.
        assert response.status_code == 302
        assert Tournament.objects.get().pairs
        return
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "two-player matches only" in errors["format"][0]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "error"),
    [("buchholz, nope", "Unknown tie-breaks: nope"), ("wins, wins", "Name each tie-break once")],
)
def test_the_admin_form_refuses_unknown_or_repeated_tie_breaks(client, staff, typed, error):
    client.force_login(staff)

    response = client.post(ADD, _form(tiebreaks=typed))

    assert response.status_code == 200
    assert error in response.context["adminform"].form.errors["tiebreaks"][0]


@pytest.mark.django_db
def test_the_admin_form_saves_the_tie_breaks_in_the_order_typed(client, staff):
    client.force_login(staff)

    response = client.post(
        ADD, _form(format="swiss", swiss_rounds="4", tiebreaks="wins, buchholz, progressive")
    )

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert (tournament.format, tournament.swiss_rounds) == ("swiss", 4)
    assert tournament.tiebreaks == ["wins", "buchholz", "progressive"]


# Tie-breaks on a hand-worked table ----------------------------------------------------------


def won(round_number: int, winner: str, loser: str, points: tuple[int, int]) -> MatchResult:
    return MatchResult(round_number, winner, loser, winner, points[0], points[1])


# Eight entrants, four rounds. Final points: a 2, b 4, c 1, d 0, e 1, f 3, g 3, h 2.
# f and g are level on 3 points and never met:
#   f beat h (2), lost to b (4), beat d (0), beat e (1):
#     Buchholz 2+4+0+1 = 7; median (without 4 and 0) 3; Sonneborn-Berger 2+0+1 = 3;
#     progressive 1+1+2+3 = 7; deal points 19-29+15+31 = +36; wins 3.
#   g lost to c (1), beat e (1), beat a (2), beat h (2):
#     Buchholz 1+1+2+2 = 6; median (without 2 and 1) 3; Sonneborn-Berger 1+2+2 = 5;
#     progressive 0+1+2+3 = 6; deal points -28+34+21+41 = +68; wins 3.
EIGHT = [
    won(1, "e", "d", (56, 17)),
    won(1, "b", "a", (38, 11)),
    won(1, "c", "g", (35, 7)),
    won(1, "f", "h", (45, 26)),
    won(2, "h", "d", (53, 1)),
    won(2, "a", "c", (41, 0)),
    won(2, "g", "e", (38, 4)),
    won(2, "b", "f", (49, 20)),
    won(3, "h", "c", (54, 21)),
    won(3, "g", "a", (35, 14)),
    won(3, "b", "e", (38, 17)),
    won(3, "f", "d", (35, 20)),
    won(4, "f", "e", (57, 26)),
    won(4, "g", "h", (41, 0)),
    won(4, "b", "c", (35, 25)),
    won(4, "a", "d", (35, 15)),
]

# a and b level on 1 point, and a beat b: head-to-head a, deal points b (+50 against -50).
HEAD_TO_HEAD = [
    won(1, "a", "b", (10, 9)),
    won(1, "c", "d", (51, 0)),
    won(2, "b", "d", (51, 0)),
    won(2, "c", "a", (51, 0)),
]

# a won a match by fewer deal points than it conceded; b had a bye: 1 point each,
# a one win to b's none, b's difference 0 to a's -10.
WINS = [won(1, "a", "c", (20, 30)), MatchResult(1, "b", None, "b", bye=True)]


@pytest.mark.parametrize(
    ("results", "order", "first", "second"),
    [
        (EIGHT, ["buchholz"], "f", "g"),
        (EIGHT, ["sonneborn_berger"], "g", "f"),
        (EIGHT, ["progressive"], "f", "g"),
        (EIGHT, ["point_difference"], "g", "f"),
        (EIGHT, ["median_buchholz", "wins", "buchholz"], "f", "g"),
        (EIGHT, ["median_buchholz", "wins", "sonneborn_berger"], "g", "f"),
        (HEAD_TO_HEAD, ["head_to_head", "point_difference"], "a", "b"),
        (HEAD_TO_HEAD, ["point_difference", "head_to_head"], "b", "a"),
        (WINS, ["wins", "point_difference"], "a", "b"),
        (WINS, ["point_difference", "wins"], "b", "a"),
    ],
)
def test_each_tie_break_order_ranks_the_tied_pair_as_worked_by_hand(results, order, first, second):
    entrants = sorted({e for r in results for e in (r.first, r.second) if e is not None})
    for entrants_in in (entrants, entrants[::-1]):  # the entrant list's order decides nothing
        rows = compute_standings(entrants_in, results, order)
        position = {row.entrant: index for index, row in enumerate(rows)}
        rank = {row.entrant: row.rank for row in rows}
        assert position[first] < position[second]
        assert rank[first] < rank[second]


def test_entrants_level_on_every_chosen_tie_break_share_a_rank():
    rows = {r.entrant: r for r in compute_standings("abcdefgh", EIGHT, ["median_buchholz"])}

    assert rows["f"].rank == rows["g"].rank == 2
    assert rows["a"].rank == rows["h"].rank == 4  # 2 points, median Buchholz 4 each


# The standings page, CSV and query counts ---------------------------------------------------


def _swiss_under_way(size: int, slug: str, **fields) -> Tournament:
    """A Swiss of ``size`` players, round 1 finished (seat 0 wins) and round 2 started with
    its first match finished: rows with every tie-break in use."""
    players = _players(slug, size)
    tournament = make_tournament(
        players, slug=slug, format="swiss", swiss_rounds=3, capacity=size, **fields
    )
    round_ = services.tournament_start_next_round(tournament=tournament)
    for match in round_.matches.filter(is_bye=False):
        _finish(match, 0)
    round_ = services.tournament_start_next_round(tournament=tournament)
    _finish(round_.matches.filter(is_bye=False).order_by("board").first(), 1)
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize("size", [8, 40])
@pytest.mark.parametrize(
    ("page", "bound"), [("tournaments:detail", 9), ("tournaments:standings", 2)]
)
def test_the_standings_pages_take_a_fixed_number_of_queries(
    client, alice, django_assert_max_num_queries, size, page, bound
):
    tournament = _swiss_under_way(size, "q")
    client.force_login(alice)

    with django_assert_max_num_queries(bound):
        response = client.get(reverse(page, args=[tournament.slug]))

    assert len(_rows(response.content.decode(), "standings")) == size


@pytest.mark.django_db
@pytest.mark.parametrize("size", [8, 40])
def test_the_csv_exports_take_a_fixed_number_of_queries(
    client, django_assert_max_num_queries, size
):
    tournament = _swiss_under_way(size, "c")

    for name in ("standings_csv", "schedule_csv", "results_csv"):
        with django_assert_max_num_queries(3):
            response = client.get(reverse(f"tournaments:{name}", args=[tournament.slug]))
        assert response.status_code == 200


@pytest.mark.django_db
def test_the_page_shows_a_column_and_a_line_for_each_chosen_tie_break(client):
    tournament = _swiss_under_way(6, "tb", tiebreaks=["progressive", "wins"])

    html = client.get(tournament.get_absolute_url()).content.decode()

    table = html.split('data-testid="standings"', 1)[1].split("</table>", 1)[0]
    headings = re.findall(r'data-tie-break="([a-z_]+)"', table)
    assert headings == ["progressive", "wins"]
    notes = re.findall(r'data-tie-break-note="([a-z_]+)"', html)
    assert notes == ["progressive", "wins"]


@pytest.mark.django_db
def test_the_standings_csv_matches_the_page(client):
    tournament = _swiss_under_way(9, "csv", tiebreaks=["buchholz", "sonneborn_berger"])

    page = client.get(tournament.get_absolute_url()).content.decode()
    rows = _csv(client, "standings_csv", tournament)

    assert [row["player"] for row in rows] == _rows(page, "standings")
    by_name = {
        s.entry.player.username: s
        for s in Standing.objects.filter(tournament=tournament).select_related("entry__player")
    }
    for row in rows:
        standing = by_name[row["player"]]
        assert int(row["rank"]) == standing.rank
        assert float(row["points"]) == standing.match_points
        assert float(row["buchholz"]) == standing.buchholz
        assert float(row["sonneborn_berger"]) == standing.sonneborn_berger
    points = [float(row["points"]) for row in rows]
    assert all(a >= b for a, b in pairwise(points))


@pytest.mark.django_db
def test_the_schedule_and_results_csv_list_every_match_played(client):
    tournament = _swiss_under_way(7, "sr")
    matches = Match.objects.filter(round__tournament=tournament)

    schedule = _csv(client, "schedule_csv", tournament)
    results = _csv(client, "results_csv", tournament)

    assert len(schedule) == matches.count()
    finished = matches.filter(status=Match.Status.FINISHED).exclude(round__status="pending")
    assert len(results) == finished.count()
    for row in results:
        match = finished.get(round__number=int(row["round"]), board=int(row["board"]))
        if match.is_bye:
            assert row["second"] == "" and row["winner"] == row["first"]
        else:
            assert row["winner"] == seated(match)[match.winner_seat].username


@pytest.mark.django_db
def test_the_admin_action_exports_the_standings_of_each_tournament(client, staff):
    first, second = _swiss_under_way(5, "a1"), _swiss_under_way(6, "a2")
    client.force_login(staff)

    response = client.post(
        CHANGELIST,
        {"action": "export_standings_csv", "_selected_action": [first.pk, second.pk]},
    )

    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert Counter(row["tournament"] for row in rows) == {"a1": 5, "a2": 6}


@pytest.mark.django_db
def test_a_knockout_page_shows_its_bracket_and_winner(client):
    players = _players("br", 3)
    tournament = make_tournament(players, slug="knockout", format="knockout")
    for _ in range(2):
        round_ = services.tournament_start_next_round(tournament=tournament)
        for match in round_.matches.filter(is_bye=False):
            _finish(match, 1)

    html = client.get(tournament.get_absolute_url()).content.decode()

    tournament.refresh_from_db()
    bracket = html.split('data-testid="bracket"', 1)[1].split("</table>", 1)[0]
    assert bracket.count("data-tie=") == 3  # two ties of round 1 (one a bye), the final
    assert tournament.winner is not None
    winner = tournament.winner.player.username
    assert f'data-testid="winner">{winner}<' in html.replace("\n", "")
    assert Round.objects.filter(tournament=tournament, status=Round.Status.FINISHED).count() == 2


# Demo data ----------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_demo_has_a_swiss_in_round_two_and_a_knockout_in_round_one():
    from django.core.management import call_command

    call_command("demo", stdout=io.StringIO())

    swiss = Tournament.objects.get(format=Tournament.Format.SWISS)
    knockout = Tournament.objects.get(format=Tournament.Format.KNOCKOUT)
    for tournament, live in ((swiss, 2), (knockout, 1)):
        statuses = dict(tournament.rounds.values_list("number", "status"))
        assert statuses[live] == Round.Status.STARTED
        assert all(statuses[n] == Round.Status.FINISHED for n in range(1, live))
        assert all(statuses[n] == Round.Status.PENDING for n in statuses if n > live)
        matches = Match.objects.filter(round__tournament=tournament, round__number=live)
        assert matches.filter(status=Match.Status.IN_PROGRESS).count() == 4  # eight players
    rows = Standing.objects.filter(tournament=swiss)
    assert sorted(rows.values_list("match_points", flat=True)) == [0.0] * 4 + [1.0] * 4
