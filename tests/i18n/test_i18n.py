"""The site in Italian and English (docs/i18n.md): pages follow the browser's
Accept-Language and the language switch, refusals over the socket arrive in the player's
language, and every string of the catalogs is translated.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from config.asgi import application
from games.messages import ILLEGAL_ACTIONS, illegal_action_message
from games.rules import IllegalAction
from tests.conftest import current_engine, seated, start_match

LOCALE = Path(settings.BASE_DIR) / "locale"
ITALIAN = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9,en;q=0.5"}


# ---------------------------------------------------------------- pages


@pytest.mark.django_db
def test_the_home_page_speaks_italian_to_an_italian_browser(client):
    page = client.get("/", **ITALIAN).content.decode()

    assert '<html lang="it">' in page
    assert "Giochi di carte italiani, giocati sul serio" in page
    assert ">Tornei</a>" in page
    assert "Italian card games" not in page


@pytest.mark.django_db
def test_the_home_page_speaks_english_when_the_browser_asks_for_no_language(client):
    page = client.get("/").content.decode()

    assert '<html lang="en">' in page
    assert "Italian card games, played for real" in page


@pytest.mark.django_db
def test_every_page_has_a_language_switch_posting_to_set_language(client):
    page = client.get("/").content.decode()

    form = page.split('data-testid="language-switch"', 1)[1].split("</form>", 1)[0]
    assert 'name="csrfmiddlewaretoken"' in form
    assert 'name="language" value="it"' in form
    assert f'action="{reverse("set_language")}"' in page.split('data-testid="language-switch"')[0]
    assert "<script>" not in page  # the site's CSP allows no inline script


@pytest.mark.django_db
def test_the_language_switch_keeps_italian_whatever_the_browser_asks(client):
    response = client.post(reverse("set_language"), {"language": "it", "next": "/"})
    assert response.status_code == 302 and response["Location"] == "/"

    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Giochi di carte italiani, giocati sul serio" in page

    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "Italian card games" in client.get("/", **ITALIAN).content.decode()


@pytest.fixture
def under_way(alice, bob):
    """A tournament of alice and bob with round 1 live."""
    match = start_match(alice, bob)
    return match.round.tournament, match


def test_a_tournament_page_is_in_italian(client, under_way):
    tournament, _ = under_way

    page = client.get(tournament.get_absolute_url(), **ITALIAN).content.decode()

    assert "<h2>Classifica</h2>" in page
    assert "Turno 1" in page
    assert "Giocatore" in page and "Giocate" in page
    assert "Standings" not in page


def test_the_match_page_is_in_italian_and_loads_the_italian_javascript_catalog(
    client, under_way, alice
):
    _, match = under_way
    client.force_login(alice)

    page = client.get(match.get_absolute_url(), **ITALIAN).content.decode()
    catalog = client.get(reverse("javascript-catalog"), **ITALIAN).content.decode()

    assert "Connessione al tavolo…" in page
    catalog_tag = f'<script src="{reverse("javascript-catalog")}"></script>'
    assert page.index(catalog_tag) < page.index("js/match.js")
    assert '"Your turn": "Tocca a te"' in catalog
    assert '"Deal %(number)s": "Mano %(number)s"' in catalog


def test_my_matches_is_in_italian_after_the_switch(client, under_way, alice):
    client.force_login(alice)
    client.post(reverse("set_language"), {"language": "it", "next": "/matches/"})

    page = client.get(reverse("games:my_matches")).content.decode()

    assert "<h1>Le mie partite</h1>" in page
    assert ">Gioca</a>" in page
    assert ">Turno</th>" in page


# ---------------------------------------------------------------- the socket


def _session_cookie(player, language: str | None) -> bytes:
    client = Client()
    client.force_login(player)
    cookies = [
        f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    ]
    if language:
        client.post(reverse("set_language"), {"language": language, "next": "/"})
        cookies.append(
            f"{settings.LANGUAGE_COOKIE_NAME}={client.cookies[settings.LANGUAGE_COOKIE_NAME].value}"
        )
    return "; ".join(cookies).encode()


async def _refusal(match, player, headers) -> dict:
    """The error a card not in ``player``'s hand gets over a socket opened with
    ``headers``."""
    engine = await sync_to_async(current_engine)(match)
    held = set(engine.legal_actions())
    action = next(f"play {code}" for code in engine.game.pack.codes if f"play {code}" not in held)
    socket = WebsocketCommunicator(
        application,
        f"/ws/matches/{match.pk}/",
        headers=[(b"origin", b"http://testserver"), *headers],
    )
    assert (await socket.connect(timeout=5))[0]
    state = json.loads(await socket.receive_from(timeout=5))
    await socket.send_json_to({"type": "action", "action": action, "seq": state["seq"]})
    error = json.loads(await socket.receive_from(timeout=5))
    await socket.disconnect()
    return error, action.split()[1]


@pytest.fixture
def briscola(alice, bob):
    match = start_match(alice, bob, game="briscola")
    engine = current_engine(match)
    return match, seated(match)[engine.to_act]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_refused_card_arrives_in_italian_for_an_italian_session(briscola):
    match, mover = briscola
    cookie = await sync_to_async(_session_cookie)(mover, "it")

    error, card = await _refusal(match, mover, [(b"cookie", cookie)])

    assert error == {
        "type": "error",
        "code": "illegal_action",
        "message": f"Non hai {card} in mano.",
        "seq": match.seq,
    }


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_refused_card_follows_the_browsers_language_without_the_switch(briscola):
    match, mover = briscola
    cookie = await sync_to_async(_session_cookie)(mover, None)

    italian, card = await _refusal(
        match, mover, [(b"cookie", cookie), (b"accept-language", b"it-IT,it;q=0.9")]
    )
    english, card = await _refusal(match, mover, [(b"cookie", cookie)])

    assert italian["message"] == f"Non hai {card} in mano."
    assert english["message"] == f"{card} is not in your hand."


# ---------------------------------------------------------------- the engine's refusals


def _engine_keys() -> set[str]:
    """Every key an engine raises an IllegalAction with, read from games/rules' source."""
    keys = set()
    for path in (Path(settings.BASE_DIR) / "games" / "rules").rglob("*.py"):
        source = path.read_text()
        keys |= set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source))
        # Bazzica raises the keys of its _REFUSALS table by name.
        for table in re.findall(r"_REFUSALS = \{(.*?)\n\}", source, re.S):
            keys |= set(re.findall(r'^\s*"([a-z_]+)":', table, re.M))
    return keys


