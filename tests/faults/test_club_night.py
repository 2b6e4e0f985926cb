"""A short club night (bench/club_night.py) on test servers: a few players at a few tables
from one address for under a minute of play, with tabs, reloads, sockets dropped
mid-handshake and mid-frame, an ASGI server killed and Redis restarted; every table plays
to its end, no socket is refused, nothing is held once everyone has left, no action is
lost or doubled, no server logs a traceback.
"""

from __future__ import annotations

from bench import club_night
from bench.club_night import SHORT_PLAN, ClubNight, Fleet, Table, failures


def short_night(servers, own_redis, plan, **options) -> dict:
    """Two uvicorn processes on ``own_redis`` (which the evening restarts) with the
    settings' socket limit per address, and the evening's report."""
    group = servers(2, redis_url=own_redis.url, LIVE_MAX_CONNECTIONS_PER_ADDRESS=None)
    fleet = Fleet(
        ports=group.ports,
        kill_asgi=group.kill,
        start_asgi=group.restart,
        kill_redis=own_redis.kill,
        start_redis=own_redis.start,
        env=group.env(),
        logs=lambda: {"servers": group.logs()},
    )
    night = ClubNight(
        fleet, plan=plan, grace=90, think=(0.05, 0.3), churn_every=0.4, slots_grace=20, **options
    )
    return night.run()


def assert_clean(report: dict) -> None:
    """No failure of any kind (bench/club_night.py ``failures``): every table played to
    its end, no socket refused, no slot held once everyone has left (``manage.py
    live_slots``), no action lost or doubled, no traceback in a server log (Redis being
    down is an expected fault, logged in one line: games/outage.py)."""
    assert failures(report) == [], report


def test_a_short_club_night_plays_every_table_to_its_end_and_holds_nothing(servers, own_redis):
    report = short_night(servers, own_redis, SHORT_PLAN, seconds=30, move_timeout=15)

    assert report["tables_finished"]["matches"] >= len(SHORT_PLAN)
    assert report["churn"].get("reload") and report["churn"].get("drop_mid_frame")
    assert_clean(report)


def test_a_table_of_three_plays_on_to_its_end_without_the_player_who_left(servers, own_redis):
    plan = (Table("calabrasella", 3, {"deals": 3}, leaver=True),)

    report = short_night(servers, own_redis, plan, seconds=30, move_timeout=8)

    assert report["events"].get("left") == 1, report
    assert_clean(report)


def test_a_chained_traceback_counts_once_by_the_project_frame_it_came_from():
    project = f"{club_night.ROOT}/games/presence.py"
    log = "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/x/.venv/lib/redis/connection.py", line 3, in connect',
            "ConnectionRefusedError: [Errno 111] Connection refused",
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            "Traceback (most recent call last):",
            f'  File "{project}", line 30, in _change',
            '  File "/x/.venv/lib/redis/client.py", line 9, in execute',
            "redis.exceptions.ConnectionError: Error 111 connecting.",
            "ERROR:    Exception in ASGI application",
            "Traceback (most recent call last):",
            '  File "/elsewhere/app.py", line 1, in f',
            "ValueError: bad",
        ]
    )

    assert club_night.traceback_origins(log) == {
        "games/presence.py _change: redis.exceptions.ConnectionError": 1,
        "(library): ValueError": 1,
    }
