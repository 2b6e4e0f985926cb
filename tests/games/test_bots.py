"""Computer opponents (games/bots.py): they play only legal actions, from their seat's view
and the public history alone (nothing hidden from the seat reaches them), in casual
matches that the player starts from a game's rules page."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games import bots, services
from games.models import Match
from games.rules import IllegalAction, all_games, get_game
from games.services import bot_moves, bot_queue
from tests.conftest import PASSWORD, make_player
from tournaments import services as tournament_services
from tournaments.models import RatingChange, Tournament

GAMES = all_games()


def _tokens(value) -> set[str]:
    """Every word of every string inside ``value`` (dicts, lists, tuples), split on spaces
    and "+" (how actions join card codes): what a card code could hide in."""
    if isinstance(value, dict):
        return set().union(*(_tokens(k) | _tokens(v) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return set().union(*(_tokens(item) for item in value))
    if isinstance(value, str):
        return set(value.replace("+", " ").split())
    return set()


def _hidden_from(deal, seat) -> set[str]:
    """Cards in other seats' hands that ``seat``'s view does not show as known."""
    view = deal.view(seat)
    hidden = set()
    for other in range(deal.seats):
        if other == seat:
            continue
        own = deal.view(other)["players"][other] if "players" in view else {}
        known = set(view["players"][other].get("known_cards") or []) if own else set()
        hidden |= set(own.get("hand") or []) - known
    return hidden - _tokens(view) - _tokens(deal.game.public_history(deal, seat))


def _random_point(game, seed):
    """A deal of ``game`` (first seat count, default options) played at random to a random
    point before its end."""
    rng = random.Random(seed)
    seats = game.seat_counts(game.validate_options({}))[0]
    deal = game.new_deal(seats=seats, dealer=seed % seats, seed=seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    stop = rng.randrange(len(deal.actions))
    point = game.new_deal(seats=seats, dealer=seed % seats, seed=seed)
    for seat, action in deal.actions[:stop]:
        point.apply(action, seat=seat)
    return point, rng


@settings(max_examples=30, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 2**32),
    level=st.sampled_from(("random", "heuristic")),
)
def test_a_bot_plays_only_legal_actions_from_its_own_view(game, seed, level):
    rng = random.Random(seed)
    seats = game.seat_counts(game.validate_options({}))[0]
    deal = game.new_deal(seats=seats, dealer=seed % seats, seed=seed)
    steps = 0
    while not deal.is_over and steps < 600:
        action = bots.choose_action(bots.bot_input(deal, deal.to_act), rng, level)
        assert action in deal.legal_actions()
        deal.apply(action)
        steps += 1


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_the_ismcts_bot_plays_only_legal_actions_in_every_game(game, seed):
    rng = random.Random(seed)
    seats = game.seat_counts(game.validate_options({}))[0]
    deal = game.new_deal(seats=seats, dealer=seed % seats, seed=seed)
    steps = 0
    while not deal.is_over and steps < 600:
        level = "ismcts" if deal.to_act == 0 else "random"
        action = bots.choose_action(bots.bot_input(deal, deal.to_act), rng, level, iterations=8)
        assert action in deal.legal_actions()
        deal.apply(action)
        steps += 1


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_the_bot_input_holds_no_card_hidden_from_its_seat(game, seed):
    deal, _ = _random_point(game, seed)
    seat = deal.to_act
    given_ = bots.bot_input(deal, seat)
    assert set(vars(given_)) == {"game", "seat", "view", "history", "options"}
    assert given_.view == deal.view(seat) and "deck" not in given_.view
    hidden = _hidden_from(deal, seat)
    assert not hidden & _tokens(vars(given_))


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), pick=st.randoms())
def test_two_deals_differing_only_in_hidden_cards_give_the_same_bot_input(game, seed, pick):
    deal, _ = _random_point(game, seed)
    seat = deal.to_act
    hidden = sorted(_hidden_from(deal, seat))
    assume(len(hidden) >= 2)
    first, second = pick.sample(hidden, 2)
    deck = list(deal.deck)
    assume(deck.count(first) == 1 and deck.count(second) == 1)
    i, j = deck.index(first), deck.index(second)
    deck[i], deck[j] = deck[j], deck[i]
    other = game.new_deal(
        seats=deal.seats, dealer=deal.dealer, options=deal.options, deck=deck, carry=deal.carry
    )
    try:
        for actor, action in deal.actions:
            other.apply(action, seat=actor)
    except IllegalAction:
        assume(False)  # the swap broke a rule the seat saw kept: not such a pair of deals
    # The swap must not change what the table shows (Tressette's "good play", a banker's
    # total): then the seat's input may depend only on its own cards, which are the same.
    assume(other.view(None) == deal.view(None))
    assert other.record()["deck"] != deal.record()["deck"]
    assert bots.bot_input(other, seat) == bots.bot_input(deal, seat)


def test_a_bot_without_an_action_or_level_says_so():
    empty = bots.BotInput("briscola", 0, {"legal_actions": []}, (), {})
    with pytest.raises(ValueError, match="no legal action"):
        bots.choose_action(empty, random.Random(1))
    one = bots.BotInput("briscola", 0, {"legal_actions": ["pass"]}, (), {})
    with pytest.raises(ValueError, match="unknown bot level"):
        bots.choose_action(one, random.Random(1), "genius")
    with pytest.raises(ValueError, match="plays a seat"):
        bots.bot_input(get_game("briscola").new_deal(seed=1), None)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("game", "seats"), [("briscola", 2), ("tressette", 4)])
def test_a_casual_match_against_bots_plays_to_its_end_unrated(game, seats, settings):
    settings.BOT_DELAY_SECONDS = 0
    human = make_player("ann")
    bots_ = [services.bot_player("random", n) for n in range(1, seats)]
    options = {"match": "one_hand"} if game == "briscola" else {"target": 21}
    match = services.match_create_casual(game=game, players=[human, *bots_], options=options)
    rng = random.Random(4)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        from tests.conftest import current_engine

        engine = current_engine(match)
        assert match.seats.get(number=engine.to_act).player == human  # bots answer at once
        services.match_apply_action(
            match_id=match.pk, player_id=human.pk,
            action=rng.choice(engine.legal_actions()), seq=match.seq,
        )  # fmt: skip
    assert match.status == Match.Status.FINISHED and match.round is None
    tournament_services.match_result_record(match_id=match.pk)
    assert not RatingChange.objects.filter(match=match).exists()


@pytest.mark.django_db(transaction=True)
def test_a_match_against_the_ismcts_bot_plays_to_its_end(settings, monkeypatch):
    """With tasks run eagerly (the embedded default), the search runs in a process of its
    own, never in the serving process."""
    import os

    settings.BOT_DELAY_SECONDS = 0
    settings.BOT_SEARCH_SECONDS = 0.01
    searched_in: list[int] = []
    pool = bot_moves._search_process()
    real_submit = pool.submit

    def submit(function, *args, **kwargs):
        searched_in.append(real_submit(os.getpid).result())
        return real_submit(function, *args, **kwargs)

    monkeypatch.setattr(pool, "submit", submit)
    human = make_player("cleo")
    match = services.match_against_computer(
        player=human, game="briscola", seats=2, level="ismcts", options={"match": "one_hand"}
    )
    assert list(match.seats.order_by("number").values_list("player__username", flat=True)) == [
        "cleo", "bot-ismcts",
    ]  # fmt: skip
    rng = random.Random(8)
    from tests.conftest import current_engine

    for _ in range(100):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        engine = current_engine(match)
        services.match_apply_action(
            match_id=match.pk, player_id=human.pk,
            action=rng.choice(engine.legal_actions()), seq=match.seq,
        )  # fmt: skip
    assert match.status == Match.Status.FINISHED
    assert searched_in and os.getpid() not in searched_in


@pytest.mark.django_db
def test_play_the_computer_from_the_rules_page_and_bots_stay_out_of_tournaments(client):
    player = make_player("bea")
    client.login(username="bea", password=PASSWORD)
    page = client.get("/rules/briscola/").content.decode()
    assert 'data-testid="play-computer"' in page
    assert all(f'<option value="{level}"' in page for level in bots.LEVELS)
    assert '<option value="heuristic" selected>' in page  # the middle level by default
    response = client.post(
        "/matches/computer/", {"game": "briscola", "seats": "3", "level": "heuristic"}
    )
    match = Match.objects.get(seats__player=player)
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert match.seat_count == 3 and match.status == Match.Status.IN_PROGRESS
    names = sorted(match.seats.values_list("player__username", flat=True))
    assert names == ["bea", "bot-heuristic", "bot-heuristic-2"]
    bad = client.post("/matches/computer/", {"game": "poker", "next": "/rules/"})
    assert bad.status_code == 302 and bad["Location"] == "/rules/"
    event = Tournament.objects.create(name="Open", slug="open", game="briscola")
    tournament_services.tournament_open_registration(tournament=event)
    with pytest.raises(tournament_services.TournamentError):
        tournament_services.entry_register(tournament=event, player=services.bot_player("random"))


@pytest.mark.django_db(transaction=True)
def test_a_rematch_against_bots_rotates_the_seats_and_between_humans_waits_for_both(
    client, settings
):
    settings.BOT_DELAY_SECONDS = 0
    from games.errors import ClientError

    ann, ben = make_player("ann"), make_player("ben")
    bot = services.bot_player("random")
    match = services.match_create_casual(game="briscola", players=[ann, bot],
                                         options={"match": "one_hand"})  # fmt: skip
    with pytest.raises(ClientError):  # not finished yet
        services.match_request_rematch(match_id=match.pk, player_id=ann.pk)
    services.match_resign(match_id=match.pk, player_id=ann.pk)
    new = services.match_request_rematch(match_id=match.pk, player_id=ann.pk)
    assert new is not None and new.status == Match.Status.IN_PROGRESS
    assert list(new.seats.order_by("number").values_list("player__username", flat=True)) == [
        "bot-random", "ann",
    ]  # fmt: skip
    assert services.match_request_rematch(match_id=match.pk, player_id=ann.pk) == new
    duel = services.match_create_casual(game="scopa", players=[ann, ben])
    services.match_resign(match_id=duel.pk, player_id=ben.pk)
    assert services.match_request_rematch(match_id=duel.pk, player_id=ann.pk) is None
    client.login(username="ben", password=PASSWORD)
    page = client.get(duel.get_absolute_url()).content.decode()
    assert 'id="rematch-form"' in page
    response = client.post(f"/matches/{duel.pk}/rematch/")
    duel.refresh_from_db()
    assert duel.rematch is not None and response["Location"] == duel.rematch.get_absolute_url()


@pytest.mark.parametrize("error", [NotImplementedError, ValueError])
def test_the_ismcts_bot_plays_the_heuristic_where_it_cannot_determinize(error, monkeypatch):
    game = get_game("briscola")

    def cannot(*args, **kwargs):
        raise error("no determinization")

    monkeypatch.setattr(game, "determinize", cannot)
    deal = game.new_deal(seats=2, seed=21)
    given = bots.bot_input(deal, deal.to_act)
    expected = bots.choose_action(given, random.Random(1), "heuristic")
    assert bots.choose_action(given, random.Random(1), "ismcts", iterations=20) == expected


@pytest.mark.parametrize("slug", ["sette-e-mezzo", "ziginette"])
def test_the_ismcts_banker_announces_the_heuristics_limits_without_a_search(slug, monkeypatch):
    # Some 55 pairs of limits are too many for the search to tell apart (docs/bots.md,
    # "Settings"): the banker announces the heuristic's, the highest, and searches not.
    import games.ismcts

    def searched(*args, **kwargs):
        raise AssertionError("the search ran on the banker's limits")

    monkeypatch.setattr(games.ismcts, "search", searched)
    deal = get_game(slug).new_deal(seats=6, dealer=2, seed=5)
    given = bots.bot_input(deal, deal.to_act)
    assert deal.to_act == 2 and all(a.startswith("limits ") for a in deal.legal_actions())
    action = bots.choose_action(given, random.Random(1), "ismcts", iterations=2000)
    high = deal.options["max_bet"]
    assert action == f"limits {high} {high}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("slug", "iterations", "scale"), [("rumino", 1000, 4.0), ("briscola", 25, 1.0)]
)
def test_the_bot_searches_its_game_s_budget(slug, iterations, scale, settings, monkeypatch):
    """The live bot runs its game's iterations, those of docs/bots.md's strength table,
    within the wall-time cap ``BOT_SEARCH_SECONDS``; Rumino's 1 000 take longer than the
    others' cap, so its cap is 4 times it (``games.bots.search_budget``)."""
    from games import bots

    settings.BOT_DELAY_SECONDS = 0
    settings.BOT_SEARCH_SECONDS = 0.04
    settings.RUMINO_CLAIM_SECONDS = 0
    asked: list[tuple[int, float]] = []
    real = bots.choose_action

    def choose(bot, rng, level="random", *, seconds=None, iterations=None, **kwargs):
        asked.append((iterations, seconds))
        return real(bot, rng, "random")

    monkeypatch.setattr(bots, "choose_action", choose)
    monkeypatch.setattr(bot_queue, "_tasks_run_eagerly", lambda: False)  # search inline
    monkeypatch.setattr(bot_queue, "_BOT_QUEUE", [lambda *move: None])  # moves run by hand
    human = make_player("nina")
    match = services.match_against_computer(player=human, game=slug, seats=2, level="ismcts")
    match.refresh_from_db()
    from tests.conftest import current_engine

    for _ in range(3):  # the person plays until the bot is on move (a draw, then a discard)
        engine = current_engine(match)
        if engine.to_act != 0:
            break
        services.match_apply_action(
            match_id=match.pk, player_id=human.pk, action=engine.legal_actions()[0],
            seq=match.seq,
        )  # fmt: skip
        match.refresh_from_db()
    assert services.bot_play(match_id=match.pk, seq=match.seq)
    assert asked == [(iterations, pytest.approx(0.04 * scale))]
    assert bots.search_budget(slug) == (iterations, pytest.approx(0.45 * scale))
