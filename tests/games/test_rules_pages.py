"""Rules pages: every game the registry knows has one, rendered from docs/games/ by the
Markdown library, linked from the leaderboard, the tournament and the match page."""

from __future__ import annotations

import pytest

from games.rules import all_games
from tests.conftest import start_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_every_game_has_a_rules_page_rendered_from_markdown(client, slug):
    response = client.get(f"/rules/{slug}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="rules"' in page and "<h1>" in page
    assert "<table>" in page or "<ol>" in page or "<ul>" in page
    assert "# " not in page.split('data-testid="rules"')[1][:200]  # headings rendered


def test_an_unknown_game_has_no_rules_page_and_the_index_lists_every_game(client):
    assert client.get("/rules/poker/").status_code == 404
    index = client.get("/rules/").content.decode()
    assert all(f"/rules/{game.slug}/" in index for game in all_games())
    assert all(f"/leaderboards/{game.slug}/" in index for game in all_games())
    briscola = index.split("/rules/briscola/")[1].split("</tr>")[0]
    assert "<td>2, 3, 4</td>" in briscola  # the numbers of players its options allow


def test_an_italian_visitor_gets_the_italian_page(client):
    italian = client.get("/rules/scopa/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    english = client.get("/rules/scopa/").content.decode()
    assert 'data-testid="rules-in-english"' not in italian
    assert italian.split('data-testid="rules"')[1] != english.split('data-testid="rules"')[1]
    assert "presa" in italian.lower() and "presa" not in english.lower()


def test_an_italian_visitor_is_told_when_a_page_is_only_in_english(client, tmp_path, monkeypatch):
    from games import rules_pages

    (tmp_path / "scopa.md").write_text("# Scopa\n\nOnly in English.\n", encoding="utf-8")
    monkeypatch.setattr(rules_pages, "DOCS", tmp_path)
    page = client.get("/rules/scopa/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert 'data-testid="rules-in-english"' in page and "Only in English." in page
    assert 'data-testid="rules-in-english"' not in client.get("/rules/scopa/").content.decode()


def test_the_match_page_and_the_leaderboard_link_to_the_rules(client, alice, bob):
    match = start_match(alice, bob, game="briscola")
    assert 'href="/rules/briscola/"' in client.get(match.get_absolute_url()).content.decode()
    assert 'href="/rules/briscola/"' in client.get("/leaderboards/briscola/").content.decode()
    tournament = match.round.tournament
    assert 'href="/rules/briscola/"' in client.get(tournament.get_absolute_url()).content.decode()
