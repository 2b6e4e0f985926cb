"""Pinch Tarot's deal: fifteen cards each in fives, the talon, drawing after each trick.

The helpers at the top are shared by the other test_pinch_tarot_* modules.
The usual table: seat 0 (alice) deals, seat 1 (bob) is the elder hand, who
receives the first five cards and leads the first trick.
Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Deal", "Drawing
from the talon"), ../shared/rules/README.md ("Pinch Tarot": drawn cards shown).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.rules import IllegalAction, get_game
from games.rules.cards import TAROT_78
from games.rules.pinch_tarot.game import PinchTarotDeal

ALICE, BOB = 0, 1
GAME = get_game("pinch-tarot")
TRUMPS = [f"{n}T" for n in range(1, 22)]


def make_deck(
    bob: Sequence[str] = (),
    alice: Sequence[str] = (),
    talon: Sequence[str] = (),
    dealer: int = ALICE,
) -> list[str]:
    """A deck, top first, dealing ``bob`` and ``alice`` their fifteen cards when
    ``dealer`` deals, and starting the talon with ``talon``.

    Whatever is not given is filled with the unused cards in fresh-pack order
    (clubs A..K, diamonds, hearts, spades, trumps 1..21, the fool), the elder
    hand's first.
    """
    used = [*bob, *alice, *talon]
    assert len(set(used)) == len(used), "a card given twice"
    rest = [code for code in TAROT_78.new_order if code not in used]
    elder, last = (list(bob), list(alice)) if dealer == ALICE else (list(alice), list(bob))
    while len(elder) < 15:
        elder.append(rest.pop(0))
    while len(last) < 15:
        last.append(rest.pop(0))
    deck: list[str] = []
    for five in range(3):
        deck += elder[5 * five : 5 * five + 5] + last[5 * five : 5 * five + 5]
    return deck + list(talon) + rest


def new_deal(
    options: dict[str, Any] | None = None, dealer: int = ALICE, **cards: Any
) -> PinchTarotDeal:
    """A deal of ``make_deck(**cards)`` dealt by ``dealer`` (alice unless told)."""
    deck = make_deck(dealer=dealer, **cards)
    deal = GAME.new_deal(seats=2, dealer=dealer, options=options, deck=deck)
    assert isinstance(deal, PinchTarotDeal)
    return deal


def hand(deal: PinchTarotDeal, seat: int) -> list[str]:
    """The hand of ``seat`` as it sees it."""
    return deal.view(seat)["players"][seat]["hand"]


def known(deal: PinchTarotDeal, seat: int, viewer: int | None) -> list[str]:
    """The cards of ``seat``'s hand that ``viewer`` sees as known."""
    return deal.view(viewer)["players"][seat]["known_cards"]


def play_trick(deal: PinchTarotDeal, lead: str, follow: str) -> None:
    deal.apply("play " + lead)
    deal.apply("play " + follow)


def is_legal(deal: PinchTarotDeal, action: str) -> bool:
    """Whether ``deal`` accepts ``action`` now: offered, or a taròcchi (offered as one
    entry for every choice of trumps) that a copy of the deal accepts."""
    if action in deal.legal_actions():
        return True
    if not action.startswith("meld tarocchi "):
        return False
    trial = GAME.replay(deal.record())
    try:
        trial.apply(action)
    except IllegalAction:
        return False
    return True


def play_out(
    deal: PinchTarotDeal,
    melds: dict[int, list[str]] | None = None,
    keep: dict[int, Sequence[str]] | None = None,
) -> dict[int, list[str]]:
    """Play to the end: each seat plays its first legal card, keeping the cards of
    ``keep[seat]`` while it can (the last listed longest); before playing, it
    announces the meld actions of ``melds[seat]``, in order, once each is legal
    (offered, or a taròcchi the engine accepts: one choice of the trumps held).
    Returns the melds never announced."""
    wanted = {seat: list(actions) for seat, actions in (melds or {}).items()}
    while not deal.is_over:
        seat = deal.to_act
        while wanted.get(seat) and is_legal(deal, wanted[seat][0]):
            deal.apply(wanted[seat].pop(0))
        kept = list((keep or {}).get(seat, ()))
        plays = [a for a in deal.legal_actions() if a.startswith("play ")]
        deal.apply(min(plays, key=lambda a: kept.index(a[5:]) if a[5:] in kept else -1))
    return wanted


