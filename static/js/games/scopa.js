// Scopa table (docs/games/scopa.md; view shape: games/rules/scopa/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Two seats; phases "play" (36 plays: six hands of three cards) and
// "over". On the felt: the opponent (hand backs, capture pile with the scope turned
// crosswise), the stock with its count, the board, the last play, the viewer's hand and
// pile. A hand card with one legal move is one click ("play XY" trails it, or its only
// capture); a card with several captures opens a choice list naming the cards taken.
//
// The deal result: the deal's scoring items in order with per-seat points, the deal total
// and the match race. When the match ends, the last state carries view.result; when it goes
// on, the next deal comes at once and the finished deal's result is match.last_result
// (docs/protocol.md): drawn on the felt during the first hand of the next deal (or until
// dismissed), then in the side panel.

import { h, makeCard, makePile, cardName, handRow, stockPile, choiceList, seatLabel } from "../live-table.js";
import { gettext, ngettext, interpolate } from "../i18n.js";

/** Capture values: ace 1, 2-7 face value, Fante 8, Cavallo 9, Re 10. */
const VALUE = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, J: 8, Q: 9, K: 10 };
const SUITS = ["C", "D", "H", "S"];
const PLAYS_PER_DEAL = 36;
const ITEM_ORDER = ["cards", "diamonds", "settebello", "primiera"];
const ITEM_LABELS = { cards: gettext("Cards"), diamonds: "Denari", settebello: "Settebello", primiera: "Primiera", scopa: "Scopa" };

const rankOf = (code) => String(code).slice(0, -1);
const suitOf = (code) => String(code).slice(-1);
const valueOf = (code) => VALUE[rankOf(code)] || 0;
const byValue = (a, b) => valueOf(a) - valueOf(b) || SUITS.indexOf(suitOf(a)) - SUITS.indexOf(suitOf(b));

// ---------------------------------------------------------------- actions

/** "play 7D" -> {card: "7D", taken: []}; "capture 7D 3C+4S" -> {card: "7D", taken: ["3C", "4S"]}. */
function parseAction(action) {
  const parts = String(action).split(" ");
  if (parts[0] === "play" && parts.length === 2) return { card: parts[1], taken: [] };
  if (parts[0] === "capture" && parts.length === 3) return { card: parts[1], taken: parts[2].split("+") };
  return null;
}

function takeText(taken, pack) {
  return taken.map((c) => cardName(c, pack)).join(" + ");
}

/**
 * A readable label: "play 7D" -> "Play Sette di Denari to the table";
 * "capture 7D 3C+4S" -> "Take Tre di Bastoni + Quattro di Spade with Sette di Denari".
 */
export function actionLabel(action, ctx) {
  const a = parseAction(action);
  if (!a) return null;
  const pack = (ctx && ctx.pack) || "italian";
  if (!a.taken.length) return interpolate(gettext("Play %(card)s to the table"), { card: cardName(a.card, pack) }, true);
  return interpolate(gettext("Take %(cards)s with %(card)s"), { cards: takeText(a.taken, pack), card: cardName(a.card, pack) }, true);
}

/** Clicks on [data-select]: a hand card opens/closes its choice list; "dismiss-result:N" hides a result. */
export function select(value, local) {
  const v = String(value);
  if (v.startsWith("dismiss-result:")) {
    local.scopaDismissed = Number(v.slice("dismiss-result:".length));
    return;
  }
  local.selected = local.selected === v ? null : v;
}

// ---------------------------------------------------------------- state

function playsMade(view) {
  const hands = (view.players || []).reduce((n, p) => n + (p.hand_count || 0), 0);
  return PLAYS_PER_DEAL - (view.stock_count || 0) - hands;
}

// ---------------------------------------------------------------- render

