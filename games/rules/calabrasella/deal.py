"""The state machine of one Calabrasella hand: the deal procedure and the action
spelling are in the docstring of games/rules/calabrasella/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella"),
../shared/rules/README.md ("Calabrasella" rulings).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.calabrasella.scoring import (
    CODES,
    PACK,
    STRENGTH,
    SUIT,
    SUIT_MASKS,
    callable_cards,
    hand_result,
)
from games.rules.cards import mask_strings

HAND_SIZE = 12
WIDOW_SIZE = 4
MAX_DISCARDS = 4
TRICKS = HAND_SIZE
BID, CALL, RETURN, DISCARD, TAKE, PLAY, OVER = (
    "bid", "call", "return", "discard", "take", "play", "over",
)  # fmt: skip

_VERBS = ("call", "return", "discard", "take", "play")
_STRINGS = {verb: tuple(f"{verb} {code}" for code in CODES) for verb in _VERBS}
_LISTS = {verb: mask_strings(strings) for verb, strings in _STRINGS.items()}
# Parsing an action is one dict lookup: every well-formed action -> (verb, card int).
_PARSE: dict[str, tuple[str, int]] = {
    string: (verb, card)
    for verb, strings in _STRINGS.items()
    for card, string in enumerate(strings)
}
_PARSE.update({"play": ("bid", -1), "pass": ("pass", -1), "turn": ("turn", -1)})
_EXPECTED = {
    BID: "'play' or 'pass'",
    CALL: "'call XY' (a 3, or a 2 when you hold every 3, that you lack)",
    RETURN: "'return XY' (a card of your hand for the called card's giver)",
    DISCARD: "'discard XY', or 'turn' after one discard at least",
    TAKE: "'take XY' (a widow card)",
    PLAY: "'play XY'",
}
_PHASE_OF_VERB = {
    "bid": BID, "pass": BID, "call": CALL, "return": RETURN,
    "discard": DISCARD, "turn": DISCARD, "take": TAKE, "play": PLAY,
}  # fmt: skip
_play_strings = _LISTS["play"]


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Calabrasella action: expected 'play', 'pass', 'turn' or "
        "'call|return|discard|take|play XY' with XY a card code such as 3D",
        action=action if isinstance(action, str) else repr(action),
    )


class CalabrasellaDeal(Deal):
    """One hand of Calabrasella for three; procedure and spelling in
    games/rules/calabrasella/game.py.

    Cards are ints (cards.ITALIAN_40); hands and won cards are bitmasks indexed by
    seat. ``apply`` raises IllegalAction with the keys ``malformed``, ``wrong_phase``,
    ``card_not_in_hand``, ``call_not_allowed``, ``cannot_return_called_card``,
    ``too_many_discards``, ``no_discard``, ``card_not_in_widow`` and
    ``must_follow_suit`` (besides ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella"),
    ../shared/rules/README.md ("Calabrasella").
    """

    __slots__ = (
        "hand", "widow", "widow_up", "declarer", "bids", "called", "called_from",
        "returned", "discards", "taken", "captured", "leader", "trick",
        "tricks_played", "last_trick", "last_trick_winner",
    )  # fmt: skip

    def _deal(self) -> None:
        """Deal ``deck`` as game.py says: one card at a time from the dealer's left,
        twelve each, the last four to the widow."""
        dealer, seats = self.dealer, self.seats
        ints = PACK.ints(self.deck)
        dealt = HAND_SIZE * seats
        self.hand = [0] * seats
        for position in range(dealt):
            self.hand[(dealer + 1 + position) % seats] |= 1 << ints[position]
        self.widow = 0
        for card in ints[dealt:]:
            self.widow |= 1 << card
        self.widow_up = False
        self.declarer: int | None = None
        self.bids: list[tuple[int, str]] = []
        self.called = -1  # the called card, -1 before the call or when there is none
        self.called_from: int | None = None  # the defender who gave it
        self.returned = -1  # the card the declarer gave back
        self.discards = 0
        self.taken = 0
        self.captured = [0] * seats
        self.leader: int | None = None
        self.trick: list[int] = []
        self.tricks_played = 0
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        self.last_trick_winner: int | None = None
        self.phase = BID
        self.to_act = (dealer + 1) % seats

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over); spelling in game.py."""
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        if phase == PLAY:
            return _play_strings(self._playable(seat))
        if phase == BID:
            return ["pass", "play"]
        if phase == CALL:
            return _LISTS["call"](callable_cards(self.hand[seat]))
        if phase == RETURN:
            return _LISTS["return"](self.hand[seat] & ~(1 << self.called))
        if phase == DISCARD:
            discards = self.discards.bit_count()
            actions = _LISTS["discard"](self.hand[seat]) if discards < MAX_DISCARDS else []
            return [*actions, "turn"] if discards else actions
        return _LISTS["take"](self.widow)  # TAKE

    def _playable(self, seat: int) -> int:
        """Bitmask of the cards ``seat`` may play: the led suit if it has any, else all."""
        hand = self.hand[seat]
        if self.trick:
            same = hand & SUIT_MASKS[SUIT[self.trick[0]]]
            if same:
                return same
        return hand

    # -- applying actions ------------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        """Apply ``action`` for ``seat``, the seat to act; raise IllegalAction, changing
        nothing, when the rules refuse it (keys in the class docstring)."""
        try:
            verb, card = _PARSE[action]
        except (KeyError, TypeError):
            raise _malformed(action) from None
        phase = self.phase
        if _PHASE_OF_VERB[verb] != phase:
            raise self._phase_refusal(action, _EXPECTED[phase])
        if phase == PLAY:
            self._play(seat, card, action)
        elif phase == BID:
            self._bid(seat, verb)
        elif phase == CALL:
            self._call(seat, card, action)
        elif phase == RETURN:
            self._return(seat, card, action)
        elif phase == DISCARD:
            self._discard(seat, verb, card, action)
        else:
            self._take(seat, card, action)

    def _bid(self, seat: int, verb: str) -> None:
        """'play' makes ``seat`` the declarer at once; three passes end the hand unplayed."""
        self.bids.append((seat, "play" if verb == "bid" else "pass"))
        if verb == "bid":
            self.declarer = seat
            self._to_call(seat)
        elif len(self.bids) == self.seats:
            self._end()
        else:
            self.to_act = (seat + 1) % self.seats

    def _to_call(self, declarer: int) -> None:
        """The declarer calls a card, unless he holds every 3 and every 2 (nothing to call)."""
        if callable_cards(self.hand[declarer]):
            self.phase = CALL
        else:
            self.phase = DISCARD
        self.to_act = declarer

    def _call(self, seat: int, card: int, action: str) -> None:
        bit = 1 << card
        if not callable_cards(self.hand[seat]) & bit:
            raise IllegalAction(
                "call_not_allowed",
                f"{action}: call a 3 you lack, or a 2 you lack when you hold every 3",
                card=CODES[card],
            )
        self.called = card
        for holder in range(self.seats):
            if self.hand[holder] & bit:
                # The holder must hand it over (004): the engine does it for him.
                self.hand[holder] ^= bit
                self.hand[seat] |= bit
                self.called_from = holder
                self.phase = RETURN
                return
        self.phase = DISCARD  # in the widow: the declarer simply loses out (004)

    def _return(self, seat: int, card: int, action: str) -> None:
        bit = 1 << card
        if not self.hand[seat] & bit:
            raise _not_in_hand(action, card)
        if card == self.called:
            raise IllegalAction(
                "cannot_return_called_card",
                f"{action}: give back another card for the called {CODES[card]}",
                card=CODES[card],
            )
        self.hand[seat] ^= bit
        self.hand[self.called_from] |= bit  # type: ignore[index]
        self.returned = card
        self.phase = DISCARD

    def _discard(self, seat: int, verb: str, card: int, action: str) -> None:
        discards = self.discards.bit_count()
        if verb == "turn":
            if not discards:
                raise IllegalAction(
                    "no_discard", "turn: discard one card at least before turning the widow"
                )
            self.widow_up = True
            self.phase = TAKE
            return
        bit = 1 << card
        if not self.hand[seat] & bit:
            raise _not_in_hand(action, card)
        if discards == MAX_DISCARDS:
            raise IllegalAction(
                "too_many_discards", f"{action}: four discards at most; turn the widow", limit=4
            )
        self.hand[seat] ^= bit
        self.discards |= bit

    def _take(self, seat: int, card: int, action: str) -> None:
        bit = 1 << card
        if not self.widow & bit:
            raise IllegalAction(
                "card_not_in_widow",
                f"{action}: {CODES[card]} is not in the widow",
                card=CODES[card],
            )
        self.widow ^= bit
        self.taken |= bit
        self.hand[seat] |= bit
        if self.taken.bit_count() == self.discards.bit_count():
            self.phase = PLAY
            self.to_act = self.leader = (seat + 1) % self.seats

    def _play(self, seat: int, card: int, action: str) -> None:
        bit = 1 << card
        hand = self.hand[seat]
        if not hand & bit:
            raise _not_in_hand(action, card)
        if not self._playable(seat) & bit:
            led = CODES[self.trick[0]][-1]
            raise IllegalAction(
                "must_follow_suit", f"{action}: you must follow suit ({led})", suit=led
            )
        self.hand[seat] = hand ^ bit
        trick = self.trick
        trick.append(card)
        seats = self.seats
        if len(trick) < seats:
            self.to_act = (seat + 1) % seats
            return
        leader = self.leader
        best = 0
        for position in range(1, seats):
            other = trick[position]
            if SUIT[other] == SUIT[trick[best]] and STRENGTH[other] > STRENGTH[trick[best]]:
                best = position
        winner = (leader + best) % seats  # type: ignore[operator]
        for played in trick:
            self.captured[winner] |= 1 << played
        self.last_trick = (leader, tuple(trick), winner)  # type: ignore[assignment]
        self.trick = []
        self.tricks_played += 1
        if self.tricks_played == TRICKS:
            self.last_trick_winner = winner
            self._end()
        else:
            self.to_act = self.leader = winner

    def _end(self) -> None:
        self.phase = OVER
        self.to_act = self.leader = None

    # -- reading the state -----------------------------------------------------

    @property
    def set_aside(self) -> int:
        """Bitmask of the cards out of play: the discards and, once the declarer has
        taken his cards, the widow cards left (004: they score for no one)."""
        return self.discards | (self.widow if self.phase in (PLAY, OVER) else 0)

    @property
    def defenders(self) -> tuple[int, ...]:
        """The two seats playing against the declarer (() before there is one)."""
        if self.declarer is None:
            return ()
        return tuple(seat for seat in range(self.seats) if seat != self.declarer)

    def tricks_won(self, seat: int) -> int:
        """How many tricks ``seat`` has won so far."""
        return self.captured[seat].bit_count() // self.seats

    def _result(self) -> dict[str, Any]:
        result = hand_result(self.declarer, self.captured, self.last_trick_winner, self.set_aside)
        result["called"] = CODES[self.called] if self.called >= 0 else None
        result["called_from"] = self.called_from
        return result


def _not_in_hand(action: str, card: int) -> IllegalAction:
    return IllegalAction(
        "card_not_in_hand", f"{action}: {CODES[card]} is not in your hand", card=CODES[card]
    )
