"""Tute for four players in two partnerships, with the 40-card Spanish pack.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tute"; main source),
../shared/rules/README.md ("Tute" rulings, which decide).

The pack: the Spanish 40 on the suit codes (../shared/DESIGN.md, "Card codes"): ``D``
oros, ``H`` copas, ``S`` espadas, ``C`` bastos; ranks ``A`` as, ``2``-``7``, ``J`` sota,
``Q`` caballo, ``K`` rey. Ranking in every suit, highest first: A 3 K Q J 7 6 5 4 2.

How the deck becomes the deal
1. Seats are numbered in the order of play (004: play goes round to the right, so seat
   ``d + 1`` is the dealer's right-hand neighbour); partners sit opposite: seats 0 and 2
   against 1 and 3.
2. All 40 cards are dealt one at a time, ``deck[0]`` to seat ``d + 1``, and so on round
   the table; ``deck[39]``, the last card, is the dealer's. It is shown to all and its
   suit is trump for the hand; the dealer keeps it (it stays shown until played).
3. Seat ``d + 1`` leads the first trick; the winner of a trick leads the next.

Following (rulings): you must follow suit and beat the winning card of that suit if you
can (if the trick is already trumped, any card of the suit); void, you must trump,
overtrumping if you can (with trumps but none higher, any trump); with neither the suit
led nor a trump, any card. The highest trump wins a trick, else the highest card of the
suit led.

Declarations (rulings): after winning a trick, before leading to the next, the winner
may make one declaration: ``las cuarenta`` (K and Q of trumps, 40), a ``veinte`` (K and Q
of another suit, 20), or a ``tute`` (all four kings), which wins the hand at once. While
a player holds the cuarenta undeclared, it must be the first declaration they make;
after a veinte of their side the cuarenta can no longer be declared. Each marriage is
declared once; the declared cards are shown to all until played.

Actions, exactly: ``play XY`` (a card code); ``declare cuarenta``; ``declare veinte S``
(the suit: C, D, H or S); ``declare tute``.

A hand: each side's card points (A 11, 3 10, K 4, Q 3, J 2) + declarations + 10 for the
last trick; the higher total wins the hand, equal totals draw it (a tute wins it at
once). The match: ``hands`` hands (option, default 5); the side with more hands won
wins; while the hands won are level (drawn hands), one more hand at a time.
The deal passes to the next seat in the order of play.

Decisions the sources and rulings leave open, taken here:
- Following: with trumps but none that beats a trump already in the trick, any trump
  must still be played (the ruling says "void, you must trump"); "any card" only when
  holding neither the suit led nor a trump.
- "After a veinte the cuarenta can no longer be declared" applies to the side that made
  the veinte; a player holding the cuarenta cannot declare a veinte before it.
- A player may declare only in the turn right after winning a trick (not on the first
  lead of the hand, which follows no trick).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option, partners_opposite
from games.rules.tute.deal import TuteDeal
from games.rules.tute.determinize import determinize
from games.rules.tute.scoring import PACK, match_winner
from games.rules.tute.view import build_view

__all__ = ["Tute", "TuteDeal"]


class Tute(Game):
    """Tute for four in partnerships, partners opposite.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tute"),
    ../shared/rules/README.md ("Tute").
    """

    slug = "tute"
    name = "Tute"
    seats = (4,)
    pack = PACK
    deal_class = TuteDeal

    options = {
        "hands": Option(
            "hands", 5, (1, 3, 5, 7, 9),
            "Hands in the match: the side that wins more of them wins (drawn hands do not "
            "count; while level, one more hand is played).",
        ),
    }  # fmt: skip

    def sides(self, seats: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
        """Two partnerships, partners opposite: ((0, 2), (1, 3))."""
        return partners_opposite(seats)

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """The side that has won more of the match's hands once they are played, or None
        while the match goes on (also while the hands won are level). Raises ValueError
        for bad options. Source: ../shared/rules/README.md ("Tute")."""
        hands = self.validate_options(options)["hands"]
        return match_winner(self.match_scores(results, options), len(results), hands)

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)

    def result_as_it_stands(self, deal: Deal) -> dict[str, Any]:
        """The hand stopped by a round clock, scored as it stands: each side's card points
        in the tricks won so far and its declarations, without the 10 of the last trick (no
        trick has been the last); the higher total wins the hand, equal totals draw it.
        The cards of a trick not finished count for nobody. The result of a finished hand
        (scoring.py's ``hand_result``) with ``"stopped": True``.
        Source: 004 ("Tute": scoring), ../shared/rules/README.md ("Tute").
        Raises ValueError for a hand that is over."""
        return self._stopped_result(deal)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A deal consistent with what the viewer knows: tute/determinize.py."""
        return determinize(self, view, history, options, rng)
