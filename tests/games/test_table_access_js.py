"""The table in words and the command box (static/js/announce.js, static/js/commands.js),
run in Node.js without a page: the sentences read off two states, and typed commands,
English and Italian, matched to the legal moves or refused in words.
Needs Node.js (skipped without it: the browser tests load the same modules).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "static" / "js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def _run(body: str):
    script = (
        f'import {{ describeEvents, meldWords }} from "{(JS / "announce.js").as_posix()}";\n'
        f'import {{ interpret }} from "{(JS / "commands.js").as_posix()}";\n{body}'
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return json.loads(out.stdout)


ENV = "{ name: (s) => ['alice', 'bob'][s], viewer: 0, pack: 'italian', game: 'briscola' }"


def test_a_card_played_and_a_trick_taken_are_said_with_the_points():
    result = _run(f"""
        const st = (view) => ({{ seq: 1, match: {{ id: 1, deal_number: 1 }}, view }});
        const a = st({{ trick: [{{ seat: 1, card: "3H" }}], last_trick: null }});
        const b = st({{ trick: [], last_trick: {{ cards: [{{ seat: 1, card: "3H" }},
                        {{ seat: 0, card: "AH" }}], winner: 0 }} }});
        const c = st({{ trick: [{{ seat: 1, card: "3H" }}], last_trick: null }});
        console.log(JSON.stringify([describeEvents(a, b, {ENV}),
                                    describeEvents(st({{ trick: [] }}), c, {ENV})]));
    """)
    assert result == [
        ["You play Asso di Coppe", "You take the trick, 21 points"],
        ["bob plays Tre di Coppe"],
    ]


def test_a_burraco_run_is_said_low_to_high_with_its_wild_card():
    result = _run('console.log(JSON.stringify(meldWords(["JK@4H", "5H", "6H", "7H"], "french")));')
    assert result == "a run of Cuori, Quattro to Sette (1 wild card)"


@pytest.mark.parametrize(
    ("typed", "out"),
    [
        ("play 7 cups", {"send": "play 7H"}),
        ("gioca sette di coppe", {"send": "play 7H"}),
        ("7h", {"send": "play 7H"}),
        ("play 3 coins", {"choose": ["capture 3D 3S", "capture 3D AC+2C"]}),
        ("2", {"send": "capture 3D AC+2C"}),
        ("play k swords", {"refuse": "You do not hold Re di Spade."}),
        ("play 5 cups", {"refuse": "Cinque di Coppe cannot be played now. follow Coppe"}),
        ("mano", {"read": "hand"}),
        ("punteggio", {"read": "score"}),
        ("dance", {"refuse": "Unknown command. Type help for the commands."}),
    ],
)
def test_a_typed_command_is_matched_to_a_legal_move_or_refused_in_words(typed, out):
    result = _run(f"""
        const env = {{ legal: ["play 7H", "capture 3D 3S", "capture 3D AC+2C"], pack: "italian",
                      hand: ["7H", "3D", "5H"], myTurn: true, rule: "follow Coppe",
                      choices: ["capture 3D 3S", "capture 3D AC+2C"] }};
        console.log(JSON.stringify(interpret({json.dumps(typed)}, env)));
    """)
    assert result == out


def test_a_burraco_meld_not_listed_is_sent_for_the_engine_to_check():
    result = _run("""
        const env = { legal: ["discard 9S", "meld 7C 7D 7S"], pack: "french",
                      hand: ["4H", "5H", "6H", "9S"], myTurn: true, rule: "", choices: [] };
        console.log(JSON.stringify([interpret("meld 4h 5h 6h", env),
                                    interpret("cala 7 fiori 7 quadri 7 picche", env)]));
    """)
    assert result == [{"send": "meld 4H 5H 6H"}, {"send": "meld 7C 7D 7S"}]


def test_the_deals_last_trick_is_said_from_the_state_once_the_next_deal_is_dealt():
    result = _run("""
        const env = { name: (s) => ["alice", "bob", "carol", "dave"][s], viewer: 0,
                      pack: "italian", game: "tressette" };
        const a = { seq: 7, match: { id: 1, deal_number: 1 },
                    view: { trick: [{ seat: 1, card: "3H" }, { seat: 2, card: "4H" }] } };
        const last = { cards: [{ seat: 1, card: "3H" }, { seat: 2, card: "4H" },
                               { seat: 3, card: "5H" }, { seat: 0, card: "AH" }], winner: 1 };
        const b = { seq: 9, match: { id: 1, deal_number: 2, previous_last_trick: last },
                    view: { trick: [], last_trick: null } };
        console.log(JSON.stringify(describeEvents(a, b, env)));
    """)
    assert result == [
        "dave plays Cinque di Coppe",
        "You play Asso di Coppe",
        "bob takes the trick",
    ]


def test_a_tressette_signal_is_said_before_the_card():
    result = _run("""
        const env = { name: (s) => ["alice", "bob", "carol", "dave"][s], viewer: 0,
                      pack: "italian", game: "tressette" };
        const st = (view) => ({ seq: 1, match: { id: 1, deal_number: 1 }, view });
        const a = st({ trick: [], signals: [] });
        const b = st({ trick: [{ seat: 2, card: "3S" }],
                       signals: [{ trick: 0, seat: 2, signal: "striscio", count: 3 }] });
        const c = st({ trick: [{ seat: 2, card: "3S" }],
                       signals: [{ trick: 0, seat: 2, signal: "striscio", count: 3 },
                                 { trick: 0, seat: 3, signal: "volo", count: 0 }] });
        console.log(JSON.stringify([describeEvents(a, b, env), describeEvents(b, c, env)]));
    """)
    assert result == [
        ["carol signals: striscio: 3 of the suit", "carol plays Tre di Spade"],
        ["dave signals: volo: void in a suit"],
    ]
