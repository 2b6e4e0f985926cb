"""The state machine of one Scopa deal: the deal procedure, the void deal and the action
spelling are in the docstring of games/rules/scopa/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
../shared/rules/README.md ("Scopa" rulings).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.captures import subset_sums
from games.rules.cards import bits
from games.rules.scopa.scoring import CODES, PACK, VALUE, VALUE_MASKS, display_codes, score_hand

HAND_SIZE = 3
BOARD_START = 2 * HAND_SIZE  # deck positions 6-9 are the opening board
STOCK_START = BOARD_START + 4
PLAY, OVER = "play", "over"

_PLAYS = tuple("play " + code for code in CODES)
_HINT = "'play XY' or 'capture XY AB+CD' (XY a card code such as 7D, the cards taken sorted)"


def redeal_deck(deck: list[str]) -> list[str]:
    """The deck of the redeal after ``deck`` was dealt void (three or more kings on the board).

    The cards are gathered and shuffled again; so that a record replays, the
    shuffle is seeded from the void deck itself: ``PACK.shuffled`` with the
    string seed ``"scopa redeal " + " ".join(deck)``. Players never see a whole
    deck, so they cannot foresee it.
    """
    return PACK.shuffled("scopa redeal " + " ".join(deck))


def opening_decks(deck: list[str]) -> list[list[str]]:
    """The decks dealt, in order, from ``deck``: the first one and one per void deal;
    the last is the one played. Source: 004 ("If three or more of the four board
    cards are kings ... deal again"), ../shared/rules/README.md ("Scopa")."""
    decks = [deck]
    while sum(code[0] == "K" for code in decks[-1][BOARD_START:STOCK_START]) >= 3:
        decks.append(redeal_deck(decks[-1]))
    return decks


# (taken << 6 | card) -> "capture ..." string. At most some 16,000 captures exist in the
# pack (a card and a set of others adding up to its value), so the memo stays small.
_CAPTURES: dict[int, str] = {}
# Capture value -> the card ints of that rank, to find pairs without walking bits.
_RANK_CARDS = tuple(tuple(bits(mask)) for mask in VALUE_MASKS)


def _capture_string(card: int, taken: int) -> str:
    key = taken << 6 | card
    string = _CAPTURES.get(key)
    if string is None:
        string = f"capture {CODES[card]} " + "+".join([CODES[i] for i in bits(taken)])
        _CAPTURES[key] = string
    return string


def _malformed(action: object, why: str = "") -> IllegalAction:
    return IllegalAction(
        "malformed", f"{action!r} is not a Scopa action{why}: expected {_HINT}", action=action
    )


class ScopaDeal(Deal):
    """One deal of Scopa; the procedure and action spelling are in games/rules/scopa/game.py.

    Cards are ints (cards.ITALIAN_40); hands, the board and capture piles are
    bitmasks. ``apply`` raises IllegalAction with the keys ``malformed``,
    ``card_not_in_hand``, ``must_capture``, ``not_on_board``, ``must_pair``
    or ``wrong_sum`` (besides ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
    ../shared/rules/README.md ("Scopa" rulings).
    """

    __slots__ = (
        "decks", "cards", "pos", "hand", "held", "board", "board_order", "captured",
        "sweeps", "last_capturer", "last_play", "leftover", "_moves",
    )  # fmt: skip

    def _deal(self) -> None:
        """Deal ``deck`` as scopa.py says, redealing void deals."""
        self.decks = opening_decks(self.deck)
        self.cards = PACK.ints(self.decks[-1])
        self.hand = [0, 0]
        self.held: list[list[int]] = [[], []]  # the hands as lists of card ints, for speed
        self.pos = 0
        self._deal_hands()
        self.board_order = list(self.cards[BOARD_START:STOCK_START])
        self.board = sum(1 << card for card in self.board_order)
        self.pos = STOCK_START
        self.phase = PLAY
        self.captured = [0, 0]
        self.sweeps: list[tuple[int, int]] = []  # (seat, card) of each scopa, in order
        self.last_capturer: int | None = None
        self.last_play: tuple[int, int, int, bool] | None = None  # seat, card, taken, scopa
        self.leftover = 0  # board cards given to the last capturer at the end
        self._moves: dict[str, tuple[int, int]] | None = None
        self.to_act = 1 - self.dealer

    def _deal_hands(self) -> None:
        """Three cards each from ``pos``, one at a time, the non-dealer first."""
        first, pos, cards = 1 - self.dealer, self.pos, self.cards
        for k in range(2 * HAND_SIZE):
            seat, card = first ^ (k & 1), cards[pos + k]
            self.hand[seat] |= 1 << card
            self.held[seat].append(card)
        self.pos = pos + 2 * HAND_SIZE

    # -- legal actions -------------------------------------------------------

    def _legal_moves(self) -> dict[str, tuple[int, int]]:
        """Every legal action of ``to_act`` -> ``(card played, bitmask of board cards taken)``.

        A card that can capture must capture (pairing first, else by addition);
        a card that cannot is trailed (``taken`` 0). Computed once per state and
        shared: callers only read it.
        """
        moves = self._moves
        if moves is not None:
            return moves
        moves = {}
        if self.to_act is not None:
            board = self.board
            unpaired = []
            for card in self.held[self.to_act]:
                value = VALUE[card]
                if board & VALUE_MASKS[value]:
                    # Pairing takes precedence: take one card of the rank, never a sum.
                    for i in _RANK_CARDS[value]:
                        if board >> i & 1:
                            moves[_capture_string(card, 1 << i)] = (card, 1 << i)
                else:
                    unpaired.append(card)
            if unpaired:
                # An addition needs two board cards; with fewer every unpaired card trails.
                order = self.board_order
                limit = max(map(VALUE.__getitem__, unpaired))
                sums = subset_sums(order, VALUE, limit) if len(order) > 1 else None
                for card in unpaired:
                    found = sums[VALUE[card]] if sums else None
                    if found:
                        for taken in found:
                            moves[_capture_string(card, taken)] = (card, taken)
                    else:
                        moves[_PLAYS[card]] = (card, 0)
        self._moves = moves
        return moves

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over), spelled as in games/rules/scopa/game.py."""
        return sorted(self._legal_moves())

    # -- applying actions ----------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        """Apply ``action`` (spelled as in games/rules/scopa/game.py) for ``seat``, the one to act.

        Raises IllegalAction, changing nothing, when the rules refuse it; the
        keys are listed in the class docstring.
        """
        try:
            card, taken = self._legal_moves()[action]
        except (KeyError, TypeError):
            raise self._refusal(action) from None
        self._play(seat, card, taken)

    def _play(self, seat: int, card: int, taken: int) -> None:
        bit = 1 << card
        hand = self.hand
        hand[seat] ^= bit
        self.held[seat].remove(card)
        last = self.pos == len(self.cards) and not (hand[0] | hand[1])
        scopa = False
        if taken:
            self.board ^= taken
            self.board_order = [c for c in self.board_order if not taken >> c & 1]
            self.captured[seat] |= taken | bit
            self.last_capturer = seat
            if not self.board and (not last or self.options["last_play_scopa"]):
                scopa = True
                self.sweeps.append((seat, card))
        else:
            self.board |= bit
            self.board_order.append(card)
        self.last_play = (seat, card, taken, scopa)
        self._moves = None
        if not last:
            if not (hand[0] | hand[1]):
                self._deal_hands()
            self.to_act = 1 - seat
            return
        # Someone has captured: a rank trailed once is paired by the next card of that
        # rank, so 40 cards cannot all be trailed. The leftovers are never a scopa (004).
        assert self.last_capturer is not None
        self.leftover = self.board
        self.captured[self.last_capturer] |= self.board
        self.board, self.board_order = 0, []
        self.phase = OVER
        self.to_act = None

    def _refusal(self, action: object) -> IllegalAction:
        """Why ``action``, not among the legal moves, is refused."""
        if not isinstance(action, str):
            return _malformed(action)
        verb, _, rest = action.partition(" ")
        if verb == "play" and rest in PACK.index:
            card, taken, names = PACK.index[rest], 0, []
        elif verb == "capture":
            code, _, names_text = rest.partition(" ")
            names = names_text.split("+")
            if code not in PACK.index or not all(name in PACK.index for name in names):
                return _malformed(action)
            card, taken = PACK.index[code], PACK.mask(names)
            if taken.bit_count() != len(names):
                return _malformed(action, " (each taken card once)")
            if PACK.codes_of(taken) != names:
                return _malformed(action, " (the cards taken must be in sorted order)")
        else:
            return _malformed(action)
        code = CODES[card]
        if not self.hand[self.to_act] >> card & 1:
            return IllegalAction(
                "card_not_in_hand", f"{action}: {code} is not in your hand", card=code
            )
        if not taken:
            capture = next(a for a, (c, t) in self._legal_moves().items() if c == card)
            return IllegalAction(
                "must_capture",
                f"{action}: {code} can capture ({capture!r}), so it cannot be played to the board",
                card=code,
            )
        if taken & ~self.board:
            missing = PACK.codes_of(taken & ~self.board)
            return IllegalAction(
                "not_on_board",
                f"{action}: {', '.join(missing)} not on the board",
                cards=missing,
            )
        if self.board & VALUE_MASKS[VALUE[card]]:
            return IllegalAction(
                "must_pair",
                f"{action}: a card of the same rank as {code} is on the board, "
                "and pairing takes precedence: take one of them",
                card=code,
            )
        total = sum(VALUE[i] for i in bits(taken))
        return IllegalAction(
            "wrong_sum",
            f"{action}: the cards taken add up to {total}, not to {VALUE[card]}",
            card=code,
            total=total,
        )

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.cards) - self.pos

    @property
    def round(self) -> int:
        """Which of the six three-card hands is being played (1-6)."""
        return (self.pos - BOARD_START + 2) // (2 * HAND_SIZE)

    def void_deals(self) -> list[dict[str, list[str]]]:
        """The opening boards of the void deals, in order: ``[{"board": [codes]}]``."""
        return [{"board": deck[BOARD_START:STOCK_START]} for deck in self.decks[:-1]]

    def _result(self) -> dict[str, Any]:
        result = score_hand(self.captured, self.sweeps)
        result["last_capturer"] = self.last_capturer
        result["leftover"] = display_codes(self.leftover)
        result["void_deals"] = self.void_deals()
        return result

    def record(self) -> dict[str, Any]:
        """The deal record (DESIGN.md "Deal records") plus ``"redeals"``: the decks
        dealt after each void deal, in order ([] when the first deal stood)."""
        record = super().record()
        record["redeals"] = [list(deck) for deck in self.decks[1:]]
        return record
