// Cartelle live match page.
//
// Connects to the match WebSocket (docs/protocol.md), redraws #table from every `state`
// message and sends the player's choices as `action` messages. The server is authoritative:
// the client keeps nothing but the last `state` (and, in the split phase, which packets the
// player has ticked before confirming).
//
// Auto-starts when the page has <div id="table"> and <script id="match-config">
// (Django's json_script). For tests and harnesses: `mount(tableEl, config, {connect: false})`
// returns a controller whose `.handleMessage(msg)` feeds a state/error message by hand.

import {
  h, makeCard, makeBack, makePile, cardName, suitName, rankName, parseCard, formatThirds, sortCards,
} from "./live-table.js";

const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];
const PING_MS = 25000;
const TOAST_MS = 7000;
const NOTICE_MS = 9000;

/** Tressette-family strength order, strongest first: how Spizzichino players sort a hand. */
const SPIZZICHINO_RANKS = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"];
const SPIZZICHINO_SUITS = ["D", "C", "H", "S"];

/**
 * Start the live table in `tableEl`.
 *   config: {match_id, ws_path, seat, game, players: [{seat, username}], standings_url}
 *   options: {connect: true, WebSocketImpl: window.WebSocket}
 * Returns the MatchClient.
 */
export function mount(tableEl, config, { connect = true, WebSocketImpl = globalThis.WebSocket } = {}) {
  const client = new MatchClient(tableEl, config || {}, WebSocketImpl);
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

export class MatchClient {
  constructor(table, config, WebSocketImpl) {
    this.table = table;
    this.config = config;
    this.WebSocketImpl = WebSocketImpl;
    this.state = null;          // the last `state` message
    this.seq = null;            // its seq
    this.busy = false;          // an action/resign was sent; waiting for state or error
    this.selection = [];        // split phase: packet numbers ticked by the player
    this.socket = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.toastTimer = null;
    this.noticeTimer = null;
    this.stopped = false;
    table.__cartelleClient = this;
    this.buildShell();
    table.addEventListener("click", (e) => this.onClick(e));
  }

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
    };
    ws.onmessage = (ev) => {
      if (this.socket !== ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch (err) { return; }
      this.handleMessage(msg);
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.stopPing();
      this.setBusy(false);
      this.setConnected(false);
      this.scheduleReconnect();
    };
    ws.onerror = () => { /* a close event follows */ };
  }

  /** Close the socket for good (no reconnect). */
  disconnect() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
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

  setConnected(open) {
    this.table.dataset.connection = open ? "open" : "closed";
    if (open) this.banner.hidden = true;
  }

  startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
  }

  stopPing() {
    clearInterval(this.pingTimer);
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
    // "pong" and unknown types need nothing
  }

  onState(msg) {
    const prev = this.state;
    this.state = msg;
    this.seq = msg.seq;
    this.setBusy(false);
    this.maybeAnnounceDeal(prev, msg);
    this.render();
  }

  onError(msg) {
    this.setBusy(false);
    this.showToast(msg.message || errorText(msg.code));
    // A stale action means we missed a state: ask for it again.
    if (msg.code === "stale") this.send({ type: "sync" });
  }

  sendAction(action) {
    if (this.busy || this.seq === null) return;
    if (!this.send({ type: "action", action, seq: this.seq })) {
      this.showToast("Not connected. Reconnecting…");
      return;
    }
    this.setBusy(true);
  }

  resign() {
    if (this.busy || !this.state) return;
    if (!window.confirm("Resign this match? Your opponent will be declared the winner.")) return;
    if (!this.send({ type: "resign", seq: this.seq })) {
      this.showToast("Not connected. Reconnecting…");
      return;
    }
    this.setBusy(true);
  }

  setBusy(busy) {
    this.busy = busy;
    this.table.classList.toggle("is-busy", busy);
    this.table.dataset.busy = busy ? "1" : "0";
  }

  maybeAnnounceDeal(prev, cur) {
    if (!prev || !prev.match || !cur.match) return;
    const before = (prev.match.deals || []).length;
    const deals = cur.match.deals || [];
    if (deals.length <= before || cur.match.status === "finished") return;
    const d = deals[deals.length - 1];
    const seats = seatList(cur);
    const parts = seats.map((s) => `${playerName(cur, this.config, s)} ${(d.points || [])[s] ?? 0}`);
    this.showNotice(`Deal ${d.number} over: ${parts.join(" – ")}. New deal!`);
  }

  // ------------------------------------------------------------ UI shell, toast, notice

  buildShell() {
    this.table.textContent = "";
    this.table.classList.add("live-table");
    this.banner = h("div", { class: "lt-banner", role: "status", "aria-live": "polite", hidden: true, "data-testid": "reconnecting" },
      h("span", { class: "lt-spinner", "aria-hidden": "true" }), "Reconnecting…");
    this.noticeEl = h("div", { class: "lt-notice", role: "status", hidden: true, "data-testid": "notice" });
    this.root = h("div", { class: "lt-root" }, h("p", { class: "lt-loading" }, "Connecting to the table…"));
    this.toastText = h("span", { class: "lt-toast-text" });
    this.toast = h("div", { class: "lt-toast", role: "alert", hidden: true, "data-testid": "error" },
      this.toastText,
      h("button", { type: "button", class: "lt-toast-close", "aria-label": "Dismiss", "data-ui": "close-toast" }, "×"));
    this.table.append(this.banner, this.noticeEl, this.root, this.toast);
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
    if (!t || !this.table.contains(t)) return;
    if (t.dataset.ui === "close-toast") { this.toast.hidden = true; return; }
    if (t.dataset.ui === "resign") { this.resign(); return; }
    if (t.dataset.select !== undefined) {
      this.toggleSelection(Number(t.dataset.select));
      return;
    }
    if (t.dataset.action) {
      e.preventDefault();
      if (t.disabled || this.busy) return;
      this.sendAction(t.dataset.action);
    }
  }

  toggleSelection(n) {
    const i = this.selection.indexOf(n);
    if (i >= 0) this.selection.splice(i, 1);
    else {
      this.selection.push(n);
      if (this.selection.length > 2) this.selection.shift();
    }
    this.render();
  }

  // ------------------------------------------------------------ rendering

  render() {
    const st = this.state;
    if (!st) return;
    const view = st.view || {};
    const t = this.table;
    t.dataset.seq = String(st.seq ?? "");
    t.dataset.phase = view.phase ?? "";
    t.dataset.toAct = view.to_act === null || view.to_act === undefined ? "" : String(view.to_act);
    t.dataset.status = (st.match && st.match.status) || "";
    t.dataset.game = view.game || (st.match && st.match.game) || this.config.game || "";
    const ctx = makeContext(st, this.config, this);
    const renderer = (st.view && RENDERERS[view.game]) || renderGeneric;
    const content = renderer(ctx);
    this.root.replaceChildren(...content);
  }
}

