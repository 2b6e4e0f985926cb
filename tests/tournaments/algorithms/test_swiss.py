"""Swiss pairing by maximum-weight matching (tournaments/pairing/swiss.py) and the
tie-breaks (tournaments/tiebreaks.py)."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tournaments.tiebreaks
from tournaments.pairing.swiss import (
    SwissEntrant,
    SwissPairingError,
    choose_bye,
    pair_round,
)
from tournaments.tiebreaks import Game, rank, tie_breaks


def _simulate(n: int, rounds: int, seed: int):
    """A whole Swiss event with random results; yields each round's entrants and pairing."""
    rng = random.Random(seed)
    state = {
        i: {"score": 0.0, "opp": set(), "bye": False, "firsts": 0, "seconds": 0, "last": None}
        for i in range(n)
    }
    for _ in range(rounds):
        entrants = [
            SwissEntrant(
                i, s["score"], i + 1, frozenset(s["opp"]), s["bye"], s["firsts"], s["seconds"],
                s["last"],
            )
            for i, s in state.items()
        ]  # fmt: skip
        pairing = pair_round(entrants)
        yield entrants, pairing
        if pairing.bye is not None:
            state[pairing.bye]["score"] += 1
            state[pairing.bye]["bye"] = True
        for first, second in pairing.pairs:
            result = rng.choice([1.0, 0.5, 0.0])
            state[first]["score"] += result
            state[second]["score"] += 1 - result
            state[first]["opp"].add(second)
            state[second]["opp"].add(first)
            state[first]["firsts"] += 1
            state[second]["seconds"] += 1
            state[first]["last"], state[second]["last"] = 0, 1


def _best_score_cost(players: list[SwissEntrant]) -> float:
    """The least sum of squared score differences of any rematch-free perfect pairing
    (brute force, for small fields)."""
    if not players:
        return 0.0
    first, rest = players[0], players[1:]
    best = float("inf")
    for k, other in enumerate(rest):
        if other.entrant in first.opponents:
            continue
        cost = (first.score - other.score) ** 2 + _best_score_cost(rest[:k] + rest[k + 1 :])
        best = min(best, cost)
    return best


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 9), seed=st.integers(0, 10**6))
def test_no_rematch_one_bye_each_and_equal_scores_meet_as_far_as_possible(n, seed):
    rounds = min(n - 1, 4)
    byes = []
    try:
        for entrants, pairing in _simulate(n, rounds, seed):
            by_id = {e.entrant: e for e in entrants}
            seated = [x for pair in pairing.pairs for x in pair]
            if pairing.bye is not None:
                seated.append(pairing.bye)
                byes.append(pairing.bye)
                eligible = [e for e in entrants if not e.had_bye]
                lowest = min(eligible, key=lambda e: (e.score, -e.rank))
                assert pairing.bye == lowest.entrant
            assert sorted(seated) == list(range(n))
            for a, b in pairing.pairs:
                assert b not in by_id[a].opponents
            players = [e for e in entrants if e.entrant != pairing.bye]
            cost = sum((by_id[a].score - by_id[b].score) ** 2 for a, b in pairing.pairs)
            assert cost == pytest.approx(_best_score_cost(players))
    except SwissPairingError:
        pass  # a small field can run out of rematch-free pairings; refused, not violated
    assert len(byes) == len(set(byes))


def test_the_top_half_meets_the_bottom_half_in_round_one():
    entrants = [SwissEntrant(i, 0.0, i + 1) for i in range(8)]
    pairs = {frozenset(p) for p in pair_round(entrants).pairs}
    assert pairs == {frozenset((0, 4)), frozenset((1, 5)), frozenset((2, 6)), frozenset((3, 7))}


def test_seats_go_to_the_entrant_due_the_first_seat():
    a = SwissEntrant("a", 1.0, 1, frozenset({"x"}), firsts=1, seconds=0, last_seat=0)
    b = SwissEntrant("b", 1.0, 2, frozenset({"y"}), firsts=0, seconds=1, last_seat=1)
    assert pair_round([a, b]).pairs == (("b", "a"),)


def test_the_bye_and_impossible_rounds_are_refused_clearly():
    assert choose_bye([SwissEntrant("a", 0, 1), SwissEntrant("b", 0, 2)]) is None
    with pytest.raises(SwissPairingError):
        choose_bye([SwissEntrant("a", 0, 1, had_bye=True)])
    met = [
        SwissEntrant("a", 1, 1, frozenset({"b"})),
        SwissEntrant("b", 0, 2, frozenset({"a"})),
    ]
    with pytest.raises(SwissPairingError):
        pair_round(met)
    with pytest.raises(ValueError):
        pair_round([SwissEntrant("a", 0, 1), SwissEntrant("a", 0, 2)])


def test_tie_breaks_by_hand_and_their_doctests():
    games = [
        Game(1, "a", "b", 1), Game(1, "c", "d", 0.5),
        Game(2, "a", "c", 0.5), Game(2, "d", "b", 1),
        Game(3, "a", "d", 0), Game(3, "b", "c", 0),
    ]  # fmt: skip
    # Scores: a 1.5, b 0, c 2, d 2.5.
    t = tie_breaks("abcd", games)
    assert [t[e]["score"] for e in "abcd"] == [1.5, 0.0, 2.0, 2.5]
    assert t["a"]["buchholz"] == 0 + 2 + 2.5
    assert t["a"]["median_buchholz"] == 2.0
    assert t["a"]["sonneborn_berger"] == 0 + 0.5 * 2
    assert t["a"]["progressive"] == 1 + 1.5 + 1.5
    assert rank("abcd", games) == ["d", "c", "a", "b"]
    tied = [Game(1, "a", "b", 1), Game(2, "b", "a", 1)]
    t = tie_breaks("ab", tied)
    assert t["a"]["head_to_head"] == t["b"]["head_to_head"] == 1.0
    unmet = tie_breaks("abcd", [Game(1, "a", "b", 1), Game(1, "c", "d", 1)])
    assert unmet["a"]["head_to_head"] is None  # tied with c, whom a has not met
    with pytest.raises(ValueError):
        rank("ab", tied, order=("koya",))
    assert doctest.testmod(tournaments.tiebreaks).failed == 0