export function render(ctx) {
  const { view, match } = ctx;
  const me = ctx.viewer !== null ? ctx.viewer : 0;
  const opp = 1 - me;
  const player = (s) => (view.players || []).find((p) => p.seat === s) || { seat: s, hand: null, hand_count: 0, captured_count: 0, scope: 0, scopa_cards: [] };

  // The viewer's legal moves by hand card.
  const byCard = new Map();
  for (const a of ctx.legalList) {
    const p = parseAction(a);
    if (!p) continue;
    if (!byCard.has(p.card)) byCard.set(p.card, []);
    byCard.get(p.card).push(a);
  }
  const selected = ctx.selected && (byCard.get(ctx.selected) || []).length > 1 ? ctx.selected : null;
  const options = selected ? byCard.get(selected) : [];

  // Board cards that the picked card could take; hovering a move lights up its cards.
  const boardEls = new Map();
  const targets = new Set(options.flatMap((a) => parseAction(a).taken));
  const lightUp = (cards, on) => { for (const c of cards) boardEls.get(c)?.classList.toggle("scopa-hover", on); };
  const hoverProps = (cards) => ({ onmouseenter: () => lightUp(cards, true), onmouseleave: () => lightUp(cards, false), onfocus: () => lightUp(cards, true), onblur: () => lightUp(cards, false) });

  const lp = view.last_play;
  const trailed = lp && !(lp.taken || []).length ? lp.card : null;
  const over = view.phase === "over";
  const number = match.deal_number || 0;

  // Result of a finished deal: this one (match over), else the previous one.
  const prev = previousResult(ctx);
  const fresh = prev && !view.result && ctx.local.scopaDismissed !== prev.number && playsMade(view) < 6;

  const hand = myHand(ctx, me, player(me), byCard, selected, hoverProps);
  const board = boardBlock(ctx, view, boardEls, targets, trailed, over);

  const center = h("div", { class: ["lt-center", "scopa-center"] },
    voidNotice(ctx, view.void_deals || []),
    view.result ? resultTable(ctx, { number, result: view.result, points: view.result.points }, { final: true }) : null,
    fresh ? resultTable(ctx, prev, { dismiss: true }) : null,
    h("div", { class: "scopa-mid" },
      stockBlock(ctx, view),
      board,
      lastPlay(ctx, lp)));

  const choices = selected ? choiceBlock(ctx, selected, options, view.board || [], hoverProps) : null;

  const felt = h("div", {
    class: "scopa-table", "data-testid": "scopa-table", "data-deal": String(number),
    "data-round": String(view.round ?? ""), "data-stock": String(view.stock_count ?? ""),
  },
    seatRow(ctx, opp, player(opp), false),
    center,
    choices,
    seatRow(ctx, me, player(me), true, hand));

  const prompt = scopaPrompt(ctx, selected);
  return {
    felt,
    prompt,
    feltClass: ["scopa-felt"],
    columns: [
      { label: gettext("Cards"), title: gettext("Cards captured this deal"), value: (s) => String(player(s).captured_count ?? 0) },
      { label: gettext("Scope"), title: gettext("Scope (sweeps) this deal"), value: (s) => String(player(s).scope ?? 0) },
    ],
    panel: [raceBlock(ctx), prev && !fresh && !view.result ? resultTable(ctx, prev, { compact: true }) : null],
  };
}

/** The latest finished deal before this one: {number, points, result} (result null if the server sent none). */
function previousResult(ctx) {
  const { match } = ctx;
  const number = match.deal_number || 0;
  const done = (match.deals || []).filter((d) => d.number < number);
  if (!done.length) return null;
  const d = done[done.length - 1];
  const last = match.last_result;
  const result = last && last.number === d.number && last.result ? last.result : null;
  return { number: d.number, points: d.points || (result && result.points), result };
}

// ---------------------------------------------------------------- words

