"""An optional probe of an ASGI process's pauses, for finding where slow moves come from
(issue #32; docs/performance.md, "Where the slow moves came from").

Off unless the environment names a directory, ``LIVE_PROBE_DIR``; then each ASGI process
appends JSON lines to ``<dir>/asgi-<pid>.jsonl``, one an event, each with ``t`` (the
wall clock, ``time.time()``, seconds) and ``kind``:

- ``gc``: a collection of the garbage collector that took at least ``MIN_GC_MS``:
  ``generation`` and ``ms``;
- ``lag``: the event loop ran a callback at least ``MIN_LAG_MS`` later than it was due
  (a watchdog thread schedules one every ``LAG_EVERY_S``): ``ms`` (time from the due time
  to the run), so the loop was blocked, or busy, for that long;
- ``move``: a move that took at least ``MIN_MOVE_MS`` in the consumer, from the message's
  handling to its end: ``ms``, ``way`` ("loop": the kept move on the event loop;
  "thread": the locked way on the pool of threads), ``match``;
- ``census``: on ``SIGUSR1``, the objects the collector tracks: ``objects`` (how many)
  and ``types`` (the ``CENSUS_TYPES`` most numerous, as ``[module.name, count]``), to see
  what a full collection has to walk.

The probe costs a thread that wakes every 20 ms and a line per slow event; it is for
benchmarks (``bench/load.py --probe``), not for a deployment. ``bench/probe.py``
lines these events up with the clients' slow round trips and the PostgreSQL and Redis
samples the harness takes.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import threading
import time
from pathlib import Path

MIN_GC_MS = 5.0
MIN_LAG_MS = 20.0
MIN_MOVE_MS = 50.0
LAG_EVERY_S = 0.02
CENSUS_TYPES = 40

_STATE: dict = {}


def enabled() -> bool:
    """Whether ``LIVE_PROBE_DIR`` is set (read once, at the first call)."""
    if "enabled" not in _STATE:
        _STATE["enabled"] = bool(os.environ.get("LIVE_PROBE_DIR"))
    return _STATE["enabled"]


def record(kind: str, **fields) -> None:
    """Append one event (``kind`` and ``fields``, JSON-serializable) to this process's file;
    nothing when the probe is off."""
    if not enabled():
        return
    out = _STATE.get("out")
    if out is None:
        directory = Path(os.environ["LIVE_PROBE_DIR"])
        directory.mkdir(parents=True, exist_ok=True)
        out = _STATE["out"] = open(  # noqa: SIM115 - kept open for the process's life
            directory / f"asgi-{os.getpid()}.jsonl", "a", buffering=1, encoding="utf-8"
        )
    with _STATE.setdefault("lock", threading.Lock()):
        out.write(json.dumps({"t": round(time.time(), 4), "kind": kind, **fields}) + "\n")


def _gc_callback(phase: str, info: dict) -> None:
    if phase == "start":
        _STATE["gc_started"] = time.perf_counter()
        return
    started = _STATE.pop("gc_started", None)
    if started is None:
        return
    ms = (time.perf_counter() - started) * 1000
    if ms >= MIN_GC_MS:
        record("gc", generation=info.get("generation"), ms=round(ms, 1))


def _watch_loop(loop: asyncio.AbstractEventLoop) -> None:
    """The watchdog thread: every ``LAG_EVERY_S``, schedule a callback on ``loop`` and,
    when it runs, record how late it ran."""

    def ran(due: float) -> None:
        ms = (time.perf_counter() - due) * 1000
        if ms >= MIN_LAG_MS:
            record("lag", ms=round(ms, 1))

    while not loop.is_closed():
        try:
            loop.call_soon_threadsafe(ran, time.perf_counter())
        except RuntimeError:  # the loop closed meanwhile
            return
        time.sleep(LAG_EVERY_S)


def census() -> None:
    """Record a ``census`` of the objects the collector tracks (it walks them all: some
    hundreds of milliseconds a million, on the event loop)."""
    counts: dict[type, int] = {}
    objects = gc.get_objects()
    for obj in objects:
        kind = type(obj)
        counts[kind] = counts.get(kind, 0) + 1
    top = sorted(counts.items(), key=lambda item: -item[1])[:CENSUS_TYPES]
    record(
        "census",
        objects=len(objects),
        types=[[f"{kind.__module__}.{kind.__qualname__}", count] for kind, count in top],
    )


def start_on(loop: asyncio.AbstractEventLoop) -> None:
    """Start the probe for this process and its event loop ``loop``, once; nothing when
    the probe is off."""
    if not enabled() or _STATE.get("started"):
        return
    _STATE["started"] = True
    gc.callbacks.append(_gc_callback)
    loop.add_signal_handler(signal.SIGUSR1, census)
    threading.Thread(target=_watch_loop, args=(loop,), name="live-probe", daemon=True).start()


class ProbeMiddleware:
    """ASGI middleware that starts the probe on the event loop of the first connection."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        start_on(asyncio.get_running_loop())
        return await self.app(scope, receive, send)
