"""Live play over WebSocket: parse, call a service, send each seat its own view.

Thin by design (Channels' multichat example): a handler table maps the message ``type``
to a method; a ``ClientError`` becomes an ``error`` message. Every message is listed in
docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from concurrent.futures import ThreadPoolExecutor

import psycopg
from asgiref.sync import SyncToAsync
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections, connection, connections
from django.utils import timezone, translation
from django.utils.translation import gettext

from games import async_db, boards, live, live_probe, presence, services, slots
from games.errors import ClientError
from games.messages import socket_language
from games.models import Match, Seat
from games.outage import CLOSE_RETRY, REDIS_DOWN, warn
from games.rules import all_games
from games.state import (
    current_state,
    keep_read_engine,
    match_socket_closed,
    match_socket_opened,
    read_state,
)

logger = logging.getLogger(__name__)

# Close codes (docs/protocol.md, "Close codes"): 4401 signed out or deactivated, 4404 no
# such match or page, 4429 too many sockets (the reason says which limit) or flooding.
CLOSE_SIGNED_OUT, CLOSE_NOT_FOUND, CLOSE_TOO_MANY = 4401, 4404, 4429
# 4403: a spectator of a table of duplicate boards still in play at another table.
CLOSE_NOT_NOW, REASON_BOARDS_IN_PLAY = 4403, "boards_in_play"
# Close reasons of 4429: the page words each one (static/js/match.js, refusalText).
REASON_ADDRESS, REASON_PLAYER = "too_many_from_address", "too_many_for_player"
REASON_SPECTATORS, REASON_FLOODING = "too_many_spectators", "flooding"
MAX_ACTION_CHARS = 1024
"""The longest action string the socket passes to the services. Machiavelli's ``table``
action spells out the whole table after a turn: with all 104 cards of its two packs laid,
some 520 characters (tests/games/test_consumers.py checks it fits)."""


@database_sync_to_async
def _spectating_closed(match_id: int) -> bool:
    """Whether spectators are kept out of this match now (games.boards)."""
    match = Match.objects.filter(pk=match_id).only("pk", "board_set").first()
    return match is not None and boards.spectating_closed(match)


def user_group(user_id: int) -> str:
    """The channel-layer group of every live socket of one player: logout and
    deactivation are announced there (games/signals.py)."""
    return f"user-{user_id}"


def player_updates_group(player_id: int) -> str:
    """Channel-layer group of the pages showing a player's profile (ratings, history)."""
    return f"player-updates-{player_id}"


def client_address(scope: dict) -> str:
    """The client's address: ``scope["client"]``, which config/client_ip.py sets from
    X-Forwarded-For only when the connection comes from one of ``TRUSTED_PROXIES``
    (docs/security.md, "The client's address"); else the peer's own address."""
    client = scope.get("client") or ("unknown", 0)
    return str(client[0])


def socket_limits(scope: dict, *, spectating_match: int | None = None) -> list[slots.Limit]:
    """The limits a socket is counted under (docs/security.md, "Socket slots"): a signed-in
    player's sockets per player (``LIVE_MAX_CONNECTIONS_PER_PLAYER``), wherever they come
    from, so that a club behind one address gets in; anonymous sockets per client address
    (``LIVE_MAX_CONNECTIONS_PER_ADDRESS``), so that an anonymous flood fills only its own
    key; and a match's spectators (``LIVE_MAX_SPECTATORS_PER_MATCH``) when
    ``spectating_match`` is given."""
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        limits = [
            slots.Limit(
                slots.player_key(user.pk), settings.LIVE_MAX_CONNECTIONS_PER_PLAYER, REASON_PLAYER
            )
        ]
    else:
        limits = [
            slots.Limit(
                slots.address_key(client_address(scope)),
                settings.LIVE_MAX_CONNECTIONS_PER_ADDRESS,
                REASON_ADDRESS,
            )
        ]
    if spectating_match is not None:
        limits.append(
            slots.Limit(
                slots.watch_key(spectating_match),
                settings.LIVE_MAX_SPECTATORS_PER_MATCH,
                REASON_SPECTATORS,
            )
        )
    return limits


