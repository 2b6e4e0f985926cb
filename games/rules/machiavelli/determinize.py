"""Determinization of a Machiavelli game for one seat: a game consistent with what the
seat has seen, the cards it has not seen placed at random (for bots that sample the
hidden cards, such as ISMCTS).

What a seat does not see: the other hands, the stock, the cards the others drew, and
the tables the others submitted that drew the penalty (shown to their player only).
``public_history`` gives those as ``(seat, "?")``; every other action is public:
a valid ``table ...`` action shows the cards it laid, ``draw`` and ``pass`` name none.

The procedure (``determinize``):
1. The history is followed with each deck position a place holder: the deal gives 13
   positions to each seat from the dealer's left, a draw the next position of the
   stock, a penalty the next three (fewer if the stock has fewer). A valid table laid
   by a seat takes from its held positions one known to be each card it laid, or else
   fixes one of its unknown positions (at random) to that card; the viewer's own
   penalised tables fix the cards they used the same way, without taking them.
2. The viewer's last draw, which its view shows, fixes those positions; the viewer's
   other held positions get the rest of its hand at random (every seat's, once the
   result shows the hands); everything else (the other hands, the stock) gets the
   unseen cards at random.
3. The game is replayed from that deck, each ``"?"`` made concrete as the table
   then on the table with one card of that seat's hand laid alone (no meld: the same
   penalty), and the view compared; a sample that does not fit is drawn again.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
../shared/rules/README.md ("Machiavelli"); Cowling, Powley, Whitehouse, "Information
Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from games.rules.base import IllegalAction
from games.rules.determinization import check_view, fill_positions
from games.rules.machiavelli.melds import CODES, FACES, format_table, meld_kind, parse_table

if TYPE_CHECKING:
    from games.rules.base import Deal, Game

TRIES = 20
HAND_SIZE = 13
PENALTY_CARDS = 3
HIDDEN = "?"


def public_history(deal: Any, seat: int | None) -> list[tuple[int, str]]:
    """The game's actions as ``seat`` saw them: the other seats' penalised tables are
    ``(actor, "?")`` (all actions are public with the option ``show_rejected``)."""
    history = list(deal.actions)  # (actor, action) pairs, shared: tuples do not change
    if not deal.options["show_rejected"]:
        for index in deal.penalized:
            actor = history[index][0]
            if actor != seat:
                history[index] = (actor, HIDDEN)
    return history


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Machiavelli game whose view for ``view["viewer"]`` is ``view``, after
    ``history`` (``public_history`` for that viewer); ``options`` the validated options,
    ``rng`` draws the hidden cards (module docstring). Raises ValueError for a view not
    of Machiavelli or when no game fits it in ``TRIES`` samples. The hidden cards are
    placed uniformly among the decks that fit, but for the choice of which unknown card
    of a hand becomes a card laid from it (random, not weighted by the ways it could)."""
    check_view(game, view)
    for _ in range(TRIES):
        deck = _sample_deck(game, view, history, rng)
        if deck is None:
            continue
        deal = game.new_deal(seats=view["seats"], dealer=view["dealer"], options=options, deck=deck)
        try:
            for seat, action in history:
                if action == HIDDEN:
                    action = _a_penalty(deal, seat)
                deal.apply(action, seat=seat)
        except IllegalAction:
            continue
        if game.view_for(deal, view["viewer"]) == view:
            return deal
    raise ValueError(f"no {game.name} game found consistent with the view in {TRIES} samples")


def _a_penalty(deal: Any, seat: int) -> str:
    """A table that draws the penalty for ``seat`` now: the table with one card of its
    hand laid alone."""
    card = next(face for face in range(FACES) if deal.hands[seat][face])
    return format_table([*deal.table, (card,)])


def _sample_deck(
    game: Game, view: dict[str, Any], history: list[tuple[int, str]], rng: random.Random
) -> list[str] | None:
    """One deck drawn as the module docstring's steps 1 and 2 say; None when the draw
    cannot fit."""
    seats, dealer, viewer = view["seats"], view["dealer"], view["viewer"]
    size = len(game.pack)
    deck: list[str | None] = [None] * size
    held: list[list[int]] = [[] for _ in range(seats)]
    for position in range(HAND_SIZE * seats):
        held[(dealer + 1 + position) % seats].append(position)
    following = HAND_SIZE * seats
    table: Counter[str] = Counter()
    last_drawn: list[int] = []
    for seat, action in history:
        if action == "draw" or action == HIDDEN:
            number = 1 if action == "draw" else min(PENALTY_CARDS, size - following)
            last_drawn = list(range(following, following + number))
            held[seat] += last_drawn
            following += number
            continue
        if not action.startswith("table "):
            last_drawn = []
            continue
        new, valid = _read_table(action)
        added = new - table
        used: list[int] = []
        for code in added.elements():
            item = _holding(deck, held[seat], code, rng, take=valid, used=used)
            if item is None:
                return None
            used.append(item)
        if valid:
            table = new
            last_drawn = []
        else:  # the viewer's own penalty: it drew, its cards stayed in hand
            number = min(PENALTY_CARDS, size - following)
            last_drawn = list(range(following, following + number))
            held[seat] += last_drawn
            following += number
    shown: dict[int, list[str]] = {}
    if viewer is not None:
        turn = view["last_turn"]
        shown[viewer] = view["players"][viewer]["hand"]
        if turn is not None and turn["seat"] == viewer and turn["drawn"]:
            for position, code in zip(last_drawn, turn["drawn"], strict=False):
                deck[position] = code
    if view["result"] is not None:  # the hands are shown at the end
        shown = dict(enumerate(view["result"]["hands"]))
    for seat, hand in shown.items():
        if not fill_positions(deck, held[seat], Counter(hand), rng):
            return None
    unseen = Counter(game.pack.new_order) - Counter(code for code in deck if code is not None)
    rest = list(unseen.elements())
    rng.shuffle(rest)
    empty = [position for position in range(size) if deck[position] is None]
    if len(rest) != len(empty):
        return None
    for position, code in zip(empty, rest, strict=True):
        deck[position] = code
    return [code for code in deck if code is not None]


def _valid(action: str) -> bool:
    """True when every meld of a ``table`` action is valid (it was not penalised)."""
    return all(meld_kind(meld) is not None for meld in parse_table(action))


@lru_cache(maxsize=1 << 12)
def _read_table(action: str) -> tuple[Counter[str], bool]:
    """The codes of a ``table`` action's cards (a Counter: the caller must not change
    it) and ``_valid``, remembered (a search samples the same history's tables again
    and again)."""
    return Counter(CODES[face] for meld in parse_table(action) for face in meld), _valid(action)


def _holding(
    deck: list[str | None],
    items: list[int],
    code: str,
    rng: random.Random,
    take: bool,
    used: list[int],
) -> int | None:
    """A held position (not in ``used``) that is ``code``: one fixed to it, else an
    unknown one fixed to it at random; removed from ``items`` when ``take``. None if
    neither exists."""
    items_left = [item for item in items if item not in used]
    known = [item for item in items_left if deck[item] == code]
    if known:
        item = known[0]
    else:
        unknown = [item for item in items_left if deck[item] is None]
        if not unknown:
            return None
        item = rng.choice(unknown)
        deck[item] = code
    if take:
        items.remove(item)
    return item