// ---------------------------------------------------------------- shared helpers

function errorText(code) {
  return {
    malformed: "The server did not understand that message.",
    too_large: "Message too large.",
    rate_limited: "Too many messages; slow down.",
    not_seated: "Spectators cannot play.",
    not_your_turn: "It is not your turn.",
    stale: "The table changed; refreshed.",
    illegal_action: "That move is not allowed.",
    match_not_live: "The match is not in play.",
  }[code] || "Something went wrong.";
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
    if (p && p.username) return p.username;
  }
  return `Seat ${seat + 1}`;
}

function makeContext(st, config, client) {
  const view = st.view || {};
  const match = st.match || {};
  let viewer = st.seat;
  if (viewer === undefined) viewer = view.viewer;
  if (viewer === undefined) viewer = config.seat;
  if (viewer === undefined) viewer = null;
  const legalList = view.legal_actions || [];
  const finished = match.status === "finished";
  const live = !finished && match.status !== "scheduled";
  const myTurn = live && viewer !== null && view.to_act === viewer && legalList.length > 0;
  return {
    st, view, match, config, client, viewer, finished, live, myTurn,
    legal: new Set(myTurn ? legalList : []),
    legalList: myTurn ? legalList : [],
    used: new Set(),                 // actions already attached to an element
    seats: seatList(st),
    name: (seat) => playerName(st, config, seat),
    isMe: (seat) => viewer !== null && seat === viewer,
    // take an action for an element if it is legal; records it as used
    act(action) {
      if (this.legal.has(action) && !this.used.has(action)) { this.used.add(action); return action; }
      return null;
    },
  };
}

