"""Determinization of a Bazzica deal (every variant) for one seat: a deal consistent with
what the seat has seen, the cards it has not seen placed at random (for the ISMCTS bot,
issue #12).

Every action of Bazzica is public: cards are played face up, declarations are shown, a
``draw`` names no card (the cards drawn are face down, and the view hides them). What a
seat does not see: the other hands but for the cards shown in them (declared, the upcard
taken, a carta bianca), the order of the stock, and when each card it holds was drawn.

The procedure (``determinize``):
1. The history is followed as the deal went: which deck positions reached which seat
   (the packets, then each draw round from the trick's winner), the first moment each
   seat must have held each card it played or declared (a card already known to be in
   its hand is not asked for twice; ``quattro`` partners declare with each other's
   table), and the cards that came from the upcard (the scambio, the last draw). Where
   the view no longer shows the upcard as turned (it was exchanged or taken), it is one
   of the trumps of the seat that took it, drawn at random.
2. The unseen cards (the pack less every card the viewer knows the place of) are dealt at
   random (``deal_hidden``) into the hidden part of each other hand and the
   stock; in the last tricks a hidden card cannot be one that would have made that
   seat's answer illegal (follow suit and win, else trump: 002).
3. Each seat's cards go to the positions it received, each before the moment it was
   first played or declared, as early as they can come or (every other sample) as late:
   which copy of a code the engine plays or declares depends on which copies are in hand
   then. A carta bianca (``rubicone``, ``quattro``) narrows this: its dealt cards and the
   draws it showed hold no figure and are the cards shown, and the draw that ended it is
   a figure. A guess of which code was the copy new to a repeated declaration that the
   view then contradicts is mended. The stock's cards fill the positions nobody received.
4. The history is replayed on that deck and the view compared; a sample that does not
   give the view is drawn again.

Copies of a code are interchangeable: the engine chooses which one is played or declared
by what the others know of them (cards.pick_copy), so the copies' deck order never shows.
Raises ValueError for a view that is not of this game, or when no deal fits it.
Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt; Cowling, Powley, Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from games.rules.base import IllegalAction
from games.rules.bazzica.variants import CODES, INDEX, STRENGTH, SUIT, VARIANTS
from games.rules.cards import SUITS
from games.rules.determinization import check_view, deal_hidden

if TYPE_CHECKING:
    from games.rules.base import Deal, Game

TRIES = 200
"""Samples tried before giving up."""
NEVER = 10**6
"""The index bound of a card no moment asks for."""
CARTA_BIANCA = ("declare carta_bianca", "declare carta_bianca_double")
UP = "?"  # the upcard before it is known which card it was


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Bazzica deal consistent with ``view`` and ``history`` (module docstring).

    ``view``: ``game.view_for(deal, viewer)``; ``history``: ``public_history``; ``options``:
    the validated options; ``rng`` draws the placements. Raises ValueError for a view that
    is not of Bazzica, or when no deal fits it.
    """
    check_view(game, view)
    frame = _Frame(game, view, history, options)
    for _ in range(TRIES):
        deck = frame.sample(rng)
        if deck is None:
            continue
        deal = game.new_deal(seats=frame.seats, dealer=frame.dealer, options=options, deck=deck)
        try:
            for seat, action in history:
                deal.apply(action, seat=seat)
        except IllegalAction:
            continue
        if game.view_for(deal, frame.viewer) == view:
            return deal
    raise ValueError(f"no {game.name} deal found consistent with the view in {TRIES} samples")


@cache
def _barred(led: int, best: int, answer: int, trump: int | None) -> frozenset[str]:
    """The codes whose presence in the answering hand would have made ``answer`` illegal in
    a last trick led in suit ``led`` whose best card so far is ``best`` (code ints)."""

    def playable(codes: tuple[int, ...]) -> set[int]:
        for suit in (led, trump):
            if suit is None:
                continue
            same = {c for c in codes if SUIT[c] == suit}
            if same:
                if SUIT[best] == suit:
                    return {c for c in same if STRENGTH[c] > STRENGTH[best]} or same
                return same
        return set(codes)

    return frozenset(
        CODES[other] for other in range(len(CODES)) if answer not in playable((answer, other))
    )


