"""The games the engine knows, by slug. Adding a game is one line in ``_GAMES``."""

from __future__ import annotations

from games.rules.base import Game
from games.rules.bazzica.game import Bazzica
from games.rules.briscola.game import Briscola
from games.rules.calabrasella import Calabrasella
from games.rules.pinch_tarot.game import PinchTarot
from games.rules.scopa.game import Scopa
from games.rules.spizzichino.game import Spizzichino

_GAMES: dict[str, Game] = {
    game.slug: game
    for game in (
        Bazzica(),
        Briscola(),
        Calabrasella(),
        PinchTarot(),
        Scopa(),
        Spizzichino(),
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
