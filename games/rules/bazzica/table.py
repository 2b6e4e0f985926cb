"""One deal of a Bazzica variant of 002: ``tre`` (three players), ``rubicone`` (two,
four packs) and ``quattro`` (four in two partnerships, six packs). The two-player game
is games/rules/bazzica/deal.py.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Come si gioca",
"Combinazioni e punti", "Varianti"), ../shared/rules/README.md ("Bazzica").
Tables of packs, combinations and points: games/rules/bazzica/variants.py.

How the deck becomes the deal (codes, top first; a code appears once per pack and
copies are interchangeable; the k-th copy from the top is physical card
``code int + 32 k``):
1. The dealer deals in three rounds of packets, 3-2-3 (``tre``: eight cards) or
   3-3-3 (``rubicone``, ``quattro``: nine cards), each round starting with the seat
   after the dealer and going round in seat order.
2. ``tre``: the next card is the upcard, its suit trumps; a 7 turned scores 10 for the
   dealer. ``rubicone``, ``quattro``: no card is turned ("non si scoprono le carte del
   mazzo"); there are no trumps until the first marriage or sequence is declared, whose
   suit becomes trumps (the marriage scores as the royal marriage).
3. The rest is the stock, drawn from the top.

Play:
4. "play", the first phase: the seat after the dealer leads the first trick, the
   winner of a trick the next. Any card may be played. The highest trump wins, else
   the highest card of the suit led; of two equal cards the first played wins.
5. "declare": the trick's winner declares one combination or ``draw``s; in
   ``quattro`` he may instead ``pass`` the declaration to his partner, who declares
   or draws (002: "lasciare al partner l'opzione"). A player may use the cards his
   partner has declared and left on the table. Then every seat draws one card, the
   trick's winner first and then in seat order; in ``tre`` the last seat of the last
   round takes the upcard (the 7 of trumps after a scambio).
6. "last_tricks" once the stock is gone: the cards on the table go back to their
   hands, the last trick's winner leads, and each player must follow suit and beat
   the best card of the trick if he can; void in the suit, play a trump, one that
   beats the best trump if he can; else any card.
7. "over": the deal is scored (games/rules/bazzica/table_scoring.py).

Carta bianca (``rubicone``, ``quattro``): a player whose hand holds no K, Q or J may,
before playing his first card, ``declare carta_bianca``: his hand is shown to all, he
scores 50, and after each of his later draws the card drawn is shown and scores
another 50 while it is not a figure; the first figure drawn ends it. In ``quattro``
the second partner's carta bianca is the carta bianca doppia (500 instead of 50).
The declaration does not use the turn.

Actions, exactly: ``play XY``, ``draw``, ``pass`` (``quattro``), ``declare
carta_bianca`` / ``declare carta_bianca_double``, and ``declare <kind> <cards>`` with
the cards in display order (by suit C D H S, then A 10 K Q J 9 8 7; a code written
as often as it is used): ``declare triple_bezique JD JD JD QS QS QS``, ``declare
ordinary_sequence AC 10C KC QC JC``, ``declare four_tens 10C 10C 10D 10S``,
``declare royal_marriage KH QH`` (also the first marriage of rubicone, fixing
trumps).

Decisions the source leaves open, taken here (docs/games/bazzica.md repeats them):
- In the last tricks a player must beat his partner's card too, as everyone's.
- Which copy of a code is played or declared: one on the table before one in hand,
  then the one in more combinations, then the lower int (as the two-player game).
- Cards shown (declared, the upcard taken, a carta bianca) stay known to every other
  seat until played.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.bazzica.table_scoring import table_result
from games.rules.bazzica.variants import (
    CODES,
    FIGURES,
    KIND,
    RANK,
    STRENGTH,
    SUIT,
    VARIANTS,
    N,
    four_shapes,
    parse_declaration,
    shapes,
    spell,
)
from games.rules.cards import SUITS, copy_ids

PLAY, DECLARE, LAST_TRICKS, OVER = "play", "declare", "last_tricks", "over"
DRAW, PASS = "draw", "pass"
SEVEN_POINTS = 10
CARTA_BIANCA = "declare carta_bianca"
CARTA_BIANCA_DOUBLE = "declare carta_bianca_double"

_ANY_TRUMP_SHAPES = {
    name: {spell(kind, codes) for trump in (None, 0, 1, 2, 3) for kind, codes in
           shapes(variant, trump, False)} | {spell(k, c) for k, c in four_shapes(variant)}
    for name, variant in VARIANTS.items()
}  # fmt: skip
_FOURS = {name: four_shapes(variant) for name, variant in VARIANTS.items()}
_PLAYS = tuple(f"play {code}" for code in CODES)
_LOW = (1 << N) - 1
_SUIT_MASKS = tuple(sum(1 << c for c in range(N) if SUIT[c] == s) for s in range(4))
_STRONGER = tuple(
    sum(1 << o for o in range(N) if SUIT[o] == SUIT[c] and STRENGTH[o] > STRENGTH[c])
    for c in range(N)
)
"""Code int -> the 32-bit mask of the codes of its suit that beat it."""


@cache
def _candidates(
    variant: str, trump: int | None, upcard_seven: bool
) -> tuple[tuple[str, tuple[int, ...], int, str], ...]:
    """Every combination the variant may offer now: ``(kind, codes, mask of the codes,
    action string)``."""
    shaped = [*shapes(VARIANTS[variant], trump, upcard_seven), *_FOURS[variant]]
    return tuple((kind, need, sum(1 << c for c in set(need)), spell(kind, need))
                 for kind, need in shaped)  # fmt: skip


@cache
def _allowed(variant: str, trump: int | None, upcard_seven: bool) -> frozenset[str]:
    """The action strings of ``_candidates``."""
    return frozenset(spelled for _, _, _, spelled in _candidates(variant, trump, upcard_seven))


def _fold(mask: int, packs: int) -> int:
    """The 32-bit mask of the codes held in ``mask`` (physical cards of ``packs`` packs)."""
    codes = 0
    for _ in range(packs):
        codes |= mask & _LOW
        mask >>= N
    return codes


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Bazzica action: expected 'play XY' (XY a card code such as "
        "QS or 10H), 'draw', 'pass' or 'declare <kind> <cards>' such as "
        "'declare bezique JD QS'",
    )


class BazzicaTableDeal(Deal):
    """One deal of a Bazzica variant (``tre``, ``rubicone``, ``quattro``); the procedure
    and the action spelling are in this module's docstring.

    Physical cards are ints (``code int + 32 * copy``); ``held`` (hand and own table
    together), ``table``, ``known`` (the seat's cards every other seat knows) and
    ``captured`` are masks indexed by seat. ``apply`` raises IllegalAction with the keys
    ``malformed``, ``wrong_phase``, ``card_not_available``, ``must_follow_suit``,
    ``must_win``, ``must_trump``, ``not_this_trump``, ``nothing_to_exchange``,
    ``already_used``, ``no_new_card``, ``not_blank``, ``cannot_pass`` (besides
    ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Varianti"),
    ../shared/rules/README.md ("Bazzica").
    """

    __slots__ = (
        "variant", "ids", "trump", "upcard", "stock_pos", "held", "table", "known", "used",
        "captured", "brisque_tricks", "trick", "leader", "tricks_played", "last_trick",
        "declarations", "bonuses", "marked", "sevens_scored", "trick_winner", "passed",
        "played_first", "blank", "reuse",
    )  # fmt: skip

    def _deal(self) -> None:
        variant = self.variant = VARIANTS[self.options["variant"]]
        self.reuse = "similar" if variant.similar else self.options["reuse"]
        seats = self.seats
        ids = self.ids = copy_ids(self.game.pack_for(seats, self.options), self.deck)
        held = [0] * seats
        pos = 0
        for size in variant.packets:
            for i in range(1, seats + 1):
                seat = (self.dealer + i) % seats
                for card in ids[pos : pos + size]:
                    held[seat] |= 1 << card
                pos += size
        self.held = held
        self.table = [0] * seats
        self.known = [0] * seats
        self.used = [0] * len(ids)
        self.captured = [0] * seats
        self.brisque_tricks = [0] * seats
        self.declarations: list[list[tuple[str, tuple[int, ...], int]]] = [[] for _ in held]
        self.bonuses: list[list[tuple[str, int | None, int]]] = [[] for _ in held]
        self.marked = [0] * seats
        self.sevens_scored = 0
        self.trump: int | None = None
        self.upcard = -1
        if variant.upcard:
            self.upcard = ids[pos]
            self.trump = SUIT[self.upcard % N]
            pos += 1
            if self._is_seven_of_trumps(self.upcard):
                self._bonus(self.dealer, "seven_turned", self.upcard, SEVEN_POINTS)
        self.stock_pos = pos
        self.trick: list[int] = []
        self.leader: int | None = (self.dealer + 1) % seats
        self.tricks_played = 0
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        self.trick_winner: int | None = None
        self.passed = False
        self.played_first = [False] * seats
        self.blank = [False] * seats
        self.phase = PLAY
        self.to_act = self.leader

    # -- helpers ---------------------------------------------------------------

    def _is_seven_of_trumps(self, card: int) -> bool:
        code = card % N
        return self.trump is not None and RANK[code] == "7" and SUIT[code] == self.trump

    def partner(self, seat: int) -> int | None:
        """The partner of ``seat`` in ``quattro`` (opposite), else None."""
        return (seat + 2) % 4 if self.seats == 4 else None

    def codes_held(self, seat: int) -> int:
        """The 32-bit mask of the codes ``seat`` holds (hand and own table)."""
        return _fold(self.held[seat], self.variant.packs)

    def _copies(self, mask: int, code: int) -> list[int]:
        return [card for card in range(code, len(self.ids), N) if mask >> card & 1]

    def _pick(self, candidates: list[int], seat: int) -> int:
        """The copy to play: on the table before in hand, then in more combinations,
        then the lower int."""
        known = self.known[seat]
        return min(candidates, key=lambda c: (not known >> c & 1, -self.used[c].bit_count(), c))

    def _best(self, cards: list[int]) -> int:
        """Index in ``cards`` (a trick in play order) of the card winning it so far."""
        best = 0
        for i in range(1, len(cards)):
            if self._beats(cards[best] % N, cards[i] % N):
                best = i
        return best

    def _beats(self, best: int, code: int) -> bool:
        if SUIT[code] == SUIT[best]:
            return STRENGTH[code] > STRENGTH[best]
        return SUIT[code] == self.trump

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over), spelled as in the docstring."""
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == DECLARE:
            actions = self.declarable(seat) + [DRAW]
            if self.seats == 4 and not self.passed:
                actions.append(PASS)
            return sorted(actions)
        playable = self.playable(seat)
        actions = [_PLAYS[c] for c in range(N) if playable >> c & 1]
        blank = self._blank_declaration(seat)
        if blank:
            actions.append(blank)
        return sorted(actions)

    def playable(self, seat: int) -> int:
        """Mask of the codes ``seat`` may play now (32 bits)."""
        codes = self.codes_held(seat)
        if self.phase != LAST_TRICKS or not self.trick:
            return codes
        led = SUIT[self.trick[0] % N]
        best = self.trick[self._best(self.trick)] % N
        for suit in (led, self.trump):
            if suit is None:
                continue
            same = codes & _SUIT_MASKS[suit]
            if same:
                if SUIT[best] == suit:
                    return same & _STRONGER[best] or same
                return same
        return codes

    def _blank_declaration(self, seat: int) -> str | None:
        """``declare carta_bianca`` (or ``_double``) when ``seat`` may declare it now."""
        if (
            "carta_bianca" not in self.variant.points
            or self.phase != PLAY
            or self.played_first[seat]
            or self._declared_blank(seat)
            or any(RANK[c] in FIGURES for c in range(N) if self.codes_held(seat) >> c & 1)
        ):
            return None
        partner = self.partner(seat)
        if partner is not None and self._declared_blank(partner):
            return CARTA_BIANCA_DOUBLE
        return CARTA_BIANCA

    def _declared_blank(self, seat: int) -> bool:
        return any(kind.startswith("carta_bianca") for kind, _, _ in self.declarations[seat])

    def _declaring_cards(self, seat: int) -> int:
        """The physical cards ``seat`` may declare with: his own, and his partner's cards
        on the table (quattro)."""
        partner = self.partner(seat)
        return self.held[seat] | (self.table[partner] if partner is not None else 0)

    def declarable(self, seat: int) -> list[str]:
        """The declarations ``seat`` may make now (unsorted action strings)."""
        upcard_seven = self.upcard >= 0 and self._is_seven_of_trumps(self.upcard)
        found = set()
        partner = self.partner(seat)
        codes = self.codes_held(seat) | (self.codes_of_table(partner) if partner is not None else 0)
        for kind, need, need_mask, spelled in _candidates(
            self.variant.name, self.trump, upcard_seven
        ):
            if need_mask & ~codes or spelled in found:
                continue
            if not isinstance(self._choose(seat, kind, need), str):
                found.add(spelled)
        return list(found)

    def codes_of_table(self, seat: int) -> int:
        """The 32-bit mask of the codes on ``seat``'s table."""
        return _fold(self.table[seat], self.variant.packs)

    def _rule(self, kind: str) -> tuple[int, int]:
        """(block, family) of ``kind`` under the reuse rule: no card that has joined a kind
        in ``block`` may join it; some card must be new to the kinds of ``family``."""
        bit = 1 << KIND[kind]
        if self.reuse == "similar":
            return 0, bit
        if self.reuse == "kind":
            return bit, 0
        higher = {"marriage": ("royal_marriage", "sequence"), "royal_marriage": ("sequence",),
                  "bezique": ("double_bezique",)}.get(kind, ())  # fmt: skip
        block = bit
        for other in higher:
            block |= 1 << KIND[other]
        families = (("marriage", "royal_marriage", "sequence"), ("bezique", "double_bezique"))
        family = next((sum(1 << KIND[k] for k in f) for f in families if kind in f), 0)
        return block, family

    def _choose(self, seat: int, kind: str, need: tuple[int, ...]) -> tuple[int, ...] | str:
        """The physical cards a declaration of ``kind`` needing the codes ``need`` uses, or
        the refusal's key: ``card_not_available``, ``already_used`` or ``no_new_card``."""
        block, family = self._rule(kind)
        cards = self._declaring_cards(seat)
        known = self.known[seat] | (self.table[self.partner(seat)] if self.seats == 4 else 0)
        used = self.used
        chosen: list[int] = []
        spare: list[int] = []
        for code in sorted(set(need)):
            count = need.count(code)
            copies = self._copies(cards, code)
            if len(copies) < count:
                return "card_not_available"
            eligible = [c for c in copies if not used[c] & block]
            if len(eligible) < count:
                return "already_used"
            eligible.sort(key=lambda c: (not known >> c & 1, -used[c].bit_count(), c))
            chosen += eligible[:count]
            spare += eligible[count:]
        if family and all(used[c] & family for c in chosen):
            fresh = [c for c in spare if not used[c] & family]
            if not fresh:
                return "no_new_card"
            new = fresh[0]
            swap = next(i for i, c in enumerate(chosen) if c % N == new % N)
            chosen[swap] = new
        return tuple(chosen)

    # -- applying actions ------------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        if not isinstance(action, str):
            raise _malformed(action)
        if action.startswith("play "):
            code = CODES.index(action[5:]) if action[5:] in CODES else -1
            if code < 0 or action.count(" ") != 1:
                raise _malformed(action)
            if self.phase == DECLARE:
                raise self._phase_refusal(action, "a declaration, 'draw' or 'pass'")
            self._play(seat, code)
        elif action == DRAW:
            if self.phase != DECLARE:
                raise self._phase_refusal(action, "'play XY'")
            self._draw_round()
        elif action == PASS:
            self._pass(seat)
        elif action in (CARTA_BIANCA, CARTA_BIANCA_DOUBLE):
            self._carta_bianca(seat, action)
        else:
            parsed = parse_declaration(action)
            if parsed is None or action not in _ANY_TRUMP_SHAPES[self.variant.name]:
                raise _malformed(action)
            if self.phase != DECLARE:
                raise self._phase_refusal(action, "'play XY'")
            self._declare(seat, action, *parsed)

    def _play(self, seat: int, code: int) -> None:
        held = self.held[seat]
        candidates = self._copies(held, code)
        if not candidates:
            raise IllegalAction(
                "card_not_available", f"play {CODES[code]}: you do not hold it", card=CODES[code]
            )
        if not self.playable(seat) >> code & 1:
            raise self._follow_refusal(seat, code)
        card = self._pick(candidates, seat)
        bit = 1 << card
        self.held[seat] = held ^ bit
        self.table[seat] &= ~bit
        self.known[seat] &= ~bit
        self.played_first[seat] = True
        if (
            self.variant.sevens
            and self._is_seven_of_trumps(card)
            and not self.sevens_scored >> card & 1
        ):
            self._bonus(seat, "seven_played", card, SEVEN_POINTS)
        self.trick.append(card)
        if len(self.trick) < self.seats:
            self.to_act = (seat + 1) % self.seats
            return
        leader = self.leader
        assert leader is not None
        winner = (leader + self._best(self.trick)) % self.seats
        for played in self.trick:
            self.captured[winner] |= 1 << played
        if any(RANK[played % N] in ("A", "10") for played in self.trick):
            self.brisque_tricks[winner] += 1
        self.last_trick = (leader, tuple(self.trick), winner)
        self.trick = []
        self.tricks_played += 1
        self.leader = self.to_act = winner
        if self.phase == PLAY:
            self.phase = DECLARE
            self.trick_winner = winner
            self.passed = False
        elif not self.held[winner]:
            self.phase = OVER
            self.to_act = self.leader = None

    def _follow_refusal(self, seat: int, code: int) -> IllegalAction:
        led = self.trick[0] % N
        suit = SUITS[SUIT[led]]
        played = f"play {CODES[code]}"
        codes = self.codes_held(seat)
        if any(codes >> c & 1 and SUIT[c] == SUIT[led] for c in range(N)):
            if SUIT[code] == SUIT[led]:
                return IllegalAction(
                    "must_win", f"{played}: you must beat the trick with a higher {suit}",
                    card=CODES[code], suit=suit,
                )  # fmt: skip
            return IllegalAction(
                "must_follow_suit", f"{played}: you must follow suit ({suit}) and you can",
                card=CODES[code], suit=suit,
            )  # fmt: skip
        trump = SUITS[self.trump] if self.trump is not None else ""
        if SUIT[code] == self.trump:
            return IllegalAction(
                "must_win", f"{played}: you must beat the trick with a higher trump ({trump})",
                card=CODES[code], suit=trump,
            )  # fmt: skip
        return IllegalAction(
            "must_trump", f"{played}: with no {suit} you must play a trump ({trump})",
            card=CODES[code], suit=suit,
        )  # fmt: skip

    def _pass(self, seat: int) -> None:
        if self.phase != DECLARE:
            raise self._phase_refusal(PASS, "'play XY'")
        if self.seats != 4 or self.passed:
            raise IllegalAction(
                "cannot_pass",
                "'pass': only the winner of a trick in Bazzica in quattro may leave the "
                "declaration to his partner",
            )
        self.passed = True
        self.to_act = self.partner(seat)

    def _carta_bianca(self, seat: int, action: str) -> None:
        if "carta_bianca" not in self.variant.points:
            raise _malformed(action)
        if self.phase != PLAY:
            raise self._phase_refusal(action, "'play XY'")
        if self._blank_declaration(seat) != action:
            raise IllegalAction(
                "not_blank",
                f"{action!r}: only a player whose hand has no K, Q or J may declare it, "
                "before his first card"
                + (" (carta_bianca_double once the partner has declared carta bianca)"
                   if self.seats == 4 else ""),
            )  # fmt: skip
        kind = action.split(" ")[1]
        self.blank[seat] = True
        self.known[seat] |= self.held[seat]
        self.declarations[seat].append((kind, (), self.variant.points[kind]))
        self.marked[seat] += self.variant.points[kind]

    def _declare(self, seat: int, action: str, kind: str, codes: tuple[int, ...]) -> None:
        upcard_seven = self.upcard >= 0 and self._is_seven_of_trumps(self.upcard)
        allowed = _allowed(self.variant.name, self.trump, upcard_seven)
        if action not in allowed:
            if kind == "exchange" and upcard_seven:
                raise IllegalAction(
                    "nothing_to_exchange", f"{action!r}: the upcard is already a 7", kind=kind
                )
            trumps = SUITS[self.trump] if self.trump is not None else "none yet"
            raise IllegalAction(
                "not_this_trump", f"{action!r}: not possible with trumps {trumps}", kind=kind
            )
        chosen = self._choose(seat, kind, codes)
        if isinstance(chosen, str):
            messages = {
                "card_not_available": f"you do not hold the cards of {action!r}",
                "already_used": f"{action!r}: a card cannot join a second combination of this kind",
                "no_new_card": f"{action!r}: the combination needs a card new to its kind",
            }
            raise IllegalAction(chosen, messages[chosen], kind=kind)
        if kind == "exchange":
            (seven,) = chosen
            old = self.upcard
            self.held[seat] ^= (1 << seven) | (1 << old)
            self.known[seat] = (self.known[seat] & ~(1 << seven)) | 1 << old
            self.upcard = seven
            self.sevens_scored |= 1 << seven
        else:
            if self.trump is None and kind in ("royal_marriage", "sequence"):
                self.trump = SUIT[codes[0]]
            partner = self.partner(seat)
            for card in chosen:
                self.used[card] |= 1 << KIND[kind]
                if partner is not None and self.table[partner] >> card & 1:
                    continue  # the partner's card stays on the partner's table
                self.table[seat] |= 1 << card
                self.known[seat] |= 1 << card
        points = self.variant.points[kind]
        self.declarations[seat].append((kind, chosen, points))
        self.marked[seat] += points
        self._draw_round()

    def _draw_round(self) -> None:
        """Every seat draws one card, the trick's winner first; the last card may be the
        upcard. Ends the first phase when the stock is gone."""
        winner = self.trick_winner
        assert winner is not None
        for i in range(self.seats):
            seat = (winner + i) % self.seats
            if self.stock_pos < len(self.ids):
                card = self.ids[self.stock_pos]
                self.stock_pos += 1
            else:
                card = self.upcard
                self.upcard = -1
                self.known[seat] |= 1 << card
            self.held[seat] |= 1 << card
            if self.blank[seat]:
                self._blank_draw(seat, card)
        self.to_act = self.leader = winner
        self.passed = False
        if self.stock_pos >= len(self.ids) and self.upcard < 0:
            self.phase = LAST_TRICKS
            self.table = [0] * self.seats
        else:
            self.phase = PLAY

    def _blank_draw(self, seat: int, card: int) -> None:
        """A carta bianca goes on: a drawn card that is not a figure is shown and scores 50;
        the first figure drawn ends it."""
        if RANK[card % N] in FIGURES:
            self.blank[seat] = False
            return
        self.known[seat] |= 1 << card
        self._bonus(seat, "carta_bianca_draw", card, self.variant.points["carta_bianca"])

    def _bonus(self, seat: int, kind: str, card: int, points: int) -> None:
        if kind.startswith("seven"):
            self.sevens_scored |= 1 << card
        self.bonuses[seat].append((kind, card, points))
        self.marked[seat] += points

    # -- reading the state -----------------------------------------------------

    @property
    def stock_count(self) -> int:
        """Face-down cards left in the stock (the upcard not counted)."""
        return len(self.ids) - self.stock_pos

    def _result(self) -> dict[str, Any]:
        return table_result(self)
