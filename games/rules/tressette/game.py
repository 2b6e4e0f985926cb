"""Tressette for four players in two partnerships: following suit, no trumps, accusi.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette"; main source),
../shared/rules/README.md (General rulings; "Tressette" rulings, which decide).

How the deck becomes the deal
1. The deck is the 40 codes of the Italian pack, top first. Seats play in turn (seat
   ``s + 1`` after seat ``s``, "to the left"); partners sit opposite: seats 0 and 2 are
   side 0, seats 1 and 3 side 1. With dealer ``d`` the seat ``(d + 1) % 4`` is the
   dealer's left.
2. The whole deck is dealt one card at a time starting with the dealer's left:
   ``deck[i]`` goes to seat ``(d + 1 + i) % 4``, ten cards each.
3. The engine finds each hand's accusi at once (three or four aces, 2s or 3s; the
   napoli, 3-2-A of one suit). A seat holding any is shown to all as having "good play";
   what it holds is announced, and counted for its side, when that seat wins its first
   trick; a seat that never wins a trick never announces and its accusi count nothing.
4. Play: ten tricks of four cards. The dealer's left leads the first trick (004); each
   player must follow suit if able, else may play any card; the highest card of the
   led suit wins (3 2 A K Q J 7 6 5 4, Cavallo ``Q`` above Fante ``J``; no trumps) and its
   winner leads the next.

Actions, exactly (only the seat to act acts)
- ``play XY``: play the card XY (a code such as ``3D``). This ends the seat's turn.
- Signals (option ``signals``, on by default), which do not use the turn: the seat
  stays to act, and every signal is shown to all. Each kind at most once a turn.
  - ``busso``: the leader, before leading, asks the partner to play their best card of
    the suit about to be led.
  - ``striscio N``: a follower announces holding N cards of the led suit (N is the true
    count, before playing; only that N is legal).
  - ``volo N``: the seat announces holding exactly N (0, 1 or 2) cards of some suit,
    without naming it (legal only when true).

Scoring (scoring.py), in thirds kept exactly: each 3, 2 and court 1 third, each ace 3,
the last trick 3 (35 a deal); a side scores its thirds // 3 (the remainder dropped) plus
its announced accusi (four of a kind 4, three of a kind 3, napoli 3): 11 card points a
deal. The match (option ``target``: 21, 31 default, 41) ends after the deal in which a
side reaches the target; the higher total wins.

Decisions the sources and rulings leave open, taken here:
- Cards are dealt one at a time (004 gives no packets); the deal passes to the left,
  to the next seat (General rulings: "to the next seat unless stated").
- 004 plays to the left "for simplicity"; so does the site.
- A card may count in a set and a napoli at once (004's "three aces and a nap").
- An announcement names the kind and the rank, not the suits (004: "four 2s", "three
  aces and a nap"); a "four X" makes those four cards known in that hand.
- Ties at the target: when both sides reach the target in the same deal the higher
  total wins; equal totals at or over the target mean another deal. The match is never
  stopped in the middle of a deal (004 scores "after all ten tricks").
- Signals are made on one's own turn (the one seat that acts), before playing; 004's
  "at any time" becomes "on any of one's turns". They are checked against the hand, so
  they are always true, as the site plays with the cards of each seat.
- Option ``signals=False`` plays without signals (no talking), a common club rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option, partners_opposite
from games.rules.tressette.deal import TressetteDeal
from games.rules.tressette.determinize import determinize
from games.rules.tressette.scoring import PACK, TARGETS, match_winner
from games.rules.tressette.view import build_view


class Tressette(Game):
    """Tressette for four players in two partnerships with the 40-card Italian pack.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette"),
    ../shared/rules/README.md ("Tressette").
    """

    slug = "tressette"
    name = "Tressette"
    seats = (4,)
    pack = PACK
    deal_class = TressetteDeal

    options = {
        "target": Option(
            "target", 31, TARGETS,
            "Points a side needs to win the match; it ends after the deal in which a "
            "side reaches them, the higher total winning (equal totals: another deal).",
        ),
        "signals": Option(
            "signals", True, (True, False),
            "Allow the signals of 004 (busso, striscio, volo), shown to all.",
        ),
    }  # fmt: skip

    def sides(self, seats: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
        """Partners sit opposite: ``((0, 2), (1, 3))`` (004: the turn alternates sides)."""
        return partners_opposite(seats)

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal``: view.py's ``build_view``."""
        return build_view(deal, seat)

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """Winning side (0: seats 0 and 2, 1: seats 1 and 3), or None while the match goes
        on. ``results`` are the ``result()`` of each deal so far; their ``side_points``
        add up to the match totals. Raises ValueError for bad options.
        Source: 004 ("Scoring": first partnership to 31 or more); the tie rule is this
        site's (module docstring).
        """
        target = self.validate_options(options)["target"]
        return match_winner(self.match_scores(results, options), target)

    def result_as_it_stands(self, deal: Deal) -> dict[str, Any]:
        """The deal stopped by a round clock, scored as it stands: each side's thirds in the
        tricks it has won so far (``thirds // 3``, the remainder dropped), without the last
        trick's three thirds (no trick has been the last), plus the accusi announced so far;
        the cards of a trick not finished count for nobody. The result of a finished deal
        (scoring.py's ``deal_result``, ``last_trick`` None) with ``"stopped": True``.
        Source: 004 ("Tresette": "Scoring"), ../shared/rules/README.md ("Tressette").
        Raises ValueError for a deal that is over."""
        return self._stopped_result(deal)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A deal consistent with what the viewer knows: tressette/determinize.py."""
        return determinize(self, view, history, options, rng)
