"""The state machine of one Tute hand: the deal procedure and the action spelling are in
the docstring of games/rules/tute/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tute"),
../shared/rules/README.md ("Tute" rulings).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.cards import SUITS, bits
from games.rules.tute.scoring import (
    CODES,
    CUARENTA,
    PACK,
    RANK,
    STRENGTH,
    SUIT,
    VEINTE,
    hand_result,
)

PLAY, OVER = "play", "over"
CARDS = len(CODES)
HAND_SIZE = 10
_SUIT_MASKS = tuple(sum(1 << i for i in range(CARDS) if SUIT[i] == s) for s in range(4))
_KINGS = sum(1 << i for i in range(CARDS) if RANK[i] == "K")
_MARRIAGE = tuple(PACK.mask([f"K{suit}", f"Q{suit}"]) for suit in SUITS)
_CARD_OF = {f"play {code}": i for i, code in enumerate(CODES)}


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Tute action: expected 'play XY', 'declare cuarenta', "
        "'declare veinte S' or 'declare tute'",
        action=action if isinstance(action, str) else repr(action),
    )


class TuteDeal(Deal):
    """One hand of Tute for four in two partnerships.

    Cards are ints (cards.ITALIAN_40 codes standing for the Spanish pack); hands and won
    cards are bitmasks by seat. ``played`` holds the trick in progress in play order from
    ``leader``; ``best`` the seat winning it. ``shown`` are cards every player has seen
    in a hand (the dealer's trump card, declared kings and knights). ``apply`` raises
    IllegalAction with the keys ``malformed``, ``card_not_in_hand``, ``must_follow``
    (with ``suit``), ``must_beat``, ``must_trump``, ``must_overtrump`` (with ``suit``)
    and ``declaration_not_allowed`` (besides ``deal_over`` and ``not_your_turn``).
    """

    __slots__ = (
        "hands", "trump", "trump_card", "played", "leader", "best", "captured", "shown",
        "tricks_played", "last_trick", "declarations", "declared_suits", "veinte_sides",
        "may_declare", "tute",
    )  # fmt: skip

    def _deal(self) -> None:
        seats, dealer = self.seats, self.dealer
        ints = PACK.ints(self.deck)
        self.hands = [0] * seats
        for position, card in enumerate(ints):
            self.hands[(dealer + 1 + position) % seats] |= 1 << card
        self.trump_card = ints[-1]  # the last card dealt, the dealer's, shown to all
        self.trump = SUIT[self.trump_card]
        self.shown = 1 << self.trump_card
        self.played: list[int] = []
        self.best = -1
        self.captured = [0] * seats
        self.tricks_played = 0
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        self.declarations: list[dict[str, Any]] = []
        self.declared_suits: set[int] = set()
        self.veinte_sides: set[int] = set()
        self.may_declare = False  # the leader has just won a trick and not declared yet
        self.tute: int | None = None
        self.phase = PLAY
        self.to_act = self.leader = (dealer + 1) % seats

    # -- legal actions -------------------------------------------------------

    def _side(self, seat: int) -> int:
        return next(n for n, side in enumerate(self.sides) if seat in side)

    def playable(self, seat: int) -> int:
        """Bitmask of the cards ``seat`` may play now (rulings, "Tute": follow and beat,
        void trump and overtrump, else any card)."""
        hand = self.hands[seat]
        if not self.played:
            return hand
        led = SUIT[self.played[0]]
        winning = self.played[(self.best - self.leader) % self.seats]
        trump = self.trump
        same = hand & _SUIT_MASKS[led]
        if same:
            if SUIT[winning] == trump and led != trump:
                return same  # already trumped: any card of the suit
            higher = sum(1 << c for c in bits(same) if STRENGTH[c] > STRENGTH[winning])
            return higher or same
        trumps = hand & _SUIT_MASKS[trump]
        if trumps:
            if SUIT[winning] == trump:
                higher = sum(1 << c for c in bits(trumps) if STRENGTH[c] > STRENGTH[winning])
                return higher or trumps
            return trumps
        return hand

    def declarations_open(self, seat: int) -> list[str]:
        """The declarations ``seat`` may make now: only as the leader who has just won a
        trick, once, and as the rulings order them (the cuarenta before any veinte)."""
        if not self.may_declare or self.played or seat != self.to_act:
            return []
        hand = self.hands[seat]
        actions = []
        if hand & _KINGS == _KINGS:
            actions.append("declare tute")
        side = self._side(seat)
        trump_pair = _MARRIAGE[self.trump]
        holds_cuarenta = (
            hand & trump_pair == trump_pair
            and self.trump not in self.declared_suits
            and side not in self.veinte_sides
        )
        if holds_cuarenta:
            actions.append("declare cuarenta")
        else:
            for suit in range(4):
                pair = _MARRIAGE[suit]
                if suit != self.trump and suit not in self.declared_suits and hand & pair == pair:
                    actions.append(f"declare veinte {SUITS[suit]}")
        return actions

    def legal_actions(self) -> list[str]:
        """Sorted actions of ``to_act``: ``play XY`` for each playable card, and when
        leading after winning a trick the declarations open; [] when over."""
        seat = self.to_act
        if seat is None:
            return []
        plays = [f"play {CODES[c]}" for c in bits(self.playable(seat))]
        return sorted(plays + self.declarations_open(seat))

    # -- applying ------------------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        if not isinstance(action, str):
            raise _malformed(action)
        if action.startswith("declare "):
            self._declare(seat, action)
            return
        card = _CARD_OF.get(action)
        if card is None:
            raise _malformed(action)
        bit = 1 << card
        if not self.hands[seat] & bit:
            raise IllegalAction(
                "card_not_in_hand", f"{action}: {CODES[card]} is not in your hand", card=CODES[card]
            )
        if not self.playable(seat) & bit:
            raise self._follow_refusal(seat, card)
        self.hands[seat] ^= bit
        self.shown &= ~bit
        self.may_declare = False
        seats = self.seats
        if not self.played:
            self.best = seat
        else:
            winning = self.played[(self.best - self.leader) % seats]
            if _beats(winning, card, self.trump):
                self.best = seat
        self.played.append(card)
        if len(self.played) < seats:
            self.to_act = (seat + 1) % seats
            return
        winner = self.best
        for played in self.played:
            self.captured[winner] |= 1 << played
        self.last_trick = (self.leader, tuple(self.played), winner)
        self.played = []
        self.best = -1
        self.tricks_played += 1
        if self.tricks_played == HAND_SIZE:
            self._end()
            return
        self.to_act = self.leader = winner
        self.may_declare = True

    def _follow_refusal(self, seat: int, card: int) -> IllegalAction:
        led = SUIT[self.played[0]]
        suit = SUITS[led]
        code = CODES[card]
        if self.hands[seat] & _SUIT_MASKS[led]:
            if SUIT[card] != led:
                return IllegalAction("must_follow", f"play {code}: follow suit ({suit})", suit=suit)
            return IllegalAction(
                "must_beat", f"play {code}: you must beat the trick with a higher {suit}", suit=suit
            )
        trump = SUITS[self.trump]
        if SUIT[card] != self.trump:
            return IllegalAction(
                "must_trump", f"play {code}: you have no {suit}, so you must trump", suit=trump
            )
        return IllegalAction(
            "must_overtrump", f"play {code}: you must overtrump if you can", suit=trump
        )

    def _declare(self, seat: int, action: str) -> None:
        if action not in ("declare tute", "declare cuarenta") and not (
            action.startswith("declare veinte ") and action[-1:] in SUITS and len(action) == 16
        ):
            raise _malformed(action)
        if action not in self.declarations_open(seat):
            raise IllegalAction(
                "declaration_not_allowed",
                f"{action!r} is not possible now: declarations are made after winning a "
                "trick, before leading, one at a time, the cuarenta before any veinte",
                action=action,
            )
        self.may_declare = False
        side = self._side(seat)
        if action == "declare tute":
            self.declarations.append({"seat": seat, "kind": "tute", "suit": None, "points": 0})
            self.shown |= self.hands[seat] & _KINGS
            self.tute = seat
            self._end()
            return
        suit = self.trump if action == "declare cuarenta" else SUITS.index(action[-1])
        kind = "cuarenta" if suit == self.trump else "veinte"
        points = CUARENTA if kind == "cuarenta" else VEINTE
        self.declarations.append(
            {"seat": seat, "kind": kind, "suit": SUITS[suit], "points": points}
        )
        self.declared_suits.add(suit)
        if kind == "veinte":
            self.veinte_sides.add(side)
        self.shown |= _MARRIAGE[suit]

    def _end(self) -> None:
        self.phase = OVER
        self.to_act = self.leader = None

    # -- reading the state ---------------------------------------------------

    def tricks_won(self, seat: int) -> int:
        """How many tricks ``seat`` has won so far."""
        return self.captured[seat].bit_count() // self.seats

    def _result(self) -> dict[str, Any]:
        last = self.last_trick[2] if self.last_trick and self.tute is None else None
        if self.tricks_played < HAND_SIZE:
            last = None
        result = hand_result(self.captured, self.sides, self.declarations, last, self.tute)
        result["trump"] = SUITS[self.trump]
        result["declarations"] = [dict(item) for item in self.declarations]
        return result


def _beats(winning: int, card: int, trump: int) -> bool:
    """Whether ``card`` beats the card winning the trick so far."""
    if SUIT[card] == SUIT[winning]:
        return STRENGTH[card] > STRENGTH[winning]
    return SUIT[card] == trump
