"""Every registered game has its own live table drawing: an entry in RENDERERS of
static/js/games/index.js naming a module that exists and exports ``render``, and a pack
in PACKS (docs/frontend.md, "Adding a game"; docs/engine.md, "Adding a game" step 4).
A game without one would fall back to the generic renderer's buttons.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.rules import all_games

JS = Path(__file__).resolve().parents[2] / "static" / "js" / "games"
INDEX = (JS / "index.js").read_text()


def _block(name: str) -> str:
    match = re.search(rf"export const {name} = \{{(.*?)\n\}};", INDEX, re.S)
    assert match, f"{name} is not in static/js/games/index.js"
    return match.group(1)


def _entries(block: str) -> dict[str, str]:
    """``key: value`` entries of a JS object literal (shorthand ``key`` is ``key: key``)."""
    entries = {}
    for line in block.splitlines():
        line = line.strip().rstrip(",")
        if not line or line.startswith("//"):
            continue
        key, _, value = line.partition(":")
        key = key.strip().strip('"')
        entries[key] = value.strip().strip('"') if value else key
    return entries


IMPORTS = dict(re.findall(r'import \* as (\w+) from "\./([\w-]+\.js)";', INDEX))


@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_every_registered_game_has_a_renderer_module_and_a_pack(slug):
    renderers = _entries(_block("RENDERERS"))
    assert slug in renderers, f"{slug} has no renderer in RENDERERS"
    module = IMPORTS.get(renderers[slug])
    assert module, f"{renderers[slug]} is not imported in index.js"
    source = (JS / module).read_text()
    assert re.search(r"^export function render\(ctx\)", source, re.M)
    packs = _entries(_block("PACKS"))
    game = next(g for g in all_games() if g.slug == slug)
    # "italian" is the default pack; every other game names its pack.
    if not game.pack.name.startswith("italian"):
        assert packs.get(slug) in {"french", "tarot"}, f"{slug} has no pack in PACKS"
