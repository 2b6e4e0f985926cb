"""Determinization helpers: build a deck consistent with what one seat has seen.

A determinizer (``Game.determinize``) places every card the viewer has not seen at
random, consistently with the view and the public history, and replays the history on
the deck it built. The games whose cards reach the seats at positions of the deck that
the public history fixes (trick-taking games and Scopa) share the placement here:

- ``received[seat]``: the deck positions whose cards reached ``seat`` so far, in the
  order they reached it (the deal, then the draws);
- ``pinned``: positions whose card the viewer knows (an upcard, the board);
- ``played[seat]``: the cards ``seat`` has played, in order; each goes to the earliest
  free position the seat received, which reached it before it was played, since a seat
  only plays what it holds;
- ``held[seat]``: cards the viewer knows ``seat`` holds now (its own hand, cards shown);
- ``forbidden[seat]``: cards ``seat`` cannot hold now (a suit it showed void in);
- every other card goes, at random, to a free position: a seat's hidden cards or the
  stock (positions no seat received).

Games whose hidden places are not fixed positions of the deck (Bazzica, Calabrasella,
Pinch Tarot: a hidden hand, the widow, the discards) deal the unseen cards into places of
given capacities with ``deal_hidden``.

Sampling is uniform over the placements when nothing is forbidden. With forbidden cards
or a game's check of a seat's cards, each seat's hidden cards are drawn in turn (the most
constrained seat first) uniformly among the cards it may hold, drawn again until the check
passes, restarting when a seat has no fit: close to uniform, not exactly (the exact
posterior is a count of matchings, which ISMCTS for card games approximates the same way).

Source: Cowling, Powley, Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
TCIAIG 4(2), 2012, section IV.A (determinization).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from games.rules.base import Deal, Game, IllegalAction

SAMPLE_TRIES = 200
"""Samples a determinizer draws and replays before it gives up (the view is then not of
one deal, or the determinizer misses a rule)."""
SEAT_TRIES = 100
"""Draws of one seat's hidden cards tried against ``seat_check`` before a restart."""
SEAT_DRAWS = 10000
"""Draws of hidden cards, over all seats and restarts, one ``place_cards`` may make: it
bounds the time a hard view costs (about 0.1 s)."""
Card = TypeVar("Card")
Place = TypeVar("Place", bound=Hashable)

DECK_FAILURES = 3
"""Decks ``make_deck`` may fail to build before ``replay_consistent`` gives up: each
failure has spent its whole ``SEAT_DRAWS``, so trying on rarely helps."""


def place_cards(
    pack_codes: Sequence[str],
    received: Sequence[Sequence[int]],
    played: Sequence[Sequence[str]],
    held: Sequence[Sequence[str]],
    rng: random.Random,
    pinned: dict[int, str] | None = None,
    forbidden: Sequence[set[str]] | None = None,
    seat_check: Callable[[int, list[str]], bool] | None = None,
    seat_draw: Callable[[int, list[str], int, random.Random], list[str]] | None = None,
) -> list[str]:
    """A deck (codes, top first, a permutation of ``pack_codes``) placing the known cards
    as the module docstring says and the others at random.

    ``seat_check(seat, hidden)``, when given, accepts or refuses the cards drawn for a
    seat's hidden places (a game's own constraints: accusi shown, signals given), and
    ``seat_draw(seat, pool, count, rng)``, when given, draws them (``count`` distinct cards
    of ``pool``) in a way more likely to pass (default: uniformly).
    Raises ValueError when the known cards do not fit: more cards played or held by a seat
    than it received, a card known twice, or forbidden cards that leave no placement.
    """
    pinned = dict(pinned or {})
    size = len(pack_codes)
    deck: list[str | None] = [None] * size
    left = Counter(pack_codes)
    for position, code in pinned.items():
        deck[position] = code
        left[code] -= 1
    pinned_cards = set(pinned.values())
    hidden_slots: list[tuple[int, int]] = []  # (seat, position)
    seen_positions = set(pinned)
    for seat, positions in enumerate(received):
        free = [p for p in positions if p not in pinned]
        seen_positions.update(positions)
        known_cards = [*played[seat], *held[seat]]
        index = 0
        for code in known_cards:
            if code in pinned_cards:
                # A pinned card the seat played or holds lies at its own position.
                continue
            if index >= len(free):
                raise ValueError(f"seat {seat} shows more cards than it was dealt")
            deck[free[index]] = code
            left[code] -= 1
            index += 1
        hidden_slots.extend((seat, p) for p in free[index:])
    if any(count < 0 for count in left.values()):
        raise ValueError("a card is known in two places: the view is not of one deal")
    stock = [p for p in range(size) if p not in seen_positions]
    unknown = list(left.elements())
    slots = hidden_slots + [(-1, p) for p in stock]
    if len(unknown) != len(slots):
        raise ValueError("the unseen cards do not fill the unseen places of the deal")
    budget = [SEAT_DRAWS]
    for _ in range(SAMPLE_TRIES):
        if budget[0] <= 0:
            break
        placed = _assign(unknown, slots, forbidden, rng, seat_check, seat_draw, budget)
        if placed is not None:
            for position, code in placed:
                deck[position] = code
            return deck  # type: ignore[return-value]
    raise ValueError("no placement of the unseen cards fits what the seats showed")


