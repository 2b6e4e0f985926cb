"""Trick-taking helpers shared by every trick game (Spizzichino, Briscola, Tressette...).

Cards are the ints of a ``cards.Pack`` and sets of cards are bitmasks (see
cards.py), so these helpers take the pack's tables as arguments instead of
knowing any game.

Tressette-family tables live here too because Spizzichino and Tressette share
them: rank order 3 2 A K Q J 7 6 5 4 and card values in thirds of a point.
Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Players and Cards"),
../shared/rules/README.md (General rulings: court order, exact thirds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.rules.cards import FOOL_SUIT, TAROT_RANKS, TRUMP_SUIT, Pack, TarotPack

TRESSETTE_ORDER = ("3", "2", "A", "K", "Q", "J", "7", "6", "5", "4")
"""Ranks of the Tressette family, highest first."""

TRESSETTE_THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}
"""Card values of the Tressette family in thirds of a point; other ranks are 0."""

BRISCOLA_ORDER = ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")
"""Ranks of Briscola (and Tute), highest first.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola", "Card ranking")."""

BRISCOLA_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
"""Card points of Briscola (and Tute): 120 in a 40-card pack; other ranks are 0.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola")."""


def strength_table(pack: Pack, order: Sequence[str]) -> tuple[int, ...]:
    """Card int -> strength within its suit (higher wins), from ``order`` (highest first).

    Ranks missing from ``order`` get strength 0.

    >>> from games.rules.cards import ITALIAN_40 as P
    >>> table = strength_table(P, TRESSETTE_ORDER)
    >>> table[P.index["3C"]] > table[P.index["AC"]] > table[P.index["KC"]] > table[P.index["7C"]]
    True
    """
    rank_strength = {rank: len(order) - i for i, rank in enumerate(order)}
    return tuple(rank_strength.get(rank, 0) for rank in pack.rank_of)


def value_table(pack: Pack, values: Mapping[str, int]) -> tuple[int, ...]:
    """Card int -> value, from a rank -> value mapping (missing ranks are 0)."""
    return tuple(values.get(rank, 0) for rank in pack.rank_of)


def follow_suit(available: int, led_suit: int | None, suit_masks: Sequence[int]) -> int:
    """The cards a player may play to a trick: those of the led suit if any, else all.

    ``available`` is a bitmask of the cards the player could play, ``led_suit``
    the suit index of the trick's first card (None when leading), and
    ``suit_masks[s]`` the bitmask of suit ``s``. Returns a bitmask.
    Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play": the second
    player must play a card of the same suit if possible).
    """
    if led_suit is None:
        return available
    same = available & suit_masks[led_suit]
    return same or available


def trick_winner(
    cards: Sequence[int],
    suit_of: Sequence[int],
    strength: Sequence[int],
    trump: int | None = None,
) -> int:
    """Position in ``cards`` (play order, leader first) of the card that wins the trick.

    The highest trump wins if ``trump`` (a suit index) was played; otherwise the
    highest card of the led suit. Cards of other suits never win.
    Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play").

    >>> from games.rules.cards import ITALIAN_40
    >>> strength = strength_table(ITALIAN_40, TRESSETTE_ORDER)
    >>> ids = [ITALIAN_40.index[c] for c in ("KD", "3D", "3S")]
    >>> trick_winner(ids, ITALIAN_40.suit_of, strength)
    1
    """
    best = 0
    best_card = cards[0]
    best_suit = suit_of[best_card]
    for position in range(1, len(cards)):
        card = cards[position]
        suit = suit_of[card]
        if suit == best_suit:
            if strength[card] > strength[best_card]:
                best, best_card = position, card
        elif suit == trump:
            best, best_card, best_suit = position, card, suit
    return best


def beats_table(suit_of: Sequence[int], strength: Sequence[int], trump: int | None = None) -> bytes:
    """Two-card tricks as one lookup: ``table[first * n + second]`` is 1 when ``second`` wins.

    ``n`` is the number of cards in the pack (``len(suit_of)``); the rule is
    ``trick_winner``'s. Two-player games resolve every trick with it.

    >>> from games.rules.cards import ITALIAN_40 as P
    >>> beats = beats_table(P.suit_of, strength_table(P, TRESSETTE_ORDER))
    >>> beats[P.index["KD"] * 40 + P.index["3D"]], beats[P.index["KD"] * 40 + P.index["3S"]]
    (1, 0)
    """
    n = len(suit_of)
    return bytes(
        trick_winner((first, second), suit_of, strength, trump)
        for first in range(n)
        for second in range(n)
    )


def stronger_table(suit_of: Sequence[int], strength: Sequence[int]) -> tuple[int, ...]:
    """Card int -> bitmask of the cards of its suit that are strictly stronger.

    >>> from games.rules.cards import PIQUET_32 as P
    >>> table = stronger_table(P.suit_of, strength_table(P, ("A", "10", "K", "Q")))
    >>> P.codes_of(table[P.index["KH"]])
    ['10H', 'AH']
    """
    n = len(suit_of)
    return tuple(
        sum(
            1 << other
            for other in range(n)
            if suit_of[other] == suit_of[card] and strength[other] > strength[card]
        )
        for card in range(n)
    )


