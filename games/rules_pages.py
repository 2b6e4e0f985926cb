"""The rules pages: each game's page of docs/games/ (English) or docs/games/it/ (Italian,
where written) rendered from Markdown (the ``markdown`` library), at /rules/<slug>/.

The same files are also the developers' documentation of each game: the sources and the
engine's package, the action spelling for records and bots, determinization, timings,
the live layer's internals. Those parts are wrapped in blocks from a line
``<!-- developers -->`` to a line ``<!-- /developers -->`` (each marker on a line of its
own; any number of blocks; a block left open runs to the end of the file), which the
web page omits, so that players read only the game, its options and how to play it
here. Being HTML comments, the markers do not show when the Markdown is read elsewhere.

The pages are the project's own files, so their HTML is trusted as written; a game
without an Italian page shows the English one with a note.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from games.game_options import game_form, seat_choices
from games.rules import all_games, get_game
from games.time_controls import TIME_CONTROLS

DOCS = Path(settings.BASE_DIR) / "docs" / "games"

# The lines opening and closing a block for developers, left out of the web page.
DEVELOPERS_OPEN = re.compile(r"^\s*<!--\s*developers\s*-->\s*$")
DEVELOPERS_CLOSE = re.compile(r"^\s*<!--\s*/developers\s*-->\s*$")


def for_players(text: str) -> str:
    """``text`` without its blocks for developers: every line from a line
    ``<!-- developers -->`` to the next line ``<!-- /developers -->`` (both markers
    included; an unclosed block runs to the end). A stray closing marker is dropped."""
    kept: list[str] = []
    omitting = False
    for line in text.splitlines(keepends=True):
        if DEVELOPERS_OPEN.match(line):
            omitting = True
        elif DEVELOPERS_CLOSE.match(line):
            omitting = False
        elif not omitting:
            kept.append(line)
    return "".join(kept)


@lru_cache(maxsize=64)
def _render(path: Path, modified: float) -> str:
    """The HTML of a Markdown file for players, its blocks for developers left out
    (cached per file and modification time)."""
    text = for_players(path.read_text(encoding="utf-8"))
    return markdown.markdown(text, extensions=["tables", "fenced_code", "sane_lists"])


def rules_page(slug: str, language: str) -> tuple[str, bool]:
    """``(html, translated)``: the game's rules page in ``language`` ("it" or "en"), without
    its blocks for developers, or the English one (``translated`` False) when there is
    none in that language. Raises Http404 for a game or page that does not exist."""
    try:
        get_game(slug)
    except KeyError:
        raise Http404("No such game.") from None
    localized = DOCS / language / f"{slug}.md"
    english = DOCS / f"{slug}.md"
    path = localized if language != "en" and localized.exists() else english
    if not path.exists():
        raise Http404("This game has no rules page yet.")
    return _render(path, path.stat().st_mtime), path == localized or language == "en"


def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """A game's rules page, in the visitor's language where written."""
    language = (get_language() or "en")[:2]
    html, translated = rules_page(slug, language)
    game = get_game(slug)
    return render(
        request,
        "games/rules.html",
        {
            "game": game,
            "rules_html": html,
            "translated": translated,
            # Play the computer: the player counts and options (games/game_options.py).
            "game_fields": game_form(game),
            "time_controls": TIME_CONTROLS,
        },
    )


def rules_index(request: HttpRequest) -> HttpResponse:
    """Every game with its numbers of players (any its options allow) and links to its
    rules page, its leaderboard, and (logged in) Play the computer on that page."""
    games = [
        {"slug": game.slug, "name": game.name, "seats": seat_choices(game)[0]}
        for game in sorted(all_games(), key=lambda game: game.name)
    ]
    return render(request, "games/rules_index.html", {"games": games})
