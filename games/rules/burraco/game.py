"""Burraco, four players in two partnerships or two players heads-up: melds of runs and
sets with wild cards, two pozzetti, a match to 2000 or of 3 or 4 hands in Victory Points.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco"; main source),
../shared/rules/README.md ("Burraco" rulings, which decide).

How the deck becomes the deal
1. The deck is the 108 codes of two 52-card packs and four jokers (``JK``), top first.
   With ``n`` players (2 or 4) and dealer ``d``, seat ``(d + 1) % n`` (the dealer's
   left) plays first.
2. ``deck[0:11n]`` are the hands, dealt one card at a time from the dealer's left:
   ``deck[i]`` goes to seat ``(d + 1 + i) % n``.
3. The next 22 cards are the two pozzetti, dealt alternately: ``deck[11n + 2k]`` to the
   first pozzetto to be taken, ``deck[11n + 2k + 1]`` to the second.
4. The next card is turned up: the discard pile.
5. The rest is the stock (the talon), its first card on top.
At four, partners sit opposite (seats 0 and 2 against 1 and 3) and share their melds
and one pozzetto; heads-up each player is a side with a pozzetto of their own.

A turn (004, "Game play")
1. ``draw`` the top card of the stock, or ``take`` the whole discard pile.
2. Lay any number of melds and additions to the side's melds.
3. ``discard`` one card, which ends the turn.
A player who takes a one-card discard pile may not discard that card the same turn
(its twin from the other pack is fine). A player whose hand runs out while melding picks
up the side's pozzetto on the spot and plays on; one who discards the last card takes it
face down, to be picked up at the start of their next turn. Once the side has its
pozzetto, a player must keep a card to discard: emptying the hand is then closing, which
needs a burraco on the side's table and a discard that is not wild. The engine refuses
a meld or an addition after which the player's last card could not be discarded.

The end of the hand: a closing; or the turn of the player who draws the third-from-last
card of the stock (the stock is then down to two); or a stalemate: as many consecutive
turns as players that only took a one-card discard pile and discarded.

Actions, exactly (cards are codes: ``7S``, ``10H``, ``2D``, ``JK``):
- ``draw``; ``take``;
- ``meld <cards>``: a new meld, e.g. ``meld 3H 4H 5H``, ``meld 7C 7D JK``,
  ``meld JK@6S 7S 8S`` (a wild card in a run names the card it stands for after ``@``;
  a 2 of the run's suit written bare is a natural 2; a set's wild card needs no ``@``);
- ``add <n> <cards>``: meld ``n`` of the side (0 first, as the view lists them) becomes
  the meld spelled by ``<cards>``, its whole new spelling: every card already in it plus
  the cards added from hand, the wild card where it now stands. E.g. with meld 0
  ``JK@6S 7S 8S`` and 10S in hand: ``add 0 7S 8S JK@9S 10S``; with 9S instead:
  ``add 0 JK@6S 7S 8S 9S``;
- ``discard <card>``.
The cards of a meld may come in any order; legal actions spell them canonically (a run
low to high, a set's naturals by suit then its wild). The placement rules are in
melds.py; the scoring and the match in scoring.py; what a seat sees in view.py.

Decisions the sources and rulings leave open, taken here:
- 004's example "2-3-4 of hearts with a joker" shows the joker above the 4; by its own
  placement rule a wild card not filling an inside place goes at the low end (here as
  the ace), so the engine wants ``JK@AH 2H 3H 4H``. After an ace low, where nothing
  goes below, the wild card goes at the high end.
- A burraco of eight or more cards whose wild card stands at one end of seven naturals
  (a set: seven naturals and the wild) is semi-clean, 150 points, as the Italian
  federation scores it; the option ``semi_clean=False`` scores it dirty, as 004 does.
- A side's pozzetto, while it lies face down, is taken: the partner may close, and at
  the end of the hand its cards count against the side as cards in hand (004).
- A match of 3 or 4 hands whose totals are exactly equal plays one more hand at a time
  (the engine has no drawn match); the Victory Points of a tournament come from
  ``victory_points`` over the 3 or 4 hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option, partners_opposite
from games.rules.burraco.deal import BurracoDeal
from games.rules.burraco.determinize import determinize
from games.rules.burraco.melds import JOKER
from games.rules.burraco.scoring import (
    HANDS,
    MATCH_TO_2000,
    MATCHES,
    TARGET,
    match_winner,
    side_victory_points,
)
from games.rules.burraco.scoring import (
    victory_points as scoring_victory_points,
)
from games.rules.burraco.view import build_view
from games.rules.cards import RANKS, SUITS, Pack, parse_card

__all__ = ["PACK", "Burraco", "BurracoDeal"]


class BurracoPack(Pack):
    """Two 52-card packs and four jokers: codes parse with ``parse_card``, and ``JK``
    is the joker (rank ``"JK"``, no suit: ``suit_of`` 4, one past SUITS)."""

    @staticmethod
    def parse(code: str) -> tuple[str, str]:
        """``(rank, suit)`` of a code; the joker is ``("JK", "")``; ValueError else."""
        return (JOKER, "") if code == JOKER else parse_card(code)

    @staticmethod
    def suit_index(suit: str) -> int:
        """The index of a suit letter into SUITS, 4 for the joker's ``""``."""
        return SUITS.index(suit) if suit else len(SUITS)