class SlotsMixin:
    """A consumer's socket slots (games/slots.py) with no way out that keeps them.

    ``take_slots`` runs once the socket is accepted; a refused socket is closed with 4429
    and the full limit's reason (docs/protocol.md). The whole life of the consumer runs
    inside ``__call__``'s ``try``/``finally``, so ``release`` runs however it ends: the
    client's close (``websocket.disconnect``), a close by this server, the client gone
    while the server was still sending (uvicorn raises ``ClientDisconnected``, an
    ``OSError``, from ``send``; then Channels never calls ``disconnect``), an exception
    in a handler, or the task cancelled at shutdown. A process killed outright leaves its
    slots to expire (``LIVE_SLOT_SECONDS``). The socket's channel is then forgotten by
    the channel layer (``forget_channel``), whatever its last receive did. Redis down
    under a handler or the channel layer (games/outage.py) closes the socket with
    ``CLOSE_RETRY`` (1012), which the page reconnects on, and logs one warning line.
    """

    socket_slots: slots.SocketSlots | None = None
    _heartbeat: asyncio.Task | None = None
    _released = False

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        except OSError:
            # The client went away while this server was sending to it: nothing is left
            # to tell it, and it is no server error (no traceback in the logs).
            logger.debug("Client gone while sending", exc_info=True)
        except REDIS_DOWN as error:
            warn(logger, "Live socket closed for the page to reconnect", error)
            try:
                await self.close(code=CLOSE_RETRY)
            except Exception:  # already closed, or the client gone
                logger.debug("Closing after a Redis failure failed", exc_info=True)
        finally:
            try:
                await self.release()
            finally:
                # The channel layer's inbox of this socket (config/channel_layer.py).
                forget = getattr(self.channel_layer, "forget_channel", None)
                if forget is not None and getattr(self, "channel_name", None):
                    forget(self.channel_name)

    async def take_slots(self, limits: list[slots.Limit]) -> bool:
        """Take this accepted socket's slots and start their heartbeat; False when a limit
        is full (the socket is then closed with 4429 and that limit's reason)."""
        self.socket_slots = slots.SocketSlots(limits, self.channel_name)
        refused = await self.socket_slots.take()
        if refused is not None:
            await self.close(code=CLOSE_TOO_MANY, reason=refused.reason)
            return False
        self._heartbeat = asyncio.create_task(self.socket_slots.heartbeat())
        return True

    async def release(self) -> None:
        """Give back the slots and undo what the socket joined (``leave``); once only,
        whichever way out comes first. Failures are logged: the slots expire anyway."""
        if self._released:
            return
        self._released = True
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        try:
            if self.socket_slots is not None:
                await self.socket_slots.give_back()
        except REDIS_DOWN as error:
            warn(logger, "Socket slots not given back; they expire", error)
        except Exception:
            logger.warning("Socket slots not given back; they expire", exc_info=True)
        try:
            await self.leave()
        except REDIS_DOWN as error:
            warn(logger, "A closed socket's groups or presence not undone", error)
        except Exception:
            logger.warning("A closed socket's groups or presence not undone", exc_info=True)

    async def leave(self) -> None:
        """Undo what the socket joined (groups, presence); the consumer's own."""

    async def close(self, code=None, reason=None) -> None:
        """Close the socket from the server's end; nothing is sent on it afterwards."""
        self.server_closed = True
        await super().close(code=code, reason=reason)

    async def send(self, text_data=None, bytes_data=None, close=False) -> None:
        """Send on the socket, unless this server closed it: a group message can still
        arrive between the close and the group's discard at disconnect (a spectator closed
        for flooding, bench/faults.py spectator-flood), and uvicorn raises on a send after
        a close."""
        if getattr(self, "server_closed", False):
            return
        await super().send(text_data=text_data, bytes_data=bytes_data, close=close)


class RateLimiter:
    """A token bucket: bursts up to ``rate`` tokens, refilled at ``per_second`` tokens a
    second (default ``rate``: ``rate`` messages a second on average)."""

    def __init__(self, rate: int, per_second: float | None = None) -> None:
        self.rate = float(rate)
        self.refill = float(rate if per_second is None else per_second)
        self.tokens = float(rate)
        self.updated = time.monotonic()

    def allow(self) -> bool:
        """Take one token; False when the bucket is empty."""
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.updated) * self.refill)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@database_sync_to_async
def _seat_count(match_id: int) -> int:
    return Seat.objects.filter(match_id=match_id).count()


