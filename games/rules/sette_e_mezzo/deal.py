"""One hand of Sette e mezzo; the procedure and the action spelling are in the docstring of
games/rules/sette_e_mezzo/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Seven and a Half"),
../shared/rules/README.md ("Seven and a Half, Ziginette"; general rulings).
"""

from __future__ import annotations

from typing import Any

from games.rules.banking import limit_actions, parse_limits
from games.rules.base import Deal, IllegalAction
from games.rules.sette_e_mezzo.scoring import (
    SEVEN_AND_A_HALF,
    busted,
    is_natural,
    outcome,
    settle,
    show,
    total,
)

LIMITS, BET, PLAY, BANK, OVER = "limits", "bet", "play", "bank", "over"
HIT, STAND, PASS = "hit", "stand", "pass"


class SetteEMezzoDeal(Deal):
    """One hand of Sette e mezzo: the banker (``dealer``) announces the limits, the others
    bet or pass, then play against the banker's cards.

    ``stacks`` (chips at the start of the hand) come from ``carry`` (``{"stacks": [...]}``;
    without one, every seat has the option ``stack``). ``apply`` raises IllegalAction
    with the keys ``malformed``, ``wrong_phase``, ``bad_limits``, ``bet_out_of_limits``,
    ``bet_over_stack`` or ``stock_empty`` (besides ``deal_over``, ``not_your_turn``).
    """

    __slots__ = (
        "stacks", "order", "limits", "bets", "passed", "cards", "pos", "status",
        "turn", "outcomes", "settlement", "next_banker", "away",
    )  # fmt: skip

    def _deal(self) -> None:
        seats, banker = self.seats, self.dealer
        carry = self.carry or {"stacks": [self.options["stack"]] * seats}
        self.stacks: list[int] = list(carry["stacks"])
        # Seats whose player has gone (games/rules/banking.py ``sit_out``): no bets, no bank.
        self.away: frozenset[int] = frozenset(carry.get("away", ()))
        # Playing order: from the banker's left, the players who have chips and are here.
        self.order = [
            seat
            for seat in ((banker + i) % seats for i in range(1, seats))
            if self.stacks[seat] and seat not in self.away
        ]
        self.limits: tuple[int, int] | None = None
        self.bets: dict[int, int] = {}
        self.passed: set[int] = set()
        self.cards: list[list[str]] = [[] for _ in range(seats)]
        self.pos = 0
        # Per seat: "out" (no chips), "waiting", "passed", "playing", "stood", "bust",
        # "natural"; the banker: "banker".
        self.status = ["out" if not stack else "waiting" for stack in self.stacks]
        for seat in self.away:
            self.status[seat] = "away"
        self.status[banker] = "banker"
        self.turn = 0
        self.outcomes: dict[int, tuple[str, int]] = {}
        self.settlement: dict[str, Any] | None = None
        self.next_banker = banker
        self.phase = LIMITS
        self.to_act = banker
        if not self.order:
            self._finish()

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over), spelled as in game.py."""
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == LIMITS:
            return limit_actions(self.options)
        if self.phase == BET:
            assert self.limits is not None
            low, high = self.limits
            most = min(high, self.stacks[seat])
            return sorted([PASS, *(f"bet {n}" for n in range(low, most + 1))])
        actions = [STAND]
        if self.pos < len(self.deck):
            actions.append(HIT)
        return sorted(actions)

    # -- applying actions ------------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        if not isinstance(action, str):
            raise _malformed(action)
        word, *args = action.split(" ")
        if word == "limits":
            self._limits(seat, action, args)
        elif word == "bet" or action == PASS:
            self._bet(seat, action, args)
        elif action in (HIT, STAND):
            if self.phase not in (PLAY, BANK):
                raise self._phase_refusal(action, self._expected())
            if action == HIT:
                self._hit(seat)
            else:
                self._stand(seat)
        else:
            raise _malformed(action)

    def _expected(self) -> str:
        return {LIMITS: "'limits MIN MAX'", BET: "'bet N' or 'pass'"}.get(
            self.phase, "'hit' or 'stand'"
        )

    def _limits(self, seat: int, action: str, args: list[str]) -> None:
        if self.phase != LIMITS:
            raise self._phase_refusal(action, self._expected())
        low, high = parse_limits(action, args, self.options)
        self.limits = (low, high)
        self.phase = BET
        self.turn = 0
        self.to_act = self.order[0]

    def _bet(self, seat: int, action: str, args: list[str]) -> None:
        if self.phase != BET:
            raise self._phase_refusal(action, self._expected())
        assert self.limits is not None
        if action == PASS:
            self.passed.add(seat)
            self.status[seat] = "passed"
        else:
            if len(args) != 1 or not args[0].isdigit() or args[0] != str(int(args[0])):
                raise _malformed(action)
            amount = int(args[0])
            low, high = self.limits
            if not low <= amount <= high:
                raise IllegalAction(
                    "bet_out_of_limits",
                    f"{action!r}: the banker's limits are {low} to {high} chips",
                    low=low, high=high,
                )  # fmt: skip
            if amount > self.stacks[seat]:
                raise IllegalAction(
                    "bet_over_stack",
                    f"{action!r}: you have {self.stacks[seat]} chips",
                    stack=self.stacks[seat],
                )
            self.bets[seat] = amount
            self.status[seat] = "playing"
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        self._deal_hole_cards()

    def _deal_hole_cards(self) -> None:
        """Betting is closed: one card face down to each player who bet, from the banker's
        left, then to the banker; the first of them plays."""
        players = [seat for seat in self.order if seat in self.bets]
        if not players:
            self._finish()
            return
        for seat in (*players, self.dealer):
            self.cards[seat].append(self._draw())
        self.phase = PLAY
        self.order = players
        self.turn = 0
        self.to_act = players[0]

    def _draw(self) -> str:
        card = self.deck[self.pos]
        self.pos += 1
        return card

    def _hit(self, seat: int) -> None:
        if self.pos >= len(self.deck):
            raise IllegalAction("stock_empty", "'hit': there are no cards left to draw")
        self.cards[seat].append(self._draw())
        cards = self.cards[seat]
        if seat == self.dealer:
            if busted(cards) or total(cards) == SEVEN_AND_A_HALF:
                self._finish()
            return
        if busted(cards):
            self.status[seat] = "bust"
            self._next_player()
        elif is_natural(cards):
            self.status[seat] = "natural"  # an automatic stand (004)
            self._next_player()

    def _stand(self, seat: int) -> None:
        if seat == self.dealer:
            self._finish()
            return
        self.status[seat] = "stood"
        self._next_player()

    def _next_player(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        if all(self.status[seat] == "bust" for seat in self.order):
            self._finish()  # nothing left to play for: the banker keeps his card down
            return
        self.phase = BANK
        self.to_act = self.dealer

    def _finish(self) -> None:
        """Settle the hand (scoring.settle) and choose the next banker."""
        banker = self.dealer
        played = self.phase == BANK
        banker_cards = self.cards[banker] if played else None
        for seat in self.order:
            if seat not in self.bets:
                continue
            if self.status[seat] == "bust":
                self.outcomes[seat] = ("bust", -1)
            else:
                self.outcomes[seat] = outcome(self.cards[seat], banker_cards)
        betting = [seat for seat in self.order if seat in self.bets]
        self.settlement = settle(self.stacks, banker, betting, self.bets, self.outcomes)
        self.next_banker = self._choose_next_banker(banker_cards)
        self.phase = OVER
        self.to_act = None

    def _choose_next_banker(self, banker_cards: list[str] | None) -> int:
        """Option ``bank_rotation``: ``game`` (004): the first player from the banker's left
        with seven and a half in two cards takes the bank, unless the banker had one too;
        else the banker keeps it. ``rotate``: the next seat. Either way a seat with no
        chips left cannot bank, nor can a seat sitting out (``away``): the bank goes on to the
        next seat that can."""
        assert self.settlement is not None
        after = self.settlement["stacks"]
        seats, banker = self.seats, self.dealer
        choice = (banker + 1) % seats if self.options["bank_rotation"] == "rotate" else banker
        if self.options["bank_rotation"] == "game" and not (
            banker_cards is not None and is_natural(banker_cards)
        ):
            naturals = [s for s in self.order if self.outcomes.get(s, ("",))[0] == "natural"]
            if naturals:
                choice = naturals[0]
        for i in range(seats):
            seat = (choice + i) % seats
            if after[seat] > 0 and seat not in self.away:
                return seat
        return choice

    # -- reading the state -----------------------------------------------------

    def revealed(self, seat: int) -> bool:
        """True when ``seat``'s face-down card is shown to all: a bust or a natural, the
        banker once he plays, everyone at the end of the hand."""
        if self.phase == OVER:
            return True
        if seat == self.dealer:
            return self.phase == BANK
        return self.status[seat] in ("bust", "natural")

    def chips_in_front(self, seat: int) -> int:
        """The seat's chips not staked in the hand (its stack less its bet)."""
        return self.stacks[seat] - self.bets.get(seat, 0)

    def _result(self) -> dict[str, Any]:
        """``{"points": [chips won per seat], "stacks": [after the hand], "banker",
        "next_banker", "limits", "bets": {seat: chips}, "outcomes": {seat: outcome},
        "totals": {seat: "7½"}, "cards": [[codes] per seat], "paid", "unpaid"}`` (seat keys
        are strings, as in JSON)."""
        assert self.settlement is not None
        return {
            "points": self.settlement["points"],
            "stacks": self.settlement["stacks"],
            "banker": self.dealer,
            "next_banker": self.next_banker,
            "limits": list(self.limits) if self.limits else None,
            "bets": {str(s): b for s, b in self.bets.items()},
            "outcomes": {str(s): o[0] for s, o in self.outcomes.items()},
            "totals": {str(s): show(total(c)) for s, c in enumerate(self.cards) if c},
            "cards": [list(c) for c in self.cards],
            "paid": {str(s): p for s, p in self.settlement["paid"].items()},
            "unpaid": {str(s): p for s, p in self.settlement["unpaid"].items()},
            "away": sorted(self.away),
        }


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Sette e mezzo action: expected 'limits MIN MAX', 'bet N', "
        "'pass', 'hit' or 'stand'",
    )
