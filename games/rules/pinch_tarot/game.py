"""Pinch Tarot (taròcchi à pessigo, chinze): the two-handed Ligurian tarot game.

Source: ../shared/rules/sources/003_7513308a0e62a486.txt (the rules),
../shared/rules/README.md ("Pinch Tarot" rulings, which decide).

How the deck becomes the hand
1. The deck is the 78 codes of the tarot pack (cards.TAROT_78), top first,
   as it lies after the shuffle and the cut. The elder hand is the dealer's
   opponent, seat ``(dealer + 1) % 2``.
2. Fifteen cards each, in groups of five, the elder hand first:
   ``deck[0:5]``, ``deck[10:15]``, ``deck[20:25]`` to the elder hand,
   ``deck[5:10]``, ``deck[15:20]``, ``deck[25:30]`` to the dealer.
3. ``deck[30:78]`` is the talon, face down, ``deck[30]`` on top.
4. Play: 39 tricks of two cards. The elder hand leads the first, the winner
   of a trick leads the next. After each of the first 24 tricks the winner
   draws the talon's top card and the other player the next; both cards are
   shown to the table. The last 15 tricks are played without drawing.
5. Following (tricks.TarotTricks, shared by tarot games): follow the
   suit led; void, play a trump; to a trump lead, play a higher trump if you
   have one, else a lower one; with no trump, any card. The fool may always
   be played, and a fool lead may be answered with any card. The highest
   trump wins, else the highest card of the suit led; the fool always loses.
6. The fool stays with its player, who gives in exchange the lowest-valued
   card of the next trick they win (done by the engine); if they win none,
   the fool goes to the opponent at the end of the hand.
7. Before playing to a trick, leading or following, the player to act may
   announce melds (pinch_tarot/melds.py), any number, one action each.

Actions, exactly: ``play XY`` (XY a card code: ``CH`` the cavalier of
hearts, ``10C``, ``21T``, ``FOOL``) and ``meld <kind> <cards>``:
``meld tarocchi 1T 4T 5T ...`` (10 or more trumps, by number),
``meld gatti 1T 20T FOOL``, ``meld family JD CD QD KD`` (courts J C Q K),
``meld four KC KD KH KS`` and ``meld three KC KD KS`` (suits C D H S).

The taròcchi is one choice whose cards the player picks: ``legal_actions``
offers a single ``meld tarocchi ...`` naming every trump held (listed when a
taròcchi may be announced: 10 or more trumps held, more than shown before),
and ``apply`` accepts ``meld tarocchi`` followed by any choice of the trumps
held, each once, by number from the lowest, at least 10 and more than the
player showed before. A bad choice is refused with IllegalAction:
``meld_too_few_trumps`` (under 10), ``tarocchi_not_more`` (no more than the
best shown), ``meld_cards_not_held`` (a trump not held), ``malformed`` (not a
trump, a repeat, out of order). Listing every choice would offer thousands
(4,944 with 15 trumps) and make the view sent to that player some 260 KB.
Bots and random play take the entry offered: every trump held scores the
most points, and a taròcchi shown again scores only the trumps added, so
showing fewer only hides cards (the heuristic took the largest before too).

View (pinch_tarot/view.py has the full shape): game, viewer, seats, dealer,
phase ("play" | "over"), to_act, legal_actions, players (seat, hand,
hand_count, known_cards, captured_count, tricks_won, melds, meld_points,
points_so_far), leader, trick, last_trick, last_draws, stock_count,
tricks_played, fool (owner, status "pending" | "exchanged" | "given", card),
result.

Scoring (pinch_tarot/scoring.py): trick points (cards counted by threes plus
card points, 78 a hand between the two), meld points, and 20 for Bagatto
urtimo (trump 1 in the last trick, to the winner of that trick). A match is
2 hands (option ``hands``: 2 or 4), the deal alternating; the higher total
wins. The module is split in: this one (the game, its options and the end
of the match), pinch_tarot/deal.py (one hand's state machine),
pinch_tarot/melds.py (melds), pinch_tarot/view.py (what a seat or a
spectator sees, every key) and pinch_tarot/scoring.py (card tables, points).

Decisions the sources and rulings leave open, taken here:
- Equal totals after the match's hands: two more hands, so that each player
  deals one more (003: a game is an even number of hands), until they differ.
- The cut is part of the shuffle: the deck given is the order after it.
- The fool's exchange card: the lowest card points of the trick; on a tie a
  suit card before a trump, then the weaker card.
- Drawn and melded cards are public: the opponent and spectators see them in
  ``known_cards`` until they are played.
- A taròcchi announced again must show more trumps than the best before and
  scores the difference; the trumps shown need not include earlier ones.
- A player holding the four courts of a rank may announce the four (10) or any
  three of them (5, then the four for 5 more); a three cannot be announced
  again, even with other cards, once it or the four has scored.
- ``legal_actions`` offers a taròcchi as one entry (every trump held) rather
  than every choice of trumps (3,003 tens alone among 15 trumps); a client
  builds the string from the trumps the player selects.
- Running trick points are not shown during the hand (capture piles lie face
  down); ``points_so_far`` holds the melds, as the score sheet does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option
from games.rules.matches import higher_total_after
from games.rules.pinch_tarot.deal import PinchTarotDeal
from games.rules.pinch_tarot.determinize import determinize
from games.rules.pinch_tarot.scoring import PACK
from games.rules.pinch_tarot.view import build_view

__all__ = ["PinchTarot", "PinchTarotDeal"]


class PinchTarot(Game):
    """Pinch Tarot for two players with the 78-card tarot pack.

    Source: ../shared/rules/sources/003_7513308a0e62a486.txt, ../shared/rules/README.md.
    """

    slug = "pinch-tarot"
    name = "Pinch Tarot"
    seats = (2,)
    pack = PACK
    deal_class = PinchTarotDeal

    options = {
        "hands": Option(
            "hands", 2, (2, 4),
            "Hands in the match: 2 or 4; the higher total wins, equal totals "
            "play two more hands.",
        ),
    }  # fmt: skip

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """The higher total after the match's hands, None while the match goes on; equal
        totals play two more hands (``matches.higher_total_after``), so that each
        player deals one more (003: "A game consists of an even number of hands").

        ``results`` are the ``result()`` of each hand so far. Raises ValueError
        for bad options. Source: ../shared/rules/README.md ("Pinch Tarot": match),
        ../shared/rules/sources/003_7513308a0e62a486.txt ("Hands", "Scoring").
        """
        hands = self.validate_options(options)["hands"]
        return higher_total_after(self.match_scores(results, options), len(results), hands, 2)

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The hand's actions as ``seat`` saw them: all of them, since every action of Pinch
        Tarot is public (cards played face up, melds shown; the draws are the engine's and
        shown to the table)."""
        return list(deal.actions)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A hand consistent with what the viewer of ``view`` saw, the cards it has not seen
        placed at random (determinize.py gives the procedure). Raises ValueError for a view
        that is not of this game or that no hand fits."""
        return determinize(self, view, history, options, rng)
