"""A table drawn without a server: the match page core's ``renderState`` (static/js/match.js)
given a ``state`` message, in Chromium, with the page's JavaScript catalog in English or
Italian. The static files are served to the page by Playwright's routing, so a test reads
what a game's renderer writes for any view in a fraction of a second, with no match in
the database and no socket.
"""

from __future__ import annotations

import json
import mimetypes
from pathlib import Path

from django.test import Client

STATIC = Path(__file__).resolve().parents[2] / "static"
ORIGIN = "http://cartelle.test"


def catalog(language: str) -> str:
    """The JavaScript catalog (/jsi18n/) as a page in ``language`` loads it."""
    response = Client().get("/jsi18n/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


class TableHarness:
    """One page that draws states: ``text(state, config)`` renders and returns the table's
    text; ``page`` is there to read more."""

    def __init__(self, browser, language: str = "en") -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844})
        self.page = self.context.new_page()
        script = catalog(language)
        html = (
            f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
            f'<link rel="stylesheet" href="/static/css/cards.css"><script>{script}</script>'
            "<script>globalThis.CARTELLE_NO_AUTOSTART = true;</script></head>"
            '<body><div id="table"></div></body></html>'
        )

        def serve(route):
            path = route.request.url[len(ORIGIN) :].split("?")[0]
            if path == "/":
                route.fulfill(status=200, body=html, content_type="text/html")
                return
            file = (STATIC / path.removeprefix("/static/")).resolve()
            if not path.startswith("/static/") or STATIC not in file.parents or not file.is_file():
                route.fulfill(status=404, body="")
                return
            kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            if file.suffix == ".js":
                kind = "text/javascript"
            route.fulfill(status=200, body=file.read_bytes(), content_type=kind)

        self.context.route(f"{ORIGIN}/**", serve)
        self.page.goto(f"{ORIGIN}/")

    def render(self, state: dict, config: dict | None = None) -> None:
        """Draw ``state`` (a ``state`` message without its type) on the page's table."""
        self.page.evaluate(
            """async ([state, config]) => {
                const { renderState } = await import("/static/js/match.js");
                const table = document.getElementById("table");
                renderState(table, state, config);
            }""",
            [state, config or {}],
        )

    def text(self, state: dict, config: dict | None = None) -> str:
        """The table's text once ``state`` is drawn."""
        self.render(state, config)
        return self.page.locator("#table").inner_text()

    def close(self) -> None:
        """Close the page's context."""
        self.context.close()


def state_of(game: str, view: dict, players: list[str], **match) -> dict:
    """A ``state`` message of a match of ``game`` in progress, seen by a spectator."""
    summary = {
        "id": 1, "game": game, "status": "in_progress", "deal_number": 1, "deals": [],
        "scores": [0] * len(players),
        "players": [{"seat": s, "username": name} for s, name in enumerate(players)],
    }  # fmt: skip
    summary.update(match)
    return {"seq": 1, "seat": None, "match": summary, "view": json.loads(json.dumps(view))}