def _assign(
    cards: list[str],
    slots: list[tuple[int, int]],
    forbidden: Sequence[set[str]] | None,
    rng: random.Random,
    seat_check: Callable[[int, list[str]], bool] | None = None,
    seat_draw: Callable[[int, list[str], int, random.Random], list[str]] | None = None,
    budget: list[int] | None = None,
) -> list[tuple[int, str]] | None:
    """Cards matched to slots at random, seat by seat (the most constrained first, or in a
    random order when a ``seat_check`` decides what constrains a seat), no card
    in a slot of a seat that cannot hold it and every seat's hidden cards passing
    ``seat_check(seat, cards)``; None when the random order ran into a dead end or the
    ``budget`` of seat draws (a one-item list, decreased in place) ran out."""
    if seat_check is None and seat_draw is None and (not forbidden or not any(forbidden)):
        order = cards[:]
        rng.shuffle(order)
        return [(position, code) for (_, position), code in zip(slots, order, strict=True)]
    by_seat: dict[int, list[int]] = {}
    for seat, position in slots:
        by_seat.setdefault(seat, []).append(position)
    seats = [seat for seat in by_seat if seat >= 0]
    if seat_check is not None:
        # A seat drawn last gets what is left: vary who that is from one restart to the next.
        rng.shuffle(seats)
    else:
        seats.sort(key=lambda seat: -len(forbidden[seat]) if forbidden else 0)
    remaining = cards[:]
    placed: list[tuple[int, str]] = []
    for seat in seats:
        positions = by_seat[seat]
        banned = forbidden[seat] if forbidden else set()
        pool = [code for code in remaining if code not in banned]
        if len(pool) < len(positions):
            return None
        for _ in range(SEAT_TRIES):
            if budget is not None:
                if budget[0] <= 0:
                    return None
                budget[0] -= 1
            pick = (
                seat_draw(seat, pool, len(positions), rng)
                if seat_draw is not None
                else rng.sample(pool, len(positions))
            )
            if seat_check is None or seat_check(seat, pick):
                break
        else:
            return None
        placed.extend(zip(positions, pick, strict=True))
        taken = set(pick)
        remaining = [code for code in remaining if code not in taken]
    rng.shuffle(remaining)
    placed.extend(zip(by_seat.get(-1, []), remaining, strict=True))
    return placed


def plays_by_seat(history: Sequence[tuple[int, str]], seats: int) -> list[list[str]]:
    """The cards each seat played (``play XY`` actions), in order."""
    played: list[list[str]] = [[] for _ in range(seats)]
    for seat, action in history:
        if action.startswith("play "):
            played[seat].append(action[5:])
    return played


def held_cards(view: dict[str, Any]) -> list[list[str]]:
    """The cards the viewer knows each seat holds: its own ``hand``, the others'
    ``known_cards``."""
    return [
        list(player.get("hand") or []) + list(player.get("known_cards") or [])
        for player in view["players"]
    ]


def check_view(game: Game, view: Any) -> tuple[int, int, int | None]:
    """``(seats, dealer, viewer)`` of a view of ``game``; raises ValueError for a view that
    is not one of ``game``."""
    if not isinstance(view, dict) or view.get("game") != game.slug:
        found = view.get("game") if isinstance(view, dict) else type(view).__name__
        raise ValueError(f"not a view of {game.slug}: {found!r}")
    return view["seats"], view["dealer"], view["viewer"]


def replay_consistent(
    game: Game,
    view: dict[str, Any],
    history: Sequence[tuple[int, str]],
    options: dict[str, Any],
    make_deck: Callable[[], list[str]],
    *,
    verify: bool,
    tries: int = SAMPLE_TRIES,
) -> Deal:
    """Replay ``history`` on decks from ``make_deck`` until one gives the viewer's
    ``view`` (checked only when ``verify``: games whose placement cannot break a rule skip
    the comparison) and return that deal. A ``make_deck`` that raises ValueError (no deck
    found this time) counts as a failed sample, ``DECK_FAILURES`` of them end the search.
    Raises ValueError when no sample fits."""
    seats, dealer, viewer = check_view(game, view)
    failures = 0
    for _ in range(tries):
        try:
            deck = make_deck()
        except ValueError:
            failures += 1
            if failures >= DECK_FAILURES:
                break
            continue
        deal = game.new_deal(seats=seats, dealer=dealer, options=options, deck=deck)
        try:
            for seat, action in history:
                deal.apply(action, seat=seat)
        except IllegalAction:  # the sample breaks a rule the real deal kept
            continue
        if not verify or game.view_for(deal, viewer) == view:
            return deal
    raise ValueError(f"no {game.name} deal found consistent with the view")


