"""Scopa: the Italian fishing game for two players, with the 40-card Italian pack.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
../shared/rules/README.md ("Scopa" rulings, which decide).

How the deck becomes the deal
1. The deck is the 40 codes of the Italian pack, top first. Cards are dealt
   one at a time, the non-dealer ``(dealer + 1) % 2`` first: the non-dealer
   gets ``deck[0], deck[2], deck[4]``, the dealer ``deck[1], deck[3],
   deck[5]``; ``deck[6:10]`` go face up to the board, in that order; the
   other 30 cards are the stock.
2. Void deal: when three or more of ``deck[6:10]`` are kings, the deal is
   thrown in and dealt again, the same way, from ``redeal_deck(deck)``
   (scopa/deal.py): a reshuffle seeded from the void deck, so a record's deck
   always replays to the same deal. This repeats while the board holds three
   kings. The void boards are shown to both players (``void_deals`` in the
   view and the result) and the record lists the decks redealt (``redeals``).
3. The non-dealer plays first, then the players alternate. When both hands
   are empty the next six stock cards are dealt as in step 1 (the non-dealer
   gets the 1st, 3rd and 5th); the board gets no more cards. Six rounds of
   three cards: 36 plays.
4. Each play takes one card from the hand:
   - pairing: if the board holds cards of the played card's rank, the player
     takes exactly one of them (their choice) and nothing else;
   - addition: otherwise, any set of two or more board cards whose capture
     values (ace 1, 2-7 face value, J 8, Q 9, K 10) add up to the card's value;
   - trailing: a card that can capture in neither way goes to the board. A
     card that can capture may not be trailed, but the player may choose to
     play another card (004: "may not simply trail if they are able to
     capture something with that card").
   A capture that empties the board is a scopa, except on the 36th play
   (option ``last_play_scopa``). After the 36th play the board cards go to
   the last player who captured; that is never a scopa.

Actions, exactly:
- ``play XY``: trail card XY (a code such as ``7D``, ``AS``, ``KC``);
- ``capture XY AB+CD+...``: play XY and take the board cards AB, CD, ... listed
  in card-code string order (the order of ``sorted``: digits before letters,
  so ``capture 7D 3C+4S``, ``capture KC 3D+AS+JH``); a pairing takes one card,
  ``capture 7D 7S``. ``legal_actions`` has one string per distinct capture.

Scoring (scopa/scoring.py): cards, diamonds, settebello, primiera, then one
point per scopa in the order made. ``result()`` is ``score_hand``'s dict
(``points``, ``items`` in that order as ``{"name", "seat", "points"}`` plus
``"card"`` for a scopa, ``cards``, ``diamonds``, ``settebello``, ``primiera``,
``scope``) with ``last_capturer``, ``leftover`` (the board cards they took at
the end) and ``void_deals``. The match is a race to ``target``: items are
added in that order, deal after deal, and the first to reach the target wins;
nothing after that counts (``match_scores`` stops there).

The game is split in small modules: this one (the game, options, match),
scopa/deal.py (one deal's state machine), scopa/view.py (what a seat or a
spectator sees), scopa/scoring.py (tables, scoring, the race) and the shared
captures.py (pairing and addition, primiera counts).

Decisions the sources and rulings leave open, taken here:
- Dealing one card at a time, the non-dealer first, hands before the board.
- The redeal after a void deal uses the seeded reshuffle above.
- Scope count in the order they were made, within the last scoring item.
- If only one player has cards of all four suits, that player takes primiera.
- The deal passes to the other player after each hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option
from games.rules.scopa.deal import ScopaDeal, opening_decks, redeal_deck
from games.rules.scopa.determinize import determinize
from games.rules.scopa.scoring import PACK, race
from games.rules.scopa.view import build_view

__all__ = ["Scopa", "ScopaDeal", "redeal_deck"]


class Scopa(Game):
    """Scopa for two players with the 40-card Italian pack.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
    ../shared/rules/README.md ("Scopa").
    """

    slug = "scopa"
    name = "Scopa"
    seats = (2,)
    pack = PACK
    deal_class = ScopaDeal

    options = {
        "target": Option(
            "target", 11, (11, 16, 21),
            "Points that win the match: the first to reach them wins at once.",
        ),
        "last_play_scopa": Option(
            "last_play_scopa", False, (False, True),
            "A capture that clears the board on the very last play of the hand is a scopa.",
        ),
    }  # fmt: skip

    def replay(self, record: dict[str, Any]) -> ScopaDeal:
        """Rebuild a deal from its record (``Game.replay``), checking its ``redeals`` if given.

        Raises ValueError when the record's ``redeals`` are not the decks its
        deck leads to, besides the errors of ``Game.replay``.
        """
        if isinstance(record, dict) and "redeals" in record and "deck" in record:
            expected = opening_decks(PACK.check_deck(record["deck"]))[1:]
            if record["redeals"] != expected:
                raise ValueError("the record's redeals are not the ones its deck leads to")
        deal = super().replay(record)
        assert isinstance(deal, ScopaDeal)
        return deal

    def match_scores(self, results: Sequence[dict[str, Any]], options: dict[str, Any]) -> list[int]:
        """Match totals per seat: each deal's ``items`` added in order, stopping at the
        moment a seat reaches the target. Raises ValueError for bad options.
        Source: ../shared/rules/README.md ("Scopa": race to the target).
        """
        return race(results, self.validate_options(options)["target"])[0]

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """The first seat to reach the target counting items in order, or None while the
        match goes on (a deal that ends with nobody at the target is followed by another).
        Source: ../shared/rules/README.md ("Scopa": race to the target).
        """
        return race(results, self.validate_options(options)["target"])[1]

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A deal consistent with what the viewer knows: scopa/determinize.py."""
        return determinize(self, view, history, options, rng)
