"""The games the engine knows, by slug. Adding a game is one line in ``_GAMES``."""

from __future__ import annotations

from games.rules.base import Game
from games.rules.bazzica import Bazzica
from games.rules.briscola import Briscola
from games.rules.burraco import Burraco
from games.rules.calabrasella import Calabrasella
from games.rules.machiavelli import Machiavelli
from games.rules.pinch_tarot import PinchTarot
from games.rules.rumino import Rumino
from games.rules.scopa import Scopa
from games.rules.sette_e_mezzo import SetteEMezzo
from games.rules.spizzichino import Spizzichino
from games.rules.tressette import Tressette
from games.rules.tute import Tute
from games.rules.ziginette import Ziginette

_GAMES: dict[str, Game] = {
    game.slug: game
    for game in (
        Bazzica(),
        Briscola(),
        Burraco(),
        Calabrasella(),
        Machiavelli(),
        PinchTarot(),
        Rumino(),
        Scopa(),
        SetteEMezzo(),
        Spizzichino(),
        Tressette(),
        Tute(),
        Ziginette(),
    )
}


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; KeyError naming the known slugs otherwise.

    >>> get_game("spizzichino").name
    'Spizzichino'
    """
    try:
        return _GAMES[slug]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"unknown game {slug!r}; known games: {known}") from None


def all_games() -> list[Game]:
    """Every registered game, sorted by slug."""
    return [_GAMES[slug] for slug in sorted(_GAMES)]
