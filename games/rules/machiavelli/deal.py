"""The state machine of one Machiavelli game: the deal procedure and the action
spelling are in the docstring of games/rules/machiavelli/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
../shared/rules/README.md ("Machiavelli" rulings).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.machiavelli.melds import (
    CODES,
    FACE,
    FACES,
    canonical,
    codes,
    counts_of,
    meld_kind,
    parse_table,
)
from games.rules.machiavelli.offers import TableOffers
from games.rules.machiavelli.scoring import game_result

HAND_SIZE = 13
PENALTY_CARDS = 3
PLAY, OVER = "play", "over"
DRAW, PASS = "draw", "pass"
DRAW_KIND, PASS_KIND, TABLE_KIND, PENALTY_KIND = "draw", "pass", "table", "penalty"


def _malformed(action: object, why: str) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Machiavelli action ({why}): expected 'draw', 'pass' or "
        "'table' and the whole new table, melds separated by '|', e.g. "
        "'table 3H 4H 5H | 7C 7D 7S'",
        action=action if isinstance(action, str) else repr(action),
    )


class MachiavelliDeal(Deal):
    """One game of Machiavelli for two to five players; procedure and spelling in
    games/rules/machiavelli/game.py.

    Cards are faces (melds.py: ``suit * 13 + rank``); each hand is 52 counts, a
    ``bytearray`` (read and changed as a list is; ``legal_actions`` reads it as bytes
    with one copy; a list set in its place works too); ``table`` is the list of melds
    (tuples of faces, each in canonical order) in the order the last player to play
    laid them; ``stock`` the faces still to draw,
    ``drawn`` how many have been drawn. ``passes`` counts the turns in a row, since the
    stock ran out, in which nothing was laid. ``last_turn`` is what the last turn did
    (``{"seat", "kind", "placed", "drawn", "rejected", "invalid"}``); the view shows of
    it what each seat may know. ``penalized`` lists the indexes in ``actions`` of the
    tables that drew the penalty (their melds are known to their player only).
    ``legal_actions`` keeps its last answer with the plan of each table offered
    (offers.py), and ``apply`` of a text just offered takes that plan: both follow the
    table by identity, so the table is only ever replaced, never changed in place (a
    hand may be changed in place: it is compared, or checked, every time).
    ``apply`` raises IllegalAction with the keys ``malformed``, ``stock_empty``,
    ``stock_not_empty``, ``table_card_missing``, ``card_not_in_hand`` and
    ``no_card_from_hand`` (besides ``deal_over`` and ``not_your_turn``); an invalid
    table is not refused: it is the penalty of the rulings.
    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
    ../shared/rules/README.md ("Machiavelli").
    """

    __slots__ = (
        "hands", "table", "stock", "drawn", "passes", "last_turn", "went_out", "penalized",
        "_table_offers", "_offered",
    )  # fmt: skip

    def _deal(self) -> None:
        """Deal ``deck`` as game.py says: 13 cards each, one at a time from the seat after
        the dealer; the rest is the stock, top first; the seat after the dealer plays."""
        seats, dealer = self.seats, self.dealer
        deck = [FACE[code] for code in self.deck]
        dealt = HAND_SIZE * seats
        self.hands = [bytearray(FACES) for _ in range(seats)]
        for position in range(dealt):
            self.hands[(dealer + 1 + position) % seats][deck[position]] += 1
        self.stock = tuple(deck[dealt:])
        self.drawn = 0
        self.table: list[tuple[int, ...]] = []
        self.passes = 0
        self.last_turn: dict[str, Any] | None = None
        self.went_out: int | None = None
        self.penalized: list[int] = []  # indexes in ``actions`` of the tables penalised
        self._table_offers: TableOffers | None = None  # what ``table`` offers any hand
        # The last legal actions: (table, hand as bytes, stock not empty, actions, plans).
        self._offered: tuple[Any, ...] | None = None
        self.phase = PLAY
        self.to_act = (dealer + 1) % seats

    # -- reading the state ---------------------------------------------------

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.stock) - self.drawn

    def table_counts(self) -> list[int]:
        """The cards on the table as 52 counts by face."""
        return list(self._table_counts())

    def _table_counts(self) -> tuple[int, ...]:
        """``table_counts`` as a tuple, remembered by the table's melds (``_counts``)
        when they are tuples, as the engine lays them."""
        try:
            return _counts(tuple(self.table))
        except TypeError:  # a meld set directly as a list
            return _counts.__wrapped__(tuple(self.table))

    def clone(self) -> MachiavelliDeal:
        """An independent copy of this game as it stands: the same state, legal actions,
        views and result, and each changes on alone from here (for searches that play
        one sample many times over, games/ismcts.py). Cheaper than replaying the actions
        or a deep copy: what is never changed in place is shared (the deck, the stock,
        the table and its melds, ``last_turn``, the offers remembered), the rest copied
        (the hands, the actions, ``penalized``)."""
        new = MachiavelliDeal.__new__(MachiavelliDeal)
        new.game, new.seats, new.sides, new.dealer = self.game, self.seats, self.sides, self.dealer
        new.options, new.deck, new.carry = self.options, self.deck, self.carry
        new.actions = self.actions.copy()
        new.to_act, new.phase = self.to_act, self.phase
        new.hands = [bytearray(hand) for hand in self.hands]
        new.table, new.stock, new.drawn = self.table, self.stock, self.drawn
        new.passes, new.last_turn, new.went_out = self.passes, self.last_turn, self.went_out
        new.penalized = self.penalized.copy()
        new._table_offers, new._offered = self._table_offers, self._offered
        return new

    def hand_codes(self, seat: int) -> list[str]:
        """The codes of ``seat``'s hand, by suit (C D H S) then rank (A to K)."""
        hand = self.hands[seat]
        return [code for code, n in zip(CODES, hand, strict=True) if n for _ in range(n)]

    # -- legal actions -------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over): ``draw`` (``pass`` once the stock
        is empty) and a bounded choice of valid tables, enough for bots and random play.
        For each card of the hand:

        1. every meld of the hand's cards alone added to the table;
        2. the card added to a meld of the table (a lay-off);
        3. a run of the table split in two at the card's rank by the card (3H-7H and a
           second 5H make 3H 4H 5H and 5H 6H 7H);
        4. a new set of the card with cards of its rank from the hand and taken from the
           table where what is left stays valid (from a set of four, or the end of a
           run of four or more).

        ``apply`` accepts any other table made of the table's cards and some of the
        hand's (at least one); an invalid one draws the rulings' penalty. A bot that
        wants more rearrangements asks ``partition.find_partition``.
        """
        seat = self.to_act
        if seat is None:
            return []
        counts = bytes(self.hands[seat])
        stocked = self.drawn < len(self.stock)
        table, offered = self.table, self._offered
        # What is offered depends on the hand, the table and whether the stock is empty,
        # nothing else: asked again for the same, the last answer stands.
        if (
            offered is not None
            and offered[0] is table
            and offered[1] == counts
            and offered[2] is stocked
        ):
            return offered[3].copy()
        tables = self._table_offers
        if tables is None or tables.table is not table:
            tables = self._table_offers = TableOffers(table)
        plans = tables.offers(counts)
        legal = [DRAW if stocked else PASS]  # "draw" < "pass" < "table"
        if plans:
            legal += sorted(plans)
        self._offered = (table, counts, stocked, legal, plans)
        return legal.copy()

    # -- applying an action ----------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        """Apply ``draw``, ``pass`` or ``table ...`` for ``seat``, the seat to act.

        1. ``draw``: the top card of the stock joins the hand; refused once it is empty.
        2. ``pass``: only once the stock is empty; a full round of passes (every seat
           in a row, nothing laid) ends the game.
        3. ``table M1 | M2 | ...``: the whole new table. It must hold every card of the
           table and at least one card of the hand, nothing else; otherwise it is
           refused. If a meld is not valid, the table and the hand stay as they were
           and the player draws three cards (fewer if the stock has fewer; with the
           stock empty that turn counts as a pass). Otherwise the table is the new
           one, and a player whose hand is empty wins.

        After the turn the next seat plays. Raises IllegalAction, changing nothing,
        when the action is refused; keys in the class docstring.
        """
        if action == DRAW:
            # _draw of one card and _next, inline: half the actions of a game are draws.
            drawn, stock = self.drawn, self.stock
            if drawn >= len(stock):
                raise IllegalAction(
                    "stock_empty", "the stock is empty: you may play or 'pass'", action=action
                )
            cards = stock[drawn : drawn + 1]
            self.drawn = drawn + 1
            self.hands[seat][cards[0]] += 1
            self.last_turn = {"seat": seat, "kind": DRAW_KIND, "drawn": cards}
            self.passes = 0
            self.to_act = (seat + 1) % self.seats
            return
        if action == PASS:
            if self.stock_count:
                raise IllegalAction(
                    "stock_not_empty",
                    "you may pass only once the stock is empty: 'draw' or play",
                    action=action,
                )
            self.last_turn = {"seat": seat, "kind": PASS_KIND}
            self._passed(seat)
            return
        # The plan (offers.py) of a text ``legal_actions`` offered for this table, taken
        # when the hand holds the cards it places: a plan is what ``check_table`` finds
        # for the text on this table as long as the hand holds them (one each, all
        # different), so the hand it was offered to does not matter, and a hand changed
        # since is judged as it is now. Any other text is judged below.
        offered = self._offered
        if offered is not None and offered[0] is self.table and isinstance(action, str):
            plan = offered[4].get(action)
            if plan is not None:
                hand = self.hands[seat]
                for face in plan[2]:
                    if not hand[face]:
                        break
                else:
                    changes, added, placed = plan
                    table = self.table.copy()  # offers.edit, inline
                    for index, melds in changes:
                        table[index : index + 1] = melds
                    table += added
                    offers = self._table_offers
                    if offers is not None and offers.table is self.table:
                        self._table_offers = offers.edited(table, changes, added)
                    self._lay(seat, table, placed)
                    return
        if not isinstance(action, str) or not action.startswith("table "):
            raise _malformed(action, "unknown action")
        melds, counts, invalid, laid = _judged(action)
        placed = self._placed(seat, counts)
        if invalid:
            self._penalty(seat, [list(meld) for meld in melds], list(invalid))
            return
        self._lay(seat, list(laid), placed)

    def _lay(self, seat: int, table: list[tuple[int, ...]], placed: tuple[int, ...]) -> None:
        """A valid table of ``seat``: ``placed`` (faces) leave the hand for ``table``."""
        hand = self.hands[seat]
        for face in placed:
            hand[face] -= 1
        self.table = table
        self.last_turn = {"seat": seat, "kind": TABLE_KIND, "placed": placed}
        self.passes = 0
        if not any(hand):
            self.went_out = seat
            self._end()
        else:
            self._next(seat)

    def check_table(
        self, seat: int, action: object
    ) -> tuple[list[list[int]], tuple[int, ...], list[int]]:
        """Check a ``table ...`` action of ``seat`` without applying it: its melds (faces),
        the cards it adds from the hand (sorted faces) and the indexes of its invalid
        melds (empty when the table is valid). This is all the work of judging a
        submitted table; bench/machiavelli_bench.py times it.

        Raises IllegalAction (``malformed``, ``table_card_missing``,
        ``card_not_in_hand``, ``no_card_from_hand``) for a submission that is no play.
        """
        if not isinstance(action, str) or not action.startswith("table "):
            raise _malformed(action, "unknown action")
        melds, counts, invalid, _ = _judged(action)
        placed = self._placed(seat, counts)
        return [list(meld) for meld in melds], placed, list(invalid)

    def _placed(self, seat: int, new: tuple[int, ...]) -> tuple[int, ...]:
        """The faces a submitted table of the cards ``new`` (52 counts) adds from
        ``seat``'s hand (sorted), checking that it keeps every card of the table, adds
        only cards of the hand, and adds one; the faces are checked in order, the first
        that fails raises."""
        old = self._table_counts()
        hand = self.hands[seat]
        added: list[int] = []
        for face, extra in _differences(new, old):
            if extra < 0:
                raise IllegalAction(
                    "table_card_missing",
                    f"{CODES[face]} is on the table and must stay there: the new table "
                    "holds every card of the old one",
                    card=CODES[face],
                )
            if extra > hand[face]:
                raise IllegalAction(
                    "card_not_in_hand",
                    f"{CODES[face]} is neither on the table nor in your hand",
                    card=CODES[face],
                )
            added += [face] * extra
        if not added:
            raise IllegalAction(
                "no_card_from_hand",
                "a turn that plays must place at least one card from your hand",
            )
        return tuple(added)

    def _draw(self, seat: int, number: int) -> tuple[int, ...]:
        """Move up to ``number`` cards from the top of the stock to ``seat``'s hand."""
        cards = self.stock[self.drawn : self.drawn + number]
        self.drawn += len(cards)
        for face in cards:
            self.hands[seat][face] += 1
        return cards

    def _penalty(self, seat: int, melds: list[list[int]], invalid: list[int]) -> None:
        """The rulings' penalty for an invalid table: nothing moves but three cards (or
        what is left) drawn; with the stock empty it counts as a pass."""
        drawn = self._draw(seat, PENALTY_CARDS)
        self.penalized.append(len(self.actions))  # apply logs the action after this
        self.last_turn = {
            "seat": seat,
            "kind": PENALTY_KIND,
            "drawn": drawn,
            "rejected": [tuple(meld) for meld in melds],
            "invalid": invalid,
        }
        if drawn:
            self.passes = 0
            self._next(seat)
        else:
            self._passed(seat)

    def _passed(self, seat: int) -> None:
        self.passes += 1
        if self.passes >= self.seats:
            self._end()
        else:
            self._next(seat)

    def _next(self, seat: int) -> None:
        self.to_act = (seat + 1) % self.seats

    def _end(self) -> None:
        self.phase = OVER
        self.to_act = None

    def _result(self) -> dict[str, Any]:
        result = game_result(self.hands, self.went_out)
        result["table"] = [codes(meld) for meld in self.table]
        # Cards left are counted face up at the end, as at the table.
        result["hands"] = [self.hand_codes(seat) for seat in range(self.seats)]
        return result