function scopaPrompt(ctx, selected) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  if (view.phase === "over") return { text: gettext("Deal over"), mine: false };
  const hand = interpolate(gettext("hand %(number)s of 6"), { number: view.round ?? 1 }, true);
  if (ctx.myTurn) {
    if (selected) return { text: gettext("Your turn"), detail: interpolate(gettext("choose what to take with %(card)s"), { card: cardName(selected, ctx.pack) }, true), mine: true };
    return { text: gettext("Your turn"), detail: `${gettext("play a card: it takes what it can, else it goes to the table")} · ${hand}`, mine: true };
  }
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  return { text: who ? interpolate(gettext("%(player)s to play"), { player: who }, true) : gettext("Waiting…"), detail: hand, mine: false };
}

// ---------------------------------------------------------------- seats

function seatRow(ctx, seat, p, bottom, handEl = null) {
  const { view } = ctx;
  const toAct = !ctx.finished && view.to_act === seat;
  const head = h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: gettext("To play"), "aria-hidden": "true" }) : null,
      ctx.name(seat),
      ctx.isMe(seat) ? h("span", { class: "lt-you" }, gettext("you")) : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: gettext("Dealer") }, gettext("Dealer")) : null,
    view.last_capturer === seat && view.phase !== "over" ? h("span", { class: "chip", title: gettext("Captured last: takes the cards left on the table at the end") }, gettext("last to take")) : null);
  const hand = handEl || handRow({
    cards: Array.isArray(p.hand) ? p.hand : null, count: p.hand_count ?? 0, seat, self: false, sort: false,
    empty: view.phase === "over" ? gettext("played out") : gettext("empty"),
  });
  return h("section", {
    class: ["lt-seat", "scopa-seat", bottom ? "lt-seat-bottom" : "lt-seat-top", toAct ? "is-turn" : null],
    "data-testid": `seat-${seat}`, "data-seat": String(seat),
  },
    head,
    h("div", { class: "lt-seat-body scopa-seat-body" }, hand, capturePile(ctx, seat, p)));
}

function myHand(ctx, seat, p, byCard, selected, hoverProps) {
  if (!Array.isArray(p.hand)) {
    return handRow({ cards: null, count: p.hand_count ?? 0, seat, self: false, sort: false });
  }
  const cards = p.hand;
  const slots = cards.map((code) => {
    const acts = ctx.myTurn ? byCard.get(code) || [] : [];
    let opts = {};
    let hint = null;
    let sweep = false;
    let takes = [];
    if (acts.length === 1) {
      const action = ctx.act(acts[0]);
      const a = parseAction(action);
      takes = a.taken;
      opts = { action, classes: ["legal"], label: actionLabel(action, ctx) };
      sweep = a.taken.length > 0 && sweeps(ctx, a.taken);
      hint = !a.taken.length ? gettext("to table") : sweep ? gettext("scopa!") : interpolate(ngettext("takes %(count)s", "takes %(count)s", a.taken.length), { count: a.taken.length }, true);
    } else if (acts.length > 1) {
      ctx.claim(acts);
      takes = [...new Set(acts.flatMap((x) => parseAction(x).taken))];
      opts = {
        button: true, dataset: { select: code, choices: acts.length },
        classes: ["legal", "has-choices", selected === code ? "selected" : null],
        label: interpolate(ngettext("%(count)s way to take", "%(count)s ways to take", acts.length), { count: acts.length }, true),
      };
      hint = interpolate(ngettext("%(count)s way", "%(count)s ways", acts.length), { count: acts.length }, true);
    } else if (ctx.myTurn) {
      opts = { classes: ["dim"] };
    }
    const card = makeCard(code, { ...opts, pack: ctx.pack, classes: ["lt-hand-card", ...(opts.classes || [])] });
    if (takes.length) {
      card.addEventListener("mouseenter", hoverProps(takes).onmouseenter);
      card.addEventListener("mouseleave", hoverProps(takes).onmouseleave);
    }
    return h("div", { class: "scopa-hand-slot" },
      card,
      hint ? h("span", { class: ["scopa-hint", sweep ? "is-scopa" : null] }, hint) : null);
  });
  return h("div", { class: ["lt-hand", "lt-hand-self", "scopa-hand"], "data-testid": "my-hand" },
    h("div", { class: "lt-label" }, `${gettext("Your hand")} `, h("span", { class: "badge", "data-testid": `hand-count-${seat}` }, String(cards.length))),
    h("div", { class: "lt-cards scopa-hand-cards" }, slots.length ? slots : h("span", { class: "muted lt-empty" }, ctx.view.phase === "over" ? gettext("played out") : gettext("empty"))));
}

