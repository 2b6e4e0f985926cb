"""A scripted player for the live protocol (docs/protocol.md), and the audits of what it saw.

``SeatClient`` is one seat's WebSocket client, written like the browser's (static/js/match.js)
but scripted: it plays a random legal action from its *own* view's ``legal_actions``, times
each action from send until it sees the new state, reconnects (to the next server URL) when
its connection drops, answers a ``stale`` error with ``sync``, asks for ``sync`` when an
acknowledgement or an opponent's move is overdue, and resends the *same* action when a
fresh state shows it was not applied (so a retry can never become a different move).

``SeatAudit`` checks every message a seat receives for hidden information: no card code the
seat may not know, no deck order or seed before the deal ends (``audit_problems``).

``verify_stored`` checks, from the database, that every action a client saw acknowledged
is stored exactly once at its place and that each match's ``seq`` equals its count.

Used by bench/load.py, bench/faults.py and tests/faults.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field

from games.rules import get_game

TOKEN = re.compile(r"[A-Za-z0-9]+")
SECRET_KEYS = {"deck", "seed", "shuffle", "rng", "record"}


def pack_codes(game: str = "spizzichino") -> frozenset[str]:
    """Every card code of the game's pack: the tokens the audit looks for."""
    engine = get_game(game)
    return frozenset(engine.new_deal(seats=engine.seats[0], dealer=0, seed=0).record()["deck"])