def test_fifteen_cards_each_are_dealt_in_fives_starting_with_the_elder_hand():
    deck = list(TAROT_78.new_order)
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=deck)
    bob = deck[0:5] + deck[10:15] + deck[20:25]
    alice = deck[5:10] + deck[15:20] + deck[25:30]
    assert sorted(hand(deal, BOB)) == sorted(bob)
    assert sorted(hand(deal, ALICE)) == sorted(alice)
    view = deal.view(None)
    assert view["stock_count"] == 48
    assert [p["hand_count"] for p in view["players"]] == [15, 15]


def test_when_bob_deals_alice_is_the_elder_hand_and_leads():
    deck = list(TAROT_78.new_order)
    deal = GAME.new_deal(seats=2, dealer=BOB, deck=deck)
    assert sorted(hand(deal, ALICE)) == sorted(deck[0:5] + deck[10:15] + deck[20:25])
    assert deal.to_act == ALICE and deal.view(None)["leader"] == ALICE


def test_the_elder_hand_leads_the_first_trick_and_the_winner_the_next():
    deal = new_deal(bob=["KH"], alice=["2H"])
    assert deal.to_act == BOB
    play_trick(deal, "KH", "2H")
    assert deal.to_act == BOB
    assert deal.view(None)["last_trick"] == {
        "cards": [{"seat": BOB, "card": "KH"}, {"seat": ALICE, "card": "2H"}],
        "winner": BOB,
    }


def test_the_winner_draws_the_top_of_the_talon_and_the_loser_the_next():
    deal = new_deal(bob=["2H"], alice=["KH"], talon=["7T", "QS", "4D"])
    play_trick(deal, "2H", "KH")
    assert "7T" in hand(deal, ALICE) and "QS" in hand(deal, BOB)
    view = deal.view(None)
    assert view["last_draws"] == [{"seat": ALICE, "card": "7T"}, {"seat": BOB, "card": "QS"}]
    assert view["stock_count"] == 46
    assert "4D" not in str(view) and "4D" not in str(deal.view(ALICE))


def test_a_drawn_card_is_known_to_the_opponent_until_it_is_played():
    deal = new_deal(bob=["2H", "3H"], alice=["KH", "QH"], talon=["7T", "QS"])
    play_trick(deal, "2H", "KH")
    assert known(deal, ALICE, BOB) == ["7T"] and known(deal, BOB, ALICE) == ["QS"]
    assert known(deal, ALICE, None) == ["7T"] and known(deal, BOB, None) == ["QS"]
    assert known(deal, ALICE, ALICE) == []  # your own hand is yours to see
    deal.apply("play 7T")  # alice leads her drawn trump
    assert known(deal, ALICE, BOB) == []


def test_after_24_tricks_the_talon_is_gone_and_fifteen_more_tricks_end_the_hand():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=3)
    counts = []
    while not deal.is_over:
        view = deal.view(None)
        if not view["trick"]:
            counts.append((view["stock_count"], [p["hand_count"] for p in view["players"]]))
        deal.apply(deal.legal_actions()[-1])
    assert len(counts) == 39
    assert counts[24] == (0, [15, 15])
    assert counts[-1] == (0, [1, 1])
    assert all(stock == 48 - 2 * i for i, (stock, _) in enumerate(counts[:25]))
    assert deal.view(None)["last_draws"] == []
    assert deal.view(None)["phase"] == "over" and deal.to_act is None


def test_the_same_seed_deals_the_same_cards_and_a_bad_deck_is_refused():
    assert GAME.new_deal(seed=12).deck == GAME.new_deal(seed=12).deck
    assert sorted(GAME.new_deal(seed=12).deck) == sorted(TAROT_78.codes)
    deck = make_deck()
    with pytest.raises(ValueError, match="tarot-78"):
        GAME.new_deal(deck=[*deck[:-1], "AC"])
    with pytest.raises(ValueError):
        GAME.new_deal(seats=3)