function scoreLine(scores, first, seats) {
  const order = [first, ...seats.filter((s) => s !== first)];
  return order.map((s) => (scores || [])[s] ?? 0).join("–");
}

function matchOverBanner(ctx) {
  const { match, config } = ctx;
  const w = match.winner;
  const scores = match.scores || [];
  let title;
  let sub = "";
  if (w === null || w === undefined) {
    title = "Match over";
    sub = `Final score ${ctx.seats.map((s) => scores[s] ?? 0).join("–")}`;
  } else {
    const winner = ctx.name(w);
    const losers = ctx.seats.filter((s) => s !== w).map(ctx.name).join(" and ");
    if (match.reason === "resigned") {
      title = `${winner} wins by resignation`;
      sub = `${losers} resigned · score ${scoreLine(scores, w, ctx.seats)}`;
    } else if (match.reason === "forfeit") {
      title = `${winner} wins by forfeit`;
      sub = `${losers} forfeited · score ${scoreLine(scores, w, ctx.seats)}`;
    } else {
      title = `${winner} wins ${scoreLine(scores, w, ctx.seats)}`;
      const n = (match.deals || []).length || match.deal_number || 1;
      sub = `final score after ${n} deal${n === 1 ? "" : "s"}`;
    }
    if (ctx.isMe(w)) sub = `Well played! ${sub[0].toUpperCase()}${sub.slice(1)}`;
  }
  const standings = config.standings_url || (match.tournament && match.tournament.url) || null;
  return h("section", { class: "lt-over", "data-testid": "match-over" },
    h("div", { class: "lt-over-text" },
      h("h2", { class: "lt-over-title" }, title),
      h("p", { class: "lt-over-sub" }, sub)),
    standings ? h("a", { class: "btn btn-primary", href: standings, "data-testid": "standings-link" }, "View standings") : null);
}

function dealsList(ctx) {
  const deals = ctx.match.deals || [];
  if (!deals.length) return null;
  return h("div", { class: "lt-deals" },
    h("h4", {}, "Previous deals"),
    h("ol", { class: "lt-deal-list", "data-testid": "deals" },
      deals.slice().reverse().map((d) =>
        h("li", {}, h("span", { class: "muted" }, `Deal ${d.number}`), " ",
          h("strong", {}, ctx.seats.map((s) => (d.points || [])[s] ?? 0).join("–"))))));
}

function resignButton(ctx) {
  if (ctx.viewer === null || ctx.finished) return null;
  return h("button", { type: "button", class: "btn btn-danger lt-resign", "data-ui": "resign", "data-testid": "resign" }, "Resign");
}

function tournamentLine(ctx) {
  const t = ctx.match.tournament;
  if (!t) return null;
  return h("p", { class: "lt-tournament" },
    t.url ? h("a", { href: t.url }, t.name) : t.name,
    t.round ? h("span", { class: "muted" }, ` · round ${t.round}`) : null);
}

/** Buttons for legal actions no element of the view carries (a safety net; later games). */
function leftoverActions(ctx, skip = () => false) {
  const rest = ctx.legalList.filter((a) => !ctx.used.has(a) && !skip(a));
  if (!rest.length) return null;
  return h("div", { class: "lt-extra", "data-testid": "other-actions" },
    h("span", { class: "muted" }, "Moves:"),
    rest.map((a) => { ctx.used.add(a); return h("button", { type: "button", class: "btn btn-small", "data-action": a }, actionLabel(a)); }));
}

