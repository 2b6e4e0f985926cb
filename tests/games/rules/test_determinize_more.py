"""The determinizers of Bazzica (every variant), Calabrasella, Pinch Tarot, Sette e mezzo
and Ziginette, and the public histories they start from (issue #12, the ISMCTS bot).

The contract (games/rules/base.py, ``Game.determinize``): a deal built from a seat's view
and public history alone gives that seat the same view and the same history, with the
cards it has not seen placed at random; ``public_history`` hides what the seat may not
know. Source: Cowling, Powley, Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 4(2), 2012; ../shared/rules/sources/004_3274f6a7e97458c6.txt
("Calabrasella": discards face down, the card given back).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import Deal, Game, get_game
from games.rules.calabrasella.determinize import HIDDEN
from games.rules.determinization import shuffle
from tests.games.rules.helpers import cards_in

# (slug, options, seat counts) of every game and variant these determinizers cover.
CASES = [
    ("bazzica", {"variant": "classic"}, (2,)),
    ("bazzica", {"variant": "tre"}, (3,)),
    ("bazzica", {"variant": "rubicone"}, (2,)),
    ("bazzica", {"variant": "quattro"}, (4,)),
    ("calabrasella", {}, (3,)),
    ("pinch-tarot", {}, (2,)),
    ("sette-e-mezzo", {}, (2, 3, 4, 5, 6, 7, 8)),
    ("ziginette", {}, (2, 3, 4, 5, 6, 7, 8)),
]
IDS = [f"{slug}-{options.get('variant', '')}".strip("-") for slug, options, _ in CASES]
BANKING = ("sette-e-mezzo", "ziginette")
SAMPLES = 6


def deal_to_a_point(game: Game, options: dict[str, Any], seats: int, data: st.DataObject) -> Deal:
    """A random deal of ``game`` played with random legal actions to a random point (the
    end included); the banking games start from random chip stacks."""
    dealer = data.draw(st.integers(0, seats - 1), label="dealer")
    carry = None
    if game.slug in BANKING:
        stacks = data.draw(st.lists(st.sampled_from([0, 3, 40, 100]), min_size=seats,
                                    max_size=seats), label="stacks")  # fmt: skip
        stacks[dealer] = stacks[dealer] or 100  # the banker has chips
        carry = {"stacks": stacks}
    deal = game.new_deal(
        seats=seats,
        dealer=dealer,
        options=options,
        seed=data.draw(st.integers(0, 2**32), label="deck seed"),
        carry=carry,
    )
    rng = random.Random(data.draw(st.integers(0, 2**32), label="play seed"))
    steps = data.draw(st.integers(0, 400), label="actions")
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def unseen_order(deal: Any) -> list[Any]:
    """What is still face down in a deal, in order: the stock, talon or deck to come (the
    widow and the discards in Calabrasella)."""
    slug = deal.game.slug
    if slug == "bazzica":
        return list(deal.deck[deal.stock_pos :])
    if slug == "sette-e-mezzo":
        return list(deal.deck[deal.pos :])
    if slug == "ziginette":
        return list(deal.cards[deal.pos :])
    if slug == "pinch-tarot":
        return list(deal.talon[deal.drawn :])
    return [deal.widow, deal.discards]


def hidden_count(view: dict[str, Any]) -> int:
    """How many cards the viewer of ``view`` has not seen: the others' hidden cards and the
    stock (Calabrasella: the widow and discards face down)."""
    count = sum(
        p["hand_count"] - len(p["known_cards"]) for p in view["players"] if p["hand"] is None
    )
    if "stock_count" in view:
        return count + view["stock_count"]
    widow = view["widow_count"] if view["widow"] is None else 0
    return count + widow + (view["discard_count"] if view["discards"] is None else 0)


def enough_hidden(deal: Deal, view: dict[str, Any]) -> bool:
    """True when so many cards are face down that two determinizations in a row would
    place them alike only by a fluke: four in a stock, drawn in a random order, or six in
    Calabrasella's hands, widow and discards."""
    if deal.game.slug == "calabrasella":
        return hidden_count(view) >= 6
    return len(unseen_order(deal)) >= 4


def signature(game: Game, deal: Deal) -> str:
    """Every seat's view and the face-down cards' order: what a determinization chose."""
    views = [game.view_for(deal, seat) for seat in range(deal.seats)]
    return json.dumps([views, unseen_order(deal)], sort_keys=True, default=str)


QUATTRO_GAP = (
    "Bazzica in quattro and rubicone: after many repeated declarations (with the partner's "
    "table in quattro), some views (about 1 in 500 of random play's in quattro, fewer in "
    "rubicone) get no determinization in the tries allowed; measured below"
)
HYPOTHESIS_CASES = [
    pytest.param(*case, id=name, marks=pytest.mark.xfail(strict=False, reason=QUATTRO_GAP))
    if case[1].get("variant") in ("quattro", "rubicone")
    else pytest.param(*case, id=name)
    for case, name in zip(CASES, IDS, strict=True)
]


