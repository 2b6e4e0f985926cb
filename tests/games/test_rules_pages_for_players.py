"""Rules pages are for players: the blocks of docs/games/*.md and docs/games/it/*.md
between ``<!-- developers -->`` and ``<!-- /developers -->`` (the sources and the engine's
package, action spelling, bots, timings, the live layer's internals) stay in the files,
which are also the developers' documentation, but not on the page at /rules/<slug>/
(games/rules_pages.py). What players read names options, actions and cards in the site's
words, never as code."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.rules import all_games, get_game

pytestmark = pytest.mark.django_db

DEVELOPER_WORDS = (
    "../shared",
    "games/rules/",
    "Celery",
    "PostgreSQL",
    "claims_close_at",
    "<!-- developers",
    "<!-- /developers",
    "bench/",
)


def _rules_page(client, slug: str, language: str) -> tuple[str, str]:
    """The rules page in ``language`` (asked for as the other rules page tests do: the
    Accept-Language header for Italian) and the HTML of its rules article."""
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language == "it" else {}
    response = client.get(f"/rules/{slug}/", **headers)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="rules-in-english"' not in page  # a page written in each language
    return page, page.split('data-testid="rules"', 1)[1].split("</article>", 1)[0]


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_the_rules_page_shows_players_no_developer_notes(client, slug, language):
    page, article = _rules_page(client, slug, language)
    for word in DEVELOPER_WORDS:
        assert word not in page, f"{slug} ({language}): {word!r} on the rules page"
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", article)).split())
    assert get_game(slug).name.lower() in text.lower()
    assert len(re.findall(r"<h2>", article)) >= 2  # the player sections are there
    assert len(text) > 1500


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_the_rules_page_shows_players_no_code(slug, language):
    """Players read the site's own words (the forms' option labels, the table's buttons,
    the cards' names), not the engine's option names, action spellings or card codes: those
    stay in the blocks for developers."""
    from games.rules_pages import rules_page

    html = rules_page(slug, language)[0]
    spans = re.findall(r"<code\b[^>]*>(.*?)</code>", html, flags=re.S)
    assert "<code" not in html, f"{slug} ({language}): code on the rules page: {spans}"


def test_blocks_for_developers_are_left_out_and_an_unclosed_one_runs_to_the_end():
    from games.rules_pages import for_players

    text = (
        "# Game\n\nFor players.\n\n<!-- developers -->\n\n## Actions\n\nInternals.\n\n"
        "<!-- /developers -->\n\n## Scoring\n\nPoints.\n\n<!-- developers -->\n\nTimings.\n"
    )
    kept = for_players(text)
    assert "For players." in kept and "## Scoring" in kept and "Points." in kept
    assert "Internals." not in kept and "## Actions" not in kept and "Timings." not in kept
    assert "developers" not in kept


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("en", ["at four, two hands", "exactly one tie-breaker hand"], "another round of hands"),
        ("it", ["in quattro si giocano due mani", "una sola mano di spareggio"], "altro giro di"),
    ],
)
def test_the_briscola_page_says_two_hands_at_four_and_a_single_tie_breaker_hand(
    client, language, said, not_said
):
    article = " ".join(_rules_page(client, "briscola", language)[1].split())
    assert all(words in article for words in said), article
    assert not_said not in article
