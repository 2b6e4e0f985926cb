"""The state machine of one Bazzica deal: the deal procedure, actions and their
spelling are in the docstring of games/rules/bazzica/game.py.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt, ../shared/rules/README.md
("Bazzica").
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.bazzica.cards import (
    BEATS,
    BRISQUE_CARDS,
    CODES,
    COPIES,
    LOW,
    SEVENS,
    STRONGER,
    SUIT,
    SUIT_MASKS,
    fold,
    follow_refusal,
    ids_of,
    pick_copy,
)
from games.rules.bazzica.melds import DECLARATIONS, EXCHANGE, KINDS, POINTS, choose, find
from games.rules.bazzica.scoring import deal_result
from games.rules.cards import SUITS, mask_strings
from games.rules.tricks import follow_suit_to_win

PLAY, DECLARE, LAST_TRICKS, OVER = "play", "declare", "last_tricks", "over"
TRICKS = 32
UPCARD = 16  # deck position of the upcard; the stock is deck[17:]
DRAW = "draw"

_PLAY_STRINGS = tuple("play " + code for code in CODES)
_PLAYS = mask_strings(_PLAY_STRINGS, width=8)
_REFUSALS = {
    "card_not_available": "you do not hold the cards of {action!r}",
    "already_used": "{action!r}: a card cannot join a second combination of the same kind",
    "no_new_card": "{action!r}: the combination needs a card new to its family",
}


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Bazzica action: expected 'play XY' (XY a card code such as "
        "QS or 10H), 'draw' or 'declare <kind> <cards>' such as 'declare bezique JD QS'",
    )


class BazzicaDeal(Deal):
    """One deal of Bazzica for two players; procedure and spelling in bazzica.py.

    Physical cards are ints 0-63 (bazzica_cards); hands (``held``: hand and
    table together), the table, the cards the opponent knows (``known``) and
    capture piles are 64-bit masks indexed by seat. ``apply`` raises
    IllegalAction with the keys ``malformed``, ``wrong_phase``,
    ``card_not_available``, ``must_follow_suit``, ``must_win``, ``must_trump``,
    ``not_this_trump``, ``nothing_to_exchange``, ``already_used`` or
    ``no_new_card`` (besides ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt, ../shared/rules/README.md.
    """

    __slots__ = (
        "ids", "trump", "seven", "beats", "upcard", "stock_pos", "held", "table",
        "known", "used", "captured", "brisque_tricks", "first", "leader", "tricks_played",
        "last_trick", "declarations", "bonuses", "marked", "sevens_scored",
    )  # fmt: skip

    def _deal(self) -> None:
        """Deal ``deck`` as bazzica.py says."""
        dealer = self.dealer
        ids = self.ids = ids_of(self.deck)
        other = 1 - dealer
        held = [0, 0]
        # 3-2-3, the non-dealer first: positions 0-2, 6-7, 10-12 and 3-5, 8-9, 13-15.
        for seat, start, stop in ((other, 0, 3), (dealer, 3, 6), (other, 6, 8), (dealer, 8, 10),
                                  (other, 10, 13), (dealer, 13, 16)):  # fmt: skip
            for card in ids[start:stop]:
                held[seat] |= 1 << card
        self.held = held
        self.upcard = ids[UPCARD]
        self.trump = SUIT[self.upcard & 31]
        self.seven = SEVENS[self.trump]
        self.beats = BEATS[self.trump]
        self.stock_pos = UPCARD + 1
        self.table = [0, 0]
        self.known = [0, 0]
        self.used = [0] * 64
        self.captured = [0, 0]
        self.brisque_tricks = [0, 0]
        self.first = -1
        self.leader: int | None = other
        self.tricks_played = 0
        self.last_trick: tuple[int, int, int, int] | None = None  # leader, cards, winner
        self.declarations: list[list[tuple[int, tuple[int, ...]]]] = [[], []]
        self.bonuses: list[list[tuple[str, int]]] = [[], []]
        self.marked = [0, 0]  # declarations and 7s of trumps, scored as they happen
        self.sevens_scored = 0
        if self.upcard & 31 == self.seven:
            self._bonus(dealer, "seven_turned", self.upcard)
        self.phase = PLAY
        self.to_act = other

    # -- legal actions -------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over), spelled as in bazzica.py."""
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        if phase is DECLARE:
            return sorted(self.declarable(seat)) + [DRAW]
        if phase is PLAY or self.first < 0:
            held = self.held[seat]
            return _PLAYS((held | held >> 32) & LOW)
        return _PLAYS(self.playable(seat))

    def playable(self, seat: int) -> int:
        """Mask of the codes ``seat`` may play now (32 bits)."""
        codes = fold(self.held[seat])
        if self.phase is LAST_TRICKS and self.first >= 0:
            return follow_suit_to_win(
                codes, self.first & 31, SUIT, SUIT_MASKS, STRONGER, self.trump
            )
        return codes

    def declarable(self, seat: int) -> list[str]:
        """The declarations ``seat`` may make now (unsorted action strings)."""
        held = self.held[seat]
        upcard_seven = self.upcard >= 0 and self.upcard & 31 == self.seven
        return find(held, self.used, self.known[seat], self.trump, self.options["reuse"],
                    upcard_seven)  # fmt: skip

    # -- applying actions ----------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        """Apply ``action`` (spelled as in bazzica.py) for ``seat``, the seat to act.

        Raises IllegalAction, changing nothing, when the rules refuse it; the
        keys are listed in the class docstring.
        """
        try:
            is_play, handler, arg = _ACTIONS[action]
        except (KeyError, TypeError):
            raise _malformed(action) from None
        if (self.phase is DECLARE) is is_play:
            expected = "a declaration or 'draw'" if self.phase is DECLARE else "'play XY'"
            raise self._phase_refusal(action, expected)
        handler(self, seat, arg)

    def _play(self, seat: int, code: int) -> None:
        held = self.held[seat]
        candidates = held & COPIES[code]
        if not candidates:
            raise IllegalAction(
                "card_not_available", f"play {CODES[code]}: you do not hold it", card=CODES[code]
            )
        first, phase = self.first, self.phase
        if phase is LAST_TRICKS and first >= 0 and not self.playable(seat) >> code & 1:
            raise follow_refusal(first & 31, code, fold(held), self.trump)
        if candidates & (candidates - 1):
            card = pick_copy(candidates, self.known[seat], self.used)
        else:
            card = candidates.bit_length() - 1
        bit = 1 << card
        self.held[seat] = held ^ bit
        if self.known[seat] & bit:  # on the table or shown: it leaves both
            self.table[seat] &= ~bit
            self.known[seat] ^= bit
        if code == self.seven and not self.sevens_scored & bit:
            self._bonus(seat, "seven_played", card)
        if first < 0:
            self.first = card
            self.to_act = 1 - seat
            return
        leader = self.leader
        winner = seat if self.beats[(first & 31) * 32 + code] else leader
        trick = (1 << first) | bit
        self.captured[winner] |= trick
        if trick & BRISQUE_CARDS:
            self.brisque_tricks[winner] += 1
        self.last_trick = (leader, first, card, winner)
        self.first = -1
        self.tricks_played += 1
        self.leader = self.to_act = winner
        if phase is PLAY:
            self.phase = DECLARE
        elif self.tricks_played == TRICKS:
            self.phase = OVER
            self.to_act = self.leader = None

    def _draw(self, seat: int, _arg: None) -> None:
        """The trick's winner (``seat``) draws the top of the stock, the loser the next card;
        the last draw gives the loser the upcard. Declared cards go back to the hand when
        the stock is gone."""
        pos = self.stock_pos
        self.held[seat] |= 1 << self.ids[pos]
        if pos + 1 < len(self.ids):
            self.held[1 - seat] |= 1 << self.ids[pos + 1]
            self.stock_pos = pos + 2
            self.phase = PLAY
            return
        bit = 1 << self.upcard
        self.held[1 - seat] |= bit
        self.known[1 - seat] |= bit
        self.upcard = -1
        self.stock_pos = pos + 1
        self.phase = LAST_TRICKS
        self.table = [0, 0]

    def _declare(self, seat: int, arg: tuple[Any, ...]) -> None:
        spelled, kind, needs, rule = arg
        if rule is not None and (rule[0] == self.trump) != rule[1]:
            raise IllegalAction(
                "not_this_trump",
                f"{spelled!r}: not possible with {SUITS[self.trump]} as trumps",
                kind=KINDS[kind],
            )
        if kind == EXCHANGE and self.upcard & 31 == self.seven:
            raise IllegalAction(
                "nothing_to_exchange", f"{spelled!r}: the upcard is already a 7", kind=KINDS[kind]
            )
        chosen = choose(
            self.held[seat], self.used, self.known[seat], kind, needs, self.options["reuse"]
        )
        if isinstance(chosen, str):
            raise IllegalAction(chosen, _REFUSALS[chosen].format(action=spelled), kind=KINDS[kind])
        if kind == EXCHANGE:
            (seven,) = chosen
            old = self.upcard
            self.held[seat] ^= (1 << seven) | (1 << old)
            self.known[seat] = (self.known[seat] & ~(1 << seven)) | 1 << old
            self.upcard = seven
            self.sevens_scored |= 1 << seven
        else:
            for card in chosen:
                self.used[card] |= 1 << kind
                self.table[seat] |= 1 << card
                self.known[seat] |= 1 << card
        self.declarations[seat].append((kind, chosen))
        self.marked[seat] += POINTS[kind]
        self._draw(seat, None)

    def _bonus(self, seat: int, kind: str, card: int) -> None:
        self.sevens_scored |= 1 << card
        self.bonuses[seat].append((kind, card))
        self.marked[seat] += 10

    # -- reading the state ---------------------------------------------------

    @property
    def stock_count(self) -> int:
        """Face-down cards left in the stock (the upcard not counted)."""
        return len(self.ids) - self.stock_pos

    def _result(self) -> dict[str, Any]:
        return deal_result(self)


# Every well-formed action maps to (is it a play, handler, argument): one dict lookup.
_ACTIONS: dict[str, tuple[bool, Any, Any]] = {
    **{action: (True, BazzicaDeal._play, i) for i, action in enumerate(_PLAY_STRINGS)},
    DRAW: (False, BazzicaDeal._draw, None),
    **{
        spelled: (False, BazzicaDeal._declare, (spelled, kind, needs, rule))
        for spelled, (kind, needs, rule) in DECLARATIONS.items()
    },
}
