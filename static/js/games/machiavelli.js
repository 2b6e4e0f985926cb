// Machiavelli table (docs/games/machiavelli.md; view shape: games/rules/machiavelli/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Two to five players, two French packs; one shared table of melds.
// On your turn you either draw (pass once the stock is empty) or rearrange the whole
// table and submit it: "table 3H 4H 5H | 7C 7D 7S" (melds separated by "|").
//
// Arranging is local until "Submit table": the working table lives in ctx.local.mv
// (reset whenever the server's table or hand changes). Every card has an id (two copies
// of each card exist); a card is moved
//   - by dragging it (pointer events: mouse, pen and touch alike) onto a meld, onto
//     "New meld", or (a card from your hand only) back onto your hand; or
//   - by keyboard or taps: select the card (Enter / Space / tap), then a target button
//     ("Put here" on a meld, "New meld", "Back to hand").
// A card that was on the table may move between melds but never back to a hand (the
// rules: every card of the table stays on it). Each meld shows while arranging whether it
// is a valid set or run (meldKind, a port of games/rules/machiavelli/melds.py meld_kind).
// Submitting a table with an invalid meld is allowed after a confirmation: the engine
// then restores the table and draws the three-card penalty, as the rulings say.
// Every message redraws the table; the card selected and the keyboard focus survive it
// (`working` keeps the arrangement of a state, `refocus` puts the focus back on the same
// card or button before the next key press is handled).
//
// "table ..." strings are built here from the arrangement: the engine accepts any table
// made of the right cards (its legal_actions only list a bounded choice of them), so the
// offered tables are kept out of the fallback "Moves:" row (`handles`).

import { h, makeCard, stockPile, dealResultTable } from "../live-table.js";
import { gettext, ngettext, interpolate } from "../i18n.js";

export const pack = "french";

// The few styles of this table, kept with it (added to the page once).
const STYLE = `
.mv-players { display: flex; flex-wrap: wrap; gap: 6px 14px; }
.mv-player.to-act .mv-name { font-weight: 700; text-decoration: underline; }
.mv-table { margin: 8px 0; }
.mv-melds { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; }
.mv-meld { border: 2px solid rgba(255,255,255,.35); border-radius: 8px; padding: 4px 6px; min-width: 64px; }
.mv-meld.mv-invalid { border-color: #e8836f; border-style: dashed; }
.mv-meld.mv-valid { border-color: #9fe0a2; }
.mv-meld.mv-new { border-style: dotted; display: flex; flex-direction: column; gap: 4px; max-width: 140px; font-size: .8em; }
.mv-meld.mv-over, .mv-hand.mv-over { outline: 3px solid #ffe08a; }
.mv-meld-cards { display: flex; }
.mv-meld-cards > .card + .card { margin-left: calc(var(--card-w-sm) * -.45); }
.mv-meld-foot { display: flex; gap: 6px; align-items: center; font-size: .78em; margin-top: 2px; }
.mv-kind.ok { color: #c9f5cb; } .mv-kind.bad { color: #ffd0c6; font-weight: 700; }
.mv-controls { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.mv-warning { color: #ffd0c6; margin: 4px 0; }
.mv-card { touch-action: none; }
.mv-card.mv-from-hand { outline: 2px solid rgba(255,224,138,.7); outline-offset: -2px; }
.mv-dragging { opacity: .35; }
.mv-hand .lt-cards { flex-wrap: wrap; row-gap: 6px; }
.mv-rejected-meld { display: inline-flex; margin-right: 6px; }
.mv-rejected-meld.bad { outline: 2px dashed #e8836f; }
@media (max-width: 480px) {
  .mv-hand .lt-cards > .card { --cw: 44px; }  /* a full tap target, whole (cards.css, "the table on a phone") */
  .mv-hand .lt-cards > .card + .card { margin-left: 2px; }
}
`;

function ensureStyle() {
  if (typeof document === "undefined" || document.getElementById("mv-style")) return;
  document.head.appendChild(h("style", { id: "mv-style" }, STYLE));
}

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["C", "D", "H", "S"];

/** A card code's rank index (A 0 .. K 12) and suit letter, or null for a bad code. */
function parts(code) {
  const rank = RANKS.indexOf(String(code).slice(0, -1));
  const suit = String(code).slice(-1);
  return rank < 0 || !SUITS.includes(suit) ? null : { rank, suit };
}

