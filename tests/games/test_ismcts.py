"""The ISMCTS search (games/ismcts.py): rewards, budgets, and a move it must find."""

from __future__ import annotations

import copy
import random
from functools import cache

import pytest

import games.heuristics
from games import bots, ismcts
from games.ismcts import margin_rewards, search, side_rewards
from games.rules import get_game

BRISCOLA = get_game("briscola")


def test_a_side_above_every_other_scores_one_a_tie_a_half_and_a_loss_nothing():
    assert side_rewards([70, 50]) == [1.0, 0.0]
    assert side_rewards([60, 60]) == [0.5, 0.5]
    assert side_rewards([40, 40, 39]) == [0.5, 0.5, 0.0]
    assert side_rewards([-3, 5, 1]) == [0.0, 1.0, 0.0]
    with pytest.raises(ValueError, match="two sides"):
        side_rewards([7])


def _outcome(deal, side: int) -> float:
    """Exact value of ``deal`` for ``side`` when every seat plays perfectly with every card
    known (minimax; two sides, so one's gain is the other's loss)."""
    if deal.is_over:
        return side_rewards(deal.result()["side_points"])[side]
    values = []
    for action in deal.legal_actions():
        child = BRISCOLA.replay(deal.record())
        child.apply(action)
        values.append(_outcome(child, side))
    mine = deal.game.side_of(deal.seats, deal.options, deal.to_act) == side
    return max(values) if mine else min(values)


@cache
def _position_with_one_winning_card() -> tuple[int, str, list[str]]:
    """The first seed whose two-player Briscola, played at random until the stock is out
    and the follower of the third-last trick is to act, gives that follower exactly one
    card that wins the hand (then every card is known to both: the unseen ones are the
    leader's). Returns the seed, that card and the losing ones, found by ``_outcome``."""
    for seed in range(500):
        rng = random.Random(seed)
        deal = BRISCOLA.new_deal(seats=2, seed=seed)
        while not (deal.stock_exhausted and deal.played):
            deal.apply(rng.choice(deal.legal_actions()))
        side = deal.to_act
        values = {}
        for action in deal.legal_actions():
            child = BRISCOLA.replay(deal.record())
            child.apply(action)
            values[action] = _outcome(child, side)
        winners = [a for a, v in values.items() if v == 1.0]
        if len(winners) == 1 and all(v == 0.0 for a, v in values.items() if a not in winners):
            return seed, winners[0], [a for a in values if a not in winners]
    raise AssertionError("no such position in 500 seeds")


def _replayed_position(seed: int):
    rng = random.Random(seed)
    deal = BRISCOLA.new_deal(seats=2, seed=seed)
    while not (deal.stock_exhausted and deal.played):
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_with_a_decent_budget_it_plays_the_one_card_that_wins_the_hand():
    seed, winning, losing = _position_with_one_winning_card()
    deal = _replayed_position(seed)
    given = bots.bot_input(deal, deal.to_act)
    found = search(given.game, given.view, given.history, given.options, random.Random(7),
                   seconds=None, iterations=600)  # fmt: skip
    assert found.action == winning, (found.visits, losing)
    assert found.visits[winning] > max(found.visits[a] for a in losing)


def test_the_ismcts_bot_level_plays_that_card_too():
    seed, winning, _ = _position_with_one_winning_card()
    deal = _replayed_position(seed)
    action = bots.choose_action(
        bots.bot_input(deal, deal.to_act), random.Random(3), "ismcts", iterations=600
    )
    assert action == winning


def test_it_runs_exactly_the_iterations_asked_and_counts_every_one_at_the_root():
    deal = BRISCOLA.new_deal(seats=3, seed=11)
    given = bots.bot_input(deal, deal.to_act)
    view, history = copy.deepcopy(given.view), list(given.history)
    found = search("briscola", view, history, given.options, random.Random(1),
                   seconds=None, iterations=150)  # fmt: skip
    assert found.iterations == 150
    assert sum(found.visits.values()) == 150
    assert set(found.visits) == set(view["legal_actions"])
    assert found.iterations_per_second > 0
    assert view == given.view and history == list(given.history)  # its input is untouched


def test_a_time_budget_stops_the_search():
    deal = BRISCOLA.new_deal(seats=2, seed=5)
    given = bots.bot_input(deal, deal.to_act)
    found = search("briscola", given.view, given.history, given.options, random.Random(1),
                   seconds=0.05)  # fmt: skip
    assert 0.05 <= found.seconds < 0.5 and found.iterations >= 1


