"""The load harness's CPU meter (bench/load.py ``cpu_used``) counts processes one by one,
so a PostgreSQL backend that ends during a window cannot make a part's CPU negative."""

from __future__ import annotations

from bench.load import cpu_used


def test_a_process_that_ended_counts_nothing_more_and_a_new_one_counts_whole():
    before = {"postgres": {10: 5.0, 11: 9.0}, "load generator": 1.0, "machine": 3.0}
    after = {"postgres": {10: 5.25, 12: 0.5}, "load generator": 1.5, "machine": 4.0}
    used = cpu_used(before, after)
    # 10 used 0.25 s, 11 ended (its 9 s are gone from /proc), 12 started and used 0.5 s.
    assert used == {"postgres": 0.75, "load generator": 0.5, "machine": 1.0}


def test_a_reused_pid_counts_its_new_process_whole():
    assert cpu_used({"asgi": {7: 4.0}}, {"asgi": {7: 0.5}}) == {"asgi": 0.5}