class _Trace:
    """The deal followed through the history for one guess of the upcard (step 1)."""

    def __init__(self, frame: _Frame, upcard: str | None, rng: random.Random) -> None:
        seats, dealer = frame.seats, frame.dealer
        self.received: list[list[int]] = [[] for _ in range(seats)]
        self.needed: list[list[tuple[str, int]]] = [[] for _ in range(seats)]
        # Guesses: (index in needed, the codes the fresh copy may have been) per seat, and
        # the needed entries a play made (a card first seen when played).
        self.guesses: list[list[tuple[int, tuple[str, ...]]]] = [[] for _ in range(seats)]
        self.first_played: list[set[int]] = [set() for _ in range(seats)]
        self.held: list[Counter[str]] = [Counter() for _ in range(seats)]
        self.used: list[dict[str, Counter[str]]] = [{} for _ in range(seats)]
        self.barred: list[set[str]] = [set() for _ in range(seats)]
        self.up_to: int | None = None  # the seat that took the first upcard
        tables: list[Counter[str]] = [Counter() for _ in range(seats)]
        pos = 0
        for size in frame.packets:
            for i in range(1, seats + 1):
                self.received[(dealer + i) % seats] += range(pos, pos + size)
                pos += size
        self.upcard_pos = pos if frame.has_upcard else None
        stock = pos + (1 if frame.has_upcard else 0)
        turned = upcard if frame.has_upcard else None
        trump = SUITS.index(frame.trump) if frame.trump else None
        last = False
        trick: list[str] = []
        winner: int | None = None
        awaiting = False
        # Plays still to come, per seat: which fresh copies a declaration may have used.
        self.to_play: list[Counter[str]] = [Counter() for _ in range(seats)]
        for seat, action in frame.history:
            if action.startswith("play "):
                self.to_play[seat][action[5:]] += 1
        for seat, action in frame.history:
            t = len(self.received[seat])
            if awaiting:
                winner, awaiting = seat, False
            if action.startswith("play "):
                code = action[5:]
                if last and trick:
                    best = trick[0]
                    for card in trick[1:]:
                        if _beats(best, card, trump):
                            best = card
                    self.barred[seat] |= _barred(
                        SUIT[INDEX[trick[0]]], INDEX[best], INDEX[code], trump
                    )
                self.to_play[seat][code] -= 1
                self._use(seat, code, t)
                if tables[seat][code]:
                    tables[seat][code] -= 1
                trick.append(code)
                if len(trick) == seats:
                    trick = []
                    awaiting = not last
                continue
            if action in CARTA_BIANCA or action == "pass":
                continue
            if action.startswith("declare "):
                words = action.split(" ")
                if words[1] == "exchange":
                    self._use(seat, words[2], t)
                    self.held[seat][turned] += 1  # type: ignore[index]
                    self.up_to = seat
                    turned = words[2]
                else:
                    self._declare(seat, words[1], Counter(words[2:]), t, tables, frame, rng)
            # A draw round, from the trick's winner (classic: the winner, then the loser).
            assert winner is not None
            for i in range(seats):
                taker = (winner + i) % seats
                if stock < frame.total:
                    self.received[taker].append(stock)
                    stock += 1
                elif turned is not None:
                    self.held[taker][turned] += 1
                    if self.up_to is None:
                        self.up_to = taker
                    turned = None
            if stock >= frame.total and turned is None:
                last = True
                tables = [Counter() for _ in range(seats)]

    def _declare(
        self,
        seat: int,
        kind: str,
        codes: Counter[str],
        t: int,
        tables: list[Counter[str]],
        frame: _Frame,
        rng: random.Random,
    ) -> None:
        """``seat`` declares ``codes`` as ``kind`` having received ``t`` positions: it held
        them, fresh enough for the reuse rule (a card new to the kind for ``similar``; none
        used in the kind for ``kind`` and ``class``). Which code was the fresh copy is not
        shown: one is drawn at random."""
        held, used = self.held[seat], self.used[seat].setdefault(kind, Counter())
        partner = (seat + 2) % 4 if frame.seats == 4 else None
        # quattro: the partner's table lends its cards (they stay there).
        lending = tables[partner] if partner is not None else Counter()
        lent_used = self.used[partner].setdefault(kind, Counter()) if partner is not None else None
        lent: Counter[str] = Counter()
        for code, count in codes.items():
            lent[code] = min(count, lending[code])
            fresh_needed = count - lent[code] if frame.reuse != "similar" else 0
            missing = max(count - lent[code] - held[code], fresh_needed - (held[code] - used[code]))
            if missing > 0:
                self.needed[seat] += [(code, t)] * missing
                held[code] += missing
            tables[seat][code] = max(tables[seat][code], count - lent[code])

        def fresh(code: str) -> bool:
            borrowed = lending[code] - (lent_used[code] if lent_used is not None else 0)
            return held[code] - used[code] > 0 or borrowed > 0

        if frame.reuse == "similar" and not any(fresh(c) for c in codes):
            # The fresh copy is one the seat plays later or still holds at the end.
            later = self.to_play[seat]
            wanted = [c for c in sorted(codes) if later[c] + frame.known[seat][c] > held[c]]
            code = rng.choice(wanted or sorted(codes))
            self.guesses[seat].append((len(self.needed[seat]), tuple(sorted(codes))))
            self.needed[seat].append((code, t))
            held[code] += 1
            tables[seat][code] = min(held[code], tables[seat][code] + 1)
            if lent[code]:
                lent[code] -= 1  # the fresh copy took the place of a borrowed one
        for code, count in codes.items():
            used[code] = min(held[code], used[code] + count - lent[code])
            if lent_used is not None:
                lent_used[code] = min(lending[code], lent_used[code] + lent[code])

    def _use(self, seat: int, code: str, t: int) -> None:
        """``seat`` plays (or exchanges) ``code`` when it has received ``t`` positions."""
        if self.held[seat][code]:
            self.held[seat][code] -= 1
            # The engine plays a copy on the table, the one in more combinations, first.
            for used in self.used[seat].values():
                used[code] = max(0, min(used[code] - 1, self.held[seat][code]))
        else:
            self.first_played[seat].add(len(self.needed[seat]))
            self.needed[seat].append((code, t))

    def mend(self, seat: int, known: Counter[str]) -> bool:
        """Change wrong guesses of the fresh copies of ``seat``: a guessed code it would
        still hold though the view does not show it becomes a code the view shows in its
        hand, or one it first showed by playing it later (that copy is then the one
        played). False when some card is still where the view does not show it."""
        needed = self.needed[seat]
        dropped: set[int] = set()
        for index, options in self.guesses[seat]:
            surplus = self.held[seat] - known
            code, by = needed[index]
            if not surplus[code]:
                continue
            extras = known - self.held[seat]
            other = next((c for c in options if extras[c]), None)
            if other is None:
                later = [
                    i
                    for i in sorted(self.first_played[seat] - dropped)
                    if needed[i][1] >= by and needed[i][0] in options and needed[i][0] != code
                ]
                if not later:
                    continue
                other = needed[later[0]][0]
                dropped.add(later[0])
            else:
                self.held[seat][other] += 1
            self.held[seat][code] -= 1
            needed[index] = (other, by)
        if dropped:
            self.needed[seat] = [item for i, item in enumerate(needed) if i not in dropped]
        return not self.held[seat] - known