/** Whether taking `taken` clears the board: a scopa, except on the deal's last play (option last_play_scopa). */
function sweeps(ctx, taken) {
  const board = ctx.view.board || [];
  const lastPlayCounts = !!(ctx.match.options || {}).last_play_scopa;
  return taken.length === board.length && (lastPlayCounts || playsMade(ctx.view) < PLAYS_PER_DEAL - 1);
}

/** The face-down capture pile with each scopa card turned crosswise under it, face up. */
function capturePile(ctx, seat, p) {
  const count = p.captured_count ?? 0;
  const scope = p.scopa_cards || [];
  const pile = makePile({ size: count, faceDown: true, cardSize: "sm", pack: ctx.pack });
  const sweepsEls = scope.map((code, i) => h("div", { class: "scopa-sweep", style: { "--i": i }, title: interpolate(gettext("Scopa with %(card)s"), { card: cardName(code, ctx.pack) }, true) },
    makeCard(code, { size: "xs", pack: ctx.pack, label: "scopa" })));
  return h("div", { class: ["scopa-pile", ctx.isMe(seat) ? "is-mine" : null], "data-testid": `captures-${seat}`, "data-seat": String(seat) },
    h("div", { class: "scopa-pile-stack", style: { "--n": Math.max(1, scope.length) } }, sweepsEls, pile),
    h("div", { class: "scopa-pile-caption" },
      h("span", { class: "lt-label" }, gettext("Captured")),
      h("span", { class: "scopa-pile-count", "data-testid": `captures-count-${seat}` }, interpolate(ngettext("%(count)s card", "%(count)s cards", count), { count }, true)),
      h("span", {
        class: ["scopa-scope-count", scope.length ? "has-scope" : null], "data-testid": `scope-${seat}`,
        title: scope.length ? interpolate(gettext("Scope made with %(cards)s"), { cards: scope.map((c) => cardName(c, ctx.pack)).join(", ") }, true) : null,
      },
        scope.length ? interpolate(ngettext("%(count)s scopa", "%(count)s scope", scope.length), { count: scope.length }, true) : gettext("no scope"))));
}

// ---------------------------------------------------------------- center

function stockBlock(ctx, view) {
  const round = view.round ?? 1;
  return h("div", { class: "scopa-stock" },
    stockPile({ count: view.stock_count ?? 0, pack: ctx.pack, label: gettext("Stock") }),
    h("div", { class: "scopa-round muted", "data-testid": "round" },
      view.phase === "over" ? gettext("all played") : round >= 6 ? gettext("last hand") : interpolate(gettext("hand %(number)s of 6"), { number: round }, true)));
}

