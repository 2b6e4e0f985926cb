"""The contract every game of the engine follows: Game, Deal, Option, IllegalAction.

A game module subclasses ``Game`` (what the game is: slug, seats, options,
pack, match rules) and ``Deal`` (one deal's state machine), overriding only its
hooks. The contract is described in ../shared/DESIGN.md ("Rules engine
contract", "Deal records").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.rules.cards import Pack


class IllegalAction(ValueError):  # noqa: N818 - the contract's name, like python-chess's
    """An action the rules do not allow now; the deal is left unchanged.

    Attributes:
        key: a message key for translation outside the engine, e.g.
            ``"must_follow_suit"``.
        params: the values the message mentions, e.g. ``{"suit": "D"}``.
    The ``str()`` of the exception is a readable English message.
    """

    def __init__(self, key: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.message = message
        self.params = params


@dataclass(frozen=True)
class Option:
    """A declared option of a game.

    ``choices`` lists every allowed value; a value is accepted only if it
    equals a choice and has the same type (so ``1`` is not ``True``).
    """

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str

    def check(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise ValueError naming the choices."""
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return value
        allowed = ", ".join(repr(c) for c in self.choices)
        raise ValueError(f"option {self.name!r} cannot be {value!r}; allowed: {allowed}")


class Deal:
    """One deal: a deck, an action log and the state they lead to.

    Attributes: ``game``, ``seats`` (player count), ``sides`` (the seats of each side,
    ``game.sides(seats, options)``: one seat a side, or partnerships), ``dealer`` (seat),
    ``options`` (normalized dict), ``deck`` (codes, top first), ``actions``
    (list of ``(seat, action)`` in order), ``to_act`` (seat or None when over)
    and ``phase`` (the game's name of the stage the deal is in, "over" at the
    end; the subclass sets it).
    Subclasses implement ``_deal`` (the deal procedure), ``legal_actions``,
    ``_apply`` (the rules of one action: ``apply`` has checked whose turn it is
    and logs it) and ``_result``; the view is built by the game
    (``Game.view_for``), so a deal module never imports its view module.
    """

    __slots__ = (
        "game",
        "seats",
        "sides",
        "dealer",
        "options",
        "deck",
        "actions",
        "to_act",
        "phase",
        "carry",
    )

    def __init__(
        self,
        game: Game,
        seats: int,
        dealer: int,
        options: dict[str, Any],
        deck: list[str],
        carry: dict[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.seats = seats
        self.sides = game.sides(seats, options)
        self.dealer = dealer
        self.options = options
        self.deck = deck
        self.carry = carry
        self.actions: list[tuple[int, str]] = []
        self.to_act: int | None = None
        self.phase = ""
        self._deal()

    def __repr__(self) -> str:
        state = "over" if self.to_act is None else f"seat {self.to_act} to act"
        return f"<{type(self).__name__} dealer {self.dealer}, {len(self.actions)} actions, {state}>"

    @property
    def is_over(self) -> bool:
        """True once the deal is finished (``to_act`` is None)."""
        return self.to_act is None

    @property
    def actions_count(self) -> int:
        """How many actions have been applied."""
        return len(self.actions)

    def apply(self, action: str, seat: int | None = None) -> None:
        """Apply ``action`` for the seat to act (checked against ``seat`` when given).

        Raises IllegalAction, changing nothing, when the deal is over, when
        ``seat`` is not the seat to act (a bool is no seat, though ``True == 1``), or
        when the rules refuse the action.
        """
        actor = self.to_act
        if actor is None or (seat is not None and (seat != actor or isinstance(seat, bool))):
            raise self._turn_refusal(action, seat)
        self._apply(actor, action)
        self.actions.append((actor, action))

    def _turn_refusal(self, action: str, seat: int | None) -> IllegalAction:
        """The refusal of an action made when the deal is over or by the wrong seat."""
        if self.to_act is None:
            return IllegalAction("deal_over", f"{action!r}: the deal is over", action=action)
        return IllegalAction(
            "not_your_turn",
            f"seat {seat!r} cannot act: it is seat {self.to_act}'s turn",
            seat=seat,
        )

    def _phase_refusal(self, action: str, expected: str | None) -> IllegalAction:
        """The refusal (key ``wrong_phase``) of an action the current ``phase`` does not
        take, saying what it ``expected``."""
        return IllegalAction(
            "wrong_phase",
            f"{action!r} is not possible in the {self.phase} phase: expected {expected}",
            phase=self.phase,
        )

    def result(self) -> dict[str, Any]:
        """The deal's result, ``{"points": [per seat], "side_points": [per side], ...details}``.

        ``points[seat]`` is what the seat scores (in a partnership, its side's points);
        ``side_points[side]`` what each side of ``sides`` scores. A game whose sides
        are single seats may leave ``side_points`` out of ``_result``: it is then
        ``points`` summed per side. Raises ValueError before the end.
        """
        if self.to_act is not None:
            raise ValueError("the deal is not over yet: there is no result")
        return self._full_result()

    def _full_result(self) -> dict[str, Any]:
        """``_result()`` with ``side_points`` filled in when the game leaves it out."""
        result = self._result()
        if "side_points" not in result:
            points = result["points"]
            result["side_points"] = [sum(points[seat] for seat in side) for side in self.sides]
        return result

    def record(self) -> dict[str, Any]:
        """The deal record (DESIGN.md "Deal records"): game, options, seats, dealer,
        deck, actions and, once over, result. JSON-ready; never holds a seed."""
        record: dict[str, Any] = {
            "game": self.game.slug,
            "options": dict(self.options),
            "seats": self.seats,
            "dealer": self.dealer,
            "deck": list(self.deck),
            "actions": [{"seat": seat, "action": action} for seat, action in self.actions],
        }
        if self.carry is not None:
            record["carry"] = self.carry
        if self.to_act is None:
            record["result"] = self._full_result()
        return record

    def legal_actions(self) -> list[str]:
        """Sorted action strings for ``to_act``; [] when over."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready (None: a spectator); the shape is in the
        game's ``<slug>_view`` module, its common keys in views.py.

        Raises ValueError for a seat that is not one of the deal's seats or None.
        """
        if seat not in (*range(self.seats), None) or isinstance(seat, bool):
            seats = ", ".join(str(s) for s in range(self.seats))
            raise ValueError(f"a {self.game.name} view is for seat {seats} or None, not {seat!r}")
        return self._view(seat)

    def _deal(self) -> None:
        """Deal ``deck`` as the game's procedure says: hands, table, stock, then the
        ``phase`` and the seat ``to_act`` (called once, by ``__init__``)."""
        raise NotImplementedError

    def _apply(self, seat: int, action: str) -> None:
        """Apply ``action`` for ``seat``, the seat to act; raise IllegalAction before
        changing anything. ``apply`` logs the action once this returns."""
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The view of a checked ``seat``: the game's ``view_for``."""
        return self.game.view_for(self, seat)

    def _result(self) -> dict[str, Any]:
        raise NotImplementedError


class Game:
    """A card game: its identity, options, pack and the rules around deals.

    Subclasses set the class attributes (``seats``: the player counts allowed,
    ``options``: name -> Option, in the order they are listed) and implement
    ``match_winner`` and ``view_for``; they may override ``default_option`` when a
    default depends on other options, ``seat_counts``, ``pack_for`` and ``deal_class_for``
    when the options or the count of players change them, and ``sides`` for partnerships.

    Seats are numbered in the order of play (seat ``s + 1`` plays after seat ``s``);
    sides are numbered as ``sides()`` lists them. Match scores, the match winner and
    places are per side; a game without partnerships has one seat a side, so there a
    side's number is its seat's.
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    seats: ClassVar[tuple[int, ...]]
    pack: ClassVar[Pack]
    deal_class: ClassVar[type[Deal]]
    options: ClassVar[dict[str, Option]]

    ranked_by_chips: ClassVar[bool] = False
    """True for games played for chips (the banking games, Calabrasella): a table event
    ranks its players by the chips they won or lost before the places at the tables."""

    _defaults: dict[str, Any] | None = None

    def __init__(self) -> None:
        # Options are validated for every new deal; most deals use the defaults.
        self._defaults = self.validate_options({})

    def __repr__(self) -> str:
        return f"<Game {self.slug}>"

    def seat_counts(self, options: dict[str, Any]) -> tuple[int, ...]:
        """The player counts allowed with these (validated) options: ``seats`` by default."""
        return self.seats

    def sides(self, seats: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
        """The sides of a deal of ``seats`` players: a tuple of sides, each the tuple of its
        seats. By default every seat is a side of its own: ``((0,), (1,), ...)``.
        Partnership games return ``partners_opposite(seats)`` where they have them."""
        return tuple((seat,) for seat in range(seats))

    def side_of(self, seats: int, options: dict[str, Any], seat: int) -> int:
        """The number of the side ``seat`` plays for."""
        for number, side in enumerate(self.sides(seats, options)):
            if seat in side:
                return number
        raise ValueError(f"seat {seat!r} is not one of the {seats} seats")

    def pack_for(self, seats: int, options: dict[str, Any]) -> Pack:
        """The pack a deal of ``seats`` players with these options uses: ``pack`` by default."""
        return self.pack

    def view_for(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        """What ``seat`` of ``deal`` may know (None: a spectator), JSON-ready; ``seat`` is
        checked (``Deal.view``). The game's view module builds it."""
        raise NotImplementedError

    def deal_points(self, result: dict[str, Any]) -> list[float]:
        """Each side's points in a finished deal's ``result()``, the more the better: its
        ``side_points`` by default; a game that scores penalty points (Rumino) negates them.
        The bots' search and their benchmark compare sides by it."""
        return list(result["side_points"])

    def final_points(self, deal: Deal) -> list[float]:
        """``deal_points`` of the finished ``deal``'s ``result()``, for the bots' search,
        which scores every playout by it: a game may compute them without building the
        whole result (Rumino's leaves out the hands shown, the melds and the game's state).
        Raises ValueError before the end."""
        return self.deal_points(deal.result())

    def estimate_points(self, deal: Deal) -> list[float] | None:
        """Each side's points, the more the better, as ``deal_points`` would give them if
        ``deal`` (not over) were scored as it lies: what a search that cuts its playouts
        short scores them by (games/ismcts.py, ``horizon``). None (the default): the game
        has no such estimate, and playouts run to the deal's end."""
        return None

    def result_as_it_stands(self, deal: Deal) -> dict[str, Any] | None:
        """The result of ``deal`` (not over) stopped now, as an event's round clock stops the
        deal in progress when the event says "scored as it stands" (docs/tournaments.md,
        "The round clock"): in exactly the shape of the game's finished deals (so that the
        match's scores, its winner and the standings read it unchanged), counting what each
        side has won so far, with ``"stopped": True``. None (the default): the game cannot
        score a deal stopped part way, and its events play the deal out.

        Raises ValueError for a deal that is over (its result is ``deal.result()``).
        """
        return None

    def _stopped_result(self, deal: Deal) -> dict[str, Any]:
        """``deal``'s ``_result()`` as its state stands now, ``side_points`` filled in and
        marked ``"stopped": True``: the ``result_as_it_stands`` of a game whose ``_result``
        counts only what has been won so far. Raises ValueError for a deal that is over."""
        if deal.is_over:
            raise ValueError("the deal is over: its result is result(), not one as it stands")
        return {**deal._full_result(), "stopped": True}

    def public_history(self, deal: Deal, seat: int | None) -> list[tuple[int, str]]:
        """The deal's actions as ``seat`` saw them: (seat, action) in order, with an action
        the seat may not know replaced by (seat, "?"). Default: every action is public.

        ``seat`` None is a spectator. A game with actions hidden from some seats (a card
        discarded face down, a secret bid) overrides it. The bots (games/bots.py) get this
        and ``view_for``, never the deal.
        """
        return list(deal.actions)

    def determinize(
        self,
        view: dict[str, Any],
        history: list[tuple[int, str]],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Deal:
        """A deal consistent with everything the viewer knows (``view`` = view_for(deal,
        viewer), ``history`` = public_history(deal, viewer), ``options`` the validated options),
        with every card the viewer has not seen placed at random (uniformly among the
        placements consistent with what the viewer saw). Postcondition:
        view_for(result, viewer) == view and public_history(result, viewer) == history.
        Raises NotImplementedError for a game that has none, ValueError for a view that is not
        of this game.

        Used by the ISMCTS bot (games/ismcts.py; Cowling, Powley and Whitehouse, "Information
        Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012). Games implement it in
        ``games/rules/<game>/determinize.py``; tests/games/test_determinize.py checks the
        postcondition for every registered game.
        """
        raise NotImplementedError(f"{self.name} has no determinizer yet")

    def default_option(self, name: str, given: dict[str, Any]) -> Any:
        """Default for option ``name`` given the options passed so far."""
        return self.options[name].default

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Return every option of the game, checked, with defaults filled in.

        Raises ValueError for an unknown option name or a value not allowed.
        """
        if not options and self._defaults is not None:
            return dict(self._defaults)
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"options are a dict of name -> value, not {options!r}")
        given = dict(options or {})
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(self.options)
            raise ValueError(f"unknown option(s) {unknown} for {self.slug}; known: {known}")
        result = {}
        for name, option in self.options.items():
            value = given[name] if name in given else self.default_option(name, given)
            result[name] = option.check(value)
        return result

    def new_deal(
        self,
        seats: int | None = None,
        dealer: int = 0,
        options: dict[str, Any] | None = None,
        seed: int | str | bytes | None = None,
        deck: Sequence[str] | None = None,
        carry: dict[str, Any] | None = None,
    ) -> Deal:
        """Start a deal.

        ``seats`` defaults to the game's first allowed count. ``deck`` (codes,
        top first) must be an ordering of the game's pack; without it the pack
        is shuffled from ``seed``, or from the CSPRNG when ``seed`` is None.
        ``carry`` is what the deal needs from the deals before it in a match, for the
        games that carry something over (``carry_for``: the chip stacks of the banking
        games); None starts as a match's first deal. Raises ValueError for a seat count
        the game does not allow, a dealer outside the seats, bad options, a bad deck or
        a bad carry.
        """
        normalized = self.validate_options(options)
        allowed = self.seat_counts(normalized)
        if seats is None:
            seats = allowed[0]
        if type(seats) is not int or seats not in allowed:
            raise ValueError(f"{self.name} is played by {allowed} players, not {seats!r}")
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise ValueError(f"the dealer must be a seat from 0 to {seats - 1}, not {dealer!r}")
        pack = self.pack_for(seats, normalized)
        cards = pack.shuffled(seed) if deck is None else pack.check_deck(deck)
        carry = self.check_carry(carry, seats, normalized)
        deal_class = self.deal_class_for(seats, normalized)
        if carry is None:
            return deal_class(self, seats, dealer, normalized, cards)
        return deal_class(self, seats, dealer, normalized, cards, carry)

    def carry_for(
        self, options: dict[str, Any], seats: int, results: Sequence[dict[str, Any]]
    ) -> dict[str, Any] | None:
        """What the next deal of a match needs from the deals before it (``results``: their
        ``result()`` in order), passed to ``new_deal(carry=...)`` and kept in the deal's
        record: None for most games; the banking games carry the chip stacks."""
        return None

    def check_carry(self, carry: Any, seats: int, options: dict[str, Any]) -> dict[str, Any] | None:
        """``carry`` checked for a deal of ``seats`` players (None: as a match's first deal).
        Games that carry nothing refuse any carry; raises ValueError."""
        if carry is not None:
            raise ValueError(f"{self.name} deals carry nothing over, not {carry!r}")
        return None

    def deal_class_for(self, seats: int, options: dict[str, Any]) -> type[Deal]:
        """The Deal subclass that plays a deal of ``seats`` players with these (validated)
        options: ``deal_class`` by default; a game whose variants play differently
        returns another (Bazzica's ``tre``, ``rubicone``, ``quattro``)."""
        return self.deal_class

    def replay(self, record: dict[str, Any]) -> Deal:
        """Rebuild a deal from its record by applying its actions in order.

        Raises ValueError when the record is not a record of this game, and
        IllegalAction on the first refused action, saying its index, seat and
        action (the key is the refusal's own key).
        """
        if not isinstance(record, dict):
            raise ValueError(f"a deal record is a dict, not {type(record).__name__}")
        missing = sorted({"game", "options", "seats", "dealer", "deck", "actions"} - set(record))
        if missing:
            raise ValueError(f"not a deal record: {missing} missing")
        if record["game"] != self.slug:
            raise ValueError(f"the record is of {record['game']!r}, not {self.slug!r}")
        deal = self.new_deal(
            seats=record["seats"],
            dealer=record["dealer"],
            options=record["options"],
            deck=record["deck"],
            carry=record.get("carry"),
        )
        actions = record["actions"]
        if not isinstance(actions, list):
            raise ValueError(f"the record's actions are not a list: {actions!r}")
        for index, entry in enumerate(actions):
            if (
                not isinstance(entry, dict)
                or set(entry) != {"seat", "action"}
                or type(entry["seat"]) is not int
            ):
                raise ValueError(f"action {index} is not {{'seat': n, 'action': '...'}}: {entry!r}")
            seat, action = entry["seat"], entry["action"]
            try:
                deal.apply(action, seat=seat)
            except IllegalAction as error:
                raise IllegalAction(
                    error.key,
                    f"action {index} (seat {seat}, {action!r}): {error}",
                    index=index,
                    **error.params,
                ) from error
        return deal

    def match_scores(self, results: Sequence[dict[str, Any]], options: dict[str, Any]) -> list[int]:
        """Running match totals per side: the sum of each deal's ``side_points`` (its
        ``points`` where a result has no ``side_points``); zeros for the sides of the first
        seat count the options allow before the first deal."""
        if not results:
            normalized = self.validate_options(options)
            return [0] * len(self.sides(self.seat_counts(normalized)[0], normalized))
        totals = [0] * len(_side_points(results[0]))
        for result in results:
            for side, points in enumerate(_side_points(result)):
                totals[side] += points
        return totals

    def match_target(self, options: dict[str, Any]) -> int | None:
        """The points that end a match with these options (the option ``target``), None
        for a game or variant that plays no target."""
        return options.get("target") if isinstance(options, dict) else None

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """The side that has won the match after these deals, or None while it goes on."""
        raise NotImplementedError

    def match_places(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> list[int] | None:
        """The place of each side (1 first, equal totals share a place) once the match is
        won, else None: the winner first, the others by ``match_scores``, higher first.
        Games whose ranking differs (e.g. by cards left) override it."""
        winner = self.match_winner(results, options)
        if winner is None:
            return None
        totals = self.match_scores(results, options)
        order = sorted(range(len(totals)), key=lambda side: (side != winner, -totals[side]))
        places = [0] * len(totals)
        for rank, side in enumerate(order):
            previous = order[rank - 1] if rank else None
            same = previous is not None and previous != winner and totals[previous] == totals[side]
            places[side] = places[previous] if same else rank + 1
        return places

    def next_dealer(self, dealer: int, seats: int, results: Sequence[dict[str, Any]] = ()) -> int:
        """The dealer of the next deal, given the ``results`` of the match's deals so far
        (the last one just finished): by default the deal passes to the next seat. The
        banking games pass the bank as their rules say."""
        return (dealer + 1) % seats


def _side_points(result: dict[str, Any]) -> list[int]:
    """A deal result's points per side (``points`` when it gives no ``side_points``)."""
    return result.get("side_points", result["points"])


def partners_opposite(seats: int) -> tuple[tuple[int, ...], ...]:
    """Partnerships of partners sitting opposite: at four ``((0, 2), (1, 3))``, at six
    ``((0, 2, 4), (1, 3, 5))``; seats play in turn, so partners never play one after the
    other (../shared/rules/sources/004_3274f6a7e97458c6.txt, Tressette and Briscola a
    quattro). Raises ValueError for an odd count."""
    if seats % 2:
        raise ValueError(f"{seats} seats cannot sit as two partnerships")
    return (tuple(range(0, seats, 2)), tuple(range(1, seats, 2)))