def follow_suit_to_win(
    available: int,
    led: int,
    suit_of: Sequence[int],
    suit_masks: Sequence[int],
    stronger: Sequence[int],
    trump: int | None,
) -> int:
    """The cards the follower of a two-card trick may play when it must try to win it.

    Follow the suit of ``led`` (a card int), with a stronger card of it if
    possible (``stronger`` from ``stronger_table``); void in the suit, play a
    trump (suit index ``trump``) if possible; else any card. ``available``
    and the result are bitmasks. Source:
    ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Seconda fase", Bazzica).

    >>> from games.rules.cards import PIQUET_32 as P
    >>> stronger = stronger_table(P.suit_of, strength_table(P, ("A", "10", "K", "Q", "J")))
    >>> masks = [P.suit_mask(s) for s in "CDHS"]
    >>> hand = P.mask(["AH", "QH", "7S", "JS"])
    >>> P.codes_of(follow_suit_to_win(hand, P.index["KH"], P.suit_of, masks, stronger, 3))
    ['AH']
    >>> P.codes_of(follow_suit_to_win(hand, P.index["KD"], P.suit_of, masks, stronger, 3))
    ['7S', 'JS']
    """
    suit = suit_of[led]
    same = available & suit_masks[suit]
    if same:
        return same & stronger[led] or same
    if trump is not None:
        return available & suit_masks[trump] or available
    return available


# -- Tarot -----------------------------------------------------------------


class TarotTricks:
    """The trick rules of the tarot family for a ``cards.TarotPack``, with their tables.

    - Following: a player must follow the suit led if they can; void in it,
      they must play a trump; a trump must beat the highest trump already in
      the trick when the player holds a higher one, else any trump; with no
      trump, any card. The fool may always be played instead.
    - The suit led is that of the first card that is not the fool; a trick
      the fool leads lets the next card decide (with two players: any card).
    - The highest trump wins, else the highest card of the suit led; the fool
      never wins.

    Attributes: ``strength`` (card int -> 1 (ace) .. 14 (king) for suit cards,
    the number for trumps, 0 for the fool), ``suit_of``, ``suit_masks`` (the
    pack's), ``above`` (card int -> bitmask of the trumps stronger than that
    trump; every trump for a card that is not one) and ``beats``
    (``beats[first * n + second]`` is 1 when ``second`` wins a two-card trick).
    Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Following suit",
    "Winning a trick", "The fool").

    >>> from games.rules.cards import TAROT_78 as P
    >>> rules = TarotTricks(P)
    >>> hand = P.mask(["5T", "12T", "KH", "FOOL"])
    >>> P.codes_of(rules.playable(hand, [P.index["9T"]]))
    ['12T', 'FOOL']
    >>> P.codes_of(rules.playable(hand, [P.index["2C"]]))
    ['12T', '5T', 'FOOL']
    >>> rules.winner([P.index["KS"], P.index["1T"]]), rules.winner([P.index["FOOL"], P.index["2D"]])
    (1, 1)
    """

    def __init__(self, pack: TarotPack) -> None:
        self.suit_of = pack.suit_of
        self.suit_masks = pack.suit_masks
        self.strength = tuple(
            int(rank)
            if suit == TRUMP_SUIT
            else 0
            if suit == FOOL_SUIT
            else TAROT_RANKS.index(rank) + 1
            for rank, suit in zip(pack.rank_of, pack.suit_of, strict=True)
        )
        trumps = [i for i, suit in enumerate(self.suit_of) if suit == TRUMP_SUIT]
        self.above = tuple(
            sum(
                1 << t
                for t in trumps
                if self.suit_of[card] != TRUMP_SUIT or self.strength[t] > self.strength[card]
            )
            for card in range(len(self.suit_of))
        )
        n = len(self.suit_of)
        self.beats = bytes(self.winner((a, b)) for a in range(n) for b in range(n))
        trumps_mask, fool_suit = self.suit_masks[TRUMP_SUIT], FOOL_SUIT
        self._first = tuple(
            0
            if suit == fool_suit
            else self.above[card]
            if suit == TRUMP_SUIT
            else self.suit_masks[suit]
            for card, suit in enumerate(self.suit_of)
        )
        self._second = tuple(0 if s == fool_suit else trumps_mask for s in self.suit_of)

    def follow(self, available: int, led: int) -> int:
        """``playable(available, [led])`` from two table lookups: the cards that may
        answer the single card ``led`` (two-player games call this on every play)."""
        choice = available & self._first[led] or available & self._second[led]
        return choice | available & self.suit_masks[FOOL_SUIT] if choice else available

    def playable(self, available: int, trick: Sequence[int]) -> int:
        """The cards of ``available`` (bitmask) that may be played to ``trick``
        (card ints played so far, leader first; empty when leading): a bitmask."""
        suit_of, strength, masks = self.suit_of, self.strength, self.suit_masks
        led = top = -1
        for card in trick:
            suit = suit_of[card]
            if suit == FOOL_SUIT:
                continue
            if led < 0:
                led = card
            if suit == TRUMP_SUIT and (top < 0 or strength[card] > strength[top]):
                top = card
        if led < 0:
            return available
        fool = available & masks[FOOL_SUIT]
        suit = suit_of[led]
        if suit != TRUMP_SUIT:
            same = available & masks[suit]
            if same:
                return same | fool
        trumps = available & masks[TRUMP_SUIT]
        if not trumps:
            return available
        higher = trumps & self.above[top] if top >= 0 else trumps
        return (higher or trumps) | fool

    def winner(self, cards: Sequence[int]) -> int:
        """Position in ``cards`` (play order, leader first) of the card that wins the trick."""
        suit_of, strength = self.suit_of, self.strength
        best = best_card = -1
        for position, card in enumerate(cards):
            suit = suit_of[card]
            if suit == FOOL_SUIT:
                continue
            if best < 0:
                best, best_card = position, card
                continue
            best_suit = suit_of[best_card]
            if (suit == best_suit and strength[card] > strength[best_card]) or (
                suit == TRUMP_SUIT and best_suit != TRUMP_SUIT
            ):
                best, best_card = position, card
        return max(best, 0)
