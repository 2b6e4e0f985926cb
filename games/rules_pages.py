"""The rules pages: each game's page of docs/games/ (English) or docs/games/it/ (Italian,
where written) rendered from Markdown (the ``markdown`` library), at /rules/<slug>/.

The pages are the project's own files, so their HTML is trusted as written; a game
without an Italian page shows the English one with a note.
"""

from __future__ import annotations

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


@lru_cache(maxsize=64)
def _render(path: Path, modified: float) -> str:
    """The HTML of a Markdown file (cached per file and modification time)."""
    text = path.read_text(encoding="utf-8")
    return markdown.markdown(text, extensions=["tables", "fenced_code", "sane_lists"])


def rules_page(slug: str, language: str) -> tuple[str, bool]:
    """``(html, translated)``: the game's rules page in ``language`` ("it" or "en"), or the
    English one (``translated`` False) when there is none in that language. Raises
    Http404 for a game or page that does not exist."""
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
