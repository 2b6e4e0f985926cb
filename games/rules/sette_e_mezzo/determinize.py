"""Determinization of a Sette e mezzo hand for one seat: a hand consistent with what the
seat has seen, the cards it has not seen placed at random (for the ISMCTS bot, issue #12).

Every action of Sette e mezzo is public (a ``hit`` is dealt face up), so the public
history is the action log. What a seat does not see: the face-down card of every other
player until a bust, a two-card seven and a half, the banker's turn or the end of the
hand shows it, and the order of the undealt deck.

The procedure (``determinize``):
1. Read the deal's frame from the view: seats, banker (``dealer``), the stacks at the
   start of the hand (the ``carry``), who bet (in playing order from the banker's left).
2. Rebuild the deck's dealt part: the face-down cards go, one each, to the players who
   bet and then to the banker (``deck[0:n]``); every ``hit`` of the history takes the
   next deck position, and that seat's next face-up card is there.
3. Each face-down card the viewer has not seen is drawn from the unseen cards, among the
   placements that keep what the view shows true: a player who hit and is still playing
   or stood was never over seven and a half and had no two-card seven and a half (else
   the card would have been shown). Among those, a card is drawn with the weight of how
   likely a player holding it was to choose as he did (``choice_likelihood``: a player
   who stood on a low face-up total more likely holds a high card face down; the
   inference of Cowling, Whitehouse and Powley 2015 below, with a model of the player
   rather than the search's own tree). The seats are drawn one after another, in a
   random order, each from the cards the earlier ones left.
4. The other unseen cards fill the rest of the deck in a random order; the history is
   replayed on ``new_deal(deck=..., carry=...)`` and the view compared.

Raises ValueError for a view that is not of this game, or when no deal fits it.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Seven and a Half"); Cowling,
Powley, Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012;
Cowling, Whitehouse, Powley, "Emergent bluffing and inference with Monte Carlo Tree
Search", IEEE CIG 2015 (weighting determinizations by the opponents' likely choices).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.rules.base import IllegalAction
from games.rules.cards import ITALIAN_40
from games.rules.determinization import check_view
from games.rules.sette_e_mezzo.scoring import busted, is_natural, total

if TYPE_CHECKING:
    from games.rules.base import Deal, Game

TRIES = 200
"""Placements tried before giving up (each is a draw, kept when the replay fits)."""

STAND_CENTRE = 4.75
"""The total (points) at which the model of a player (``hit_probability``) hits or stands
as often: between the 4½ and 5 that players commonly stand from (the heuristic bot
stands from 5; games/heuristics/sette_e_mezzo.py measured 4½ as good)."""

STAND_STEEPNESS = 4.0
"""How sharply the modelled player turns from hitting to standing, per point of total:
at 4 he hits 95 times in 100, at 4½ 73, at 5 27, at 5½ 5."""


def hit_probability(halves: int) -> float:
    """The chance, in the model of a player, that he hits on a total of ``halves`` half
    points: a logistic curve centred on ``STAND_CENTRE`` points. Returns a number strictly
    between 0 and 1, so no choice is ever ruled out (people also play by hunch)."""
    return 1.0 / (1.0 + math.exp(STAND_STEEPNESS * (halves / 2 - STAND_CENTRE)))


def choice_likelihood(face_down: str, up: Sequence[str], stood: bool) -> float:
    """How likely a player holding ``face_down`` was to play as shown: to hit on each
    total before each card of ``up`` (his face-up cards, in the order drawn) and, when
    ``stood``, to stand on the last; a number in (0, 1], 1 for a player who has not yet
    chosen. Assumes the card fits (``_fits``)."""
    cards = [face_down]
    weight = 1.0
    for card in up:
        weight *= hit_probability(total(cards))
        cards.append(card)
    if stood:
        weight *= 1.0 - hit_probability(total(cards))
    return weight


def _fits(face_down: str, up: Sequence[str]) -> bool:
    """True when a player whose face-down card is ``face_down`` and who drew ``up`` face up
    (and was neither bust nor natural, since his card is still hidden) could be so."""
    cards = [face_down]
    for card in up:
        cards.append(card)
        if busted(cards) or is_natural(cards):
            return False
    return True


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Sette e mezzo hand consistent with ``view`` and ``history`` (module docstring).

    ``view``: ``game.view_for(deal, viewer)``; ``history``: ``public_history``; ``options``:
    the validated options; ``rng`` draws the placements. Raises ValueError for a view that
    is not of Sette e mezzo, or when no deal fits it.
    """
    seats, dealer, viewer = check_view(game, view)
    players = view["players"]
    carry: dict[str, Any] = {"stacks": [player["stack"] for player in players]}
    if view.get("away"):
        carry["away"] = list(view["away"])
    order = [(dealer + i) % seats for i in range(1, seats)]
    bettors = [seat for seat in order if players[seat]["bet"] is not None]
    dealt = any(player["face_down_count"] for player in players)
    seen: list[str] = []
    hidden: list[int] = []  # seats whose face-down card the viewer has not seen
    for player in players:
        seen += player["up_cards"]
        if player["face_down_count"]:
            if player["face_down"] is None:
                hidden.append(player["seat"])
            else:
                seen.append(player["face_down"])
    unseen = [code for code in ITALIAN_40.codes if code not in set(seen)]
    if len(unseen) + len(seen) != len(ITALIAN_40.codes):
        raise ValueError("a card is shown twice: the view is not of one hand")
    # Deck positions of the dealt cards: face-down cards, then hits in the order made.
    holes = [*bettors, dealer] if dealt else []
    hits: list[int] = [seat for seat, action in history if action == "hit"]
    for _ in range(TRIES):
        face_down = _placement(players, hidden, unseen, rng)
        if face_down is None:
            continue
        rest = [code for code in unseen if code not in face_down.values()]
        rng.shuffle(rest)
        deck = _deck(players, holes, hits, face_down, rest)
        deal = _replay(game, view, history, options, deck, carry)
        if deal is not None:
            return deal
    raise ValueError(f"no {game.name} hand found consistent with the view in {TRIES} samples")


