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


def _describe(game: str, pairs: str, viewer: int = 0) -> list:
    """describeEvents over each [prev view, cur view] of ``pairs`` (JS), one deal."""
    return _run(f"""
        const env = () => ({{ name: (s) => ["alice", "bob", "carol", "dave"][s], viewer: {viewer},
                             pack: "italian", game: {json.dumps(game)} }});
        const st = (view, match = {{}}) =>
            ({{ seq: 1, match: {{ id: 1, deal_number: 1, ...match }}, view }});
        const pairs = {pairs};
        const said = pairs.map(([a, b, m]) => describeEvents(st(a), st(b, m), env()));
        console.log(JSON.stringify(said));
    """)


def test_sette_e_mezzo_says_the_limits_bets_cards_stand_bust_and_the_banks_result():
    p = "(seat, more) => ({ seat, up_cards: [], status: 'waiting', bet: null, ...more })"
    result = _describe(
        "sette-e-mezzo",
        f"""(() => {{ const p = {p}; return [
        [{{ banker: 2, limits: null, players: [] }}, {{ banker: 2, limits: [1, 10], players: [] }}],
        [{{ banker: 2, players: [p(0), p(1)] }},
         {{ banker: 2, players: [p(0, {{ bet: 5 }}), p(1, {{ status: 'passed' }})] }}],
        [{{ banker: 2, players: [p(1, {{ status: 'playing', bet: 2 }})] }},
         {{ banker: 2,
            players: [p(1, {{ status: 'bust', bet: 2, up_cards: ['KS'], total: '8' }})] }}],
        [{{ banker: 2, players: [p(0, {{ status: 'playing', bet: 5 }})] }},
         {{ banker: 2, players: [p(0, {{ status: 'stood', bet: 5 }})] }}],
        [{{ banker: 2, players: [] }},
         {{ banker: 2, players: [] }},
         {{ deal_number: 2,
            last_result: {{ number: 1, result: {{ banker: 2, totals: {{ 2: '9' }} }} }} }}],
    ]; }})()""",
    )
    assert result == [
        ["carol sets the limits: 1 to 10"],
        ["You bet 5 chips", "bob passes"],
        ["bob takes a card: Re di Spade", "bob busts with 8"],
        ["You stand"],
        ["carol: bank bust: pays every bet standing"],
    ]


def test_ziginette_says_each_bet_the_banks_cards_and_each_match():
    result = _describe(
        "ziginette",
        """(() => {
        const z = (banker_card, last_card, matched = []) => ({ banker: 0, banker_card, last_card,
            board: [{ card: "3D", bets: { 1: 4 } }], matched });
        return [
            [{ banker: 0, board: [{ card: "3D", bets: {} }] },
             { banker: 0, board: [{ card: "3D", bets: { 1: 4 } }] }],
            [z("", "3D"), z("KC", "KC")],
            [z("KC", "KC"), z("KC", "3S", [{ card: "3D", chips: 4, by: "3S" }])],
        ]; })()""",
    )
    assert result == [
        ["bob bets 4 chips on Tre di Denari"],
        ["The bank's card: Re di Bastoni"],
        [
            "The bank turns Tre di Spade",
            "Tre di Denari matched by Tre di Spade: the bank takes 4 chips.",
        ],
    ]


def test_rumino_says_draws_takes_claims_discards_and_a_knock():
    pl = "(counts) => counts.map((n, seat) => ({ seat, hand_count: n }))"
    result = _describe(
        "rumino",
        f"""(() => {{ const pl = {pl}; return [
        [{{ to_act: 1, stock_count: 50, pile: ["7D"], players: pl([7, 7, 7]) }},
         {{ to_act: 1, stock_count: 49, pile: ["7D"], players: pl([7, 8, 7]) }}],
        [{{ to_act: 1, stock_count: 49, pile: ["7D"], players: pl([7, 8, 7]) }},
         {{ to_act: 2, stock_count: 49, pile: ["7D", "5C"], players: pl([7, 7, 7]) }}],
        [{{ to_act: 2, stock_count: 49, pile: ["7D", "5C"], players: pl([7, 7, 7]) }},
         {{ to_act: 2, stock_count: 49, pile: ["7D"], players: pl([8, 7, 7]) }}],
        [{{ to_act: 2, stock_count: 49, pile: ["7D"], players: pl([8, 7, 7]) }},
         {{ to_act: 0, stock_count: 49, pile: [], players: pl([8, 7, 8]) }}],
        [{{ players: [] }}, {{ players: [] }},
         {{ deal_number: 2,
            last_result: {{ number: 1, result: {{ ended_by: "knock", by: 1 }} }} }}],
    ]; }})()""",
    )
    assert result == [
        ["bob draws from the stock"],
        ["bob discards Cinque di Bastoni"],
        ["You claim Cinque di Bastoni"],
        ["carol takes Sette di Denari from the pile"],
        ["bob knocked."],
    ]


def test_calabrasella_says_the_bids_the_call_and_who_hands_the_card_over():
    result = _describe(
        "calabrasella",
        """[
        [{ bids: [] }, { bids: [{ seat: 0, bid: "pass" }, { seat: 1, bid: "play" }] }],
        [{ declarer: 1, called: null, trick: [] },
         { declarer: 1, called: "3S", called_from: 2, trick: [] }],
    ]""",
    )
    assert result == [
        ["You pass", "bob plays the hand"],
        ["bob calls Tre di Spade", "carol hands it over"],
    ]