def tricks(history: Sequence[tuple[int, str]], seats: int) -> list[list[tuple[int, str]]]:
    """The tricks of the ``play XY`` actions of ``history``, in order: each a list of
    ``(seat, code)`` in play order, the last one possibly unfinished."""
    result: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for seat, action in history:
        if action.startswith("play "):
            current.append((seat, action[5:]))
            if len(current) == seats:
                result.append(current)
                current = []
    if current:
        result.append(current)
    return result


def dealt_in_turn(seats: int, dealer: int, size: int) -> list[list[int]]:
    """Deck positions each seat receives when the whole deck of ``size`` is dealt one card
    at a time from the dealer's left (``deck[i]`` to seat ``(dealer + 1 + i) % seats``)."""
    received: list[list[int]] = [[] for _ in range(seats)]
    for position in range(size):
        received[(dealer + 1 + position) % seats].append(position)
    return received


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same order and the same generator state after it, about
    twice as fast for a plain ``random.Random`` (the standard library's own algorithm,
    Fisher-Yates drawing each index by ``getrandbits`` as its ``_randbelow`` does, with no
    method call a card); any other generator shuffles as it will. For determinizers that
    shuffle a whole pack for each sample. tests/games/rules/test_determinize_more.py checks
    it against ``random.Random.shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def fill_positions(
    deck: list[str | None], items: Sequence[int | str], hand: Sequence[str], rng: random.Random
) -> bool:
    """Fill the unknown deck positions among ``items`` so that ``items`` hold exactly the
    codes of ``hand`` (a multiset), the missing codes shuffled by ``rng``.

    ``deck``: codes by position, None where unknown (changed in place); ``items``: deck
    positions, or codes already known to be there. Returns False, filling nothing, when the
    known codes do not fit ``hand`` or the unknown positions are not as many as the codes
    missing.
    """
    left = Counter(hand)
    unknown = []
    for item in items:
        code = item if isinstance(item, str) else deck[item]
        if code is None:
            unknown.append(item)
        elif left[code] > 0:
            left[code] -= 1
        else:
            return False
    codes = list(left.elements())
    if len(codes) != len(unknown):
        return False
    rng.shuffle(codes)
    for item, code in zip(unknown, codes, strict=True):
        deck[item] = code  # type: ignore[index]
    return True


HIDDEN_RESTARTS = 100
"""Dead ends allowed before ``deal_hidden`` gives up."""


def deal_hidden(
    cards: Sequence[Card],
    capacity: dict[Place, int],
    rng: random.Random,
    allowed: Callable[[Card], Sequence[Place] | None] = lambda card: None,
) -> dict[Place, list[Card]]:
    """``cards`` dealt into the places of ``capacity`` (place -> how many cards it takes),
    each card only into a place of ``allowed(card)`` (None: any place): the placement step
    of the determinizers of Bazzica, Calabrasella and Pinch Tarot, whose hidden places (a
    seat's hidden hand, the widow, the discards, the stock) are not fixed deck positions.

    A card may be barred from some places (a suit its holder showed void in, a card that
    could only have stayed with its first holder). Without bars it is a uniform shuffle.
    With bars, the most constrained cards are placed first, each in a place drawn with
    weight its free capacity among the places open to it, restarting on a dead end: close
    to uniform (the exact posterior is a count of matchings, which card-game ISMCTS
    approximates the same way).

    Returns place -> its cards, in random order. Raises ValueError when the capacities do
    not add up to the cards, or when no placement was found in ``HIDDEN_RESTARTS`` tries (the
    constraints leave none, or almost none).
    """
    if sum(capacity.values()) != len(cards):
        raise ValueError(
            f"{len(cards)} hidden cards do not fill {sum(capacity.values())} hidden places"
        )
    places = list(capacity)
    limits = [allowed(card) for card in cards]
    if all(limit is None for limit in limits):
        shuffled = list(cards)
        rng.shuffle(shuffled)
        dealt: dict[Place, list[Card]] = {}
        start = 0
        for place in places:
            dealt[place] = shuffled[start : start + capacity[place]]
            start += capacity[place]
        return dealt
    order = list(range(len(cards)))
    for _ in range(HIDDEN_RESTARTS):
        rng.shuffle(order)
        order.sort(key=lambda i: len(places) if limits[i] is None else len(limits[i]))
        free = dict(capacity)
        dealt = {place: [] for place in places}
        for i in order:
            options = places if limits[i] is None else limits[i]
            weights = [free.get(place, 0) for place in options]
            if not any(weights):
                break
            place = rng.choices(options, weights)[0]
            free[place] -= 1
            dealt[place].append(cards[i])
        else:
            for hand in dealt.values():
                rng.shuffle(hand)
            return dealt
    raise ValueError("no placement of the hidden cards fits what the viewer saw")
