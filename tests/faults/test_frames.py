"""Oversized frames through a real uvicorn: over the consumer's 4 KiB limit a message gets
``too_large`` and the socket stays open; over the server's 64 KiB frame limit the socket is
closed (1009) before the frame is buffered whole. bin/live and bench/deploy.py set it.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import websockets

from tests.conftest import seated, start_match
from tests.faults.conftest import cookie_for

LIVE = Path(__file__).resolve().parents[2] / "bin" / "live"


def test_bin_live_limits_the_frame_size_like_the_harness():
    assert "--ws-max-size 65536" in LIVE.read_text()


NOTICES = ("clock", "presence")  # sent as players come and go, not answers


async def _answer(ws) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message.get("type") not in NOTICES:
            return message


async def _send(url: str, cookie: str, frames: list[str]) -> tuple[list[dict], int | None]:
    """Send each frame and read one answer; (answers, close code if the server closed)."""
    answers = []
    async with websockets.connect(
        url, additional_headers={"Cookie": cookie}, origin="http://" + url.split("/")[2]
    ) as ws:
        answers.append(await _answer(ws))
        try:
            for frame in frames:
                await ws.send(frame)
                answers.append(await _answer(ws))
        except websockets.exceptions.ConnectionClosed as closed:
            return answers, closed.rcvd.code if closed.rcvd else None
    return answers, None


@pytest.mark.parametrize(
    ("size", "outcome"),
    [(5_000, "too_large"), (60_000, "too_large"), (70_000, 1009), (2_000_000, 1009)],
)
def test_an_oversized_frame_is_refused_or_closes_the_socket(alice, bob, servers, size, outcome):
    match = start_match(alice, bob)
    group = servers(1)
    frame = json.dumps({"type": "ping", "pad": "x" * size})

    answers, code = asyncio.run(
        _send(group.urls(match.pk)[0], cookie_for(seated(match)[0]), [frame, '{"type":"ping"}'])
    )

    if outcome == "too_large":
        assert [a.get("code", a["type"]) for a in answers[1:]] == ["too_large", "pong"]
        assert code is None
    else:
        assert code == outcome
