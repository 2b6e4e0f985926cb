"""The state machine of one Burraco hand: the deal procedure and the action spelling are
in the docstring of games/rules/burraco/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco"),
../shared/rules/README.md ("Burraco" rulings).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.burraco.legal import play_actions
from games.rules.burraco.melds import SET, Meld, build_meld, extend_meld, is_wild
from games.rules.burraco.scoring import side_score

HAND_SIZE = 11
POZZETTO_SIZE = 11
STOCK_LEFT = 2
"""The hand ends once the stock is down to two cards (004, "Ending the hand")."""
DRAW, PLAY, OVER = "draw", "play", "over"
CLOSED, TALON, STALEMATE = "closed", "talon", "stalemate"


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Burraco action: expected draw, take, meld <cards>, "
        "add <meld number> <cards>, or discard <card>",
        action=action if isinstance(action, str) else repr(action),
    )


class BurracoDeal(Deal):
    """One hand of Burraco, two players alone or four in partnerships.

    State (codes throughout; a multiset of cards is a Counter):
    ``hands[seat]``; ``known[seat]`` the cards of that hand every player saw go into it
    (taken with the discard pile, and still there as far as anyone can tell);
    ``stock`` (the talon, its top last); ``upcard`` (the card turned up, public);
    ``pile`` (the discard pile, bottom first);
    ``pozzetti`` the packets not yet taken (the next taken first); ``pozzetto_taken[side]``;
    ``pending[seat]`` a pozzetto taken by discarding the last card, face down until the
    seat's next turn; ``melds[side]`` (Meld, in the order laid); ``taken_single`` the
    card of a one-card discard pile taken this turn (it cannot be discarded again this
    turn, unless its twin); ``stalemate`` the count of consecutive turns that only took a
    one-card pile; ``end`` (``closed``, ``talon``, ``stalemate``) and ``closed_by``.

    ``apply`` raises IllegalAction with the keys ``malformed``, ``wrong_phase``,
    ``discard_pile_empty``, ``cards_not_in_hand``, ``no_such_meld``, ``one_set_per_rank``,
    ``must_keep_a_card``, ``no_discard_left``, ``cannot_discard_taken_card``,
    ``close_needs_burraco``, ``cannot_close_with_wild`` and the meld keys of melds.py
    (besides ``deal_over`` and ``not_your_turn``).
    """

    __slots__ = (
        "hands", "known", "stock", "pile", "pozzetti", "pozzetto_taken", "pending", "melds",
        "taken_single", "turn_melded", "turn_took_single", "stalemate", "end", "closed_by",
        "side_index", "upcard", "_legal",
    )  # fmt: skip

    def _deal(self) -> None:
        n = self.seats
        deck = self.deck
        self.side_index = [self.game.side_of(n, self.options, seat) for seat in range(n)]
        self.hands = [Counter() for _ in range(n)]
        for i, code in enumerate(deck[: HAND_SIZE * n]):
            self.hands[(self.dealer + 1 + i) % n][code] += 1
        start = HAND_SIZE * n
        packets = deck[start : start + 2 * POZZETTO_SIZE]
        self.pozzetti = [list(packets[0::2]), list(packets[1::2])]
        upcard = start + 2 * POZZETTO_SIZE
        self.upcard = deck[upcard]
        self.pile = [self.upcard]
        self.stock = list(reversed(deck[upcard + 1 :]))
        self.known = [Counter() for _ in range(n)]
        self.pozzetto_taken = [False] * len(self.sides)
        self.pending: list[list[str] | None] = [None] * n
        self.melds: list[list[Meld]] = [[] for _ in self.sides]
        self.taken_single: str | None = None
        self.turn_melded = False
        self.turn_took_single = False
        self.stalemate = 0
        self.end: str | None = None
        self.closed_by: int | None = None
        # (len(actions), legal_actions, the plans of its lays, whether a discard closes)
        # of the last play-phase state asked (legal.py's play_actions).
        self._legal: tuple[int, list[str], dict[str, tuple], bool] | None = None
        self.phase = DRAW
        self.to_act = (self.dealer + 1) % n

    # -- reading the state ----------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for."""
        return self.side_index[seat]

    def has_burraco(self, side: int) -> bool:
        """True when ``side`` has a meld of seven or more cards."""
        return any(meld.burraco for meld in self.melds[side])

    @property
    def stock_count(self) -> int:
        """Cards left in the talon."""
        return len(self.stock)

    # -- actions ---------------------------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        legal = self._legal
        if legal is not None and legal[0] == len(self.actions) and isinstance(action, str):
            # An action listed for this very state: carry it out as planned when it was
            # listed (legal.py's play_actions), without checking it again.
            plan = legal[2].get(action)
            if plan is not None:
                index, args, used = plan
                self._lay(seat, index, Meld(*args), dict(used))
                return
            if action.startswith("discard ") and action in legal[1]:
                self._discard(seat, action[8:], legal[3])
                return
        words = action.split() if isinstance(action, str) else []
        if " ".join(words) != action:  # one space between words, none around them
            raise _malformed(action)
        verb = words[0] if words else None
        if verb in ("draw", "take"):
            if len(words) != 1:
                raise _malformed(action)
            if self.phase != DRAW:
                raise self._phase_refusal(action, "meld, add or discard")
            if verb == "draw":
                self.hands[seat][self.stock.pop()] += 1
                self.turn_took_single = False
            else:
                self._take(seat)
            self.turn_melded = False
            self.phase = PLAY
            return
        if verb not in ("meld", "add", "discard"):
            raise _malformed(action)
        if self.phase != PLAY:
            raise self._phase_refusal(action, "draw or take")
        if verb == "discard":
            if len(words) != 2:
                raise _malformed(action)
            closing = self._check_discard(seat, words[1])
            self._discard(seat, words[1], closing)
            return
        if verb == "meld":
            index, meld, used = self._plan_meld(seat, words[1:])
        else:
            if len(words) < 2:
                raise _malformed(action)
            index, meld, used = self._plan_add(seat, words[1], words[2:])
        self._lay(seat, index, meld, used)

    def _take(self, seat: int) -> None:
        if not self.pile:
            raise IllegalAction("discard_pile_empty", "the discard pile is empty: draw instead")
        single = len(self.pile) == 1
        self.taken_single = self.pile[0] if single else None
        self.turn_took_single = single
        for code in self.pile:
            self.hands[seat][code] += 1
            self.known[seat][code] += 1
        self.pile = []

    def _plan_meld(self, seat: int, tokens: list[str]) -> tuple[None, Meld, Counter[str]]:
        """Check a new meld of ``tokens`` for ``seat``: (None, the meld, cards used)."""
        meld = build_meld(tokens)
        side = self.side_of(seat)
        if meld.kind == SET and any(
            other.kind == SET and other.rank == meld.rank for other in self.melds[side]
        ):
            raise IllegalAction(
                "one_set_per_rank",
                f"your side already has a set of {meld.rank}s: add to it instead",
                rank=meld.rank,
            )
        used = Counter(meld.cards)
        self._check_rest(seat, used, [*self.melds[side], meld])
        return None, meld, used

    def _plan_add(
        self, seat: int, number: str, tokens: list[str]
    ) -> tuple[int, Meld, Counter[str]]:
        """Check ``seat``'s addition to its side's meld ``number`` (0 first), spelled as
        the whole new meld: (the meld's index, the new meld, cards used from hand)."""
        side = self.side_of(seat)
        melds = self.melds[side]
        if not number.isdigit() or int(number) >= len(melds):
            raise IllegalAction(
                "no_such_meld",
                f"{number!r} is not one of your side's melds (0 to {len(melds) - 1})",
                meld=number,
            )
        index = int(number)
        new, used = extend_meld(melds[index], tokens)
        after = list(melds)
        after[index] = new
        self._check_rest(seat, used, after)
        return index, new, used

    def _check_rest(self, seat: int, used: Counter[str], melds_after: list[Meld]) -> None:
        """Refuse laying ``used`` from ``seat``'s hand when the hand lacks them, or when
        what is left would leave no legal way to end the turn (004, "Taking a
        pozzetto", "Ending the hand"):

        1. an empty hand takes the pozzetto on the spot, so it needs one still to take;
           once the side has its pozzetto a player must keep a card to discard;
        2. a single card left must be a legal last discard: not the one-card pile just
           taken and, once the side has its pozzetto (the discard then closes), not wild
           and with a burraco on the side's table.
        """
        hand = self.hands[seat]
        if any(hand[code] < count for code, count in used.items()):
            missing = sorted((used - hand).elements())
            raise IllegalAction(
                "cards_not_in_hand", "you do not hold " + " ".join(missing), cards=missing
            )
        left = hand.total() - used.total()
        has_pozzetto = self.pozzetto_taken[self.side_of(seat)]
        if left == 0 and has_pozzetto:
            raise IllegalAction(
                "must_keep_a_card",
                "your side has its pozzetto: keep a card to close with a discard",
            )
        if left == 1:
            (last,) = (hand - used).elements()
            if last == self.taken_single or (
                has_pozzetto and (is_wild(last) or not any(m.burraco for m in melds_after))
            ):
                raise IllegalAction(
                    "no_discard_left",
                    f"after this you could not discard your last card {last}",
                    card=last,
                )

    def _lay(self, seat: int, index: int | None, meld: Meld, used: Mapping[str, int]) -> None:
        side = self.side_of(seat)
        if index is None:
            self.melds[side].append(meld)
        else:
            self.melds[side][index] = meld
        hand, known = self.hands[seat], self.known[seat]
        for code, count in used.items():  # hand -= used, known -= used, in place
            if hand[code] > count:
                hand[code] -= count
            else:
                del hand[code]
            if known[code] > count:
                known[code] -= count
            elif code in known:
                del known[code]
        self.turn_melded = True
        if not self.hands[seat]:
            # 004: a player who runs out of cards mid-turn picks up the pozzetto and plays on.
            self.hands[seat] = Counter(self.pozzetti.pop(0))
            self.pozzetto_taken[side] = True

    def _check_discard(self, seat: int, code: str) -> bool:
        """Check ``seat``'s discard of ``code``; True when it closes the hand."""
        hand = self.hands[seat]
        if hand[code] < 1:
            raise IllegalAction("cards_not_in_hand", f"you do not hold {code!r}", cards=[code])
        if code == self.taken_single and hand[code] < 2:
            raise IllegalAction(
                "cannot_discard_taken_card",
                f"you took {code} as the only card of the discard pile: discard another card",
                card=code,
            )
        if hand.total() > 1:
            return False
        side = self.side_of(seat)
        if not self.pozzetto_taken[side]:
            return False
        if not self.has_burraco(side):
            raise IllegalAction(
                "close_needs_burraco", "to close, your side needs at least one burraco"
            )
        if is_wild(code):
            raise IllegalAction(
                "cannot_close_with_wild", f"the closing discard cannot be a wild card ({code})",
                card=code,
            )  # fmt: skip
        return True

    def _discard(self, seat: int, code: str, closing: bool) -> None:
        side = self.side_of(seat)
        hand, known = self.hands[seat], self.known[seat]
        if hand[code] > 1:
            hand[code] -= 1
        else:
            del hand[code]
        # Nobody can tell a taken card from its twin: a discard of either forgets one.
        if known[code] > 1:
            known[code] -= 1
        elif code in known:
            del known[code]
        self.pile.append(code)
        if not self.hands[seat] and not closing:
            # 004: discarding the last card takes the pozzetto face down until the next turn.
            self.pending[seat] = self.pozzetti.pop(0)
            self.pozzetto_taken[side] = True
        simple = self.turn_took_single and not self.turn_melded
        self.stalemate = self.stalemate + 1 if simple else 0
        self.taken_single = None
        if closing:
            self._finish(CLOSED, seat)
        elif len(self.stock) <= STOCK_LEFT:
            self._finish(TALON, None)
        elif self.stalemate >= self.seats:
            self._finish(STALEMATE, None)
        else:
            following = (seat + 1) % self.seats
            if self.pending[following] is not None:
                self.hands[following] = Counter(self.pending[following])
                self.pending[following] = None
            self.to_act = following
            self.phase = DRAW

    def _finish(self, end: str, closer: int | None) -> None:
        self.end = end
        self.closed_by = closer
        self.to_act = None
        self.phase = OVER

    # -- legal actions --------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for the seat to act.

        Complete for ``draw``, ``take`` and ``discard``. Melds and additions are a
        subset of what ``apply`` accepts, enough for a bot to play a whole hand: each
        set of all the naturals of a rank held (with and without each wild card held
        once two naturals are there); each maximal run of naturals of a suit, alone,
        with a wild at its low (or, after an ace, high) end, or bridging one gap to the
        next run; and every addition of one card from hand to one meld, the meld's wild
        card placed anywhere the rules allow. How they are worked out fast: legal.py.
        """
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == DRAW:
            return ["draw", "take"] if self.pile else ["draw"]
        # Views and bots ask again for the same state, and apply takes a listed action
        # as planned: keep the last answer with its plans.
        legal = self._legal
        if legal is None or legal[0] != len(self.actions):
            legal = self._legal = (len(self.actions), *play_actions(self, seat))
        return list(legal[1])

    # -- the result ----------------------------------------------------------------

    def _result(self) -> dict[str, Any]:
        sides = []
        for side, seats in enumerate(self.sides):
            left: list[str] = []
            for seat in seats:
                left.extend(self.hands[seat].elements())
                left.extend(self.pending[seat] or ())
            closed = self.closed_by is not None and self.side_of(self.closed_by) == side
            sides.append(
                side_score(
                    self.melds[side],
                    left,
                    pozzetto_taken=self.pozzetto_taken[side],
                    closed=closed,
                    semi_clean=self.options["semi_clean"],
                )
            )
        side_points = [score["total"] for score in sides]
        return {
            "points": [side_points[self.side_of(seat)] for seat in range(self.seats)],
            "side_points": side_points,
            "sides": sides,
            "end": self.end,
            "closed_by": self.closed_by,
        }
