"""The harness client's reading of a ``rate_limited`` refusal (bench/client.py): a refusal
its own sends earned under the server's token bucket, or one the server owes (sends that
were within the limit when sent, refused because the server handled them together)."""

from __future__ import annotations

from bench.client import SeatClient, Stats
from games.consumers import RateLimiter


def _client(sent_at: list[float], limit: int = 20, burst: int = 40) -> SeatClient:
    client = SeatClient(
        match_id=1, seat=0, cookie="", urls=["ws://x"], stats=Stats(),
        message_limit=limit, message_burst=burst,
    )  # fmt: skip
    client._sent_at.extend(sent_at)
    return client


def test_sends_within_the_rate_are_not_counted_as_the_clients_own_doing():
    # 15 a second for 4 s: never more than the bucket allows, however the server bunched them.
    sends = [i / 15 for i in range(60)]
    assert _client(sends)._rate_limited_code(received=4.0) == "rate_limited"


def test_a_burst_past_the_bucket_is_the_clients_own_doing():
    # 60 sends in 0.6 s: the bucket of 40 refills 12 in that time, so some find it empty.
    sends = [i / 100 for i in range(60)]
    assert _client(sends)._rate_limited_code(received=0.6) == "rate_limited_own_rate"
    # ... but not once the window has passed: a refusal 1.5 s later is the server's.
    assert _client(sends)._rate_limited_code(received=2.6) == "rate_limited"


def test_the_client_replays_the_same_bucket_as_the_server():
    # The server's limiter, fed the same sends at the same times, refuses exactly where the
    # client's replay says its own rate ran the bucket empty.
    sends = [i / 30 for i in range(180)]  # 30 a second for 6 s
    limiter, clock = RateLimiter(40, per_second=20), [0.0]
    import games.consumers as consumers

    refused = []
    original = consumers.time.monotonic
    consumers.time.monotonic = lambda: clock[0]
    try:
        limiter.updated = 0.0
        for at in sends:
            clock[0] = at
            if not limiter.allow():
                refused.append(at)
    finally:
        consumers.time.monotonic = original
    assert refused, "30 a second must outrun a bucket of 40 refilled at 20 a second"
    first = refused[0]
    kept = [at for at in sends if at <= first]
    assert _client(kept)._rate_limited_code(received=first) == "rate_limited_own_rate"
    before = [at for at in sends if at < first]
    assert _client(before)._rate_limited_code(received=before[-1]) == "rate_limited"
