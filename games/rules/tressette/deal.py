"""The state machine of one Tressette deal: the deal procedure and the action spelling
are in the docstring of games/rules/tressette/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette"),
../shared/rules/README.md ("Tressette" rulings).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.cards import mask_strings
from games.rules.tressette.scoring import (
    CODES,
    PACK,
    STRENGTH,
    SUIT,
    SUIT_MASKS,
    deal_result,
    find_accusi,
)

HAND_SIZE = 10
TRICKS = HAND_SIZE
PLAY, OVER = "play", "over"
# Flags of the signals a seat has made in its current turn (one of each kind a turn).
BUSSO, STRISCIO, VOLO = 1, 2, 4

_PLAY_STRINGS = tuple("play " + code for code in CODES)
_PLAYS = mask_strings(_PLAY_STRINGS)
_STRISCIO = tuple(f"striscio {n}" for n in range(HAND_SIZE + 1))
_VOLO = tuple(f"volo {n}" for n in range(3))
# Parsing an action is one dict lookup: action -> (verb, card int or count).
_PARSE: dict[str, tuple[str, int]] = {s: ("play", card) for card, s in enumerate(_PLAY_STRINGS)}
_PARSE.update({s: ("striscio", n) for n, s in enumerate(_STRISCIO)})
_PARSE.update({s: ("volo", n) for n, s in enumerate(_VOLO)})
_PARSE["busso"] = ("busso", -1)
# The volo actions legal for a hand, by which of the counts 0, 1, 2 its suits show:
# index bit n set when some suit holds exactly n cards.
_VOLO_BY_COUNTS = tuple(
    tuple(_VOLO[n] for n in range(3) if present >> n & 1) for present in range(8)
)
_C, _D, _H, _S = SUIT_MASKS


def _counts_present(hand: int) -> int:
    """Bits 0-2 set for each count 0, 1, 2 that some suit of ``hand`` holds exactly."""
    present = 0
    for count in (
        (hand & _C).bit_count(),
        (hand & _D).bit_count(),
        (hand & _H).bit_count(),
        (hand & _S).bit_count(),
    ):
        if count < 3:
            present |= 1 << count
    return present


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Tressette action: expected 'play XY' (XY a card code such "
        "as 3D), 'busso', 'striscio N' or 'volo N'",
        action=action if isinstance(action, str) else repr(action),
    )


def _signal_refused(action: str, why: str) -> IllegalAction:
    return IllegalAction("signal_not_allowed", f"{action}: {why}", action=action)


class TressetteDeal(Deal):
    """One deal of Tressette for four in two partnerships; procedure and spelling in
    games/rules/tressette/game.py.

    Cards are ints (cards.ITALIAN_40); hands and won cards are bitmasks indexed by seat.
    ``held[seat]`` are the accusi found in the dealt hand, ``announced[seat]`` None until
    that seat wins its first trick, then the accusi it announced (all of ``held``).
    ``signals`` lists ``(trick number, seat, action)``. ``apply`` raises IllegalAction
    with the keys ``malformed``, ``card_not_in_hand``, ``must_follow_suit`` and
    ``signal_not_allowed`` (besides ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette"),
    ../shared/rules/README.md ("Tressette").
    """

    __slots__ = (
        "hand", "held", "announced", "captured", "leader", "trick", "tricks_played",
        "last_trick", "last_trick_winner", "signals", "signalled", "_signals_on",
    )  # fmt: skip

    def _deal(self) -> None:
        """Deal ``deck`` as game.py says: one card at a time from the dealer's left."""
        dealer, seats = self.dealer, self.seats
        ints = PACK.ints(self.deck)
        self.hand = [0] * seats
        for position, card in enumerate(ints):
            self.hand[(dealer + 1 + position) % seats] |= 1 << card
        self.held = [find_accusi(hand) for hand in self.hand]
        self.announced: list[list[dict[str, Any]] | None] = [None] * seats
        self.captured = [0] * seats
        self.trick: list[int] = []
        self.tricks_played = 0
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        self.last_trick_winner: int | None = None
        self.signals: list[tuple[int, int, str]] = []
        self.signalled = 0
        self._signals_on = bool(self.options["signals"])
        self.phase = PLAY
        self.to_act = self.leader = (dealer + 1) % seats

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over): its playable cards and, with the
        option ``signals``, the signals it may still make this turn (spelling in game.py)."""
        seat = self.to_act
        if seat is None:
            return []
        hand = self.hand[seat]
        trick = self.trick
        if trick:
            same = hand & SUIT_MASKS[SUIT[trick[0]]]
            actions = _PLAYS(same or hand)
        else:
            same = 0
            actions = _PLAYS(hand)
        if not self._signals_on:
            return actions
        done = self.signalled
        if trick:
            if not done & STRISCIO:
                actions.append(_STRISCIO[same.bit_count()])
        elif not done & BUSSO:
            actions.insert(0, "busso")
        if not done & VOLO:
            actions.extend(_VOLO_BY_COUNTS[_counts_present(hand)])
        return actions

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
            verb, value = _PARSE[action]
        except (KeyError, TypeError):
            raise _malformed(action) from None
        if verb == "play":
            self._play(seat, value, action)
        else:
            self._signal(seat, verb, value, action)

    def _signal(self, seat: int, verb: str, value: int, action: str) -> None:
        """A signal (004: "you can share information ... anything you say is public"):
        recorded and shown to all; the same seat stays to act."""
        if not self._signals_on:
            raise _signal_refused(action, "signals are off in this match")
        hand, done = self.hand[seat], self.signalled
        if verb == "busso":
            if self.trick:
                raise _signal_refused(action, "only the leader knocks, before leading")
            flag = BUSSO
        elif verb == "striscio":
            if not self.trick:
                raise _signal_refused(
                    action, "say how many cards of the led suit you hold when following"
                )
            count = (hand & SUIT_MASKS[SUIT[self.trick[0]]]).bit_count()
            if value != count:
                raise _signal_refused(action, f"you hold {count} cards of the led suit")
            flag = STRISCIO
        else:
            if not _counts_present(hand) >> value & 1:
                raise _signal_refused(action, f"you hold no suit with exactly {value} cards")
            flag = VOLO
        if done & flag:
            raise _signal_refused(action, "one signal of each kind a turn")
        self.signalled = done | flag
        self.signals.append((self.tricks_played, seat, action))

    def _play(self, seat: int, card: int, action: str) -> None:
        bit = 1 << card
        hand = self.hand[seat]
        if not hand & bit:
            raise IllegalAction(
                "card_not_in_hand", f"{action}: {CODES[card]} is not in your hand", card=CODES[card]
            )
        if not self._playable(seat) & bit:
            led = CODES[self.trick[0]][-1]
            raise IllegalAction(
                "must_follow_suit", f"{action}: you must follow suit ({led})", suit=led
            )
        self.hand[seat] = hand ^ bit
        self.signalled = 0
        trick = self.trick
        trick.append(card)
        seats = self.seats
        if len(trick) < seats:
            self.to_act = (seat + 1) % seats
            return
        leader: int = self.leader  # type: ignore[assignment]
        best = 0
        for position in range(1, seats):
            other = trick[position]
            if SUIT[other] == SUIT[trick[best]] and STRENGTH[other] > STRENGTH[trick[best]]:
                best = position
        winner = (leader + best) % seats
        for played in trick:
            self.captured[winner] |= 1 << played
        if self.announced[winner] is None:
            # The first trick won: the holder of "good play" says what it holds (004).
            self.announced[winner] = list(self.held[winner])
        self.last_trick = (leader, tuple(trick), winner)
        self.trick = []
        self.tricks_played += 1
        if self.tricks_played == TRICKS:
            self.last_trick_winner = winner
            self.phase = OVER
            self.to_act = self.leader = None
        else:
            self.to_act = self.leader = winner

    # -- reading the state -----------------------------------------------------

    def good_play(self, seat: int) -> bool:
        """True when ``seat`` was dealt accusi (004: it says "good play" at the deal)."""
        return bool(self.held[seat])

    def tricks_won(self, seat: int) -> int:
        """How many tricks ``seat`` has won so far."""
        return self.captured[seat].bit_count() // self.seats

    def _result(self) -> dict[str, Any]:
        announced = [melds or [] for melds in self.announced]
        return deal_result(self.sides, self.captured, self.last_trick_winner, announced)  # type: ignore[arg-type]
