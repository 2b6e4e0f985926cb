"""Berger tables against the FIDE handbook, and the schedules built on them."""

import doctest
from collections import Counter
from itertools import combinations

import pytest

from tournaments.pairing import Pairing, berger, berger_rounds, round_robin_schedule

# FIDE Handbook C.05 Annex 1, typed from the printed tables: one line per round,
# (white, black) by pairing number. For an odd count the highest number is the bye.
FIDE_3_OR_4 = [
    [(1, 4), (2, 3)],
    [(4, 3), (1, 2)],
    [(2, 4), (3, 1)],
]
FIDE_5_OR_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_7_OR_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]
FIDE_9_OR_10 = [
    [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
    [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
    [(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)],
    [(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)],
    [(3, 10), (4, 2), (5, 1), (6, 9), (7, 8)],
    [(10, 8), (9, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 10), (5, 3), (6, 2), (7, 1), (8, 9)],
    [(10, 9), (1, 8), (2, 7), (3, 6), (4, 5)],
    [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)],
]

SIX = ["alice", "bob", "charlie", "dora", "eve", "frank"]
SIZES = range(2, 17)


def colours(schedule: list[list[Pairing]]) -> dict[object, list[str]]:
    """Each entrant's colours in round order, byes left out."""
    seen: dict[object, list[str]] = {}
    for round_ in schedule:
        for p in round_:
            if not p.bye:
                seen.setdefault(p.first_seat, []).append("W")
                seen.setdefault(p.second_seat, []).append("B")
    return seen


def longest_streak(sequence: list[str]) -> int:
    longest = run = 0
    for i, colour in enumerate(sequence):
        run = run + 1 if i and colour == sequence[i - 1] else 1
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize(
    ("n", "table"),
    [
        (3, FIDE_3_OR_4),
        (4, FIDE_3_OR_4),
        (5, FIDE_5_OR_6),
        (6, FIDE_5_OR_6),
        (7, FIDE_7_OR_8),
        (8, FIDE_7_OR_8),
        (9, FIDE_9_OR_10),
        (10, FIDE_9_OR_10),
    ],
)
def test_generated_tables_equal_the_printed_fide_tables(n, table):
    assert berger_rounds(n) == table


def test_two_participants_play_one_round():
    assert berger_rounds(2) == [[(1, 2)]]


@pytest.mark.parametrize("n", [-1, 0, 1])
def test_fewer_than_two_participants_are_refused(n):
    with pytest.raises(ValueError, match="at least 2"):
        berger_rounds(n)


def test_the_docstring_examples_hold():
    assert doctest.testmod(berger).failed == 0


def test_six_entrants_are_seated_as_the_fide_table_says():
    schedule = round_robin_schedule(SIX, double=False)

    assert [[(p.first_seat, p.second_seat) for p in r] for r in schedule] == [
        [(SIX[w - 1], SIX[b - 1]) for w, b in round_] for round_ in FIDE_5_OR_6
    ]
    assert schedule[1] == [
        Pairing(2, 1, "frank", "dora", bye=False),
        Pairing(2, 2, "eve", "charlie", bye=False),
        Pairing(2, 3, "alice", "bob", bye=False),
    ]


def test_with_five_entrants_whoever_meets_number_six_has_the_bye():
    five = SIX[:5]
    schedule = round_robin_schedule(five, double=False)

    byes = [[p.first_seat for p in r if p.bye] for r in schedule]
    expected = [[five[min(w, b) - 1] for w, b in r if 6 in (w, b)] for r in FIDE_5_OR_6]
    assert byes == expected == [["alice"], ["dora"], ["bob"], ["eve"], ["charlie"]]
    assert schedule[1][-1] == Pairing(2, 3, "dora", None, bye=True)
    assert [(p.first_seat, p.second_seat) for p in schedule[1][:-1]] == [
        ("eve", "charlie"),
        ("alice", "bob"),
    ]


def test_a_double_round_robin_swaps_the_last_two_rounds_and_then_reverses_colours():
    schedule = round_robin_schedule(SIX, double=True)
    order = [*FIDE_5_OR_6[:3], FIDE_5_OR_6[4], FIDE_5_OR_6[3]]

    as_pairs = [[(p.first_seat, p.second_seat) for p in r] for r in schedule]
    assert as_pairs[:5] == [[(SIX[w - 1], SIX[b - 1]) for w, b in r] for r in order]
    assert as_pairs[5:] == [[(SIX[b - 1], SIX[w - 1]) for w, b in r] for r in order]
    assert [r[0].round_number for r in schedule] == list(range(1, 11))


def test_without_the_swap_someone_would_get_three_blacks_in_a_row():
    # The reason for FIDE's recommendation: plain table + reversed table gives
    # player 1 Black in rounds 5, 6 and 7 of a six-player double round robin.
    plain = FIDE_5_OR_6 + [[(b, w) for w, b in r] for r in FIDE_5_OR_6]
    player_1 = ["W" if w == 1 else "B" for r in plain for w, b in r if 1 in (w, b)]
    assert player_1[4:7] == ["B", "B", "B"]


@pytest.mark.parametrize("n", range(5, 17))
def test_nobody_has_three_consecutive_same_colours_in_a_double_round_robin(n):
    schedule = round_robin_schedule(list(range(n)), double=True)
    assert max(longest_streak(c) for c in colours(schedule).values()) == 2


def test_with_four_entrants_the_fide_swap_still_leaves_two_streaks_of_three():
    # Rounds 1, 3, 2 then reversed: bob plays W W B | B B W, dora B B W | W W B.
    schedule = round_robin_schedule(SIX[:4], double=True)
    streaks = {entrant: longest_streak(c) for entrant, c in colours(schedule).items()}
    assert streaks == {"alice": 1, "bob": 3, "charlie": 1, "dora": 3}


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_exactly_once_in_a_single_round_robin(n):
    schedule = round_robin_schedule(list(range(n)), double=False)
    meetings = Counter(
        frozenset((p.first_seat, p.second_seat)) for r in schedule for p in r if not p.bye
    )
    assert meetings == Counter(frozenset(pair) for pair in combinations(range(n), 2))


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_twice_in_a_double_round_robin_once_with_each_colour(n):
    schedule = round_robin_schedule(list(range(n)), double=True)
    games = Counter((p.first_seat, p.second_seat) for r in schedule for p in r if not p.bye)
    assert games == Counter({(a, b): 1 for a in range(n) for b in range(n) if a != b})


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("n", SIZES)
def test_everyone_appears_exactly_once_in_every_round(n, double):
    for round_ in round_robin_schedule(list(range(n)), double=double):
        seated = [p.first_seat for p in round_] + [p.second_seat for p in round_ if not p.bye]
        assert sorted(seated) == list(range(n))
        assert [p.board for p in round_] == list(range(1, len(round_) + 1))


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("n", range(3, 17, 2))
def test_an_odd_count_gives_everyone_one_bye_per_cycle_on_the_last_board(n, double):
    schedule = round_robin_schedule(list(range(n)), double=double)
    byes = Counter(p.first_seat for r in schedule for p in r if p.bye)
    assert byes == Counter({entrant: 2 if double else 1 for entrant in range(n)})
    assert all(r[-1].bye and r[-1].second_seat is None for r in schedule)


@pytest.mark.parametrize("n", range(2, 17, 2))
def test_an_even_count_gives_no_byes(n):
    schedule = round_robin_schedule(list(range(n)), double=True)
    assert not any(p.bye for r in schedule for p in r)


@pytest.mark.parametrize("n", range(2, 17, 2))
def test_colours_differ_by_exactly_one_for_an_even_count(n):
    for sequence in colours(round_robin_schedule(list(range(n)), double=False)).values():
        assert abs(sequence.count("W") - sequence.count("B")) == 1


@pytest.mark.parametrize("n", SIZES)
def test_colours_balance_exactly_over_a_double_round_robin(n):
    for sequence in colours(round_robin_schedule(list(range(n)), double=True)).values():
        assert sequence.count("W") == sequence.count("B")


def test_an_entrant_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        round_robin_schedule(["alice", "bob", "alice"], double=False)


@pytest.mark.parametrize("entrants", [[], ["alice"]])
def test_fewer_than_two_entrants_are_refused(entrants):
    with pytest.raises(ValueError, match="at least 2"):
        round_robin_schedule(entrants, double=False)