def _placement(
    players: list[dict[str, Any]], hidden: list[int], unseen: list[str], rng: random.Random
) -> dict[int, str] | None:
    """A face-down card for each seat of ``hidden``, drawn from ``unseen`` among the cards
    that fit what the seat shows, weighted by ``choice_likelihood``; the seats in a random
    order. None when some seat has no card left that fits."""
    left = list(unseen)
    placed: dict[int, str] = {}
    for seat in rng.sample(hidden, len(hidden)):
        up = players[seat]["up_cards"]
        stood = players[seat]["status"] == "stood"
        weights = [choice_likelihood(code, up, stood) if _fits(code, up) else 0.0 for code in left]
        if not any(weights):
            return None
        code = rng.choices(left, weights)[0]
        left.remove(code)
        placed[seat] = code
    return placed


def _deck(
    players: list[dict[str, Any]],
    holes: list[int],
    hits: list[int],
    face_down: dict[int, str],
    rest: list[str],
) -> list[str]:
    """The deck, top first: the face-down cards of ``holes`` in order, the face-up card of
    each hit in order, then ``rest``."""
    deck = [face_down.get(seat) or players[seat]["face_down"] for seat in holes]
    drawn = [0] * len(players)
    for seat in hits:
        deck.append(players[seat]["up_cards"][drawn[seat]])
        drawn[seat] += 1
    return deck + rest


def _replay(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    deck: list[str],
    carry: dict[str, Any],
) -> Deal | None:
    """The hand of ``deck`` after ``history``, or None when it does not give ``view``."""
    deal = game.new_deal(
        seats=view["seats"], dealer=view["dealer"], options=options, deck=deck, carry=carry
    )
    try:
        for seat, action in history:
            deal.apply(action, seat=seat)
    except IllegalAction:
        return None
    return deal if game.view_for(deal, view["viewer"]) == view else None
