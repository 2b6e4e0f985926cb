"""Determinization of a Rumino hand for one seat: a hand consistent with what the seat
has seen, the cards it has not seen placed at random (for bots that sample the hidden
cards, such as ISMCTS).

What a seat does not see: the other hands (but the cards it saw them take from the
pile), the stock, and the claim offers made to others (``public_history`` leaves out
the other seats' ``decline``: a declined offer told nothing to the table).
Every other action is public: ``discard XY`` names its card, ``take`` takes the upcard
everyone sees.

The procedure (``determinize``):
1. The game's state before the hand is read back from the view and the history: the
   seats that rebought or retired in this hand were deciding; a rebuy's cost and count
   are taken off again (the score it replaced is unknown; any score of 100 or more
   gives the same hand, 100 is used).
2. The history is followed with each deck position a place holder: the deal gives
   seven positions to each player, the next is the upcard, a draw gives the next
   position of the stock, a take moves the pile's top. A discard of ``XY`` takes a held
   card known to be ``XY`` or else fixes one of the seat's unknown positions (at
   random) to ``XY``.
3. The positions still held are fixed: the viewer's to its hand (and every seat's to
   its hand in the result, once the hand is over), the cards taken from the pile to
   the ``known_cards`` of the view, an upcard never taken to the bottom of the pile;
   the rest (other hands, the stock) get the unseen cards at random.
4. The hand is replayed from that deck and the history; a sample that refuses an
   action, ends differently (a rumino dealt or drawn, a claim offered that was not) or
   gives another view is drawn again, up to ``TRIES`` times.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino": the offer is private); Cowling, Powley,
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from games.rules.base import IllegalAction
from games.rules.determinization import check_view, fill_positions, shuffle

if TYPE_CHECKING:
    from games.rules.base import Deal, Game
    from games.rules.cards import Pack

TRIES = 1000
"""Samples tried before giving up. Some constraints are left to rejection, such as a seat
that took a card from the pile and later discarded the other copy of that code (its
taken copy stays known, so the sample must give it the second copy): one such case took
139 samples (tests/games/rules/test_rumino_determinize.py's examples), about 1.3 ms each."""
HAND_SIZE = 7


def public_history(deal: Any, seat: int | None) -> list[tuple[int, str]]:
    """The hand's actions as ``seat`` saw them: every action but the ``decline`` of a
    claim offered to another seat, left out rather than shown as ``"?"`` (the contract's
    way, games/rules/base.py) because the offer is private (rulings): even that the seat
    had something to decide would tell the table it held six cards to a rumino."""
    return [
        (actor, action)
        for actor, action in deal.actions
        if not (action == "decline" and actor != seat)
    ]


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Rumino hand whose view for ``view["viewer"]`` is ``view``, after ``history``
    (``public_history`` for that viewer); ``options`` the validated options, ``rng`` draws
    the hidden cards (module docstring). Raises ValueError for a view not of Rumino or
    when no hand fits it in ``TRIES`` samples. A claim offered to another seat in a
    sample is declined for it (as the live layer lets it lapse before the next turn), so
    a sample for the next player to draw is at its turn."""
    check_view(game, view)
    carry = _carry_before(view, history)
    for _ in range(TRIES):
        deck = _sample_deck(game, view, history, carry, rng)
        if deck is None:
            continue
        deal = game.new_deal(
            seats=view["seats"], dealer=view["dealer"], options=options, deck=deck, carry=carry
        )
        try:
            # The plain draws, takes and discards at once (``RuminoDeal.follow``), the rest
            # one by one from the first it leaves.
            for seat, action in history[deal.follow(history) :]:
                while deal.phase == "claim" and (
                    deal.to_act != seat or action not in ("claim", "decline")
                ):
                    # A claim offered in this sample to a seat that did not take it: that
                    # seat declined (declines are private: ``public_history`` omits them).
                    # The viewer's own offers are in its history: one more is no fit.
                    if deal.to_act == view["viewer"]:
                        raise IllegalAction("wrong_phase", "the sample offers the viewer a claim")
                    deal.apply("decline")
                deal.apply(action, seat=seat)
            # Offers still open to others in this sample lapse before the viewer's turn:
            # the live layer declines them when the claim window closes, before the
            # next player's action (game.py ``lapse_claims``).
            while deal.phase == "claim" and deal.to_act != view["viewer"]:
                deal.apply("decline")
        except IllegalAction:
            continue
        if game.view_for(deal, view["viewer"]) == view:
            return deal
    raise ValueError(f"no {game.name} hand found consistent with the view in {TRIES} samples")


def _carry_before(view: dict[str, Any], history: list[tuple[int, str]]) -> dict[str, Any] | None:
    """The game's state as the hand began (step 1), None for a game's first hand."""
    seats = view["seats"]
    players = view["players"]
    decided = {seat: action for seat, action in history if action in ("rebuy", "retire")}
    scores = [player["score"] for player in players]
    rebuys = [player["rebuys"] for player in players]
    pool = view["pool"]
    for seat, action in decided.items():
        if action == "rebuy":
            rebuys[seat] -= 1
            pool -= 2 ** rebuys[seat]
            scores[seat] = 100
    pending = [seat for seat in range(seats) if seat in decided]
    pending += [seat for seat in range(seats) if players[seat]["status"] == "deciding"]
    out = [
        seat
        for seat in range(seats)
        if players[seat]["status"] == "out" and decided.get(seat) != "retire"
    ]
    order = [seat for seat in view.get("out_order", []) if seat in out]
    out = order + [seat for seat in out if seat not in order]
    carry = {
        "scores": scores,
        "out": out,
        "pending": sorted(pending),
        "rebuys": rebuys,
        "pool": pool,
    }
    first = {"scores": [0] * seats, "out": [], "pending": [], "rebuys": [0] * seats}
    if all(carry[key] == value for key, value in first.items()) and pool == seats:
        return None
    return carry


def _sample_deck(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    carry: dict[str, Any] | None,
    rng: random.Random,
) -> list[str] | None:
    """One deck drawn as the module docstring's steps 2 and 3 say; None when the draw
    cannot fit (a discard of a card the seat cannot hold)."""
    seats, dealer, viewer = view["seats"], view["dealer"], view["viewer"]
    size = len(game.pack)
    out = set(carry["out"]) if carry else set()
    # Pending seats that retire never get cards: they are out once the cards are dealt.
    out |= {seat for seat, action in history if action == "retire"}
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    playing = [seat for seat in order if seat not in out]
    if view["phase"] == "rebuy":
        playing = []
    deck: list[str | None] = [None] * size
    # A held item is a deck position (int) or a known code (str).
    held: list[list[int | str]] = [[] for _ in range(seats)]
    taken: list[list[int | str]] = [[] for _ in range(seats)]
    pile: list[int | str] = []
    count = len(playing)
    if count:
        for position in range(HAND_SIZE * count):
            held[playing[position % count]].append(position)
        pile = [HAND_SIZE * count]
    following = HAND_SIZE * count + 1
    for seat, action in history:
        if action == "draw":
            held[seat].append(following)
            following += 1
        elif action.startswith("discard "):
            code = action.split()[1]
            item = _discard(deck, held[seat], code, rng)
            if item is None:
                return None
            if item in taken[seat]:
                taken[seat].remove(item)
            pile.append(code)
        elif action in ("take", "claim"):
            if not pile:
                return None
            item = pile.pop()
            held[seat].append(item)
            if action == "take":
                taken[seat].append(item)
    # Step 3: what the view shows.
    result = view.get("result")
    shown: dict[int, list[str]] = {}
    if viewer is not None:
        shown[viewer] = view["players"][viewer]["hand"]
    if result is not None:
        shown = {seat: hand for seat, hand in enumerate(result["hands"])}
    for seat in range(seats):
        if seat in shown:
            if not fill_positions(deck, held[seat], list(shown[seat]), rng):
                return None
        else:
            known = list(view["players"][seat]["known_cards"])
            items = [item for item in taken[seat] if item in held[seat]]
            if not _fix_some(deck, items, known):
                return None
    if pile and isinstance(pile[0], int) and view["pile"]:
        deck[pile[0]] = view["pile"][0]
    # The unseen cards: the pack less the codes placed, in the pack's order of codes (as
    # ``Counter(pack) - Counter(placed)`` lists them), shuffled into the empty positions.
    placed = Counter(deck)
    rest = [
        code for code, count in _pack_counts(game.pack).items() for _ in range(count - placed[code])
    ]
    shuffle(rest, rng)
    empty = [position for position, code in enumerate(deck) if code is None]
    if len(rest) != len(empty):
        return None
    for position, code in zip(empty, rest, strict=True):
        deck[position] = code
    return deck  # type: ignore[return-value]  # every position filled


@lru_cache(maxsize=4)
def _pack_counts(pack: Pack) -> Counter[str]:
    """How many of each code ``pack`` holds, in the order its codes first come."""
    return Counter(pack.new_order)


def _discard(
    deck: list[str | None], items: list[int | str], code: str, rng: random.Random
) -> int | str | None:
    """Remove from ``items`` the card ``code`` a seat discards: a held card known to be it
    (the first), else one of its unknown positions fixed to it at random; None if neither.
    A position held is never fixed yet while the history is followed (the one a discard
    fixes leaves the hand at once), so only a code held can be known to be it."""
    if code in items:
        items.remove(code)
        return code
    unknown = [item for item in items if isinstance(item, int) and deck[item] is None]
    if not unknown:
        return None
    item = rng.choice(unknown)
    deck[item] = code
    items.remove(item)
    return item


def _fix_some(deck: list[str | None], items: list[int | str], known: list[str]) -> bool:
    """Fix the unknown positions among ``items`` (cards a seat took and still holds) to the
    ``known`` cards the view shows, those not accounted for already."""
    left = Counter(known)
    unknown = []
    for item in items:
        code = item if isinstance(item, str) else deck[item]
        if code is None:
            unknown.append(item)
        elif left[code] > 0:
            left[code] -= 1
    codes = list(left.elements())
    if len(codes) != len(unknown):
        return False
    for item, code in zip(unknown, codes, strict=True):
        deck[item] = code  # type: ignore[index]
    return True
