"""Deal points of random Spizzichino deals, buongiochi included, checked against a referee.

``test_spizzichino_properties.Table`` follows a deal with plain sets of codes;
``Referee`` adds the points of each buongioco as the rulings state them, so
the engine's buongiochi (sets, Napoletane, a three that becomes four, each
combination once per deal, the three options) are checked over many deals,
pizzichi taken whenever the random player can.
Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play", "Scoring",
"Variations"), ../shared/rules/sources/001_4bb5011f2c927f3d.txt (hand only),
../shared/rules/README.md ("Spizzichino": buongiochi, deal points).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import ITALIAN_40
from tests.games.rules.helpers import play_random_deal, random_deals
from tests.games.rules.spizzichino.test_spizzichino_helpers import GAME
from tests.games.rules.spizzichino.test_spizzichino_properties import THIRDS, Table

PIZZICO_RANKS = ("3", "2", "A")


class Referee(Table):
    """A Table that also scores buongiochi: the set of a rank 3 (4 when all four are
    in hand at once), a Napoletana 3, each combination once per deal."""

    def __init__(self, deck, dealer, options):
        super().__init__(deck, dealer, options)
        self.bonus = {0: 0, 1: 0}

    def declare(self, seat):
        before = set(self.scored[seat])
        super().declare(seat)
        for combination in self.scored[seat] - before:
            if combination in PIZZICO_RANKS:
                held = [c for c in self.hands[seat] if c[:-1] == combination]
                self.bonus[seat] += 4 if len(held) == 4 else 3
            else:
                self.bonus[seat] += 3  # a Napoletana (combination is its suit)


def pizzichi_on_top(seed):
    """A shuffle of the pack whose 3s, 2s and aces lie first in packets 1 to 6, two of a
    rank in each (the 3s in packets 1 and 2...): kept in hand, two such packets hold
    four of a kind; face up, their tops are pizzichi that complete many buongiochi."""
    deck = ITALIAN_40.shuffled(seed)
    pizzichi = sorted(
        (c for c in deck if c[:-1] in PIZZICO_RANKS),
        key=lambda c: PIZZICO_RANKS.index(c[:-1]),
        reverse=True,
    )
    others = [c for c in deck if c[:-1] not in PIZZICO_RANKS]
    stacked = []
    for _ in range(8):
        head = [pizzichi.pop() for _ in range(min(2, len(pizzichi)))]
        stacked += head + [others.pop() for _ in range(5 - len(head))]
    return stacked


def prefer_takes(rng, legal):
    takes = [action for action in legal if action.startswith("take")]
    return rng.choice(takes if takes and rng.random() < 0.8 else legal)


deals = random_deals(GAME, stacked=st.booleans())


@settings(max_examples=120, deadline=None)
@given(deals)
def test_deal_points_are_floored_card_thirds_plus_the_buongiochi_of_the_rulings(spec):
    deck = pizzichi_on_top(spec["deck_seed"]) if spec["stacked"] else None
    deal, referee = play_random_deal(
        GAME,
        spec,
        lambda deal: Referee(deal.deck, deal.dealer, deal.options),
        choose=prefer_takes,
        deck=deck,
    )
    thirds = [sum(THIRDS.get(c[:-1], 0) for c in referee.piles[seat]) for seat in (0, 1)]
    thirds[referee.last_winner] += 3
    result = deal.result()
    bonus = [sum(d["points"] for d in result["buongiochi"][seat]) for seat in (0, 1)]
    assert bonus == [referee.bonus[0], referee.bonus[1]]
    assert result["points"] == [thirds[seat] // 3 + referee.bonus[seat] for seat in (0, 1)]
