"""Building Bazzica deals from explicit decks, for the worked examples (no tests here).

The usual table: seat 0 (alice) deals, seat 1 (bob) is dealt first and leads
the first trick. ``make_deck`` puts the given hands, upcard and stock top where
the deal procedure (games/rules/bazzica/game.py) takes them from; ``bob_wins``
brings a deal to bob's first declaration, ``last_tricks`` to the second phase
with chosen hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from games.rules import get_game
from games.rules.bazzica.cards import PACK
from games.rules.bazzica.game import BazzicaDeal

ALICE, BOB = 0, 1
GAME = get_game("bazzica")
# Deck positions of each hand, in the order the 3-2-3 deal hands them out.
NON_DEALER_POSITIONS = (0, 1, 2, 6, 7, 10, 11, 12)
DEALER_POSITIONS = (3, 4, 5, 8, 9, 13, 14, 15)


def make_deck(
    non_dealer: Sequence[str] = (),
    dealer: Sequence[str] = (),
    upcard: str | None = None,
    stock: Sequence[str] = (),
) -> list[str]:
    """A deck, top first: the non-dealer's and dealer's eight cards (fewer are filled up),
    the upcard (position 16) and the top of the stock (from position 17).

    Cards not given fill the gaps in fresh-pack order (both copies of the
    clubs first), so tests should name every card that matters.
    """
    given = Counter([*non_dealer, *dealer, *stock, *([upcard] if upcard else [])])
    left = Counter(PACK.new_order) - given
    assert not given - Counter(PACK.new_order), "a card given more often than the pack has it"
    rest = []
    for code in PACK.new_order:
        if left[code] > 0:
            left[code] -= 1
            rest.append(code)
    deck: list[str | None] = [None] * 64
    for positions, cards in ((NON_DEALER_POSITIONS, non_dealer), (DEALER_POSITIONS, dealer)):
        assert len(cards) <= 8
        for position, code in zip(positions, cards, strict=False):
            deck[position] = code
    if upcard:
        deck[16] = upcard
    for offset, code in enumerate(stock):
        deck[17 + offset] = code
    filled = [code if code is not None else rest.pop(0) for code in deck]
    assert not rest
    return filled


def new_deal(options: dict[str, Any] | None = None, **cards: Any) -> BazzicaDeal:
    """A deal of ``make_deck(**cards)`` with alice dealing: bob leads the first trick."""
    deal = GAME.new_deal(seats=2, dealer=ALICE, options=options, deck=make_deck(**cards))
    assert isinstance(deal, BazzicaDeal)
    return deal


ALICE_LOW = ["7C", "7C", "7D", "7D", "9D", "7S", "8S", "9S"]
STOCK = ["10S", "8D", "10S", "8D"]


def bob_wins(
    bob: Sequence[str], upcard: str = "KH", options: dict[str, Any] | None = None
) -> BazzicaDeal:
    """Bob leads ``bob[0]`` and wins it over alice's 7C: he is to declare or draw.

    Alice holds ALICE_LOW; the stock gives bob a 10S and alice an 8D after each
    of the first two tricks, so ``trick(deal, "10S", "8D")`` is bob's again.
    """
    deal = new_deal(options, non_dealer=bob, dealer=ALICE_LOW, upcard=upcard, stock=STOCK)
    assert trick(deal, bob[0], "7C") == BOB
    assert deal.phase == "declare" and deal.to_act == BOB
    return deal


def trick(deal: BazzicaDeal, lead: str, follow: str) -> int:
    """Play one trick (``lead`` by the seat to act, then ``follow``); returns the winner."""
    deal.apply(f"play {lead}")
    deal.apply(f"play {follow}")
    return deal.view(None)["last_trick"]["winner"]


def hand(deal: BazzicaDeal, seat: int) -> list[str]:
    """The cards in ``seat``'s hand (not on the table), as the seat sees them."""
    return deal.view(seat)["players"][seat]["hand"]


def player(deal: BazzicaDeal, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """The ``players`` entry of ``seat`` in ``viewer``'s view (default: a spectator's)."""
    return deal.view(viewer)["players"][seat]


def play_out(deal: BazzicaDeal, pick: int = 0) -> BazzicaDeal:
    """Finish ``deal`` choosing ``legal_actions()[pick]`` (wrapped) at every step."""
    while not deal.is_over:
        legal = deal.legal_actions()
        deal.apply(legal[pick % len(legal)])
    return deal


def to_last_tricks(deal: BazzicaDeal) -> BazzicaDeal:
    """Play the first phase out (first legal action, never declaring) to the last tricks."""
    while deal.phase != "last_tricks":
        deal.apply("draw" if deal.phase == "declare" else deal.legal_actions()[0])
    return deal


def last_tricks(
    bob: Sequence[str],
    alice: Sequence[str],
    upcard: str,
    last: str,
    options: dict[str, Any] | None = None,
    declare: Callable[[BazzicaDeal], str] = lambda deal: "draw",
) -> BazzicaDeal:
    """A deal brought to the second phase where bob holds ``bob`` and alice ``alice``
    (eight cards each), bob to lead.

    ``upcard`` (among alice's cards: she loses the 24th trick and takes it) sets
    trumps; ``last`` (among bob's) is the last card of the stock, which bob
    draws. The 48 other cards are played in the first phase, bob always the
    stronger card of each trick (so he wins them all); after each trick bob
    does what ``declare(deal)`` says (by default he draws without declaring).
    """
    assert upcard in alice and last in bob
    trump = upcard[-1]
    order = ("7", "8", "9", "J", "Q", "K", "10", "A")
    rest = list((Counter(PACK.new_order) - Counter([*bob, *alice])).elements())
    rest.sort(key=lambda c: (c[-1] == trump, order.index(c[:-1])), reverse=True)
    bob_plays, alice_plays = rest[:24], rest[24:]
    bob_keeps = list(bob)
    bob_keeps.remove(last)
    alice_keeps = list(alice)
    alice_keeps.remove(upcard)
    stock = [card for pair in zip(bob_plays[1:], alice_plays[1:], strict=True) for card in pair]
    deal = new_deal(
        options,
        non_dealer=[*bob_keeps, bob_plays[0]],
        dealer=[*alice_keeps, alice_plays[0]],
        upcard=upcard,
        stock=[*stock, last],
    )
    for bob_card, alice_card in zip(bob_plays, alice_plays, strict=True):
        assert trick(deal, bob_card, alice_card) == BOB
        deal.apply(declare(deal))
    assert deal.phase == "last_tricks" and deal.to_act == BOB
    return deal