@database_sync_to_async
def _seat_for(match_id: int, user) -> tuple[bool, int | None]:
    if not Match.objects.filter(pk=match_id).exists():
        return False, None
    if not user.is_authenticated:
        return True, None
    seat = Seat.objects.filter(match_id=match_id, player=user).values_list("number", flat=True)
    return True, seat.first()


def _consistent_state(match_id: int, seat: int | None) -> dict:
    """``current_state`` between two moves, never across one, and without a row lock (a
    flood of spectators' ``sync`` must not queue behind the players' moves: finding 5).

    The match row and its latest deal are two reads, and a move committed between them
    would give a state with seq n and deal n + 1's table (bench/faults.py); so the seq is
    read again afterwards and the state read again while it moved on. A consistent read
    also leaves the match's engine kept for its next move (``keep_read_engine``).
    """
    for _ in range(5):
        state, read = read_state(match_id, seat)
        if Match.objects.filter(pk=match_id).values_list("seq", flat=True).first() == state["seq"]:
            if read is not None:
                keep_read_engine(read)  # the first move here then takes the kept way
            return state
    return current_state(match_id, seat)


def _play(session_key: str | None, user_id: int, match_id: int, action: str, seq: int) -> int:
    """A seat's action in one hand-off to the database thread: the kept match's move with
    the session check in its one statement (``services.match_apply_kept``); else check the
    socket's session still signs the player in (``_signed_in_now``), then
    ``services.match_apply_action``.

    Raises:
        ClientError: ``signed_out``, or the service's refusals.
    """
    if session_key and settings.SESSION_ENGINE == "django.contrib.sessions.backends.db":
        # The common move: one statement, the session check included.
        new_seq = services.match_apply_kept(
            match_id=match_id, player_id=user_id, action=action, seq=seq, session_key=session_key
        )
        if new_seq is not None:
            return new_seq
    if not _signed_in_now(session_key, user_id):
        raise ClientError("signed_out", gettext("You are signed out; sign in again to play."))
    return services.match_apply_action(match_id=match_id, player_id=user_id, action=action, seq=seq)


# One statement for the session check of every action (the database session engine):
# the session row, unexpired, and the player active (tests/games/test_live_cache.py checks
# the table names against the models).
_SESSION_SQL = (
    "SELECT s.session_data FROM django_session s WHERE s.session_key = %s "
    "AND s.expire_date > %s AND EXISTS "
    "(SELECT 1 FROM accounts_player p WHERE p.id = %s AND p.is_active)"
)


def _signed_in_now(session_key: str | None, user_id: int) -> bool:
    """Whether the session the socket was opened with still signs ``user_id`` in, and the
    player is still active (a logout or deactivation missed by the signal, e.g. a session
    deleted by staff or expired). With the database session engine this is one query."""
    from importlib import import_module

    from django.contrib.auth import SESSION_KEY

    from accounts.models import Player

    if not session_key:
        return False
    engine = import_module(settings.SESSION_ENGINE)
    if settings.SESSION_ENGINE == "django.contrib.sessions.backends.db":
        with connection.cursor() as cursor:
            cursor.execute(_SESSION_SQL, [session_key, timezone.now(), user_id])
            row = cursor.fetchone()
        if row is None:
            return False
        return str(engine.SessionStore().decode(row[0]).get(SESSION_KEY)) == str(user_id)
    store = engine.SessionStore(session_key=session_key)
    if str(store.get(SESSION_KEY)) != str(user_id):
        return False
    return Player.objects.filter(pk=user_id, is_active=True).exists()


_signed_in = database_sync_to_async(_signed_in_now)

_MOVE_POOL: list = []


