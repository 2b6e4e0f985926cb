"""Calabrasella for three players: one declarer against two, a called card, a widow.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella"; main
source), ../shared/rules/README.md (General rulings; "Calabrasella" rulings,
which decide).

How the deck becomes the deal
1. The deck is the 40 codes of the Italian pack, top first. Seats play in turn
   (seat ``s + 1`` after seat ``s``, "to the left"); with dealer ``d`` the seat
   ``(d + 1) % 3`` is the dealer's left.
2. ``deck[0:36]`` are dealt one at a time starting with the dealer's left:
   ``deck[i]`` goes to seat ``(d + 1 + i) % 3``, twelve cards each.
3. ``deck[36:40]`` are the widow (monte), face down.

The hand, and the action spelling, exactly
- Bidding (phase ``bid``), from the dealer's left: ``play`` or ``pass``. The
  first ``play`` ends the bidding: that seat is the declarer, the two others the
  defenders. If all three pass, the hand ends unplayed (no chips) and the deal
  passes to the left.
- Call (``call``): ``call XY``, XY a 3 the declarer lacks, or, when he holds
  all four 3s, a 2 he lacks. If a defender holds it, the engine hands it to the
  declarer at once (004: he "must pass it") and the declarer gives back one
  other card of his hand, his choice (phase ``return``: ``return XY``); that card
  is seen only by the declarer and the giver. If the called card is in the widow
  nothing is exchanged. A declarer holding every 3 and every 2 calls nothing.
- Discards (``discard``): ``discard XY`` one card at a time, one to four, face
  down; then ``turn`` turns the widow face up for all to see.
- Taking (``take``): ``take XY``, a widow card, as many times as he discarded.
  The discards and the widow cards left are set aside and score for no one.
- Play (``play``): ``play XY``. The declarer's left leads the first trick;
  players must follow suit if able, else play any card; the highest card of the
  led suit wins (3 2 A K Q J 7 6 5 4; no trumps) and its winner leads next.
  Twelve tricks.

Scoring (scoring.py), in thirds kept exactly: ace 3, each 3, 2, K, Q, J 1, the
last trick 3 (35 in all). The defenders' thirds are added together; the
declarer's target is to score more than they do (18 of 35 when nothing set aside
holds points). The side with fewer pays the difference in chips: each defender
to the declarer, or the declarer to each defender; equal scores pay nothing; a
35-0 hand pays double (70 chips a payment). A hand's ``points`` are these chips, summing to zero.

The match (option ``deals``, 3, 6, 9 or 12 hands, default 6, so each seat deals
equally; passed-out hands count as hands played): the most chips after the last
hand win; a tie for the most is played off by another round of three hands,
again until one seat leads alone. Places rank the three seats by chips, equal
totals sharing a place behind the winner. The three seats are three sides: the
defenders are allies for one hand only.

Decisions the sources and rulings leave open, taken here:
- Cards are dealt one at a time (004 gives no packets).
- The card given back must be another card than the one just called.
- Discards go one at a time and are final; ``turn`` ends them (the source's
  order: discard first, then turn up the widow, then take as many).
- "35-0" is read literally: one side scores all 35, the other nothing (possible
  only when the set-aside cards hold no points); then every payment is doubled.
- All passing ends the hand with no chips, and it counts as one of the match's
  hands, so that a match always ends and each seat deals equally.
- Everyone knows the called card is in the declarer's hand and sees the widow
  cards he takes; the discards are shown to all once the hand is over, when they
  follow from the cards played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option
from games.rules.calabrasella.deal import CalabrasellaDeal
from games.rules.calabrasella.determinize import determinize, hidden_actions
from games.rules.calabrasella.scoring import PACK, match_winner
from games.rules.calabrasella.view import build_view

DEALS = (3, 6, 9, 12)


class Calabrasella(Game):
    """Calabrasella for three players with the 40-card Italian pack.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella"),
    ../shared/rules/README.md ("Calabrasella").
    """

    ranked_by_chips = True  # played for chips: table events rank by chips won (issue #7)

    slug = "calabrasella"
    name = "Calabrasella"
    seats = (3,)
    pack = PACK
    deal_class = CalabrasellaDeal

    options = {
        "deals": Option(
            "deals", 6, DEALS,
            "Hands in the match (each player deals equally); the most chips win, a tie "
            "for the most is played off by another round of three hands.",
        ),
    }  # fmt: skip

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal``: view.py's ``build_view``."""
        return build_view(deal, seat)

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The hand's actions as ``seat`` saw them: the declarer's discards (face down) are
        ``(declarer, "?")`` for the others, the card given back for the called card is
        ``"?"`` for all but the declarer and its receiver (determinize.py's
        ``hidden_actions``; 004 "Calabrasella", README rulings)."""
        return hidden_actions(deal, seat)

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

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """Winning seat, or None while the match goes on (the site then deals another hand).

        ``results`` are the ``result()`` of each hand so far, their ``points`` chips.
        After ``deals`` hands the most chips win; a tie for the most means three more
        hands. Raises ValueError for bad options.
        Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella":
        chips); the number of hands is this site's choice (module docstring).
        """
        deals = self.validate_options(options)["deals"]
        totals = self.match_scores(results, options)
        return match_winner(totals, len(results), deals, len(totals))