def test_a_single_legal_action_is_played_without_searching():
    deal = BRISCOLA.new_deal(seats=2, seed=5)
    rng = random.Random(5)
    while len(deal.legal_actions()) != 1:
        deal.apply(rng.choice(deal.legal_actions()))
    given = bots.bot_input(deal, deal.to_act)
    found = search("briscola", given.view, given.history, given.options, rng, iterations=50)
    assert found.action == deal.legal_actions()[0] and found.iterations == 0


def test_a_search_without_an_action_or_a_budget_says_so():
    deal = BRISCOLA.new_deal(seats=2, seed=5)
    given = bots.bot_input(deal, deal.to_act)
    with pytest.raises(ValueError, match="no legal action"):
        search("briscola", {**given.view, "legal_actions": []}, (), {}, random.Random(1))
    with pytest.raises(ValueError, match="time budget"):
        search("briscola", given.view, given.history, given.options, random.Random(1),
               seconds=None)  # fmt: skip


def test_a_margin_reward_grows_with_the_lead_over_the_best_other_side():
    assert margin_rewards([70, 50]) == [0.5 + 0.5 * 20 / 120, 0.5 - 0.5 * 20 / 120]
    assert margin_rewards([60, 60]) == [0.5, 0.5]
    assert margin_rewards([0, 0]) == [0.5, 0.5]  # the scale is at least 1
    low, high = margin_rewards([-5, 5])
    assert 0.0 <= low < 0.5 < high <= 1.0
    with pytest.raises(ValueError, match="two sides"):
        margin_rewards([7])


def test_weights_out_of_range_are_refused():
    deal = BRISCOLA.new_deal(seats=2, seed=5)
    given = bots.bot_input(deal, deal.to_act)
    for bad in ({"greedy": 1.5}, {"margin": -0.1}, {"bias": -1.0}, {"mast": 2.0}):
        with pytest.raises(ValueError, match="greedy, margin and mast"):
            search("briscola", given.view, given.history, given.options, random.Random(1),
                   iterations=5, **bad)  # fmt: skip


def _spy(monkeypatch, choose=None):
    """Record every (view, history) the heuristic is given during a search; ``choose``
    picks its answer (default: the first legal action)."""
    calls = []

    def spy(slug, view, rng, history=()):
        calls.append((view, list(history)))
        legal = view["legal_actions"]
        return choose(legal) if choose else legal[0]

    monkeypatch.setattr(games.heuristics, "heuristic_action", spy)
    return calls


def test_greedy_playouts_read_only_the_sampled_deal_s_view_of_the_seat_to_act(monkeypatch):
    deal = BRISCOLA.new_deal(seats=2, seed=9)
    rng = random.Random(2)
    for _ in range(6):
        deal.apply(rng.choice(deal.legal_actions()))
    given = bots.bot_input(deal, deal.to_act)
    calls = _spy(monkeypatch)
    search("briscola", given.view, given.history, given.options, random.Random(4),
           seconds=None, iterations=20, greedy=1.0)  # fmt: skip
    assert calls[0] == (given.view, list(given.history))  # the root: the bot's own input
    playout = calls[1:]
    assert len(playout) > 20  # every playout move was the heuristic's
    for view, history in playout:
        seat = view["viewer"]
        assert view["to_act"] == seat and view["legal_actions"]
        for player in view["players"]:  # another seat's hand stays hidden from it
            assert (player["hand"] is None) == (player["seat"] != seat)
        assert history[: len(given.history)] == list(given.history)


def test_without_greedy_or_bias_the_heuristic_is_never_asked(monkeypatch):
    deal = BRISCOLA.new_deal(seats=2, seed=9)
    given = bots.bot_input(deal, deal.to_act)
    calls = _spy(monkeypatch)
    search("briscola", given.view, given.history, given.options, random.Random(4),
           seconds=None, iterations=30)  # fmt: skip
    assert calls == []


def test_a_strong_progressive_bias_plays_the_heuristic_s_choice_at_low_budgets(monkeypatch):
    deal = BRISCOLA.new_deal(seats=2, seed=9)
    given = bots.bot_input(deal, deal.to_act)
    last = given.view["legal_actions"][-1]
    _spy(monkeypatch, choose=lambda legal: legal[-1])
    found = search("briscola", given.view, given.history, given.options, random.Random(4),
                   seconds=None, iterations=30, bias=100.0)  # fmt: skip
    assert found.action == last
    assert found.visits[last] > max(v for a, v in found.visits.items() if a != last)