function actionLabel(a) {
  const m = /^(\w+) (\S+)$/.exec(a);
  if (m && parseCard(m[2])) return `${m[1][0].toUpperCase()}${m[1].slice(1)} ${cardName(m[2])}`;
  return a;
}

// ---------------------------------------------------------------- Spizzichino

function buongiocoLabel(b) {
  const kind = String(b.kind || "").toLowerCase();
  const cards = (b.cards || []).map(parseCard).filter(Boolean);
  let text;
  if (kind.includes("napol")) {
    text = cards.length ? `Napoletana di ${suitName(cards[0].suit)}` : "Napoletana";
  } else if (cards.length >= 3 && cards.every((c) => c.rank === cards[0].rank)) {
    const count = { 3: "Three", 4: "Four" }[cards.length] || String(cards.length);
    const plural = { A: "Aces", 2: "2s", 3: "3s" }[cards[0].rank] || `${rankName(cards[0].rank)}s`;
    text = `${count} ${plural}`;
  } else {
    text = kind ? kind.replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase()) : "Buongioco";
  }
  return `${text} +${b.points ?? 0}`;
}

function buongiocoBadge(b) {
  return h("span", { class: "lt-bg badge", title: (b.cards || []).map(cardName).join(", ") }, buongiocoLabel(b));
}

function spizzPrompt(ctx) {
  const { view, myTurn, match } = ctx;
  if (match.status === "scheduled") return { text: "Waiting for the match to start", mine: false };
  if (ctx.finished) return { text: "Match over", mine: false };
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  switch (view.phase) {
    case "pick": {
      if (myTurn) {
        const mine = (view.packets || []).filter((p) => p.owner === ctx.viewer).length;
        return { text: "Choose four packets", detail: `${mine} of 4 chosen`, mine: true };
      }
      return { text: who ? `${who} is choosing packets` : "Choosing packets", mine: false };
    }
    case "split":
      if (myTurn) return { text: "Choose the two packets for your hand", detail: "the other two lie face up", mine: true };
      return { text: who ? `${who} is choosing the packets for their hand` : "Splitting packets", mine: false };
    case "play": {
      if (myTurn) {
        const lead = !(view.trick || []).length;
        const takes = ctx.legalList.some((a) => a.startsWith("take "));
        return {
          text: "Your turn",
          detail: (lead ? "lead a card" : "follow suit if you can") + (takes ? " · you may first take a pizzico into your hand" : ""),
          mine: true,
        };
      }
      return { text: who ? `${who} to play` : "Play", mine: false };
    }
    case "over":
      return { text: "Deal over", mine: false };
    default:
      return { text: myTurn ? "Your turn" : (who ? `${who} to play` : ""), mine: myTurn };
  }
}

function statusBar(ctx, prompt) {
  return h("div", { class: ["lt-status", prompt.mine ? "is-mine" : null], "data-testid": "prompt" },
    h("span", { class: "lt-status-text", "data-testid": "turn" }, prompt.text),
    prompt.detail ? h("span", { class: "lt-status-detail" }, prompt.detail) : null,
    ctx.viewer === null ? h("span", { class: "badge neutral lt-spectating" }, "Spectating") : null);
}

function seatHead(ctx, seat, p) {
  const { view } = ctx;
  const toAct = !ctx.finished && view.to_act === seat;
  return h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: "To play", "aria-hidden": "true" }) : null,
      ctx.name(seat),
      ctx.isMe(seat) ? h("span", { class: "lt-you" }, "you") : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: "Dealer" }, "Dealer") : null,
    p ? h("span", { class: "chip", title: "Tricks won this deal" }, `${p.tricks_won ?? 0} tricks`) : null,
    p && p.card_thirds !== undefined ? h("span", { class: "chip", title: "Card points this deal" }, `${formatThirds(p.card_thirds)} pts`) : null);
}