def test_pinch_tarot_and_spizzichino_say_melds_draws_and_packets():
    tarot = _describe(
        "pinch-tarot",
        """[
        [{ trick: [], players: [{ seat: 1, melds: [] }], last_draws: [] },
         { trick: [], players: [{ seat: 1, melds: [{ kind: "three", label: "three kings" }] }],
           last_draws: [{ seat: 1, card: "7T" }, { seat: 0, card: "2S" }] }],
    ]""",
    )
    spizz = _describe(
        "spizzichino",
        """[
        [{ packets: [{ number: 3, owner: null }], players: [] },
         { packets: [{ number: 3, owner: 1 }], players: [] }],
    ]""",
    )
    assert tarot == [["bob shows three kings", "bob draws 7T", "You draw Due di Spade"]]
    assert spizz == [["bob picks packet 3"]]


SETTE = [
    *(f"limits {a} {b}" for a in range(1, 4) for b in range(a, 11)),
]


@pytest.mark.parametrize(
    ("legal", "typed", "out"),
    [
        (SETTE, "limits 1 10", {"send": "limits 1 10"}),
        (SETTE, "limiti 2 2", {"send": "limits 2 2"}),
        (["bet 1", "bet 2", "bet 5", "bet 10", "pass"], "punta 5", {"send": "bet 5"}),
        (["bet 1", "bet 2", "bet 5", "bet 10", "pass"], "bet 10", {"send": "bet 10"}),
        (["bet 1", "bet 2", "pass"], "passo", {"send": "pass"}),
        (["hit", "stand"], "carta", {"send": "hit"}),
        (["hit", "stand"], "sto", {"send": "stand"}),
        (["hit", "stand"], "basta", {"send": "stand"}),
        (["bet 3D 1", "bet 3D 5", "bet KS 5", "done"], "punta 5 su 3 denari", {"send": "bet 3D 5"}),
        (
            ["bet 3D 1", "bet 3D 5", "bet KS 5", "done"],
            "bet 5 on king of swords",
            {"send": "bet KS 5"},
        ),
        (
            ["bet 3D 1", "bet 3D 5", "bet KS 5", "done"],
            "bet 5",
            {"choose": ["bet 3D 5", "bet KS 5"]},
        ),
        (["bet 3D 1", "bet 3D 5", "done"], "passo", {"send": "done"}),
        (["bet 3D 1", "bet 3D 5", "done"], "fatto", {"send": "done"}),
        (["keep", "pass"], "tengo il banco", {"send": "keep"}),
        (["keep", "pass"], "pass", {"send": "pass"}),
    ],
)
def test_the_banking_games_commands_match_their_engines_moves(legal, typed, out):
    result = _run(f"""
        const env = {{ legal: {json.dumps(legal)}, pack: "italian", hand: [], myTurn: true,
                      rule: "", choices: [] }};
        console.log(JSON.stringify(interpret({json.dumps(typed)}, env)));
    """)
    assert result == out


def _typed_move(typed: str, legal: list[str], pack: str = "italian"):
    """What the command box sends for ``typed`` against ``legal`` (None when it sends
    nothing)."""
    out = _run(f"""
        const env = {{ legal: {json.dumps(legal)}, pack: "{pack}", hand: [], myTurn: true,
                      rule: "", choices: [] }};
        console.log(JSON.stringify(interpret({json.dumps(typed)}, env)));
    """)
    return out.get("send")


SUIT_WORDS = {"D": "denari", "H": "coppe", "S": "spade", "C": "bastoni"}


def _ziginette_command(deal) -> str:
    view = deal.view(deal.to_act)
    if view["phase"] == "limits":
        return "limiti 1 3"
    if view["phase"] == "bank_choice":
        return "tengo il banco"
    mine = {card["card"] for card in view["board"] if str(deal.to_act) in card["bets"]}
    free = [card["card"] for card in view["board"] if card["card"] not in mine]
    if free and not mine:
        code = free[0]
        return f"punta 2 su {code[:-1].lower()} {SUIT_WORDS[code[-1]]}"
    return "fatto"


def _sette_command(deal) -> str:
    phase = deal.view(deal.to_act)["phase"]
    return {"limits": "limits 1 3", "bet": "punta 2", "play": "sto", "bank": "basta"}[phase]


@pytest.mark.parametrize(
    ("slug", "command"), [("sette-e-mezzo", _sette_command), ("ziginette", _ziginette_command)]
)
def test_a_banking_hand_is_played_through_italian_commands_the_engine_accepts(slug, command):
    from games.rules.registry import get_game

    deal = get_game(slug).new_deal(seats=3, seed=4)
    moves = 0
    while not deal.is_over and moves < 40:
        legal = deal.legal_actions()
        typed = command(deal)
        sent = _typed_move(typed, legal)
        assert sent in legal, (typed, sent, legal[:8])
        deal.apply(sent, deal.to_act)
        moves += 1
    assert deal.is_over and moves >= 4