def _sampled_position(game):
    """A two-player deal of ``game`` after 12 random moves: ``(options, seat on move, its
    view, its public history, the rng that played them)``, for the pool's tests."""
    options = game.validate_options({})
    deal = game.new_deal(seats=2, seed=21)
    rng = random.Random(5)
    for _ in range(12):
        deal.apply(rng.choice(deal.legal_actions()))
    seat = deal.to_act
    return options, seat, deal.view(seat), game.public_history(deal, seat), rng


@pytest.mark.parametrize("slug", ["pinch-tarot", "briscola", "machiavelli"])
def test_a_reused_determinization_shows_the_observer_its_own_view(slug):
    """Pinch Tarot's determinizer sets the hands on a stand-in deal, which its deck does
    not deal again: a reused sample must still be the sampled position, not a re-deal.
    Machiavelli's deals clone themselves: the pool keeps a clone of the sample, not the
    sample the search plays out."""
    game = get_game(slug)
    options, seat, view, history, rng = _sampled_position(game)
    pool = ismcts._Pool()
    first = ismcts._determinization(game, view, history, options, rng, pool, False)
    assert pool.replayable == (slug != "pinch-tarot")
    assert pool.cloned == (slug == "machiavelli")
    while not first.is_over:  # the search plays its sample out: the pool keeps the start
        first.apply(rng.choice(first.legal_actions()))
    for _ in range(3):
        reused = ismcts._determinization(game, view, history, options, rng, pool, True)
        assert reused.view(seat) == view


def test_a_kept_sample_the_history_does_not_replay_to_is_dropped_for_a_fresh_one():
    """A pooled sample is reused by replaying the public history on its deck. Rumino's
    determinizer declines, in the sample, a claim it offered another seat (the table never
    saw one), which that history leaves out: the replay was refused and the bot fell back
    to the heuristic for its move (seen in a bots_bench run). Such a sample, here a deal
    whose deck is not the position's at all, is dropped and a fresh one drawn."""
    options, seat, view, history, rng = _sampled_position(BRISCOLA)
    pool = ismcts._Pool()
    ismcts._determinization(BRISCOLA, view, history, options, rng, pool, False)
    assert pool.replayable
    stranger = BRISCOLA.new_deal(seats=2, seed=99)
    with pytest.raises(ValueError):
        ismcts._replayed(BRISCOLA, stranger, history)
    pool.deals[:] = [stranger]
    reused = ismcts._determinization(BRISCOLA, view, history, options, rng, pool, True)
    assert reused.view(seat) == view
    assert stranger not in pool.deals and len(pool.deals) == 1


def test_deal_points_make_fewer_penalty_points_the_better_in_rumino():
    from games.rules import get_game

    result = {"side_points": [0, 12]}

    assert get_game("briscola").deal_points(result) == [0, 12]
    assert get_game("rumino").deal_points(result) == [0, -12]
    assert ismcts.side_rewards(get_game("rumino").deal_points(result)) == [1.0, 0.0]


@pytest.mark.parametrize("slug", ["sette-e-mezzo", "ziginette", "calabrasella"])
def test_a_game_for_chips_scores_each_seat_by_its_own_chips(slug, monkeypatch):
    """Not by finishing above every other seat (``_rewards``): a banking player wins or
    loses against the bank, whatever the other players do."""
    game = get_game(slug)
    assert game.ranked_by_chips
    seen = []
    real_points = game.deal_points
    monkeypatch.setattr(game, "deal_points", lambda result: seen.append(real_points(result))
                        or seen[-1])  # fmt: skip
    monkeypatch.setattr(ismcts, "_rewards", lambda *a: pytest.fail("a win/loss reward"))
    options = game.validate_options({})
    deal = game.new_deal(seats=game.seat_counts(options)[0], seed=4)
    rng = random.Random(3)
    while len(deal.legal_actions()) < 2:
        deal.apply(rng.choice(deal.legal_actions()))
    given = bots.bot_input(deal, deal.to_act)
    found = search(slug, given.view, given.history, given.options, rng,
                   seconds=None, iterations=40, greedy=0.5, margin=0.5)  # fmt: skip
    assert found.iterations == 40 and len(seen) == 40
    assert found.action in given.view["legal_actions"]