@pytest.mark.parametrize(("slug", "options", "counts"), HYPOTHESIS_CASES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_determinization_gives_the_seat_the_same_view_and_history(
    slug: str, options: dict[str, Any], counts: tuple[int, ...], data: st.DataObject
) -> None:
    game = get_game(slug)
    seats = data.draw(st.sampled_from(counts), label="seats")
    deal = deal_to_a_point(game, options, seats, data)
    to_act = deal.to_act if deal.to_act is not None else 0
    other = (to_act + data.draw(st.integers(1, seats - 1), label="other seat")) % seats
    rng = random.Random(data.draw(st.integers(0, 2**32), label="sampling seed"))
    for seat in (to_act, other):
        view, history = game.view_for(deal, seat), game.public_history(deal, seat)
        signatures = set()
        for _ in range(SAMPLES):
            sample = game.determinize(view, history, deal.options, rng)
            assert game.view_for(sample, seat) == view
            assert game.public_history(sample, seat) == history
            signatures.add(signature(game, sample))
        if enough_hidden(deal, view):
            assert len(signatures) > 1


@pytest.mark.parametrize(("slug", "options", "counts"), CASES, ids=IDS)
def test_the_hidden_cards_vary_from_one_determinization_to_the_next(
    slug: str, options: dict[str, Any], counts: tuple[int, ...]
) -> None:
    game = get_game(slug)
    seats = counts[0]
    deal = game.new_deal(seats=seats, dealer=0, options=options, seed=12)
    rng = random.Random(5)
    for _ in range(3):  # into the play, where there are cards in others' hands
        deal.apply(rng.choice(deal.legal_actions()))
    seat = 0
    view, history = game.view_for(deal, seat), game.public_history(deal, seat)
    others = [
        frozenset(cards_in(game.view_for(sample, s)["players"][s]["hand"], game.pack.codes))
        for sample in (game.determinize(view, history, deal.options, rng) for _ in range(8))
        for s in range(1, seats)
    ]
    assert hidden_count(view) > 1
    if any(p["hand"] is None and p["hand_count"] for p in view["players"]):
        assert len(set(others)) > 1


@pytest.mark.parametrize(("slug", "options", "counts"), CASES, ids=IDS)
def test_a_view_of_another_game_is_refused(
    slug: str, options: dict[str, Any], counts: tuple[int, ...]
) -> None:
    game = get_game(slug)
    briscola = get_game("briscola").new_deal(seats=2, seed=1)
    with pytest.raises(ValueError, match="not a view of"):
        game.determinize(briscola.view(0), [], game.validate_options(options), random.Random(1))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), play=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_calabrasella_hides_the_discards_and_the_card_given_back(
    seed: int, play: int, steps: int
) -> None:
    game = get_game("calabrasella")
    deal: Any = game.new_deal(seats=3, dealer=seed % 3, seed=seed)
    rng = random.Random(play)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    called = {a[5:] for _, a in deal.actions if a.startswith("call ")}  # said aloud
    discarded = {a[8:] for _, a in deal.actions if a.startswith("discard ")} - called
    given_back = {a[7:] for _, a in deal.actions if a.startswith("return ")}
    for seat in range(3):
        history = game.public_history(deal, seat)
        assert [s for s, _ in history] == [s for s, _ in deal.actions]
        view = game.view_for(deal, seat)
        seen = set(cards_in([a for _, a in history], game.pack.codes))
        if seat != deal.declarer:
            assert not any(a.startswith("discard ") for _, a in history)  # not even the called card
            if not deal.is_over:
                assert not discarded & (seen | set(cards_in(view, game.pack.codes)))
        else:
            shown = {a[8:] for _, a in history if a.startswith("discard ")}
            assert shown == {a[8:] for _, a in deal.actions if a.startswith("discard ")}
        if seat not in (deal.declarer, deal.called_from):
            assert not any(a.startswith("return ") for _, a in history)
            played_later = {a[5:] for _, a in deal.actions if a.startswith("play ")}
            assert not (given_back - played_later) & seen
        else:
            assert {a[7:] for _, a in history if a.startswith("return ")} == given_back
        hidden = sum(1 for _, a in history if a == HIDDEN)
        assert hidden == sum(
            1
            for _, a in deal.actions
            if (a.startswith("discard ") and seat != deal.declarer)
            or (a.startswith("return ") and seat not in (deal.declarer, deal.called_from))
        )


@pytest.mark.parametrize("slug", ["bazzica", "pinch-tarot", "sette-e-mezzo", "ziginette"])
def test_every_action_of_the_open_games_is_public(slug: str) -> None:
    game = get_game(slug)
    deal = game.new_deal(seats=game.seats[0], seed=3)
    rng = random.Random(3)
    for _ in range(30):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    for seat in range(deal.seats):
        assert game.public_history(deal, seat) == deal.actions


@pytest.mark.parametrize(("variant", "seats"), [("quattro", 4), ("rubicone", 2)])
def test_bazzica_in_quattro_determinizes_nearly_every_position(variant, seats) -> None:
    """The measured side of QUATTRO_GAP: 300 positions of random play (the seat to act),
    every determinization found gives the seat its view and history, and at most 1 in 100
    positions has none."""
    game = get_game("bazzica")
    options = game.validate_options({"variant": variant})
    rng = random.Random(7)
    missing = 0
    for seed in range(300):
        deal = game.new_deal(seats=seats, dealer=seed % seats, options=options, seed=seed)
        for _ in range(rng.randrange(200)):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        seat = deal.to_act if deal.to_act is not None else 0
        view, history = game.view_for(deal, seat), game.public_history(deal, seat)
        try:
            sample = game.determinize(view, history, options, rng)
        except ValueError:
            missing += 1
            continue
        assert game.view_for(sample, seat) == view
        assert game.public_history(sample, seat) == history
    assert missing <= 3


def test_the_quick_shuffle_is_the_standard_librarys():
    """``determinization.shuffle`` (Rumino's determinizer) gives ``random.Random.shuffle``'s
    order and leaves the generator as it does, for lists of every length up to 120 (Rumino's
    pack is 108)."""
    one, other = random.Random(32), random.Random(32)
    for size in [*range(121), *range(120)]:
        mine, theirs = list(range(size)), list(range(size))
        shuffle(mine, one)
        other.shuffle(theirs)
        assert mine == theirs
        assert one.getstate() == other.getstate()
