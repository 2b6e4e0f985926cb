"""Each move of a replay reads as a sentence naming its player (static/js/describe.js's
``describeAction``), card names Italian in both languages; drawn without a server
(table_harness.py).
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

DESCRIBE = """async ([moves]) => {
    const { describeAction } = await import("/static/js/describe.js");
    return moves.map(([game, name, action]) => describeAction(game, name, action));
}"""

MOVES = [
    ("briscola", "frank", "play KS"),
    ("scopa", "alice", "capture 10D 7H+3H"),
    ("machiavelli", "bob", "draw"),
    ("burraco", "carla", "meld 4H 5H 6H 7H"),
    ("burraco", "carla", "meld JK@6S 7S 8S"),
    ("burraco", "dario", "take"),
    ("rumino", "elena", "knock"),
    ("calabrasella", "frank", "call AD"),
    ("sette-e-mezzo", "alice", "bet 3"),
    ("ziginette", "bob", "pass"),
    ("tressette", "carla", "striscio 3"),
    ("spizzichino", "dario", "hand 3 6"),
    ("bazzica", "elena", "declare royal_marriage KH QH"),
]

ENGLISH = [
    "frank plays the Re di Spade",
    "alice plays the Dieci di Denari and takes Sette and Tre di Coppe",
    "bob draws from the stock",
    "carla lays a run: Quattro–Sette di Cuori",
    "carla lays a run: Sei–Otto di Picche (Joker as Sei di Picche)",
    "dario takes the discard pile",
    "elena knocks",
    "frank calls the Asso di Denari",
    "alice bets 3 chips",
    "bob passes the bank",
    "carla signals striscio (3 in the suit)",
    "dario keeps packets 3 and 6 in hand",
    "elena declares a royal marriage: Re and Donna di Cuori",
]

ITALIAN = [
    "frank gioca il Re di Spade",
    "alice gioca il Dieci di Denari e prende Sette e Tre di Coppe",
    "bob pesca dal tallone",
    "carla cala una scala: Quattro–Sette di Cuori",
    "carla cala una scala: Sei–Otto di Picche (Jolly come Sei di Picche)",
    "dario raccoglie gli scarti",
    "elena bussa",
    "frank chiama l'Asso di Denari",
    "alice punta 3 fiches",
    "bob cede il banco",
    "carla segnala striscio (3 nel seme)",
    "dario tiene in mano i pacchetti 3 e 6",
    "elena dichiara un matrimonio di briscola: Re e Donna di Cuori",
]


def test_each_kind_of_move_reads_as_a_sentence_with_the_players_name(english, italian):
    moves = [list(move) for move in MOVES]
    assert english.page.evaluate(DESCRIBE, [moves]) == ENGLISH
    assert italian.page.evaluate(DESCRIBE, [moves]) == ITALIAN


def test_a_machiavelli_table_names_only_the_cards_laid_from_the_hand(english):
    harness = english
    state = {"view": {"game": "machiavelli", "table": [["3H", "4H", "5H"]]}, "match": {}}
    said = harness.page.evaluate(
        """async ([state]) => {
            const { describeAction } = await import("/static/js/describe.js");
            return [describeAction(state, "bob", "table 3H 4H 5H 6H | 7C 7D 7S"),
                    describeAction(state, "bob", "table 3H 4H | 5H 6H 7H"),
                    describeAction(state, "bob", "frobnicate 7C")];
        }""",
        [state],
    )
    assert said == [
        "bob lays Sei di Cuori, Sette di Fiori, Sette di Quadri and Sette di Picche on the table",
        "bob lays Sei and Sette di Cuori on the table",
        "bob: Frobnicate Sette di Fiori",
    ]
