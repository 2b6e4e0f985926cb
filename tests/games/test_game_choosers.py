"""The game and computer choosers as a newcomer reads them (issue 34): *Play now* on the
home page, *Play the computer* on a rules page and the lobby offer Briscola and Scopa
first, then the other games by name, and the middle level ("rules of thumb") of the
computer by default, never the strongest."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games.rules import all_games
from tests.conftest import make_player

pytestmark = pytest.mark.django_db


class _Selects(HTMLParser):
    """Every ``<select>`` of a page by its ``name``: a list of ``(value, text, selected)``
    for each option, in the page's order (one list per select of that name)."""

    def __init__(self) -> None:
        super().__init__()
        self.selects: dict[str, list[list[tuple[str, str, bool]]]] = {}
        self._options: list[tuple[str, str, bool]] | None = None
        self._option: tuple[str, bool] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "select":
            self._options = []
            self.selects.setdefault(attributes.get("name", ""), []).append(self._options)
        elif tag == "option" and self._options is not None:
            self._option = (attributes.get("value", ""), "selected" in attributes)
            self._text = []

    def handle_data(self, data):
        if self._option is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "option" and self._option is not None and self._options is not None:
            value, selected = self._option
            self._options.append((value, "".join(self._text).strip(), selected))
            self._option = None
        elif tag == "select":
            self._options = None


def selects(page: str) -> dict[str, list[list[tuple[str, str, bool]]]]:
    parser = _Selects()
    parser.feed(page)
    return parser.selects


def chosen(options: list[tuple[str, str, bool]]) -> str:
    """The value a browser submits for a select: the option marked selected, else the first."""
    marked = [value for value, _text, selected in options if selected]
    assert len(marked) <= 1, options
    return marked[0] if marked else options[0][0]


@pytest.fixture
def dora(client):
    player = make_player("dora")
    client.force_login(player)
    return player


def test_play_now_offers_briscola_and_scopa_first_then_the_others_by_name(client, dora):
    page = client.get(reverse("home")).content.decode()
    (games,) = selects(page.split('data-testid="play-now"')[1])["game"]
    names = [text for _value, text, _selected in games]
    assert names[:2] == ["Briscola", "Scopa"]
    assert names[2:] == sorted(names[2:]) and len(names) == len(all_games())
    assert chosen(games) == "briscola"


def test_play_now_and_play_the_computer_default_to_the_rules_of_thumb(client, dora):
    for path in (reverse("home"), "/rules/bazzica/", "/rules/scopa/"):
        levels = selects(client.get(path).content.decode())["level"]
        assert levels, path
        for options in levels:
            assert [value for value, _text, _selected in options] == [
                "random",
                "heuristic",
                "ismcts",
            ]
            assert chosen(options) == "heuristic", path


def test_the_lobby_offers_briscola_and_scopa_first(client, dora):
    (games,) = selects(client.get(reverse("games:lobby")).content.decode())["game"]
    assert [value for value, _text, _selected in games][:2] == ["briscola", "scopa"]


def test_a_form_without_a_level_plays_the_rules_of_thumb(client, dora):
    response = client.post(reverse("games:play_the_computer"), {"game": "scopa", "next": "/"})
    assert response.status_code == 302
    bot = dora.seats.get().match.seats.exclude(player=dora).get().player
    assert "heuristic" in bot.username