def test_mast_plays_an_untried_action_first_then_the_best_mean_for_the_seat():
    averages = ismcts._Mast()
    averages.update([(0, "play 3C"), (1, "play 3C"), (0, "play AS")], [1.0, 0.0], {0: 0, 1: 1})
    averages.update([(0, "play AS")], [0.5, 0.5], {0: 0, 1: 1})
    rng = random.Random(1)
    assert averages.best(0, ["play 3C", "play AS", "play 2D"], rng) == "play 2D"  # unplayed
    assert averages.best(0, ["play AS", "play 3C"], rng) == "play 3C"  # 1.0 against 0.75
    assert averages.best(1, ["play AS", "play 3C"], rng) == "play AS"  # seat 1 never did
    assert {averages.best(1, ["play AS", "play 2D"], rng) for _ in range(40)} == {
        "play AS", "play 2D"
    }  # fmt: skip
    assert averages.totals[(0, "play AS")] == [1.5, 2]


def test_mast_playouts_ask_no_heuristic_and_learn_from_every_iteration(monkeypatch):
    deal = BRISCOLA.new_deal(seats=2, seed=9)
    given = bots.bot_input(deal, deal.to_act)
    calls = _spy(monkeypatch)
    learned = []
    real_update = ismcts._Mast.update
    monkeypatch.setattr(ismcts._Mast, "update", lambda self, *a: learned.append(
        real_update(self, *a)))  # fmt: skip
    found = search("briscola", given.view, given.history, given.options, random.Random(4),
                   seconds=None, iterations=30, mast=1.0)  # fmt: skip
    assert calls == [] and len(learned) == 30
    assert found.action in given.view["legal_actions"]
    with pytest.raises(ValueError, match="mast"):
        search("briscola", given.view, given.history, given.options, random.Random(4),
               iterations=3, mast=1.5)  # fmt: skip


def _nodes(node):
    yield node
    for child in node.children.values():
        yield from _nodes(child)


def _search_tree(monkeypatch, **settings):
    """The root of a 150-iteration Briscola search run with ``settings``."""
    roots = []
    real_node = ismcts.Node

    def node(side):
        made = real_node(side)
        if not roots:
            roots.append(made)
        return made

    monkeypatch.setattr(ismcts, "Node", node)
    deal = BRISCOLA.new_deal(seats=2, seed=9)
    given = bots.bot_input(deal, deal.to_act)
    search("briscola", given.view, given.history, given.options, random.Random(4),
           seconds=None, iterations=150, **settings)  # fmt: skip
    return roots[0], given.seat


def test_without_an_opponent_tree_the_other_side_never_chooses_by_ucb(monkeypatch):
    root, seat = _search_tree(monkeypatch, opponent_tree=False)
    theirs = [n for n in _nodes(root) if n.side not in (-1, seat)]
    assert theirs and all(n.available == 0 for n in theirs)
    root, seat = _search_tree(monkeypatch)
    assert any(n.available > 0 for n in _nodes(root) if n.side not in (-1, seat))


def test_a_flat_search_grows_the_root_s_children_only(monkeypatch):
    root, _ = _search_tree(monkeypatch, flat=True)
    assert root.children and all(not child.children for child in root.children.values())
    assert sum(child.visits for child in root.children.values()) == 150
    root, _ = _search_tree(monkeypatch)
    assert any(child.children for child in root.children.values())


def _burraco_position(seed=2):
    game = get_game("burraco")
    deal = game.new_deal(seats=2, dealer=0, seed=seed)
    rng = random.Random(seed)
    while len(deal.legal_actions()) < 2:
        deal.apply(rng.choice(deal.legal_actions()))
    return game, bots.bot_input(deal, deal.to_act)


