"""The state machine of one Rumino hand: the deal procedure and the action spelling are
in the docstring of games/rules/rumino/game.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino" rulings).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any

from games.rules.base import Deal, IllegalAction
from games.rules.rumino.melds import (
    CODES,
    FACE,
    JOKER,
    TALLY,
    codes,
    completes_rumino,
    deadwood_value,
    least_deadwood,
    rumino_in,
    rumino_possible,
)
from games.rules.rumino.scoring import hand_points, in_game, new_state, rebuy, retire, settle

HAND_SIZE = 7
KNOCK_LIMIT = 7
REBUY, DRAW, DISCARD, CLAIM, OVER = "rebuy", "draw", "discard", "claim", "over"
KNOCK, GIN, RUMINO, STOCK = "knock", "gin", "rumino", "stock"

_DISCARDS = {f"discard {code}": face for face, code in enumerate(CODES)}


def _malformed(action: object) -> IllegalAction:
    return IllegalAction(
        "malformed",
        f"{action!r} is not a Rumino action: expected 'draw', 'take', 'knock', 'gin', "
        "'discard XY' (XY a card code such as 3D or JK), 'claim', 'decline', 'rebuy' or "
        "'retire'",
        action=action if isinstance(action, str) else repr(action),
    )


class RuminoDeal(Deal):
    """One hand of Rumino for two to six players; procedure and spelling in
    games/rules/rumino/game.py.

    Cards are faces (melds.py); ``hands[seat]`` is a sorted list of faces (empty for a
    seat not in the hand). ``state`` is the game's state (scoring.py: scores, out,
    pending, rebuys, pool) as the hand began, updated by rebuy decisions; ``playing``
    the seats dealt in, in the order of play from the dealer's left. ``pile`` is the
    discard pile, its top last; ``taken`` the card the player to discard took from it
    (which they may not discard again); ``known[seat]`` the cards of that hand everyone
    saw taken from the pile. ``claims`` the seats still to be offered the discard that
    completes their rumino, the one to act first. ``ended`` says how the hand ended.
    ``apply`` raises IllegalAction with the keys ``malformed``, ``wrong_phase``,
    ``cannot_knock``, ``cannot_go_gin``, ``card_not_in_hand`` and
    ``just_taken`` (besides ``deal_over`` and ``not_your_turn``).
    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
    ../shared/rules/README.md ("Rumino").
    """

    __slots__ = (
        "state", "playing", "hands", "stock", "drawn", "pile", "taken", "known",
        "claims", "discarder", "ended",
    )  # fmt: skip

    def _deal(self) -> None:
        """Start the hand: rebuy decisions first when the last hand left some, then the
        cards (``_deal_cards``)."""
        seats = self.seats
        self.state = new_state(seats) if self.carry is None else _copy_state(self.carry)
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.known: list[list[int]] = [[] for _ in range(seats)]
        self.playing: list[int] = []
        self.stock: tuple[int, ...] = ()
        self.drawn = 0
        self.pile: list[int] = []
        self.taken: int | None = None
        self.claims: list[int] = []
        self.discarder: int | None = None
        self.ended: dict[str, Any] | None = None
        if self.state["pending"]:
            self.phase = REBUY
            self.to_act = self._order(self.state["pending"])[0]
        else:
            self._deal_cards()

    def _order(self, seats: list[int]) -> list[int]:
        """``seats`` in the order of play, starting at the dealer's left."""
        return sorted(seats, key=lambda seat: (seat - self.dealer - 1) % self.seats)

    def _deal_cards(self) -> None:
        """Deal ``deck`` as game.py says: 7 cards to each player in the game, one at a
        time from the dealer's left; the next card is the upcard; the rest the stock."""
        self.playing = self._order(in_game(self.state))
        deck = [FACE[code] for code in self.deck]
        count = len(self.playing)
        dealt = HAND_SIZE * count
        for position in range(dealt):
            self.hands[self.playing[position % count]].append(deck[position])
        for seat in self.playing:
            self.hands[seat].sort()
        self.pile = [deck[dealt]]
        self.stock = tuple(deck[dealt + 1 :])
        self.phase = DRAW
        self.to_act = self.playing[0]
        for seat in self.playing:
            # A rumino dealt is revealed at once (rulings: declarations made for the
            # player), the first in the order of play.
            if rumino_in(self.hands[seat]) is not None:
                self._end(RUMINO, seat)
                return

    def snapshot(self) -> RuminoDeal:
        """An independent copy of this hand as it stands: the same state, legal actions,
        views and result as a replay of its actions from its deck, each changing on alone
        from here (for the search, which plays one sample many times over:
        games/ismcts.py, ``_replayed``). What is never changed in place is shared (the
        deck, the stock, the game's state, ``playing``, ``ended``), the rest copied."""
        new = RuminoDeal.__new__(RuminoDeal)
        new.game, new.seats, new.sides, new.dealer = self.game, self.seats, self.sides, self.dealer
        new.options, new.deck, new.carry = self.options, self.deck, self.carry
        new.actions = self.actions.copy()
        new.to_act, new.phase = self.to_act, self.phase
        new.state, new.playing, new.stock, new.drawn = (
            self.state,
            self.playing,
            self.stock,
            self.drawn,
        )
        new.hands = [hand.copy() for hand in self.hands]
        new.known = [cards.copy() for cards in self.known]
        new.pile, new.taken = self.pile.copy(), self.taken
        new.claims, new.discarder, new.ended = self.claims.copy(), self.discarder, self.ended
        return new

    # -- reading the state ---------------------------------------------------

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.stock) - self.drawn

    def deadwood(self, seat: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """The least deadwood of ``seat``'s hand and the melds that leave it."""
        return least_deadwood(tuple(self.hands[seat]))

    def deadwood_points(self, seat: int) -> int:
        """The least deadwood of ``seat``'s hand, without the melds (``deadwood_value``:
        cheaper, for the knock and gin checks and the bots)."""
        return deadwood_value(tuple(self.hands[seat]))

    def next_seat(self, seat: int) -> int:
        """The player after ``seat`` among those dealt into the hand."""
        playing = self.playing
        return playing[(playing.index(seat) + 1) % len(playing)]

    # -- legal actions -------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Sorted actions for ``to_act`` ([] when over):

        - rebuy phase: ``rebuy``, ``retire``;
        - at the start of a turn: ``draw`` (the stock), ``take`` (the upcard), and
          ``knock`` with a deadwood of 1 to 7 or ``gin`` with none;
        - after drawing: ``discard XY`` for each card of the hand but the one just
          taken from the pile;
        - a claim offered: ``claim``, ``decline``.
        """
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        if phase == REBUY:
            return ["rebuy", "retire"]
        if phase == CLAIM:
            return ["claim", "decline"]
        if phase == DISCARD:
            return [
                f"discard {code}"
                for code in sorted({CODES[face] for face in self.hands[seat]})
                if FACE[code] != self.taken
            ]
        return self.draw_actions(seat)

    def draw_actions(self, seat: int) -> list[str]:
        """The sorted actions ``seat`` has at the start of its turn with its hand as it is:
        ``draw``, ``take``, and ``knock`` (deadwood 1 to 7) or ``gin`` (deadwood 0). The
        view shows them to the next player while a claim is offered to another
        (view.py), as they will be once the offer is answered."""
        actions = ["draw", "take"]
        dead = self.deadwood_points(seat)
        if dead == 0:
            actions.append("gin")
        elif dead <= KNOCK_LIMIT:
            actions.append("knock")
        return sorted(actions)

    @property
    def open_claims(self) -> list[int]:
        """The seats with a claim offer open on the last discard, the one to answer first
        first; [] outside the claim phase."""
        return list(self.claims) if self.phase == CLAIM else []

    @property
    def seat_on_move(self) -> int | None:
        """The seat the table sees on move: ``to_act``, except while a claim is offered,
        when it is the next player after the discarder (the offer is private)."""
        if self.phase == CLAIM:
            return self.next_seat(self.discarder)
        return self.to_act

    # -- applying an action ----------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        """Apply one action of ``seat``, the seat to act (the list in ``legal_actions``).

        1. ``rebuy`` / ``retire``: the rebuy decision of a player who reached 100; once
           every such player has decided, the cards are dealt.
        2. ``knock`` / ``gin``: the hand ends and is scored (scoring.py).
        3. ``draw`` / ``take``: the top card of the stock or the upcard joins the hand.
           A hand of eight holding a rumino is revealed and wins the game.
        4. ``discard XY``: the card goes on the pile. Each other player whose rumino it
           completes is offered it in turn (``claim``/``decline``); then the next
           player's turn. A turn that would start with the stock empty ends the hand
           with no score; so with the stock empty the first such player's rumino is
           revealed for them at once (no turn follows for the offer to wait before).

        Raises IllegalAction, changing nothing, when the action is refused.
        """
        if not isinstance(action, str):
            raise _malformed(action)
        face = _DISCARDS.get(action)
        if face is not None:  # the commonest action first
            self._discard(seat, face, action)
            return
        phase = self.phase
        if action in ("rebuy", "retire"):
            if phase != REBUY:
                raise self._phase_refusal(action, self._expected())
            self.state = (rebuy if action == "rebuy" else retire)(self.state, seat)
            if self.state["pending"]:
                self.to_act = self._order(self.state["pending"])[0]
            else:
                self._deal_cards()
            return
        if action in ("claim", "decline"):
            if phase != CLAIM:
                raise self._phase_refusal(action, self._expected())
            if action == "claim":
                self.hands[seat] = sorted([*self.hands[seat], self.pile.pop()])
                self._end(RUMINO, seat)
                return
            self.claims.pop(0)
            self._after_claims()
            return
        if action in ("draw", "take", "knock", "gin"):
            if phase != DRAW:
                raise self._phase_refusal(action, self._expected())
            self._turn_start(seat, action)
            return
        raise _malformed(action)

    def _discard(self, seat: int, face: int, action: str) -> None:
        """``discard XY`` of ``face`` by ``seat`` (``_apply``, step 4)."""
        if self.phase != DISCARD:
            raise self._phase_refusal(action, self._expected())
        hand = self.hands[seat]
        if face not in hand:
            raise IllegalAction(
                "card_not_in_hand", f"{action}: {CODES[face]} is not in your hand", card=CODES[face]
            )
        if face == self.taken:
            raise IllegalAction(
                "just_taken",
                f"{action}: you took {CODES[face]} from the pile this turn and may not "
                "discard it again",
                card=CODES[face],
            )
        hand.remove(face)
        if face in self.known[seat]:
            self.known[seat].remove(face)
        self.pile.append(face)
        self.taken = None
        self.discarder = seat
        playing, hands = self.playing, self.hands
        index = playing.index(seat)
        self.claims = [
            other
            for other in playing[index + 1 :] + playing[:index]
            if completes_rumino(hands[other], face) is not None
        ]
        self._offer()

    def _offer(self) -> None:
        """After a discard: offer it to ``claims`` (``_after_claims``), or, with the stock
        empty, reveal the first claimant's rumino at once."""
        if self.claims and not self.stock_count:
            # No turn can follow for the offer to wait before: the first claimant's
            # rumino is revealed for them at once, as a dealt one is (game.py).
            claimant = self.claims[0]
            self.hands[claimant] = sorted([*self.hands[claimant], self.pile.pop()])
            self._end(RUMINO, claimant)
            return
        self._after_claims()

    def follow(self, actions: Sequence[tuple[int, str]]) -> int:
        """Apply ``actions`` (``(seat, action)`` pairs) from the first while each is a
        ``draw``, ``take`` or ``discard`` of the seat to act that ``apply`` would take, in
        exactly the state ``apply`` would leave; return how many were applied (the first
        left is for ``apply``, which takes or refuses it as ever).

        For the determinizer, which replays the whole public history on every sample:
        what ``apply`` does for these three actions, less its general checks, with each
        hand's rank and suit counts kept up to date (``melds.TALLY``) so that the
        rumino tests after a draw and a discard (``rumino_in``, ``completes_rumino``) run
        only when those counts allow one (the same quick test they begin with).
        tests/games/rules/test_rumino_play.py checks it against ``apply``."""
        hands, known, pile, playing = self.hands, self.known, self.pile, self.playing
        tallies = [sum(map(TALLY.__getitem__, hand)) for hand in hands]
        jokers = [hand.count(JOKER) for hand in hands]
        done = 0
        for seat, action in actions:
            if seat != self.to_act or type(seat) is not int or type(action) is not str:
                break
            phase = self.phase
            if action == "draw" or action == "take":
                if phase != DRAW:
                    break
                if action == "draw":
                    card = self.stock[self.drawn]
                    self.drawn += 1
                    self.taken = None
                else:
                    card = pile.pop()
                    self.taken = card
                    known[seat].append(card)
                hand = hands[seat]
                insort(hand, card)
                tallies[seat] += TALLY[card]
                jokers[seat] += card == JOKER
                if rumino_possible(tallies[seat], jokers[seat]) and rumino_in(hand) is not None:
                    self._end(RUMINO, seat)
                else:
                    self.phase = DISCARD
            else:
                face = _DISCARDS.get(action)
                hand = hands[seat]
                if phase != DISCARD or face is None or face not in hand or face == self.taken:
                    break
                hand.remove(face)
                tallies[seat] -= TALLY[face]
                jokers[seat] -= face == JOKER
                if face in known[seat]:
                    known[seat].remove(face)
                pile.append(face)
                self.taken = None
                self.discarder = seat
                index = playing.index(seat)
                wild = face == JOKER
                self.claims = [
                    other
                    for other in playing[index + 1 :] + playing[:index]
                    if rumino_possible(tallies[other] + TALLY[face], jokers[other] + wild)
                    and completes_rumino(hands[other], face) is not None
                ]
                if self.claims:
                    self._offer()
                elif not self.stock_count:
                    self._end(STOCK, None)
                else:
                    self.phase = DRAW
                    self.to_act = playing[(index + 1) % len(playing)]
            self.actions.append((seat, action))
            done += 1
        return done

    def _expected(self) -> str:
        return " or ".join(repr(action) for action in self.legal_actions())

    def _turn_start(self, seat: int, action: str) -> None:
        if action in ("knock", "gin"):
            dead = self.deadwood_points(seat)
            if action == "gin" and dead != 0:
                raise IllegalAction(
                    "cannot_go_gin", f"gin needs a deadwood of 0, yours is {dead}", deadwood=dead
                )
            if action == "knock" and not 0 < dead <= KNOCK_LIMIT:
                raise IllegalAction(
                    "cannot_knock",
                    f"knocking needs a deadwood of 1 to {KNOCK_LIMIT} (0: go gin), yours is {dead}",
                    deadwood=dead,
                )
            self._end(action, seat)
            return
        if action == "draw":
            card = self.stock[self.drawn]
            self.drawn += 1
            self.taken = None
        else:
            card = self.pile.pop()
            self.taken = card
            self.known[seat].append(card)
        self.hands[seat] = sorted([*self.hands[seat], card])
        if rumino_in(self.hands[seat]) is not None:
            self._end(RUMINO, seat)
            return
        self.phase = DISCARD

    def _after_claims(self) -> None:
        """Offer the discard to the next player it completes a rumino for, or go on."""
        if self.claims:
            self.phase = CLAIM
            self.to_act = self.claims[0]
            return
        following = self.next_seat(self.discarder)
        if not self.stock_count:
            self._end(STOCK, None)
            return
        self.phase = DRAW
        self.to_act = following

    def _end(self, how: str, by: int | None) -> None:
        self.ended = {"ended_by": how, "by": by}
        self.phase = OVER
        self.to_act = None

    def _result(self) -> dict[str, Any]:
        """The hand's result: ``points`` added per seat, how it ended, every hand shown
        with its least deadwood and melds, and the game's state after it (scoring.py),
        ``winner`` the game's winner once decided."""
        ended = self.ended or {"ended_by": STOCK, "by": None}
        how, by = ended["ended_by"], ended["by"]
        deadwood: list[int | None] = [None] * self.seats
        melds: list[list[list[str]] | None] = [None] * self.seats
        for seat in self.playing:
            dead, best = self.deadwood(seat)
            deadwood[seat] = dead
            melds[seat] = [codes(meld) for meld in best]
        points = hand_points(deadwood, how, by)
        if how == RUMINO:
            after = {**self.state, "winner": by}
        else:
            after = settle(self.state, points, self.options["rebuys"])
        rumino = rumino_in(self.hands[by]) if how == RUMINO and by is not None else None
        return {
            "points": points,
            "ended_by": how,
            "by": by,
            "rumino": codes(rumino) if rumino else None,
            "hands": [codes(hand) for hand in self.hands],
            "deadwood": deadwood,
            "melds": melds,
            **{key: _plain(value) for key, value in after.items()},
        }


def _copy_state(carry: dict[str, Any]) -> dict[str, Any]:
    return {key: _plain(carry[key]) for key in ("scores", "out", "pending", "rebuys", "pool")}


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, list | tuple) else value
