"""Bazzica's variants of 002: their packs, tables of combinations and rules, and the
combinations a player may declare in them.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Varianti": Bazzica in
tre, Bazzica Rubicone, Bazzica in quattro), ../shared/rules/README.md ("Bazzica":
packs of 32 cards, ``tre`` 3 packs, ``rubicone`` 4, ``quattro`` 6).

=========  =====  =====  ====  ==========================================  =========
variant    seats  cards  hand  trumps                                      last trick
=========  =====  =====  ====  ==========================================  =========
tre        3      96     8     the upcard, as in the two-player game       10
rubicone   2      128    9     the first marriage or sequence declared     50
quattro    4      192    9     as rubicone; partners sit opposite          50
=========  =====  =====  ====  ==========================================  =========

Points of each combination (kind: the action's word), by variant; "-" where the
variant has no such combination:

=====================  =============================  =====  ========  =======
kind                   cards                          tre    rubicone  quattro
=====================  =============================  =====  ========  =======
sextuple_bezique       6 x QS and 6 x JD (sestupla)   -      -         40500
quintuple_bezique      5 x QS and 5 x JD (quintupla)  -      -         13500
quadruple_bezique      4 x QS and 4 x JD (quadrupla)  -      4500      4500
triple_bezique         3 x QS and 3 x JD (tripla)     -      1500      1500
double_bezique         2 x QS and 2 x JD (doppia)     500    500       500
sequence               A 10 K Q J of trumps           250    250       250
ordinary_sequence      A 10 K Q J of another suit     -      150       150
four_aces              any four aces                  100    100       1000
four_tens              any four tens                  -      -         900
four_kings             any four kings                 80     80        800
four_queens            any four queens                60     60        600
four_jacks             any four jacks                 40     40        400
bezique                QS JD (bazzica)                40     40        40
royal_marriage         K Q of trumps                  40     40        40
marriage               K Q of another suit            20     20        20
exchange               the 7 of trumps (scambio)      10     -         -
carta_bianca           a hand without K, Q or J       -      50        50
carta_bianca_double    both partners' hands so        -      -         500
=====================  =============================  =====  ========  =======

Reuse: in ``tre`` as the option ``reuse`` says (as in the two-player game); in
``rubicone`` and ``quattro`` "le carte delle combinazioni si possono usare per
formarne altre simili": a card may join any later combination, one of the same kind
included, as long as that combination holds a card new to its kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from games.rules.cards import PIQUET_32, SUITS, Pack

KINDS = (
    "sextuple_bezique", "quintuple_bezique", "quadruple_bezique", "triple_bezique",
    "double_bezique", "sequence", "ordinary_sequence", "four_aces", "four_tens",
    "four_kings", "four_queens", "four_jacks", "bezique", "royal_marriage", "marriage",
    "exchange", "carta_bianca", "carta_bianca_double",
)  # fmt: skip
KIND = {kind: bit for bit, kind in enumerate(KINDS)}
LABELS = {
    "sextuple_bezique": "Bazzica sestupla", "quintuple_bezique": "Bazzica quintupla",
    "quadruple_bezique": "Bazzica quadrupla", "triple_bezique": "Bazzica tripla",
    "double_bezique": "Bazzica doppia", "sequence": "Sequenza",
    "ordinary_sequence": "Sequenza ordinaria", "four_aces": "Quattro assi",
    "four_tens": "Quattro dieci", "four_kings": "Quattro re", "four_queens": "Quattro donne",
    "four_jacks": "Quattro fanti", "bezique": "Bazzica", "royal_marriage": "Matrimonio di briscola",
    "marriage": "Matrimonio comune", "exchange": "Scambio", "carta_bianca": "Carta bianca",
    "carta_bianca_double": "Carta bianca doppia",
}  # fmt: skip
BEZIQUES = {
    1: "bezique", 2: "double_bezique", 3: "triple_bezique", 4: "quadruple_bezique",
    5: "quintuple_bezique", 6: "sextuple_bezique",
}  # fmt: skip
"""How many QS and as many JD -> the kind of bezique."""
FOURS = {"four_aces": "A", "four_tens": "10", "four_kings": "K", "four_queens": "Q",
         "four_jacks": "J"}  # fmt: skip
FIGURES = ("K", "Q", "J")
"""The figures (figure) whose absence from a hand makes a carta bianca (002)."""
SEQUENCE_RANKS = ("A", "10", "K", "Q", "J")

_TWO_HANDED = {
    "double_bezique": 500, "sequence": 250, "four_aces": 100, "four_kings": 80,
    "four_queens": 60, "four_jacks": 40, "bezique": 40, "royal_marriage": 40, "marriage": 20,
    "exchange": 10,
}  # fmt: skip
_RUBICONE = {
    **{kind: points for kind, points in _TWO_HANDED.items() if kind != "exchange"},
    "quadruple_bezique": 4500, "triple_bezique": 1500, "ordinary_sequence": 150,
    "carta_bianca": 50,
}  # fmt: skip
_QUATTRO = {
    **_RUBICONE,
    "sextuple_bezique": 40500, "quintuple_bezique": 13500, "four_aces": 1000, "four_tens": 900,
    "four_kings": 800, "four_queens": 600, "four_jacks": 400, "carta_bianca_double": 500,
}  # fmt: skip


@dataclass(frozen=True)
class Variant:
    """The rules that tell a variant apart (002, "Varianti"; README "Bazzica").

    ``packs``: 32-card packs shuffled together; ``hand``: cards dealt to each;
    ``upcard``: trumps from a card turned after the deal (else from the first
    marriage or sequence declared); ``sevens``: each 7 of trumps scores 10;
    ``last_trick``: its points; ``points``: kind -> points of the combinations it
    has; ``similar``: a card may join a second combination of the same kind;
    ``rubicon``: the deal is scored as 002's Rubicone (500 and the difference,
    rubicone under 1000), else points are kept as in the two-player game.
    """

    name: str
    seats: int
    packs: int
    hand: int
    upcard: bool
    sevens: bool
    last_trick: int
    points: dict[str, int] = field(hash=False)
    similar: bool
    rubicon: bool
    target: int

    @property
    def cards(self) -> int:
        """Cards in the pack."""
        return 32 * self.packs

    @property
    def packets(self) -> tuple[int, ...]:
        """Packet sizes of the deal: 3-2-3 for eight cards, 3-3-3 for nine."""
        return (3, 2, 3) if self.hand == 8 else (3, 3, 3)


VARIANTS = {
    "tre": Variant("tre", 3, 3, 8, True, True, 10, _TWO_HANDED, False, False, 1500),
    "rubicone": Variant("rubicone", 2, 4, 9, False, False, 50, _RUBICONE, True, True, 1000),
    "quattro": Variant("quattro", 4, 6, 9, False, False, 50, _QUATTRO, True, True, 1000),
}
PACKS = {name: Pack(f"bazzica-{v.cards}", PIQUET_32.new_order * v.packs)
         for name, v in VARIANTS.items()}  # fmt: skip
"""Variant -> its pack (codes repeat ``packs`` times)."""

CODES = PACKS["tre"].codes
"""The 32 distinct codes; a physical card ``i`` is ``CODES[i % 32]`` (cards.copy_ids)."""
N = len(CODES)
INDEX = {code: i for i, code in enumerate(CODES)}
ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
SUIT = tuple(SUITS.index(code[-1]) for code in CODES)
RANK = tuple(code[:-1] for code in CODES)
STRENGTH = tuple(len(ORDER) - ORDER.index(rank) for rank in RANK)
"""Code int -> its strength in its suit, higher wins (A 10 K Q J 9 8 7)."""
DISPLAY_KEY = tuple((SUIT[c], -STRENGTH[c]) for c in range(N))


def display(cards: Sequence[int]) -> list[str]:
    """Codes of physical cards in display order (by suit C D H S, then ace down)."""
    return [CODES[c] for c in sorted((card % N for card in cards), key=DISPLAY_KEY.__getitem__)]


def spell(kind: str, codes: Sequence[int]) -> str:
    """The action string declaring ``kind`` with these code ints (any order)."""
    if kind in ("carta_bianca", "carta_bianca_double"):
        return f"declare {kind}"
    ordered = sorted(codes, key=DISPLAY_KEY.__getitem__)
    return f"declare {kind} " + " ".join(CODES[c] for c in ordered)


def shapes(variant: Variant, trump: int | None, upcard_seven: bool) -> list[tuple[str, tuple]]:
    """Every combination of fixed cards the variant allows now: ``(kind, codes)`` with the
    code ints it needs (a code repeated as often as needed). Fours are left to
    ``four_shapes``; the carta bianca is not a combination of cards.

    ``trump``: the trump suit index, None while no marriage or sequence has fixed it
    (rubicone, quattro): then the first marriage or sequence of any suit is offered as
    the royal marriage or the sequence, and fixes trumps.
    """
    points = variant.points
    qs, jd = INDEX["QS"], INDEX["JD"]
    found = [(kind, (qs,) * n + (jd,) * n) for n, kind in BEZIQUES.items() if kind in points]
    for s, suit in enumerate(SUITS):
        sequence = tuple(INDEX[rank + suit] for rank in SEQUENCE_RANKS)
        marriage = (INDEX["K" + suit], INDEX["Q" + suit])
        if trump is None or s == trump:
            found += [("sequence", sequence), ("royal_marriage", marriage)]
        else:
            if "ordinary_sequence" in points:
                found.append(("ordinary_sequence", sequence))
            found.append(("marriage", marriage))
    if "exchange" in points and trump is not None and not upcard_seven:
        found.append(("exchange", (INDEX["7" + SUITS[trump]],)))
    return found


def four_shapes(variant: Variant) -> list[tuple[str, tuple[int, ...]]]:
    """Every "four of a rank" of the variant: any four cards of the rank, a suit repeated
    as often as the packs allow."""
    found = []
    for kind, rank in FOURS.items():
        if kind in variant.points:
            codes = [INDEX[rank + suit] for suit in SUITS]
            for combo in combinations_with_replacement(codes, 4):
                if max(combo.count(c) for c in combo) <= variant.packs:
                    found.append((kind, combo))
    return found


def parse_declaration(action: str) -> tuple[str, tuple[int, ...]] | None:
    """``"declare <kind> <codes>"`` -> ``(kind, code ints)``, None when it is not one."""
    parts = action.split(" ") if isinstance(action, str) else []
    if len(parts) < 2 or parts[0] != "declare" or parts[1] not in KIND:
        return None
    try:
        codes = tuple(INDEX[code] for code in parts[2:])
    except KeyError:
        return None
    return parts[1], codes
