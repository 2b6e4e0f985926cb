"""The standings' line on the wins tie-break says what it counts: a match won by the
opponent's resignation or forfeit is a win, a bye is not (tournaments/standings.py
``_tally``), in English and in Italian (issue 34)."""

from __future__ import annotations

from django.utils import translation

from tournaments.models import TIE_BREAK_HELP, TieBreak
from tournaments.standings import MatchResult, tie_break_values


def test_the_wins_tie_break_counts_a_resignation_and_says_so():
    values = tie_break_values(
        ["a", "b"],
        [
            MatchResult(
                round_number=1,
                first="a",
                second="b",
                winner="a",
                first_deal_points=0,
                second_deal_points=0,
            )
        ],
    )
    assert values["a"]["wins"] == 1  # a match won on resignation scores no deal points
    with translation.override("en"):
        assert "resignation or forfeit" in str(TIE_BREAK_HELP[TieBreak.WINS])
        assert "at the table" not in str(TIE_BREAK_HELP[TieBreak.WINS])
    with translation.override("it"):
        assert "abbandono o forfeit" in str(TIE_BREAK_HELP[TieBreak.WINS])
