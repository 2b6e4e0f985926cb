// Cartelle live match page: the game-independent core.
//
// Connects to the match WebSocket (docs/protocol.md), redraws #table from every `state`
// message and sends the player's choices as `action` messages. The server is authoritative:
// the client keeps nothing but the last `state` and a little local UI state (a card or
// packets the player has ticked before confirming).
//
// The core draws the frame every game shares: the status line (or the match-over banner),
// the felt, the score panel (match scores, the game's columns, previous deals, tournament),
// the resign button, the reconnect banner, notices, error toasts and an "other moves"
// fallback row for legal actions no element offers. What lies on the felt comes from the
// game's renderer, looked up in games/index.js; the contract is in docs/frontend.md.
//
// Auto-starts when the page has <div id="table"> and <script id="match-config">
// (Django's json_script). For tests and harnesses: `mount(tableEl, config, {connect: false})`
// returns a controller whose `.handleMessage(msg)` feeds a state/error message by hand.

import {
  h, makeCard, cardName, parseCard, actionText, actionCards, choiceList, seatLabel, joinScores, signed, foldable,
} from "./live-table.js";
import { rendererFor, packFor, generic } from "./games/index.js";
import { describeAction } from "./describe.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { TableAccess } from "./commands.js";

const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];
// A ping every 20 to 30 s, each wait drawn anew: the players of a round connect within
// seconds of each other, and pings at a fixed 25 s would reach the server in step for
// the whole round (docs/performance.md, "Where the slow moves came from").
const PING_MIN_MS = 20000;
const PING_MAX_MS = 30000;
const TOAST_MS = 7000;
const NOTICE_MS = 9000;

/**
 * Start the live table in `tableEl`.
 *   config: {match_id, ws_path, seat, game, players: [{seat, username}], standings_url,
 *            rematch: {asked: [seat], url}}
 *   options: {connect: true, WebSocketImpl: window.WebSocket}
 * Returns the MatchClient.
 */
export function mount(tableEl, config, { connect = true, WebSocketImpl = globalThis.WebSocket } = {}) {
  const client = new MatchClient(tableEl, config || {}, WebSocketImpl);
  // A live table is told in words and takes typed commands and keys (commands.js,
  // docs/accessibility.md); a replay or a harness is not.
  if (connect && typeof document !== "undefined") client.access = new TableAccess(client);
  if (connect) client.connect();
  return client;
}

/** Render a `state` message into `tableEl` without any connection (harnesses, previews). */
export function renderState(tableEl, state, config = {}) {
  const client = tableEl.__cartelleClient || mount(tableEl, config, { connect: false });
  tableEl.__cartelleClient = client;
  client.handleMessage({ type: "state", ...state });
  return client;
}

/**
 * The words for a socket the server closed on purpose (docs/protocol.md, "Close codes"),
 * or null for any other close (then the page reconnects by itself). `code` and `reason`
 * are the close event's.
 */
export function refusalText(code, reason) {
  if (code === 4429) {
    if (reason === "too_many_from_address") return gettext("Too many open tables from this connection: close a tab and press Retry.");
    if (reason === "too_many_for_player") return gettext("You have too many tables open: close a tab and press Retry.");
    if (reason === "too_many_spectators") return gettext("This table has all the spectators it can take: press Retry in a while.");
    if (reason === "flooding") return gettext("This page sent too many messages and was disconnected: press Retry.");
    return gettext("Too many connections: close a tab and press Retry.");
  }
  if (code === 4401) return gettext("You are signed out: sign in again, then press Retry.");
  if (code === 4403 && reason === "boards_in_play") return gettext("This table plays the same cards as other tables still playing them: it can be watched once every table has finished. Press Retry then.");
  return null;
}

export class MatchClient {
  constructor(table, config, WebSocketImpl) {
    this.table = table;
    this.config = config;
    this.WebSocketImpl = WebSocketImpl;
    this.state = null;          // the last `state` message
    this.seq = null;            // its seq
    this.busy = false;          // an action/resign was sent; waiting for state or error
    this.local = { selected: null, selection: [] };   // UI state kept across renders (renderers' ctx.local)
    this.renderer = null;       // the renderer module of the last render
    this.socket = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.syncRetryTimer = null; // a sync refused as too soon, sent again (onError)
    this.pingTimer = null;
    this.toastTimer = null;
    this.noticeTimer = null;
    this.stopped = false;
    this.presence = null;       // the last `presence` message: each seat online, away or offline
    this.rematch = (config && config.rematch) || { asked: [], url: null };   // a casual match's rematch
    this.baseTitle = typeof document !== "undefined" ? document.title : "";
    table.__cartelleClient = this;
    this.buildShell();
    this.access = null;         // the table in words, the command box, the keys (live tables only)
    table.addEventListener("click", (e) => this.onClick(e));
    if (typeof document !== "undefined" && document.addEventListener) {
      // Presence: the other players see "away" while this tab is hidden.
      document.addEventListener("visibilitychange", () => this.sendVisibility());
    }
  }

  /** Tell the server whether this tab is visible (docs/protocol.md, "presence"). */
  sendVisibility() {
    if (typeof document === "undefined") return;
    this.send({ type: "presence", state: document.hidden ? "away" : "online" });
  }

  /** Packet numbers ticked in Spizzichino's split phase (kept for harnesses written against it). */
  get selection() { return this.local.selection; }
  set selection(v) { this.local.selection = v; }

  // ------------------------------------------------------------ connection