function boardBlock(ctx, view, boardEls, targets, trailed, over) {
  const cards = [...(view.board || [])].sort(byValue);
  const list = cards.map((code) => {
    const el = makeCard(code, {
      pack: ctx.pack,
      classes: ["lt-board-card", targets.has(code) ? "takeable" : null, trailed === code ? "scopa-last" : null],
      label: trailed === code ? gettext("just played") : "",
    });
    boardEls.set(code, el);
    return el;
  });
  const r = view.result;
  let empty = view.last_play && view.last_play.scopa ? gettext("Swept clean: scopa!") : gettext("The table is empty");
  if (over && r) {
    const left = r.leftover || [];
    const taker = r.last_capturer;
    empty = left.length && taker !== null && taker !== undefined
      ? h("span", { class: "scopa-leftover" },
        h("span", { class: "scopa-leftover-cards" }, left.map((c) => makeCard(c, { size: "xs", pack: ctx.pack }))),
        h("span", {}, ctx.isMe(taker)
          ? gettext("left on the table at the end: taken by you, the last to capture")
          : interpolate(gettext("left on the table at the end: taken by %(player)s, the last to capture"), { player: ctx.name(taker) }, true)))
      : gettext("The table was empty at the end");
  }
  return h("div", { class: ["lt-board", "scopa-board"], "data-testid": "board" },
    h("div", { class: "lt-label" }, `${gettext("Table")} `, h("span", { class: "badge", "data-testid": "board-count" }, String(cards.length))),
    h("div", { class: "lt-board-cards" }, list.length ? list : h("span", { class: "muted lt-empty scopa-empty" }, empty)));
}

function lastPlay(ctx, lp) {
  if (!lp) return null;
  const mine = ctx.isMe(lp.seat);
  const who = ctx.name(lp.seat);
  const taken = lp.taken || [];
  return h("div", { class: ["scopa-last-play", lp.scopa ? "is-scopa" : null], "data-testid": "last-play", "data-seat": String(lp.seat) },
    h("div", { class: "lt-label" }, gettext("Last play")),
    h("div", { class: "scopa-last-line" },
      makeCard(lp.card, { size: "sm", pack: ctx.pack }),
      taken.length
        ? [h("span", { class: "scopa-arrow", "aria-hidden": "true" }, "→"),
          h("span", { class: "scopa-taken" }, taken.map((c) => makeCard(c, { size: "xs", pack: ctx.pack })))]
        : null),
    h("div", { class: "scopa-last-text" },
      taken.length
        ? interpolate(mine ? gettext("You took %(cards)s with %(card)s") : gettext("%(player)s took %(cards)s with %(card)s"),
          { player: who, cards: takeText(taken, ctx.pack), card: cardName(lp.card, ctx.pack) }, true)
        : interpolate(mine ? gettext("You played %(card)s to the table") : gettext("%(player)s played %(card)s to the table"),
          { player: who, card: cardName(lp.card, ctx.pack) }, true)),
    lp.scopa ? h("span", { class: "scopa-badge" }, "Scopa!") : null);
}

function voidNotice(ctx, voids) {
  if (!voids.length) return null;
  const fresh = playsMade(ctx.view) < 2;
  return h("div", { class: ["scopa-void", fresh ? null : "is-quiet"], "data-testid": "void-deals", role: "note" },
    h("strong", {}, voids.length === 1 ? gettext("Void deal") : interpolate(ngettext("%(count)s void deal", "%(count)s void deals", voids.length), { count: voids.length }, true)),
    // Translators: follows "Void deal" (or "2 void deals") in bold.
    h("span", {}, ` ${fresh
      ? gettext("— three or more kings came to the table, so the cards were shuffled and dealt again:")
      : gettext("at the start of this deal (three kings on the table):")}`),
    h("span", { class: "scopa-void-boards" }, voids.map((v) => h("span", { class: "scopa-void-board" },
      (v.board || []).map((c) => makeCard(c, { size: "xs", pack: ctx.pack }))))));
}

