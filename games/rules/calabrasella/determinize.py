"""Determinization of a Calabrasella hand for one seat: a hand consistent with what the
seat has seen, the cards it has not seen placed at random (for the ISMCTS bot, issue #12).

What a seat does not see (view.py, ``public_history``): the other hands, the widow until
the declarer turns it, the declarer's discards (face down: only the declarer knows them
before the end, and nobody but he ever knows their order) and the card the declarer
gives back for the called card (only he and its receiver know it).

The procedure (``determinize``):
1. Every card the viewer knows the place of is put there: its own hand, the cards it
   knows in the others' hands (``known_cards``), the cards played, the widow once turned,
   the discards when it sees them, the called card when it lies in the widow.
2. The unseen cards are dealt at random (``deal_hidden``) into the other
   hands, the discards and the widow, barring what the history rules out: a suit a seat
   failed to follow (004: follow suit if able); the called card, which went to the
   declarer and can only be in his hand or among his discards; the 3s the declarer held
   when he called a 2, and the 3s and 2s he held when he called nothing (004: call a 3
   you lack, a 2 when you hold all four 3s).
3. The hands as dealt follow back from where the cards are now: the declarer had the
   discards and the card he gave back, not the widow cards he took nor the called card;
   the giver had the called card and not the one given back. A viewer who did not see
   that card takes one of the giver's cards at random.
4. The deck is the three hands dealt one at a time from the dealer's left and the widow;
   the history is replayed with each hidden action (``"?"``) made concrete (a discard of
   the discards drawn, the card given back) and the view compared; a placement that
   does not give the view is drawn again.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella"),
../shared/rules/README.md ("Calabrasella"); Cowling, Powley, Whitehouse, "Information
Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.rules.base import IllegalAction
from games.rules.calabrasella.deal import HAND_SIZE
from games.rules.calabrasella.scoring import CODES
from games.rules.determinization import check_view, deal_hidden

if TYPE_CHECKING:
    from games.rules.base import Deal, Game

TRIES = 100
"""Placements tried before giving up."""
HIDDEN = "?"


def hidden_actions(deal: Any, seat: int | None) -> list[tuple[int, str]]:
    """The log of ``deal`` as ``seat`` saw it: the declarer's discards are ``"?"`` for the
    others (they lie face down; even once they are shown at the end their order is not),
    and the card given back is ``"?"`` for everyone but the declarer and its receiver."""
    involved = seat is not None and seat in (deal.declarer, deal.called_from)
    history = []
    for actor, action in deal.actions:
        if (action.startswith("discard ") and seat != deal.declarer) or (
            action.startswith("return ") and not involved
        ):
            action = HIDDEN
        history.append((actor, action))
    return history


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Calabrasella hand consistent with ``view`` and ``history`` (module docstring).

    ``view``: ``game.view_for(deal, viewer)``; ``history``: ``public_history``; ``options``:
    the validated options; ``rng`` draws the placements. Raises ValueError for a view that
    is not of Calabrasella, or when no hand fits it.
    """
    check_view(game, view)
    frame = _Frame(view, history)
    for _ in range(TRIES):
        deck, concrete = frame.sample(rng)
        if deck is None:
            continue
        deal = game.new_deal(seats=3, dealer=view["dealer"], options=options, deck=deck)
        try:
            for seat, action in concrete:
                deal.apply(action, seat=seat)
        except IllegalAction:
            continue
        if game.view_for(deal, view["viewer"]) == view:
            return deal
    raise ValueError(f"no {game.name} hand found consistent with the view in {TRIES} samples")


