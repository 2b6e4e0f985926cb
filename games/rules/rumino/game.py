"""Rumino for two to six players: a rummy of seven-card hands played down to the last
player under 100 points, and the rumino, seven cards that win the game at once.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"; main source),
../shared/rules/README.md ("Rumino" rulings, which decide).

How the deck becomes the hand
1. The deck is the 108 codes of two 52-card French packs and four jokers (``JK``),
   top first. The players in the game (those under 100, see below) are dealt in the
   order of play, starting with the first of them after the dealer.
2. Seven cards to each, one at a time: ``deck[i]`` to the ``i % k``-th of the ``k``
   players in that order, for ``i < 7 * k``.
3. ``deck[7 * k]`` is the upcard, the first card of the discard pile; the rest,
   ``deck[7 * k + 1:]``, is the stock, top first.
4. The first player after the dealer plays first. A turn: at its start, a player whose
   deadwood is 7 or less may **knock** (0: go **gin**) instead of drawing; otherwise
   they **draw** the top card of the stock or **take** the upcard, then **discard** a
   card (not the one just taken from the pile).
5. Melds stay in the hand: three or four of a kind (suits may repeat) or three or four
   of one suit in sequence, aces low; jokers are wild. Deadwood: the points of the cards
   outside melds (A 1, 2-10 face value, J Q K and jokers 10); the engine arranges each
   hand for the least.
6. Knock: every player's deadwood is added to their score. Gin: the player going gin
   scores -10, the others their deadwood.
7. A rumino (seven of one suit in sequence, or seven of a kind; jokers count) wins the
   game at once: the engine reveals it as soon as a hand holds one (dealt or after a
   draw). When a discard would complete another player's rumino, that player alone is
   offered it (``claim`` or ``decline``) before play goes on; several such players are
   offered it in the order of play from the discarder.
8. A player reaching 100 drops out. The last player under 100 wins the game.
   With the option ``rebuys`` a player who drops out may rebuy (``rebuy``/``retire`` at
   the start of the next hand) while three or more players are left: the score becomes
   the highest under 100 among the others; rebuys cost 1, 2, 4, ... stakes, paid into
   the pool the winner takes (chips instead of money, rulings).

Actions, exactly: ``draw``, ``take``, ``knock``, ``gin``, ``discard XY`` (XY a card
code such as ``3D``, ``10H`` or ``JK``), ``claim``, ``decline``, ``rebuy``, ``retire``.

Decisions the sources and rulings leave open, taken here:
- The card just taken from the pile may not be discarded in the same turn (nor
  another copy of it), as in most rummies; otherwise a turn could change nothing.
- ``knock`` needs a deadwood of 1 to 7; with 0 the player goes ``gin``.
- A turn that would start with the stock empty ends the hand without a score. A discard
  that completes a rumino when the stock is empty is not offered: the first such
  player in the order of play gets the card and wins at once, as with a rumino dealt
  (no turn follows for an offer to wait before, and the claim window would otherwise
  show that an offer was open).
- A rumino dealt is revealed before the first turn (the first in the order of play).
- The claim offer is private: while it is open, the other seats' views show the
  discard as made and the next player to draw as the seat to act, that player with the
  actions its turn will give it; the claimant's view shows the offer. The live layer
  pauses after every discard alike (the claim window, ``claim_window_opens``; its
  length is the setting ``RUMINO_CLAIM_SECONDS``), refuses the next player's action
  until the window closes, then declines for the claimants who did not answer
  (``lapse_claims``) before that action, so that neither the pause nor the views tell
  whether an offer was made (at a table of one person and bots it pauses only when an
  offer is open: games/claim_window.py).
- If every player left reaches 100 in the same hand, the lowest score wins the game.
- Places: the winner, then the players still in by score, then those out, the last to
  leave best.

The module is split in: this one (the game, its options, the carry from hand to hand
and the end of the game), rumino/deal.py (one hand's state machine), rumino/melds.py
(cards, melds, least deadwood, ruminos), rumino/scoring.py (scores, elimination,
rebuys, places) and rumino/view.py (what a seat sees).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, Game, Option
from games.rules.cards import FRENCH_52, Pack
from games.rules.rumino.deal import RuminoDeal
from games.rules.rumino.determinize import determinize, public_history
from games.rules.rumino.melds import JOKER_CODE
from games.rules.rumino.scoring import hand_points, new_state, places
from games.rules.rumino.view import build_view


class JokerPack(Pack):
    """A pack of French cards and jokers (``JK``, suit index 4)."""

    @staticmethod
    def parse(code: str) -> tuple[str, str]:
        """``(rank, suit)`` of a code; the joker is ``("JK", "")``. ValueError else."""
        if code == JOKER_CODE:
            return JOKER_CODE, ""
        return Pack.parse(code)

    @staticmethod
    def suit_index(suit: str) -> int:
        """The index of a suit letter; 4 for the joker's ``""``."""
        return Pack.suit_index(suit) if suit else 4