PACK = BurracoPack(
    "burraco-108", [rank + suit for suit in SUITS for rank in RANKS] * 2 + [JOKER] * 4
)
"""The 108 cards of 004 ("Setup"): two 52-card packs with their jokers."""


class Burraco(Game):
    """Burraco for four (two partnerships, partners opposite) or two players.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco"),
    ../shared/rules/README.md ("Burraco").
    """

    slug = "burraco"
    name = "Burraco"
    seats = (2, 4)
    pack = PACK
    deal_class = BurracoDeal

    options = {
        "match": Option(
            "match", MATCH_TO_2000, MATCHES,
            "to_2000: hands until a side has more than 2000 points, the higher total "
            "winning; 3_hands / 4_hands: a fixed number of hands scored in Victory Points "
            "by the Italian federation's tables.",
        ),
        "semi_clean": Option(
            "semi_clean", True, (True, False),
            "A burraco of seven or more naturals with its wild card at one end of the run, "
            "or a set of seven naturals and a wild card, scores 150 (the federation's "
            "semi-clean burraco); off: 100, as a dirty one.",
        ),
    }  # fmt: skip

    def sides(self, seats: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
        """At four, two partnerships sitting opposite; heads-up each player alone."""
        return partners_opposite(4) if seats == 4 else super().sides(seats, options)

    def match_target(self, options: dict[str, Any]) -> int | None:
        """2000 for a match to points; None for a match of 3 or 4 hands."""
        match = self.validate_options(options)["match"]
        return TARGET if match == MATCH_TO_2000 else None

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """The winning side after these hands (``result()`` of each), or None while the
        match goes on: scoring.py's ``match_winner``. Raises ValueError for bad options.
        Source: 004 ("Scoring"), ../shared/rules/README.md ("Burraco")."""
        match = self.validate_options(options)["match"]
        return match_winner(self.match_scores(results, options), len(results), match)

    def victory_points(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> list[int] | None:
        """Each side's Victory Points once a match of 3 or 4 hands has played them (over
        those hands only), else None (a match to 2000, or hands still to play).
        Source: ../shared/rules/README.md ("Burraco", the federation's tables)."""
        match = self.validate_options(options)["match"]
        hands = HANDS.get(match)
        if hands is None or len(results) < hands:
            return None
        return side_victory_points(self.match_scores(results[:hands], options), hands)

    def round_victory_points(self, difference: int, deals: int) -> tuple[int, int]:
        """``(winner's VP, loser's VP)`` for a round of ``deals`` deals won by
        ``difference`` points (>= 0), as an event in phases scores it: the federation's
        3-hand table for rounds of up to three deals, its 4-hand table for four or more
        (the tables are for 3 and 4 hands; shorter rounds take the 3-hand one).
        Raises ValueError for a negative or non-int difference.
        Source: ../shared/rules/README.md ("Burraco", the federation's tables)."""
        return scoring_victory_points(difference, 4 if deals >= 4 else 3)

    def estimate_points(self, deal: Deal) -> list[float]:
        """Each side's points if the hand ended now, without closing: its melds and
        burraco bonuses, less the cards in its players' hands (a pozzetto taken face down
        included) and 100 while it has not taken its pozzetto (scoring.py, ``side_score``).
        For searches that cut their playouts short (games/ismcts.py, ``horizon``)."""
        return list(deal._result()["side_points"])

    def result_as_it_stands(self, deal: Deal) -> dict[str, Any]:
        """The hand stopped by a round clock, scored as it stands, as at the end of a hand
        nobody closed (004, "Scoring"): each side's melds on the table and their burraco
        bonuses, less the cards in its players' hands (a pozzetto taken face down
        included) and 100 while it has not taken its pozzetto; no closing bonus. The
        result of a finished hand (``side_score`` per side, ``end`` and ``closed_by``
        None) with ``"stopped": True``. Raises ValueError for a hand that is over."""
        return self._stopped_result(deal)

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The actions as ``seat`` saw them: all of them, since every Burraco action is
        public (``draw`` does not name the card drawn)."""
        return list(deal.actions)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A hand consistent with what the viewer knows (view_for(result, viewer) == view),
        the unseen cards placed at random: burraco/determinize.py. Raises ValueError for a
        view that is not of Burraco or does not fit the history."""
        return determinize(self, view, history, self.validate_options(options), rng)

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)  # type: ignore[arg-type]