function choiceBlock(ctx, code, options, board, hoverProps) {
  const pack = ctx.pack;
  const list = choiceList({
    pack,
    title: interpolate(gettext("Take with %(card)s:"), { card: cardName(code, pack) }, true),
    cancel: gettext("Cancel"),
    cancelSelect: code,
    choices: options.map((a) => {
      const { taken } = parseAction(a);
      const details = [];
      if (sweeps(ctx, taken)) details.push(gettext("Scopa! clears the table"));
      if (taken.includes("7D") || code === "7D") details.push(gettext("the settebello"));
      const denari = [code, ...taken].filter((c) => suitOf(c) === "D").length;
      if (denari) details.push(interpolate(ngettext("%(count)s denaro", "%(count)s denari", denari), { count: denari }, true));
      details.push(interpolate(ngettext("%(count)s card", "%(count)s cards", taken.length + 1), { count: taken.length + 1 }, true));
      return { action: a, label: interpolate(gettext("Take %(cards)s"), { cards: takeText(taken, pack) }, true), cards: taken, detail: details.join(" · ") };
    }),
  });
  for (const btn of list.querySelectorAll("button[data-action]")) {
    const { taken } = parseAction(btn.dataset.action);
    const p = hoverProps(taken);
    btn.addEventListener("mouseenter", p.onmouseenter);
    btn.addEventListener("mouseleave", p.onmouseleave);
    btn.addEventListener("focus", p.onfocus);
    btn.addEventListener("blur", p.onblur);
  }
  list.classList.add("scopa-choices");
  return list;
}

// ---------------------------------------------------------------- race and result

function raceBlock(ctx) {
  const { match } = ctx;
  const target = match.target || 11;
  const scores = match.scores || [];
  return h("div", { class: "scopa-race", "data-testid": "race" },
    h("h4", {}, interpolate(gettext("Race to %(target)s"), { target }, true)),
    ctx.seats.map((s) => {
      const v = scores[s] ?? 0;
      return h("div", { class: ["scopa-race-row", ctx.isMe(s) ? "is-me" : null, match.winner === s ? "is-winner" : null] },
        h("span", { class: "scopa-race-name" }, ctx.name(s)),
        h("span", { class: "scopa-race-bar", role: "meter", "aria-label": ctx.name(s), "aria-valuemin": "0", "aria-valuemax": String(target), "aria-valuenow": String(v) },
          h("span", { class: "scopa-race-fill", style: { width: `${Math.min(100, (100 * v) / target)}%` } })),
        h("span", { class: "scopa-race-num" }, `${v} / ${target}`));
    }));
}

/** Match totals before deal `number` (earlier deals never reached the target, so they count whole). */
function totalsBefore(ctx, number) {
  const t = [0, 0];
  for (const d of ctx.match.deals || []) if (d.number < number) for (const s of [0, 1]) t[s] += (d.points || [])[s] || 0;
  return t;
}

function itemRows(ctx, r) {
  const rows = [];
  const pack = ctx.pack;
  const seatOf = (name) => { const it = (r.items || []).find((x) => x.name === name); return it ? it.seat : null; };
  for (const name of ITEM_ORDER) {
    const seat = seatOf(name);
    let counts = null;
    let detail = null;
    let label = ITEM_LABELS[name];
    if (name === "cards") counts = r.cards;
    if (name === "diamonds") counts = r.diamonds;
    if (name === "primiera") counts = (r.primiera || []).map((x) => (x === null || x === undefined ? "—" : x));
    if (name === "settebello") label = [label, h("span", { class: "scopa-inline-card" }, makeCard("7D", { size: "xs", pack }))];
    if (seat === null) {
      if (name === "primiera" && (r.primiera || []).every((x) => x === null || x === undefined)) detail = gettext("nobody has all four suits");
      else detail = counts && counts[0] === counts[1] ? interpolate(gettext("tie at %(count)s: nobody scores"), { count: counts[0] }, true) : gettext("nobody scores");
    } else if (name === "primiera" && (r.primiera || []).some((x) => x === null || x === undefined)) {
      detail = gettext("only one player has all four suits");
    }
    rows.push({ name, seat, label, counts, detail, points: seat === null ? 0 : 1 });
  }
  for (const it of r.items || []) {
    if (it.name !== "scopa") continue;
    rows.push({
      name: "scopa", seat: it.seat, points: it.points ?? 1,
      label: [ITEM_LABELS.scopa, it.card ? h("span", { class: "scopa-inline-card" }, makeCard(it.card, { size: "xs", pack })) : null],
      detail: it.card ? interpolate(gettext("with %(card)s"), { card: cardName(it.card, pack) }, true) : null, counts: null,
    });
  }
  return rows;
}