/**
 * "set" or "run" when the card codes are a valid Machiavelli meld, else null: a set is 3
 * or 4 cards of one rank, all of different suits; a run 3 or more consecutive cards of one
 * suit, the ace low (A 2 3) or high (Q K A) but not both (no K A 2), at most 13 cards.
 * Port of meld_kind in games/rules/machiavelli/melds.py (source 004, "Machiavelli").
 */
export function meldKind(codes) {
  const cards = codes.map(parts);
  if (cards.length < 3 || cards.some((c) => !c)) return null;
  if (cards.length <= 4 && cards.every((c) => c.rank === cards[0].rank)) {
    return new Set(cards.map((c) => c.suit)).size === cards.length ? "set" : null;
  }
  if (cards.some((c) => c.suit !== cards[0].suit)) return null;
  const ranks = cards.map((c) => c.rank).sort((a, b) => a - b);
  if (new Set(ranks).size !== ranks.length) return null;
  const consecutive = (rs) => rs[rs.length - 1] - rs[0] === rs.length - 1;
  if (consecutive(ranks)) return "run";
  if (ranks[0] === 0 && consecutive([...ranks.slice(1), 13])) return "run";
  return null;
}

/** The cards of a meld in the order players lay them: a set by suit, a run from its lowest
 *  card (a high ace last); anything else by suit, then rank. */