def _walk(value, keys: list[str], strings: list[str]) -> None:
    if isinstance(value, str):
        strings.append(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            keys.append(key)
            strings.append(key)
            _walk(item, keys, strings)
    elif isinstance(value, list):
        for item in value:
            _walk(item, keys, strings)


def codes_in(message, universe: frozenset[str]) -> set[str]:
    """Card codes appearing anywhere in a JSON value, keys and free text included."""
    keys: list[str] = []
    strings: list[str] = []
    _walk(message, keys, strings)
    return {token for text in strings for token in TOKEN.findall(text) if token in universe}


def secret_keys_in(message) -> set[str]:
    keys: list[str] = []
    _walk(message, keys, [])
    return {key for key in keys if key.lower() in SECRET_KEYS}


def revealed_to(view: dict, seat: int | None) -> tuple[set[str], set[str]]:
    """What a Spizzichino view legitimately shows ``seat`` (games/rules/spizzichino/view.py).

    Returns:
        (codes the seat may know from this view, codes that are "known" only because the
        view says so: the opponents' ``known_cards``, which must be explained by an
        earlier packet top or a buongioco).
    """
    shown: set[str] = set()
    for player in view.get("players") or []:
        if player.get("seat") == seat and player.get("hand"):
            shown.update(player["hand"])
        for packet in player.get("packets") or []:
            if packet.get("top"):
                shown.add(packet["top"])
        for combo in player.get("buongiochi") or []:
            shown.update(combo.get("cards") or [])
    for play in view.get("trick") or []:
        shown.add(play["card"])
    for play in (view.get("last_trick") or {}).get("cards") or []:
        shown.add(play["card"])
    for packet in view.get("packets") or []:
        if packet.get("bottom") and packet.get("owner") == seat:
            shown.add(packet["bottom"])
    claimed = {
        code
        for player in view.get("players") or []
        if player.get("seat") != seat
        for code in player.get("known_cards") or []
    }
    return shown, claimed


@dataclass
class SeatAudit:
    """Knowledge of one seat, built only from its own views, deal by deal."""

    seat: int | None
    universe: frozenset[str] = field(default_factory=pack_codes)
    known: dict[int, set[str]] = field(default_factory=dict)
    last_seq: int | None = None
    problems: list[str] = field(default_factory=list)
    checked: int = 0

    def check(self, message: dict, *, sent: set[str] | None = None) -> None:
        """Audit one received message; problems are appended to ``self.problems``.

        ``sent``: codes this seat itself named in its last action (an ``illegal_action``
        error may quote them back).
        """
        self.checked += 1
        if message.get("type") != "state":
            current = self.known.get(max(self.known)) if self.known else set()
            leaked = codes_in(message, self.universe) - (current or set()) - (sent or set())
            if leaked:
                self.problems.append(f"{message.get('type')} names unknown cards {leaked}")
            return
        view = message.get("view") or {}
        summary = message.get("match") or {}
        deal = summary.get("deal_number", 0)
        known = self.known.setdefault(deal, set())
        contiguous = self.last_seq is not None and message.get("seq") == self.last_seq + 1
        self.last_seq = message.get("seq")
        where = f"seat {self.seat} seq {message.get('seq')} deal {deal}"
        self.check_seats(message, where)
        for packet in view.get("packets") or []:
            if packet.get("bottom") and packet.get("owner") != self.seat:
                self.problems.append(f"{where}: sees the bottom of packet {packet['number']}")
        shown, claimed = revealed_to(view, self.seat)
        # A card the opponent holds is public only if it was seen first (a packet top it
        # took, a buongioco); checkable when no state was missed in between.
        if contiguous and claimed - known - shown:
            self.problems.append(f"{where}: known_cards never shown {claimed - known - shown}")
        known |= shown | claimed
        # ``match.last_result`` and ``match.previous_last_trick`` are the result and the
        # last trick of a finished deal, public by the protocol; their codes belong to that
        # deal, so they are left out of this deal's scan.
        last = summary.get("last_result")
        if (
            last is not None
            and last.get("number", 0) >= deal
            and summary.get("status") == ("in_progress")
        ):
            self.problems.append(f"{where}: last_result of the deal still being played")
        finished = ("last_result", "previous_last_trick")
        scanned = {**message, "match": {k: v for k, v in summary.items() if k not in finished}}
        leaked = codes_in(scanned, self.universe) - known
        if leaked:
            self.problems.append(f"{where}: names cards it may not know {sorted(leaked)}")

    def check_seats(self, message: dict, where: str) -> None:
        """The checks that hold in every game: no other seat's ``hand`` in the view, no
        ``legal_actions`` offered out of turn, no deck order or seed before the deal ends.
        """
        view = message.get("view") or {}
        for player in view.get("players") or []:
            if player.get("seat") != self.seat and player.get("hand") is not None:
                self.problems.append(f"{where}: sees the hand of seat {player.get('seat')}")
        if view.get("legal_actions") and view.get("to_act") != self.seat:
            self.problems.append(f"{where}: is offered actions out of turn")
        over = view.get("phase") == "over" or view.get("result") is not None
        if not over and secret_keys_in(message):
            self.problems.append(f"{where}: secret keys {secret_keys_in(message)}")


@dataclass
class TableAudit(SeatAudit):
    """``SeatAudit`` for any game: only its game-independent checks (``check_seats``);
    the card-by-card scan knows Spizzichino's views only."""

    universe: frozenset[str] = frozenset()

    def check(self, message: dict, *, sent: set[str] | None = None) -> None:
        """Audit one received message (``SeatAudit.check_seats`` on states)."""
        self.checked += 1
        if message.get("type") == "state":
            self.check_seats(message, f"seat {self.seat} seq {message.get('seq')}")


@dataclass
class Stats:
    """What every seat client of a run saw, merged."""

    rtts_ms: list[float] = field(default_factory=list)
    acked: dict[int, dict[int, tuple[int, str]]] = field(default_factory=dict)
    errors: Counter = field(default_factory=Counter)
    events: Counter = field(default_factory=Counter)
    audit_problems: list[str] = field(default_factory=list)
    messages: int = 0
    finished: set[int] = field(default_factory=set)
    first_send: float | None = None
    last_ack: float | None = None
    ack_times: list[float] = field(default_factory=list)
    # (when acknowledged, round trip in ms) of each first-try action, for windows in time.
    rtt_at: list[tuple[float, float]] = field(default_factory=list)
    # Every action sent, by match and seq: {(seat, action)}; with several tabs on one seat
    # (``multi_tab``), the one applied on a seq is one of these and the acks may disagree.
    sent: dict[int, dict[int, set[tuple[int, str]]]] = field(default_factory=dict)
    multi_tab: bool = False
    # How each match ended, as its players saw it: {match_id: {status, reason, winner, at}}.
    results: dict[int, dict] = field(default_factory=dict)

    def ack(self, match_id: int, seq: int, seat: int, action: str) -> None:
        per_match = self.acked.setdefault(match_id, {})
        if not self.multi_tab and seq in per_match and per_match[seq] != (seat, action):
            self.errors["conflicting_ack"] += 1
        per_match[seq] = (seat, action)

    def error_count(self) -> int:
        return sum(self.errors.values()) + len(self.audit_problems)


@dataclass
class Pending:
    seq: int
    action: str
    sent: float
    resent: bool = False


class ConnectionDroppedError(Exception):
    """The connection dropped; reconnect. ``args[0]``: the close code, if one came."""


CLOSE_TOO_MANY = 4429
"""The close code of a socket refused or closed over a limit (games.consumers)."""


def is_refusal(error: BaseException) -> bool:
    """Whether a connection's ``error`` is the server refusing the socket: HTTP 403 at the
    handshake (a socket closed before it was accepted) or a close with ``CLOSE_TOO_MANY``.
    """
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    if isinstance(error, InvalidStatus):
        return error.response.status_code == 403
    if isinstance(error, ConnectionDroppedError):
        return bool(error.args) and error.args[0] == CLOSE_TOO_MANY
    if isinstance(error, ConnectionClosed):
        return error.rcvd is not None and error.rcvd.code == CLOSE_TOO_MANY
    return False


class StartGate:
    """When the matches of a window may start (bench/floor.py's scenarios): closed until
    ``open()``; a seat on move then waits until ``start_offset`` seconds after the opening
    (its ``SeatClient.start_offset``: 0 for every match of a round starting together, a
    spread for staggered starts) before its think time. Later moves do not wait."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.opened_at = 0.0

    def open(self) -> None:
        """Let every seat start (its offset counted from now)."""
        self.opened_at = time.perf_counter()
        self.event.set()

    async def wait(self, offset: float) -> None:
        """Wait for the opening, then until ``offset`` seconds after it."""
        await self.event.wait()
        left = self.opened_at + offset - time.perf_counter()
        if left > 0:
            await asyncio.sleep(left)


@dataclass
class SeatClient:
    """One seat of one match, played by a script (see the module docstring).

    ``urls``: the match's WebSocket URLs on every server; the seat starts on
    ``urls[start]`` and moves to the next one when a connection fails.
    ``think``: (low, high) seconds to wait before each action, uniformly.
    ``stop_after``: stop once the match has had this many actions (0: play to the end).
    ``send_twice``: send every action twice in a row (a double click).
    ``resign_at``: resign once the match has had this many actions (0: never).
    ``leave_at``: close the connection for good once on move after this many actions
    (0: never), as a player who walks away.
    ``ack_timeout``/``idle_timeout``: send ``sync`` after this long without an answer to
    an action / without any message (None: never). ``ping_every``: send ``ping`` this
    often, give or take a fifth. The browser (static/js/match.js) has no timeouts and pings
    every 20 to 30 s:
    ``ack_timeout=None, idle_timeout=None, ping_every=25`` plays like it.
    ``gate``/``start_offset``: with a ``StartGate``, the seat's actions wait for it to
    open and then ``start_offset`` seconds more (only the first waits in effect).
    ``message_limit``: the server's messages a second a socket (its
    ``LIVE_MAX_MESSAGES_PER_SECOND``) and ``message_burst`` the most it takes at once
    (its token bucket, ``LIVE_MAX_MESSAGES_PER_SECOND * LIVE_MESSAGE_BURST_SECONDS``):
    a ``rate_limited`` refusal is counted as ``rate_limited_own_rate`` (the server's limit
    doing its job on a client that sends that fast) when the same bucket, fed this
    client's own sends as it sent them, ran empty in the last ``OWN_RATE_WINDOW`` seconds
    before it; any other as ``rate_limited`` (the server refused sends that were within
    the limit when sent).
    """

    OWN_RATE_WINDOW = 1.5

    match_id: int
    seat: int
    cookie: str
    urls: list[str]
    stats: Stats
    start: int = 0
    think: tuple[float, float] = (0.0, 0.0)
    stop_after: int = 0
    ack_timeout: float | None = 5.0
    idle_timeout: float | None = 15.0
    ping_every: float | None = None
    give_up_after: float = 120.0
    send_twice: bool = False
    resign_at: int = 0
    leave_at: int = 0
    resigned_at: int | None = None
    last_progress: float = 0.0
    deadline: str | None = None
    rng: random.Random = field(default_factory=random.Random)
    audit: SeatAudit | None = None
    state: dict | None = None
    pending: Pending | None = None
    done: bool = False
    connections: int = 0
    ws: object = None
    message_limit: int | None = None
    message_burst: int | None = None
    gate: StartGate | None = None
    start_offset: float = 0.0

    def __post_init__(self) -> None:
        self.index = self.start % len(self.urls)
        self._sent_at: collections.deque[float] = collections.deque()
        if self.audit is None:
            self.audit = SeatAudit(self.seat)

    @property
    def seq(self) -> int | None:
        return self.state["seq"] if self.state else None

    async def run(self) -> None:
        """Play until the match ends (or ``stop_after``), reconnecting as needed."""
        import websockets

        self.last_progress = time.monotonic()
        attempt = 0
        while not self.done:
            url = self.urls[self.index]
            origin = "http://" + url.split("/")[2]
            try:
                async with websockets.connect(
                    url,
                    additional_headers={"Cookie": self.cookie},
                    origin=origin,
                    open_timeout=10,
                    close_timeout=2,
                    max_size=2**20,
                ) as ws:
                    self.ws = ws
                    self.connections += 1
                    if self.connections > 1:
                        self.stats.events["reconnects"] += 1
                    attempt = 0
                    await self._play(ws)
            except Exception as error:
                if self.done:
                    break
                if not _is_connection_error(error):
                    raise
                self.stats.events[f"connection_lost:{type(error).__name__}"] += 1
                if is_refusal(error):
                    self.stats.events["refused"] += 1
                # Give up only after this long without a single message: a server that
                # is slow is not a server that is gone.
                if time.monotonic() - self.last_progress > self.give_up_after:
                    self.stats.errors["gave_up"] += 1
                    return
                self.index = (self.index + 1) % len(self.urls)
                await asyncio.sleep(min(0.25 * 2**attempt, 2.0) * (0.5 + self.rng.random()))
                attempt += 1
            finally:
                self.ws = None

    async def _play(self, ws) -> None:
        queue: asyncio.Queue = asyncio.Queue()

        async def reader() -> None:
            try:
                async for raw in ws:
                    queue.put_nowait((time.perf_counter(), raw))
            except Exception:  # noqa: S110 - the closed marker below says it all
                pass
            queue.put_nowait((time.perf_counter(), None))

        task = asyncio.create_task(reader())
        loop = asyncio.get_running_loop()
        next_ping = loop.time() + self._ping_wait() if self.ping_every else None
        try:
            while not self.done:
                wait = self.ack_timeout if self.pending else self.idle_timeout
                deadline = loop.time() + wait if wait else None
                if next_ping is not None and (deadline is None or next_ping < deadline):
                    deadline, reason = next_ping, "ping"
                else:
                    reason = "ack_timeout" if self.pending else "idle_sync"
                timeout = None if deadline is None else max(0.0, deadline - loop.time())
                try:
                    received, raw = await asyncio.wait_for(queue.get(), timeout)
                except TimeoutError:
                    self.stats.events[reason] += 1
                    if reason == "ping":  # as the browser does, every 20 to 30 s
                        next_ping = loop.time() + self._ping_wait()
                        await self._send(ws, '{"type":"ping"}')
                    else:
                        await self._sync(ws)
                    continue
                if raw is None:
                    raise ConnectionDroppedError(ws.close_code)
                message = json.loads(raw)
                self.last_progress = time.monotonic()
                self.stats.messages += 1
                sent = set(self.pending.action.split()[1:]) if self.pending else set()
                self.audit.check(message, sent=sent)
                await self._handle(ws, message, received)
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
            if self.done:
                with contextlib.suppress(Exception):
                    await ws.close()

    def _ping_wait(self) -> float:
        """Seconds to the next ping: ``ping_every`` give or take a fifth, drawn anew each
        time, as static/js/match.js waits 20 to 30 s."""
        return self.ping_every * self.rng.uniform(0.8, 1.2)

    async def _sync(self, ws) -> None:
        """Ask for the current state, at most once a second: the server refuses faster
        syncs on one socket (``rate_limited``; docs/security.md, finding 5), as a browser
        that got many ``stale`` errors in a row would learn too; and not before the time a
        refused sync's ``retry_after`` named. The server times syncs when it handles them,
        after the messages before them on the socket, so one sent a second after the last
        can still be refused when the server was slow with the last one."""
        last = getattr(self, "_last_sync", 0.0)
        not_before = max(last + 1.05, getattr(self, "_sync_not_before", 0.0))
        wait = not_before - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self._last_sync = time.monotonic()
        await self._send(ws, '{"type":"sync"}')

    async def _send(self, ws, text: str) -> None:
        """Send ``text`` on ``ws``, noting when (for ``_rate_limited_code``)."""
        self._sent_at.append(time.perf_counter())
        if len(self._sent_at) > 8 * (self.message_burst or self.message_limit or 0) + 8:
            self._sent_at.popleft()
        await ws.send(text)

    def _rate_limited_code(self, received: float) -> str:
        """``rate_limited_own_rate`` if the server's token bucket (``message_burst``
        tokens, refilled at ``message_limit`` a second, as games.consumers.RateLimiter),
        fed this client's own sends at the times it sent them, had no token for a send in
        the ``OWN_RATE_WINDOW`` seconds before ``received`` (``perf_counter`` time); else
        ``rate_limited``. The bucket starts full at the oldest send kept, which can only
        find fewer such sends than the server's."""
        if not self.message_limit:
            return "rate_limited"
        burst = float(self.message_burst or self.message_limit)
        tokens, last = burst, None
        since = received - self.OWN_RATE_WINDOW
        for at in self._sent_at:
            if at > received:
                break
            if last is not None:
                tokens = min(burst, tokens + (at - last) * self.message_limit)
            last = at
            if tokens < 1:
                if at >= since:
                    return "rate_limited_own_rate"
            else:
                tokens -= 1
        return "rate_limited"

    async def _handle(self, ws, message: dict, received: float) -> None:
        kind = message.get("type")
        if kind == "error":
            code = message.get("code", "?")
            if code in ("stale", "not_your_turn"):
                # We missed a state (or a retry raced its own first copy): refresh. An action
                # sent once and refused was not applied; with copies, one may have been.
                self.stats.events[f"error:{code}"] += 1
                if self.pending and not self.pending.resent and not self.send_twice:
                    self.pending = None
                await self._sync(ws)
            elif code == "rate_limited" and message.get("retry_after") is not None:
                # A sync refused, with when the next is accepted: honour it, then sync.
                # Counted apart (``rate_limited_sync``): a scenario whose fault makes syncs
                # (duplicates: racing tabs refused as stale) may count it as explained.
                self.stats.errors["rate_limited_sync"] += 1
                self._sync_not_before = time.monotonic() + float(message["retry_after"])
                await self._sync(ws)
            elif code == "rate_limited":
                self.stats.errors[self._rate_limited_code(received)] += 1
                await asyncio.sleep(1)
                await self._sync(ws)
            elif code == "match_not_live":
                self.stats.events[f"error:{code}"] += 1
                self.pending = None  # refused: the match ended before it arrived
                await self._sync(ws)
            else:
                self.stats.errors[code] += 1
                self.pending = None
                await self._sync(ws)
            return
        if kind != "state":
            return
        if self.state is not None and message["seq"] < self.state["seq"]:
            self.stats.errors["seq_went_back"] += 1
            return
        self.state = message
        seq = message["seq"]
        summary = message["match"]
        if summary["status"] == "in_progress":
            self.deadline = summary.get("move_deadline")
        pending = self.pending
        if (
            pending is not None
            and seq == pending.seq + 1
            and summary["reason"] in ("resigned", "forfeit")
        ):
            # The seq we acted on went to a resignation or forfeit: ours was refused.
            self.pending = None
        elif pending is not None and seq > pending.seq:
            self.stats.ack(self.match_id, pending.seq, self.seat, pending.action)
            self.stats.last_ack = received
            self.stats.ack_times.append(received)
            if not pending.resent:
                self.stats.rtts_ms.append((received - pending.sent) * 1000)
                self.stats.rtt_at.append((received, (received - pending.sent) * 1000))
            self.pending = None
        if summary["status"] != "in_progress":
            self.stats.finished.add(self.match_id)
            self.stats.results.setdefault(
                self.match_id,
                {
                    "status": summary["status"],
                    "reason": summary["reason"],
                    "winner": summary["winner"],
                    "at": time.time(),
                    "deadline": self.deadline,  # the last one this seat saw running
                },
            )
            self.done = True
            return
        if self.stop_after and seq - 1 >= self.stop_after:
            self.done = True
            return
        if self.resign_at and seq - 1 >= self.resign_at:
            if self.resigned_at != seq:  # a resignation refused as stale is sent again
                self.resigned_at = seq
                await self._send(ws, json.dumps({"type": "resign", "seq": seq}))
            return
        legal = message["view"]["legal_actions"]
        if not legal:
            return
        if self.leave_at and seq - 1 >= self.leave_at:
            self.stats.events["left"] += 1
            self.done = True
            return
        if self.pending is not None:
            if self.pending.seq == seq and self.pending.action in legal:
                # A fresh state at the seq we acted on: the action was not applied. Resend
                # the same one, so a late first copy and the retry cannot both count.
                self.pending.resent = True
                self.stats.events["resent"] += 1
                await self._send_action(ws, self.pending)
            return
        if self.gate is not None:
            await self.gate.wait(self.start_offset)
        low, high = self.think
        if high > 0:
            await asyncio.sleep(self.rng.uniform(low, high))
        self.pending = Pending(seq, self.rng.choice(legal), 0.0)
        await self._send_action(ws, self.pending)

    async def _send_action(self, ws, pending: Pending) -> None:
        pending.sent = time.perf_counter()
        if self.stats.first_send is None:
            self.stats.first_send = pending.sent
        per_match = self.stats.sent.setdefault(self.match_id, {})
        per_match.setdefault(pending.seq, set()).add((self.seat, pending.action))
        text = json.dumps({"type": "action", "action": pending.action, "seq": pending.seq})
        await self._send(ws, text)
        if self.send_twice:
            await self._send(ws, text)