def test_a_horizon_cuts_every_playout_short_and_scores_the_hand_as_it_lies(monkeypatch):
    game, given = _burraco_position()
    estimated = []
    real_estimate = type(game).estimate_points
    monkeypatch.setattr(
        type(game), "estimate_points",
        lambda self, deal: estimated.append(len(deal.actions)) or real_estimate(self, deal),
    )  # fmt: skip
    before = len(given.history)
    found = search("burraco", given.view, given.history, given.options, random.Random(1),
                   seconds=None, iterations=25, greedy=0.5, margin=0.5, horizon=6)  # fmt: skip
    lengths = [n - before for n in estimated]
    assert found.action in given.view["legal_actions"] and found.iterations == 25
    # The iterations ended at the horizon and were scored as they lay: a Burraco hand
    # lasts far longer than the tree and six playout moves, unless random playouts make
    # a stalemate (both players take the one-card pile and discard, a round).
    assert len(estimated) >= 20
    assert all(length <= 6 + 25 for length in lengths) and max(lengths) > 6


def test_without_a_horizon_playouts_reach_the_end_and_nothing_is_estimated(monkeypatch):
    game, given = _burraco_position()
    monkeypatch.setattr(type(game), "estimate_points", lambda self, deal: pytest.fail("estimated"))
    found = search("burraco", given.view, given.history, given.options, random.Random(1),
                   seconds=None, iterations=3, greedy=0.5, margin=0.5)  # fmt: skip
    assert found.iterations == 3


def test_a_horizon_is_ignored_by_a_game_without_an_estimate():
    assert get_game("briscola").estimate_points(BRISCOLA.new_deal(seats=2, seed=1)) is None
    deal = BRISCOLA.new_deal(seats=2, dealer=0, seed=5)
    given = bots.bot_input(deal, deal.to_act)
    found = search("briscola", given.view, given.history, given.options, random.Random(1),
                   seconds=None, iterations=10, horizon=2)  # fmt: skip
    assert found.iterations == 10 and found.action in given.view["legal_actions"]


def test_burraco_s_estimate_is_the_hand_scored_as_it_lies():
    game, given = _burraco_position()
    deal = game.new_deal(seats=2, dealer=0, seed=2)
    points = game.estimate_points(deal)
    # Nothing melded yet: each side's eleven cards count against it, and the pozzetto not
    # taken costs 100.
    from games.rules.burraco.scoring import cards_value

    assert points == [-100 - cards_value(deal.hands[seat].elements()) for seat in (0, 1)]


def test_rumino_s_estimate_is_each_hand_s_least_deadwood_as_if_someone_knocked():
    from games.rules.rumino.scoring import hand_points

    game = get_game("rumino")
    deal = game.new_deal(seats=3, dealer=0, seed=4)
    deadwood = [deal.deadwood(seat)[0] for seat in range(3)]

    # What a knock now would add, negated as deal_points negates penalties.
    assert game.estimate_points(deal) == [-p for p in hand_points(deadwood, "knock", 0)]
    assert len(set(deadwood)) > 1  # the hands differ, so the estimate ranks them


def test_machiavelli_s_estimate_names_the_seat_alone_with_fewest_cards_left():
    game = get_game("machiavelli")
    from games.rules.machiavelli.scoring import card_points

    deal = game.new_deal(seats=3, dealer=0, seed=4)
    # Thirteen cards each: the fewest card points leads.
    keys = [(sum(deal.hands[seat]), card_points(deal.hands[seat])) for seat in range(3)]
    leader = min(range(3), key=keys.__getitem__)
    assert game.estimate_points(deal) == [float(seat == leader) for seat in range(3)]
    other = (leader + 1) % 3
    deal.hands[other][next(face for face, n in enumerate(deal.hands[other]) if n)] -= 1

    # One card fewer leads, whatever its points.
    assert game.estimate_points(deal) == [float(seat == other) for seat in range(3)]


def test_the_bot_searches_burraco_with_its_horizon_and_other_games_without(monkeypatch):
    seen = {}

    def fake_search(slug, view, history, options, rng, **settings):
        seen[slug] = settings
        return ismcts.SearchResult(view["legal_actions"][0], 1, 0.0, {})

    monkeypatch.setattr(ismcts, "search", fake_search)
    _, given = _burraco_position()
    bots.choose_action(given, random.Random(1), "ismcts", iterations=5)
    deal = BRISCOLA.new_deal(seats=2, dealer=0, seed=5)
    bots.choose_action(bots.bot_input(deal, deal.to_act), random.Random(1), "ismcts",
                       iterations=5)  # fmt: skip
    assert seen["burraco"]["horizon"] == 16
    assert "horizon" not in seen["briscola"]
    assert seen["briscola"]["greedy"] == seen["burraco"]["greedy"] == bots.ISMCTS_TUNING["greedy"]
