"""The state machine of one Briscola deal: the deal procedure and the action
spelling are in the docstring of games/rules/briscola/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola"),
../shared/rules/README.md ("Briscola" rulings).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.briscola.scoring import (
    BEATS_BY_TRUMP,
    CODES,
    PACK,
    SUIT,
    card_points,
    hand_result,
)
from games.rules.cards import SUITS, mask_strings

CARDS = len(CODES)
HAND_SIZE = 3
PLAY, OVER = "play", "over"

_PLAY_STRINGS = tuple("play " + code for code in CODES)
_PLAYS = mask_strings(_PLAY_STRINGS)
# Parsing an action is one dict lookup: every well-formed action -> its card int.
_CARD_OF = {action: card for card, action in enumerate(_PLAY_STRINGS)}


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Briscola action: expected 'play XY' with XY a card code such as 3D",
        action=action if isinstance(action, str) else repr(action),
    )


class BriscolaDeal(Deal):
    """One hand of Briscola for two, three or four; procedure and spelling in
    games/rules/briscola/game.py.

    Cards are ints (cards.ITALIAN_40, also for the 39 cards of three players); hands
    and won cards are bitmasks indexed by seat. ``draws`` is the order cards are drawn
    after tricks: the stock top first, the upcard last. ``played`` holds the cards of
    the trick in progress in play order from ``leader``; ``best`` the seat winning it.
    ``apply`` raises IllegalAction with the keys ``malformed`` or ``card_not_in_hand``
    (besides ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola"),
    ../shared/rules/README.md ("Briscola").
    """

    __slots__ = (
        "hand", "upcard", "trump", "draws", "drawn", "known", "captured", "first",
        "leader", "tricks_played", "last_trick", "_beats", "played", "best", "tricks",
    )  # fmt: skip

    def _deal(self) -> None:
        """Deal ``deck`` as briscola.py says."""
        dealer, seats = self.dealer, self.seats
        ints = PACK.ints(self.deck)
        dealt = HAND_SIZE * seats
        self.hand = [0] * seats
        # One card at a time, starting with the seat left of (after) the dealer.
        for position in range(dealt):
            self.hand[(dealer + 1 + position) % seats] |= 1 << ints[position]
        self.upcard = ints[dealt]
        self.trump = SUIT[self.upcard]
        self._beats = BEATS_BY_TRUMP[self.trump]
        self.draws = ints[dealt + 1 :] + (self.upcard,)
        self.drawn = 0
        # The upcard once a player has taken it: both saw it, so it stays known.
        self.known = 0
        self.captured = [0] * seats
        self.first = -1  # the card led to the current trick, -1 before the lead
        self.played: list[int] = []  # the cards of the trick in progress, in play order
        self.best = -1  # the seat winning the trick in progress
        self.tricks = len(ints) // seats
        self.tricks_played = 0
        # The last finished trick: (leader, cards in play order, winner).
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        self.phase = PLAY
        self.to_act = self.leader = (dealer + 1) % seats

    def legal_actions(self) -> list[str]:
        """Sorted ``play XY`` actions, one per card in the hand of ``to_act`` ([] when over).

        There is no obligation to follow suit (004), so every card in hand may be played.
        """
        seat = self.to_act
        return [] if seat is None else _PLAYS(self.hand[seat])

    def _apply(self, seat: int, action: str) -> None:
        """Play a card for ``seat``, the seat to act: ``play XY``.

        After the last card of a trick (one from each seat) its winner takes it,
        every player draws (the winner first, then in the order of play; the last
        draw of the stock is followed by the upcard) and the winner leads. Raises IllegalAction,
        changing nothing, when the action is refused; keys in the class docstring.
        """
        try:
            card = _CARD_OF[action]
        except (KeyError, TypeError):
            raise _malformed(action) from None
        bit = 1 << card
        hands = self.hand
        if not hands[seat] & bit:
            raise IllegalAction(
                "card_not_in_hand", f"{action}: {CODES[card]} is not in your hand", card=CODES[card]
            )
        hands[seat] ^= bit
        seats = self.seats
        played = self.played
        if not played:
            self.first = card
            self.best = seat
        elif self._beats[played[(self.best - self.leader) % seats] * CARDS + card]:
            self.best = seat
        played.append(card)
        if len(played) < seats:
            self.to_act = (seat + 1) % seats
            return
        leader, winner = self.leader, self.best
        for played_card in played:
            self.captured[winner] |= 1 << played_card
        self.last_trick = (leader, tuple(played), winner)
        self.played = []
        self.first = self.best = -1
        self.tricks_played += 1
        drawn = self.drawn
        draws = self.draws
        if drawn < len(draws):
            # Each draws one card, the trick's winner first, then in the order of play.
            for offset in range(seats):
                hands[(winner + offset) % seats] |= 1 << draws[drawn + offset]
            self.drawn = drawn = drawn + seats
            if drawn == len(draws):
                self.known = 1 << self.upcard
        if self.tricks_played == self.tricks:
            self.phase = OVER
            self.to_act = self.leader = None
        else:
            self.to_act = self.leader = winner

    # -- reading the state ---------------------------------------------------

    @property
    def stock_count(self) -> int:
        """Face-down cards left in the stock (the upcard not counted)."""
        return max(0, len(self.draws) - 1 - self.drawn)

    @property
    def upcard_on_table(self) -> bool:
        """True until the last player to draw has taken the upcard."""
        return self.drawn < len(self.draws)

    @property
    def stock_exhausted(self) -> bool:
        """True once every card of the stock and the upcard has been drawn."""
        return self.drawn >= len(self.draws)

    def tricks_won(self, seat: int) -> int:
        """How many tricks ``seat`` has won so far."""
        return self.captured[seat].bit_count() // self.seats

    def points_won(self, seat: int) -> int:
        """Card points in the tricks ``seat`` has won so far."""
        return card_points(self.captured[seat])

    def _result(self) -> dict[str, Any]:
        stopped = self.to_act is not None  # scored as it stands (Game.result_as_it_stands)
        result = hand_result(self.captured, self.options["match"], self.sides, stopped=stopped)
        result["trump"] = SUITS[self.trump]
        return result