def _is_connection_error(error: BaseException) -> bool:
    import websockets

    return isinstance(
        error,
        (
            OSError,
            asyncio.TimeoutError,
            ConnectionDroppedError,
            websockets.exceptions.ConnectionClosed,
            websockets.exceptions.InvalidHandshake,
        ),
    )


def verify_stored(
    acked: dict[int, dict[int, tuple[int, str]]],
    match_ids,
    *,
    sent: dict[int, dict[int, set[tuple[int, str]]]] | None = None,
    server_seats: dict[int, set[int]] | None = None,
) -> list[str]:
    """Compare what clients saw acknowledged with what the database holds.

    For every match: the deals' action logs, concatenated, hold exactly the acknowledged
    actions, each once, at index ``seq - 1`` of the state it was sent on; and the match's
    ``seq`` is 1 (the start) + the number of actions (+1 after a resignation or forfeit).
    At a match with ``server_seats``, each seat marked gone also moves ``seq`` on without
    an action: the acknowledged actions after it are found that many places earlier.
    With ``sent`` (several tabs on one seat, racing), the action stored at each seq must
    be one of those sent on it, and every stored one must have been sent.
    ``server_seats``: {match_id: seats} whose stored actions need no acknowledgement (a
    seat the computer played once its player had gone).

    Returns:
        One line per problem; empty when nothing was lost or applied twice.
    """
    from games.models import Deal, Match

    problems = []
    matches = Match.objects.in_bulk(list(match_ids))
    logs: dict[int, list] = {match_id: [] for match_id in matches}
    for match_id, actions in (
        Deal.objects.filter(match_id__in=list(matches))
        .order_by("match_id", "number")
        .values_list("match_id", "actions")
    ):
        logs[match_id].extend(actions)
    for match_id, match in matches.items():
        stored = logs[match_id]
        extra = 1 if match.reason in ("resigned", "forfeit") else 0
        played = (server_seats or {}).get(match_id, set())
        # A seat marked gone moves ``seq`` on without an action (games/services/clocks.py,
        # ``_mark_gone``): at a match with a gone seat, that many seqs have no action.
        bumps = match.seq - 1 - len(stored) - extra
        if bumps < 0 or (bumps and not played):
            problems.append(f"match {match_id}: seq {match.seq} but {len(stored)} actions")
            bumps = 0
        if sent is not None:
            offered = sent.get(match_id, {})
            for index, entry in enumerate(stored):
                if (entry["seat"], entry["action"]) not in offered.get(index + 1, set()):
                    problems.append(f"match {match_id}: stored {entry} at seq {index + 1} unsent")
            continue
        seen = acked.get(match_id, {})
        matched: set[int] = set()
        offset = 0  # the seqs without an action before this one
        for seq, (seat, action) in sorted(seen.items()):
            want = {"seat": seat, "action": action}
            while offset < bumps and (
                seq - 1 - offset >= len(stored) or stored[seq - 1 - offset] != want
            ):
                offset += 1
            index = seq - 1 - offset
            if index >= len(stored):
                problems.append(f"match {match_id}: acknowledged seq {seq} {action!r} is lost")
            elif stored[index] != want:
                problems.append(
                    f"match {match_id}: at seq {seq} stored {stored[index]}, "
                    f"acknowledged seat {seat} {action!r}"
                )
            else:
                matched.add(index)
        unacked = sorted(
            index + 1
            for index in set(range(len(stored))) - matched
            if stored[index]["seat"] not in played
        )
        if unacked or len(seen) > len(stored):
            problems.append(
                f"match {match_id}: {len(stored)} stored, {len(seen)} acknowledged "
                f"(stored but never acknowledged at indexes {unacked[:10]})"
            )
    return problems