class _PooledDatabaseCall(SyncToAsync):
    """``channels.db.DatabaseSyncToAsync`` for a thread of the move pool: Django's
    ``close_old_connections`` before and after the call, so each thread's connection
    lives as ``CONN_MAX_AGE`` says. Called by name from django.db, because Channels' test
    communicator stubs out ``channels.db.close_old_connections`` (so that a test's own
    connection survives), which would leave a pool thread's connection open for good."""

    def thread_handler(self, loop, *args, **kwargs):
        close_old_connections()
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            close_old_connections()


def play_action():
    """The awaitable form of ``_play`` that the consumers call: on a pool of
    ``LIVE_MOVE_THREADS`` threads of this process, each with its own database connection
    (closed after each call as Django's request cycle would, ``_PooledDatabaseCall``), so
    that a move waiting on PostgreSQL or on its broadcast does not hold up the other
    matches' moves behind Django's one thread of thread-sensitive code. The move's code
    is safe on any thread: its per-process caches are locked (games/state.py), two moves
    of one match race only through the database's conditional statement and row lock, and
    its broadcast goes to the consumer's event loop (games/live.py). With
    ``LIVE_MOVE_THREADS = 0``, Django's one thread as before. Call from the event loop."""
    threads = settings.LIVE_MOVE_THREADS
    if threads <= 0:
        return database_sync_to_async(_play)
    if not _MOVE_POOL:
        executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="live-move")
        _MOVE_POOL.append(_PooledDatabaseCall(_play, thread_sensitive=False, executor=executor))
    return _MOVE_POOL[0]


def _database_is_postgresql() -> bool:
    """Whether the default database is PostgreSQL: the kept move's statement and the async
    driver are PostgreSQL's, so the embedded default (SQLite) takes the thread's way."""
    return connections["default"].vendor == "postgresql"


async def _play_on_loop(
    session_key: str | None, user_id: int, match_id: int, action: str, seq: int
) -> bool:
    """The kept move on the event loop (``services.match_apply_kept_async``) when
    ``LIVE_ASYNC_MOVES`` is on, the database is PostgreSQL and sessions are in it (the
    statement checks the session). True when the move was stored and broadcast; False
    when the thread's way must take it: not kept here, a refusal, or a database error
    (logged: the locked way then finds out what was stored, and refuses a move already
    stored as stale)."""
    if not (
        settings.LIVE_ASYNC_MOVES
        and session_key
        and settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
        and _database_is_postgresql()
    ):
        return False
    try:
        new_seq = await services.match_apply_kept_async(
            match_id=match_id, player_id=user_id, action=action, seq=seq, session_key=session_key
        )
    except psycopg.Error:
        logger.warning(
            "The kept move on the event loop failed; the thread's way takes it", exc_info=True
        )
        return False
    return new_seq is not None


@database_sync_to_async
def _match_seq(match_id: int) -> int:
    return Match.objects.filter(pk=match_id).values_list("seq", flat=True).first() or 0


def _loop_statements() -> bool:
    """Whether the live path runs statements on the event loop's own connections
    (games/async_db.py): ``LIVE_ASYNC_MOVES`` on PostgreSQL."""
    return settings.LIVE_ASYNC_MOVES and _database_is_postgresql()


async def _warm_loop_connections() -> None:
    """Open the event loop's connections while a socket connects (``async_db.warm``), so
    that a round whose matches all start at once does not open them on its first moves.
    A failure is logged: the moves open them later, or take the thread's way."""
    if not _loop_statements():
        return
    try:
        await async_db.warm()
    except psycopg.Error:
        logger.warning("The event loop's connections could not be opened", exc_info=True)


_PING_SQL = (  # the model's table name, no input
    "SELECT seq, status, move_deadline, claims_close_at, stop_at_time, ends_at "  # noqa: S608
    f"FROM {Match._meta.db_table} WHERE id = %s"
)


async def _ping_check(match_id: int) -> int:
    """A ping's look at its match: the clocks checked as on a connection
    (``services.match_check_clock``, which forfeits the embedded default's idle matches),
    then the match's seq. On PostgreSQL one statement on the event loop's connection reads
    what the check needs and answers when nothing is due, so that the pings of a round's
    players cost no thread
    (docs/performance.md, "Where the slow moves came from"); the thread's way otherwise.

    Returns:
        The match's seq (0 when there is no such match).
    """
    if _loop_statements():
        try:
            async with async_db.connection() as conn:
                row = await (await conn.execute(_PING_SQL, (match_id,))).fetchone()
        except psycopg.Error:
            logger.warning("The ping's statement on the event loop failed", exc_info=True)
        else:
            if row is None:
                return 0
            if not services.clock_due(row[1:], timezone.now()):
                return row[0]
    await database_sync_to_async(services.match_check_clock)(match_id=match_id)
    return await _match_seq(match_id)