def test_every_key_the_engines_raise_has_a_translation():
    keys = _engine_keys()

    assert {"must_follow_suit", "card_not_in_hand", "already_used"} <= keys
    assert keys - set(ILLEGAL_ACTIONS) == set()


def test_a_refusal_is_translated_by_its_key_with_its_params():
    error = IllegalAction("must_follow_suit", "play 3C: you must follow suit (D)", suit="D")
    scopa = IllegalAction(
        "not_on_board", "capture 7D with 3C+4S: 4S not on the board", cards=["3C", "4S"]
    )

    with translation.override("it"):
        assert illegal_action_message(error) == "Devi rispondere al seme (Denari)."
        assert illegal_action_message(error, "bazzica-64") == "Devi rispondere al seme (Quadri)."
        assert illegal_action_message(scopa) == "Non sono in tavola: 3C, 4S."
    with translation.override("en"):
        assert illegal_action_message(error, "bazzica-64") == "You must follow suit (Diamonds)."


def test_an_unknown_key_or_missing_params_fall_back_to_the_engines_english():
    new = IllegalAction("brand_new_rule", "play 3C: a rule nobody translated yet")
    bare = IllegalAction("card_not_in_hand", "play 3C: 3C is not in your hand")

    with translation.override("it"):
        assert illegal_action_message(new) == "play 3C: a rule nobody translated yet"
        assert illegal_action_message(bare) == "play 3C: 3C is not in your hand"


# ---------------------------------------------------------------- the catalogs


