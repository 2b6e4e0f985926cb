"""Live play over WebSocket: parse, call a service, send each seat its own view.

Thin by design (Channels' multichat example): a handler table maps the message ``type``
to a method; a ``ClientError`` becomes an ``error`` message. Every message is listed in
docs/protocol.md.
"""

from __future__ import annotations

import json
import time

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import transaction

from games import services
from games.errors import ClientError
from games.models import Match, Seat
from games.state import current_state


class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts up to ``rate``."""

    def __init__(self, rate: int) -> None:
        self.rate = float(rate)
        self.tokens = float(rate)
        self.updated = time.monotonic()

    def allow(self) -> bool:
        """Take one token; False when the bucket is empty."""
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@database_sync_to_async
def _seat_for(match_id: int, user) -> tuple[bool, int | None]:
    if not Match.objects.filter(pk=match_id).exists():
        return False, None
    if not user.is_authenticated:
        return True, None
    seat = Seat.objects.filter(match_id=match_id, player=user).values_list("number", flat=True)
    return True, seat.first()


def _consistent_state(match_id: int, seat: int | None) -> dict:
    """``current_state`` read under the match's row lock, so between two moves, never across
    one: unlocked, the match row and its latest deal are two reads, and a move committed
    between them gave a state with seq n and deal n + 1's table (bench/faults.py).
    """
    with transaction.atomic():
        Match.objects.select_for_update().filter(pk=match_id).exists()  # SELECT 1 … FOR UPDATE
        return current_state(match_id, seat)


@database_sync_to_async
def _match_seq(match_id: int) -> int:
    return Match.objects.filter(pk=match_id).values_list("seq", flat=True).first() or 0


class MatchConsumer(AsyncWebsocketConsumer):
    """One connection to one match: a seated player or a spectator."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope["user"]
        exists, self.seat = await _seat_for(self.match_id, self.user)
        if not exists:
            await self.close(code=4404)
            return
        self.limiter = RateLimiter(settings.LIVE_MAX_MESSAGES_PER_SECOND)
        self.sent_seq = -1  # the newest state this connection has sent
        self.group = f"match-{self.match_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_state()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            message = self.parse(text_data, bytes_data)
            kind = message.get("type")
            # An unhashable type (a list, an object) must not reach the dict lookup.
            handler = self.handlers.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise ClientError("malformed", "Unknown message type.")
            await handler(self, message)
        except ClientError as error:
            await self.send_json(error.as_message())

    def parse(self, text_data: str | None, bytes_data: bytes | None) -> dict:
        """Check size and rate, then decode one JSON object.

        Raises:
            ClientError: ``too_large``, ``rate_limited`` or ``malformed``.
        """
        raw = text_data if text_data is not None else (bytes_data or b"").decode("utf-8", "replace")
        if len(raw) > settings.LIVE_MAX_MESSAGE_BYTES:
            raise ClientError("too_large", "The message is too large.")
        if not self.limiter.allow():
            raise ClientError("rate_limited", "Too many messages; slow down.")
        try:
            message = json.loads(raw)
        except (ValueError, RecursionError):  # RecursionError: hostile nesting, [[[[...]]]]
            raise ClientError("malformed", "The message is not valid JSON.") from None
        if not isinstance(message, dict):
            raise ClientError("malformed", "The message must be a JSON object.")
        return message

    async def handle_action(self, message: dict) -> None:
        action, seq = message.get("action"), message.get("seq")
        if not isinstance(action, str) or not action or len(action) > 64:
            raise ClientError("malformed", "An action must be a short string.")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise ClientError("malformed", "An action must carry the seq of the state it saw.")
        self.require_seat()
        await database_sync_to_async(services.match_apply_action)(
            match_id=self.match_id, player_id=self.user.pk, action=action, seq=seq
        )

    async def handle_resign(self, message: dict) -> None:
        seq = message.get("seq")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            raise ClientError("malformed", "seq must be an integer.")
        self.require_seat()
        await database_sync_to_async(services.match_resign)(
            match_id=self.match_id, player_id=self.user.pk, seq=seq
        )

    async def handle_sync(self, message: dict) -> None:
        await self.send_state()

    async def handle_ping(self, message: dict) -> None:
        """Answer ``pong``; first heal a connection that went deaf.

        Redis restarted without persistence forgets every group while a consumer can keep
        its socket (bench/faults.py, redis-restart): it would hear no move again. The
        browser pings every 25 s, so each ping joins the group again (idempotent) and, if
        the match moved on since this connection's last state, sends the current one.
        """
        await self.channel_layer.group_add(self.group, self.channel_name)
        if await _match_seq(self.match_id) > self.sent_seq:
            await self.send_state()
        await self.send_json({"type": "pong"})

    handlers = {
        "action": handle_action,
        "resign": handle_resign,
        "sync": handle_sync,
        "ping": handle_ping,
    }

    def require_seat(self) -> None:
        """Raises ClientError ``not_seated`` for a spectator."""
        if self.seat is None:
            raise ClientError("not_seated", "Only the seated players can do that.")

    async def send_state(self) -> None:
        state = await database_sync_to_async(_consistent_state)(self.match_id, self.seat)
        self.sent_seq = max(self.sent_seq, state["seq"])
        await self.send_json(state)

    async def send_json(self, content: dict) -> None:
        await self.send(text_data=json.dumps(content, separators=(",", ":")))

    async def match_state(self, event: dict) -> None:
        """Group message from a service: forward this seat's state only, unless this
        connection has already sent it or a newer one. Two server processes' broadcasts can
        reach Redis in the other order than their commits (an older state would take the
        table back in time), and a ``sync`` or ``ping`` may have sent this seq already (a
        second copy looks to a client like "your move was not applied"); both were seen by
        bench/faults.py.
        """
        key = "spectator" if self.seat is None else str(self.seat)
        state = event["states"][key]
        if state["seq"] <= self.sent_seq:
            return
        self.sent_seq = state["seq"]
        await self.send_json(state)


class UpdatesConsumer(AsyncWebsocketConsumer):
    """Tells standings and leaderboard pages that a result landed (``{"type": "changed"}``)."""

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        if "tournament_id" in kwargs:
            self.group = f"tournament-{int(kwargs['tournament_id'])}"
        else:
            self.group = f"leaderboard-{kwargs['game']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Answer ``ping`` with ``pong`` after joining the group again (as the match
        consumer's ping does: a Redis restarted without persistence forgets the group while
        the socket stays open); the page refreshes its table on each pong. Anything else is
        ``malformed``."""
        try:
            message = json.loads(text_data or "")
        except ValueError:
            message = None
        if isinstance(message, dict) and message.get("type") == "ping":
            await self.channel_layer.group_add(self.group, self.channel_name)
            await self.send(text_data=json.dumps({"type": "pong"}))
            return
        await self.send(
            text_data=json.dumps(
                {
                    "type": "error",
                    "code": "malformed",
                    "message": "This channel accepts only ping.",
                }
            )
        )

    async def results_changed(self, event: dict) -> None:
        await self.send(text_data=json.dumps({"type": "changed"}))