function handArea(ctx, seat, p) {
  const self = ctx.isMe(seat);
  const count0 = Array.isArray(p.hand) ? p.hand.length : (p.hand_count ?? 0);
  if (count0 === 0 && ctx.view.phase === "over") return null;
  if (count0 === 0 && (ctx.view.phase === "pick" || ctx.view.phase === "split")) {
    return h("div", { class: "lt-hand lt-hand-waiting muted", "data-testid": self ? "my-hand" : `hand-${seat}` },
      self ? "Your cards come from the packets you choose." : "No cards yet.");
  }
  const known = new Set(p.known_cards || []);
  const cards = [];
  if (Array.isArray(p.hand)) {
    for (const code of sortCards(p.hand, { suitOrder: SPIZZICHINO_SUITS, rankOrder: SPIZZICHINO_RANKS })) {
      const action = self ? ctx.act(`play ${code}`) : null;
      cards.push(makeCard(code, {
        action,
        known: known.has(code),
        classes: ["lt-hand-card", action ? "legal" : null, self && ctx.myTurn && !action ? "dim" : null],
        label: known.has(code) ? "known to your opponent" : "",
      }));
    }
  } else {
    for (const code of sortCards(p.known_cards || [], { suitOrder: SPIZZICHINO_SUITS, rankOrder: SPIZZICHINO_RANKS })) {
      cards.push(makeCard(code, { known: true, size: "sm", classes: ["lt-hand-card"], label: "known" }));
    }
    const backs = Math.max(0, (p.hand_count ?? 0) - (p.known_cards || []).length);
    for (let i = 0; i < backs; i++) cards.push(makeBack({ size: "sm", classes: ["lt-hand-card"] }));
  }
  const count = Array.isArray(p.hand) ? p.hand.length : (p.hand_count ?? 0);
  return h("div", { class: ["lt-hand", self ? "lt-hand-self" : "lt-hand-other"], "data-testid": self ? "my-hand" : `hand-${seat}` },
    h("div", { class: "lt-label" }, "Hand ", h("span", { class: "badge", "data-testid": `hand-count-${seat}` }, String(count))),
    h("div", { class: "lt-cards" }, cards.length ? cards : h("span", { class: "muted lt-empty" }, "empty")));
}

function packetsArea(ctx, seat, p) {
  const packets = p.packets || [];
  if (!packets.length) return null;
  if (ctx.view.phase === "over" && packets.every((pk) => !pk.size)) return null;
  const self = ctx.isMe(seat);
  const size = self ? null : "sm";
  return h("div", { class: "lt-packets", "data-testid": self ? "my-packets" : `packets-${seat}` },
    h("div", { class: "lt-label" }, "Packets"),
    h("div", { class: "lt-packet-row" }, packets.map((pk) => {
      const top = pk.top;
      const play = self && top ? ctx.act(`play ${top}`) : null;
      const take = self && top ? ctx.act(`take ${top}`) : null;
      const pile = makePile({
        top, size: pk.size ?? 0, cardSize: size,
        cardOptions: {
          action: play,
          classes: [play ? "legal" : null, take && !play ? "takeable" : null, self && ctx.myTurn && !play && !take && top ? "dim" : null],
        },
        classes: ["lt-packet"],
      });
      pile.dataset.packet = String(pk.number);
      return h("div", { class: "lt-packet-slot" },
        pile,
        take ? h("button", { type: "button", class: "btn btn-small lt-take", "data-action": take, title: `Take ${cardName(top)} into your hand` }, "Take into hand") : null);
    })));
}

function seatPanel(ctx, seat) {
  const p = (ctx.view.players || []).find((x) => x.seat === seat) || { seat, hand: null, hand_count: 0, packets: [] };
  const self = ctx.isMe(seat) || (ctx.viewer === null && seat === ctx.bottomSeat);
  return h("section", {
    class: ["lt-seat", self ? "lt-seat-bottom" : "lt-seat-top", !ctx.finished && ctx.view.to_act === seat ? "is-turn" : null],
    "data-testid": `seat-${seat}`, "data-seat": String(seat),
  },
    seatHead(ctx, seat, p),
    h("div", { class: "lt-seat-body" }, handArea(ctx, seat, p), packetsArea(ctx, seat, p)));
}

