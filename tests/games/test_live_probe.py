"""The optional probe of an ASGI process (games/live_probe.py): off without
``LIVE_PROBE_DIR``; with it, its events, and a census of the collector's objects, as JSON
lines in the process's file."""

from __future__ import annotations

import json
import os

from games import live_probe


def _fresh(monkeypatch, directory) -> None:
    monkeypatch.setattr(live_probe, "_STATE", {})
    if directory is None:
        monkeypatch.delenv("LIVE_PROBE_DIR", raising=False)
    else:
        monkeypatch.setenv("LIVE_PROBE_DIR", str(directory))


def test_off_without_a_directory_it_writes_nothing(monkeypatch, tmp_path):
    _fresh(monkeypatch, None)
    live_probe.record("move", ms=80.0)
    live_probe.census()
    assert not live_probe.enabled() and not list(tmp_path.iterdir())


def test_a_census_counts_the_objects_the_collector_tracks_by_type(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)

    class Marker:
        pass

    kept = [Marker() for _ in range(50_000)]  # the most numerous type but list and dict
    live_probe.census()
    live_probe._STATE["out"].close()

    lines = (tmp_path / f"asgi-{os.getpid()}.jsonl").read_text().splitlines()
    event = json.loads(lines[-1])
    assert event["kind"] == "census" and event["objects"] >= len(kept)
    counts = dict(event["types"])
    assert counts[f"{Marker.__module__}.{Marker.__qualname__}"] == len(kept)
    assert len(event["types"]) <= live_probe.CENSUS_TYPES