/**
 * The scoring items of a deal, in order, one column per seat, with the deal total and the
 * match race. `entry` is {number, points, result|null}.
 */
function resultTable(ctx, entry, { final = false, dismiss = false, compact = false } = {}) {
  const { match } = ctx;
  const seats = ctx.seats;
  const r = entry.result;
  const target = match.target || 11;
  const before = totalsBefore(ctx, entry.number);
  const names = (s) => seatLabel(s, { names: ctx.name, me: ctx.viewer });
  const running = [...before];
  let reached = null;
  const rows = r ? itemRows(ctx, r) : [];
  const body = rows.map((row) => {
    const notCounted = reached !== null;
    if (row.seat !== null && !notCounted) {
      running[row.seat] += row.points;
      if (running[row.seat] >= target && match.winner === row.seat) reached = row.seat;
    }
    const isWinning = reached !== null && !notCounted;
    return h("tr", {
      class: [row.seat === null ? "is-void" : null, notCounted ? "is-not-counted" : null, isWinning ? "is-winning" : null],
      "data-item": row.name, "data-scored": row.seat === null ? "" : String(row.seat),
    },
      h("th", { scope: "row" }, h("span", { class: "scopa-item-label" }, row.label),
        row.detail || notCounted || isWinning
          ? h("span", { class: "lt-result-detail" }, [row.detail, isWinning ? interpolate(gettext("reaches %(target)s: match won"), { target }, true) : null, notCounted ? gettext("not counted") : null].filter(Boolean).join(" · "))
          : null),
      seats.map((s) => h("td", { class: ["num", row.seat === s ? "is-scorer" : null] },
        row.counts ? h("span", { class: "scopa-count" }, String(row.counts[s])) : null,
        row.seat === s ? h("strong", { class: "scopa-pt" }, `+${row.points}`) : h("span", { class: "scopa-pt scopa-nil" }, row.counts ? "" : "–"))));
  });
  // The deal's points: every item, or, in the deal that won the match, those up to the
  // winning one (the items after it are not counted, scoring.py's race).
  const pts = reached !== null ? seats.map((s) => running[s] - before[s]) : (entry.points || (r && r.points) || [0, 0]);
  const after = final && ctx.finished ? (match.scores || []) : seats.map((s) => before[s] + (pts[s] || 0));
  const title = final ? gettext("Deal result") : interpolate(gettext("Deal %(number)s result"), { number: entry.number }, true);
  return h("div", {
    class: ["lt-result", "lt-result-table", "scopa-result", compact ? "is-compact" : null],
    "data-testid": "deal-result", "data-deal": String(entry.number), "data-itemised": r ? "1" : "0",
  },
    h("div", { class: "scopa-result-head" },
      h("div", { class: "lt-label" }, title),
      dismiss ? h("button", { type: "button", class: "btn btn-small", "data-select": `dismiss-result:${entry.number}` }, gettext("OK")) : null),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: ["num", ctx.isMe(s) ? "is-me" : null], scope: "col" }, names(s))))),
      r ? h("tbody", {}, body)
        : h("tbody", {}, h("tr", {}, h("th", { scope: "row", colspan: String(seats.length + 1) },
          h("span", { class: "lt-result-detail" }, gettext("Points of the deal:"))))),
      h("tfoot", {},
        h("tr", { class: "scopa-deal-total" }, h("th", { scope: "row" }, gettext("Deal points")),
          seats.map((s) => h("td", { class: "num", "data-seat": String(s), "data-testid": `deal-points-${s}` }, String(pts[s] ?? 0)))),
        h("tr", { class: "scopa-match-total" }, h("th", { scope: "row" }, interpolate(gettext("Match (to %(target)s)"), { target }, true)),
          seats.map((s) => h("td", { class: "num", "data-seat": String(s) }, String(after[s] ?? 0)))))));
}
