"""Ziginette, a banking game for two to eight players, for chips.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Ziginette"; main source),
../shared/rules/README.md (general rulings on banking games; "Seven and a Half,
Ziginette": "a playette (a pair among the first three cards) is redealt and recorded"),
which decide.

How the deck becomes the hand
1. The deck is the 40 codes of the Italian pack, top first. Seats play in turn (seat
   ``s + 1`` after seat ``s``, "to the left"); the banker is the hand's ``dealer``.
2. Once the banker has announced the limits, ``deck[0]`` and ``deck[1]`` are the two
   board cards and ``deck[2]`` the banker's card, all face up. If two of the three have
   the same rank (a playette) the cards are gathered and shuffled again and the layout is
   dealt again: the new deck is ``ITALIAN_40.shuffled("ziginette playette " + the deck
   joined by spaces)``, a shuffle seeded from the secret deck, so that the hand replays;
   the record lists the decks redealt (``redeals``) and the result the layouts
   (``playettes``).
3. The next cards are turned one at a time from ``deck[3]`` on.

The hand, and the action spelling, exactly
- Limits (phase ``limits``): the banker, ``limits MIN MAX`` (``min_bet`` <= MIN <= MAX <=
  ``max_bet``).
- Betting (``bet``): each player with chips, from the banker's left, places any number of
  wagers, one per board card, ``bet XY N`` (XY a board card, MIN <= N <= MAX, no more than
  his chips not yet staked), then ``done``.
- The banker then turns cards, the engine doing it for him:
  - a card of the rank of the banker's card: the banker loses and pays every bet on the
    board at even money, from his left while his chips last; the hand ends;
  - a card of the rank of a board card: the banker takes every bet on that card; both
    cards are discarded and the rank is dead (its other cards are discarded as they come);
  - a card of a dead rank: discarded;
  - any other card: a new board card, and another betting round.
- The hand also ends when every board card has been matched, when a betting round leaves
  no bet on the board, or when the pack runs out; bets still on the board go back. Then
  (option ``bank_rotation="game"``) the banker chooses: ``keep`` the bank for the next
  hand, or ``pass`` it.
- The bank passes to the seat on the banker's right (004: "the deal then passes to the
  player on the losing banker's right") when he loses or passes it, and with
  ``bank_rotation="rotate"`` after every hand; a seat with no chips is skipped.

The match (general rulings on banking games) is as Sette e mezzo's
(games/rules/banking.py): equal stacks, ``hands`` hands, the most chips win.

Decisions the source leaves open, taken here:
- One wager per player per board card, placed in a betting round (when the layout is
  turned, and after each new board card); a wager stays until its card is matched, the
  banker loses, or the hand ends.
- The engine turns the cards: the banker has no choice in it.
- A bank that cannot pay breaks: later winners are paid what is left, then nothing.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.banking import BankingGame, banking_options
from games.rules.base import Deal
from games.rules.cards import ITALIAN_40
from games.rules.ziginette.deal import ZiginetteDeal, dealt_decks
from games.rules.ziginette.determinize import determinize
from games.rules.ziginette.view import build_view


class Ziginette(BankingGame):
    """Ziginette for two to eight players with the 40-card Italian pack, for chips.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Ziginette"),
    ../shared/rules/README.md.
    """

    slug = "ziginette"
    name = "Ziginette"
    seats = (6, 2, 3, 4, 5, 7, 8)  # six first, as Sette e mezzo
    pack = ITALIAN_40
    deal_class = ZiginetteDeal
    bank_step = -1  # the bank passes to the right (004)

    options = banking_options(
        "the banker who did not lose chooses to keep the bank or pass it (004)"
    )

    def sitting_out_action(self, deal: Deal) -> str | None:
        """What a seat whose player has gone does in the hand under way (from the next
        hand it sits out, ``sit_out``): it places no more bets (``done``) and passes the
        bank (``pass``); None for the limits of a hand it banks, which the computer
        announces."""
        phase = getattr(deal, "phase", None)
        return {"bet": "done", "bank_choice": "pass"}.get(phase or "")

    def replay(self, record: dict[str, Any]) -> Deal:
        """Rebuild a hand from its record (``Game.replay``), checking its ``redeals`` if
        given. Raises ValueError when they are not the decks its deck leads to."""
        if isinstance(record, dict) and "redeals" in record and "deck" in record:
            expected = dealt_decks(ITALIAN_40.check_deck(record["deck"]))[1:]
            if record["redeals"] != expected:
                raise ValueError("the record's redeals are not the ones its deck leads to")
        return super().replay(record)

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)  # type: ignore[arg-type]

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The hand's actions as ``seat`` saw them: all of them, since every action of
        Ziginette is public (and every card is turned face up)."""
        return list(deal.actions)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A hand consistent with what the viewer of ``view`` saw, the cards not turned yet
        in a random order (determinize.py gives the procedure). Raises ValueError for a view
        that is not of this game or that no hand fits."""
        return determinize(self, view, history, options, rng)