class _Frame:
    """What the viewer knows of the hand, read once from the view and the history."""

    def __init__(self, view: dict[str, Any], history: list[tuple[int, str]]) -> None:
        self.view = view
        self.history = history
        self.viewer = view["viewer"]
        self.declarer = view["declarer"]
        self.called = view["called"]
        self.giver = view["called_from"]
        self.returned = view["returned"]
        self.played: list[list[str]] = [[], [], []]
        self.void: list[set[str]] = [set(), set(), set()]
        trick: list[tuple[int, str]] = []
        for seat, action in history:
            if action.startswith("play "):
                card = action[5:]
                self.played[seat].append(card)
                trick.append((seat, card))
                if card[-1] != trick[0][1][-1]:
                    self.void[seat].add(trick[0][1][-1])
                if len(trick) == 3:
                    trick = []
        self.calls = [a for _, a in history if a.startswith("call ")]
        # The card given back follows the call at once, when a defender held the card.
        self.return_index = next(
            (
                i + 1
                for i, (_, action) in enumerate(history[:-1])
                if action.startswith("call ") and self.giver is not None
            ),
            None,
        )
        players = view["players"]
        self.now: list[list[str]] = [
            list(p["hand"]) if p["hand"] is not None else list(p["known_cards"]) for p in players
        ]
        self.hidden_count = [
            0 if p["hand"] is not None else p["hand_count"] - len(p["known_cards"]) for p in players
        ]
        self.widow = view["widow"]
        self.discards = view["discards"]
        self.called_widow = view["called_in_widow"]
        self.widow_hidden = 0 if self.widow is not None else view["widow_count"]
        self.discard_hidden = 0 if self.discards is not None else view["discard_count"]
        known = [c for hand in self.now for c in hand]
        known += [c for cards in self.played for c in cards]
        known += (self.widow or []) + (self.discards or [])
        self.widow_pinned = (
            [self.called] if self.called_widow and self.widow is None else []
        )  # the called card lies in the face-down widow
        self.widow_hidden -= len(self.widow_pinned)
        known += self.widow_pinned
        # Taken cards are in the declarer's hand or played: already counted.
        self.unseen = [code for code in CODES if code not in set(known)]
        if len(known) != len(set(known)) or len(self.unseen) != (
            sum(self.hidden_count) + self.widow_hidden + self.discard_hidden
        ):
            raise ValueError("the view's cards do not add up to one Calabrasella hand")

    def _allowed(self, card: str) -> list[Any] | None:
        """The places ``card`` may lie in (None: any)."""
        declarer = self.declarer
        places: list[Any] = [("hand", s) for s in range(3) if card[-1] not in self.void[s]]
        places += ["discards", "widow"]
        if declarer is not None and self.view["phase"] != "call":
            rank = card[:-1]
            held_all = not self.calls and self.view["phase"] not in ("bid",)
            if card == self.called and self.giver is not None:
                places = [("hand", declarer), "discards"]
            elif (held_all and rank in ("3", "2")) or (
                rank == "3" and self.called is not None and self.called[:-1] == "2"
            ):
                places = [("hand", declarer), "discards"]
                if rank == "3" and self.giver is not None and self.returned is None:
                    places.append(("hand", self.giver))  # it may be the card given back
            places = [p for p in places if p[0] != "hand" or card[-1] not in self.void[p[1]]]
        return places

    def sample(self, rng: random.Random) -> tuple[list[str] | None, list[tuple[int, str]]]:
        """A deck and the history made concrete, or ``(None, [])`` on a dead end."""
        capacity: dict[Any, int] = {("hand", s): n for s, n in enumerate(self.hidden_count)}
        capacity["discards"] = self.discard_hidden
        capacity["widow"] = self.widow_hidden
        capacity = {place: n for place, n in capacity.items() if n}
        constrained = any(self.void) or self.declarer is not None
        dealt = deal_hidden(
            self.unseen, capacity, rng, self._allowed if constrained else lambda card: None
        )
        now = [list(hand) + dealt.get(("hand", s), []) for s, hand in enumerate(self.now)]
        discards = list(self.discards or []) + dealt.get("discards", [])
        widow = list(self.widow or []) + self.widow_pinned + dealt.get("widow", [])
        taken = list(self.view["taken"])
        ended = [now[s] + self.played[s] for s in range(3)]
        hands = [list(cards) for cards in ended]
        returned = self.returned
        declarer, giver, called = self.declarer, self.giver, self.called
        returned_done = self.return_index is not None
        if declarer is not None:
            hands[declarer] = [c for c in hands[declarer] if c not in taken] + discards
            if giver is not None:
                hands[declarer].remove(called)
                hands[giver].append(called)
                if returned_done:
                    if returned is None:
                        choices = [c for c in ended[giver] if c != called]
                        threes = [c for c in choices if c[:-1] == "3"]
                        if called[:-1] == "2" and threes:
                            choices = threes  # the declarer held every 3: one came back
                        returned = rng.choice(choices)
                    hands[giver].remove(returned)
                    hands[declarer].append(returned)
        widow += taken
        if any(len(hand) != HAND_SIZE for hand in hands):
            return None, []
        concrete = []
        order = list(self.discards or discards)
        rng.shuffle(order)
        for index, (seat, action) in enumerate(self.history):
            if action == HIDDEN:
                if index == self.return_index:
                    action = f"return {returned}"
                else:
                    action = "discard " + order.pop()
            concrete.append((seat, action))
        dealer = self.view["dealer"]
        deck = []
        for i in range(3 * HAND_SIZE):
            deck.append(hands[(dealer + 1 + i) % 3][i // 3])
        rng.shuffle(widow)
        return deck + widow, concrete
