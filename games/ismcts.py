"""Single-observer information set Monte Carlo tree search (SO-ISMCTS) over the rules engine.

Source: P. I. Cowling, E. J. Powley, D. Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012,
section IV.B (SO-ISMCTS, algorithm 3).

The searching seat is the *observer*. One tree is grown over the observer's information
sets: a node is reached by a sequence of actions, whoever made them. Each iteration:

1. samples a determinization, a whole deal consistent with what the observer knows
   (``game.determinize(view, history, options, rng)``: the hidden cards placed at random);
2. descends from the root while every legal action of the determinized deal has a child:
   among the children whose actions are legal *in this determinization*, it picks the one
   of highest UCB1 with availability counts,
   ``mean + c * sqrt(ln(availability) / visits)``; every legal child's availability
   counts one more (the paper's fix for actions that exist in some determinizations only);
3. expands one untried legal action at random (at the root, the heuristic's choice
   first, when ``bias`` or ``greedy`` is given);
4. plays out to the end of the deal: each move at random or, with probability
   ``greedy``, the game's heuristic (games/heuristics/) for the seat to act, reading that
   seat's own view of the *determinized* deal and its public history, as a player of that
   sample would (a heuristic playout policy; Cowling, Powley and Whitehouse use random
   playouts; knowledge-based playouts as in Browne et al., "A Survey of Monte Carlo Tree
   Search Methods", IEEE TCIAIG 4(1), 2012, section 6.1);
5. backs up the reward of each side: each node on the path adds the reward of the side of
   the seat that moved into it, so each seat, choosing among its children, maximizes its
   own side's reward (partners share it).

In a game played for chips (``Game.ranked_by_chips``: the banking games, Calabrasella)
each seat plays for its own chips, not to finish above every other seat: a node adds the
chips of the seat that moved into it, and UCB1 reads its mean normalised by the range of
chips seen in the search so far (min to max over every seat's result), so that it lies in
[0, 1] as the exploration constant assumes; ``margin`` is not used there.

Any other game's reward is the deal's outcome, 1 for the side with more ``side_points`` than every
other side, 0.5 when it ties the best other side, 0 otherwise (deals are won or lost: a
Briscola hand at 61; bench/bots_bench.py counts wins the same way), blended with weight
``margin`` with a margin share in [0, 1] (``margin_rewards``: half plus half the lead over
the best other side divided by all the points scored). With a few dozen iterations a
move, the win/loss reward of one playout says little; the margin separates a move that
wins by much from one that barely wins, and keeps the value in [0, 1] as UCB1 assumes.

Progressive bias (Chaslot, Winands, van den Herik, Uiterwijk, Bouzy, "Progressive
strategies for Monte-Carlo tree search", New Mathematics and Natural Computation 4(3),
2008): at the root, the heuristic's choice for the observer (from the observer's own view
and history, nothing else) gets ``bias / (visits + 1)`` added to its UCB1 value, is
expanded first and wins ties of visits, so that a search of a few iterations plays the
heuristic unless the playouts clearly prefer another action.

The search never sees the deal: it gets the observer's view, the public history and the
options (games/bots.py, ``BotInput``). Every iteration builds a fresh deal from the
determinizer, or reuses an earlier sample (``_determinization``), and plays it forward.
"""

from __future__ import annotations

import copy
import math
import random
import time
from dataclasses import dataclass
from typing import Any

from games.rules import get_game
from games.rules.base import Deal, Game

CLOCK = time.perf_counter
"""The clock of the time budget (wall time); a benchmark on a loaded machine may set
``time.process_time`` to give each search the same CPU time."""

EXPLORATION = 0.7
"""The UCB1 exploration constant ``c`` for rewards in [0, 1] (Cowling et al. use 0.7)."""


