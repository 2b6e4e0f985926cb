"""Determinization of a Pinch Tarot hand for one seat: a hand consistent with what the seat
has seen, the cards it has not seen placed at random (for the ISMCTS bot, issue #12).

Every action of Pinch Tarot is public (cards are played face up, melds shown, the cards
drawn from the talon shown to the table), so the public history is the action log. What
a seat does not see: the opponent's cards that were dealt to it and never shown, and the
talon's order.

The procedure (``determinize``):
1. The unseen cards are the pack less the viewer's hand, the cards played and the cards
   it knows in the opponent's hand (drawn or melded, ``known_cards``). The opponent's
   hidden cards were dealt to it (a drawn card is shown) and so were in its hand at every
   trick: none of them may be a card that would have made one of its answers illegal
   (003, "Following": follow suit, else trump, over-trump a trump lead if able). The
   unseen cards are dealt at random (``deal_hidden``) into the opponent's
   hidden hand, barring those, and the talon.
2. The past is rebuilt by replaying the history on a deal whose hands hold, before each
   action, just the cards that action shows (the engine then scores the tricks, the
   fool's exchange, the melds and Bagatto urtimo exactly), and whose talon gives the
   last two cards drawn, as the view shows them.
3. The hands and the rest of the talon are then set to the cards placed in 1., and the
   cards the opponent has seen in the viewer's hand to those the view still shows
   (its last card drawn and its melded cards).

The determinized deal is exact for the viewer and for the future; its ``deck`` is the
placeholder order the past was replayed on (the viewer's view does not say which cards
were drawn when), so its record is not a replay of the hand.
Raises ValueError for a view that is not of this game, or when no deal fits it.
Source: ../shared/rules/sources/003_7513308a0e62a486.txt; Cowling, Powley, Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.rules.determinization import check_view, deal_hidden
from games.rules.pinch_tarot.deal import TALON
from games.rules.pinch_tarot.scoring import CODES, PACK, RULES

if TYPE_CHECKING:
    from games.rules.base import Deal, Game

TRIES = 20
"""Placements tried before giving up."""
_INDEX = PACK.index


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Pinch Tarot hand consistent with ``view`` and ``history`` (module docstring).

    ``view``: ``game.view_for(deal, viewer)``; ``history``: ``public_history``; ``options``:
    the validated options; ``rng`` draws the placements. Raises ValueError for a view that
    is not of Pinch Tarot, or when no hand fits it.
    """
    check_view(game, view)
    viewer = view["viewer"]
    players = view["players"]
    own = [set(p["hand"]) if p["hand"] is not None else set() for p in players]
    shown = [set(p["known_cards"]) for p in players]
    played: set[str] = set()
    barred: list[set[str]] = [set(), set()]
    trick: list[tuple[int, str]] = []
    for seat, action in history:
        if action.startswith("play "):
            card = action[5:]
            played.add(card)
            trick.append((seat, card))
            if len(trick) == 2:
                barred[seat] |= _barred_by(trick[0][1], card)
                trick = []
    seen = set().union(*own, *shown, played)
    unseen = [code for code in CODES if code not in seen]
    hidden = {
        seat: p["hand_count"] - len(p["known_cards"])
        for seat, p in enumerate(players)
        if p["hand"] is None
    }
    capacity = {**{("hand", s): n for s, n in hidden.items() if n}, "talon": view["stock_count"]}

    def allowed(card: str) -> list[Any]:
        return ["talon", *(("hand", s) for s in hidden if card not in barred[s])]

    for _ in range(TRIES):
        dealt = deal_hidden(unseen, capacity, rng, allowed)
        deal = _rebuild(game, view, history, options, dealt, own, shown, rng)
        if deal is not None and game.view_for(deal, viewer) == view:
            return deal
    raise ValueError(f"no {game.name} hand found consistent with the view in {TRIES} samples")


_BARRED: dict[tuple[str, str], set[str]] = {}


def _barred_by(led: str, answer: str) -> set[str]:
    """The cards whose presence in the answering hand would have made ``answer`` to
    ``led`` illegal (tricks.TarotTricks.follow)."""
    key = (led, answer)
    if key not in _BARRED:
        first, card = _INDEX[led], _INDEX[answer]
        _BARRED[key] = {
            code
            for other, code in enumerate(CODES)
            if other != card and not RULES.follow((1 << card) | (1 << other), first) >> card & 1
        }
    return _BARRED[key]


def _rebuild(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    dealt: dict[Any, list[str]],
    own: list[set[str]],
    shown: list[set[str]],
    rng: random.Random,
) -> Deal | None:
    """Replay ``history`` on a skeleton deal (module docstring, step 2), then set the hands
    and the talon to ``dealt``; None when the history does not replay."""
    deal: Any = game.new_deal(seats=2, dealer=view["dealer"], options=options, deck=PACK.codes)
    future = [_INDEX[c] for c in dealt.get("talon", [])]
    drawn = TALON - len(future)
    last = [_INDEX[entry["card"]] for entry in view["last_draws"]]
    used = set(future) | set(last)
    for cards in dealt.values():
        used |= {_INDEX[c] for c in cards}
    filler = [card for card in range(len(CODES)) if card not in used]
    rng.shuffle(filler)
    past = filler[: drawn - len(last)] if drawn else []
    deal.talon = past + last + future
    try:
        for seat, action in history:
            deal.hand[seat] = PACK.mask(action.split(" ")[2 if action.startswith("meld") else 1 :])
            deal.apply(action, seat=seat)
    except ValueError:  # IllegalAction, or a code not of the pack
        return None
    hands = [PACK.mask(own[s] | shown[s] | set(dealt.get(("hand", s), []))) for s in (0, 1)]
    deal.hand = hands
    known = PACK.mask(set().union(*shown))
    for seat in (0, 1):
        if own[seat]:
            # What the opponent saw of the viewer's hand: its melded cards and its last draw.
            melded = {code for meld in view["players"][seat]["melds"] for code in meld["cards"]}
            drawn_now = {e["card"] for e in view["last_draws"] if e["seat"] == seat}
            known |= PACK.mask(own[seat] & (melded | drawn_now))
    deal.known = known
    return deal
