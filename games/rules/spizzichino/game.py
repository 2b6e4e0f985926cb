"""Spizzichino (Pizzichino): two-player Tressette with packets on the table.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt (main source),
../shared/rules/sources/001_4bb5011f2c927f3d.txt (buongiochi: hand only),
../shared/rules/README.md ("Spizzichino" rulings, which decide).

How the deck becomes the deal
1. The deck is the 40 codes of the Italian pack, top first. Packet ``k``
   (numbered 1 to 8) is ``deck[5(k-1):5k]`` listed in face-up order:
   ``deck[5(k-1)]`` is the card that shows on top when the packet lies face
   up. Face down it is the packet's bottom card, the one ``peek_bottom`` shows.
2. Phase "pick": the non-dealer, seat ``(dealer + 1) % 2``, picks four
   packets one at a time, ``pick N``. The four left belong to the dealer.
3. Phase "split": the non-dealer takes two of its packets into its hand,
   ``hand N M`` (N < M, both its own); its other two lie face up. Then the
   dealer does the same with its four. With ``peek_bottom`` each player sees
   the bottom card of its four packets from the moment it holds all four
   (so picking stays blind), and goes on knowing them.
4. Phase "play": 20 tricks; the non-dealer leads the first, the winner of a
   trick leads the next. On your turn, leading or following, you may first
   ``take XY`` any number of times: a 3, 2 or ace on top of one of your own
   face-up packets goes into your hand and the card below shows. Then you
   ``play XY``: a card from your hand or the top of one of your face-up packets.
   The follower must play the led suit if any of those cards has it. Same
   suit: the higher in 3 2 A K Q J 7 6 5 4 wins; else the leader wins.

Actions, exactly: ``pick N`` (1-8), ``hand N M`` (1-8, N < M), ``take XY`` and
``play XY`` (XY a card code such as ``3D``, ``AS``, ``QH``).

Buongiochi are declared by the engine on the player's behalf when its hand is
formed (at its split) and after each ``take``, and shown to all: see
spizzichino/scoring.py. Deal points: floor(card thirds / 3) + buongiochi.

The game is split in small modules: this one (the game, its options and the
end of the match), spizzichino/deal.py (one deal's state machine),
spizzichino/view.py (what a seat or a spectator sees) and
spizzichino/scoring.py (card tables, buongiochi, card points).

Decisions the sources and rulings leave open, taken here:
- ``peek_bottom``: the bottoms are shown once a player holds all four packets
  (the non-dealer after its fourth pick, the dealer from that same moment).
- The non-dealer's buongiochi are declared at its split, so the dealer sees
  them before splitting (the source: "declare it immediately").
- A taken pizzico may be played at once, in the same turn.
- A card of the opponent's hand is known to a viewer (``known_cards``) while
  it came from a face-up packet or was shown in a declared buongioco.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option
from games.rules.matches import higher_total_at_target
from games.rules.spizzichino.deal import SpizzichinoDeal
from games.rules.spizzichino.determinize import determinize
from games.rules.spizzichino.scoring import NO_BUONGIOCHI, PACK
from games.rules.spizzichino.view import build_view

__all__ = ["Spizzichino", "SpizzichinoDeal"]


class Spizzichino(Game):
    """Spizzichino for two players with the 40-card Italian pack.

    Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt,
    ../shared/rules/sources/001_4bb5011f2c927f3d.txt, ../shared/rules/README.md.
    """

    slug = "spizzichino"
    name = "Spizzichino"
    seats = (2,)
    pack = PACK
    deal_class = SpizzichinoDeal

    options = {
        "target": Option(
            "target", 51, (21, 31, 41, 51),
            "Points that end the match: 51 by default with buongiochi, 31 without.",
        ),
        "buongiochi": Option(
            "buongiochi", "all", ("all", "initial_hand_only", "none"),
            "Which buongiochi score: all, only those of the hand formed at the split, none.",
        ),
        "peek_bottom": Option(
            "peek_bottom", False, (False, True),
            "Each player sees the bottom card of its four packets before splitting them.",
        ),
    }  # fmt: skip

    def default_option(self, name: str, given: dict[str, Any]) -> Any:
        """The target defaults to 51 with buongiochi and 31 without (README rulings)."""
        if name == "target":
            return 31 if given.get("buongiochi") == NO_BUONGIOCHI else 51
        return super().default_option(name, given)

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """The higher total once someone has reached ``target`` at the end of a deal
        (``matches.higher_total_at_target``), None while the match goes on.

        ``results`` are the ``result()`` of each deal so far. Raises ValueError
        for bad options. Source: ../shared/rules/README.md ("Spizzichino": match target).
        """
        target = self.validate_options(options)["target"]
        return higher_total_at_target(self.match_scores(results, options), target)

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
        """A deal consistent with what the viewer knows: spizzichino/determinize.py."""
        return determinize(self, view, history, options, rng)
