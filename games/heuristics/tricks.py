"""Rules of thumb for trick play, shared by the trick-taking games.

A game module describes its cards with a :class:`TrickRules` (rank order, card points,
the trump suit) and calls :func:`choose_card` with the seat's legal cards and the trick
on the table. The card values, ranks and trumps come from each game's rules source under
../shared/rules/sources/ (cited in the game's module); the play follows the common rules
of thumb of point-trick games, which those sources leave to the players:

- leading: a card worth nothing, low in its suit, and no trump ("liscio"), unless a card
  with points is the highest left in its suit (card counting from the public history);
- following, an opponent winning: take the trick when its points are worth the card
  that takes it (a trump only for a trick with points), else throw the cheapest card;
- following, the partner winning: load points on the trick when it is safe (the seat
  plays last, or the partner's card is the highest left in play), else throw low.

Cards are the codes of ../shared/DESIGN.md ("Card codes"); every function is pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from games.heuristics.generic import own_player, own_seat, partners_of, played_cards, trick_of


def suit_of(code: str) -> str:
    """The suit letter of a card code (``"T"`` for a tarot trump, ``""`` for the fool)."""
    return "" if code == "FOOL" else code[-1]


def rank_of(code: str) -> str:
    """The rank of a card code: ``"10D"`` -> ``"10"``, ``"21T"`` -> ``"21"``."""
    return code if code == "FOOL" else code[:-1]


@dataclass(frozen=True)
class TrickRules:
    """What the heuristic needs to know of a trick-taking game's cards.

    - ``order``: the ranks of a plain suit from the highest to the lowest
      (Briscola: ``A 3 K Q J 7 6 5 4 2``); tarot trumps rank by their number.
    - ``points``: card code -> points the card counts for its taker (any unit).
    - ``trump_cost``: how much a trump is worth kept in hand, in the same unit, on top
      of its points; its strength adds ``trump_step`` a rank.
    - ``tarot``: trumps are the suit ``T`` (numbered 1..21) and the fool never wins.
    - ``cash_early``: lead a plain card that is the highest left in its suit even while
      trumps are out (where the rules make the others follow suit, voids come late).
    """

    order: Sequence[str]
    points: Callable[[str], float]
    trump_cost: float = 0.0
    trump_step: float = 0.0
    tarot: bool = False
    cash_early: bool = False

    def strength(self, code: str) -> int:
        """A card's rank within its suit, higher is stronger (0 for the fool)."""
        if code == "FOOL":
            return 0
        rank = rank_of(code)
        if self.tarot and suit_of(code) == "T":
            return int(rank)
        if rank not in self.order:
            return 0
        return len(self.order) - self.order.index(rank)

    def is_trump(self, code: str, trump: str | None) -> bool:
        """Whether ``code`` is a trump (``trump``: the trump suit, or None)."""
        return trump is not None and suit_of(code) == trump

    def power(self, code: str, led: str | None, trump: str | None) -> int:
        """How strongly ``code`` bids for a trick whose led suit is ``led``: 0 when it
        cannot win it (another plain suit, or the fool), trumps above the led suit."""
        if code == "FOOL":
            return 0
        if self.is_trump(code, trump):
            return 100 + self.strength(code)
        if led is None or suit_of(code) == led:
            return 1 + self.strength(code)
        return 0

    def keep_value(self, code: str, trump: str | None) -> float:
        """What a card is worth kept in hand: its points, plus the trump cost for a
        trump, plus a little for its strength (so a low card goes before a high one)."""
        value = self.points(code) + 0.01 * self.strength(code)
        if self.is_trump(code, trump):
            value += self.trump_cost + self.trump_step * self.strength(code)
        return value


def led_suit(trick: Sequence[tuple[int, str]]) -> str | None:
    """The suit of the first card of ``trick`` that is not the fool, or None."""
    return next((suit_of(c) for _, c in trick if c != "FOOL"), None)


def trick_winner(
    trick: Sequence[tuple[int, str]], rules: TrickRules, trump: str | None
) -> tuple[int, int]:
    """``(seat, power)`` of the card winning ``trick`` so far (``(-1, 0)`` when empty)."""
    led = led_suit(trick)
    best_seat, best_power = -1, 0
    for seat, code in trick:
        power = rules.power(code, led, trump)
        if power > best_power:
            best_seat, best_power = seat, power
    return best_seat, best_power


