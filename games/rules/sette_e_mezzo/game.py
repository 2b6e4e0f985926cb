"""Sette e mezzo (Seven and a Half), a banking game for two to eight players, for chips.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Seven and a Half"; main
source), ../shared/rules/README.md (general rulings on banking games; "Seven and a
Half, Ziginette"), which decide.

How the deck becomes the hand
1. The deck is the 40 codes of the Italian pack, top first. Seats play in turn (seat
   ``s + 1`` after seat ``s``, "to the left"). The banker is the hand's ``dealer``; the
   first banker of a match is drawn at random (general rulings).
2. Once betting closes, ``deck[0]``, ``deck[1]``, ... go one at a time, face down, to
   each player who bet, from the banker's left, then to the banker; every card drawn
   after that (a ``hit``) is the next card of the deck, face up.

The hand, and the action spelling, exactly
- Limits (phase ``limits``): the banker announces the minimum and maximum bet,
  ``limits MIN MAX`` (the options ``min_bet`` <= MIN <= MAX <= ``max_bet``).
- Betting (``bet``): each player with chips, from the banker's left: ``bet N`` (MIN <= N
  <= MAX, and no more than his chips) or ``pass`` (he sits out the hand). Betting closes
  when every player has bet or passed. Nobody betting ends the hand.
- Play (``play``): each player who bet, in turn: ``hit`` (a card face up) or ``stand``.
  Over seven and a half is a bust: the face-down card is shown and the bet is lost.
  Seven and a half in two cards (a natural) is shown at once and stands.
- The banker (``bank``): his face-down card is shown and he hits or stands as he
  chooses (004: "there are no rules on when they must hit or stay"). If every player
  busted, he does not play. A bust or seven and a half ends his turn.
- Values (scoring.py): ace 1, 2 to 7 their number, J Q K ½, and the K of diamonds, wild,
  any whole value from 1 to 7, whichever gives its holder the best total.
- Settlement (scoring.settle): a bust loses its bet; against a banker who busts (or did
  not play), every other player wins; else the higher total wins, equal totals push; a
  natural is paid 2 to 1 and beats any other seven and a half, the banker's too; two
  naturals push. The banker collects first, then pays in playing order while his chips
  last (a bank that breaks pays what is left, and nothing after).
- The bank (option ``bank_rotation``): ``game`` (004): the first player from the
  banker's left with a natural takes the bank for the next hand, unless the banker also
  had one; otherwise the banker keeps it. ``rotate``: the bank passes to the next seat
  every hand. A seat with no chips cannot bank.

The match (general rulings on banking games): every seat starts with ``stack`` chips;
a match is ``hands`` hands; a seat that runs out of chips sits out the rest (it neither
bets nor banks), and the match ends early when one seat has all the chips. The most
chips win; a tie for the most plays another hand, again until one seat leads. Places
rank the seats by chips. A hand's ``points`` are the chips each seat won or lost.

Decisions the source and rulings leave open, taken here:
- A player may hit as long as cards are left; with the deck used up, only ``stand``.
- Against a banker who busts, a natural is still paid 2 to 1.
- The banker announces limits before every hand, within the table's bounds; his chips
  do not cap them (a bank that cannot pay breaks, as above).
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.banking import BankingGame, banking_options
from games.rules.base import Deal
from games.rules.cards import ITALIAN_40
from games.rules.sette_e_mezzo.deal import SetteEMezzoDeal
from games.rules.sette_e_mezzo.determinize import determinize
from games.rules.sette_e_mezzo.view import build_view


class SetteEMezzo(BankingGame):
    """Sette e mezzo for two to eight players with the 40-card Italian pack, for chips.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Seven and a Half"),
    ../shared/rules/README.md.
    """

    slug = "sette-e-mezzo"
    name = "Sette e mezzo"
    seats = (6, 2, 3, 4, 5, 7, 8)  # six first: the usual table, and the default
    pack = ITALIAN_40
    deal_class = SetteEMezzoDeal

    options = banking_options(
        "a natural seven and a half takes the bank (004), else the banker keeps it"
    )

    def sitting_out_action(self, deal: Deal) -> str | None:
        """What a seat whose player has gone does in the hand under way (from the next
        hand it sits out, ``sit_out``): ``pass`` when it is to bet; None for a bet
        already placed or a hand it banks, which the computer plays out."""
        return "pass" if getattr(deal, "phase", None) == "bet" else None

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)  # type: ignore[arg-type]

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The hand's actions as ``seat`` saw them: all of them, since every action of Sette
        e mezzo is public (a ``hit`` is dealt face up; the face-down cards are dealt, not
        chosen, and the view hides them)."""
        return list(deal.actions)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A hand consistent with what the viewer of ``view`` saw, the face-down cards it has
        not seen and the deck placed at random (determinize.py gives the procedure). Raises
        ValueError for a view that is not of this game or that no hand fits."""
        return determinize(self, view, history, options, rng)
