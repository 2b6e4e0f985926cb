"""A whole match against the ISMCTS bot of every game the registry knows (issue #12: "plays
a whole match against the ISMCTS bot of every game"), through the services as the live
table plays it: the player's moves at random, the bots' answers queued after each commit
(run at once here, as on the embedded default), the search in a process of its own."""

from __future__ import annotations

import random

import pytest

from games import claim_window, services
from games.models import Match
from games.rules import all_games
from tests.conftest import current_engine, make_player

SHORT_OPTIONS = {
    "bazzica": {"target": 1000},
    "briscola": {"match": "one_hand"},
    "burraco": {"match": "3_hands"},
    "calabrasella": {"deals": 3},
    "pinch-tarot": {"hands": 2},
    "scopa": {"target": 11},
    "sette-e-mezzo": {"hands": 4},
    "spizzichino": {"target": 21},
    "tressette": {"target": 21},
    "tute": {"hands": 1},
    "ziginette": {"hands": 4},
}
"""The shortest match each game offers (a game not named here plays its defaults), so that
the test plays every game to its end in seconds."""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", sorted(game.slug for game in all_games()))
def test_a_whole_match_against_the_ismcts_bot_of_every_game(slug, settings):
    settings.BOT_DELAY_SECONDS = 0
    settings.BOT_SEARCH_SECONDS = 0.002
    settings.RUMINO_CLAIM_SECONDS = 0
    human = make_player("vera")
    match = services.match_against_computer(
        player=human, game=slug, level="ismcts", options=SHORT_OPTIONS.get(slug)
    )
    bots = set(match.seats.exclude(number=0).values_list("player__username", flat=True))
    assert match.seat_count >= 2 and all(name.startswith("bot-ismcts") for name in bots)
    rng = random.Random(5)
    human_moves = 0
    for _ in range(20_000):
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break
        engine = current_engine(match)
        if claim_window.pending(match) and not claim_window.is_open(match):
            # Rumino's claim window has closed: the next player's action lets the offers
            # lapse (on the embedded default, the next clock check queues a bot's).
            engine.game.lapse_claims(engine)
        if engine.to_act != 0:
            before = match.seq
            services.match_check_clock(match_id=match.pk)
            match.refresh_from_db()
            assert match.seq > before or match.status != Match.Status.IN_PROGRESS, (
                f"the bot on move (seat {engine.to_act}) did not play"
            )
            continue
        services.match_apply_action(
            match_id=match.pk, player_id=human.pk,
            action=rng.choice(engine.legal_actions()), seq=match.seq,
        )  # fmt: skip
        human_moves += 1
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    assert human_moves > 0 and match.deals.count() >= 1
