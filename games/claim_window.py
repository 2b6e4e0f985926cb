"""The claim window: a uniform pause after a discard while a private claim may be made.

Rumino offers a discard that completes a player's rumino to that player alone
(../shared/rules/README.md, "Rumino": the offer is private). A pause only when an offer
is open would tell the table that someone can claim, so the live layer pauses after
*every* discard alike (``Game.claim_window_opens``) for ``RUMINO_CLAIM_SECONDS``, until
``Match.claims_close_at``:

1. While the window is open, every view but a claimant's is the same with an offer as
   without one (the engine's view: the next player sees the actions its turn will
   give it), every state shows the same ``claims_close_at``, and every action but a
   claimant's answer is refused with ``claims_open``, whoever sends it.
2. A claimant's answer inside the window is applied at once. A claim ends the game
   (public, as usual). A decline is *private*: stored in the deal's log, but the match's
   ``seq`` does not move and nothing is broadcast; only the claimants' own sockets are
   sent their new state (``PRIVATE``). So neither a message, a ``seq`` nor the end of
   the window tells the others that an offer was declined.
3. Once the window has closed, the next action (the next player's, a forfeit's) first
   lets the offers still open lapse (``Game.lapse_claims``: ``decline`` for each,
   stored in the deal's log before that action, so the record replays exactly). A
   claimant's answer sent after the close is refused with ``claims_closed``.
4. At a table of one person and bots (casual play against the computer), or of bots
   alone, the window opens only when an offer is open: there is no other person whom a
   pause could tell anything, and the person knows his own hand. A bot offered the card
   claims at once, which the whole table sees next anyway. So the person is not kept
   waiting after every discard. A spectator of such a table may learn from a pause that
   the person holds six cards of a rumino, just before the claim that shows them.

A private decline changes the deal without moving ``seq``, which every per-process
cache of a live engine is keyed by (games/state.py): while ``claims_close_at`` is set,
the services read the deal from the database instead (``pending``), and the
single-statement move of a kept match is not used for such games (``has_window``).
The engine stays pure: it says where a window opens and what lapsing means; the clock
is here.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import ClientError
from games.models import Deal, Match, Seat

NORMAL, PRIVATE, LAPSE = "normal", "private", "lapse"


def has_window(game) -> bool:
    """Whether ``game`` (a ``games.rules.Game``) pauses for claims after some actions."""
    return hasattr(game, "claim_window_opens")


def pending(match: Match) -> bool:
    """Whether a claim window was opened by the match's last public action and not yet
    followed by another one (open, or closed with offers perhaps still to lapse)."""
    return match.claims_close_at is not None


def is_open(match: Match, now=None) -> bool:
    """Whether the match's claim window is open now (``now``: default the current time)."""
    close = match.claims_close_at
    return close is not None and (now or timezone.now()) < close


def seat_on_move(engine) -> int | None:
    """The seat the table sees on move: the game's ``seat_on_move`` (while a claim is
    offered, the next player), else ``engine.to_act``."""
    hook = getattr(engine.game, "seat_on_move", None)
    return hook(engine) if hook is not None else engine.to_act


def open_claims(engine) -> list[int]:
    """The seats with a claim offer open in ``engine``, the one to answer first first."""
    hook = getattr(engine.game, "open_claims", None)
    return hook(engine) if hook is not None else []


def before_action(match: Match, engine, seat: int, action: str, now=None) -> str:
    """How the services treat ``seat``'s ``action`` given the claim window (module
    docstring): ``NORMAL`` (as any move), ``PRIVATE`` (a claimant's answer inside the
    window: apply it, and if the deal goes on, store it without moving ``seq``) or
    ``LAPSE`` (the window has closed with offers open: ``lapse`` them, then the move).

    Call while holding select_for_update on the Match. Changes nothing.

    Raises:
        ClientError: ``claims_open`` for anything but a claimant's answer while the
            window is open; ``claims_closed`` for a claimant's answer after it closed.
    """
    if not has_window(engine.game) or match.claims_close_at is None:
        return NORMAL
    offered = open_claims(engine)
    if is_open(match, now):
        if offered and seat == engine.to_act and action in engine.legal_actions():
            return PRIVATE
        raise ClientError(
            "claims_open",
            _("Play goes on when the claim window closes, in a moment."),
            seq=match.seq,
        )
    if not offered:
        return NORMAL
    if seat in offered and action in engine.legal_actions():
        raise ClientError(
            "claims_closed",
            _("The claim window has closed: the offer has lapsed and play goes on."),
            seq=match.seq,
        )
    return LAPSE