export function meldOrder(codes) {
  const kind = meldKind(codes);
  const key = (code) => {
    const c = parts(code) || { rank: 99, suit: "Z" };
    if (kind === "run") {
      const aceHigh = codes.some((x) => (parts(x) || {}).rank === 12) && c.rank === 0;
      return [0, aceHigh ? 13 : c.rank];
    }
    return kind === "set" ? [SUITS.indexOf(c.suit), c.rank] : [SUITS.indexOf(c.suit), c.rank];
  };
  return [...codes].sort((a, b) => {
    const ka = key(a); const kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}

/** The action string of a table: melds of codes -> "table 3H 4H 5H | 7C 7D 7S". */
export function tableAction(melds) {
  return "table " + melds.filter((m) => m.length).map((m) => meldOrder(m).join(" ")).join(" | ");
}

// ---------------------------------------------------------------- the working table

/** The working arrangement for this view, made afresh when a new state arrives (a redraw of
 *  the same state keeps it, and the card selected). Card ids follow the server's table and
 *  hand, so a new state with the same table and hand keeps the card selected too. */
function working(ctx, mine) {
  const table = ctx.view.table || [];
  const hand = mine.hand || [];
  const position = JSON.stringify([table, hand]);
  const key = JSON.stringify([ctx.st.seq, position]);
  const local = ctx.local;
  if (!local.mv || local.mv.key !== key) {
    const before = local.mv;
    const cards = {};
    let n = 0;
    const melds = table.map((meld) => meld.map((code) => {
      const id = `t${n++}`;
      cards[id] = { code, fromTable: true };
      return id;
    }));
    const handIds = hand.map((code) => {
      const id = `h${n++}`;
      cards[id] = { code, fromTable: false };
      return id;
    });
    const kept = before && before.position === position && before.selected in cards ? before.selected : null;
    local.mv = { key, position, cards, melds, hand: handIds, selected: kept, draggedAt: 0 };
  }
  return local.mv;
}

/** Move card ``id`` to a target: "m<i>" (meld i), "new" (a new meld) or "hand". Returns an
 *  error text when the move is not allowed (nothing changes), else null. */
function moveCard(mv, id, target) {
  const card = mv.cards[id];
  if (!card) return gettext("That card is not on the table or in your hand.");
  if (target === "hand" && card.fromTable) return gettext("A card from the table must stay on the table.");
  const melds = mv.melds.map((m) => m.filter((x) => x !== id));
  const hand = mv.hand.filter((x) => x !== id);
  if (target === "hand") hand.push(id);
  else if (target === "new") melds.push([id]);
  else {
    const i = Number(String(target).slice(1));
    if (!(i >= 0 && i < mv.melds.length)) return gettext("There is no such meld.");
    // Indexes are those before the move; a meld left empty is dropped only afterwards.
    melds[i].push(id);
  }
  mv.melds = melds.filter((m) => m.length);
  mv.hand = hand;
  mv.selected = null;
  return null;
}

/**
 * A click (or Enter / Space) on an element with data-select: "mv:<id>" selects or unselects
 * a card; "mvto:<target>" moves the selected card there; "mvreset" starts the arrangement
 * again from the server's table.
 */
export function select(value, local, client) {
  const mv = local.mv;
  if (!mv) return;
  const v = String(value);
  if (v === "mvreset") {
    local.mv = null;
    return;
  }
  if (v.startsWith("mv:")) {
    if (Date.now() - (mv.draggedAt || 0) < 400) return; // the click that ends a drag
    const id = v.slice(3);
    mv.selected = mv.selected === id ? null : id;
    mv.focus = v; // the table is redrawn: keep the keyboard on this card
    return;
  }
  if (v.startsWith("mvto:") && mv.selected) {
    const id = mv.selected;
    const error = moveCard(mv, id, v.slice(5));
    if (error && client && client.showToast) client.showToast(error);
    mv.focus = `mv:${id}`; // then on the card just moved, wherever it went
  }
}

// ---------------------------------------------------------------- drag and drop

/** Pointer handlers that drag a card element to a [data-drop] target (mouse, pen, touch). */
function draggable(ctx, mv, id) {
  const start = (e) => {
    if (e.button !== undefined && e.button !== 0) return;
    const el = e.currentTarget;
    const x0 = e.clientX; const y0 = e.clientY;
    let ghost = null;
    let over = null;
    const doc = el.ownerDocument;
    const targetAt = (x, y) => {
      if (ghost) ghost.style.display = "none";
      const t = doc.elementFromPoint(x, y);
      if (ghost) ghost.style.display = "";
      return t ? t.closest("[data-drop]") : null;
    };
    const move = (ev) => {
      if (!ghost) {
        if (Math.abs(ev.clientX - x0) + Math.abs(ev.clientY - y0) < 8) return;
        ghost = el.cloneNode(true);
        ghost.classList.add("mv-ghost");
        Object.assign(ghost.style, { position: "fixed", pointerEvents: "none", zIndex: 1000, opacity: "0.85", margin: 0 });
        doc.body.appendChild(ghost);
        el.classList.add("mv-dragging");
      }
      ev.preventDefault();
      ghost.style.left = `${ev.clientX - 20}px`;
      ghost.style.top = `${ev.clientY - 30}px`;
      const t = targetAt(ev.clientX, ev.clientY);
      if (t !== over) {
        if (over) over.classList.remove("mv-over");
        if (t) t.classList.add("mv-over");
        over = t;
      }
    };
    const end = (ev) => {
      doc.removeEventListener("pointermove", move);
      doc.removeEventListener("pointerup", end);
      doc.removeEventListener("pointercancel", end);
      if (!ghost) return; // a plain click: the core's data-select click handles it
      ghost.remove();
      el.classList.remove("mv-dragging");
      mv.draggedAt = Date.now();
      const t = ev.type === "pointerup" ? targetAt(ev.clientX, ev.clientY) : null;
      if (t) {
        const error = moveCard(mv, id, t.dataset.drop);
        if (error) ctx.client.showToast(error);
      }
      ctx.rerender();
    };
    doc.addEventListener("pointermove", move, { passive: false });
    doc.addEventListener("pointerup", end);
    doc.addEventListener("pointercancel", end);
  };
  return start;
}

// ---------------------------------------------------------------- keyboard focus

/**
 * What identifies the focused element of the table, so that its successor can be focused
 * once the table is redrawn (every state, presence or clock message, and every step of an
 * arrangement, replaces the table's elements, and the focus with them): its data-select (a
 * card or a target button), else its data-testid or data-action; and for a card, its code
 * and whether it is in the hand. Null when the focus is not in the table.
 */
function focusedKey() {
  if (typeof document === "undefined") return null;
  const el = document.activeElement;
  if (!el || el === document.body || !el.closest || !el.closest("#table")) return null;
  for (const attr of ["data-select", "data-testid", "data-action"]) {
    const value = el.getAttribute(attr);
    if (value) {
      return { attr, value, card: el.dataset.card || null, inHand: !!el.closest("[data-testid=my-hand]") };
    }
  }
  return null;
}

function quoted(value) {
  return typeof CSS !== "undefined" && CSS.escape ? CSS.escape(value) : String(value).replace(/["\\]/g, "\\$&");
}

/**
 * Focus the element of the redrawn table that ``key`` (focusedKey) names. It runs as a
 * microtask: after the core has put the new elements in place, and before the browser
 * handles the next key press, so a key pressed while a message redraws the table reaches
 * the same card or button instead of the page. Unless ``always`` (the card a step moved),
 * nothing is done when the focus is already somewhere (the player moved it).
 */
function refocus(key, always) {
  const run = () => {
    const now = document.activeElement;
    if (!always && now && now !== document.body && now.isConnected) return;
    const root = document.getElementById("table");
    if (!root) return;
    let el = root.querySelector(`[${key.attr}="${quoted(key.value)}"]`);
    if (el && key.card && el.dataset.card !== key.card) el = null;
    if (!el && key.card) {
      const area = key.inHand ? "[data-testid=my-hand] " : "[data-testid=mv-table] ";
      el = root.querySelector(`${area}[data-card="${quoted(key.card)}"]`);
    }
    if (el && typeof el.focus === "function") el.focus();
  };
  if (typeof queueMicrotask === "function") queueMicrotask(run);
  else Promise.resolve().then(run);
}

// ---------------------------------------------------------------- drawing

function kindLabel(kind) {
  if (kind === "set") return gettext("valid set");
  if (kind === "run") return gettext("valid run");
  return gettext("not a meld");
}

function cardEl(ctx, mv, id, arranging, size) {
  const card = mv.cards[id];
  const sel = arranging && mv.selected === id;
  const el = makeCard(card.code, {
    pack,
    size,
    button: arranging,
    classes: [arranging ? "mv-card" : null, sel ? "selected" : null, card.fromTable ? null : "mv-from-hand"].filter(Boolean),
    dataset: arranging ? { select: `mv:${id}`, mvId: id } : {},
    label: card.fromTable ? "" : gettext("from your hand"),
  });
  if (arranging) {
    el.setAttribute("aria-pressed", sel ? "true" : "false");
    el.style.touchAction = "none";
    el.addEventListener("pointerdown", draggable(ctx, mv, id));
  }
  return el;
}

function tableArea(ctx, mv, arranging) {
  const sel = arranging && mv.selected;
  const meldEls = mv.melds.map((meld, i) => {
    const codes = meld.map((id) => mv.cards[id].code);
    const kind = meldKind(codes);
    const order = meldOrder(codes);
    const ids = [...meld].sort((a, b) => order.indexOf(mv.cards[a].code) - order.indexOf(mv.cards[b].code));
    return h("div", {
      class: ["mv-meld", kind ? "mv-valid" : "mv-invalid"],
      "data-testid": `mv-meld-${i}`,
      "data-valid": kind ? "1" : "0",
      dataset: arranging ? { drop: `m${i}` } : {},
    },
      h("div", { class: "mv-meld-cards" }, ids.map((id) => cardEl(ctx, mv, id, arranging, "sm"))),
      h("div", { class: "mv-meld-foot" },
        h("span", { class: ["mv-kind", kind ? "ok" : "bad"] }, kind ? `✓ ${kindLabel(kind)}` : `✗ ${kindLabel(kind)}`),
        sel ? h("button", { type: "button", class: "btn btn-small mv-put", "data-select": `mvto:m${i}`, "data-testid": `mv-put-${i}` }, gettext("Put here")) : null));
  });
  const newMeld = arranging ? h("div", { class: "mv-meld mv-new", dataset: { drop: "new" } },
    h("button", { type: "button", class: "btn btn-small", "data-select": "mvto:new", "data-testid": "mv-new-meld", disabled: sel ? null : true },
      gettext("New meld")),
    h("span", { class: "muted" }, gettext("drop a card here to start a meld"))) : null;
  return h("section", { class: "mv-table", "data-testid": "mv-table", "aria-label": gettext("Table") },
    h("div", { class: "lt-label" }, gettext("Table"), " ",
      h("span", { class: "badge" }, interpolate(ngettext("%(count)s meld", "%(count)s melds", mv.melds.length), { count: mv.melds.length }, true))),
    h("div", { class: "mv-melds" }, meldEls.length ? meldEls : h("span", { class: "muted lt-empty" }, gettext("No melds yet")), newMeld));
}

function handArea(ctx, mv, mine, arranging) {
  const sel = arranging && mv.selected && !mv.cards[mv.selected].fromTable;
  const ids = [...mv.hand].sort((a, b) => {
    const pa = parts(mv.cards[a].code) || { suit: "Z", rank: 0 };
    const pb = parts(mv.cards[b].code) || { suit: "Z", rank: 0 };
    return SUITS.indexOf(pa.suit) - SUITS.indexOf(pb.suit) || pa.rank - pb.rank;
  });
  return h("section", {
    class: "lt-hand lt-hand-self mv-hand", "data-testid": "my-hand",
    dataset: arranging ? { drop: "hand" } : {},
  },
    h("div", { class: "lt-label" }, gettext("Your hand"), " ",
      h("span", { class: "badge", "data-testid": `hand-count-${ctx.viewer}` }, String(ids.length)),
      sel ? h("button", { type: "button", class: "btn btn-small", "data-select": "mvto:hand", "data-testid": "mv-to-hand" }, gettext("Back to hand")) : null),
    h("div", { class: "lt-cards" }, ids.length ? ids.map((id) => cardEl(ctx, mv, id, arranging, null)) : h("span", { class: "muted lt-empty" }, gettext("empty"))));
}

function opponents(ctx) {
  const players = ctx.view.players || [];
  return h("div", { class: "mv-players", "data-testid": "mv-players" }, players.filter((p) => !ctx.isMe(p.seat)).map((p) =>
    h("div", { class: ["mv-player", ctx.view.to_act === p.seat ? "to-act" : null], "data-testid": `seat-${p.seat}` },
      h("span", { class: "mv-name" }, ctx.name(p.seat)), " ",
      h("span", { class: "badge", "data-testid": `hand-count-${p.seat}`, title: gettext("Cards in hand") },
        interpolate(ngettext("%(count)s card", "%(count)s cards", p.hand_count), { count: p.hand_count }, true)))));
}

function lastTurnText(ctx) {
  const t = ctx.view.last_turn;
  if (!t) return null;
  const who = ctx.seatLabel ? ctx.seatLabel(t.seat) : ctx.name(t.seat);
  let text;
  if (t.kind === "draw") text = interpolate(gettext("%(who)s drew a card."), { who }, true);
  else if (t.kind === "pass") text = interpolate(gettext("%(who)s passed."), { who }, true);
  else if (t.kind === "table") text = interpolate(ngettext("%(who)s laid %(count)s card.", "%(who)s laid %(count)s cards.", t.placed.length), { who, count: t.placed.length }, true);
  else text = interpolate(ngettext("%(who)s submitted an invalid table and drew %(count)s card.", "%(who)s submitted an invalid table and drew %(count)s cards.", t.drawn_count), { who, count: t.drawn_count }, true);
  const parts_ = [h("span", {}, text)];
  if (t.drawn && t.drawn.length) parts_.push(h("span", { class: "mv-drawn" }, " ", gettext("You drew:"), " ", t.drawn.map((c) => makeCard(c, { pack, size: "xs" }))));
  if (t.rejected && t.rejected.length) {
    parts_.push(h("div", { class: "mv-rejected" }, gettext("The table refused:"), " ",
      t.rejected.map((meld, i) => h("span", { class: ["mv-rejected-meld", (t.invalid || []).includes(i) ? "bad" : null] }, meld.map((c) => makeCard(c, { pack, size: "xs" }))))));
  }
  return h("div", { class: "mv-last muted", "data-testid": "last-turn" }, parts_);
}

/** Who won a game, in words (its result(): winner, went_out). */
function winnerWords(ctx, r) {
  if (r.winner === null || r.winner === undefined) return gettext("First place shared: the game is played again.");
  const player = ctx.name(r.winner);
  if (r.went_out === r.winner) return interpolate(gettext("%(player)s went out and wins."), { player }, true);
  return interpolate(gettext("Blocked: %(player)s wins with the fewest cards left."), { player }, true);
}

/**
 * The game's result (view.result) or, until the first turn of the next game is played,
 * the previous game's (match.last_result: the server deals the next one at once).
 */
function resultArea(ctx) {
  const { view } = ctx;
  const match = ctx.match || {};
  const last = match.last_result;
  const previous = !view.result && !view.last_turn && last && last.result && last.number === (match.deal_number || 0) - 1;
  const r = view.result || (previous ? last.result : null);
  if (!r) return null;
  const hands = previous ? [] : r.hands || [];
  const title = previous ? interpolate(gettext("Game %(number)s result"), { number: last.number }, true) : gettext("Game result");
  return h("section", { class: "mv-result", "data-testid": previous ? "previous-deal" : null },
    h("p", { class: "mv-result-head", "data-testid": "deal-result-line" }, winnerWords(ctx, r)),
    dealResultTable({
      seats: ctx.seats,
      rows: [
        { label: gettext("Cards left"), points: r.cards_left || [] },
        { label: gettext("Card points left"), points: r.card_points || [] },
        { label: gettext("Place"), points: r.places || [] },
      ],
      totals: false, names: ctx.names, me: ctx.viewer, title,
    }),
    hands.length ? h("div", { class: "mv-result-hands" }, hands.map((cards, s) => h("div", { "data-testid": `result-hand-${s}` },
      h("span", { class: "mv-name" }, ctx.name(s)), ": ",
      cards.length ? cards.map((c) => makeCard(c, { pack, size: "xs" })) : h("span", { class: "muted" }, gettext("went out"))))) : null);
}

export function render(ctx) {
  ensureStyle();
  const { view } = ctx;
  const players = view.players || [];
  const mine = players.find((p) => ctx.isMe(p.seat)) || { hand: [], hand_count: 0 };
  const mv = working(ctx, mine);
  const arranging = ctx.myTurn && ctx.viewer !== null && view.phase === "play";
  const tableCodes = mv.melds.map((m) => m.map((id) => mv.cards[id].code));
  const laid = mv.melds.flat().filter((id) => !mv.cards[id].fromTable).length;
  const invalid = tableCodes.filter((m) => !meldKind(m)).length;
  const controls = [];
  if (arranging) {
    const submit = h("button", {
      type: "button", class: ["btn", invalid ? "btn-warn" : "btn-primary"], "data-testid": "mv-submit", disabled: laid ? null : true,
      title: laid ? null : gettext("Lay at least one card from your hand first"),
      onclick: () => {
        if (!laid) return;
        if (invalid && !window.confirm(interpolate(ngettext(
          "%(count)s meld is not valid: the table will be restored and you will draw three cards. Submit anyway?",
          "%(count)s melds are not valid: the table will be restored and you will draw three cards. Submit anyway?", invalid), { count: invalid }, true))) return;
        ctx.send(tableAction(tableCodes));
      },
    }, interpolate(ngettext("Submit table (%(count)s card laid)", "Submit table (%(count)s cards laid)", laid), { count: laid }, true));
    controls.push(submit);
    controls.push(h("button", { type: "button", class: "btn", "data-select": "mvreset", "data-testid": "mv-reset" }, gettext("Reset")));
    for (const a of ["draw", "pass"]) {
      const act = ctx.act(a);
      if (act) controls.push(h("button", { type: "button", class: "btn", "data-action": act, "data-testid": `mv-${a}` }, a === "draw" ? gettext("Draw") : gettext("Pass")));
    }
  }
  const status = invalid && arranging
    ? h("p", { class: "mv-warning", "data-testid": "mv-invalid-count" }, interpolate(ngettext("%(count)s meld is not valid yet.", "%(count)s melds are not valid yet.", invalid), { count: invalid }, true))
    : null;
  // The keyboard stays where it was across the redraw: on the card a step selected or
  // moved (mv.focus), else on whatever element of the table had the focus.
  if (typeof document !== "undefined") {
    const wanted = mv.focus;
    mv.focus = null;
    const key = wanted ? { attr: "data-select", value: wanted, card: null } : focusedKey();
    if (key) refocus(key, !!wanted);
  }
  const prompt = arranging
    ? { text: gettext("Your turn"), detail: gettext("Rearrange the table and submit it, or draw."), mine: true }
    : undefined;
  return {
    felt: [
      opponents(ctx),
      h("div", { class: "lt-center mv-center" },
        stockPile({ count: view.stock_count ?? 0, pack, label: gettext("Stock") }),
        lastTurnText(ctx)),
      tableArea(ctx, mv, arranging),
      status,
      controls.length ? h("div", { class: "mv-controls", "data-testid": "mv-controls" }, controls) : null,
      ctx.viewer !== null ? handArea(ctx, mv, mine, arranging) : null,
      resultArea(ctx),
    ],
    prompt,
    handles: (a) => a.startsWith("table "),
    feltClass: "mv-felt",
    columns: [{ label: gettext("Cards"), title: gettext("Cards in hand"), value: (s) => String((players.find((p) => p.seat === s) || {}).hand_count ?? "") }],
  };
}