function pickArea(ctx) {
  const { view } = ctx;
  // Packets of a player who has already split them are drawn in that player's area
  // (hand and face-up packets), not here.
  const settled = new Set((view.players || [])
    .filter((p) => (p.packets || []).length > 0 || (p.hand_count ?? 0) > 0)
    .map((p) => p.seat));
  const packets = (view.packets || []).filter((p) => p.owner === null || p.owner === undefined || !settled.has(p.owner));
  const hands = ctx.legalList.filter((a) => a.startsWith("hand "));
  const splitting = view.phase === "split" && hands.length > 0;
  const client = ctx.client;
  if (!splitting) client.selection = [];
  const mineNumbers = new Set(packets.filter((p) => p.owner === ctx.viewer && ctx.viewer !== null).map((p) => p.number));
  client.selection = client.selection.filter((n) => mineNumbers.has(n));
  const sel = client.selection;

  const items = packets.map((pk) => {
    const pick = ctx.act(`pick ${pk.number}`);
    const mine = ctx.viewer !== null && pk.owner === ctx.viewer;
    const selectable = splitting && mine;
    const selected = selectable && sel.includes(pk.number);
    const owner = pk.owner === null || pk.owner === undefined ? null : pk.owner;
    const pile = makePile({
      top: null, size: pk.size ?? 5, faceDown: true, label: pk.number, badge: true,
      cardOptions: {
        action: pick,
        button: selectable,
        dataset: selectable ? { select: pk.number } : {},
        label: pick ? `Pick packet ${pk.number}` : `Packet ${pk.number}`,
        classes: [pick ? "legal pickable" : null, selectable ? "selectable" : null, selected ? "selected" : null,
          ctx.myTurn && !pick && !selectable && !mine ? "dim" : null],
      },
      classes: ["lt-deal-packet", owner !== null ? "owned" : null],
    });
    pile.dataset.packet = String(pk.number);
    const ownerText = owner === null ? "free" : (ctx.isMe(owner) ? "yours" : ctx.name(owner));
    return h("div", { class: ["lt-packet-slot", mine ? "is-mine" : null, selected ? "is-selected" : null] },
      pile,
      h("span", { class: ["lt-owner", owner === null ? "muted" : null, mine ? "is-mine" : null, selected ? "is-selected" : null] },
        selected ? "to hand" : ownerText),
      pk.bottom ? h("div", { class: "lt-bottom", title: `Bottom card: ${cardName(pk.bottom)}` },
        makeCard(pk.bottom, { size: "xs", label: "bottom card" }), h("span", { class: "muted" }, "bottom")) : null);
  });

  let confirm = null;
  if (splitting) {
    let action = null;
    if (sel.length === 2) {
      const [a, b] = sel;
      action = [`hand ${a} ${b}`, `hand ${b} ${a}`].find((x) => ctx.legal.has(x)) || null;
    }
    if (action) ctx.used.add(action);
    confirm = h("div", { class: "lt-split-confirm" },
      h("button", {
        type: "button", class: "btn btn-primary", "data-testid": "split-confirm",
        "data-action": action, disabled: action ? null : true,
      }, sel.length === 2 ? `Take packets ${Math.min(...sel)} and ${Math.max(...sel)} into hand` : "Take these two into hand"),
      h("span", { class: "muted" }, sel.length < 2 ? `Tap ${2 - sel.length === 2 ? "two" : "one more"} of your packets` : "The other two will lie face up"));
  }
  return h("div", { class: ["lt-center", "lt-pick"], "data-testid": "deal-packets" },
    h("div", { class: "lt-pick-grid" }, items),
    confirm);
}