def lapse(deal: Deal, engine) -> list[dict]:
    """Let the offers still open in ``engine`` lapse (``Game.lapse_claims``), append the
    declines to ``deal``'s log and store it (the move that follows appends to the stored
    log). Returns the entries appended ([] when no offer was open).

    Call while holding select_for_update on the Match, inside its transaction.
    """
    hook = getattr(engine.game, "lapse_claims", None)
    entries = [{"seat": s, "action": a} for s, a in (hook(engine) if hook else [])]
    if entries:
        deal.actions = [*deal.actions, *entries]
        Deal.objects.filter(pk=deal.pk).update(actions=deal.actions)
    return entries


def people_seated(match: Match) -> int:
    """How many of ``match``'s seats are people's, not bots' (one query)."""
    return Seat.objects.filter(match=match, player__is_bot=False).count()


def after_action(match: Match, engine, action: str, now=None) -> bool:
    """Open the claim window after ``action`` when the game says so (``claims_close_at``
    ``RUMINO_CLAIM_SECONDS`` from now) and someone may need it, else close it: at a
    table of two or more people, after every such action alike; at a table of one person
    and bots, only when an offer is open (module docstring, 4). With a window, the move clock of
    the seat on move (the next player) starts when the window closes: its deadline and
    turn start move on by the window's length. Only ``match`` is changed; call after
    ``_restart_move_clock`` (given the seat on move, ``seat_on_move``).

    Returns True when something changed that ``store`` must write.
    """
    before = match.claims_close_at
    opens = has_window(engine.game) and not engine.is_over
    opens = opens and engine.game.claim_window_opens(engine, action)
    opens = opens and (bool(open_claims(engine)) or people_seated(match) >= 2)
    if not opens:
        match.claims_close_at = None
        return before is not None
    window = timedelta(seconds=settings.RUMINO_CLAIM_SECONDS)
    match.claims_close_at = (now or timezone.now()) + window
    if match.move_deadline is not None and match.grace_until is None:
        match.move_deadline += window
    if match.turn_started_at is not None:
        match.turn_started_at += window
    return True


def store(match: Match) -> None:
    """Write the match's ``claims_close_at`` and the clocks ``after_action`` moved on (one
    statement), inside the move's transaction."""
    Match.objects.filter(pk=match.pk).update(
        claims_close_at=match.claims_close_at,
        move_deadline=match.move_deadline,
        turn_started_at=match.turn_started_at,
    )


def bot_turns(match: Match, engine, now=None) -> list[tuple[int, float | None]]:
    """The seats a bot may play for after this state, each with the seconds to wait
    before it may (None: at once): the seat to act; with a claim window, a claimant
    answers at once, and the next player waits for the window to close. Either move is
    stored no sooner than ``BOT_DELAY_SECONDS`` after that (games/services/bot_queue.py,
    ``not_before``)."""
    if engine.to_act is None:
        return []
    if not has_window(engine.game) or match.claims_close_at is None:
        return [(engine.to_act, None)]
    left = (match.claims_close_at - (now or timezone.now())).total_seconds()
    turns: list[tuple[int, float | None]] = []
    if open_claims(engine) and left > 0:
        turns.append((engine.to_act, None))
    public = seat_on_move(engine)
    if public is not None:
        turns.append((public, left if left > 0 else None))
    return turns


def seat_to_play(match: Match, engine, now=None) -> int | None:
    """The seat that may act now (a bot's ``games.services.bot_play``): a claimant while
    the window is open, the next player once it has closed (its action lapses the
    offers), ``engine.to_act`` without a window; None while the next player waits for
    the window."""
    if not has_window(engine.game) or match.claims_close_at is None:
        return engine.to_act
    if is_open(match, now):
        return engine.to_act if open_claims(engine) else None
    return seat_on_move(engine)