class MatchConsumer(SlotsMixin, AsyncWebsocketConsumer):
    """One connection to one match: a seated player or a spectator."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope["user"]
        session = self.scope.get("session")
        self.session_key = getattr(session, "session_key", None)
        exists, self.seat = await _seat_for(self.match_id, self.user)
        self.language = socket_language(self.scope)
        if not exists:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        rate = settings.LIVE_MAX_MESSAGES_PER_SECOND
        self.limiter = RateLimiter(rate * settings.LIVE_MESSAGE_BURST_SECONDS, per_second=rate)
        # Refusals a socket may earn: a burst of LIVE_RATE_LIMIT_STRIKES, then one a second;
        # past that it is closed (4429) rather than answered.
        self.strikes = RateLimiter(settings.LIVE_RATE_LIMIT_STRIKES, per_second=1.0)
        # Each presence change is broadcast to the whole table, so it has a bucket of its
        # own on top of the messages' (a tab hidden and shown is a few a minute).
        self.presence_limiter = RateLimiter(
            settings.LIVE_PRESENCE_BURST, per_second=settings.LIVE_PRESENCE_PER_MINUTE / 60
        )
        # Accepted first, so that a refusal reaches the page as a close code and reason
        # rather than a failed handshake it cannot tell from a network error.
        await self.accept()
        spectating = self.match_id if self.seat is None else None
        if spectating is not None and await _spectating_closed(self.match_id):
            # Watching one table of a duplicate set could pass its cards to another.
            await self.close(code=CLOSE_NOT_NOW, reason=REASON_BOARDS_IN_PLAY)
            return
        if not await self.take_slots(socket_limits(self.scope, spectating_match=spectating)):
            return
        self.last_sync = 0.0
        self.sent_seq = -1  # the newest state this connection has sent
        match_socket_opened(self.match_id)
        self.counted_open = True
        self.group = f"match-{self.match_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        if self.user.is_authenticated:
            await self.channel_layer.group_add(user_group(self.user.pk), self.channel_name)
        if self.seat is not None:
            # A fair clock: the first move's clock starts once every seat has come.
            await database_sync_to_async(services.seat_arrived)(
                match_id=self.match_id, player_id=self.user.pk
            )
        # Without beat (the embedded default) a deadline is checked on every connection,
        # and a bot's move lost with a restarted server is queued again.
        await database_sync_to_async(services.match_check_clock)(match_id=self.match_id)
        await database_sync_to_async(services.match_resume_bots)(match_id=self.match_id)
        await self.send_state()
        await _warm_loop_connections()
        self.hidden = False
        if self.seat is not None:
            self.counted_present = True
            # Only a seat's coming and going is broadcast: a crowd of spectators joining
            # must not cost every socket a message each (they are counted in the states).
            await presence.joined(self.match_id, self.seat)
            await self.broadcast_presence()

    async def disconnect(self, code: int) -> None:
        await self.release()

    async def leave(self) -> None:
        """Leave the groups and, for a seat counted present, presence (broadcast); the last
        socket of the match on this process drops its kept state (``match_socket_closed``)."""
        if getattr(self, "counted_open", False):
            self.counted_open = False
            match_socket_closed(self.match_id)
        if getattr(self, "counted_present", False):
            await presence.left(self.match_id, self.seat, self.hidden)
            await self.broadcast_presence()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            if self.user.is_authenticated:
                await self.channel_layer.group_discard(user_group(self.user.pk), self.channel_name)

    async def session_ended(self, event: dict) -> None:
        """Group message (games/signals.py): the player logged out (of this session, or of
        every one when ``session_key`` is None: deactivated). Close; nothing more is done
        for them on this socket."""
        key = event.get("session_key")
        if key is None or key == self.session_key:
            self.user_left = True
            await self.close(code=CLOSE_SIGNED_OUT)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if getattr(self, "server_closed", False):  # refused or dropped: nothing more
            return
        # Refusals are sent in the player's language (docs/i18n.md); states carry no words.
        with translation.override(self.language):
            await self.receive_in_language(text_data, bytes_data)

    async def receive_in_language(self, text_data: str | None, bytes_data: bytes | None) -> None:
        try:
            message = self.parse(text_data, bytes_data)
            kind = message.get("type")
            # An unhashable type (a list, an object) must not reach the dict lookup.
            handler = self.handlers.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise ClientError("malformed", gettext("Unknown message type."))
            await handler(self, message)
        except ClientError as error:
            if error.code == "rate_limited" and self.strikes.allow() is False:
                # Still flooding after many refusals: drop the socket (docs/security.md).
                await self.close(code=CLOSE_TOO_MANY, reason=REASON_FLOODING)
                return
            await self.send_json(error.as_message())
            if error.code == "signed_out":
                await self.close(code=CLOSE_SIGNED_OUT)

    def parse(self, text_data: str | None, bytes_data: bytes | None) -> dict:
        """Check size and rate, then decode one JSON object.

        Raises:
            ClientError: ``too_large``, ``rate_limited`` or ``malformed``.
        """
        raw = text_data if text_data is not None else (bytes_data or b"").decode("utf-8", "replace")
        if len(raw) > settings.LIVE_MAX_MESSAGE_BYTES:
            raise ClientError("too_large", gettext("The message is too large."))
        if not self.limiter.allow():
            raise ClientError("rate_limited", gettext("Too many messages; slow down."))
        try:
            message = json.loads(raw)
        except (ValueError, RecursionError):  # RecursionError: hostile nesting, [[[[...]]]]
            raise ClientError("malformed", gettext("The message is not valid JSON.")) from None
        if not isinstance(message, dict):
            raise ClientError("malformed", gettext("The message must be a JSON object."))
        return message

    async def handle_action(self, message: dict) -> None:
        action, seq = message.get("action"), message.get("seq")
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_CHARS:
            raise ClientError(
                "malformed",
                gettext("An action must be a string of at most %(count)d characters.")
                % {"count": MAX_ACTION_CHARS},
            )
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise ClientError(
                "malformed", gettext("An action must carry the seq of the state it saw.")
            )
        self.require_seat()
        if getattr(self, "user_left", False):
            raise ClientError("signed_out", gettext("You are signed out; sign in again to play."))
        started = time.perf_counter()
        way = "loop"
        try:
            if await _play_on_loop(self.session_key, self.user.pk, self.match_id, action, seq):
                return
            way = "thread"
            await play_action()(self.session_key, self.user.pk, self.match_id, action, seq)
        except ClientError as error:
            if error.code == "signed_out":
                self.user_left = True
            raise
        finally:
            if live_probe.enabled():
                ms = (time.perf_counter() - started) * 1000
                if ms >= live_probe.MIN_MOVE_MS:
                    live_probe.record("move", ms=round(ms, 1), way=way, match=self.match_id)

    async def handle_resign(self, message: dict) -> None:
        seq = message.get("seq")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            raise ClientError("malformed", gettext("seq must be an integer."))
        await self.require_signed_in_seat()
        await database_sync_to_async(services.match_resign)(
            match_id=self.match_id, player_id=self.user.pk, seq=seq
        )

    async def handle_sync(self, message: dict) -> None:
        """Send the current state again; at most one a second on one socket (more in that
        second get ``rate_limited`` with the ``retry_after`` seconds until the next one is
        accepted), so a flood of syncs costs little."""
        now = time.monotonic()
        if now - self.last_sync < 1.0:
            # Rounded up, so that a sync sent after waiting this long is accepted.
            wait = math.ceil((self.last_sync + 1.0 - now) * 100) / 100
            raise ClientError(
                "rate_limited", gettext("Too many sync requests; one a second."), retry_after=wait
            )
        self.last_sync = now
        await self.send_state()

    async def handle_ping(self, message: dict) -> None:
        """Answer ``pong``; first heal a connection that went deaf.

        Redis restarted without persistence forgets every group while a consumer can keep
        its socket (bench/faults.py, redis-restart): it would hear no move again. The
        browser pings every 20 to 30 s, so each ping joins the group again (idempotent) and, if
        the match moved on since this connection's last state, sends the current one.
        """
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
        except REDIS_DOWN as error:  # the next ping joins again; the seq check below heals
            warn(logger, "Group not joined again on ping", error)
        if await _ping_check(self.match_id) > self.sent_seq:
            await self.send_state()
        await self.send_json({"type": "pong"})

    async def handle_presence(self, message: dict) -> None:
        """The browser's tab was hidden (``{"type": "presence", "state": "away"}``) or
        shown again (``"online"``); the seat's presence changes for everyone.

        Raises:
            ClientError: ``rate_limited`` past ``LIVE_PRESENCE_BURST`` messages at once or
                ``LIVE_PRESENCE_PER_MINUTE`` on average (a refusal counts as a strike, so a
                flood of them closes the socket, 4429 ``flooding``); ``malformed``.
        """
        if not self.presence_limiter.allow():
            raise ClientError("rate_limited", gettext("Too many presence messages; slow down."))
        state = message.get("state")
        if state not in ("away", "online"):
            raise ClientError("malformed", gettext("A presence state is 'away' or 'online'."))
        hidden = state == "away"
        if self.seat is None or hidden == self.hidden:
            return
        self.hidden = hidden
        await presence.visibility(self.match_id, self.seat, hidden)
        await self.broadcast_presence()

    async def broadcast_presence(self) -> None:
        """Send every connection of the match the seats' presence and the watchers."""
        if not hasattr(self, "seat_count"):
            self.seat_count = await _seat_count(self.match_id)
        message = await presence.snapshot(self.match_id, self.seat_count)
        if message is None:  # Redis is down: presence is advisory (games/presence.py)
            return
        await live.group_send_async(self.group, {**message, "type": "match.presence"})

    async def match_presence(self, event: dict) -> None:
        """Group message: forward the presence snapshot (docs/protocol.md)."""
        await self.send_json({key: value for key, value in event.items() if key != "type"}
                             | {"type": "presence"})  # fmt: skip

    handlers = {
        "action": handle_action,
        "resign": handle_resign,
        "sync": handle_sync,
        "ping": handle_ping,
        "presence": handle_presence,
    }

    def require_seat(self) -> None:
        """Raises ClientError ``not_seated`` for a spectator."""
        if self.seat is None:
            raise ClientError("not_seated", gettext("Only the seated players can do that."))

    async def require_signed_in_seat(self) -> None:
        """``require_seat``, then check the socket's session still signs the player in:
        after a logout or a deactivation the socket is closed (4401) and nothing is done."""
        self.require_seat()
        if getattr(self, "user_left", False) or not await _signed_in(
            self.session_key, self.user.pk
        ):
            self.user_left = True
            raise ClientError("signed_out", gettext("You are signed out; sign in again to play."))

    async def send_state(self) -> None:
        state = await database_sync_to_async(_consistent_state)(self.match_id, self.seat)
        self.sent_seq = max(self.sent_seq, state["seq"])
        await self.send_json(state)

    async def send_json(self, content: dict) -> None:
        await self.send(text_data=json.dumps(content, separators=(",", ":")))

    async def match_clock(self, event: dict) -> None:
        """Group message (services.seat_arrived): every seat has arrived and the first
        move's clock runs. Sent as ``{"type": "clock", "seq", "move_deadline",
        "move_seconds_left", "waiting_for": []}``."""
        await self.send_json(
            {
                "type": "clock",
                "seq": event["seq"],
                "move_deadline": event["move_deadline"],
                "move_seconds_left": event["move_seconds_left"],
                "clock": event.get("clock"),
                "waiting_for": [],
            }
        )

    async def match_rematch(self, event: dict) -> None:
        """Group message (services.match_request_rematch): the seats that have asked for a
        rematch of this finished casual match and, once it has started, its page. Sent as
        ``{"type": "rematch", "asked": [seat, ...], "url": str | None}``."""
        await self.send_json(
            {"type": "rematch", "asked": list(event["asked"]), "url": event.get("url")}
        )

    async def match_resend(self, event: dict) -> None:
        """Group message (games/services/moves.py, a claimant's private decline): the state of
        the seats in ``event["seats"]`` changed without a new ``seq``; this connection
        sends its own again if its seat is one of them (the others send nothing, so the
        table cannot tell that anything happened)."""
        if self.seat is not None and self.seat in event.get("seats", ()):
            await self.send_state()

    async def match_state(self, event: dict) -> None:
        """Group message from a service: forward this seat's state only, unless this
        connection has already sent it or a newer one. Two server processes' broadcasts can
        reach Redis in the other order than their commits (an older state would take the
        table back in time), and a ``sync`` or ``ping`` may have sent this seq already (a
        second copy looks to a client like "your move was not applied"); both were seen by
        bench/faults.py.
        """
        key = "spectator" if self.seat is None else str(self.seat)
        if "texts" in event:  # pre-encoded once by the service (games.state.state_messages)
            seq, text = event["seq"], event["texts"][key]
        else:  # a state as a dict: an older server's broadcast during a rolling restart
            state = event["states"][key]
            seq, text = state["seq"], None
        if seq <= self.sent_seq:
            return
        self.sent_seq = seq
        if text is None:
            await self.send_json(state)
        else:
            await self.send(text_data=text)