def _beats(best: str, card: str, trump: int | None) -> bool:
    """True when ``card`` beats ``best`` in a trick (the first of equal cards wins)."""
    b, c = INDEX[best], INDEX[card]
    if SUIT[c] == SUIT[b]:
        return STRENGTH[c] > STRENGTH[b]
    return SUIT[c] == trump


class _Frame:
    """What the viewer knows of the deal, read once from the view and the history."""

    def __init__(
        self, game: Game, view: dict[str, Any], history: list[tuple[int, str]], options: dict
    ) -> None:
        self.view, self.history = view, history
        self.seats, self.dealer, self.viewer = view["seats"], view["dealer"], view["viewer"]
        name = options.get("variant", "classic")
        variant = VARIANTS.get(name)
        self.packets = variant.packets if variant else (3, 2, 3)
        self.has_upcard = variant.upcard if variant else True
        self.reuse = "similar" if variant and variant.similar else options["reuse"]
        pack = game.pack_for(self.seats, options)
        self.total = len(pack)
        self.trump = view["trump"]
        self.pack = Counter(pack.new_order)
        self.known: list[Counter[str]] = []
        self.hidden: list[int] = []
        for player in view["players"]:
            table = [entry["card"] for entry in player["table"]]
            own = player["hand"] is not None
            self.known.append(Counter((player["hand"] if own else player["known_cards"]) + table))
            self.hidden.append(0 if own else player["hand_count"] - len(player["known_cards"]))
        self.played = Counter(a[5:] for _, a in history if a.startswith("play "))
        unseen = self.pack - self.played
        for known in self.known:
            unseen -= known
        if view["upcard"] is not None:
            unseen -= Counter([view["upcard"]])
        self.unseen = list(unseen.elements())
        if len(self.unseen) != sum(self.hidden) + view["stock_count"]:
            raise ValueError("the view's cards do not add up to one Bazzica deal")
        self.hand = sum(self.packets)
        self.blank: dict[int, list[str]] = {}  # seat -> the draws its carta bianca showed
        for seat, action in history:
            if action in CARTA_BIANCA:
                bonuses = view["players"][seat]["bonuses"]
                self.blank[seat] = [
                    b["cards"][0] for b in bonuses if b["kind"] == "carta_bianca_draw"
                ]
        self.exchanged = any(a.startswith("declare exchange ") for _, a in history)
        self.upcard_known = view["upcard"] if not self.exchanged else None
        if self.has_upcard and self.upcard_known is None:
            taker = _Trace(self, UP, random.Random(0)).up_to
            if taker is None:
                raise ValueError("the upcard is gone but nobody took it")
            took = self.known[taker] + Counter(
                a[5:] for s, a in history if s == taker and a.startswith("play ")
            )
            self.upcard_choices = sorted(
                code
                for code in took
                if code[-1] == self.trump and not (self.exchanged and code[:-1] == "7")
            )
            if not self.upcard_choices:
                raise ValueError("no card the upcard could have been")

    def sample(self, rng: random.Random) -> list[str] | None:
        """A deck consistent with the view (steps 1-3), or None on a dead end."""
        upcard = None
        if self.has_upcard:
            upcard = self.upcard_known or rng.choice(self.upcard_choices)
        trace = _Trace(self, upcard, rng)
        late = rng.random() < 0.5
        items: list[list[list[Any]]] = []  # per seat: [code, first index, index bound]
        for seat in range(self.seats):
            if trace.held[seat] - self.known[seat] and not trace.mend(seat, self.known[seat]):
                return None  # a card it must still hold is not where the view shows it
            extras = self.known[seat] - trace.held[seat]
            # A carta bianca's cards known in hand were dealt or shown as drawn.
            shown_by = NEVER
            if seat in self.blank and seat != self.viewer:
                shown_by = self.hand + len(self.blank[seat])
            # A copy played while a shown copy of its code stayed in hand was shown too: the
            # engine plays the copy the others know first.
            items.append(
                [
                    [code, 0, min(by, shown_by) if extras[code] else by]
                    for code, by in trace.needed[seat]
                ]
                + [[code, 0, shown_by] for code in extras.elements()]
            )
        hidden = list(self.hidden)
        pool = list(self.unseen)
        for seat, shown in self.blank.items():
            start = self.hand + len(shown)
            ended = not self.view["players"][seat]["carta_bianca"]
            if ended and len(trace.received[seat]) > start:
                # The figure drawn that ended the carta bianca: one of its known cards, or
                # one of its hidden cards.
                known = [item for item in items[seat] if _figure(item[0]) and start < item[2]]
                unseen = [code for code in pool if _figure(code)] if hidden[seat] else []
                choices: list[Any] = known + (["hidden"] if unseen else [])
                if not choices:
                    return None
                choice = rng.choice(choices)
                if choice == "hidden":
                    figure = rng.choice(unseen)
                    pool.remove(figure)
                    hidden[seat] -= 1
                    items[seat].append([figure, start, start + 1])
                else:
                    choice[1], choice[2] = start, start + 1
            if not _window_blank(items[seat], self.hand, shown):
                return None
        capacity: dict[Any, int] = {("hand", s): n for s, n in enumerate(hidden) if n}
        capacity["stock"] = self.view["stock_count"]

        def allowed(code: str) -> list[Any]:
            return [
                "stock",
                *(p for p in capacity if p != "stock" and code not in trace.barred[p[1]]),
            ]

        try:
            dealt = deal_hidden(
                pool, capacity, rng, allowed if any(trace.barred) else lambda c: None
            )
        except ValueError:
            return None
        deck: list[str | None] = [None] * self.total
        for seat in range(self.seats):
            for code in dealt.get(("hand", seat), []):
                drawn = seat in self.blank and _figure(code)  # after the carta bianca
                items[seat].append([code, self.hand + len(self.blank[seat]) if drawn else 0, NEVER])
            placed = _schedule(items[seat], len(trace.received[seat]), rng, late)
            if placed is None:
                return None
            for position, code in zip(trace.received[seat], placed, strict=True):
                deck[position] = code
        if trace.upcard_pos is not None:
            deck[trace.upcard_pos] = upcard
        stock = iter(dealt.get("stock", []))
        for i, code in enumerate(deck):
            if code is None:
                deck[i] = next(stock, None)
        if None in deck or Counter(deck) != self.pack:
            return None
        return deck  # type: ignore[return-value]