Melds = tuple[tuple[int, ...], ...]
Judged = tuple[Melds, tuple[int, ...], tuple[int, ...], Melds]
"""``_judged``'s answer: melds as written, their counts, invalid indexes, melds canonical."""


@lru_cache(maxsize=1 << 12)
def _judged(action: str) -> Judged:
    """What a ``table ...`` text says, whatever the table and hand it meets, remembered
    (a search replays the same history's tables again and again): its melds (faces, as
    written), their cards as 52 counts, the indexes of its invalid melds, and its melds
    ``canonical``. Raises IllegalAction (``malformed``) for a text ``parse_table`` refuses
    (not remembered)."""
    try:
        melds = parse_table(action)
    except ValueError as error:
        raise _malformed(action, str(error)) from None
    counts = tuple(counts_of(face for meld in melds for face in meld))
    invalid = tuple(index for index, meld in enumerate(melds) if meld_kind(meld) is None)
    return (
        tuple(tuple(meld) for meld in melds),
        counts,
        invalid,
        tuple(canonical(meld) for meld in melds),
    )


@lru_cache(maxsize=1 << 12)
def _counts(table: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The cards of the melds ``table`` as 52 counts by face, remembered (a search
    replays the same history's tables again and again)."""
    return tuple(counts_of(face for meld in table for face in meld))


def _differences(new: tuple[int, ...], old: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(face, new - old)`` for every face whose counts differ, in face order."""
    return [(face, n - o) for face, (n, o) in enumerate(zip(new, old, strict=True)) if n != o]
