"""How long a bot's move takes (issue 32): the search bot runs its game's iterations
(games/bots.py ``search_budget``), and the display delay runs while it searches: the move
is stored ``BOT_DELAY_SECONDS`` after the move that put the bot on move, not that long
after the search ends, and not at all at a table without a person
(games/services/bot_moves.py ``bot_play``)."""

from __future__ import annotations

import random

import pytest
from django.utils import timezone

import games.ismcts
from games import bots, services
from games.models import Match, Seat
from games.rules import get_game
from games.services import bot_moves, bot_queue
from tests.conftest import current_engine, make_player

DELAY = 0.5


class FakeClock:
    """Stands in for the ``time`` module of bot_queue and bot_moves: ``time()`` reads
    ``now``, ``sleep(s)`` records ``s`` and moves ``now`` on by it."""

    def __init__(self) -> None:
        self.now = 1_000.0
        self.slept: list[float] = []

    def time(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.fixture
def clock(monkeypatch, settings):
    settings.BOT_DELAY_SECONDS = DELAY
    fake = FakeClock()
    monkeypatch.setattr(bot_queue, "time", fake)
    monkeypatch.setattr(bot_moves, "time", fake)
    return fake


def _searching_for(monkeypatch, clock, seconds):
    """Make every bot's choice take ``seconds`` of ``clock`` (and play at random)."""
    real = bots.choose_action

    def choose(bot, rng, level="random", **kwargs):
        clock.now += seconds
        return real(bot, rng, "random")

    monkeypatch.setattr(bots, "choose_action", choose)


def _bot_on_move(players, queued):
    """A Briscola match of ``players`` with a bot on move, its moves queued in ``queued``
    and not played; the person (seat 0, if any) plays until the bot is on move."""
    match = services.match_create_casual(game="briscola", players=players)
    for _ in range(3):
        match.refresh_from_db()
        engine = current_engine(match)
        if Seat.objects.get(match=match, number=engine.to_act).player.is_bot:
            return match
        services.match_apply_action(
            match_id=match.pk, player_id=players[0].pk, action=engine.legal_actions()[0],
            seq=match.seq,
        )  # fmt: skip
    raise AssertionError("the bot never came on move")


def test_the_live_search_bot_runs_its_game_s_iterations_within_the_cap(monkeypatch):
    runs = []
    real = games.ismcts.search

    def counted(*args, **kwargs):
        result = real(*args, **kwargs)
        runs.append((result.iterations, kwargs["iterations"], kwargs["seconds"]))
        return result

    monkeypatch.setattr(games.ismcts, "search", counted)
    for slug, seats in (("briscola", 2), ("tute", 4)):
        deal = get_game(slug).new_deal(seats=seats, seed=3)
        while len(deal.legal_actions()) < 2:
            deal.apply(deal.legal_actions()[0])
        bots.choose_action(bots.bot_input(deal, deal.to_act), random.Random(1), "ismcts")
    assert runs == [(25, 25, 0.45), (100, 100, 0.45)]


def test_the_live_budget_plays_as_the_benchmark_s_iteration_cap():
    """Same deal, same seed: the live bot and ``bots_bench --iterations N`` choose alike."""
    deal = get_game("briscola").new_deal(seats=2, seed=11)
    given = bots.bot_input(deal, deal.to_act)
    live = [bots.choose_action(given, random.Random(seed), "ismcts") for seed in range(4)]
    capped = [
        bots.choose_action(given, random.Random(seed), "ismcts", iterations=25) for seed in range(4)
    ]
    assert live == capped


def test_a_position_with_nothing_to_search_costs_no_search(monkeypatch):
    def searched(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr(games.ismcts, "search", searched)
    single = bots.BotInput("briscola", 0, {"legal_actions": ["pass"]}, (), {})
    assert not bots.needs_search(single)
    assert bots.choose_action(single, random.Random(1), "ismcts") == "pass"
    banker = get_game("sette-e-mezzo").new_deal(seats=6, dealer=2, seed=5)  # the limits
    assert not bots.needs_search(bots.bot_input(banker, banker.to_act))
    deal = get_game("briscola").new_deal(seats=2, seed=3)
    assert bots.needs_search(bots.bot_input(deal, deal.to_act))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("search", "slept"), [(0.3, [pytest.approx(0.2)]), (0.7, [])])
def test_the_search_counts_towards_the_display_delay(search, slept, clock, monkeypatch):
    """On the worker the task is queued at once with the time its move may be stored; the
    bot searches, then sleeps only what is left of the delay (nothing, after a search
    longer than it)."""
    queued = []
    monkeypatch.setattr(bot_queue, "_tasks_run_eagerly", lambda: False)
    monkeypatch.setattr(bot_queue, "_BOT_QUEUE", [lambda *move: queued.append(move)])
    ann = make_player("ann")
    match = _bot_on_move([ann, services.bot_player("heuristic")], queued)
    match_id, seq, delay, not_before = queued[-1]
    assert (match_id, seq, delay, not_before) == (match.pk, match.seq, None, 1_000 + DELAY)
    _searching_for(monkeypatch, clock, search)
    assert services.bot_play(match_id=match.pk, seq=seq, not_before=not_before)
    assert clock.slept == slept
    assert clock.now == pytest.approx(1_000 + max(DELAY, search))
    match.refresh_from_db()
    assert match.seq == seq + 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("table", ["bots alone", "the person gone"])
def test_a_table_without_a_person_has_no_display_delay(table, clock, monkeypatch):
    queued = []
    monkeypatch.setattr(bot_queue, "_tasks_run_eagerly", lambda: False)
    monkeypatch.setattr(bot_queue, "_BOT_QUEUE", [lambda *move: queued.append(move)])
    first = services.bot_player("heuristic", 1)
    if table == "bots alone":
        players = [services.bot_player("heuristic", 2), first]
    else:
        players = [make_player("ann"), first]
    match = _bot_on_move(players, queued)
    Seat.objects.filter(match=match, number=0, player__is_bot=False).update(gone_at=timezone.now())
    match.refresh_from_db()
    _searching_for(monkeypatch, clock, 0.1)
    assert services.bot_play(match_id=match.pk, seq=match.seq, not_before=1_000 + DELAY)
    assert clock.slept == []  # stored as soon as chosen
    assert Match.objects.get(pk=match.pk).seq == match.seq + 1


@pytest.mark.django_db(transaction=True)
def test_on_the_bot_thread_the_delay_is_waited_once_and_counts_the_search(
    clock, settings, monkeypatch
):
    """The bot thread no longer sleeps the delay before the move: ``bot_play`` waits
    what is left of it after the search, counted from when the move was queued."""
    settings.BOT_MOVES_IN_THREAD = True
    _searching_for(monkeypatch, clock, 0.2)
    ann = make_player("ann")
    match = services.match_create_casual(
        game="briscola", players=[ann, services.bot_player("heuristic")],
        options={"match": "one_hand"},
    )  # fmt: skip
    services.wait_for_bot_moves()
    for _ in range(6):  # the person's moves, each answered by the bot on the thread
        match.refresh_from_db()
        engine = current_engine(match)
        if match.status != Match.Status.IN_PROGRESS:
            break
        assert engine.to_act == 0
        services.match_apply_action(
            match_id=match.pk, player_id=ann.pk, action=engine.legal_actions()[0], seq=match.seq
        )
        services.wait_for_bot_moves()
    assert clock.slept and clock.slept == [pytest.approx(DELAY - 0.2)] * len(clock.slept)


def test_every_game_has_the_iterations_of_its_strength_table():
    from games.rules import all_games

    assert set(bots.ISMCTS_ITERATIONS_BY_GAME) == {game.slug for game in all_games()}
