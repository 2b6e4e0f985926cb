"""The floor of the live stack (issue #14): a bare Channels echo app, served like the site.

Each WebSocket ``/ws/floor/<match_id>/<seat>/`` is one seat of a two-seat "match". A seat
that sends ``{"type": "action", "seq": n, ...}`` has the action group-sent, as one small
message, to the match's group on the same Redis channel layer as the site
(``config.settings``' ``CHANNEL_LAYERS``); each of the two consumers forwards it to its
socket as a minimal ``state`` of docs/protocol.md at ``seq`` n + 1, so that the load
harness's own client (``bench.client.SeatClient``) plays it unchanged: the seat on move
is ``(seq - 1) % 2`` and its one legal action is ``"play"``.

Nothing is stored, checked or computed: no session, no database, no rules engine. What is
left is what every live move of the site pays at least: uvicorn's WebSocket framing,
Channels' consumer dispatch, one ``group_send`` through Redis and two socket sends. The
site's cost divided by this one's is the overhead of the site's own work
(``bench/floor.py`` measures both back to back).

A seat that connects sends the state at seq 1 and asks the group for the newest seq it
has (``floor.hello``); the other seat, if it has moved on, answers with a ``floor.state``.
``sync`` sends the newest state again, ``ping`` is answered ``pong``. Not part of the site.

    uvicorn bench.floor_app:application   # with the environment of bench/deploy.py
"""

from __future__ import annotations

import json
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

SEATS = 2


def state_text(seq: int, seat: int) -> str:
    """The floor's ``state`` message for ``seat`` at ``seq``, as JSON text: the fields the
    harness's client reads (docs/protocol.md), and nothing else."""
    to_act = (seq - 1) % SEATS
    return json.dumps(
        {
            "type": "state",
            "seq": seq,
            "seat": seat,
            "match": {
                "status": "in_progress",
                "reason": None,
                "winner": None,
                "deal_number": 1,
                "last_result": None,
                "move_deadline": None,
            },
            "view": {"to_act": to_act, "legal_actions": ["play"] if to_act == seat else []},
        },
        separators=(",", ":"),
    )


class FloorConsumer(AsyncWebsocketConsumer):
    """One seat's socket of the echo app (see the module docstring)."""

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        self.match_id, self.seat = int(kwargs["match_id"]), int(kwargs["seat"])
        self.group = f"floor-{self.match_id}"
        self.sent_seq = 1
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=state_text(1, self.seat))
        await self.channel_layer.group_send(
            self.group, {"type": "floor.hello", "from": self.channel_name}
        )

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            message = json.loads(text_data or "")
        except ValueError:
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "action" and isinstance(message.get("seq"), int):
            await self.channel_layer.group_send(
                self.group, {"type": "floor.state", "seq": message["seq"] + 1}
            )
        elif kind == "sync":
            await self.send(text_data=state_text(self.sent_seq, self.seat))
        elif kind == "ping":
            await self.send(text_data='{"type":"pong"}')

    async def floor_hello(self, event: dict) -> None:
        """Group message: a seat joined; tell it the newest seq if this one moved on."""
        if event["from"] != self.channel_name and self.sent_seq > 1:
            await self.channel_layer.group_send(
                self.group, {"type": "floor.state", "seq": self.sent_seq}
            )

    async def floor_state(self, event: dict) -> None:
        """Group message: forward the state at ``seq`` unless this socket has it already."""
        if event["seq"] > self.sent_seq:
            self.sent_seq = event["seq"]
            await self.send(text_data=state_text(event["seq"], self.seat))


application = ProtocolTypeRouter(
    {
        "websocket": URLRouter(
            [re_path(r"^ws/floor/(?P<match_id>\d+)/(?P<seat>\d+)/$", FloorConsumer.as_asgi())]
        )
    }
)
