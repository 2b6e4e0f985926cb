"""The state machine of one Pinch Tarot hand: the deal procedure, actions and their
spelling are in the docstring of games/rules/pinch_tarot/game.py.

Source: ../shared/rules/sources/003_7513308a0e62a486.txt,
../shared/rules/README.md ("Pinch Tarot").
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.cards import mask_strings
from games.rules.pinch_tarot.melds import (
    MELD_CARDS,
    MIN_TAROCCHI,
    check_meld,
    held_melds,
    meld_actions,
)
from games.rules.pinch_tarot.scoring import (
    BAGATTO,
    BAGATTO_URTIMO,
    BEATS,
    CARDS,
    CODES,
    FOOL,
    PACK,
    RULES,
    TRUMPS,
    card_points,
    count_points,
    exchange_card,
)

HAND_SIZE = 15
TALON = CARDS - 2 * HAND_SIZE
TRICKS = CARDS // 2
PLAY, OVER = "play", "over"
PENDING, EXCHANGED, GIVEN = "pending", "exchanged", "given"

_PLAY_STRINGS = tuple("play " + code for code in CODES)
_PLAYS = mask_strings(_PLAY_STRINGS)
_PLAY_CARD = {action: card for card, action in enumerate(_PLAY_STRINGS)}
_FOOL_BIT = 1 << FOOL
_follow = RULES.follow


class PinchTarotDeal(Deal):
    """One hand of Pinch Tarot; the procedure and action spelling are in pinch_tarot.py.

    Cards are ints (cards.TAROT_78); hands and capture piles are bitmasks
    indexed by seat. ``apply`` raises IllegalAction with the keys
    ``malformed``, ``card_not_in_hand``, ``must_follow``, ``meld_cards_not_held``,
    ``meld_already_scored``, ``meld_too_few_trumps`` or ``tarocchi_not_more`` (besides
    ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/003_7513308a0e62a486.txt, ../shared/rules/README.md.
    """

    __slots__ = (
        "hand", "talon", "drawn", "known", "captured", "tricks_won", "first",
        "leader", "tricks_played", "last_trick", "last_draws", "melds", "done", "best",
        "meld_points", "fool_owner", "fool_status", "fool_card", "bagatto",
    )  # fmt: skip

    def _deal(self) -> None:
        """Deal ``deck`` as pinch_tarot.py says."""
        dealer = self.dealer
        ints = PACK.ints(self.deck)
        elder = 1 - dealer
        self.hand = [0, 0]
        for packet in range(6):  # groups of five, the dealer's opponent first
            seat = elder if packet % 2 == 0 else dealer
            for card in ints[5 * packet : 5 * packet + 5]:
                self.hand[seat] |= 1 << card
        self.talon = ints[2 * HAND_SIZE :]
        self.drawn = 0
        # Cards in a hand that the opponent has seen (drawn from the talon or
        # shown in a meld); both players and spectators see the same ones.
        self.known = 0
        self.captured = [0, 0]
        self.tricks_won = [0, 0]
        self.first = -1  # the card led to the current trick, -1 before the lead
        self.leader: int | None = elder
        self.tricks_played = 0
        self.last_trick: tuple[int, int, int, int] | None = None  # leader, cards, winner
        self.last_draws: tuple[tuple[int, int], ...] = ()
        self.melds: list[list[dict[str, Any]]] = [[], []]
        self.done = [0, 0]
        self.best = [0, 0]
        self.meld_points = [0, 0]
        self.fool_owner = -1
        self.fool_status = ""
        self.fool_card = -1
        self.bagatto: int | None = None
        self.phase = PLAY
        self.to_act = elder

    # -- legal actions -------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over), spelled as in pinch_tarot.py.

        A taròcchi is offered as one entry, every trump held; ``apply`` accepts any
        other choice of them the rules allow (melds.check_meld).
        """
        seat = self.to_act
        if seat is None:
            return []
        hand = self.hand[seat]
        plays = _PLAYS(hand if self.first < 0 else _follow(hand, self.first))
        if held_melds(hand & MELD_CARDS) or (hand & TRUMPS).bit_count() >= MIN_TAROCCHI:
            melds = meld_actions(hand, self.done[seat], self.best[seat])
            if melds:
                return melds + plays  # every "meld ..." sorts before every "play ..."
        return plays

    # -- applying actions ----------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        """Apply ``action`` (spelled as in pinch_tarot.py) for ``seat``, the seat to act.

        Raises IllegalAction, changing nothing, when the rules refuse it; the
        keys are listed in the class docstring.
        """
        card = _PLAY_CARD.get(action) if isinstance(action, str) else None
        if card is not None:
            self._play(seat, card)
        elif isinstance(action, str) and action.startswith("meld "):
            self._meld(seat, action)
        else:
            raise IllegalAction(
                "malformed",
                f"{action!r} is not a Pinch Tarot action: expected 'play XY' with XY a card "
                "code such as CH, 10C, 21T or FOOL, or 'meld <kind> <cards>'",
            )

    def _meld(self, seat: int, action: str) -> None:
        meld, done, best = check_meld(action, self.hand[seat], self.done[seat], self.best[seat])
        self.done[seat], self.best[seat] = done, best
        self.melds[seat].append(meld)
        self.meld_points[seat] += meld["points"]
        self.known |= PACK.mask(meld["cards"])

    def _play(self, seat: int, card: int) -> None:
        bit = 1 << card
        hand = self.hand[seat]
        if not hand & bit:
            raise IllegalAction(
                "card_not_in_hand", f"play {CODES[card]}: it is not in your hand", card=CODES[card]
            )
        first = self.first
        if first >= 0 and not _follow(hand, first) & bit:
            raise IllegalAction(
                "must_follow",
                f"play {CODES[card]}: you must follow suit, else play a trump, and a higher "
                f"trump than {CODES[first]} if it is one and you have one",
                card=CODES[card],
                led=CODES[first],
            )
        self.hand[seat] = hand ^ bit
        self.known &= ~bit
        if first < 0:
            self.first = card
            self.to_act = 1 - seat
            return
        leader = self.leader
        assert leader is not None
        winner = seat if BEATS[first * CARDS + card] else leader
        self._capture(winner, first, card)
        self.last_trick = (leader, first, card, winner)
        self.first = -1
        self.tricks_played += 1
        self.tricks_won[winner] += 1
        if self.drawn < TALON:
            # The winner draws first; both cards are shown (README rulings).
            top, below = self.talon[self.drawn], self.talon[self.drawn + 1]
            self.drawn += 2
            self.hand[winner] |= 1 << top
            self.hand[1 - winner] |= 1 << below
            self.known |= (1 << top) | (1 << below)
            self.last_draws = ((winner, top), (1 - winner, below))
        else:
            self.last_draws = ()
        if self.tricks_played < TRICKS:
            self.to_act = self.leader = winner
            return
        if BAGATTO in (first, card):
            self.bagatto = winner
        if self.fool_status == PENDING:
            # Never exchanged: the fool goes to the opponent (README rulings).
            self.captured[self.fool_owner] ^= _FOOL_BIT
            self.captured[1 - self.fool_owner] |= _FOOL_BIT
            self.fool_status = GIVEN
        self.phase = OVER
        self.to_act = self.leader = None

    def _capture(self, winner: int, first: int, second: int) -> None:
        """Put a trick's cards in the capture piles, the fool and its exchange included."""
        loser = 1 - winner
        if first == FOOL or second == FOOL:
            # The fool's player loses the trick but keeps the fool (003, "The fool").
            other = second if first == FOOL else first
            self.captured[winner] |= 1 << other
            self.captured[loser] |= _FOOL_BIT
            self.fool_owner, self.fool_status = loser, PENDING
            return
        if self.fool_status == PENDING and winner == self.fool_owner:
            given = exchange_card((first, second))
            kept = second if given == first else first
            self.captured[winner] |= 1 << kept
            self.captured[loser] |= 1 << given
            self.fool_status, self.fool_card = EXCHANGED, given
            return
        self.captured[winner] |= (1 << first) | (1 << second)

    # -- reading the state ---------------------------------------------------

    def trick_points(self, seat: int) -> int:
        """Cards captured by ``seat`` counted by threes plus their card points, so far."""
        captured = self.captured[seat]
        return count_points(captured.bit_count()) + card_points(captured)

    def bonus(self, seat: int) -> int:
        """Bagatto urtimo: 20 for the winner of the last trick if trump 1 was in it."""
        return BAGATTO_URTIMO if self.bagatto == seat else 0

    def _result(self) -> dict[str, Any]:
        seats = (0, 1)
        captured = [self.captured[seat] for seat in seats]
        trick_points = [self.trick_points(seat) for seat in seats]
        assert self.last_trick is not None
        return {
            "points": [trick_points[s] + self.meld_points[s] + self.bonus(s) for s in seats],
            "trick_points": trick_points,
            "count_points": [count_points(c.bit_count()) for c in captured],
            "card_points": [card_points(c) for c in captured],
            "cards_captured": [c.bit_count() for c in captured],
            "meld_points": list(self.meld_points),
            "melds": [[{**m, "cards": list(m["cards"])} for m in self.melds[s]] for s in seats],
            "bagatto_urtimo": self.bagatto,
            "fool": self.fool_info(),
            "tricks": list(self.tricks_won),
            "last_trick": self.last_trick[3],
        }

    def fool_info(self) -> dict[str, Any] | None:
        """Once the fool is played: ``{"owner": seat, "status": "pending" | "exchanged" |
        "given", "card": code given in exchange | None}``; None before."""
        if self.fool_owner < 0:
            return None
        card = CODES[self.fool_card] if self.fool_card >= 0 else None
        return {"owner": self.fool_owner, "status": self.fool_status, "card": card}
