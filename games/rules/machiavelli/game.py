"""Machiavelli for two to five players: a rummy game in which every meld lies on one
shared table, and any player may rearrange all of it on their turn.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"; main
source), ../shared/rules/README.md ("Machiavelli" rulings, which decide).

How the deck becomes the game
1. The deck is the 104 codes of two 52-card French packs, top first (codes repeat).
   With dealer ``d`` the seat ``(d + 1) % n`` is the first player.
2. Thirteen cards to each player, one at a time starting with the first player:
   ``deck[i]`` goes to seat ``(d + 1 + i) % n`` for ``i < 13 * n``.
3. The rest, ``deck[13 * n:]``, is the stock, ``deck[13 * n]`` on top.
4. Play goes round from the first player. On a turn a player either
   - draws the top card of the stock (``draw``), which ends the turn; or, once the
     stock is empty, passes (``pass``); or
   - lays cards from hand, using and rearranging the melds already on the table as
     they like, and submits the whole new table (``table ...``). It must hold every
     card that was on the table and at least one card from hand. If every meld is
     valid the table is the new one; if not, the table and the hand stay as they
     were and the player draws three cards (fewer if the stock has fewer). Either
     way the turn ends.
5. A meld is a set (3 or 4 cards of one rank, all suits different) or a run (3 or
   more consecutive cards of one suit, the ace low or high but not both: no K A 2).
6. The first player to lay their last card wins. With the stock empty, a full round
   of passes (every player in a row lays nothing) ends the game: the fewest cards
   left wins, then the fewest card points (A 1, 2-10 face value, J Q K 10).

Actions, exactly:
- ``draw``: take the top card of the stock (only while it has cards);
- ``pass``: lay nothing (only once the stock is empty);
- ``table <meld> | <meld> | ...``: the whole new table, each meld its card codes
  separated by spaces, melds separated by `` | ``, e.g.
  ``table 3H 4H 5H | 7C 7D 7S``. The order of the melds and of the cards in a meld
  is free; the engine keeps the melds in the order given, each sorted (a set by
  suit, a run from its lowest card, a high ace last).

Decisions the sources and rulings leave open, taken here:
- A table that drops a card of the old table, or holds a card neither on the table
  nor in hand, or adds no card from hand, is refused (IllegalAction) and changes
  nothing: online it is a malformed submission, not a play. Only a table made of
  the right cards but split into invalid melds draws the penalty.
- With the stock empty, a penalised table draws nothing and counts as a pass, so a
  game always ends.
- A refused table (the penalty) is shown only to its player; the others see that a
  penalty was drawn and how many cards. The option ``show_rejected`` shows it to all,
  as at a real table, where the others watch the cards laid.
- When two or more players tie for fewest cards and card points in a blocked game,
  that game has no winner and the match plays another (places are shared).
- A match is one game: its winner wins the match, and the places rank by cards
  left, then card points.
- At the end every hand is shown (``result()["hands"]``), as the cards left are
  counted face up at the table.

The module is split in: this one (the game and its match), machiavelli/deal.py (one
game's state machine), machiavelli/melds.py (faces, meld validity, the spelling of a
table), machiavelli/offers.py (the tables ``legal_actions`` offers, found fast),
machiavelli/partition.py (finding a valid split of any cards),
machiavelli/scoring.py (the ranking) and machiavelli/view.py (what a seat sees).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option
from games.rules.cards import FRENCH_52, Pack
from games.rules.machiavelli.deal import MachiavelliDeal
from games.rules.machiavelli.determinize import determinize, public_history
from games.rules.machiavelli.scoring import deciding_result, game_result
from games.rules.machiavelli.view import build_view

PACK = Pack("french-52x2", FRENCH_52.new_order * 2)
"""Two 52-card French packs shuffled together: 104 cards, each code twice (004)."""


class Machiavelli(Game):
    """Machiavelli for two to five players with two French packs.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
    ../shared/rules/README.md ("Machiavelli").
    """

    slug = "machiavelli"
    name = "Machiavelli"
    seats = (2, 3, 4, 5)
    pack = PACK
    deal_class = MachiavelliDeal
    options = {
        "show_rejected": Option(
            "show_rejected", False, (False, True),
            "Show a table refused with the penalty to every player, as at a real table "
            "(by default only its player sees it).",
        ),
    }  # fmt: skip

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """The winner of the first game that had one (``result()["winner"]``), or None
        while no game has: a game whose first place is shared is played again.
        Raises ValueError for bad options."""
        self.validate_options(options)
        deciding = deciding_result(results)
        return None if deciding is None else deciding["winner"]

    def match_places(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> list[int] | None:
        """Each seat's place in the deciding game (1 first; by cards left, then card
        points; equal pairs share), or None while no game has decided the match."""
        self.validate_options(options)
        deciding = deciding_result(results)
        return None if deciding is None else list(deciding["places"])

    def match_target(self, options: dict[str, Any]) -> int | None:
        """None: a match is one game, played to its end."""
        return None

    def estimate_points(self, deal: Deal) -> list[float]:
        """Each seat's points as ``deal_points`` would give them if the game ended now,
        blocked: 1 for the seat alone with the fewest cards (then card points) left, 0 for
        the others. For searches that cut their playouts short (games/ismcts.py,
        ``horizon``). Source: scoring.py, ``game_result``."""
        return [float(p) for p in game_result(deal.hands, None)["points"]]

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The game's actions as ``seat`` saw them: the other seats' penalised tables are
        ``(actor, "?")`` (determinize.py)."""
        return public_history(deal, seat)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A game consistent with what the viewer of ``view`` saw, the cards it has not
        seen placed at random (determinize.py gives the procedure). Raises ValueError for
        a view that is not of this game or that no game fits."""
        return determinize(self, view, history, options, rng)

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)  # type: ignore[arg-type]
