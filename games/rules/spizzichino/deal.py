"""The state machine of one Spizzichino deal: the deal procedure, actions and
their spelling are in the docstring of games/rules/spizzichino/game.py.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt,
../shared/rules/sources/001_4bb5011f2c927f3d.txt, ../shared/rules/README.md.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.cards import SUITS, mask_strings
from games.rules.spizzichino.scoring import (
    BEATS,
    CODES,
    LAST_TRICK_THIRDS,
    NO_BUONGIOCHI,
    PACK,
    PIZZICI,
    SUIT,
    SUIT_MASKS,
    declare_buongiochi,
    thirds_of,
)
from games.rules.tricks import follow_suit

CARDS = len(CODES)
PACKET_SIZE = 5
PACKETS = 8
TRICKS = 20

PICK, SPLIT, PLAY, OVER = "pick", "split", "play", "over"
_EXPECTED = {PICK: "'pick N'", SPLIT: "'hand N M'", PLAY: "'take XY' or 'play XY'"}

_PACKET_SLICES = tuple(slice(k * PACKET_SIZE, (k + 1) * PACKET_SIZE) for k in range(PACKETS))
_PLAY_STRINGS = tuple("play " + code for code in CODES)
_PLAYS = mask_strings(_PLAY_STRINGS)
_TAKES = mask_strings(["take " + code for code in CODES])
_PICKS = tuple(f"pick {k + 1}" for k in range(PACKETS))
# Own packets (four indexes, ascending) -> the six "hand N M" choices, sorted.
_SPLITS = {
    own: tuple(f"hand {a + 1} {b + 1}" for a, b in combinations(own, 2))
    for own in combinations(range(PACKETS), 4)
}


def _malformed(action: object) -> IllegalAction:
    verb = action.split(" ", 1)[0] if isinstance(action, str) else ""
    hint = {
        "pick": "'pick N' with N from 1 to 8",
        "hand": "'hand N M' with 1 <= N < M <= 8",
        "take": "'take XY' with XY a card code such as 3D",
        "play": "'play XY' with XY a card code such as 3D",
    }.get(verb, "'pick N', 'hand N M', 'take XY' or 'play XY'")
    return IllegalAction("malformed", f"{action!r} is not a Spizzichino action: expected {hint}")


class SpizzichinoDeal(Deal):
    """One deal of Spizzichino; the procedure and action spelling are in the module docstring.

    Cards are ints (cards.ITALIAN_40); hands, packet tops and capture piles
    are bitmasks, indexed by seat. ``apply`` raises IllegalAction with the keys
    ``malformed``, ``wrong_phase``, ``packet_taken``, ``not_your_packet``,
    ``not_on_top``, ``not_a_pizzico``, ``card_not_available`` or
    ``must_follow_suit`` (besides ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt,
    ../shared/rules/sources/001_4bb5011f2c927f3d.txt, ../shared/rules/README.md.
    """

    __slots__ = (
        "packets", "pos", "packet_of", "owner", "picked", "face_up", "hand", "tops",
        "known", "captured", "first", "leader", "tricks_played", "last_trick", "buongiochi",
        "scored", "peeking", "_rule",
    )  # fmt: skip

    def _deal(self) -> None:
        """Deal ``deck`` as spizzichino.py says."""
        ints = PACK.ints(self.deck)
        self.packets = tuple(ints[cut] for cut in _PACKET_SLICES)
        self.pos = [0] * PACKETS  # cards gone from the top of each face-up packet
        self.packet_of = [-1] * CARDS  # card on top of a face-up packet -> packet index
        self.owner: list[int | None] = [None] * PACKETS
        self.picked = 0
        self.phase = PICK
        self.face_up: list[tuple[int, ...]] = [(), ()]
        self.hand = [0, 0]
        self.tops = [0, 0]
        # Cards both players have seen go into a hand (pizzichi, buongiochi);
        # one mask for both seats, as every card is in one hand at most.
        self.known = 0
        self.captured = [0, 0]
        self.first = -1  # the card led to the current trick, -1 before the lead
        self.leader: int | None = None
        self.tricks_played = 0
        self.last_trick: tuple[int, int, int, int] | None = None  # leader, cards, winner
        self.buongiochi: list[list[dict[str, Any]]] = [[], []]
        self.scored = [0, 0]  # bits of the combinations already declared
        self.peeking = [False, False]
        self._rule = self.options["buongiochi"]
        self.to_act = 1 - self.dealer

    # -- legal actions -------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over), spelled as in the module docstring."""
        phase = self.phase
        if phase is PLAY:
            seat = self.to_act
            tops = self.tops[seat]
            playable = self.hand[seat] | tops
            if self.first >= 0:
                playable = follow_suit(playable, SUIT[self.first], SUIT_MASKS)
            if tops & PIZZICI:
                # Every "play" sorts before every "take".
                return _PLAYS(playable) + _TAKES(tops & PIZZICI)
            return _PLAYS(playable)
        if phase is PICK:
            return [_PICKS[k] for k in range(PACKETS) if self.owner[k] is None]
        if phase is SPLIT:
            return list(_SPLITS[tuple(self.own_packets(self.to_act))])
        return []

    def own_packets(self, seat: int) -> list[int]:
        """Indexes (0-7, packet number - 1) of the packets ``seat`` picked or was left."""
        return [k for k in range(PACKETS) if self.owner[k] == seat]

    # -- applying actions ----------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        """Apply ``action`` (spelled as in the module docstring) for ``seat``, the seat to act.

        Raises IllegalAction, changing nothing, when the rules refuse it; the
        keys are listed in the class docstring.
        """
        try:
            phase, handler, arg = _ACTIONS[action]
        except (KeyError, TypeError):
            raise _malformed(action) from None
        if phase is not self.phase:
            raise self._phase_refusal(action, _EXPECTED.get(self.phase))
        handler(self, seat, arg)

    def _pick(self, seat: int, k: int) -> None:
        if self.owner[k] is not None:
            raise IllegalAction(
                "packet_taken", f"packet {k + 1} has already been picked", packet=k + 1
            )
        self.owner[k] = seat
        self.picked += 1
        if self.picked == 4:
            for other in range(PACKETS):
                if self.owner[other] is None:
                    self.owner[other] = self.dealer
            self.phase = SPLIT
            self.peeking = [self.options["peek_bottom"]] * 2

    def _split(self, seat: int, pair: tuple[int, int]) -> None:
        own = self.own_packets(seat)
        a, b = pair
        if a not in own or b not in own:
            raise IllegalAction(
                "not_your_packet",
                f"hand {a + 1} {b + 1}: both must be among your packets {[k + 1 for k in own]}",
            )
        hand = tops = 0
        for card in self.packets[a] + self.packets[b]:
            hand |= 1 << card
        self.face_up[seat] = tuple(k for k in own if k != a and k != b)
        for k in self.face_up[seat]:
            top = self.packets[k][0]
            tops |= 1 << top
            self.packet_of[top] = k
        self.hand[seat] = hand
        self.tops[seat] = tops
        if self._rule != NO_BUONGIOCHI:
            self._declare(seat)
        if seat != self.dealer:
            self.to_act = self.dealer
        else:
            self.phase = PLAY
            self.to_act = self.leader = 1 - self.dealer

    def _take(self, seat: int, card: int) -> None:
        bit = 1 << card
        if not self.tops[seat] & bit:
            raise IllegalAction(
                "not_on_top",
                f"take {CODES[card]}: it is not on top of one of your face-up packets",
                card=CODES[card],
            )
        if not bit & PIZZICI:
            raise IllegalAction(
                "not_a_pizzico",
                f"take {CODES[card]}: only a 3, 2 or ace can be taken into the hand",
                card=CODES[card],
            )
        self._uncover(seat, card)
        self.hand[seat] |= bit
        self.known |= bit
        if self._rule == "all":
            self._declare(seat, card)

    def _play(self, seat: int, card: int) -> None:
        bit = 1 << card
        hand = self.hand[seat]
        available = hand | self.tops[seat]
        if not available & bit:
            raise IllegalAction(
                "card_not_available",
                f"play {CODES[card]}: it is neither in your hand nor on top of your packets",
                card=CODES[card],
            )
        first = self.first
        if first >= 0 and not follow_suit(available, SUIT[first], SUIT_MASKS) & bit:
            raise IllegalAction(
                "must_follow_suit",
                f"play {CODES[card]}: you must follow suit ({SUITS[SUIT[first]]}) and you can",
                card=CODES[card],
                suit=SUITS[SUIT[first]],
            )
        if hand & bit:
            self.hand[seat] = hand ^ bit
        else:
            self._uncover(seat, card)
        if first < 0:
            self.first = card
            self.to_act = 1 - seat
            return
        leader = self.leader
        winner = seat if BEATS[first * CARDS + card] else leader
        self.captured[winner] |= (1 << first) | bit
        self.last_trick = (leader, first, card, winner)
        self.first = -1
        self.tricks_played += 1
        if self.tricks_played == TRICKS:
            self.phase = OVER
            self.to_act = self.leader = None
        else:
            self.to_act = self.leader = winner

    def _uncover(self, seat: int, card: int) -> None:
        """Remove ``card`` from the top of the seat's face-up packet, showing the next one."""
        k = self.packet_of[card]
        pos = self.pos[k] + 1
        self.pos[k] = pos
        tops = self.tops[seat] ^ (1 << card)
        if pos < PACKET_SIZE:
            below = self.packets[k][pos]
            tops |= 1 << below
            self.packet_of[below] = k
        self.tops[seat] = tops

    def _declare(self, seat: int, card: int | None = None) -> None:
        found, self.scored[seat] = declare_buongiochi(self.hand[seat], self.scored[seat], card)
        for declaration in found:
            self.known |= PACK.mask(declaration["cards"])
        self.buongiochi[seat].extend(found)

    # -- reading the state ---------------------------------------------------

    def tricks_won(self, seat: int) -> int:
        """How many tricks ``seat`` has won so far."""
        return self.captured[seat].bit_count() // 2

    def card_thirds(self, seat: int) -> int:
        """Thirds of a point ``seat`` has won in cards, and for the last trick once over."""
        last = self.last_trick
        bonus = LAST_TRICK_THIRDS if self.phase is OVER and last and last[3] == seat else 0
        return thirds_of(self.captured[seat]) + bonus

    def deal_points(self, seat: int) -> int:
        """floor(card thirds / 3) plus the seat's buongiochi points, so far."""
        bonus = sum(d["points"] for d in self.buongiochi[seat])
        return self.card_thirds(seat) // 3 + bonus

    def _result(self) -> dict[str, Any]:
        thirds = [self.card_thirds(seat) for seat in (0, 1)]
        return {
            "points": [self.deal_points(seat) for seat in (0, 1)],
            "card_thirds": thirds,
            "card_points": [t // 3 for t in thirds],
            "buongiochi": [
                [{**d, "cards": list(d["cards"])} for d in self.buongiochi[seat]] for seat in (0, 1)
            ],
            "last_trick": self.last_trick[3] if self.last_trick else None,
            "tricks": [self.tricks_won(seat) for seat in (0, 1)],
        }


# Every well-formed action maps to (phase, handler, argument): parsing is one dict lookup.
_ACTIONS: dict[str, tuple[str, Any, Any]] = {
    **{f"pick {k + 1}": (PICK, SpizzichinoDeal._pick, k) for k in range(PACKETS)},
    **{
        f"hand {a + 1} {b + 1}": (SPLIT, SpizzichinoDeal._split, (a, b))
        for a in range(PACKETS)
        for b in range(a + 1, PACKETS)
    },
    **{f"take {code}": (PLAY, SpizzichinoDeal._take, i) for i, code in enumerate(CODES)},
    **{action: (PLAY, SpizzichinoDeal._play, i) for i, action in enumerate(_PLAY_STRINGS)},
}