def is_boss(code: str, rules: TrickRules, gone: set[str], trump: str | None) -> bool:
    """Whether no card still out (not in ``gone``: played or in the seat's own hand) can
    beat ``code`` in its own suit, and, for a plain card in a trump game, whether every
    trump is gone too. Card counting from the public history."""
    suit = suit_of(code)
    mine = rules.strength(code)
    for rank in rules.order:
        other = rank + suit
        if rules.strength(other) > mine and other not in gone:
            return False
    if rules.tarot and suit == "T":
        return all(f"{n}T" in gone for n in range(mine + 1, 22))
    if trump is not None and suit != trump:
        if rules.tarot:
            return all(f"{n}T" in gone for n in range(1, 22))
        return all(rank + trump in gone for rank in rules.order)
    return True


def choose_card(
    cards: Iterable[str],
    trick: Sequence[tuple[int, str]],
    seat: int,
    seats: int,
    partners: Iterable[int],
    rules: TrickRules,
    trump: str | None,
    gone: Iterable[str] = (),
) -> str:
    """The card to play among ``cards`` (the legal ones; at least one) to ``trick``
    (``[(seat, code), ...]`` in playing order), for ``seat`` at a table of ``seats``
    whose partners this deal are ``partners``; ``gone`` holds the cards the seat knows
    are out of play (the public history's plays and its own hand). Raises ValueError
    when ``cards`` is empty."""
    cards = sorted(set(cards), key=lambda c: (rules.keep_value(c, trump), c))
    if not cards:
        raise ValueError("no card to choose from")
    gone = set(gone)
    cheapest = cards[0]
    if not trick:
        return _lead(cards, rules, trump, gone)
    led = led_suit(trick)
    on_table = sum(rules.points(c) for _, c in trick)
    last = len(trick) == seats - 1
    winner, power = trick_winner(trick, rules, trump)
    if winner in set(partners):
        partner_card = next(c for s, c in trick if s == winner)
        if last or is_boss(partner_card, rules, gone | {c for _, c in trick}, trump):
            # Points go on the trick, trumps stay in hand.
            loads = [c for c in cards if not rules.is_trump(c, trump)]
            return max(loads or cards, key=lambda c: (rules.points(c), -rules.keep_value(c, trump)))
        return cheapest
    winners = [c for c in cards if rules.power(c, led, trump) > power]
    if winners:
        seen = gone | {c for _, c in trick}
        safe = winners if last else [c for c in winners if is_boss(c, rules, seen, trump)]

        def gain(code: str) -> float:
            # The trick's points and the card's own, less what the card is worth kept.
            return (
                on_table + rules.points(code) - (rules.keep_value(code, trump) - rules.points(code))
            )

        best = max(safe, key=lambda c: (gain(c), -rules.strength(c)), default=None)
        if best is not None and (gain(best) > 0 or (on_table > 0 and gain(best) >= 0)):
            return best
        if not last and on_table > 0:
            risky = max(winners, key=lambda c: (gain(c), -rules.strength(c)))
            if gain(risky) > 0 and not rules.is_trump(risky, trump):
                return risky
    return cheapest


def _lead(cards: list[str], rules: TrickRules, trump: str | None, gone: set[str]) -> str:
    """A lead: a plain card that is the highest left in its suit and carries points (it
    wins them), else the cheapest card to keep."""
    plain_trump = None if rules.cash_early else trump
    bosses = [
        c
        for c in cards
        if not rules.is_trump(c, trump)
        and rules.points(c) > 0
        and is_boss(c, rules, gone, plain_trump)
    ]
    if bosses:
        return max(bosses, key=lambda c: rules.points(c))
    return cards[0]


def play_from_view(
    view: dict,
    history: Sequence[tuple[int, str]],
    rules: TrickRules,
    trump: str | None,
    partners: Iterable[int] | None = None,
) -> str | None:
    """The ``play XY`` action :func:`choose_card` picks from the view's legal plays, or
    None when the view offers no play. ``partners`` defaults to the viewer's side."""
    plays = [a for a in view["legal_actions"] if a.startswith("play ")]
    if not plays:
        return None
    seat = own_seat(view)
    hand = own_player(view).get("hand") or []
    gone = set(played_cards(history)) | set(hand)
    card = choose_card(
        [a.split(" ", 1)[1] for a in plays],
        trick_of(view),
        seat,
        int(view["seats"]),
        partners_of(view) if partners is None else partners,
        rules,
        trump,
        gone,
    )
    return "play " + card