function trickArea(ctx) {
  const { view } = ctx;
  const trick = view.trick || [];
  const trickEls = trick.map((t) => h("figure", { class: ["lt-trick-card", ctx.isMe(t.seat) ? "is-mine" : "is-theirs"] },
    makeCard(t.card),
    h("figcaption", {}, ctx.isMe(t.seat) ? "you" : ctx.name(t.seat))));
  let placeholder = null;
  if (!trick.length && view.phase === "play" && !ctx.finished) {
    const leader = view.leader ?? view.to_act;
    placeholder = h("div", { class: "lt-trick-empty" }, ctx.isMe(leader) ? "Your lead" : `${ctx.name(leader)} leads`);
  }
  const last = view.last_trick;
  const lastEl = last && (last.cards || []).length ? h("div", { class: "lt-last-trick", "data-testid": "last-trick" },
    h("div", { class: "lt-label" }, "Last trick"),
    h("div", { class: "lt-cards" }, last.cards.map((c) => makeCard(c.card, { size: "xs", classes: [c.seat === last.winner ? "winner" : null] }))),
    h("div", { class: "lt-last-winner" }, ctx.isMe(last.winner) ? "won by you" : `won by ${ctx.name(last.winner)}`)) : null;

  const showTrick = trick.length > 0 || view.phase === "play";
  return h("div", { class: ["lt-center", "lt-play"] },
    showTrick ? h("div", { class: "lt-trick", "data-testid": "trick" },
      trickEls, placeholder,
      view.phase === "play" ? h("div", { class: "lt-trick-count muted" }, `Trick ${Math.min((view.tricks_played ?? 0) + 1, 20)} of 20`) : null) : null,
    lastEl,
    view.result ? dealResult(ctx, view.result) : null);
}

function dealResult(ctx, r) {
  return h("div", { class: "lt-result", "data-testid": "deal-result" },
    h("div", { class: "lt-label" }, "Deal result"),
    ctx.seats.map((s) => h("div", { class: "lt-result-row", "data-seat": String(s) },
      h("span", { class: "lt-result-name" }, ctx.name(s)),
      h("strong", { class: "lt-result-points" }, String((r.points || [])[s] ?? 0)),
      h("span", { class: "muted" }, `cards ${formatThirds((r.card_thirds || [])[s])}`),
      r.last_trick === s ? h("span", { class: "badge neutral" }, "last trick") : null,
      ((r.buongiochi || [])[s] || []).map(buongiocoBadge))));
}

function whoseTurnText(ctx, prompt) {
  const { view } = ctx;
  if (ctx.finished) return "Match over";
  if (view.to_act === null || view.to_act === undefined) return prompt.text;
  if (ctx.isMe(view.to_act)) return "Your turn";
  const verb = view.phase === "pick" || view.phase === "split" ? "to choose packets" : "to play";
  return `${ctx.name(view.to_act)} ${verb}`;
}

