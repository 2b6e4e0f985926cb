"""The one way the live-play layer (games/) tells the layers above it about a match.

games/ never imports tournaments/ (docs/engine.md, "Layers"): the layers above connect
here instead, in their ``AppConfig.ready``.

- ``match_finished``: a Django signal sent after the commit that finished a match, with
  ``match_id`` (int). Receivers run outside the finishing transaction; tournaments
  connects one that queues the task recording ratings and standings
  (``tournaments.tasks.record_match_result``). A lost signal is caught up by the
  tournaments beat task that records unrecorded results.
- ``register_context_provider(provider)``: ``provider(match, player_ids)`` returns a dict
  with any of ``"ratings"`` (``{player_id: rating}``, the players' ratings in the match's
  game) and ``"event"`` (``{"name", "url", "round"}``, the event the match belongs to),
  shown on the match page and in every state message. Providers are called when a
  match's context is (re)loaded, not on every move (games/state.py).
- ``register_rating_changes_provider(provider)``: ``provider(match)`` returns each seat's
  rating change once the finished match's result is recorded, for the end banner.
- ``register_events_provider(provider)``: ``provider(player)`` returns the events the
  player has entered, as ``[{"name", "url", "status", "detail"}]``, listed on My matches
  (so a player who has just joined sees it before any match is scheduled).
- ``register_ratings_provider(provider)``: ``provider(pairs)``, for ``(player_id, game)``
  pairs, returns ``{(player_id, game): rating}``: the lobby shows each challenger's
  rating in the game offered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import transaction
from django.dispatch import Signal

match_finished = Signal()

ContextProvider = Callable[[Any, Sequence[int]], dict[str, Any]]
_PROVIDERS: list[ContextProvider] = []
EventsProvider = Callable[[Any], list[dict[str, Any]]]
_EVENT_PROVIDERS: list[EventsProvider] = []


def send_match_finished_on_commit(match_id: int) -> None:
    """Send ``match_finished`` for ``match_id`` once the current transaction commits
    (at once outside a transaction)."""
    transaction.on_commit(
        lambda: match_finished.send(sender=send_match_finished_on_commit, match_id=match_id)
    )


def register_context_provider(provider: ContextProvider) -> None:
    """Add ``provider`` to those ``match_extras`` asks (once; registering again is a no-op)."""
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)


def match_extras(match: Any, player_ids: Sequence[int]) -> dict[str, Any]:
    """What the registered providers say of ``match``: ``{"ratings": {...}, "event": ...}``
    (``ratings`` empty and ``event`` None when no provider says otherwise)."""
    extras: dict[str, Any] = {"ratings": {}, "event": None}
    for provider in _PROVIDERS:
        given = provider(match, player_ids)
        extras["ratings"].update(given.get("ratings") or {})
        if given.get("event") is not None:
            extras["event"] = given["event"]
    return extras


def register_events_provider(provider: EventsProvider) -> None:
    """Add ``provider`` to those ``player_events`` asks (once)."""
    if provider not in _EVENT_PROVIDERS:
        _EVENT_PROVIDERS.append(provider)


def player_events(player: Any) -> list[dict[str, Any]]:
    """The events ``player`` has entered, from every registered provider:
    ``[{"name", "url", "status", "detail"}]`` ([] when none is registered)."""
    events: list[dict[str, Any]] = []
    for provider in _EVENT_PROVIDERS:
        events.extend(provider(player))
    return events


RatingChangesProvider = Callable[[Any], dict[str, Any]]
_RATING_PROVIDERS: list[RatingChangesProvider] = []


def register_rating_changes_provider(provider: RatingChangesProvider) -> None:
    """Add ``provider`` to those ``rating_changes`` asks (once)."""
    if provider not in _RATING_PROVIDERS:
        _RATING_PROVIDERS.append(provider)


def rating_changes(match: Any) -> dict[str, Any]:
    """The rating change of each seat of a finished ``match`` once recorded:
    ``{"<seat>": {"before", "after", "change"}}`` ({} when none is recorded)."""
    changes: dict[str, Any] = {}
    for provider in _RATING_PROVIDERS:
        changes.update(provider(match))
    return changes


RatingsProvider = Callable[[Sequence[tuple[int, str]]], dict[tuple[int, str], float]]
_RATINGS_PROVIDERS: list[RatingsProvider] = []


def register_ratings_provider(provider: RatingsProvider) -> None:
    """Add ``provider`` to those ``ratings`` asks (once)."""
    if provider not in _RATINGS_PROVIDERS:
        _RATINGS_PROVIDERS.append(provider)


def ratings(pairs: Sequence[tuple[int, str]]) -> dict[tuple[int, str], float]:
    """Each ``(player_id, game)`` pair's rating in that game, from every registered
    provider ({} when none is registered; a pair a provider does not know is left out)."""
    found: dict[tuple[int, str], float] = {}
    for provider in _RATINGS_PROVIDERS:
        found.update(provider(pairs))
    return found


RatingStakesProvider = Callable[[Any, int], list[dict[str, Any]]]
_STAKES_PROVIDERS: list[RatingStakesProvider] = []


def register_rating_stakes_provider(provider: RatingStakesProvider) -> None:
    """Add ``provider`` to those ``rating_stakes`` asks (once)."""
    if provider not in _STAKES_PROVIDERS:
        _STAKES_PROVIDERS.append(provider)


def rating_stakes(match: Any, seat: int) -> list[dict[str, Any]]:
    """Before a rated ``match`` is over, what each result would do to the rating of the
    player at ``seat``: ``[{"result": "win" | "draw" | "loss" | "place", "place": n,
    "change": Elo points}]`` ([] for an unrated match or when no provider is registered)."""
    for provider in _STAKES_PROVIDERS:
        stakes = provider(match, seat)
        if stakes:
            return stakes
    return []
