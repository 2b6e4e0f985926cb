"""Determinization of a Spizzichino deal for one seat (the ISMCTS bot, games/ismcts.py).

The deck is eight packets of five (game.py: packet ``k`` is ``deck[5k:5k + 5]``, its first
card the top once face up, the bottom face down). Who picked which packet and which two
each player took into the hand are public (``pick N``, ``hand N M``); so is every card
taken (``take XY``) or played, the tops of the face-up packets, and the buongiochi with
their cards. With ``peek_bottom`` the viewer saw its own bottoms.

What the view and the history leave open, and how it is sampled:

1. Which of a player's plays came from a face-up packet rather than the hand: the
   packets' sizes give how many did; a play of a suit the player had shown void in
   came off a packet; the others are chosen at random among its plays of cards it had
   not taken earlier (every choice in random order when there are few, until one fits
   step 2).
2. Which packet each card came off: the cards taken and played off packets, in the
   order of the history, are dealt at random to the player's face-up packets, each
   packet getting as many as it lost; the view's current top lies just below them.
3. Every card nobody has seen (the opponent's hand, the cards under the tops, the
   packets in the pick phase) is placed at random.

A sample is kept when the history replays on it and the view it gives is the viewer's
(a play off the top while a card of the led suit lay on another top, buongiochi the
sample would declare and the real hand did not, are so refused).

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt,
../shared/rules/README.md ("Spizzichino").
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from typing import Any

from games.rules.base import Deal, Game
from games.rules.determinization import check_view, replay_consistent

PACKET_SIZE = 5
PACKETS = 8
CHOICES = 30
"""Draws of which plays came off the packets tried before a sample is given up, when
there are more than ``ENUMERATED`` ways to choose them."""
ENUMERATED = 2000
"""Up to this many ways to choose which plays came off the packets, every one is tried
(in random order) before a sample is given up: a position where only one of 45 fits (the
last plays off the packets, forced by the suits the seat showed void in) was missed by
30 random draws."""


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Spizzichino deal consistent with ``view`` and ``history`` (``Game.determinize``).
    Raises ValueError for a view that is not of Spizzichino or not of one deal."""
    seats, dealer, viewer = check_view(game, view)
    pack_codes = list(game.pack_for(seats, options).new_order)
    owner: list[int | None] = [None] * PACKETS
    in_hand: list[list[int]] = [[], []]
    taken_before: list[set[str]] = [set(), set()]
    # (seat, card, is_take, may_be_off_a_packet, must_be_off_a_packet, suit_not_followed)
    # for each take and play, in order
    events: list[tuple[int, str, bool, bool, bool, str | None]] = []
    void: list[set[str]] = [set(), set()]
    led: str | None = None
    picked = 0
    for seat, action in history:
        verb, _, rest = action.partition(" ")
        if verb == "pick":
            owner[int(rest) - 1] = seat
            picked += 1
            if picked == 4:
                for k in range(PACKETS):
                    if owner[k] is None:
                        owner[k] = dealer
        elif verb == "hand":
            in_hand[seat] = [int(n) - 1 for n in rest.split()]
        elif verb == "take":
            events.append((seat, rest, True, True, True, None))
            taken_before[seat].add(rest)
        elif verb == "play":
            fresh = rest not in taken_before[seat]
            # Void in a suit since an earlier trick, the seat cannot play it from the hand
            # packets: it came off a packet.
            missed = led if led is not None and rest[-1] != led else None
            events.append((seat, rest, False, fresh, fresh and rest[-1] in void[seat], missed))
            if missed is not None:
                void[seat].add(missed)
            led = rest[-1] if led is None else None
    face_up = [
        [k for k in range(PACKETS) if owner[k] == seat and k not in in_hand[seat]]
        if in_hand[seat]
        else []
        for seat in range(2)
    ]
    pinned: dict[int, str] = {}
    lost = [0] * PACKETS
    for player in view["players"]:
        for packet in player["packets"]:
            k = packet["number"] - 1
            lost[k] = PACKET_SIZE - packet["size"]
            if packet["top"] is not None:
                pinned[PACKET_SIZE * k + lost[k]] = packet["top"]
    for packet in view["packets"]:
        if packet["bottom"] is not None:
            pinned[PACKET_SIZE * (packet["number"] - 1)] = packet["bottom"]
    own_hand = set(view["players"][viewer]["hand"] or []) if viewer is not None else set()
    known = [set(player.get("known_cards") or []) for player in view["players"]]
    # Cards shown in a buongioco were in the hand then: from the hand packets unless taken.
    declared = [
        {code for found in player["buongiochi"] for code in found["cards"]}
        for player in view["players"]
    ]

    def make_deck() -> list[str]:
        return _sample(
            pack_codes, events, face_up, in_hand, lost, pinned, viewer, own_hand, known,
            declared, void, rng,
        )  # fmt: skip

    return replay_consistent(game, view, history, options, make_deck, verify=True)


