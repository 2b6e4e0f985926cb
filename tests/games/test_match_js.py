"""The live table's own logic in static/js/match.js, run in Node.js on a client made
without a page (``Object.create(MatchClient.prototype)``): the match clock's bank while
Rumino's claim window holds the clock, and a sync the server refused as too soon.
Needs Node.js (skipped without it: the browser tests load the same module).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

MODULE = Path(__file__).resolve().parents[2] / "static" / "js" / "match.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def _run(body: str):
    script = f'import {{ MatchClient }} from "{MODULE.as_posix()}";\n{body}'
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    ("elapsed", "shown"),
    [(-6.0, 60), (-0.5, 60), (0.0, 60), (2.5, 58), (61.0, 0)],
)
def test_the_bank_of_the_seat_on_move_waits_while_its_clock_has_not_started(elapsed, shown):
    result = _run(f"""
        const client = Object.create(MatchClient.prototype);
        client.matchClock = {{ running: true, banks: [60, 45], elapsed: {elapsed},
                              increment: 0, receivedAt: performance.now() }};
        const shown = [client.matchClockSeconds(0, 0), client.matchClockSeconds(1, 0)];
        console.log(JSON.stringify(shown));
    """)
    assert result == [shown, 45]


def test_a_sync_refused_as_too_soon_is_sent_again_after_retry_after_without_a_toast():
    result = _run("""
        const client = Object.create(MatchClient.prototype);
        const sent = [], toasts = [];
        client.setBusy = () => {};
        client.showToast = (text) => toasts.push(text);
        client.send = (message) => { sent.push(message); return true; };
        client.onError({ type: "error", code: "rate_limited", retry_after: 0.2,
                         message: "Too many sync requests; one a second." });
        const early = sent.length;
        setTimeout(() => {
          client.onError({ type: "error", code: "illegal", message: "Not your turn." });
          console.log(JSON.stringify({ early, sent, toasts }));
        }, 400);
    """)
    assert result == {"early": 0, "sent": [{"type": "sync"}], "toasts": ["Not your turn."]}


def test_a_started_rematch_takes_a_seated_player_to_it_and_a_spectator_gets_a_link():
    result = _run("""
        const went = [];
        globalThis.window = { location: { assign: (url) => went.push(url) } };
        const seated = Object.create(MatchClient.prototype);
        seated.config = { seat: 1 };
        seated.state = { seq: 3 };
        let seatedRenders = 0;
        seated.render = () => { seatedRenders += 1; };
        seated.onRematch({ type: "rematch", asked: [0], url: null });
        const waiting = { went: [...went], renders: seatedRenders, asked: seated.rematch.asked };
        seated.onRematch({ type: "rematch", asked: [0, 1], url: "/matches/9/" });
        const spectator = Object.create(MatchClient.prototype);
        spectator.config = { seat: null };
        spectator.state = { seq: 3 };
        let spectatorRenders = 0;
        spectator.render = () => { spectatorRenders += 1; };
        spectator.onRematch({ type: "rematch", asked: [0, 1], url: "/matches/9/" });
        console.log(JSON.stringify({ waiting, went, spectatorRenders,
                                     link: spectator.rematch.url }));
    """)
    assert result == {
        "waiting": {"went": [], "renders": 1, "asked": [0]},
        "went": ["/matches/9/"],
        "spectatorRenders": 1,
        "link": "/matches/9/",
    }


def test_no_resign_is_offered_before_the_match_starts():
    script = f"""import {{ mayResign }} from "{MODULE.as_posix()}";
        console.log(JSON.stringify([
          mayResign({{ viewer: 0, finished: false, match: {{ status: "scheduled" }} }}),
          mayResign({{ viewer: 0, finished: false, match: {{ status: "in_progress" }} }}),
          mayResign({{ viewer: null, finished: false, match: {{ status: "in_progress" }} }}),
          mayResign({{ viewer: 0, finished: true, match: {{ status: "finished" }} }}),
        ]));"""
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert json.loads(out.stdout) == [False, True, False, False]


def _away(match: dict, presence: dict, to_act, secs):
    script = f"""import {{ awayText }} from "{MODULE.as_posix()}";
        console.log(JSON.stringify(awayText({json.dumps(match)}, {json.dumps(presence)},
                                            {json.dumps(to_act)}, "dave", {json.dumps(secs)})));"""
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return json.loads(out.stdout)


def test_the_prompt_says_when_the_player_on_move_is_away_and_what_happens_next():
    players = [{"seat": n, "gone": False} for n in range(3)]
    table = {"status": "in_progress", "players": players, "sides": [[0], [1], [2]]}
    away = {"2": {"status": "offline"}}
    assert _away(table, away, 2, 72) == "dave is away: 1:12 before the computer plays for them"
    pairs = {**table, "sides": [[0, 2], [1, 3]]}
    assert _away(pairs, away, 2, 72) == "dave is away: 1:12 before the match is lost by forfeit"
    assert _away(table, {"2": {"status": "online"}}, 2, 72) is None
    gone = {**table, "players": [*players[:2], {"seat": 2, "gone": True}]}
    # A gone seat's name says so already ("dave (gone · played by the computer)").
    assert _away(gone, away, 2, 72) is None


def test_the_move_clock_never_shows_more_than_the_clock_allows_during_the_claim_window():
    # A 10-minute move clock after a Rumino discard: the deadline is the 6-second window
    # later, so the server says 606 s; the clock starts when the window closes.
    result = _run("""
        const client = Object.create(MatchClient.prototype);
        client.tickMoveClock = () => {};
        client.setMoveClock({ status: "in_progress", move_seconds_left: 606,
                              claims_seconds_left: 6 });
        const during = client.moveClockSeconds();
        clearInterval(client.clockTimer);
        client.setMoveClock({ status: "in_progress", move_seconds_left: 600 });
        const after = client.moveClockSeconds();
        clearInterval(client.clockTimer);
        console.log(JSON.stringify([during, after]));
    """)
    assert result == [600, 600]


def test_a_deals_notice_names_the_sides_of_a_pairs_game_once_each():
    result = _run("""
        const client = Object.create(MatchClient.prototype);
        client.config = {};
        const notices = [];
        client.showNotice = (text) => notices.push(text);
        const players = ["anna", "bruno", "carla", "dario"]
          .map((username, seat) => ({ seat, username }));
        const match = { status: "in_progress", sides: [[0, 2], [1, 3]], players };
        const view = { seats: 4 };
        const deals = [{ number: 1, points: [5, 6, 5, 6] }];
        client.maybeAnnounceDeal({ match: { ...match, deals: [] }, view },
                                 { match: { ...match, deals }, view });
        console.log(JSON.stringify(notices));
    """)
    assert result == ["Deal 1 over: anna & carla 5 – bruno & dario 6. New deal!"]