  wsUrl() {
    const path = this.config.ws_path || `/ws/matches/${this.config.match_id}/`;
    if (/^wss?:\/\//.test(path)) return path;
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${window.location.host}${path}`;
  }

  connect() {
    this.stopped = false;
    clearTimeout(this.retryTimer);
    let ws;
    try {
      ws = new this.WebSocketImpl(this.wsUrl());
    } catch (err) {
      this.scheduleReconnect();
      return;
    }
    this.socket = ws;
    ws.onopen = () => {
      if (this.socket !== ws) return;
      this.attempt = 0;
      this.setConnected(true);
      this.startPing();
      if (typeof document !== "undefined" && document.hidden) this.sendVisibility();
    };
    ws.onmessage = (ev) => {
      if (this.socket !== ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch (err) { return; }
      this.handleMessage(msg);
    };
    ws.onclose = (event) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.stopPing();
      this.setBusy(false);
      this.setConnected(false);
      const refusal = refusalText(event && event.code, event && event.reason);
      if (refusal) this.showRefused(refusal);   // retrying would be refused again
      else this.scheduleReconnect();
    };
    ws.onerror = () => { /* a close event follows */ };
  }

  /** Close the socket for good (no reconnect). */
  disconnect() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.syncRetryTimer);
    this.stopPing();
    const ws = this.socket;
    this.socket = null;
    if (ws) try { ws.close(); } catch (err) { /* ignore */ }
  }

  scheduleReconnect() {
    if (this.stopped) return;
    if (this.isFinished()) {       // nothing can change any more: stay on the final state
      this.banner.hidden = true;
      return;
    }
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.banner.hidden = false;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Say why the server closed the socket and wait for the player's Retry. */
  showRefused(text) {
    this.banner.hidden = true;
    this.refusedText.textContent = text;
    this.refused.hidden = false;
  }

  retry() {
    this.refused.hidden = true;
    this.attempt = 0;
    this.connect();
  }

  setConnected(open) {
    this.table.dataset.connection = open ? "open" : "closed";
    if (open) this.banner.hidden = true;
  }

  startPing() {
    this.stopPing();
    const wait = PING_MIN_MS + Math.random() * (PING_MAX_MS - PING_MIN_MS);
    this.pingTimer = setTimeout(() => {
      this.send({ type: "ping" });
      this.startPing();
    }, wait);
  }

  stopPing() {
    clearTimeout(this.pingTimer);
    this.pingTimer = null;
  }

  send(obj) {
    const ws = this.socket;
    if (!ws || ws.readyState !== 1) return false;
    ws.send(JSON.stringify(obj));
    return true;
  }

  isFinished() {
    return !!(this.state && this.state.match && this.state.match.status === "finished");
  }

  // ------------------------------------------------------------ messages

  handleMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "state") this.onState(msg);
    else if (msg.type === "error") this.onError(msg);
    else if (msg.type === "clock") this.onClock(msg);
    else if (msg.type === "presence") this.onPresence(msg);
    else if (msg.type === "rematch") this.onRematch(msg);
    // "pong" and unknown types need nothing
  }

  /** Every seat has arrived: the first move's clock runs (the table itself did not change). */
  onClock(msg) {
    const st = this.state;
    if (!st || !st.match || msg.seq !== st.seq) return;
    st.match.move_deadline = msg.move_deadline;
    st.match.move_seconds_left = msg.move_seconds_left;
    st.match.waiting_for = msg.waiting_for || [];
    if (msg.clock) st.match.clock = msg.clock;
    this.setMoveClock(st.match);
    this.render();
  }

  /** Who asked for a rematch of this finished casual match; once it has started, a seated
   *  player still on this table is taken to it (a spectator gets a link). */
  onRematch(msg) {
    this.rematch = { asked: msg.asked || [], url: msg.url || null };
    const seated = this.config.seat !== null && this.config.seat !== undefined;
    if (this.rematch.url && seated && typeof window !== "undefined" && window.location) {
      window.location.assign(this.rematch.url);
      return;
    }
    if (this.state) this.render();
  }

  onPresence(msg) {
    this.presence = msg;
    if (this.state) this.render();
  }

  onState(msg) {
    const prev = this.state;
    this.state = msg;
    this.setMoveClock(msg.match);
    if (this.seq !== msg.seq) this.local.selected = null;   // a card picked for its choices is stale now
    this.seq = msg.seq;
    this.setBusy(false);
    const dealText = this.maybeAnnounceDeal(prev, msg);
    this.render();
    if (this.access) {
      const game = (msg.view && msg.view.game) || (msg.match && msg.match.game) || this.config.game || "";
      const viewer = msg.seat ?? this.config.seat ?? null;
      const pack = (this.renderer && this.renderer.pack) || packFor(game);
      this.access.onState(prev, msg, { name: (s) => playerName(msg, this.config, s), viewer, pack, game }, dealText);
    }
    this.syncStartBoxes(msg.match && msg.match.status);
    if (msg.match && msg.match.status === "finished" && !this.ratingChanges) this.fetchRatingChanges(0);
  }

  /** Boxes of the page outside the table that are only for a match not started yet (a
   *  league match's Ready box: `data-until-started` in templates/games/match.html) are
   *  hidden once a state says the match is live or over, without a reload. */
  syncStartBoxes(status) {
    const doc = this.table.ownerDocument;
    if (!doc || !status) return;
    for (const box of doc.querySelectorAll("[data-until-started]")) box.hidden = status !== "scheduled";
  }

  /** Once the match is over, ask (a few times, the result is recorded after commit) for the
   *  rating changes it made, for the end banner. */
  fetchRatingChanges(attempt) {
    const id = this.state && this.state.match && this.state.match.id;
    if (!id || attempt > 15 || typeof fetch === "undefined") return;
    fetch(`/matches/${id}/ratings.json`, { headers: { "X-Requested-With": "fetch" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((data) => {
        if (data && data.ready) {
          this.ratingChanges = data.changes;
          this.render();
        } else {
          setTimeout(() => this.fetchRatingChanges(attempt + 1), 2000);
        }
      })
      .catch(() => setTimeout(() => this.fetchRatingChanges(attempt + 1), 2000));
  }

  /**
   * The seat on move's time before it forfeits (match.move_seconds_left), counted down from
   * the moment the state arrived: the page's clock need not agree with the server's.
   */
  setMoveClock(match) {
    clearInterval(this.clockTimer);
    // The match clock (a Fischer clock): banks as of the turn's start, counted on here.
    this.matchClock = match && match.clock ? { ...match.clock, receivedAt: performance.now() } : null;
    const left = match && match.status === "in_progress" ? match.move_seconds_left : null;
    this.clockEnd = typeof left === "number" ? performance.now() + left * 1000 : null;
    // Rumino's claim window: the move clock starts when the window closes (its deadline
    // is the window's length later), so it stands at its full time until then.
    const claims = match && match.status === "in_progress" ? match.claims_seconds_left : null;
    this.claimsEnd = typeof claims === "number" ? performance.now() + claims * 1000 : null;
    // The round clock of an event in phases: no deal starts once it has run out.
    const round = match ? match.round_seconds_left : null;
    this.roundEnd = typeof round === "number" ? performance.now() + round * 1000 : null;
    if (this.clockEnd !== null || this.roundEnd !== null) {
      this.clockTimer = setInterval(() => this.tickMoveClock(), 1000);
    }
  }

  /** Seconds left on the move clock (whole, rounded up), or null without one. */
  moveClockSeconds() {
    if (this.clockEnd === null || this.clockEnd === undefined) return null;
    const start = Math.max(performance.now(), this.claimsEnd ?? 0);
    return Math.max(0, Math.ceil((this.clockEnd - start) / 1000));
  }

  /** Seconds left in ``seat``'s match-clock bank now (null without a match clock). */
  matchClockSeconds(seat, toAct) {
    const c = this.matchClock;
    if (!c || !Array.isArray(c.banks)) return null;
    const bank = c.banks[seat] ?? 0;
    if (seat !== toAct || !c.running) return Math.max(0, Math.ceil(bank));
    // A negative elapsed is a clock not started yet: Rumino's claim window holds it until
    // the window closes (games/claim_window.py), and the bank waits as long.
    const used = Math.max(0, c.elapsed + (performance.now() - c.receivedAt) / 1000);
    return Math.max(0, Math.ceil(bank - used));
  }

  /** Seconds left on the round clock (whole, rounded up), or null without one. */
  roundClockSeconds() {
    if (this.roundEnd === null || this.roundEnd === undefined) return null;
    return Math.max(0, Math.ceil((this.roundEnd - performance.now()) / 1000));
  }

  tickMoveClock() {
    const round = this.root && this.root.querySelector("[data-testid=round-clock]");
    const roundSecs = this.roundClockSeconds();
    if (round && roundSecs !== null) round.textContent = roundClockText(roundSecs);
    const st = this.state;
    const toAct = st && st.view ? st.view.to_act : null;
    if (this.root) {
      this.root.querySelectorAll("[data-match-clock]").forEach((cell) => {
        const secs = this.matchClockSeconds(Number(cell.dataset.matchClock), toAct);
        if (secs !== null) cell.textContent = clockText(secs);
      });
    }
    const el = this.root && this.root.querySelector("[data-testid=move-clock]");
    const secs = this.moveClockSeconds();
    if (secs === 0) {
      clearInterval(this.clockTimer);
      // The deadline has passed: a ping, a second later, has the server check it now
      // (services.match_check_clock), where no beat runs (the embedded default), so that a
      // table of three or more goes on at once without a player who has gone.
      clearTimeout(this.deadlinePing);
      this.deadlinePing = setTimeout(() => this.send({ type: "ping" }), 1000);
    }
    if (!el || secs === null) return;
    el.textContent = moveClockText(secs);
    el.classList.toggle("is-low", secs <= 30);
  }

  onError(msg) {
    this.setBusy(false);
    if (msg.code === "rate_limited" && typeof msg.retry_after === "number") {
      // A sync sent too soon after the last one: send it again when the server says,
      // without troubling the player (docs/protocol.md).
      clearTimeout(this.syncRetryTimer);
      this.syncRetryTimer = setTimeout(() => this.send({ type: "sync" }), msg.retry_after * 1000 + 50);
      return;
    }
    this.showToast(msg.message || errorText(msg.code));
    if (this.access) this.access.say(msg.message || errorText(msg.code));
    // A stale action means we missed a state: ask for it again.
    if (msg.code === "stale") this.send({ type: "sync" });
  }

  sendAction(action) {
    if (this.busy || this.seq === null) return false;
    if (!this.send({ type: "action", action, seq: this.seq })) {
      this.showToast(gettext("Not connected. Reconnecting…"));
      return false;
    }
    this.setBusy(true);
    if (this.access) this.access.sent(action);
    return true;
  }

  resign() {
    if (this.busy || !this.state) return;
    if (!window.confirm(gettext("Resign this match? Your opponent will be declared the winner."))) return;
    if (!this.send({ type: "resign", seq: this.seq })) {
      this.showToast(gettext("Not connected. Reconnecting…"));
      return;
    }
    this.setBusy(true);
  }

  setBusy(busy) {
    this.busy = busy;
    this.table.classList.toggle("is-busy", busy);
    this.table.dataset.busy = busy ? "1" : "0";
  }

  /** Show the notice of a deal just over; returns its words (null when none). */
  maybeAnnounceDeal(prev, cur) {
    if (!prev || !prev.match || !cur.match) return null;
    if (cur.match.status === "finished") {
      // The result banner says it all: a deal's notice still showing would hide it.
      clearTimeout(this.noticeTimer);
      this.noticeEl.hidden = true;
      return null;
    }
    const before = (prev.match.deals || []).length;
    const deals = cur.match.deals || [];
    if (deals.length <= before) return null;
    const d = deals[deals.length - 1];
    // One figure a side: partners hold their side's points (a pairs game's seats repeat them).
    const seats = seatList(cur);
    const sides = cur.match.sides || (cur.view && cur.view.sides) || seats.map((s) => [s]);
    const parts = sides.map((side) => `${side.map((s) => playerName(cur, this.config, s)).join(" & ")} ${signed((d.points || [])[side[0]])}`);
    const text = interpolate(gettext("Deal %(number)s over: %(points)s. New deal!"), { number: d.number, points: parts.join(" – ") }, true);
    this.showNotice(text);
    return text;
  }

  // ------------------------------------------------------------ UI shell, toast, notice

  buildShell() {
    this.table.textContent = "";
    this.table.classList.add("live-table");
    this.banner = h("div", { class: "lt-banner", role: "status", "aria-live": "polite", hidden: true, "data-testid": "reconnecting" },
      h("span", { class: "lt-spinner", "aria-hidden": "true" }), gettext("Reconnecting…"));
    this.refusedText = h("span", { class: "lt-refused-text" });
    this.refused = h("div", { class: "lt-banner lt-refused", role: "alert", hidden: true, "data-testid": "refused" },
      this.refusedText, " ",
      h("button", { type: "button", class: "btn", "data-ui": "retry" }, gettext("Retry")));
    this.noticeEl = h("div", { class: "lt-notice", role: "status", hidden: true, "data-testid": "notice" });
    this.root = h("div", { class: "lt-root" }, h("p", { class: "lt-loading" }, gettext("Connecting to the table…")));
    this.toastText = h("span", { class: "lt-toast-text" });
    this.toast = h("div", { class: "lt-toast", role: "alert", hidden: true, "data-testid": "error" },
      this.toastText,
      h("button", { type: "button", class: "lt-toast-close", "aria-label": gettext("Dismiss"), "data-ui": "close-toast" }, "×"));
    this.table.append(this.banner, this.refused, this.noticeEl, this.root, this.toast);
  }

  showToast(text) {
    this.toastText.textContent = text;
    this.toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toast.hidden = true; }, TOAST_MS);
  }

  showNotice(text) {
    this.noticeEl.textContent = text;
    this.noticeEl.hidden = false;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => { this.noticeEl.hidden = true; }, NOTICE_MS);
  }

  onClick(e) {
    const t = e.target.closest("[data-action], [data-select], [data-ui]");
    if (!t || !this.table.contains(t)) {
      this.explainRefusedCard(e.target.closest("[data-card]"));
      return;
    }
    if (t.dataset.ui === "close-toast") { this.toast.hidden = true; return; }
    if (t.dataset.ui === "retry") { this.retry(); return; }
    if (t.dataset.ui === "resign") { this.resign(); return; }
    if (t.dataset.ui === "sound") {
      try { localStorage.setItem("cartelle-turn-sound", soundOn() ? "off" : "on"); } catch (err) { /* private mode */ }
      this.render();
      return;
    }
    if (t.dataset.select !== undefined) {
      if (t.disabled || this.busy) return;
      const value = t.dataset.select;
      const focused = document.activeElement === t;
      this.select(value);
      // The redraw replaced the element: a keyboard user keeps their place (e.g. ticking
      // trumps one after another for Pinch Tarot's taròcchi).
      if (focused) {
        const again = this.table.querySelector(`[data-select="${CSS.escape(value)}"]`);
        if (again) again.focus();
      }
      return;
    }
    if (t.dataset.action) {
      e.preventDefault();
      if (t.disabled || this.busy) return;
      this.sendAction(t.dataset.action);
    }
  }

  /**
   * A click on one of the player's own cards that cannot be played now (it carries no
   * action): say so, with the rule the prompt gives (e.g. "follow Coppe"), instead of doing
   * nothing. Nothing is said when it is not the player's turn or the card is not theirs.
   */
  explainRefusedCard(card) {
    if (!card || !this.table.contains(card) || this.busy) return;
    const st = this.state;
    const view = (st && st.view) || {};
    const mine = card.closest("[data-testid=my-hand], .is-mine, .lt-hand-self");
    if (!mine || view.to_act === null || view.to_act === undefined || view.to_act !== (st && st.seat)) return;
    const prompt = this.root.querySelector("[data-testid=prompt] .lt-status-detail");
    const rule = prompt ? prompt.textContent : "";
    const name = card.getAttribute("aria-label") || card.dataset.card;
    const text = interpolate(gettext("%(card)s cannot be played now."), { card: name }, true);
    this.showToast(rule ? `${text} ${rule}` : text);
  }

  /**
   * A click on an element with data-select="<value>": the renderer's select(value, local)
   * when it has one, else a toggle of local.selected (one value at a time); then redraw.
   */
  select(value) {
    const mod = this.renderer;
    if (mod && typeof mod.select === "function") mod.select(value, this.local, this);
    else this.local.selected = this.local.selected === value ? null : value;
    this.render();
  }

  /** Spizzichino's split phase: tick/untick a packet (kept for harnesses; same as a click). */
  toggleSelection(n) {
    this.select(String(n));
  }

  // ------------------------------------------------------------ rendering

  /**
   * An action in words as the table names it, for a state `st` (default: the one shown):
   * "play KS" -> "Play Re di Picche" (the game's own actionLabel, else the cards named).
   */
  actionWords(action, st = this.state) {
    const game = (st && st.view && st.view.game) || (st && st.match && st.match.game) || this.config.game || "";
    const mod = rendererFor(game);
    try {
      return makeContext(st || {}, this.config, this, mod, game).label(action);
    } catch (err) {
      return actionText(action, packFor(game));
    }
  }

  /**
   * A move as a sentence naming its player (describe.js), for `seat`'s `action` made in
   * state `st` (default: the one shown): "frank plays the Re di Picche".
   */
  moveWords(seat, action, st = this.state) {
    const state = st || { game: this.config.game || "" };
    return describeAction(state, playerName(state, this.config, seat), action);
  }

  render() {
    const st = this.state;
    if (!st) return;
    const view = st.view || {};
    const t = this.table;
    t.dataset.seq = String(st.seq ?? "");
    t.dataset.phase = view.phase ?? "";
    t.dataset.toAct = view.to_act === null || view.to_act === undefined ? "" : String(view.to_act);
    t.dataset.status = (st.match && st.match.status) || "";
    const game = view.game || (st.match && st.match.game) || this.config.game || "";
    t.dataset.game = game;
    const mod = st.view ? rendererFor(game) : generic;
    this.renderer = mod;
    const ctx = makeContext(st, this.config, this, mod, game);
    let parts;
    try {
      parts = normalizeParts(mod.render(ctx));
    } catch (err) {
      // A renderer bug must not leave the player stuck: fall back to the generic table.
      console.error("Cartelle: the renderer failed; showing the generic table.", err);  // eslint-disable-line no-console
      const ctx2 = makeContext(st, this.config, this, generic, game);
      parts = normalizeParts(generic.render(ctx2));
      return this.root.replaceChildren(...frame(ctx2, parts));
    }
    const focus = focusKey(this.root);
    this.root.replaceChildren(...frame(ctx, parts));
    restoreFocus(this.root, focus);
    this.markTitle(ctx);
  }

  /**
   * While it is this player's turn the tab's title starts with a mark and its icon gets a
   * red dot (seen in the background); an optional sound, off by default (the "sound" switch
   * in the score panel, remembered by the browser), plays when the turn arrives.
   */
  markTitle(ctx) {
    if (typeof document === "undefined") return;
    const mine = !ctx.finished && ctx.myTurn;
    const title = mine ? `● ${gettext("Your turn")} – ${this.baseTitle}` : this.baseTitle;
    if (document.title !== title) document.title = title;
    const icon = document.getElementById("favicon");
    if (icon) {
      if (!icon.dataset.restHref) icon.dataset.restHref = icon.getAttribute("href");
      const href = mine ? icon.dataset.turnHref : icon.dataset.restHref;
      if (href && icon.getAttribute("href") !== href) icon.setAttribute("href", href);
      this.table.dataset.turnMarked = mine ? "1" : "0";
    }
    if (mine && !this.wasMyTurn && soundOn()) playTurnSound();
    this.wasMyTurn = mine;
  }
}

// ---------------------------------------------------------------- focus

/**
 * What the focused element of the table is (its action, selection, card or test id), so
 * that the same element of the redrawn table gets the focus back; null when the focus is
 * not in the table.
 */
export function focusKey(root) {
  const doc = root.ownerDocument;
  const el = doc && doc.activeElement;
  if (!el || !root.contains(el) || el === root) return null;
  const inHand = !!el.closest("[data-testid=my-hand]");
  for (const attr of ["data-action", "data-select", "data-card", "data-testid", "data-ui"]) {
    const value = el.getAttribute(attr);
    if (value) return { attr, value, inHand, card: el.getAttribute("data-card") };
  }
  return { attr: null, inHand, card: null };
}

/**
 * Give the focus back after a redraw: to the same element, else (it is gone, e.g. the card
 * was played) to a playable card of the hand, the first move, or the status line, never
 * to <body>.
 */
export function restoreFocus(root, key) {
  if (!key) return;
  const doc = root.ownerDocument;
  if (doc.activeElement && doc.activeElement !== doc.body && root.contains(doc.activeElement)) return;
  const sel = (attr, value) => `[${attr}="${CSS.escape(value)}"]`;
  let el = null;
  if (key.attr && key.value !== "prompt") {
    const found = [...root.querySelectorAll(sel(key.attr, key.value))];
    el = found.find((x) => !!x.closest("[data-testid=my-hand]") === key.inHand) || found[0] || null;
  }
  if (el && el.disabled) el = null;
  if (!el) {
    // Not a move folded away on a phone (`foldable`): it cannot take the focus.
    el = root.querySelector("[data-testid=my-hand] button.legal:not([disabled])")
      || [...root.querySelectorAll(".lt-felt button[data-action]:not([disabled])")].find((b) => !b.closest("details:not([open])"))
      || root.querySelector("[data-testid=my-hand] button:not([disabled])");
  }
  if (!el) el = root.querySelector("[data-testid=prompt]") || root.querySelector("[data-testid=match-over] h2");
  if (!el) return;
  el.focus({ preventScroll: true });
  if (doc.activeElement !== el) {
    el.setAttribute("tabindex", "-1");   // a placeholder: the status line, the banner's title
    el.focus({ preventScroll: true });
  }
}

// ---------------------------------------------------------------- context

function errorText(code) {
  return {
    malformed: gettext("The server did not understand that message."),
    too_large: gettext("Message too large."),
    rate_limited: gettext("Too many messages; slow down."),
    not_seated: gettext("Spectators cannot play."),
    not_your_turn: gettext("It is not your turn."),
    stale: gettext("The table changed; refreshed."),
    illegal_action: gettext("That move is not allowed."),
    match_not_live: gettext("The match is not in play."),
    gone: gettext("You have left this table: the computer plays your seat to the end."),
  }[code] || gettext("Something went wrong.");
}

function seatList(st) {
  const view = st.view || {};
  const n = view.seats || (view.players || []).length || ((st.match && st.match.players) || []).length || 2;
  return Array.from({ length: n }, (_, i) => i);
}

function playerName(st, config, seat) {
  const lists = [(st && st.match && st.match.players) || [], config.players || []];
  for (const list of lists) {
    const p = list.find((x) => x.seat === seat);
    if (p && p.username) {
      const name = p.computer && p.name ? interpolate(gettext("%(name)s (computer)"), { name: p.name }, true) : p.username;
      return p.gone ? goneLabel(st, name) : name;
    }
  }
  return interpolate(gettext("Seat %(number)s"), { number: seat + 1 }, true);
}

/** A gone player's name as every label shows it (docs/protocol.md, `players[].gone`): the
 * computer plays the seat to the end, or, in a banking game (its view lists `away`), the
 * seat sits out. */
function goneLabel(st, username) {
  const banking = Array.isArray(st && st.view && st.view.away);
  return interpolate(banking
    ? gettext("%(player)s (gone · sits out)")
    : gettext("%(player)s (gone · played by the computer)"), { player: username }, true);
}

/** The `ctx` handed to a renderer; docs/frontend.md lists its fields. */
function makeContext(st, config, client, mod, game) {
  const view = st.view || {};
  const match = st.match || {};
  let viewer = st.seat;
  if (viewer === undefined) viewer = view.viewer;
  if (viewer === undefined) viewer = config.seat;
  if (viewer === undefined) viewer = null;
  const legalList = view.legal_actions || [];
  const finished = match.status === "finished";
  const live = !finished && match.status !== "scheduled";
  // A player who has gone watches their seat, played by the computer: no moves of theirs.
  const gone = viewer !== null && (match.players || []).some((p) => p.seat === viewer && p.gone);
  const myTurn = live && !gone && viewer !== null && view.to_act === viewer && legalList.length > 0;
  const pack = (mod && mod.pack) || packFor(game);
  const seats = seatList(st);
  const name = (seat) => playerName(st, config, seat);
  // Sides: [[0], [1]] without partnerships, [[0, 2], [1, 3]] with; scores and the winner are per side.
  const sides = match.sides || view.sides || seats.map((s) => [s]);
  const sideOf = (seat) => Math.max(0, sides.findIndex((side) => side.includes(seat)));
  const sideName = (side) => (sides[side] || [side]).map(name).join(" & ");
  const ctx = {
    st, view, match, config, client, game, pack, viewer, seat: viewer, finished, live, myTurn,
    state: st,
    legal: new Set(myTurn ? legalList : []),
    legalList: myTurn ? legalList : [],
    used: new Set(),                 // actions already attached to an element
    seats,
    names: seats.map(name),
    name,
    sides,
    sideOf,
    sideName,
    partnerships: sides.some((side) => side.length > 1),
    isMe: (seat) => viewer !== null && seat === viewer,
    local: client.local,
    selected: client.local.selected,
    pending: new Map(),              // card -> its several actions (see cardOffer)
    /** Take an action for an element if it is legal and not yet used; records it as used. */
    act(action) {
      if (this.legal.has(action) && !this.used.has(action)) { this.used.add(action); return action; }
      return null;
    },
    /** Mark legal actions as offered some other way (kept out of the "other moves" row). */
    claim(actions) {
      for (const a of [].concat(actions)) if (this.legal.has(a)) this.used.add(a);
    },
    /** Send an action now (what a click on a [data-action] element does). */
    send(action) { return client.sendAction(action); },
    /** Redraw after a change to ctx.local made outside a data-select click. */
    rerender() { client.render(); },
    // helpers bound to the game's pack
    card(code, options = {}) { return makeCard(code, { pack, ...options }); },
    cardName(code) { return cardName(code, pack); },
    isCard(code) { return !!parseCard(code, pack); },
    seatLabel(seat) { return seatLabel(seat, { names: name, me: viewer }); },
    /** A readable label for an action: the renderer's actionLabel(action, ctx), else actionText. */
    label(action) {
      const own = mod && typeof mod.actionLabel === "function" ? mod.actionLabel(action, this) : null;
      return own || actionText(action, pack);
    },
    /**
     * makeCard options for a card that some legal actions play (e.g. every "capture 7D ..."):
     *   none -> {} (not clickable); one -> {action, classes: ["legal"]};
     *   several -> a button with data-select="<code>" that opens a choice list of those
     *   actions (placed by pendingChoices(), or by the core after the felt).
     */
    cardOffer(code, actions) {
      const list = [].concat(actions || []).filter((a) => this.legal.has(a) && !this.used.has(a));
      if (!list.length) return {};
      if (list.length === 1) { this.used.add(list[0]); return { action: list[0], classes: ["legal"] }; }
      list.forEach((a) => this.used.add(a));
      this.pending.set(code, list);
      const on = this.selected === code;
      return {
        button: true, dataset: { select: code, choices: list.length },
        classes: ["legal", "has-choices", on ? "selected" : null],
        label: interpolate(gettext("%(count)s ways to play"), { count: list.length }, true),
      };
    },
    /**
     * Where the choice list for the card picked with cardOffer() goes: returns a slot element
     * (display: contents) that the core fills once render() has returned, so it may be called
     * before or after the cardOffer() calls. Without it, the list goes at the end of the felt.
     *   options: {title: "Play Sette di Denari:", label: (action) => text}
     */
    pendingChoices(options = {}) {
      this.choiceOptions = options;
      this.choiceSlot = h("div", { class: "lt-choices-slot" });
      return this.choiceSlot;
    },
    choiceSlot: null,
    choiceOptions: {},
  };
  return ctx;
}

/** A renderer may return {felt, ...}, or just the felt's content (an element or an array). */
function normalizeParts(out) {
  if (out === null || out === undefined) return { felt: [] };
  if (Array.isArray(out) || (typeof Node !== "undefined" && out instanceof Node)) return { felt: out };
  return out;
}

// ---------------------------------------------------------------- the frame

function frame(ctx, parts) {
  const { view } = ctx;
  const prompt = parts.prompt || defaultPrompt(ctx);
  let choices = selectedChoices(ctx);
  if (ctx.choiceSlot && choices) { ctx.choiceSlot.replaceChildren(choices); choices = null; }
  const extra = leftoverActions(ctx, parts.handles || (() => false));
  const felt = h("div", {
    class: ["lt-felt", ctx.myTurn ? "is-my-turn" : null, view.phase === "over" ? "is-over" : null, ...(parts.feltClass || [])],
  }, parts.felt, choices, extra);
  return [
    ctx.finished ? matchOverBanner(ctx) : statusBar(ctx, prompt),
    h("div", { class: "lt-layout" }, felt, scorePanel(ctx, parts, prompt)),
  ].filter(Boolean);
}

/** The choice list of the card the player picked (cardOffer with several actions), or null. */
function selectedChoices(ctx) {
  const code = ctx.selected;
  const list = code !== null && code !== undefined ? ctx.pending.get(code) : null;
  if (!list) return null;
  const { title = null, label = null } = ctx.choiceOptions || {};
  return choiceList({
    pack: ctx.pack,
    title: title || interpolate(gettext("Play %(card)s:"), { card: cardName(code, ctx.pack) }, true),
    cancel: gettext("Cancel"),
    cancelSelect: code,
    choices: list.map((a) => ({
      action: a,
      label: label ? label(a) : ctx.label(a),
      cards: actionCards(a, ctx.pack).filter((c) => c !== code),
    })),
  });
}

function defaultPrompt(ctx) {
  const { view, match } = ctx;
  if (match.status === "scheduled" || !ctx.st.view) return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  if (ctx.myTurn) return { text: gettext("Your turn"), mine: true };
  if (view.to_act === null || view.to_act === undefined) return { text: view.phase === "over" ? gettext("Deal over") : gettext("Waiting…"), mine: false };
  return { text: toPlay(ctx.name(view.to_act)), mine: false };
}

function defaultWhose(ctx, prompt) {
  const { view } = ctx;
  if (ctx.finished) return gettext("Match over");
  if (view.to_act === null || view.to_act === undefined) return prompt.text;
  if (ctx.isMe(view.to_act)) return gettext("Your turn");
  return toPlay(ctx.name(view.to_act));
}

/** "Anna to play". */
function toPlay(name) {
  return interpolate(gettext("%(player)s to play"), { player: name }, true);
}

/** "1:05 to move": what the move clock shows for `secs` seconds left. */
/** Whether the player asked for a sound when their turn comes (off by default). */
function soundOn() {
  try { return globalThis.localStorage && localStorage.getItem("cartelle-turn-sound") === "on"; } catch (err) { return false; }
}

/** A short two-note chime (Web Audio: nothing to download). */
function playTurnSound() {
  try {
    const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    [660, 880].forEach((frequency, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + i * 0.15);
      osc.stop(audio.currentTime + i * 0.15 + 0.12);
    });
  } catch (err) { /* no sound, no harm */ }
}

function soundSwitch(ctx) {
  if (ctx.viewer === null || ctx.finished) return null;
  const on = soundOn();
  return h("button", {
    type: "button", class: ["btn", "btn-small", "lt-sound"], "data-ui": "sound", "data-testid": "sound-switch",
    "aria-pressed": on ? "true" : "false", title: gettext("A sound when your turn comes"),
  }, on ? gettext("Sound on") : gettext("Sound off"));
}

/** Seconds as "m:ss"; an hour or more as "h:mm:ss", a day or more as "2 d 3 h" (a long
 *  grace read "10069:34"). */
function clockText(secs) {
  const total = Math.max(0, Math.floor(secs));
  if (total >= 86400) {
    return interpolate(gettext("%(days)s d %(hours)s h"), { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600) }, true);
  }
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The round clock's words: the time left, or that no deal starts any more. */
function roundClockText(secs) {
  return secs > 0
    ? interpolate(gettext("Round: %(time)s left"), { time: clockText(secs) }, true)
    : gettext("Round time is up: the deal in play is the last");
}

function moveClockText(secs) {
  return interpolate(gettext("%(time)s to move"), { time: clockText(secs) }, true);
}

/** A seat's presence: a dot, green online, amber away (tab hidden), grey offline, with how long. */
function presenceDot(ctx, seat) {
  const p = ctx.client.presence && ctx.client.presence.seats && ctx.client.presence.seats[String(seat)];
  if (!p || ctx.finished) return null;
  const labels = { online: gettext("online"), away: gettext("away (tab hidden)"), offline: gettext("disconnected") };
  let title = labels[p.status] || p.status;
  if (p.status !== "online" && p.since) {
    const minutes = Math.max(0, Math.round((Date.now() - Date.parse(p.since)) / 60000));
    title = interpolate(ngettext("%(state)s for %(n)s minute", "%(state)s for %(n)s minutes", minutes), { state: title, n: minutes }, true);
  }
  return h("span", { class: ["lt-presence", `is-${p.status}`], role: "img", title, "aria-label": title, "data-testid": `presence-${seat}`, "data-presence": p.status });
}

/** The seat's player's rating in the match's game (state match.players[].rating), or null. */
function ratingOf(ctx, seat) {
  const p = ((ctx.match && ctx.match.players) || []).find((q) => q.seat === seat);
  return p && typeof p.rating === "number" ? p.rating : null;
}

function waitingLine(ctx) {
  const waiting = (ctx.match && ctx.match.waiting_for) || [];
  if (!waiting.length || ctx.finished) return null;
  const names = waiting.map((s) => ctx.name(s)).join(", ");
  return h("span", { class: "lt-status-detail", "data-testid": "waiting-for" },
    interpolate(gettext("Waiting for %(names)s to arrive: the move clock starts when everyone is here"), { names }, true));
}

/** What the prompt adds about the player on move when they are away or disconnected (a
 *  gone seat's name says so already, `goneLabel`): the time left before the computer plays
 *  for them (a table of three or more of one seat a side) or
 *  before the match is lost by forfeit (two players, partnerships). Null otherwise.
 *  `match`: the state's match; `presence`: {seat: {status}}; `secs`: move clock or null. */
export function awayText(match, presence, toAct, name, secs) {
  if (toAct === null || toAct === undefined || !match || match.status !== "in_progress") return null;
  const player = (match.players || []).find((p) => p.seat === toAct);
  if (player && player.gone) return null;
  const p = presence && presence[String(toAct)];
  if (!p || p.status === "online" || secs === null || secs === undefined) return null;
  const sides = match.sides || [];
  const goesOn = sides.length >= 3 && sides.every((side) => side.length === 1);
  const text = goesOn
    ? gettext("%(player)s is away: %(time)s before the computer plays for them")
    : gettext("%(player)s is away: %(time)s before the match is lost by forfeit");
  return interpolate(text, { player: name, time: clockText(secs) }, true);
}

function statusBar(ctx, prompt) {
  const secs = ctx.client.moveClockSeconds();
  const toAct = ctx.view ? ctx.view.to_act : null;
  const away = ctx.isMe(toAct) ? null : awayText(ctx.match, ctx.client.presence && ctx.client.presence.seats, toAct, toAct === null || toAct === undefined ? "" : ctx.name(toAct), secs);
  const clock = secs === null ? null : h("span", {
    class: ["lt-move-clock", secs <= 30 ? "is-low" : null], "data-testid": "move-clock",
    title: gettext("Time the player on move has left; past it the match is lost by forfeit"),
  }, moveClockText(secs));
  return h("div", { class: ["lt-status", prompt.mine ? "is-mine" : null], "data-testid": "prompt" },
    h("span", { class: "lt-status-text", "data-testid": "turn" }, prompt.text),
    prompt.detail ? h("span", { class: "lt-status-detail" }, prompt.detail) : null,
    away ? h("span", { class: "lt-status-detail lt-away", "data-testid": "away" }, away) : null,
    waitingLine(ctx),
    clock,
    ctx.viewer === null ? h("span", { class: "badge neutral lt-spectating" }, gettext("Spectating")) : null);
}

function scoreLine(scores, first, count, sideName = null, places = null) {
  const all = Array.from({ length: count }, (_, i) => i);
  const order = [first, ...all.filter((s) => s !== first)];
  const value = (s) => (scores || [])[s] ?? 0;
  if (count > 2 && sideName) {
    // A table of three or more: each side named with its total, in the order the match
    // placed them (in Rumino low scores are good, and who went out first places last);
    // without places, the highest total first (chips may be negative).
    const placed = Array.isArray(places) && places.length === count;
    const rest = order.slice(1).sort((a, b) => (placed ? places[a] - places[b] : 0) || value(b) - value(a));
    return [first, ...rest].map((s) => `${sideName(s)} ${String(value(s)).replace("-", "−")}`).join(" · ");
  }
  return joinScores(order.map(value));
}

/** The end banner's rematch: the button (or, once this seat has asked, what it waits for),
 *  who else asked, and the new match's link once it has started. */
function rematchControl(ctx) {
  const rematch = ctx.client.rematch || { asked: [], url: null };
  if (rematch.url) {
    return h("a", { class: "btn btn-primary", href: rematch.url, "data-testid": "rematch-link" }, gettext("Go to the rematch"));
  }
  if (ctx.viewer === null || typeof document === "undefined" || !document.getElementById("rematch-form")) return null;
  const others = (rematch.asked || []).filter((s) => s !== ctx.viewer).map((s) => ctx.name(s));
  if ((rematch.asked || []).includes(ctx.viewer)) {
    return h("span", { class: "muted", "data-testid": "rematch-waiting" }, gettext("Rematch asked: waiting for the others."));
  }
  const label = others.length
    ? interpolate(gettext("Accept the rematch (%(players)s asked)"), { players: others.join(", ") }, true)
    : gettext("Rematch");
  return h("button", { type: "submit", form: "rematch-form", class: "btn btn-primary", "data-testid": "rematch" }, label);
}

function matchOverBanner(ctx) {
  const { match, config } = ctx;
  const w = match.winner;
  const scores = match.scores || [];
  let title;
  let sub = "";
  if (w === null || w === undefined) {
    title = gettext("Match over");
    sub = interpolate(gettext("Final score %(score)s"), { score: joinScores(ctx.sides.map((_, side) => scores[side] ?? 0)) }, true);
  } else {
    // w is the winning side: its seat where every side is one seat.
    const count = ctx.sides.length;
    const winner = ctx.sideName(w);
    // A pair wins ("Anna & Bruno win"), one player wins ("Anna wins"): ngettext by side size.
    const size = ctx.sides[w] ? ctx.sides[w].length : 1;
    const losers = ctx.sides.map((_, side) => side).filter((side) => side !== w).map(ctx.sideName).join(` ${gettext("and")} `);
    const left = match.places && match.places.length ? ctx.sideName(match.places.indexOf(Math.max(...match.places))) : losers;
    const line = scoreLine(scores, w, count, ctx.sideName, match.places);
    if (match.reason === "resigned") {
      title = interpolate(ngettext("%(winner)s wins by resignation", "%(winner)s win by resignation", size), { winner }, true);
      sub = interpolate(gettext("%(loser)s resigned · score %(score)s"), { loser: left, score: line }, true);
    } else if (match.reason === "forfeit") {
      title = interpolate(ngettext("%(winner)s wins by forfeit", "%(winner)s win by forfeit", size), { winner }, true);
      sub = interpolate(gettext("%(loser)s forfeited · score %(score)s"), { loser: left, score: line }, true);
    } else {
      const n = (match.deals || []).length || match.deal_number || 1;
      // Level scores (Rumino's game won by a rumino at 0–0) say nothing in the title.
      const level = ctx.sides.every((_, side) => (scores[side] ?? 0) === (scores[0] ?? 0));
      title = count > 2 || level
        ? interpolate(ngettext("%(winner)s wins", "%(winner)s win", size), { winner }, true)
        : interpolate(ngettext("%(winner)s wins %(score)s", "%(winner)s win %(score)s", size), { winner, score: line }, true);
      sub = count > 2
        ? interpolate(ngettext("final totals after %(count)s deal: %(score)s", "final totals after %(count)s deals: %(score)s", n), { count: n, score: line }, true)
        : interpolate(ngettext("final score after %(count)s deal", "final score after %(count)s deals", n), { count: n }, true);
      // The event's round clock ran out: the deal in progress was scored as it stood.
      const last = match.last_result && match.last_result.result;
      if (last && last.stopped) sub = `${sub} · ${gettext("time was up: the last deal was scored as it stood")}`;
    }
    if (ctx.viewer !== null && ctx.sideOf(ctx.viewer) === w) {
      sub = interpolate(gettext("Well played! %(details)s"), { details: `${sub[0].toUpperCase()}${sub.slice(1)}` }, true);
    }
  }
  const standings = config.standings_url || (match.tournament && match.tournament.url) || null;
  const changes = ctx.client.ratingChanges;
  const ratingLine = changes ? h("p", { class: "lt-over-rating", "data-testid": "rating-changes" },
    ctx.seats.filter((s) => changes[String(s)]).map((s) => {
      const c = changes[String(s)];
      const sign = c.change > 0 ? "+" : (c.change < 0 ? "−" : "±");
      return interpolate(gettext("%(player)s %(change)s (now %(after)s)"),
        { player: ctx.isMe(s) ? gettext("your rating") : ctx.name(s), change: `${sign}${Math.abs(c.change)}`, after: c.after }, true);
    }).join(" · ")) : null;
  return h("section", { class: "lt-over", "data-testid": "match-over" },
    h("div", { class: "lt-over-text" },
      h("h2", { class: "lt-over-title" }, title),
      h("p", { class: "lt-over-sub" }, sub),
      ratingLine),
    h("div", { class: "lt-over-links" },
      standings ? h("a", { class: "btn btn-primary", href: standings, "data-testid": "standings-link" }, gettext("View standings")) : null,
      rematchControl(ctx),
      ctx.viewer !== null ? h("a", { class: "btn", href: "/matches/", "data-testid": "next-match-link" }, gettext("Your next match")) : null,
      ctx.viewer !== null && config.username ? h("a", { class: "btn", href: `/players/${encodeURIComponent(config.username)}/`, "data-testid": "rating-link" }, gettext("Your rating")) : null));
}

function scorePanel(ctx, parts, prompt) {
  const { view, match } = ctx;
  const columns = parts.columns || [];
  const rows = ctx.seats.map((s) => {
    const toAct = !ctx.finished && view.to_act === s;
    return h("tr", { class: [toAct ? "is-turn" : null, ctx.isMe(s) ? "is-me" : null], "data-seat": String(s) },
      h("th", { scope: "row" },
        toAct ? h("span", { class: "lt-turn-dot", "aria-hidden": "true" }) : null,
        presenceDot(ctx, s),
        ctx.name(s),
        ratingOf(ctx, s) ? h("span", { class: "muted lt-rating", title: gettext("Rating in this game"), "data-testid": `rating-${s}` }, ` ${ratingOf(ctx, s)}`) : null,
        view.dealer === s ? h("span", { class: "chip chip-dealer chip-tiny", title: gettext("Dealer") }, pgettext("the dealer's chip, one letter", "D")) : null),
      ctx.partnerships ? h("td", { class: "lt-side-mark", title: ctx.sideName(ctx.sideOf(s)) }, "AB"[ctx.sideOf(s)] || String(ctx.sideOf(s) + 1)) : null,
      h("td", { class: "num lt-score", "data-testid": `score-${s}` }, signed((match.scores || [])[ctx.sideOf(s)] ?? 0)),
      columns.map((c) => h("td", { class: "num" }, c.value(s))),
      match.clock ? h("td", {
        class: ["num", "lt-match-clock", toAct ? "is-running" : null], "data-match-clock": String(s), "data-testid": `match-clock-${s}`,
      }, clockText(ctx.client.matchClockSeconds(s, ctx.finished ? null : view.to_act) ?? 0)) : null);
  });
  const whose = parts.whose || defaultWhose(ctx, prompt);
  // On a phone the panel folds away under the felt (a tap opens it): the hand and the
  // trick come first.
  return h("aside", { class: "lt-side" },
    foldable({ key: "scores", summary: gettext("Scores, previous deals and notes"), testid: "scores-panel", classes: ["lt-scores-fold"], unfold: match.status === "finished" },
    h("section", { class: "lt-panel", "data-testid": "scores" },
      h("div", { class: "lt-panel-head" },
        h("h3", {}, match.game_name || gameTitle(ctx.game)),
        h("span", { class: "muted" }, [match.deal_number ? dealLabel(match.deal_number) : null, match.deal_limit ? interpolate(gettext("of %(deals)s"), { deals: match.deal_limit }, true) : null, match.target && !match.deal_limit ? interpolate(gettext("to %(target)s"), { target: match.target }, true) : null].filter(Boolean).join(" · "))),
      typeof match.round_seconds_left === "number" ? h("p", { class: "lt-round-clock", "data-testid": "round-clock", role: "timer" },
        roundClockText(ctx.client.roundClockSeconds() ?? Math.ceil(match.round_seconds_left))) : null,
      match.watching ? h("p", { class: "muted lt-watching", "data-testid": "watching" },
        interpolate(ngettext("%(n)s watching", "%(n)s watching", match.watching), { n: match.watching }, true)) : null,
      h("div", { class: ["lt-whose", prompt.mine ? "is-mine" : null], "data-testid": "whose-turn" }, whose),
      h("table", { class: ["lt-score-table", match.clock || ctx.partnerships || columns.length > 1 ? "is-wide" : null] },
        h("thead", {}, h("tr", {},
          h("th", {}, gettext("Player")),
          ctx.partnerships ? h("th", { title: gettext("Side (partners share the score)") }, gettext("Side")) : null,
          h("th", { class: "num", title: ctx.partnerships ? gettext("Match score of the side") : gettext("Match score") }, gettext("Score")),
          columns.map((c) => h("th", { class: "num", title: c.title || null }, c.label)),
          match.clock ? h("th", { class: "num", title: interpolate(gettext("Time left in the match (a Fischer clock, +%(increment)s s a move)"), { increment: match.clock.increment }, true) }, gettext("Clock")) : null)),
        h("tbody", {}, rows)),
      parts.panel || null,
      dealsList(ctx),
      tournamentLine(ctx),
      soundSwitch(ctx))),
    resignButton(ctx));
}

function gameTitle(game) {
  if (!game) return gettext("Match");
  return game.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

function dealsList(ctx) {
  const deals = ctx.match.deals || [];
  if (!deals.length) return null;
  // A deal stopped by the event's round clock can only be the match's last.
  const last = ctx.match.last_result && ctx.match.last_result.result;
  const stopped = last && last.stopped ? deals[deals.length - 1].number : null;
  return h("div", { class: "lt-deals" },
    h("h4", {}, gettext("Previous deals")),
    h("ol", { class: "lt-deal-list", "data-testid": "deals" },
      deals.slice().reverse().map((d) =>
        h("li", {}, h("span", { class: "muted" }, dealLabel(d.number)), " ",
          // A deal's points are per seat; partners hold their side's: one figure a side.
          h("strong", {}, ctx.sides.map((side, i) => `${ctx.sideName(i)} ${signed((d.points || [])[side[0]] ?? 0)}`).join(" · ")), " ",
          ctx.match.id && !ctx.match.replay ? h("a", {
            class: "lt-replay-link", href: `/matches/${ctx.match.id}/deals/${d.number}/`,
            "data-testid": `replay-${d.number}`, title: gettext("Step through this deal, every hand shown"),
          }, gettext("replay")) : null,
          d.number === stopped ? h("span", { class: "muted", "data-testid": "deal-stopped" }, ` · ${gettext("stopped at time, scored as it stood")}`) : null))));
}

/** Whether this viewer may resign now: a seated player of a match started and not over
 *  (not a league pairing still waiting for Ready). */
export function mayResign(ctx) {
  return !(ctx.viewer === null || ctx.finished || (ctx.match && ctx.match.status === "scheduled"));
}

function resignButton(ctx) {
  if (!mayResign(ctx)) return null;
  return h("button", { type: "button", class: "btn btn-danger lt-resign", "data-ui": "resign", "data-testid": "resign" }, gettext("Resign"));
}

/** "Deal 3". */
function dealLabel(number) {
  return interpolate(gettext("Deal %(number)s"), { number }, true);
}

function tournamentLine(ctx) {
  const t = ctx.match.tournament;
  if (!t) return null;
  return h("p", { class: "lt-tournament" },
    t.url ? h("a", { href: t.url }, t.name) : t.name,
    t.round ? h("span", { class: "muted" }, ` · ${interpolate(gettext("round %(number)s"), { number: t.round }, true)}`) : null);
}

/** Buttons for legal actions no element of the view carries (a safety net for every game). */
function leftoverActions(ctx, skip = () => false) {
  const rest = ctx.legalList.filter((a) => !ctx.used.has(a) && !skip(a));
  if (!rest.length) return null;
  return h("div", { class: "lt-extra", "data-testid": "other-actions" },
    h("span", { class: "muted" }, gettext("Moves:")),
    rest.map((a) => { ctx.used.add(a); return h("button", { type: "button", class: "btn btn-small", "data-action": a }, ctx.label(a)); }));
}

// ---------------------------------------------------------------- auto-start

function autoStart() {
  const table = document.getElementById("table");
  const cfgEl = document.getElementById("match-config");
  if (!table || !cfgEl || table.__cartelleClient) return;
  let config;
  try { config = JSON.parse(cfgEl.textContent); } catch (err) { return; }
  mount(table, config);
}

if (typeof document !== "undefined" && !globalThis.CARTELLE_NO_AUTOSTART) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", autoStart);
  else autoStart();
}
