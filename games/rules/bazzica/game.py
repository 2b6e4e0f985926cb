"""Bazzica (Bezique) for two players with the 64-card double piquet pack.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt (Italian),
../shared/rules/README.md ("Bazzica" rulings, which decide).

How the deck becomes the deal (the deck is 64 codes, top first; every code
appears twice and the two copies are interchangeable):
1. The dealer deals 3-2-3, the non-dealer first: the non-dealer gets
   ``deck[0:3]``, the dealer ``deck[3:6]``, the non-dealer ``deck[6:8]``, the
   dealer ``deck[8:10]``, the non-dealer ``deck[10:13]``, the dealer
   ``deck[13:16]``: eight cards each.
2. ``deck[16]`` is the upcard, face up beside the stock: its suit is trumps.
   When it is a 7 the dealer scores 10 at once.
3. ``deck[17:64]`` is the stock, face down, drawn from ``deck[17]`` on.

Play, in phases (the view's ``phase``):
4. "play", the first phase: 24 tricks. The non-dealer leads the first, the
   winner of a trick the next. Any card may be played. The higher trump
   wins, else the higher card of the suit led (A 10 K Q J 9 8 7); two equal
   cards, or a card of another suit, leave the trick to the leader.
5. "declare": after each first-phase trick its winner declares one
   combination (bazzica_melds) or declines with ``draw``. Either way the
   winner then draws the top card of the stock and the loser the next; at
   the 24th trick the winner draws the last face-down card (``deck[63]``) and
   the loser takes the upcard (the 7 of trumps after a scambio).
6. "last_tricks", the second phase: 8 tricks, the winner of the 24th leading.
   The follower must follow suit and beat the card led if possible; void in
   the suit, play a trump if possible; else any card. Declared cards are back
   in the hand; nothing more is declared.
7. "over": deal points (bazzica_scoring): declarations, 10 for each 7 of
   trumps, brisques (10 for each ace and ten won) and 10 for the last trick.

Actions, exactly: ``play XY`` (XY a card code such as ``QS`` or ``10H``),
``draw``, and ``declare <kind> <cards>`` with the cards in display order (by
suit C D H S, then A 10 K Q J 9 8 7; a code held twice is written twice):
``declare double_bezique JD JD QS QS``, ``declare sequence AH 10H KH QH JH``,
``declare four_aces AC AD AD AS`` (also ``four_kings``, ``four_queens``,
``four_jacks``), ``declare bezique JD QS``, ``declare royal_marriage KH QH``,
``declare marriage KC QC``, ``declare exchange 7H`` (the scambio).

The game is split in small modules: this one (the game, its options and the
end of the match), bazzica/cards.py (pack, tables, copies), bazzica/melds.py
(combinations and reuse), bazzica/deal.py (one deal's state machine),
bazzica/scoring.py (deal points) and bazzica/view.py (what a seat
or a spectator sees).

Decisions the source and rulings leave open, taken here:
- A first-phase trick's winner is always asked to declare or ``draw``, even
  with nothing to declare, so that the question tells the opponent nothing.
- ``play 7D`` means either copy: the engine plays (and declares) a copy the
  opponent already knows before a hidden one, then the one used in more
  combinations (bazzica_cards.pick_copy).
- The scambio is that trick's one declaration (README); it is impossible
  when the upcard is a 7. The old upcard goes to the exchanger's hand, known.
- Each 7 of trumps scores 10 once: for the dealer when turned, in the
  scambio when exchanged, otherwise for whoever plays it, in either phase.
- "Quattro assi" and the other fours are any four cards of the rank, two of
  one suit allowed. The bezique is QS JD whatever the trumps (002).
- The winner of the 24th trick may declare before the last draw.
- Reuse (option ``reuse``): ``kind`` as the ruling says; ``class`` adds the
  classic English family rules (bazzica_melds).
- Brisques (option ``brisques``): 10 for each ace and ten won (``cards``, the
  usual rule) or for each trick won holding one (``tricks``, 002 read
  literally). They are counted at the end of the deal.
- Declared cards picked up for the last tricks stay known to the opponent
  (``known_cards``) until played, as does the upcard taken at the last draw.
- The match ends after the deal in which someone reaches the target (never
  in the middle of a deal): the higher total wins; equal totals at or over
  the target mean another deal. The penalties of 002 cannot happen online:
  the engine refuses the mistakes instead (README, general rulings).

Variants (option ``variant``, 002 "Varianti" and the ruling on packs): ``tre`` for
three players (96 cards, to 1500), ``rubicone`` for two (128 cards, nine each, trumps
from the first marriage or sequence, Rubicone scoring) and ``quattro`` for four in
pairs (192 cards, nine each, Rubicone with its own score table). Their deal is
games/rules/bazzica/table.py, whose docstring gives the procedure and the spelling;
variants.py has their tables and table_scoring.py their scoring.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option, partners_opposite
from games.rules.bazzica.cards import PACK
from games.rules.bazzica.deal import BazzicaDeal
from games.rules.bazzica.determinize import determinize
from games.rules.bazzica.table import BazzicaTableDeal
from games.rules.bazzica.variants import PACKS, VARIANTS
from games.rules.bazzica.view import build_table_view, build_view
from games.rules.cards import Pack
from games.rules.matches import higher_total_at_target

__all__ = ["Bazzica", "BazzicaDeal"]


class Bazzica(Game):
    """Bazzica for two players with two 32-card packs (A, 7-K) shuffled together, and its
    variants ``tre`` (three players), ``rubicone`` (two, four packs) and ``quattro``
    (four in pairs, six packs).

    Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt, ../shared/rules/README.md.
    """

    slug = "bazzica"
    name = "Bazzica"
    seats = (2, 3, 4)
    pack = PACK
    deal_class = BazzicaDeal

    options = {
        "variant": Option(
            "variant", "classic", ("classic", "tre", "rubicone", "quattro"),
            "classic: two players, 64 cards; tre: three players, 96 cards, to 1500; "
            "rubicone: two players, 128 cards, nine each, one deal scored as Rubicone; "
            "quattro: four in pairs, 192 cards, nine each, scored as Rubicone (002).",
        ),
        "target": Option(
            "target", 1000, (1000, 1500, 2000),
            "Points that end the match: 1000 or 2000 (002), 1500 in tre; rubicone and "
            "quattro are one deal and have none.",
        ),
        "reuse": Option(
            "reuse", "kind", ("kind", "class"),
            "kind: a declared card may join later combinations of other kinds only (002); "
            "class: also no lower combination of a family from a higher one, and each "
            "combination of a family needs a card new to it (the classic English rules).",
        ),
        "brisques": Option(
            "brisques", "cards", ("cards", "tricks"),
            "cards: 10 for each ace and ten won; tricks: 10 for each trick won holding one.",
        ),
    }  # fmt: skip

    def default_option(self, name: str, given: dict[str, Any]) -> Any:
        """``target`` defaults to 1500 in ``tre`` (002), else 1000."""
        if name == "target" and given.get("variant") == "tre":
            return 1500
        return super().default_option(name, given)

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option checked (base.Game), and 1500 refused as the two-player target
        (002 gives 1000 or 2000). Raises ValueError."""
        normalized = super().validate_options(options)
        if normalized["variant"] == "classic" and normalized["target"] == 1500:
            raise ValueError("option 'target' of the two-player game is 1000 or 2000 (002)")
        return normalized

    def seat_counts(self, options: dict[str, Any]) -> tuple[int, ...]:
        """2 for ``classic`` and ``rubicone``, 3 for ``tre``, 4 for ``quattro``."""
        variant = options.get("variant", "classic")
        return (2,) if variant == "classic" else (VARIANTS[variant].seats,)

    def sides(self, seats: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
        """``quattro``: partners opposite (002: "i compagni stanno uno di fronte
        all'altro"); otherwise every player for himself."""
        if options.get("variant") == "quattro":
            return partners_opposite(seats)
        return super().sides(seats, options)

    def pack_for(self, seats: int, options: dict[str, Any]) -> Pack:
        """64 cards for ``classic``, 96 ``tre``, 128 ``rubicone``, 192 ``quattro``: packs
        of 32 (README "Bazzica")."""
        variant = options.get("variant", "classic")
        return PACK if variant == "classic" else PACKS[variant]

    def deal_class_for(self, seats: int, options: dict[str, Any]) -> type[Deal]:
        """BazzicaDeal for ``classic``, BazzicaTableDeal for the variants."""
        return BazzicaDeal if options.get("variant", "classic") == "classic" else BazzicaTableDeal

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """``classic`` and ``tre``: the higher total once someone has reached ``target`` at
        the end of a deal (``matches.higher_total_at_target``). ``rubicone`` and
        ``quattro``: the side that won the first deal not even (a match is one deal).
        None while the match goes on.

        ``results`` are the ``result()`` of each deal so far. Raises ValueError
        for bad options. Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt
        ("Preparazione": 1000 or 2000 points; "Varianti"), ../shared/rules/README.md.
        """
        normalized = self.validate_options(options)
        totals = self.match_scores(results, options)
        if normalized["variant"] in ("rubicone", "quattro"):
            return higher_total_at_target(totals, 1) if results else None
        return higher_total_at_target(totals, normalized["target"])

    def match_target(self, options: dict[str, Any]) -> int | None:
        """``target``, or None in ``rubicone`` and ``quattro`` (a match is one deal)."""
        if isinstance(options, dict) and options.get("variant") in ("rubicone", "quattro"):
            return None
        return super().match_target(options)

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``
        (two players) or ``build_table_view`` (the variants)."""
        if isinstance(deal, BazzicaTableDeal):
            return build_table_view(deal, seat)
        return build_view(deal, seat)

    def result_as_it_stands(self, deal: Deal) -> dict[str, Any] | None:
        """The deal stopped by a round clock, scored as it stands (``classic`` and ``tre``):
        each seat's combinations declared and 7s of trumps scored so far, plus the brisques
        in the tricks it has won; no last trick (no trick has been the last), and the cards
        of a trick not finished count for nobody. The result of a finished deal
        (scoring.py's ``deal_result``, table_scoring.py's ``table_result``, ``last_trick``
        None) with ``"stopped": True``.

        None for ``rubicone`` and ``quattro``: their match is one deal, and its Rubicone
        (a side under 1000 loses the difference and 500, 002 "Varianti") measures a whole
        deal; those events play the deal out.
        Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Combinazioni e punti",
        "Seconda fase"). Raises ValueError for a deal that is over."""
        if isinstance(deal, BazzicaTableDeal) and deal.variant.rubicon:
            return None
        # ``last_trick`` of a deal in progress names the winner of the latest trick.
        return {**self._stopped_result(deal), "last_trick": None}

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The deal's actions as ``seat`` saw them: all of them, in every variant, since every
        action of Bazzica is public (cards played face up, declarations shown, ``draw`` and
        ``pass`` name no card)."""
        return list(deal.actions)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A deal consistent with what the viewer of ``view`` saw, the cards it has not seen
        placed at random (determinize.py gives the procedure). Raises ValueError for a view
        that is not of this game or that no deal fits."""
        return determinize(self, view, history, options, rng)