def _po_entries(path: Path) -> list[dict[str, str]]:
    """The entries of a .po file: {"msgctxt"?, "msgid", "msgid_plural"?, "msgstr" or
    "msgstr[n]"}, strings unquoted and joined; the header (empty msgid) left out."""
    entries, entry, field = [], {}, None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        keyword = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
        if keyword:
            if (
                keyword.group(1) in ("msgctxt", "msgid")
                and "msgid" in entry
                and field.startswith("msgstr")
            ):
                entries.append(entry)
                entry = {}
            if keyword.group(1) == "msgctxt" and "msgid" in entry:
                entries.append(entry)
                entry = {}
            field = keyword.group(1)
            entry[field] = json.loads(keyword.group(2))
        elif line.startswith('"') and field:
            entry[field] += json.loads(line)
    if "msgid" in entry:
        entries.append(entry)
    return [e for e in entries if e["msgid"]]


CATALOGS = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def test_there_are_italian_catalogs_for_python_templates_and_javascript():
    assert [p.relative_to(LOCALE).as_posix() for p in CATALOGS] == [
        "it/LC_MESSAGES/django.po",
        "it/LC_MESSAGES/djangojs.po",
    ]
    assert len(_po_entries(CATALOGS[0])) > 100 and len(_po_entries(CATALOGS[1])) > 50


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.name)
def test_every_string_of_the_catalog_is_translated_with_the_same_placeholders(path):
    for entry in _po_entries(path):
        translations = [v for k, v in entry.items() if k.startswith("msgstr")]
        assert translations and all(translations), entry
        wanted = set(re.findall(r"%\(\w+\)s", entry["msgid"]))
        for text in translations:
            assert set(re.findall(r"%\(\w+\)s", text)) == wanted, entry


# ---------------------------------------------------------------- words (issue 34)


def _italian_js_catalog(client) -> dict:
    """The JavaScript catalog the Italian pages load (msgid -> msgstr), as the browser gets
    it from the catalog view."""
    script = client.get(reverse("javascript-catalog"), **ITALIAN).content.decode()
    found = re.search(r"const newcatalog = (\{.*?\});\n", script, re.S)
    assert found, script[:500]
    return json.loads(found.group(1))


def _ranking_msgid(game: str) -> str:
    """The ranking line a game's table script shows, as written in static/js/games/."""
    script = (Path(settings.BASE_DIR) / "static/js/games" / f"{game}.js").read_text()
    (msgid,) = re.findall(r'gettext\("(Ranking: [^"]*)"\)', script)
    return msgid


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "ranking"),
    [("tressette", "3 2 A R C F 7 6 5 4"), ("calabrasella", "3 2 A R C F 7 6 5 4"),
     ("tute", "A 3 R C F 7 6 5 4 2")],
)  # fmt: skip
def test_the_tables_ranking_names_the_italian_courts_re_cavallo_fante(client, game, ranking):
    shown = _italian_js_catalog(client)[_ranking_msgid(game)]
    assert f"Ordine: {ranking} ·" in shown
    assert not re.search(r"\b[KQJ]\b", shown), shown


@pytest.mark.django_db
def test_the_italian_tables_name_courts_not_by_their_english_letters(client):
    catalog = _italian_js_catalog(client)
    english_courts = {
        msgid: shown
        for msgid, shown in catalog.items()
        if isinstance(shown, str) and re.search(r"\b[KQJ]\b", shown)
    }
    assert english_courts == {}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("headers", "other", "name"), [(ITALIAN, "en", "English"), ({}, "it", "Italiano")]
)
def test_the_language_switch_names_each_language_in_itself(client, headers, other, name):
    page = client.get("/", **headers).content.decode()
    switch = page.split('data-testid="language-switch"', 1)[1].split("</form>", 1)[0]
    button = re.search(
        r'<button[^>]*data-testid="language-' + other + r'"[^>]*>([^<]*)</button>', switch
    )
    assert button, switch
    assert button.group(1).strip() == name
    assert f'lang="{other}"' in button.group(0)
    assert "Inglese" not in switch
