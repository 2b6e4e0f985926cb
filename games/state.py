"""Rebuilding a deal's engine state from its row, and the ``state`` message of
docs/protocol.md for each seat.
"""

from __future__ import annotations

import collections
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone

from accounts import bot_names
from games import slots
from games.hooks import match_extras
from games.models import Deal, Match, Seat
from games.rules import get_game


def engine_for(match: Match, deal: Deal):
    """Rebuild the engine deal for a Deal row by replaying its record.

    Replaying is cheap (a Spizzichino deal replays in well under a millisecond, see
    docs/performance.md) and keeps one source of truth: the row.

    Raises:
        games.rules.IllegalAction: the stored log does not replay (a corrupt row).
    """
    game = get_game(match.game)
    return game.replay(
        {
            "game": match.game,
            "options": match.options,
            "seats": match.seat_count,
            "dealer": deal.dealer,
            "deck": deal.deck,
            "actions": deal.actions,
            "carry": deal.carry,
        }
    )


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat of a match: its ``number``, the ``player_id``, the player's ``username`` and
    whether the player has ``gone`` (``Seat.gone_at``: the computer plays the seat, or it
    sits out, to the match's end; games/services/clocks.py ``match_forfeit_if_idle``)."""

    number: int
    player_id: int
    username: str
    gone: bool = False


@dataclass(frozen=True, slots=True)
class MatchContext:
    """What a match's moves need but never change: its seats and its event summary
    (``{"name", "url", "round"}`` or None), plus the players' ratings in its game
    (``{player_id: rating}``, as of ``loaded``, a ``time.monotonic()`` reading); both
    come from the providers registered in games/hooks.py.
    """

    seats: tuple[SeatInfo, ...]
    tournament: dict | None
    ratings: dict[int, float]
    loaded: float


# Per process, by match id, from the match's start on. Seats and tournament do not change
# once a match has started (admin shows a started match's seats read-only), but for a seat
# whose player has gone (the process that marks it forgets its context; the others read it
# again within RATINGS_TTL, and the services that act for a gone seat read it from the
# row); ratings change when another match of the player's ends, so they are read again
# after ``ratings_ttl`` seconds (at most RATINGS_TTL).
_CONTEXTS: OrderedDict[int, MatchContext] = OrderedDict()
# One lock for the per-process caches of this module (contexts, live engines, deal ends,
# last tricks): moves run on several threads (games/consumers.py, ``play_action``), and an
# OrderedDict's look-up, move and eviction are not one step. Held for dictionary work
# only, never across a query.
_CACHE_LOCK = threading.Lock()
CONTEXT_CACHE_SIZE = 4096
RATINGS_TTL = 30.0


def ratings_ttl(match_id: int) -> float:
    """How long ``match_id``'s cached context is used, in seconds: between two thirds of
    ``RATINGS_TTL`` and all of it, spread by the match id (its fractional part times the
    golden ratio), so that the contexts of a round's matches, all loaded as the round
    starts, are not read again all in the same second (docs/performance.md, "Where the
    slow moves came from")."""
    spread = (match_id * 0.6180339887) % 1.0
    return RATINGS_TTL * (2 + spread) / 3


def match_context(match: Match) -> MatchContext:
    """The match's ``MatchContext``, from this process's cache when fresh, else read with
    a query for the seats and the registered providers' (games/hooks.py), and cached.

    Keeping this out of every move saves half its queries (docs/performance.md).
    """
    now = time.monotonic()
    with _CACHE_LOCK:
        cached = _CONTEXTS.get(match.pk)
        if cached is not None and now - cached.loaded < ratings_ttl(match.pk):
            _CONTEXTS.move_to_end(match.pk)
            return cached
    seats = tuple(
        SeatInfo(number, player_id, username, gone_at is not None)
        for number, player_id, username, gone_at in Seat.objects.filter(match=match)
        .order_by("number")
        .values_list("number", "player_id", "player__username", "gone_at")
    )
    extras = match_extras(match, [s.player_id for s in seats])
    context = MatchContext(seats, extras["event"], extras["ratings"], now)
    if match.status == Match.Status.SCHEDULED:
        return context  # staff may still change its seats: not cached until it starts
    with _CACHE_LOCK:
        _CONTEXTS[match.pk] = context
        _CONTEXTS.move_to_end(match.pk)
        while len(_CONTEXTS) > CONTEXT_CACHE_SIZE:
            _CONTEXTS.popitem(last=False)
    return context


def context_is_fresh(match_id: int, margin: float = 1.0) -> bool:
    """Whether ``match_context`` would answer for ``match_id`` from this process's cache,
    with at least ``margin`` seconds of its ``ratings_ttl`` left (so, no query)."""
    with _CACHE_LOCK:
        cached = _CONTEXTS.get(match_id)
    return cached is not None and time.monotonic() - cached.loaded < ratings_ttl(match_id) - margin


def forget_match_context(match_id: int | None = None) -> None:
    """Drop one match's cached context and live engine (None: every match's), so the next
    use reads them again; the tests start each from an empty cache, as a new server
    process does."""
    with _CACHE_LOCK:
        if match_id is None:
            _CONTEXTS.clear()
            _ENGINES.clear()
            _ENDINGS.clear()
            _LAST_TRICKS.clear()
            _WATCHING.clear()
        else:
            _CONTEXTS.pop(match_id, None)
            _ENGINES.pop(match_id, None)
            _WATCHING.pop(match_id, None)
            _ENDINGS.pop(match_id, None)


_OPEN_SOCKETS: collections.Counter[int] = collections.Counter()
"""This process's match sockets open now, by match id (changed on the event loop only)."""


def match_socket_opened(match_id: int) -> None:
    """Count one more socket of ``match_id`` open on this process (games/consumers.py)."""
    _OPEN_SOCKETS[match_id] += 1


def match_socket_closed(match_id: int) -> None:
    """One socket of ``match_id`` gone from this process; with it the last, the match's
    kept context and engine are dropped (``forget_match_context``): a process keeps only
    the matches it serves now, so its garbage collector's full collections, which walk
    every object kept, do not grow with every match it has served (at 250 matches they
    had grown to 200-350 ms, each one holding every move in flight: docs/performance.md,
    "Where the slow moves came from", 7). A player who comes back costs one read."""
    _OPEN_SOCKETS[match_id] -= 1
    if _OPEN_SOCKETS[match_id] <= 0:
        del _OPEN_SOCKETS[match_id]
        forget_match_context(match_id)


@dataclass(slots=True)
class LiveDeal:
    """A live match as of ``seq``, kept by the process that served its last move: the
    match row (``match``, None when not known), the current deal's row and its engine."""

    seq: int
    match: Match | None
    deal: Deal
    engine: object


# Per process, by match id: the live deal's row and engine as of the match's ``seq``
# (docs/performance.md: a move need not replay its deal, nor read it). Every change of a
# match's deals bumps its ``seq``, so an entry whose seq is the stored one is the current
# deal; any other is stale and replaced.
_ENGINES: OrderedDict[int, LiveDeal] = OrderedDict()
ENGINE_CACHE_SIZE = 4096


def take_live_engine(match_id: int, seq: int) -> LiveDeal | None:
    """Take ``match_id``'s ``LiveDeal`` out of the cache if it is the one as of ``seq``
    (else leave the cache as it is and return None). The caller owns it and may change
    it; it is put back only by ``keep_live_engine`` (after commit), so a move that fails
    or rolls back leaves no entry and the next move replays from the database.
    """
    with _CACHE_LOCK:
        entry = _ENGINES.get(match_id)
        if entry is None or entry.seq != seq:
            return None
        del _ENGINES[match_id]
        return entry


def keep_live_engine(
    match_id: int, seq: int, deal: Deal, engine, match: Match | None = None
) -> None:
    """Cache ``deal`` (its row as stored), its ``engine`` and ``match`` (its row as stored,
    or None) as the state at ``seq``; the least recently used of more than
    ``ENGINE_CACHE_SIZE`` matches is dropped. Call only with what is committed."""
    live = LiveDeal(seq, match, deal, engine)
    with _CACHE_LOCK:
        _ENGINES[match_id] = live
        _ENGINES.move_to_end(match_id)
        while len(_ENGINES) > ENGINE_CACHE_SIZE:
            _ENGINES.popitem(last=False)


# Per process, by match id: a kept deal whose engine has had one more action applied, the
# one that ends the deal, as (seq, seat, action, LiveDeal as of seq with that action
# applied). The kept move (games/services/moves.py, ``match_apply_kept``) leaves the end of a
# deal to the locked way, which takes this instead of reading and replaying the deal.
_ENDINGS: OrderedDict[int, tuple[int, int, str, LiveDeal]] = OrderedDict()
ENDING_CACHE_SIZE = 1024


def keep_deal_end(match_id: int, seq: int, seat: int, action: str, live: LiveDeal) -> None:
    """Keep ``live`` (the match as of ``seq``, whose ``engine`` has had ``seat``'s
    ``action`` applied and is over) for the locked way's ``take_deal_end``. Nothing is
    stored yet: the entry only saves the locked way a read and a replay, and it is used
    only under the match's row lock with the stored ``seq`` equal to ``seq``."""
    with _CACHE_LOCK:
        _ENDINGS[match_id] = (seq, seat, action, live)
        _ENDINGS.move_to_end(match_id)
        while len(_ENDINGS) > ENDING_CACHE_SIZE:
            _ENDINGS.popitem(last=False)


def take_deal_end(match_id: int, seq: int, seat: int, action: str) -> LiveDeal | None:
    """Take out ``match_id``'s entry of ``keep_deal_end``: the ``LiveDeal`` when it was kept
    for this ``seq``, ``seat`` and ``action`` (its engine already has the action applied),
    else None. Either way the entry is gone: it serves one try of one move."""
    with _CACHE_LOCK:
        entry = _ENDINGS.pop(match_id, None)
    if entry is None or entry[:3] != (seq, seat, action):
        return None
    return entry[3]


def match_seats(match: Match) -> tuple[SeatInfo, ...]:
    """The match's seats in order (``match_context``; no query when cached)."""
    return match_context(match).seats


def match_victory_points(match: Match) -> list[int] | None:
    """Each side's Victory Points in ``match`` (a game with ``victory_points``, e.g.
    Burraco's ``3_hands`` / ``4_hands``), from the points of its finished deals; None for
    a game or option without VP, or while the hands that count are not all played (a
    match resigned or forfeited early has none). ``match.deal_points`` is per seat, and a
    seat's points are its side's (docs/engine.md), so a side's deal points are those of
    its first seat. Source: ../shared/rules/README.md ("Burraco")."""
    victory_points = getattr(get_game(match.game), "victory_points", None)
    if victory_points is None or not match.deal_points:
        return None
    results = [
        {"points": points, "side_points": [points[side[0]] for side in match.sides]}
        for points in match.deal_points
    ]
    return victory_points(results, match.options)


_UNKNOWN = object()


def match_summary(
    match: Match,
    seats: Sequence[SeatInfo],
    deal: Deal | None,
    *,
    previous_last_trick=_UNKNOWN,
    watching: int | None = None,
) -> dict:
    """The ``match`` part of a state message: players, scores, deals, winner.

    Players, ratings and tournament come from ``match_context`` (no query when cached);
    a player's ``rating`` is None when no provider gives one. ``previous_last_trick``: the
    last trick of the deal before ``deal`` when the caller has it (the move that ended
    that deal, from its engine), else read and replayed (``_previous_last_trick``).
    ``watching``: the spectators now when the caller has the count (``recent_watching``),
    else read from the shared cache.
    """
    if watching is None:
        watching = slots.watching(match.pk)
    if previous_last_trick is _UNKNOWN:
        previous_last_trick = _previous_last_trick(match, deal)
    context = match_context(match)
    return {
        "id": match.pk,
        "game": match.game,
        "game_name": get_game(match.game).name,
        "status": match.status,
        "players": [
            {
                "seat": s.number,
                "username": s.username,
                # What the table calls the seat: a computer opponent's person's name
                # (accounts/bot_names.py), marked on the page as a computer player.
                "name": bot_names.bot_name(s.username) or s.username,
                "computer": bot_names.is_bot_username(s.username),
                "rating": _rounded(context.ratings.get(s.player_id)),
                # Gone from the table: the computer plays the seat (or, in a banking
                # game, it sits out) to the match's end.
                "gone": s.gone,
            }
            for s in seats
        ],
        "sides": [list(side) for side in match.sides],
        "scores": match.scores,
        "victory_points": match_victory_points(match),
        "target": get_game(match.game).match_target(match.options),
        "deal_number": deal.number if deal is not None else 0,
        # The current deal's commitment to its deck, public before its first action
        # (games/rules/fairness.py); each finished deal's record reveals deck and salt.
        "commitment": deal.commitment if deal is not None else "",
        "options": match.options,
        "deals": [
            {
                "number": number,
                "points": points,
                "record_url": f"/matches/{match.pk}/deals/{number}/record.json",
            }
            for number, points in enumerate(match.deal_points, start=1)
        ],
        "last_result": match.last_result,
        # The previous deal's last trick, public once that deal ended, so that a table can
        # show how the deal finished while the next one is being dealt.
        "previous_last_trick": previous_last_trick,
        "winner": match.winner_seat,
        "places": match.places,
        "reason": match.reason,
        "move_deadline": match.move_deadline.isoformat() if match.move_deadline else None,
        "move_seconds_left": move_seconds_left(match),
        # A round of N deals under a round clock (an event in phases): the deals the match
        # is played over and the seconds until no further deal starts.
        "deal_limit": match.deal_limit or (len(match.boards) if match.boards else None),
        "round_seconds_left": round_seconds_left(match),
        # Rumino's claim window (games/claim_window.py): the same for every seat, after every
        # discard; the next player's actions wait for it.
        "claims_close_at": match.claims_close_at.isoformat() if match.claims_close_at else None,
        "claims_seconds_left": claims_seconds_left(match),
        # The match clock (a Fischer clock), when the event has one: each seat's bank in
        # seconds as of the turn's start, and the seconds the seat on move has used since.
        "clock": clock_summary(match),
        # Spectators connected now (games/presence.py; counted in the shared cache).
        "watching": watching,
        # While the players are still arriving (games/services/clocks.py, seat_arrived): the seats
        # awaited; the clock above then counts the grace down.
        "waiting_for": (
            list(
                Seat.objects.filter(match=match, arrived_at__isnull=True).values_list(
                    "number", flat=True
                )
            )
            if match.grace_until is not None
            else []
        ),
        "tournament": context.tournament,
    }


# Per process, by match id: (spectators, time.monotonic() read) for the moves' states.
_WATCHING: OrderedDict[int, tuple[int, float]] = OrderedDict()
WATCHING_TTL = 2.0
"""Seconds a move's state may show a spectator count read earlier by this process (the
count changes as spectators come and go; a state made on connecting reads it afresh)."""


def recent_watching(match_id: int) -> int:
    """The spectators of ``match_id`` for a move's states: read from the shared cache at
    most once every ``WATCHING_TTL`` seconds a match by this process, which saves the
    common move a Redis round trip (docs/performance.md)."""
    now = time.monotonic()
    with _CACHE_LOCK:
        known = _WATCHING.get(match_id)
    if known is not None and now - known[1] < WATCHING_TTL:
        return known[0]
    count = slots.watching(match_id)
    with _CACHE_LOCK:
        _WATCHING[match_id] = (count, now)
        _WATCHING.move_to_end(match_id)
        while len(_WATCHING) > CONTEXT_CACHE_SIZE:
            _WATCHING.popitem(last=False)
    return count


def clock_summary(match: Match, now=None) -> dict | None:
    """``{"running": bool, "banks": [seconds per seat], "elapsed": seconds, "increment":
    seconds}`` for a match with a match clock (None without): ``elapsed`` is the time the
    seat on move has used since its turn began (0 before the clock runs, while the players
    arrive); the browser counts it on."""
    if match.clock_banks is None:
        return None
    now = now or timezone.now()
    running = match.turn_started_at is not None and match.status == Match.Status.IN_PROGRESS
    return {
        "running": running,
        "banks": [round(float(bank), 1) for bank in match.clock_banks],
        "elapsed": round((now - match.turn_started_at).total_seconds(), 1) if running else 0,
        "increment": match.clock_increment.total_seconds() if match.clock_increment else 0,
    }


_LAST_TRICKS: OrderedDict = OrderedDict()


def _previous_last_trick(match: Match, deal: Deal | None) -> dict | None:
    """The spectator's ``last_trick`` of the deal before ``deal`` (None for the first deal,
    or a game without tricks); finished deals never change, so it is kept (a few hundred)."""
    if deal is None or deal.number <= 1:
        return None
    key = (match.pk, deal.number - 1)
    with _CACHE_LOCK:
        if key in _LAST_TRICKS:
            return _LAST_TRICKS[key]
    previous = Deal.objects.filter(match=match, number=deal.number - 1).first()
    trick = None
    if previous is not None and previous.result is not None:
        trick = last_trick_of(engine_for(match, previous))
    with _CACHE_LOCK:
        _LAST_TRICKS[key] = trick
        while len(_LAST_TRICKS) > 500:
            _LAST_TRICKS.popitem(last=False)
    return trick


def last_trick_known(match: Match, deal: Deal | None) -> bool:
    """Whether ``_previous_last_trick`` would answer without a query (the first deal, or
    the previous deal's last trick kept)."""
    if deal is None or deal.number <= 1:
        return True
    with _CACHE_LOCK:
        return (match.pk, deal.number - 1) in _LAST_TRICKS


def last_trick_of(engine) -> dict | None:
    """The spectator's ``last_trick`` of a finished deal's ``engine`` (None for a game
    without tricks): what ``match.previous_last_trick`` shows while the next deal is
    played."""
    return engine.view(None).get("last_trick")


def remember_last_trick(match_id: int, number: int, trick: dict | None) -> None:
    """Keep ``trick`` (``last_trick_of`` deal ``number``'s finished engine) as that deal's
    last trick, so that the next deal's states need not read and replay it. Call only
    after the deal's end is committed."""
    with _CACHE_LOCK:
        _LAST_TRICKS[(match_id, number)] = trick
        _LAST_TRICKS.move_to_end((match_id, number))
        while len(_LAST_TRICKS) > 500:
            _LAST_TRICKS.popitem(last=False)


def _rounded(rating: float | None) -> int | None:
    return None if rating is None else round(rating)


def move_seconds_left(match: Match, now=None) -> float | None:
    """Seconds (to 0.1 s, never below 0) the seat on move has left before it forfeits, as
    of ``now`` (default: the current time); None when the match has no move deadline. The
    browser counts down from the moment the state arrives, so its own clock need not agree
    with the server's."""
    if match.move_deadline is None:
        return None
    left = (match.move_deadline - (now or timezone.now())).total_seconds()
    return max(0.0, round(left, 1))


def round_seconds_left(match: Match, now=None) -> float | None:
    """Seconds (to 0.1 s, never below 0) until the round clock ends (``Match.ends_at``: no
    deal starts after it), as of ``now``; None without a round clock or once the match is
    over. The browser counts down from the moment the state arrives."""
    if match.ends_at is None or match.status == Match.Status.FINISHED:
        return None
    left = (match.ends_at - (now or timezone.now())).total_seconds()
    return max(0.0, round(left, 1))


def claims_seconds_left(match: Match, now=None) -> float | None:
    """Seconds (to 0.1 s, never below 0) until the match's claim window closes, as of
    ``now`` (default: the current time); None without one (games/claim_window.py). The
    browser counts down from the moment the state arrives."""
    if match.claims_close_at is None:
        return None
    left = (match.claims_close_at - (now or timezone.now())).total_seconds()
    return max(0.0, round(left, 1))


def state_message(match: Match, seat: int | None, engine, summary: dict) -> dict:
    """The ``state`` message for one seat (None: a spectator)."""
    return {
        "type": "state",
        "seq": match.seq,
        "seat": seat,
        "match": summary,
        "view": engine.view(seat) if engine is not None else None,
    }


def encode_state(state: dict) -> str:
    """A ``state`` message as the JSON text sent on a socket (compact separators)."""
    return json.dumps(state, separators=(",", ":"))


def state_messages(
    match: Match,
    seats: Sequence[SeatInfo],
    deal: Deal | None,
    engine=None,
    *,
    previous_last_trick=_UNKNOWN,
    watching: int | None = None,
) -> dict:
    """Every seat's ``state`` message at once, encoded once, for a group broadcast.

    Each view is computed once here and sent as JSON text: the consumers of every server
    process forward the text of their own seat as it is, without decoding a state or
    encoding it again (docs/performance.md, the live path against its floor).
    ``previous_last_trick``, ``watching``: as in ``match_summary``.

    Returns:
        ``{"seq": n, "texts": {"0": "...", "1": "...", "spectator": "..."}}``; the channel
        layer is server-side only, and each consumer forwards just its own seat's text.
    """
    if engine is None and deal is not None:
        engine = engine_for(match, deal)
    summary = match_summary(
        match, seats, deal, previous_last_trick=previous_last_trick, watching=watching
    )
    texts = {
        str(s.number): encode_state(state_message(match, s.number, engine, summary)) for s in seats
    }
    texts["spectator"] = encode_state(state_message(match, None, engine, summary))
    return {"seq": match.seq, "texts": texts}


def current_state(match_id: int, seat: int | None) -> dict:
    """The current ``state`` message of a match for one seat, read from the database."""
    return read_state(match_id, seat)[0]


def read_state(match_id: int, seat: int | None) -> tuple[dict, LiveDeal | None]:
    """``current_state`` and what it was made from: the match row, its latest deal and
    that deal's engine as a ``LiveDeal`` at the state's ``seq`` (None when the match has no
    deal yet), which the caller may keep (``keep_read_engine``) once it knows the read
    was consistent."""
    match = Match.objects.get(pk=match_id)
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    engine = engine_for(match, deal) if deal is not None else None
    state = state_message(match, seat, engine, match_summary(match, match_seats(match), deal))
    read = LiveDeal(match.seq, match, deal, engine) if deal is not None else None
    return state, read


def keep_read_engine(read: LiveDeal) -> bool:
    """Keep a live match's engine that a connection or a ``sync`` read (``read_state``,
    its ``seq`` checked to be still the stored one) when this process keeps none for that
    match, so that the match's first move here takes the kept way rather than reading and
    replaying the deal under a lock (docs/performance.md, "Where the slow moves came from"). A kept
    entry is never replaced: the moves' own are as fresh. Returns True when kept."""
    if read.match is None or read.match.status != Match.Status.IN_PROGRESS:
        return False
    with _CACHE_LOCK:
        if read.match.pk in _ENGINES:
            return False
    keep_live_engine(read.match.pk, read.seq, read.deal, read.engine, read.match)
    return True
