"""Helpers shared by the tests of every game: refusals that must change nothing, the
command line, random play and the cards a view shows.

The usual table in the tests: seat 0 is alice, seat 1 bob. Each game's own deal
builders are in its test modules (``test_<game>_helpers.py`` or the top of
``test_<game>_deal.py``).
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from games.rules import Deal, Game, IllegalAction

ALICE, BOB = 0, 1
REPO = Path(__file__).resolve().parents[3]
# The keys every view shares, in their order (games/rules/views.py): the view's first
# keys, a player's first keys, and the trick of trick games.
VIEW_HEADER = ["game", "viewer", "seats", "sides", "dealer", "phase", "to_act", "legal_actions"]
PLAYER_HEADER = ["seat", "hand", "hand_count", "known_cards"]
TRICK_KEYS = ["leader", "trick", "last_trick"]


# -- refusals ----------------------------------------------------------------


def _state(deal: Deal) -> dict[str, Any]:
    """Every slot of the deal but its game, deep-copied: internal tables included, so
    that a refusal cannot change even what neither the record nor a view shows."""
    names = {name for cls in type(deal).__mro__ for name in getattr(cls, "__slots__", ())}
    return {
        name: copy.deepcopy(getattr(deal, name))
        for name in sorted(names - {"game"})
        if hasattr(deal, name)
    }


def snapshot(deal: Deal) -> tuple[Any, ...]:
    """Everything observable of ``deal``: its record, every view, its legal actions,
    the seat to act and its internal state."""
    observed = (
        copy.deepcopy(deal.record()),
        [deal.view(seat) for seat in (*range(deal.seats), None)],
        deal.legal_actions(),
        deal.to_act,
    )
    return (*observed, _state(deal))


def assert_refused(deal: Deal, action: Any, key: str, seat: int | None = None) -> IllegalAction:
    """Check that ``deal.apply(action, seat)`` raises IllegalAction with ``key`` and a
    readable message, and changes nothing; returns the refusal."""
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply(action, seat=seat)
    assert refusal.value.key == key
    assert isinstance(refusal.value, ValueError) and str(refusal.value)
    assert snapshot(deal) == before
    return refusal.value


# -- playing and replaying ---------------------------------------------------


def deck_with_top(pack_order: Iterable[str], *cards: str) -> list[str]:
    """A deck (top first) starting with ``cards``, the rest of the pack (``pack_order``, a
    fresh pack's codes) after them in that order."""
    order = list(pack_order)
    rest = Counter(order) - Counter(cards)
    assert not Counter(cards) - Counter(order), "a card given more often than the pack has it"
    tail = []
    for code in order:
        if rest[code] > 0:
            rest[code] -= 1
            tail.append(code)
    return [*cards, *tail]


def banking_hand(
    game: Game,
    top: Sequence[str],
    actions: Sequence[str],
    seats: int = 3,
    banker: int = 0,
    stacks: list[int] | None = None,
    **options: Any,
) -> Deal:
    """A hand of a banking game dealt from a deck whose top is ``top`` (the rest in
    fresh-pack order), with ``stacks`` carried in (default: the option ``stack`` each),
    after ``actions``."""
    carry = {"stacks": stacks} if stacks else None
    deck = deck_with_top(game.pack.new_order, *top)
    deal = game.new_deal(seats=seats, dealer=banker, options=options, deck=deck, carry=carry)
    for action in actions:
        deal.apply(action)
    return deal


def seats_for(game: Game, options: dict[str, Any] | None) -> int:
    """The first seat count ``game`` allows with these options (Bazzica's variants: 2, 3
    or 4)."""
    return game.seat_counts(game.validate_options(options))[0]


def _valid_options(game: Game) -> Callable[[dict[str, Any]], bool]:
    def valid(options: dict[str, Any]) -> bool:
        try:
            game.validate_options(options)
        except ValueError:
            return False
        return True

    return valid


def played(
    game: Game,
    seed: int = 21,
    dealer: int = BOB,
    options: dict[str, Any] | None = None,
    steps: int | None = None,
    deck: list[str] | None = None,
    prefer: str = "",
) -> Deal:
    """A deal played to the end (or for ``steps`` actions), each action chosen among the
    legal ones by the number of actions so far: varied, and the same every run. With
    ``prefer``, the first legal action starting with it is taken whenever there is one."""
    seats = seats_for(game, options)
    deal = game.new_deal(seats=seats, dealer=dealer % seats, options=options, seed=seed, deck=deck)
    while not deal.is_over and (steps is None or deal.actions_count < steps):
        legal = deal.legal_actions()
        preferred = [action for action in legal if prefer and action.startswith(prefer)]
        deal.apply(preferred[0] if preferred else legal[deal.actions_count * 7 % len(legal)])
    return deal


def assert_replays(deal: Deal) -> Deal:
    """Check that the deal's record, through JSON, replays to the same deal: the same
    record (and result, once over), views, seat to act and legal actions."""
    record = json.loads(json.dumps(deal.record()))
    assert record == deal.record()
    again = deal.game.replay(record)
    assert again.record() == record
    viewers = (*range(deal.seats), None)
    assert [again.view(seat) for seat in viewers] == [deal.view(seat) for seat in viewers]
    assert (again.to_act, again.legal_actions()) == (deal.to_act, deal.legal_actions())
    return again


def random_deals(game: Game, **more: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Specs of random deals of ``game``: ``deck_seed``, ``play_seed``, ``dealer``,
    ``options`` (any allowed value of each, in a combination the game accepts) and the
    strategies ``more`` a game's tests add. The dealer is taken modulo the seat count."""
    options = st.fixed_dictionaries(
        {name: st.sampled_from(option.choices) for name, option in game.options.items()}
    ).filter(_valid_options(game))
    return st.fixed_dictionaries(
        {
            "deck_seed": st.integers(0, 2**40),
            "play_seed": st.integers(0, 2**40),
            "dealer": st.sampled_from(range(max(game.seats))),
            "options": options,
            **more,
        }
    )


def play_random_deal(
    game: Game,
    spec: dict[str, Any],
    table: Callable[[Deal], Any] = lambda deal: None,
    each_step: Callable[[Deal, Any], None] | None = None,
    choose: Callable[[random.Random, list[str]], str] | None = None,
    deck: list[str] | None = None,
) -> tuple[Deal, Any]:
    """Play the deal of ``spec`` (see ``random_deals``) to the end, each action drawn
    among the legal ones, and tell ``table(deal)`` (an account of the deal kept by the
    test, or None) each one as ``observe(seat, action)``.

    ``each_step(deal, table)`` is called before every action and once at the end;
    ``choose(rng, legal)`` picks the action (default: ``rng.choice``); ``deck``, if
    given, is dealt instead of the shuffle of ``spec["deck_seed"]``.
    Returns the deal and the table.
    """
    seats = seats_for(game, spec["options"])
    deal = game.new_deal(
        seats=seats,
        dealer=spec["dealer"] % seats,
        options=spec["options"],
        seed=spec["deck_seed"],
        deck=deck,
    )
    account = table(deal)
    rng = random.Random(spec["play_seed"])
    while True:
        if each_step:
            each_step(deal, account)
        if deal.is_over:
            return deal, account
        legal = deal.legal_actions()
        action = choose(rng, legal) if choose else rng.choice(legal)
        seat = deal.to_act
        deal.apply(action)
        if account is not None:
            account.observe(seat, action)


# -- views -------------------------------------------------------------------


def cards_in(value: Any, codes: Container[str]) -> Iterator[str]:
    """Every card code (one of ``codes``) in a JSON-ready value, inside action strings
    too (``"capture 7D 3C+4S"`` names three cards)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key, codes)
            yield from cards_in(item, codes)
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item, codes)
    elif isinstance(value, str):
        yield from (card for token in value.split() for card in token.split("+") if card in codes)


def assert_views_show_only(
    deal: Deal,
    known_to: Callable[[int | None], set[str]],
    hand: Callable[[int], Iterable[str]],
) -> dict[int | None, dict[str, Any]]:
    """Check, against the test's own account of the deal, that no view names the deck
    or a seed or shows a card its viewer cannot know (``known_to(viewer)``: codes), and
    that each seat sees its own ``hand(seat)`` (codes); returns the views by viewer."""
    views = {}
    for viewer in (*range(deal.seats), None):
        view = views[viewer] = deal.view(viewer)
        text = json.dumps(view)
        assert "seed" not in text and "deck" not in text
        leaked = set(cards_in(view, deal.game.pack.index)) - known_to(viewer)
        assert not leaked, f"seat {viewer} sees {leaked}"
        if viewer is not None:
            assert Counter(view["players"][viewer]["hand"]) == Counter(hand(viewer))
    return views


def assert_legal_actions(deal: Deal, legal: Callable[[int], list[str]]) -> None:
    """Check that before the end the seat to act has legal actions, and exactly
    ``legal(seat)``: the test's own account of the rules."""
    if not deal.is_over:
        assert deal.legal_actions() == legal(deal.to_act) != []


# -- the command line ----------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m games.rules ARGS`` run from the repository, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "games.rules", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def assert_cli_replays(record: dict[str, Any], path: Path, index: int = 3) -> None:
    """Check that ``replay`` prints the result of the finished deal of ``record`` and
    exits 0, and that with action ``index`` made illegal it names it and exits 1."""
    path.write_text(json.dumps(record))
    done = run_cli("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == record["result"]
    record = copy.deepcopy(record)
    record["actions"][index]["action"] = "play 3X"
    path.write_text(json.dumps(record))
    refused = run_cli("replay", str(path))
    assert refused.returncode == 1
    assert f"action {index}" in refused.stdout and "play 3X" in refused.stdout
