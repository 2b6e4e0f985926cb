"""One hand of Ziginette; the procedure and the action spelling are in the docstring of
games/rules/ziginette/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Ziginette"),
../shared/rules/README.md ("Seven and a Half, Ziginette"; general rulings).
"""

from __future__ import annotations

from typing import Any

from games.rules.banking import limit_actions, next_with_chips, parse_limits
from games.rules.base import Deal, IllegalAction
from games.rules.cards import ITALIAN_40

LIMITS, BET, BANK_CHOICE, OVER = "limits", "bet", "bank_choice", "over"
DONE, KEEP, PASS = "done", "keep", "pass"
LAYOUT = 3  # two board cards and the banker's card


def rank(code: str) -> str:
    """The rank of a code: ``"7C"`` -> ``"7"``."""
    return code[:-1]


def has_playette(cards: list[str]) -> bool:
    """A pair among the first three cards (004: "a playette").

    >>> has_playette(["7C", "3D", "7S"]), has_playette(["7C", "3D", "KS"])
    (True, False)
    """
    ranks = [rank(code) for code in cards[:LAYOUT]]
    return len(set(ranks)) < len(ranks)


def redeal_deck(deck: list[str]) -> list[str]:
    """The deck after a playette: the cards gathered and shuffled again (004), here by a
    shuffle seeded from the deck, which is as secret as the deck itself, so that a hand
    replays from its record (as Scopa's redeals)."""
    return ITALIAN_40.shuffled("ziginette playette " + " ".join(deck))


def dealt_decks(deck: list[str]) -> list[list[str]]:
    """The decks dealt from ``deck``, in order: the first and one more per playette."""
    decks = [list(deck)]
    while has_playette(decks[-1]):
        decks.append(redeal_deck(decks[-1]))
    return decks