def _sample(
    pack_codes: list[str],
    events: list[tuple[int, str, bool, bool]],
    face_up: list[list[int]],
    in_hand: list[list[int]],
    lost: list[int],
    pinned: dict[int, str],
    viewer: int | None,
    own_hand: set[str],
    known: list[set[str]],
    declared: list[set[str]],
    void: list[set[str]],
    rng: random.Random,
) -> list[str]:
    """One deck drawn as the module docstring says (steps 1 to 3)."""
    deck: list[str | None] = [None] * len(pack_codes)
    for position, code in pinned.items():
        deck[position] = code
    used = set(pinned.values())
    hidden_hand: list[list[int]] = [[], []]
    for seat in range(2):
        if not in_hand[seat]:
            continue
        mine = [e for e in events if e[0] == seat]
        takes = sum(1 for e in mine if e[2])
        off_packets = sum(lost[k] for k in face_up[seat]) - takes
        taken = {e[1] for e in mine if e[2]}
        from_packets = declared[seat] - taken
        forced = {i for i, e in enumerate(mine) if not e[2] and e[4]}
        candidates = [
            i
            for i, e in enumerate(mine)
            if not e[2] and e[3] and i not in forced and e[1] not in from_packets
        ]
        free_choice = off_packets - len(forced)
        if free_choice > len(candidates) or free_choice < 0:
            raise ValueError("the packets lost more cards than the player took or played")
        for drawn in _choices(candidates, free_choice, rng):
            chosen = forced | drawn
            placed = _off_packets(mine, chosen, face_up[seat], lost, pinned, rng)
            if placed is not None:
                break
        else:
            raise ValueError("no order of the cards off the packets fits the plays")
        for position, code in placed:
            deck[position] = code
            used.add(code)
        # The hand packets: the plays from the hand (not of taken cards) and the cards
        # held that were not taken; the rest of the hand is hidden.
        from_hand = [e[1] for i, e in enumerate(mine) if not e[2] and e[3] and i not in chosen]
        held = own_hand if seat == viewer else known[seat]
        hand_cards = from_hand + sorted((held | from_packets) - taken - set(from_hand))
        slots = [PACKET_SIZE * k + i for k in in_hand[seat] for i in range(PACKET_SIZE)]
        slots = [p for p in slots if p not in pinned]
        hand_cards = [c for c in hand_cards if c not in used]
        if len(hand_cards) > len(slots):
            raise ValueError("a hand shows more cards than its two packets held")
        rng.shuffle(slots)
        for code, position in zip(hand_cards, slots, strict=False):
            deck[position] = code
            used.add(code)
        hidden_hand[seat] = slots[len(hand_cards) :]
    # The hidden cards of a hand, none of a suit the seat showed void in, then the rest.
    for seat in range(2):
        pool = [c for c in pack_codes if c not in used and c[-1] not in void[seat]]
        if len(pool) < len(hidden_hand[seat]):
            raise ValueError("a hand's hidden cards cannot avoid the suits it showed void in")
        drawn = rng.sample(pool, len(hidden_hand[seat]))
        for position, code in zip(hidden_hand[seat], drawn, strict=True):
            deck[position] = code
            used.add(code)
    rest = [code for code in pack_codes if code not in used]
    rng.shuffle(rest)
    free = [p for p, code in enumerate(deck) if code is None]
    if len(rest) != len(free):
        raise ValueError("the unseen cards do not fill the unseen places of the deal")
    for position, code in zip(free, rest, strict=True):
        deck[position] = code
    return deck  # type: ignore[return-value]


def _choices(candidates: list[int], count: int, rng: random.Random) -> Iterator[set[int]]:
    """Sets of ``count`` of ``candidates`` to try, in random order: every one when there
    are at most ``ENUMERATED``, else ``CHOICES`` random draws."""
    if math.comb(len(candidates), count) <= ENUMERATED:
        every = list(itertools.combinations(candidates, count))
        rng.shuffle(every)
        for combination in every:
            yield set(combination)
        return
    for _ in range(CHOICES):
        yield set(rng.sample(candidates, count))


def _off_packets(
    mine: list[tuple[int, str, bool, bool, bool, str | None]],
    chosen: set[int],
    packets: list[int],
    lost: list[int],
    pinned: dict[int, str],
    rng: random.Random,
    tries: int = 10,
) -> list[tuple[int, str]] | None:
    """Deck positions of the cards a seat took or played off its face-up ``packets``
    (``mine[i]`` for a take or ``i in chosen``), each packet getting ``lost[k]`` of them.

    They are placed from the last to the first: the card last taken off a packet lies on
    the current top, and so up. At a play that did not follow suit, the seat's tops then
    (the card placed last on each packet, or its current top) hold none of the led suit;
    a random order that breaks it is drawn again, up to ``tries`` times (then None)."""
    for _ in range(tries):
        left = {k: lost[k] for k in packets}
        top = {k: pinned.get(PACKET_SIZE * k + lost[k]) for k in packets}
        placed = []
        fits = True
        for index in range(len(mine) - 1, -1, -1):
            _, code, is_take, _, _, missed = mine[index]
            if is_take or index in chosen:
                open_packets = [k for k in packets if left[k] > 0]
                if not open_packets:
                    fits = False
                    break
                k = rng.choices(open_packets, [left[k] for k in open_packets])[0]
                left[k] -= 1
                placed.append((PACKET_SIZE * k + left[k], code))
                top[k] = code
            if missed is not None and any(
                card is not None and card[-1] == missed for card in top.values()
            ):
                fits = False
                break
        if fits:
            return placed
    return None