PACK = JokerPack("french-52x2-jokers", [*FRENCH_52.new_order * 2, *[JOKER_CODE] * 4])
"""Two 52-card French packs and four jokers: 108 cards (004, "Rumino": setup)."""

_STATE_KEYS = ("scores", "out", "pending", "rebuys", "pool")


class Rumino(Game):
    """Rumino for two to six players with two French packs and four jokers.

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
    ../shared/rules/README.md ("Rumino").
    """

    slug = "rumino"
    name = "Rumino"
    seats = (2, 3, 4, 5, 6)
    pack = PACK
    deal_class = RuminoDeal
    options = {
        "rebuys": Option(
            "rebuys", False, (False, True),
            "A player who reaches 100 may rebuy while three or more are left: 1, 2, 4, "
            "... stakes, the score set to the highest under 100 of the others.",
        ),
    }  # fmt: skip

    def carry_for(
        self, options: dict[str, Any], seats: int, results: Sequence[dict[str, Any]]
    ) -> dict[str, Any] | None:
        """The game's state after the last hand (scores, out, pending, rebuys, pool), or
        None before the first hand."""
        if not results:
            return None
        last = results[-1]
        return {key: last[key] for key in _STATE_KEYS}

    def check_carry(self, carry: Any, seats: int, options: dict[str, Any]) -> dict[str, Any] | None:
        """``carry`` checked: None, or the state of a game of ``seats`` that still goes on
        (scores and rebuys per seat, out and pending distinct seats, at least two in the
        game or deciding, pending only with rebuys on). Raises ValueError."""
        if carry is None:
            return None
        if not isinstance(carry, dict) or set(carry) != set(_STATE_KEYS):
            raise ValueError(f"a Rumino carry is a dict of {list(_STATE_KEYS)}, not {carry!r}")
        scores, rebuys = carry["scores"], carry["rebuys"]
        out, pending, pool = carry["out"], carry["pending"], carry["pool"]
        lists = (scores, rebuys, out, pending)
        if not all(isinstance(value, list) for value in lists) or not all(
            type(item) is int for value in lists for item in value
        ):
            raise ValueError("a Rumino carry holds lists of ints")
        if len(scores) != seats or len(rebuys) != seats or any(n < 0 for n in rebuys):
            raise ValueError(f"a Rumino carry has a score and a rebuy count for each of {seats}")
        if type(pool) is not int or pool < seats:
            raise ValueError(f"the pool holds at least one stake a player, not {pool!r}")
        gone = out + pending
        if len(set(gone)) != len(gone) or not all(0 <= seat < seats for seat in gone):
            raise ValueError("out and pending are distinct seats of the game")
        if pending and not options["rebuys"]:
            raise ValueError("a player can be deciding on a rebuy only with the option rebuys")
        if seats - len(gone) < (1 if pending else 2):
            raise ValueError("the game is over: fewer than two players are left")
        return {key: list(carry[key]) if key != "pool" else pool for key in _STATE_KEYS}

    def next_dealer(self, dealer: int, seats: int, results: Sequence[dict[str, Any]] = ()) -> int:
        """The next seat after ``dealer`` still in the game (or deciding on a rebuy)."""
        state = results[-1] if results else new_state(seats)
        out = set(state["out"])
        for step in range(1, seats + 1):
            seat = (dealer + step) % seats
            if seat not in out:
                return seat
        return (dealer + 1) % seats

    def match_scores(self, results: Sequence[dict[str, Any]], options: dict[str, Any]) -> list[int]:
        """The scores after the last hand (rebuys reset them, so they are not the sum of
        the hands' points); zeros before the first."""
        if not results:
            return [0] * self.seat_counts(self.validate_options(options))[0]
        return list(results[-1]["scores"])

    def deal_points(self, result: dict[str, Any]) -> list[float]:
        """A hand's points are penalties (docstring above): the fewer the better, so they
        are negated for the bots' comparison of sides (``Game.deal_points``)."""
        return [-points for points in result["side_points"]]

    def final_points(self, deal: Deal) -> list[float]:
        """``deal_points(deal.result())`` from the hand's points alone (scoring.py,
        ``hand_points``: each seat's least deadwood after a knock or gin, nothing after a
        rumino or an empty stock), without the rest of the result. Raises ValueError
        before the end."""
        if not deal.is_over:
            raise ValueError("the deal is not over yet: there is no result")
        ended = deal.ended or {"ended_by": "stock", "by": None}
        how, by = ended["ended_by"], ended["by"]
        deadwood: list[int | None] = [None] * deal.seats
        if how in ("knock", "gin"):
            for seat in deal.playing:
                deadwood[seat] = deal.deadwood_points(seat)
        points = hand_points(deadwood, how, by)
        return [-sum(points[seat] for seat in side) for side in deal.sides]

    def estimate_points(self, deal: Deal) -> list[float]:
        """Each seat's points as ``deal_points`` would give them if the hand ended now by a
        knock: its least deadwood, negated (0 for a seat out of the hand). For searches
        that cut their playouts short (games/ismcts.py, ``horizon``). Source: scoring.py,
        ``hand_points``."""
        playing = set(deal.playing)
        return [
            -float(deal.deadwood_points(seat)) if seat in playing else 0.0
            for seat in range(deal.seats)
        ]

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """The seat that won the game (a rumino, or the last under 100), or None while it
        goes on. Raises ValueError for bad options."""
        self.validate_options(options)
        return results[-1]["winner"] if results else None

    def match_places(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> list[int] | None:
        """Places once the game is won (scoring.py ``places``), else None."""
        winner = self.match_winner(results, options)
        if winner is None:
            return None
        return places(results[-1], winner)

    def match_target(self, options: dict[str, Any]) -> int | None:
        """None: the game is played down to the last player under 100."""
        return None

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The hand's actions as ``seat`` saw them: all but the other seats' ``decline``
        of a claim offered privately (determinize.py)."""
        return public_history(deal, seat)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A hand consistent with what the viewer of ``view`` saw, the cards it has not seen
        placed at random (determinize.py gives the procedure). Raises ValueError for a
        view that is not of this game or that no hand fits."""
        return determinize(self, view, history, options, rng)

    def timeout_action(self, deal: Deal) -> str | None:
        """What the live layer plays for the seat on move when its move clock runs out,
        instead of forfeiting the match: ``"decline"`` for a claim offer still open (an
        offer left unanswered lapses and play goes on, as at a table where the claimant
        says nothing), None otherwise (the usual forfeit). The live layer lapses the
        offers itself when the claim window closes (``lapse_claims``); this is the
        fallback for an offer made before the window existed. The action never ends the
        hand. Source: ../shared/rules/README.md ("Rumino": the claim is offered "with a
        time limit before play goes on")."""
        return "decline" if deal.phase == "claim" else None

    # -- the claim window: hooks for the live layer, which keeps the clock ------------

    def claim_window_opens(self, deal: Deal, action: str) -> bool:
        """True when the live layer must pause play for the claim window after ``action``,
        just applied to ``deal``: after every discard that leaves the hand going on,
        whether or not it completes someone's rumino, so that the pause tells nothing
        (rulings: the offer is private). Source: ../shared/rules/README.md ("Rumino")."""
        return action.startswith("discard ") and not deal.is_over

    def open_claims(self, deal: Deal) -> list[int]:
        """The seats with a claim offer open in ``deal``, the one to answer first first;
        [] when none is (``RuminoDeal.open_claims``)."""
        return deal.open_claims  # type: ignore[attr-defined]

    def seat_on_move(self, deal: Deal) -> int | None:
        """The seat every view but a claimant's shows on move: the next player to draw
        while a claim is offered, else ``to_act`` (``RuminoDeal.seat_on_move``)."""
        return deal.seat_on_move  # type: ignore[attr-defined]

    def lapse_claims(self, deal: Deal) -> list[tuple[int, str]]:
        """Let every open claim offer of ``deal`` lapse: apply ``decline`` for each
        claimant in turn (a later claimant is offered the card only once the earlier
        declines, so all of them lapse) and return the ``(seat, "decline")`` pairs
        applied, in order, for the deal's log; [] when no offer is open. Never ends the
        hand (no offer is made with the stock empty: RuminoDeal)."""
        lapsed: list[tuple[int, str]] = []
        while deal.phase == "claim":
            seat = deal.to_act
            deal.apply("decline")
            lapsed.append((seat, "decline"))
        return lapsed

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``deal`` (None: a spectator): view.py's ``build_view``."""
        return build_view(deal, seat)  # type: ignore[arg-type]


__all__ = ["PACK", "JokerPack", "Rumino"]