def _figure(code: str) -> bool:
    """True for a K, Q or J (what a carta bianca lacks)."""
    return code[:-1] in ("K", "Q", "J")


def _window_blank(items: list[list[Any]], hand: int, shown: list[str]) -> bool:
    """Narrow the windows of a carta bianca's cards: no figure among the ``hand`` cards
    dealt nor the draws ``shown`` after them, each shown draw at its own index. False when
    a shown card is missing."""
    start = hand + len(shown)
    for item in items:
        if _figure(item[0]):
            item[1] = max(item[1], start)
            if item[1] >= item[2]:
                return False
    for k, code in enumerate(shown):
        index = hand + k
        match = next(
            (it for it in items if it[0] == code and it[1] <= index < it[2] and it[1] != -1),
            None,
        )
        if match is None:
            return False
        match[1], match[2] = index, index + 1
    return True


def _schedule(
    items: list[list[Any]], count: int, rng: random.Random, late: bool
) -> list[str] | None:
    """The codes of ``items`` ([code, first index, index bound]) in an order that puts each
    within its window, or None when there is none.

    ``late``: each card comes as late as it can, just before it is first needed: filled
    from the last index down, among the cards that may lie there, the one whose first
    index is latest (earliest deadline first, time reversed: it finds an order whenever
    there is one), then the one needed soonest. Else each comes as early as it can
    (earliest deadline first among the cards already open). When a card arrived shows
    in which copy of a code the engine plays or declares, so a sample tries either.
    """
    if len(items) != count:
        return None
    if not late:
        return _schedule_early(items, count, rng)
    order: list[str] = [""] * count
    left = list(items)
    rng.shuffle(left)
    for index in range(count - 1, -1, -1):
        open_items = [item for item in left if item[2] > index]
        if not open_items:
            return None
        item = min(open_items, key=lambda it: (-it[1], it[2]))
        if item[1] > index:
            return None
        left.remove(item)
        order[index] = item[0]
    return order


def _schedule_early(items: list[list[Any]], count: int, rng: random.Random) -> list[str] | None:
    """``_schedule`` with each card as early as it can come."""
    waiting = sorted(items, key=lambda item: item[1])
    open_items: list[list[Any]] = []
    order: list[str] = []
    for index in range(count):
        while waiting and waiting[0][1] <= index:
            open_items.append(waiting.pop(0))
        if not open_items:
            return None
        soonest = min(item[2] for item in open_items)
        if soonest <= index:
            return None
        choices = [item for item in open_items if item[2] == soonest]
        item = rng.choice(choices) if soonest == NEVER else choices[0]
        open_items.remove(item)
        order.append(item[0])
    return order