class Node:
    """A node of the tree: reached by ``action`` from its parent, made by a seat of
    ``side``; ``reward`` is that side's total reward over ``visits``; ``available``
    counts the visits of the parent in which ``action`` was legal."""

    __slots__ = ("side", "children", "visits", "reward", "available")

    def __init__(self, side: int) -> None:
        self.side = side
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the ``action`` to play (the root's most visited), the
    ``iterations`` run, the wall ``seconds`` spent, and ``visits`` per root action."""

    action: str
    iterations: int
    seconds: float
    visits: dict[str, int]

    @property
    def iterations_per_second(self) -> float:
        """Iterations run per second of wall time (0 when no time was measured)."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


def side_rewards(side_points: list[float]) -> list[float]:
    """Each side's reward in [0, 1] for a deal ending with ``side_points``: 1 for a side
    above every other side, 0.5 for one level with the best other side, else 0. Raises
    ValueError for fewer than two sides."""
    if len(side_points) < 2:
        raise ValueError(f"a reward needs two sides or more, not {side_points!r}")
    rewards = []
    for side, points in enumerate(side_points):
        best_other = max(p for other, p in enumerate(side_points) if other != side)
        rewards.append(1.0 if points > best_other else 0.5 if points == best_other else 0.0)
    return rewards


def search(
    game_slug: str,
    view: dict[str, Any],
    history: list[tuple[int, str]] | tuple[tuple[int, str], ...],
    options: dict[str, Any],
    rng: random.Random,
    *,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    exploration: float = EXPLORATION,
    greedy: float = 0.0,
    margin: float = 0.0,
    bias: float = 0.0,
    mast: float = 0.0,
    opponent_tree: bool = True,
    flat: bool = False,
    horizon: int = 0,
) -> SearchResult:
    """Search from the observer's information set and return the action to play.

    ``view`` is the observer's ``view_for`` (its ``viewer`` is the observer, who must be
    ``to_act``), ``history`` its ``public_history``, ``options`` the validated options.
    The search stops after ``seconds`` of wall time (None: no time limit) or after
    ``iterations`` (None: no cap), whichever comes first; at least one iteration runs.
    ``greedy`` (in [0, 1]) is the share of playout moves chosen by the game's heuristic
    (games/heuristics/) from the determinized deal's view of the seat to act and its
    public history, the others at random; ``margin`` (in [0, 1]) the weight of the score
    margin in the reward (``margin_rewards``); ``bias`` the progressive bias towards the
    heuristic's choice at the root, ``bias / (visits + 1)`` added to that child's UCB1
    value (Chaslot et al. 2008), the heuristic reading only the observer's own ``view``
    and ``history``; with ``bias`` or ``greedy``, the heuristic's choice is expanded first
    at the root and wins a tie of visits there. ``mast`` (in [0, 1]) is the share of the
    other playout moves (those not the heuristic's) chosen by the Move-Average Sampling
    Technique instead of at random: the legal action of best mean reward, for the seat
    to act, over every iteration so far that played it (``_Mast``). With
    ``opponent_tree`` false, a seat of another side chooses in the tree by the playout
    policy (from its own view of the sample) instead of UCB1: in SO-ISMCTS, an opponent
    choosing by UCB1 on the rewards of determinizations plays as if it knew the
    observer's hidden cards (Cowling et al., section IV.B: "strategy fusion" and
    opponents' clairvoyance), which misleads the observer where its hidden card is the
    game (Sette e mezzo's banker against a player's face-down card). With ``flat``, the
    tree is the root's children only and every later move is the playout's: a rollout
    of the playout policy after each root action (with ``greedy`` 1, the heuristic's
    rollout improvement; Bertsekas, Tsitsiklis and Wu, "Rollout Algorithms for
    Combinatorial Optimization", J. Heuristics 3, 1997), where the tree's own later
    nodes, keyed by actions alone, would make one choice for every card the observer
    might have drawn in between. ``horizon`` (moves; 0: none) cuts each playout short
    after that many moves and scores the deal as it lies by ``Game.estimate_points``
    (a game without one plays to the end): for games whose deals are long (the
    rummies), where a playout to the end costs most of an iteration.
    Raises ValueError when the view offers no legal action, both limits are None or a
    weight is out of range, NotImplementedError when the game has no determinizer.
    """
    legal = list(view.get("legal_actions") or [])
    if not legal:
        raise ValueError("nothing to search: the view offers no legal action")
    if seconds is None and iterations is None:
        raise ValueError("a search needs a time budget, an iteration cap or both")
    if not (0.0 <= greedy <= 1.0 and 0.0 <= margin <= 1.0 and bias >= 0.0 and 0 <= mast <= 1):
        raise ValueError(
            f"greedy, margin and mast lie in [0, 1] and bias is not negative, not"
            f" {greedy!r}, {margin!r}, {mast!r}, {bias!r}"
        )
    start = CLOCK()
    if len(legal) == 1:
        return SearchResult(legal[0], 0, CLOCK() - start, {legal[0]: 0})
    game = get_game(game_slug)
    history = list(history)
    favourite = None
    if bias > 0 or greedy > 0:
        from games.heuristics import heuristic_action

        favourite = heuristic_action(game_slug, view, random.Random(rng.random()), history)
    root = Node(-1)
    deadline = None if seconds is None else start + seconds
    cap = iterations if iterations is not None else math.inf
    sides: tuple[tuple[int, ...], ...] | None = None
    side_of: dict[int, int] = {}
    # A game played for chips (the banking games, Calabrasella) scores each seat by its
    # own chips, normalised at selection by the range of chips seen so far (``low`` to
    # ``high``); any other by ``_rewards``, in [0, 1] already.
    chips = bool(getattr(game, "ranked_by_chips", False))
    estimates = horizon > 0 and type(game).estimate_points is not Game.estimate_points
    low, span = 0.0, 1.0
    if chips:
        low, high = 0.0, 0.0
    done = 0
    pool = _Pool()
    averages = _Mast() if mast else None
    sampling = searching = 0.0
    while done < cap:
        began = CLOCK()
        deal = _determinization(game, view, history, options, rng, pool, sampling > searching)
        sampled_at = CLOCK()
        sampling += sampled_at - began
        if sides is None:
            sides = deal.sides
            side_of = {seat: number for number, side in enumerate(sides) for seat in side}
        node, path = root, [root]
        moves: list[tuple[int, str]] = []  # (seat, action) of the iteration, for MAST
        observer = side_of[view["viewer"]]
        # Selection and expansion.
        while deal.to_act is not None:
            if not opponent_tree and side_of[deal.to_act] != observer:
                if greedy and rng.random() < greedy:
                    action = _greedy_action(game, deal, rng)
                else:
                    action = rng.choice(deal.legal_actions())
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node(side_of[deal.to_act])
                if averages is not None:
                    moves.append((deal.to_act, action))
                deal.apply(action)
                node = child
                path.append(node)
                continue
            actions = deal.legal_actions()
            children = node.children
            untried = [a for a in actions if a not in children]
            if untried:
                # The heuristic's choice is tried first at the root (progressive bias).
                action = favourite if node is root and favourite in untried else rng.choice(untried)
                child = Node(side_of[deal.to_act])
                children[action] = child
                for other in actions:  # the new child counts as available here too
                    if other in children:
                        children[other].available += 1
                if averages is not None:
                    moves.append((deal.to_act, action))
                deal.apply(action)
                path.append(child)
                break
            best, best_value = actions[0], -1.0
            for action in actions:
                child = children[action]
                child.available += 1
                value = (child.reward / child.visits - low) / span + exploration * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if node is root and action == favourite:
                    value += bias / (child.visits + 1)
                if value > best_value:
                    best, best_value = action, value
            if averages is not None:
                moves.append((deal.to_act, best))
            deal.apply(best)
            node = children[best]
            path.append(node)
            if flat:
                break
        # Playout, cut short after ``horizon`` moves when the game can score a deal as it
        # lies.
        left = int(horizon) if estimates else -1
        while deal.to_act is not None and left != 0:
            left -= 1
            if greedy and rng.random() < greedy:
                action = _greedy_action(game, deal, rng)
            elif averages is not None and rng.random() < mast:
                action = averages.best(deal.to_act, deal.legal_actions(), rng)
            else:
                action = rng.choice(deal.legal_actions())
            if averages is not None:
                moves.append((deal.to_act, action))
            deal.apply(action)
        if deal.to_act is not None:  # cut short at the horizon
            points = game.estimate_points(deal)
        else:
            points = deal.game.final_points(deal)
        if chips:
            rewards = [float(p) for p in points]
            low, high = min(low, *rewards), max(high, *rewards)
            span = (high - low) or 1.0
        else:
            rewards = _rewards(points, margin)
        for visited in path:
            visited.visits += 1
            if visited.side >= 0:
                visited.reward += rewards[visited.side]
        if averages is not None:
            averages.update(moves, rewards, side_of)
        done += 1
        now = CLOCK()
        searching += now - sampled_at
        if deadline is not None and now >= deadline:
            break
    visits = {action: child.visits for action, child in root.children.items()}
    action = max(legal, key=lambda a: (visits.get(a, 0), a == favourite, a))
    return SearchResult(action, done, CLOCK() - start, visits)


def margin_rewards(side_points: list[float]) -> list[float]:
    """Each side's margin reward in [0, 1] for a deal ending with ``side_points``:
    ``0.5 + 0.5 * (points - best other side's points) / scale``, clipped to [0, 1], where
    ``scale`` is the sum of the sides' absolute points (at least 1). Raises ValueError for
    fewer than two sides."""
    if len(side_points) < 2:
        raise ValueError(f"a reward needs two sides or more, not {side_points!r}")
    scale = max(1.0, float(sum(abs(p) for p in side_points)))
    rewards = []
    for side, points in enumerate(side_points):
        best_other = max(p for other, p in enumerate(side_points) if other != side)
        rewards.append(min(1.0, max(0.0, 0.5 + 0.5 * (points - best_other) / scale)))
    return rewards


def _rewards(side_points: list[float], margin: float) -> list[float]:
    """``side_rewards`` blended with ``margin_rewards`` of weight ``margin``."""
    won = side_rewards(side_points)
    if not margin:
        return won
    share = margin_rewards(side_points)
    return [(1.0 - margin) * w + margin * m for w, m in zip(won, share, strict=True)]


class _Mast:
    """Move-Average Sampling Technique (Finnsson and Björnsson, "Simulation-Based Approach
    to General Game Playing", AAAI 2008; for ISMCTS in card games, Powley, Whitehouse and
    Cowling, "Bandits All the Way Down: UCB1 as a Simulation Policy in Monte Carlo Tree
    Search", IEEE CIG 2013): the mean reward of each ``(seat, action)`` over the iterations
    of one search that played it, whatever the position; a playout move picks the legal
    action of best mean, or one never played yet (at random). Costs a dictionary look-up an
    action, against a view built and a heuristic run for a heuristic move."""

    __slots__ = ("totals",)

    def __init__(self) -> None:
        self.totals: dict[tuple[int, str], list[float]] = {}

    def best(self, seat: int, actions: list[str], rng: random.Random) -> str:
        """The action of ``actions`` of best mean reward for ``seat``; one drawn at random
        among those it never played, if any."""
        totals = self.totals
        best, best_value = actions[0], -math.inf
        unplayed = []
        for action in actions:
            entry = totals.get((seat, action))
            if entry is None:
                unplayed.append(action)
            elif not unplayed:
                value = entry[0] / entry[1]
                if value > best_value:
                    best, best_value = action, value
        return rng.choice(unplayed) if unplayed else best

    def update(
        self, moves: list[tuple[int, str]], rewards: list[float], side_of: dict[int, int]
    ) -> None:
        """Add each move's seat's side reward to that move's mean."""
        totals = self.totals
        for seat, action in moves:
            entry = totals.get((seat, action))
            if entry is None:
                totals[(seat, action)] = [rewards[side_of[seat]], 1]
            else:
                entry[0] += rewards[side_of[seat]]
                entry[1] += 1


def _greedy_action(game: Game, deal: Deal, rng: random.Random) -> str:
    """The heuristic's action for the seat to act in the determinized ``deal`` (a sample
    the search made, not the live deal), from that seat's own view and public history of
    the sample only, as a player of the sample would see it: read from the deal itself
    where the game's heuristic has a version that does so (``FROM_DEAL``, the same
    choice without building the view)."""
    from games.heuristics import FROM_DEAL, heuristic_action

    from_deal = FROM_DEAL.get(game.slug)
    if from_deal is not None:
        chosen = from_deal(deal, rng)
        if chosen is not None:
            return chosen
    seat = deal.to_act
    return heuristic_action(game.slug, deal.view(seat), rng, game.public_history(deal, seat))


POOL_SIZE = 256
"""Determinizations kept for reuse when sampling a fresh one costs more than searching
(the newest replace random older ones)."""


class _Pool:
    """Earlier determinizations of one search, kept for reuse: ``deals`` (at most
    ``POOL_SIZE``) and whether the game's samples are ``replayable`` from their deck (the
    first ``CHECKED`` samples are replayed and compared, seat by seat; one that differs
    makes it False for the rest of the search). A determinizer may set the hands on a stand-in
    deal whose deck does not deal them (Pinch Tarot's); its samples are kept as deep
    copies taken before the search plays them, and copied again for each reuse (a
    ``snapshot`` instead where the deal has one: Rumino's, whose samples do not replay
    when the determinizer declined a private claim offer for another seat). A deal
    with a ``clone`` method (Machiavelli's) copies itself exactly and cheaply: its
    samples are kept as clones taken before the search plays them (``cloned``), cloned
    again for each reuse, and never replayed."""

    __slots__ = ("deals", "replayable", "checked", "cloned")

    CHECKED = 8

    def __init__(self) -> None:
        self.deals: list[Deal] = []
        self.replayable = True
        self.checked = 0
        self.cloned = False


def _same_deal(one: Deal, other: Deal) -> bool:
    """Whether two deals show every seat the same view (so they are the same position)."""
    return all(one.view(seat) == other.view(seat) for seat in range(one.seats))


def _determinization(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
    pool: _Pool,
    reuse: bool,
) -> Deal:
    """A determinization for one iteration: a fresh sample, or, when ``reuse`` (sampling
    has cost more time than the search so far), one of the ``pool`` of earlier samples
    replayed from its deck (or deep-copied, for a game whose samples do not replay, or
    cloned, for a game whose deals have a ``clone`` method); so
    sampling takes at most about half the budget (Tressette's determinizer rejects many
    samples for its signals and accusi).
    A sample the determinizer cannot find (ValueError) is replaced by an earlier one; with
    none yet, the ValueError is raised. An earlier sample that the history does not
    replay to (an action refused, or another seat on move) is dropped from the pool and a
    fresh one drawn instead."""
    deals = pool.deals
    if not (reuse and deals):
        try:
            deal = game.determinize(view, history, options, rng)
        except ValueError:
            if not deals:
                raise
        else:
            if getattr(deal, "clone", None) is not None:
                # The game copies its own deals exactly (MachiavelliDeal.clone): keep a
                # copy taken before the search plays this one, and copy it for each reuse.
                kept = deal.clone()
                pool.cloned = True
                if len(deals) < POOL_SIZE:
                    deals.append(kept)
                else:
                    deals[rng.randrange(POOL_SIZE)] = kept
                return deal
            if pool.replayable and pool.checked < pool.CHECKED:
                pool.checked += 1
                try:
                    pool.replayable = _same_deal(_replayed(game, deal, history), deal)
                except Exception:  # noqa: BLE001 - any failure means: do not replay
                    pool.replayable = False
                if not pool.replayable:
                    deals.clear()  # earlier samples were kept as played, not as dealt
            kept = _unplayed(deal) if pool.replayable else _copied(deal)
            if len(deals) < POOL_SIZE:
                deals.append(kept)
            else:
                deals[rng.randrange(POOL_SIZE)] = kept
            return deal
    sample = rng.choice(deals)
    if pool.cloned:
        return sample.clone()
    if not pool.replayable:
        return _copied(sample)
    try:
        deal = _replayed(game, sample, history)
    except ValueError:  # IllegalAction too
        deal = None
    if deal is None or deal.to_act != view.get("to_act"):
        # The public history does not replay this sample: its determinizer also made a
        # choice the history leaves out (Rumino declines a claim it offered another seat in
        # the sample, the table never having seen one), and the first samples checked did
        # not show it. Drop it and draw a fresh one.
        deals.remove(sample)
        return _determinization(game, view, history, options, rng, pool, reuse=False)
    return deal


def _copied(deal: Deal) -> Deal:
    """A copy of ``deal`` that changes on alone: its ``snapshot`` where it has one (the
    same state, far cheaper), else a deep copy."""
    snapshot = getattr(deal, "snapshot", None)
    return copy.deepcopy(deal) if snapshot is None else snapshot()


def _unplayed(deal: Deal) -> Deal:
    """What the pool keeps of a fresh sample whose game replays its samples: a
    ``snapshot`` taken before the search plays it, where the deal has one (Rumino's), so
    that ``_replayed`` can copy it instead of replaying the history; else the sample
    itself, of which a replay reads only the deck and what the deal began with."""
    snapshot = getattr(deal, "snapshot", None)
    return deal if snapshot is None else snapshot()


def _replayed(game: Game, sample: Deal, history: list[tuple[int, str]]) -> Deal:
    """A fresh copy of the determinization ``sample``: its deck dealt again and the history
    replayed (cheaper than a deep copy, and the sample stays untouched).

    A sample with a ``snapshot`` method whose actions are the history exactly (taken by
    ``_unplayed`` before it was played) is copied instead: a deal dealt from the same
    deck and carry with the same actions applied is the same deal (the rules are
    deterministic), and a copy costs far less than a replay of a long history. Any other
    (one whose determinizer added actions the history leaves out, such as Rumino's
    private declines) is replayed, and refused or dropped as before."""
    snapshot = getattr(sample, "snapshot", None)
    if snapshot is not None and sample.actions == history:
        return snapshot()
    deal = game.new_deal(
        seats=sample.seats, dealer=sample.dealer, options=sample.options,
        deck=sample.deck, carry=sample.carry,
    )  # fmt: skip
    for seat, action in history:
        deal.apply(action, seat=seat)
    return deal
