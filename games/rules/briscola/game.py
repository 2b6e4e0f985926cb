"""Briscola for two, three or four players: tricks without following suit, a trump
upcard, a stock.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola"; main
source), ../shared/rules/README.md ("Briscola" rulings, which decide).

How the deck becomes the deal
1. The deck is the 40 codes of the Italian pack, top first. With dealer ``d``
   the non-dealer ``n = (d + 1) % 2`` is the seat to the dealer's left.
2. Cards are dealt one at a time starting with ``n``: ``deck[0]``,
   ``deck[2]``, ``deck[4]`` go to ``n``; ``deck[1]``, ``deck[3]``,
   ``deck[5]`` to the dealer.
3. ``deck[6]`` is the upcard: it lies face up and its suit is trump for the hand.
4. ``deck[7:]`` is the stock, ``deck[7]`` on top (the first card drawn).
5. Play: 20 tricks of two cards. The non-dealer leads the first; the winner of
   a trick leads the next. Any card may be played: there is no obligation to
   follow suit. The higher trump wins; with no trump, the higher card of the
   led suit; a card of another suit never wins. Ranks: A 3 K Q J 7 6 5 4 2.
6. After each of the first 17 tricks both players draw one card, the trick's
   winner first. After the 17th trick the winner draws ``deck[39]``, the last
   card of the stock, and the other player, the last to draw, takes the
   upcard, which stays known to both until played. The last 3 tricks are
   played without drawing.

Action, exactly: ``play XY`` (XY a card code such as ``3D``, ``AS``, ``QH``);
it is the only action.

Scoring and the match are in briscola/scoring.py: 120 card points a hand
(ace 11, 3 10, K 4, Q 3, J 2), 61 wins the hand, 60-60 is drawn; the match
is two hands (the deal alternating) won by the higher total, a tie broken by
one more hand. The module is split in: this one (the game, its options and
the end of the match), briscola/deal.py (one deal's state machine),
briscola/view.py (what a seat or a spectator sees, every key) and
briscola/scoring.py (card tables, hand result, match end).

Three and four players (rulings, "Briscola"; 004): the same procedure with ``n``
seats. Three players use 39 cards (the 2 of clubs removed): 9 cards dealt, the 10th
the upcard, 29 in the stock; 13 tricks. Four players sit as two partnerships,
partners opposite (seats 0 and 2 against 1 and 3), and pool their tricks: 12 cards
dealt, the 13th the upcard, 27 in the stock; 10 tricks. Cards are dealt one at a time
starting left of the dealer; after each trick every player draws one card, the
trick's winner first and then in the order of play, and the last player to draw takes
the upcard; the last three tricks are played without drawing. At four, once the stock
is exhausted each player sees the partner's last three cards (in its own view only,
as ``known_cards`` of the partner). A hand's points are per side (``side_points``;
each partner's ``points`` are the side's); between two sides 61 wins the hand and
60-60 is drawn; among three players the sole highest total wins it. The match
(``two_hands``): two hands at four, the deal passing to the left, and three at three,
each player dealing once; the higher total wins, and equal totals mean exactly one
tie-breaker hand (another single hand after a tie-breaker that leaves them equal), never
another whole round; ``best_of_three`` and ``one_hand`` count hands won by each side.

Decisions the sources and rulings leave open, taken here:
- A tie-breaker hand is dealt by the next dealer in turn (to the left), so at two
  players the first dealer deals the third hand. The totals go on counting through
  tie-breakers: between two sides that makes the tie-breaker's winner the match's;
  at three, all three play it and the higher total after it wins.
- The view does not show an opponent's last cards deduced by counting: only
  the upcard, which everybody saw taken, is shown in its holder's hand.
- Running card points are hidden during the hand (won tricks lie face down);
  the option ``show_points`` shows them.
- Options ``match="best_of_three"`` and ``"one_hand"``, for players who count
  hands won rather than card points: a 60-60 hand counts for nobody.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option, partners_opposite
from games.rules.briscola.deal import BriscolaDeal
from games.rules.briscola.determinize import determinize
from games.rules.briscola.scoring import MATCHES, PACK, PACK_39, TWO_HANDS, match_winner
from games.rules.briscola.view import build_view
from games.rules.cards import Pack

__all__ = ["Briscola", "BriscolaDeal"]


class Briscola(Game):
    """Briscola for two, three (39 cards) or four players (partners opposite) with the
    Italian pack.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola"),
    ../shared/rules/README.md ("Briscola").
    """

    slug = "briscola"
    name = "Briscola"
    seats = (2, 3, 4)
    pack = PACK
    deal_class = BriscolaDeal

    options = {
        "match": Option(
            "match", TWO_HANDS, MATCHES,
            "two_hands: the higher card-point total over two hands (three at three "
            "players) wins, a tie broken by one tie-breaker hand at a time; "
            "best_of_three: first to win two hands; one_hand: the first hand won "
            "decides (a 60-60 hand counts for nobody).",
        ),
        "show_points": Option(
            "show_points", False, (False, True),
            "Show each player's card points won so far during the hand.",
        ),
    }  # fmt: skip

    def pack_for(self, seats: int, options: dict[str, Any]) -> Pack:
        """The 40-card pack, or at three players 39 cards: the 2 of clubs is removed
        (rulings, "Briscola")."""
        return PACK_39 if seats == 3 else PACK

    def sides(self, seats: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
        """At four, two partnerships sitting opposite; otherwise every player alone."""
        return partners_opposite(4) if seats == 4 else super().sides(seats, options)

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """Winning side, or None while the match goes on (the site then deals another hand).

        ``results`` are the ``result()`` of each hand so far. With the default
        ``match="two_hands"`` the deals' ``points`` are card points: after two
        hands (three at three players) the higher total wins, equal totals mean one
        more hand at a time.
        Raises ValueError for bad options.
        Source: ../shared/rules/README.md ("Briscola"), 004 ("Briscola").
        """
        match = self.validate_options(options)["match"]
        seats = len(results[0]["points"]) if results else 2
        return match_winner(self.match_scores(results, options), len(results), match, seats)

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)

    def result_as_it_stands(self, deal: Deal) -> dict[str, Any]:
        """The hand stopped by a round clock, scored as it stands: each side's card points
        in the tricks it has won so far (the cards of a trick not finished count for
        nobody); the hand's winner is the side with the most (none when they are level),
        since 61 cannot be asked of a hand not played out. The result of a finished hand
        (scoring.py's ``hand_result``) with ``"stopped": True``.
        Source: 004 ("Briscola": scoring), ../shared/rules/README.md ("Briscola").
        Raises ValueError for a hand that is over."""
        return self._stopped_result(deal)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A deal consistent with what the viewer knows: briscola/determinize.py."""
        return determinize(self, view, history, options, rng)
