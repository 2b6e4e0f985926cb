"""Shared fixtures: named players (alice, bob, charlie, dave), tournaments, live matches.

As in healthchecks' tests, names make intent readable: "charlie should not see alice's hand".
"""

from __future__ import annotations

import os
import random

import pytest
from django.db import transaction
from hypothesis import settings as hypothesis_settings

from accounts.models import Player
from config.celery import app as celery_app
from games import async_db, claim_window
from games import services as game_services
from games.heuristics import heuristic_action
from games.models import Deal, Match
from games.state import engine_for, forget_match_context
from tournaments import services
from tournaments.models import Tournament

PASSWORD = "correct horse battery"

# The property tests draw the same examples on every run by default, so the suite passes
# or fails the same way on every machine (Hypothesis' advice for CI); the "explore"
# profile draws new ones each run and keeps failures in .hypothesis/ to replay them:
# HYPOTHESIS_PROFILE=explore bin/test tests/games/rules
# No per-example deadline: on a machine busy with other work an example can take longer
# than Hypothesis' 200 ms without anything being wrong (speed is measured in bench/).
hypothesis_settings.register_profile("repeatable", derandomize=True, print_blob=True, deadline=None)
hypothesis_settings.register_profile("explore", derandomize=False, print_blob=True, deadline=None)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True, scope="session")
def _celery_eager():
    """Tasks run in-process so a test sees their effect; the deployment runs a worker."""
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield


@pytest.fixture(autouse=True)
def _fresh_match_contexts():
    """Each test starts with an empty per-process match context cache (games.state), as a
    new server process does; a test's rollback must not leave a cached match behind."""
    forget_match_context()
    yield
    forget_match_context()
    # The kept move's connections of the test's event loop (games/async_db.py): closed, so
    # that none outlives its loop or keeps the test database from being dropped.
    async_db.close_all()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty shared cache: the socket counters and login limits
    (docs/security.md) of one test must not carry into the next."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A request in Italian leaves Italian active in the test's thread (LocaleMiddleware
    activates the request's language and nothing deactivates it): each test ends back on
    LANGUAGE_CODE, so the next one's messages are in English."""
    yield
    from django.utils import translation

    translation.deactivate()


def make_player(username: str, **extra) -> Player:
    return Player.objects.create_user(
        username=username, email=f"{username}@example.com", password=PASSWORD, **extra
    )


@pytest.fixture
def alice(db) -> Player:
    return make_player("alice")


@pytest.fixture
def bob(db) -> Player:
    return make_player("bob")


@pytest.fixture
def charlie(db) -> Player:
    return make_player("charlie")


@pytest.fixture
def dave(db) -> Player:
    return make_player("dave")


@pytest.fixture
def staff(db) -> Player:
    return make_player("sam", is_staff=True, is_superuser=True)


def make_tournament(
    players, *, slug="autumn-cup", game="spizzichino", options=None, **fields
) -> Tournament:
    """A tournament of ``game`` with ``players`` registered and its schedule made (round 1
    pending). Options default to a short Spizzichino match (target 21), else the game's own.
    """
    if options is None:
        options = {"target": 21} if game == "spizzichino" else {}
    tournament = Tournament.objects.create(
        name=slug.replace("-", " ").title(),
        slug=slug,
        game=game,
        options=options,
        **fields,
    )
    services.tournament_open_registration(tournament=tournament)
    for player in players:
        services.entry_register(tournament=tournament, player=player)
    services.tournament_make_schedule(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def start_match(first: Player, second: Player, *, game="spizzichino", options=None) -> Match:
    """A two-player tournament between ``first`` and ``second`` with round 1 started.

    Returns:
        The live match; which of the two sits in seat 0 is drawn by lot.
    """
    tournament = make_tournament([first, second], game=game, options=options)
    round_ = tournament.rounds.get(number=1)
    services.round_start(round_id=round_.pk)
    return round_.matches.get()


def current_engine(match: Match):
    match.refresh_from_db()
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    return engine_for(match, deal)


def seated(match: Match) -> dict[int, Player]:
    return {seat.number: seat.player for seat in match.seats.select_related("player")}


def heuristic_choice(engine, rng: random.Random) -> str:
    """The ``heuristic`` bot's action (games/heuristics) for the seat to act of ``engine``,
    from that seat's view and public history: a policy for ``play_random`` where uniformly
    random play makes a match very long (Rumino's game to 100 takes about ten times as many
    actions)."""
    seat = engine.to_act
    history = engine.game.public_history(engine, seat)
    return heuristic_action(engine.game.slug, engine.view(seat), rng, history)


def play_random(
    match: Match, *, rng: random.Random, until=None, max_actions=5000, choose=None
) -> int:
    """Play random legal actions through the service until the match ends (or ``until``
    returns True for the match); ``choose(engine, rng)``, if given, picks each action
    instead (``heuristic_choice``). Returns the number of actions applied.
    """
    players = seated(match)
    count = 0
    while count < max_actions:
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS or (until and until(match)):
            return count
        engine = current_engine(match)
        if claim_window.pending(match) and not claim_window.is_open(match):
            # A claim window (Rumino) has closed: a claimant's answer now comes too late,
            # and the next player's action first lets the offers still open lapse.
            engine.game.lapse_claims(engine)
        action = choose(engine, rng) if choose else rng.choice(engine.legal_actions())
        with transaction.atomic():
            game_services.match_apply_action(
                match_id=match.pk,
                player_id=players[engine.to_act].pk,
                action=action,
                seq=match.seq,
            )
        count += 1
    raise AssertionError("the match did not end")