function scorePanel(ctx) {
  const { view, match } = ctx;
  const players = view.players || [];
  const rows = ctx.seats.map((s) => {
    const p = players.find((x) => x.seat === s) || {};
    const toAct = !ctx.finished && view.to_act === s;
    return h("tr", { class: [toAct ? "is-turn" : null, ctx.isMe(s) ? "is-me" : null], "data-seat": String(s) },
      h("th", { scope: "row" },
        toAct ? h("span", { class: "lt-turn-dot", "aria-hidden": "true" }) : null,
        ctx.name(s),
        view.dealer === s ? h("span", { class: "chip chip-dealer chip-tiny", title: "Dealer" }, "D") : null),
      h("td", { class: "num lt-score", "data-testid": `score-${s}` }, String((match.scores || [])[s] ?? 0)),
      h("td", { class: "num" }, formatThirds(p.card_thirds ?? 0)),
      h("td", { class: "num" }, String(p.tricks_won ?? 0)),
      h("td", { class: "num" }, String(p.deal_points ?? 0)));
  });
  const bg = [];
  for (const s of ctx.seats) {
    const p = players.find((x) => x.seat === s) || {};
    for (const b of p.buongiochi || []) bg.push(h("li", {}, h("span", { class: "muted" }, ctx.name(s)), " ", buongiocoBadge(b)));
  }
  const prompt = spizzPrompt(ctx);
  return h("aside", { class: "lt-side" },
    h("section", { class: "lt-panel", "data-testid": "scores" },
      h("div", { class: "lt-panel-head" },
        h("h3", {}, match.game_name || "Spizzichino"),
        h("span", { class: "muted" }, [match.deal_number ? `Deal ${match.deal_number}` : null, match.target ? `to ${match.target}` : null].filter(Boolean).join(" · "))),
      h("div", { class: ["lt-whose", prompt.mine ? "is-mine" : null], "data-testid": "whose-turn" },
        whoseTurnText(ctx, prompt)),
      h("table", { class: "lt-score-table" },
        h("thead", {}, h("tr", {},
          h("th", {}, "Player"),
          h("th", { class: "num", title: "Match score" }, "Score"),
          h("th", { class: "num", title: "Card points this deal" }, "Cards"),
          h("th", { class: "num", title: "Tricks won this deal" }, "Tricks"),
          h("th", { class: "num", title: "Points so far this deal (cards rounded down + buongiochi)" }, "Deal"))),
        h("tbody", {}, rows)),
      bg.length ? h("div", { class: "lt-bg-list" }, h("h4", {}, "Buongiochi"), h("ul", {}, bg)) : null,
      dealsList(ctx),
      tournamentLine(ctx)),
    resignButton(ctx));
}

function renderSpizzichino(ctx) {
  const { view } = ctx;
  ctx.bottomSeat = ctx.viewer !== null ? ctx.viewer : 0;
  const others = ctx.seats.filter((s) => s !== ctx.bottomSeat);
  const prompt = spizzPrompt(ctx);
  const dealing = (view.packets || []).length > 0 && (view.phase === "pick" || view.phase === "split");
  const center = dealing ? pickArea(ctx) : trickArea(ctx);
  // Seat panels after the center so that ctx.act() sees actions in a stable order; DOM order is fixed below.
  const top = others.map((s) => seatPanel(ctx, s));
  const bottom = seatPanel(ctx, ctx.bottomSeat);
  const extra = leftoverActions(ctx, (a) => a.startsWith("hand "));
  const felt = h("div", { class: ["lt-felt", ctx.myTurn ? "is-my-turn" : null, view.phase === "over" ? "is-over" : null] }, top, center, bottom, extra);
  return [
    ctx.finished ? matchOverBanner(ctx) : statusBar(ctx, prompt),
    h("div", { class: "lt-layout" }, felt, scorePanel(ctx)),
  ].filter(Boolean);
}

// ---------------------------------------------------------------- any other game

function renderGeneric(ctx) {
  const { view } = ctx;
  let who = view.to_act === null || view.to_act === undefined ? "" : (ctx.isMe(view.to_act) ? "Your turn" : `${ctx.name(view.to_act)} to play`);
  if (!who) who = ctx.match.status === "scheduled" || !ctx.st.view ? "Waiting for the match to start…" : "Waiting…";
  const extra = leftoverActions(ctx);
  return [
    ctx.finished ? matchOverBanner(ctx) : statusBar(ctx, { text: who, mine: ctx.myTurn }),
    h("div", { class: "lt-layout" },
      h("div", { class: "lt-felt" }, extra || h("p", { class: "lt-loading lt-waiting" }, who)),
      h("aside", { class: "lt-side" },
        h("section", { class: "lt-panel", "data-testid": "scores" },
          h("h3", {}, ctx.match.game_name || view.game || "Match"),
          h("table", { class: "lt-score-table" }, h("tbody", {}, ctx.seats.map((s) => h("tr", {},
            h("th", {}, ctx.name(s)), h("td", { class: "num", "data-testid": `score-${s}` }, String((ctx.match.scores || [])[s] ?? 0)))))),
          dealsList(ctx)),
        resignButton(ctx))),
  ].filter(Boolean);
}

const RENDERERS = { spizzichino: renderSpizzichino };

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
