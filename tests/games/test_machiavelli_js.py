"""The browser's meld check agrees with the engine's: ``meldKind`` of
static/js/games/machiavelli.js (what the table shows while a player arranges) against
``meld_kind`` of games/rules/machiavelli/melds.py, on every kind of meld and on random
groups of cards, and ``tableAction`` spells a table the engine reads back.
Needs Node.js (skipped without it: the browser test exercises the same code).
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"), docs/frontend.md.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from games.rules.machiavelli.melds import CODES, faces, meld_kind

MODULE = Path(__file__).resolve().parents[2] / "static" / "js" / "games" / "machiavelli.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def _run(script: str):
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return json.loads(out.stdout)


def _groups() -> list[list[str]]:
    rng = random.Random(2026)
    named = [
        "7C 7D 7S", "7C 7D 7S 7H", "7C 7D 7C", "7C 7D", "7C 7D 7S 7H 7C",
        "AS 2S 3S", "QS KS AS", "JS QS KS AS", "KS AS 2S", "3S 4S 6S", "3S 4S 4S 5S",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "3H 4S 5H", "10D JD QD KD AD",
    ]  # fmt: skip
    groups = [text.split() for text in named]
    deck = [*CODES[:52], *CODES[:52]]
    for _ in range(400):
        size = rng.randint(3, 6)
        if rng.random() < 0.5:  # one suit, close ranks: often a run
            suit, low = rng.choice("CDHS"), rng.randrange(13)
            ranks = [(low + rng.randint(0, size)) % 13 for _ in range(size)]
            groups.append([CODES[[*"CDHS"].index(suit) * 13 + r] for r in ranks])
        else:
            groups.append(rng.sample(deck, size))
    return groups


def test_the_browser_meld_check_agrees_with_the_engine():
    groups = _groups()
    script = (
        f"import {{ meldKind }} from {json.dumps(MODULE.as_uri())};"
        f"console.log(JSON.stringify({json.dumps(groups)}.map((g) => meldKind(g))));"
    )
    browser = _run(script)
    engine = [meld_kind(faces(group)) for group in groups]
    assert browser == engine
    assert {"set", "run", None} <= set(engine)


def test_a_table_spelled_by_the_browser_has_the_engine_s_melds():
    melds = [["5H", "3H", "4H"], ["7S", "7C", "7D"], ["AS", "KS", "QS"]]
    script = (
        f"import {{ tableAction }} from {json.dumps(MODULE.as_uri())};"
        f"console.log(JSON.stringify(tableAction({json.dumps(melds)})));"
    )
    action = _run(script)
    assert action.startswith("table ")
    spelled = [part.split() for part in action[len("table ") :].split(" | ")]
    assert [sorted(m) for m in spelled] == [sorted(m) for m in melds]
    assert all(meld_kind(faces(m)) for m in spelled)