_GAME_SLUGS = frozenset(game.slug for game in all_games())


class UpdatesConsumer(SlotsMixin, AsyncWebsocketConsumer):
    """Tells standings and leaderboard pages that a result landed (``{"type": "changed"}``)."""

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        if "tournament_id" in kwargs:
            self.group = f"tournament-{int(kwargs['tournament_id'])}"
        elif kwargs.get("game") in _GAME_SLUGS:
            self.group = f"leaderboard-{kwargs['game']}"
        elif kwargs.get("lobby"):  # the lobby: a challenge was offered, taken or withdrawn
            self.group = "lobby"
        elif "player_id" in kwargs:  # a profile page: the player's ratings changed
            self.group = player_updates_group(int(kwargs["player_id"]))
        else:  # an unknown game (a 120-character slug was a server error: finding 9)
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.limiter = RateLimiter(settings.UPDATES_MAX_MESSAGES_PER_SECOND)
        # Joined before the accept: the page reloads its table once open, and a change
        # after that reload must reach it.
        self.joined = True
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.take_slots(socket_limits(self.scope))

    async def disconnect(self, code: int) -> None:
        await self.release()

    async def leave(self) -> None:
        """Leave the page's group."""
        if getattr(self, "joined", False):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Answer ``ping`` with ``pong`` after joining the group again (as the match
        consumer's ping does: a Redis restarted without persistence forgets the group while
        the socket stays open); the page refreshes its table on each pong. Anything else is
        ``malformed``; more than ``UPDATES_MAX_MESSAGES_PER_SECOND`` messages a second get
        ``rate_limited``."""
        if getattr(self, "server_closed", False):  # refused: nothing more
            return
        if not self.limiter.allow():
            with translation.override(socket_language(self.scope)):
                text = gettext("Too many messages.")
            await self.send(
                text_data=json.dumps({"type": "error", "code": "rate_limited", "message": text})
            )
            return
        try:
            message = json.loads((text_data or "")[:1024])
        except ValueError:
            message = None
        if isinstance(message, dict) and message.get("type") == "ping":
            await self.channel_layer.group_add(self.group, self.channel_name)
            await self.send(text_data=json.dumps({"type": "pong"}))
            return
        with translation.override(socket_language(self.scope)):
            text = gettext("This channel accepts only ping.")
        await self.send(
            text_data=json.dumps({"type": "error", "code": "malformed", "message": text})
        )

    async def results_changed(self, event: dict) -> None:
        await self.send(text_data=json.dumps({"type": "changed"}))


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Every WebSocket path no other route takes: refused at the handshake with 4404
    (Channels' router would raise, an HTTP 500 with a traceback in the server's log)."""

    async def connect(self) -> None:
        await self.close(code=CLOSE_NOT_FOUND)