class ZiginetteDeal(Deal):
    """One hand of Ziginette: the banker (``dealer``) announces the limits, two board cards
    and the banker's card are turned (a playette is redealt), the players bet on board
    cards, and the banker turns cards until his own card's rank comes (he pays every bet on
    the board) or the hand ends otherwise.

    ``apply`` raises IllegalAction with the keys ``malformed``, ``wrong_phase``,
    ``bad_limits``, ``not_on_board``, ``already_bet``, ``bet_out_of_limits`` or
    ``bet_over_stack`` (besides ``deal_over``, ``not_your_turn``).
    """

    __slots__ = (
        "decks", "cards", "pos", "stacks", "limits", "board", "banker_card", "dead",
        "discards", "bets", "order", "turn", "points", "lost", "unpaid", "next_banker",
        "turned", "matched", "paid", "away",
    )  # fmt: skip

    def _deal(self) -> None:
        self.decks = dealt_decks(self.deck)
        self.cards = self.decks[-1]
        seats, banker = self.seats, self.dealer
        carry = self.carry or {"stacks": [self.options["stack"]] * seats}
        self.stacks: list[int] = list(carry["stacks"])
        # Seats whose player has gone (games/rules/banking.py ``sit_out``): no bets, no bank.
        self.away: frozenset[int] = frozenset(carry.get("away", ()))
        self.limits: tuple[int, int] | None = None
        self.board: list[str] = []  # board cards in the order turned
        self.banker_card = ""
        self.dead: set[str] = set()  # ranks matched: their other cards are discarded
        self.discards: list[str] = []
        self.bets: dict[str, dict[int, int]] = {}  # board card -> seat -> chips
        self.order: list[int] = []
        self.turn = 0
        self.points = [0] * seats
        self.lost = False
        self.unpaid: dict[int, int] = {}
        self.paid: dict[int, int] = {}  # chips the bank paid each seat when its card came
        self.next_banker = banker
        self.turned: list[str] = []  # every card turned after the layout, in order
        self.matched: list[tuple[str, int, str]] = []  # (board card, chips collected, by)
        self.pos = 0
        self.phase = LIMITS
        self.to_act = banker

    # -- helpers ---------------------------------------------------------------

    def in_front(self, seat: int) -> int:
        """Chips ``seat`` has not staked: its stack, less its bets on the board, plus what
        it has won or lost so far this hand."""
        staked = sum(bets.get(seat, 0) for bets in self.bets.values())
        return self.stacks[seat] + self.points[seat] - staked

    def _bettors(self) -> list[int]:
        seats, banker = self.seats, self.dealer
        return [
            s
            for s in ((banker + i) % seats for i in range(1, seats))
            if self.in_front(s) and s not in self.away
        ]

    def _board_total(self) -> int:
        return sum(sum(bets.values()) for bets in self.bets.values())

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over), spelled as in game.py."""
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == LIMITS:
            return limit_actions(self.options)
        if self.phase == BANK_CHOICE:
            return [KEEP, PASS]
        assert self.limits is not None
        low, high = self.limits
        most = min(high, self.in_front(seat))
        actions = [DONE]
        for card in self.board:
            if seat not in self.bets.get(card, {}):
                actions += [f"bet {card} {n}" for n in range(low, most + 1)]
        return sorted(actions)

    # -- applying actions ------------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        if not isinstance(action, str):
            raise _malformed(action)
        word, *args = action.split(" ")
        if word == "limits" and len(args) == 2:
            self._limits(action, args)
        elif word == "bet" and len(args) == 2:
            self._bet(seat, action, args)
        elif action == DONE:
            if self.phase != BET:
                raise self._phase_refusal(action, self._expected())
            self._next_bettor()
        elif action in (KEEP, PASS):
            if self.phase != BANK_CHOICE:
                raise self._phase_refusal(action, self._expected())
            self._bank_choice(action)
        else:
            raise _malformed(action)

    def _expected(self) -> str:
        return {
            LIMITS: "'limits MIN MAX'",
            BET: "'bet XY N' or 'done'",
            BANK_CHOICE: "'keep' or 'pass'",
        }.get(self.phase, "nothing")

    def _limits(self, action: str, args: list[str]) -> None:
        if self.phase != LIMITS:
            raise self._phase_refusal(action, self._expected())
        low, high = parse_limits(action, args, self.options)
        self.limits = (low, high)
        # The layout: two board cards, then the banker's card (playettes already redealt).
        self.board = list(self.cards[:2])
        self.banker_card = self.cards[2]
        self.pos = LAYOUT
        self._betting_round()

    def _bet(self, seat: int, action: str, args: list[str]) -> None:
        if self.phase != BET:
            raise self._phase_refusal(action, self._expected())
        card, amount_text = args
        if (
            card not in ITALIAN_40.index
            or not amount_text.isdigit()
            or (amount_text != str(int(amount_text)))
        ):
            raise _malformed(action)
        if card not in self.board:
            raise IllegalAction(
                "not_on_board", f"{action!r}: {card} is not a board card", cards=[card]
            )
        if seat in self.bets.get(card, {}):
            raise IllegalAction(
                "already_bet", f"{action!r}: you already have a bet on {card}", card=card
            )
        assert self.limits is not None
        low, high = self.limits
        amount = int(amount_text)
        if not low <= amount <= high:
            raise IllegalAction(
                "bet_out_of_limits", f"{action!r}: the banker's limits are {low} to {high}",
                low=low, high=high,
            )  # fmt: skip
        if amount > self.in_front(seat):
            raise IllegalAction(
                "bet_over_stack", f"{action!r}: you have {self.in_front(seat)} chips left",
                stack=self.in_front(seat),
            )  # fmt: skip
        self.bets.setdefault(card, {})[seat] = amount

    def _betting_round(self) -> None:
        """Every player with chips in front, from the banker's left, may bet; with nobody
        able to, the cards are turned at once."""
        self.order = self._bettors()
        self.turn = 0
        if self.order:
            self.phase = BET
            self.to_act = self.order[0]
        else:
            self._turn_cards()

    def _next_bettor(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.to_act = self.order[self.turn]
            return
        if not self._board_total():
            self._end_hand()  # no bets on the board and nobody placed one
            return
        self._turn_cards()

    def _turn_cards(self) -> None:
        """The banker turns cards until a new board card (another betting round), his own
        card's rank (he pays every bet), or the end of the hand."""
        banker_rank = rank(self.banker_card)
        while self.pos < len(self.cards):
            card = self.cards[self.pos]
            self.pos += 1
            self.turned.append(card)
            if rank(card) == banker_rank:
                self._banker_loses()
                return
            if rank(card) in self.dead:
                self.discards.append(card)
                continue
            same = next((b for b in self.board if rank(b) == rank(card)), None)
            if same is not None:
                self._collect(same, card)
                if not self.board:
                    self._end_hand()  # every board card matched before the banker's
                    return
                continue
            self.board.append(card)
            self._betting_round()
            return
        self._end_hand()  # the pack is used up: the bets left go back to their owners

    def _collect(self, board_card: str, card: str) -> None:
        """``card`` matches ``board_card``: the banker takes every bet on it; the rank is
        dead from now on."""
        bets = self.bets.pop(board_card, {})
        total = 0
        for seat, amount in bets.items():
            self.points[seat] -= amount
            self.points[self.dealer] += amount
            total += amount
        self.board.remove(board_card)
        self.dead.add(rank(board_card))
        self.discards += [board_card, card]
        self.matched.append((board_card, total, card))

    def _banker_loses(self) -> None:
        """The banker's card is matched: he pays every bet on the board at even money, in
        playing order from his left, as far as his chips go (a bank that breaks)."""
        banker = self.dealer
        bank = self.stacks[banker] + self.points[banker]
        seats = self.seats
        for seat in ((banker + i) % seats for i in range(1, seats)):
            owed = sum(bets.get(seat, 0) for bets in self.bets.values())
            if not owed:
                continue
            pay = min(owed, bank)
            bank -= pay
            self.points[seat] += pay
            self.points[banker] -= pay
            self.paid[seat] = pay
            if pay < owed:
                self.unpaid[seat] = owed - pay
        self.bets = {}
        self.lost = True
        after = self._stacks_after()
        # 004: "the deal then passes to the player on the losing banker's right".
        self.next_banker = next_with_chips((banker - 1) % seats, -1, seats, self._can_bank(after))
        self._over()

    def _end_hand(self) -> None:
        """The hand ends without the banker's card matched: bets left on the board go back;
        the banker chooses to keep the bank or pass it (option ``bank_rotation="game"``)."""
        self.bets = {}
        after = self._stacks_after()
        banker, seats = self.dealer, self.seats
        if self.options["bank_rotation"] == "rotate" or not after[banker]:
            self.next_banker = next_with_chips(
                (banker - 1) % seats, -1, seats, self._can_bank(after)
            )
            self._over()
            return
        self.phase = BANK_CHOICE
        self.to_act = banker

    def _bank_choice(self, action: str) -> None:
        banker, seats = self.dealer, self.seats
        after = self._stacks_after()
        if action == KEEP:
            self.next_banker = banker
        else:
            self.next_banker = next_with_chips(
                (banker - 1) % seats, -1, seats, self._can_bank(after)
            )
        self._over()

    def _can_bank(self, after: list[int]) -> list[int]:
        """``after`` with the seats sitting out at 0: the bank passes over them."""
        return [0 if seat in self.away else chips for seat, chips in enumerate(after)]

    def _stacks_after(self) -> list[int]:
        return [stack + won for stack, won in zip(self.stacks, self.points, strict=True)]

    def _over(self) -> None:
        self.phase = OVER
        self.to_act = None

    # -- reading the state -----------------------------------------------------

    def _result(self) -> dict[str, Any]:
        """``{"points": [chips won per seat], "stacks": [after], "banker", "next_banker",
        "banker_lost", "limits", "layout": [board, board, banker's card], "playettes":
        [[three cards] per redeal], "turned": [codes], "matched": [{"card", "chips",
        "by"}] (a board card, the chips the bank took on it, the card that matched it),
        "paid": {seat: chips the bank paid when its card came}, "unpaid": {seat: chips}}``."""
        return {
            "points": list(self.points),
            "stacks": self._stacks_after(),
            "banker": self.dealer,
            "next_banker": self.next_banker,
            "banker_lost": self.lost,
            "limits": list(self.limits) if self.limits else None,
            "layout": list(self.cards[:LAYOUT]),
            "playettes": [list(deck[:LAYOUT]) for deck in self.decks[:-1]],
            "turned": list(self.turned),
            "matched": self.matched_list(),
            "paid": {str(seat): chips for seat, chips in self.paid.items()},
            "unpaid": {str(seat): chips for seat, chips in self.unpaid.items()},
            "away": sorted(self.away),
        }

    def matched_list(self) -> list[dict[str, Any]]:
        """The board cards matched so far, in order: ``{"card", "chips", "by"}``."""
        return [{"card": card, "chips": chips, "by": by} for card, chips, by in self.matched]

    def record(self) -> dict[str, Any]:
        """The deal record plus ``"redeals"``: the decks dealt after each playette."""
        record = super().record()
        record["redeals"] = [list(deck) for deck in self.decks[1:]]
        return record


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Ziginette action: expected 'limits MIN MAX', 'bet XY N' (XY a "
        "board card), 'done', 'keep' or 'pass'",
    )
