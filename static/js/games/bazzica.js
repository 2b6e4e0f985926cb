// Bazzica table (docs/games/bazzica.md; view shape: games/rules/bazzica/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Two players, the 64-card double piquet pack (French suits). Phases:
// "play" (24 tricks, any card may be played), "declare" (the winner of a first-phase trick
// declares one combination or draws), "last_tricks" (8 tricks, follow suit and win if you
// can, else trump) and "over".
//
// On the felt: the opponent (hand backs, the cards of theirs the viewer knows, their
// declared cards lying on the table with the combinations each has joined, their tricks),
// the stock with the upcard crosswise under it and the trump suit, the trick (or the trick
// just won while its winner declares), the last trick, then the viewer's own declared cards
// (still playable: a legal one carries "play XY" too), hand and tricks. The winner of a
// first-phase trick gets a labelled list of declarations and "Draw without declaring".
//
// The deal result: view.result once the deal is over (the last deal of a match); when the
// match goes on, the server sends the next deal at once and the finished deal's result() is
// match.last_result, drawn during the first trick of the next deal.

import {
  h, makeCard, makePile, cardName, suitName, suitIcon,
  handRow, trickArea, lastTrick, stockPile, choiceList, dealResultTable, FRENCH_SUITS,
} from "../live-table.js";

export const pack = "french";

const TRICKS = 32;
const FIRST_PHASE_TRICKS = 24;
/** Bazzica's ranking, strongest first: how players sort a hand. */
const RANKS = ["A", "10", "K", "Q", "J", "9", "8", "7"];
/** Suits in alternating colours with the trump suit last, per trump suit. */
const SUIT_ORDERS = { H: ["S", "D", "C", "H"], D: ["C", "H", "S", "D"], S: ["H", "C", "D", "S"], C: ["D", "S", "H", "C"] };

/** Each kind of combination: English name, Italian name, points, short tag for a table card. */
const KINDS = {
  double_bezique: { en: "Double bezique", it: "Bazzica doppia", points: 500, tag: "2×bez" },
  sequence: { en: "Sequence", it: "Sequenza", points: 250, tag: "seq" },
  four_aces: { en: "Four aces", it: "Quattro assi", points: 100, tag: "4 A" },
  four_kings: { en: "Four kings", it: "Quattro re", points: 80, tag: "4 K" },
  four_queens: { en: "Four queens", it: "Quattro donne", points: 60, tag: "4 Q" },
  four_jacks: { en: "Four jacks", it: "Quattro fanti", points: 40, tag: "4 J" },
  bezique: { en: "Bezique", it: "Bazzica", points: 40, tag: "bez" },
  royal_marriage: { en: "Royal marriage", it: "Matrimonio di briscola", points: 40, tag: "r.mar" },
  marriage: { en: "Marriage", it: "Matrimonio comune", points: 20, tag: "mar" },
  exchange: { en: "Scambio", it: "Scambio", points: 10, tag: "exch" },
};

const rankOf = (code) => String(code).slice(0, -1);
const suitOf = (code) => String(code).slice(-1);
const isBrisque = (code) => rankOf(code) === "A" || rankOf(code) === "10";

/** "QS" -> "Q♠" (short, for labels). */
function short(code) {
  const s = FRENCH_SUITS[suitOf(code)];
  return s ? `${rankOf(code)}${s.symbol}` : String(code);
}

function shortList(codes) {
  return (codes || []).map(short).join(" ");
}

/** The cards of a combination in the order players say them: the bezique is "Q♠ J♦". */
function spoken(kind, cards) {
  return kind === "bezique" || kind === "double_bezique" ? [...(cards || [])].reverse() : (cards || []);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------- actions

/** "declare bezique JD QS" -> {kind: "bezique", cards: ["JD", "QS"]}; null for anything else. */
function parseDeclare(action) {
  const parts = String(action).split(" ");
  if (parts[0] !== "declare" || parts.length < 3 || !KINDS[parts[1]]) return null;
  return { kind: parts[1], cards: parts.slice(2) };
}

/**
 * Readable labels: "declare bezique JD QS" -> "Bezique (Q♠ J♦) +40";
 * "declare exchange 7H" -> "Exchange the 7♥ for the upcard +10"; "draw" -> "Draw without
 * declaring"; "play QS" -> "Play Donna di Picche".
 */
export function actionLabel(action, ctx) {
  const a = String(action);
  if (a === "draw") return "Draw without declaring";
  const d = parseDeclare(a);
  if (d) {
    const k = KINDS[d.kind];
    if (d.kind === "exchange") return `Exchange the ${short(d.cards[0])} for the upcard +${k.points}`;
    return `${k.en} (${shortList(spoken(d.kind, d.cards))}) +${k.points}`;
  }
  const m = /^play (\S+)$/.exec(a);
  if (m) {
    const trump = ctx && ctx.view && suitOf(m[1]) === ctx.view.trump;
    return `Play ${cardName(m[1], pack)}${trump ? " (trump)" : ""}`;
  }
  return null;
}

// ---------------------------------------------------------------- render

export function render(ctx) {
  const { view } = ctx;
  const bottom = ctx.viewer !== null ? ctx.viewer : 0;
  const top = 1 - bottom;
  const players = view.players || [];
  const player = (s) => players.find((p) => p.seat === s) || { seat: s, hand: null, hand_count: 0, known_cards: [], table: [] };
  const prev = previousResult(ctx);

  // The viewer's own cards first, so that they claim their "play" actions.
  const mine = seatPanel(ctx, bottom, player(bottom), true);
  const theirs = seatPanel(ctx, top, player(top), false);
  const prompt = bazzicaPrompt(ctx, player);
  return {
    felt: [theirs, centre(ctx, player, prev), mine],
    prompt,
    whose: whoseText(ctx, prompt),
    feltClass: ["bazzica-felt", `bazzica-phase-${view.phase || "none"}`],
    columns: [
      { label: "Decl.", title: "Combinations and 7s of trumps declared this deal", value: (s) => String(player(s).declared_points ?? 0) },
      { label: "Brisq.", title: "Brisques won this deal: 10 for each ace and ten", value: (s) => String(player(s).brisques ?? 0) },
      { label: "Deal", title: "Points so far this deal", value: (s) => String(player(s).points_so_far ?? 0) },
    ],
    panel: sidePanel(ctx, player),
  };
}

// ---------------------------------------------------------------- words

function trickNumber(view) {
  return Math.min((view.tricks_played ?? 0) + 1, TRICKS);
}

function trumpWord(ctx) {
  return suitName(ctx.view.trump, ctx.pack);
}

function bazzicaPrompt(ctx, player) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: "Waiting for the match to start", mine: false };
  if (ctx.finished) return { text: "Match over", mine: false };
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  const trumps = `trumps: ${trumpWord(ctx)}`;
  const trick = view.trick || [];
  const n = trickNumber(view);
  switch (view.phase) {
    case "play": {
      const base = `Trick ${n} of ${FIRST_PHASE_TRICKS} (first phase) · ${trumps}`;
      if (ctx.myTurn) {
        if (!trick.length) return { text: "Your lead", detail: `${base} · play any card`, mine: true };
        return { text: "Your turn", detail: `answer ${cardName(trick[0].card, ctx.pack)} with any card · ${base}`, mine: true };
      }
      return { text: who ? (trick.length ? `${who} to answer` : `${who} to lead`) : "Waiting…", detail: base, mine: false };
    }
    case "declare": {
      const last = (view.tricks_played ?? 0) >= FIRST_PHASE_TRICKS;
      const draw = last ? "then the last card and the upcard are drawn" : "then both draw from the stock";
      if (ctx.myTurn) {
        const n2 = ctx.legalList.filter((a) => a !== "draw").length;
        return {
          text: "You won the trick: declare or draw",
          detail: `${n2 ? `${plural(n2, "combination")} you can declare (one per trick)` : "nothing to declare this time"} · ${draw}`,
          mine: true,
        };
      }
      return { text: who ? `${who} won the trick and may declare` : "Declaring", detail: draw, mine: false };
    }
    case "last_tricks": {
      const base = `Trick ${n} of ${TRICKS} (last ${TRICKS - FIRST_PHASE_TRICKS}) · ${trumps}`;
      if (ctx.myTurn) {
        if (!trick.length) return { text: "Your lead", detail: `${base} · play any card`, mine: true };
        const led = trick[0].card;
        return {
          text: "Your turn",
          detail: `follow ${suitName(suitOf(led), ctx.pack)} and beat ${cardName(led, ctx.pack)} if you can, else trump · ${base}`,
          mine: true,
        };
      }
      return { text: who ? (trick.length ? `${who} to answer` : `${who} to lead`) : "Waiting…", detail: base, mine: false };
    }
    case "over": {
      const pts = (view.result && view.result.points) || ctx.seats.map((s) => player(s).points_so_far ?? 0);
      return { text: "Deal over", detail: ctx.seats.map((s) => `${ctx.name(s)} ${pts[s] ?? 0}`).join(" – "), mine: false };
    }
    default:
      return { text: ctx.myTurn ? "Your turn" : (who ? `${who} to play` : ""), mine: ctx.myTurn };
  }
}

function whoseText(ctx, prompt) {
  const { view } = ctx;
  if (ctx.finished) return "Match over";
  if (view.to_act === null || view.to_act === undefined) return prompt.text;
  if (view.phase === "declare") return ctx.isMe(view.to_act) ? "Your turn to declare" : `${ctx.name(view.to_act)} to declare`;
  if (ctx.isMe(view.to_act)) return "Your turn";
  return `${ctx.name(view.to_act)} to play`;
}

// ---------------------------------------------------------------- seats

function playOffer(ctx, code, self) {
  if (!self) return {};
  const action = `play ${code}`;
  if (ctx.legal.has(action)) {
    ctx.claim(action);
    return { action, classes: ["legal"] };
  }
  const playing = ctx.myTurn && ctx.view.phase !== "declare";
  return { classes: [playing ? "dim" : null] };
}

function seatPanel(ctx, seat, p, isBottom) {
  const { view } = ctx;
  const self = ctx.isMe(seat);
  const toAct = !ctx.finished && view.to_act === seat;
  const tricks = p.tricks_won ?? 0;
  const head = h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: view.phase === "declare" ? "To declare" : "To play", "aria-hidden": "true" }) : null,
      ctx.name(seat),
      self ? h("span", { class: "lt-you" }, "you") : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: "Dealer" }, "Dealer") : null,
    h("span", { class: "chip", title: "Combinations and 7s of trumps declared this deal" }, `declared ${p.declared_points ?? 0}`),
    h("span", { class: "chip bazzica-chip-pts", title: "Points so far this deal" }, `${p.points_so_far ?? 0} pts`));

  const tableEl = tableCards(ctx, seat, p, self);
  const hand = handArea(ctx, seat, p, self);
  const pile = wonPile(ctx, seat, p, tricks);
  const row = h("div", { class: "lt-seat-body bazzica-seat-body" }, hand, pile);
  return h("section", {
    class: ["lt-seat", "bazzica-seat", isBottom ? "lt-seat-bottom" : "lt-seat-top", toAct ? "is-turn" : null],
    "data-testid": `seat-${seat}`, "data-seat": String(seat),
  },
    head,
    isBottom ? [tableEl, row] : [row, tableEl]);
}

function handArea(ctx, seat, p, self) {
  const { view } = ctx;
  const mineVisible = Array.isArray(p.hand);
  const count = mineVisible ? p.hand.length : (p.hand_count ?? 0);
  if (count === 0 && view.phase === "over") return null;
  const trump = view.trump;
  return handRow({
    cards: mineVisible ? p.hand : null,
    count: p.hand_count ?? 0,
    known: mineVisible ? [] : (p.known_cards || []),
    seat,
    self: self || (mineVisible && ctx.viewer === null),
    pack: ctx.pack,
    sort: { suitOrder: SUIT_ORDERS[trump] || ["C", "D", "H", "S"], rankOrder: RANKS },
    label: self ? "Your hand" : "Hand",
    cardOptions: (code) => {
      const o = playOffer(ctx, code, self);
      return { ...o, classes: [...(o.classes || []), suitOf(code) === trump ? "bazzica-trump" : null] };
    },
  });
}

/** The seat's declared cards lying face up on the table, each with the combinations it has joined. */
function tableCards(ctx, seat, p, self) {
  const table = p.table || [];
  const { view } = ctx;
  if (!table.length && (view.phase === "last_tricks" || view.phase === "over")) return null;
  const order = SUIT_ORDERS[view.trump] || ["C", "D", "H", "S"];
  const sorted = [...table].sort((a, b) => order.indexOf(suitOf(a.card)) - order.indexOf(suitOf(b.card))
    || RANKS.indexOf(rankOf(a.card)) - RANKS.indexOf(rankOf(b.card)));
  const items = sorted.map((t) => {
    const o = playOffer(ctx, t.card, self);
    const used = t.used || [];
    const card = makeCard(t.card, {
      pack: ctx.pack, size: "sm", ...o,
      classes: [...(o.classes || []), suitOf(t.card) === view.trump ? "bazzica-trump" : null],
      label: used.length ? `declared in: ${used.map((k) => (KINDS[k] || {}).en || k).join(", ")}` : "declared",
    });
    return h("figure", { class: "bazzica-table-card" },
      card,
      h("figcaption", { class: "bazzica-used" }, used.map((k) => h("span", {
        class: "bazzica-tag", title: KINDS[k] ? `${KINDS[k].en} (${KINDS[k].it})` : k,
      }, KINDS[k] ? KINDS[k].tag : k))));
  });
  const label = self ? "Your cards on the table" : "On the table";
  return h("div", { class: ["bazzica-table", self ? "is-mine" : null], "data-testid": `table-${seat}` },
    h("div", { class: "lt-label" }, label, " ", h("span", { class: "badge" }, String(table.length)),
      self && table.length && view.phase === "play" ? h("span", { class: "bazzica-hint" }, " · still yours to play") : null),
    h("div", { class: "bazzica-table-cards" }, items.length ? items
      : h("span", { class: "muted lt-empty" }, self ? "Combinations you declare lie here" : "Nothing declared yet")));
}

/** The seat's won tricks, face down, with counts and brisques. */
function wonPile(ctx, seat, p, tricks) {
  const cards = p.captured_count ?? tricks * 2;
  return h("div", {
    class: ["lt-capture", "bazzica-won", ctx.isMe(seat) ? "is-mine" : null],
    "data-seat": String(seat), "data-testid": `captures-${seat}`,
  },
    makePile({ faceDown: true, size: cards, cardSize: "sm", badge: false }),
    h("div", { class: "lt-capture-caption" },
      h("span", { class: "lt-capture-name" }, "Tricks won"),
      h("span", { class: "lt-capture-count", "data-testid": `captures-count-${seat}` }, plural(tricks, "trick")),
      h("span", { class: "lt-capture-detail", "data-testid": `brisques-${seat}`, title: brisquesRule(ctx) },
        `brisques ${p.brisques ?? 0}`)));
}

// ---------------------------------------------------------------- centre

function centre(ctx, player, prev) {
  const { view } = ctx;
  const trick = view.trick || [];
  const last = view.last_trick;
  const declaring = view.phase === "declare";
  const playing = view.phase === "play" || view.phase === "last_tricks";

  const stockCol = view.phase === "over" ? null : h("div", { class: "bazzica-stock-col" },
    (view.stock_count ?? 0) > 0 || view.upcard ? stockPile({
      count: view.stock_count ?? 0, upcard: view.upcard || null, pack: ctx.pack,
      label: "Stock", upcardLabel: "Upcard",
    }) : h("div", { class: "lt-label", "data-testid": "stock" }, "Stock ", h("span", { class: "badge", "data-testid": "stock-count" }, "0")),
    h("div", { class: "bazzica-trump-line", "data-testid": "trump" },
      suitIcon(view.trump, "suit-icon inline-icon", ctx.pack), " Trumps: ", h("strong", {}, trumpWord(ctx))),
    view.phase === "last_tricks" ? h("div", { class: "bazzica-phase-note" }, "Last tricks: follow suit and win if you can") : null);

  let trickEl = null;
  if (declaring && last && (last.cards || []).length) {
    // The trick just won stays in view while its winner declares.
    trickEl = trickArea({
      plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack: ctx.pack,
      footer: `Trick ${view.tricks_played} of ${TRICKS} · won by ${ctx.seatLabel(last.winner)}`,
    });
  } else if (playing || trick.length) {
    let placeholder = null;
    if (!trick.length && !ctx.finished) {
      const leader = view.leader ?? view.to_act;
      placeholder = ctx.isMe(leader) ? "Your lead" : `${ctx.name(leader)} leads`;
    }
    trickEl = trickArea({
      plays: trick, names: ctx.name, me: ctx.viewer, pack: ctx.pack, leader: view.leader, placeholder,
      footer: `Trick ${trickNumber(view)} of ${TRICKS}`,
    });
  }
  const lastEl = !declaring && last && (last.cards || []).length ? lastTrick({
    plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack: ctx.pack,
    label: `Last trick${last.cards.some((c) => isBrisque(c.card)) ? " · brisques" : ""}`,
  }) : null;

  let resultEl = null;
  if (view.result) resultEl = resultBox(ctx, view.result, ctx.match.deal_number || 1, null);
  else if (prev && playing && (view.tricks_played ?? 0) === 0) resultEl = resultBox(ctx, prev.result, prev.number, true);

  return h("div", { class: ["lt-center", "bazzica-center"] },
    stockCol,
    trickEl,
    lastEl,
    declaring ? declareChoices(ctx) : null,
    resultEl);
}

/** The declarations open to the winner of a first-phase trick, and "Draw without declaring". */
function declareChoices(ctx) {
  const { view } = ctx;
  const actions = ctx.legalList.filter((a) => a === "draw" || parseDeclare(a));
  if (!actions.length) return null;
  const me = (view.players || []).find((p) => p.seat === ctx.viewer) || {};
  const onTable = new Map();
  for (const t of me.table || []) onTable.set(t.card, t.used || []);
  const hand = me.hand || [];
  const decl = actions.filter((a) => a !== "draw").map((a) => {
    const d = parseDeclare(a);
    const k = KINDS[d.kind];
    // Reused cards: those that can only come from the table (no copy in hand).
    const reused = [...new Set(d.cards.filter((c) => onTable.has(c) && !hand.includes(c)))];
    let detail = k.it;
    if (d.kind === "exchange") detail = `Scambio: take ${cardName(view.upcard, ctx.pack)}, known to your opponent`;
    else if (reused.length) detail = `${k.it} · with ${shortList(reused)} from the table`;
    return { action: a, label: actionLabel(a, ctx), detail, cards: d.cards, points: k.points };
  }).sort((x, y) => y.points - x.points);
  ctx.claim(actions);
  const last = (view.tricks_played ?? 0) >= FIRST_PHASE_TRICKS;
  const opp = ctx.name(1 - ctx.viewer);
  const choices = [...decl];
  if (actions.includes("draw")) {
    choices.push({
      action: "draw", label: "Draw without declaring",
      detail: last ? `you take the last card, ${opp} the upcard` : `you draw first, then ${opp}`,
    });
  }
  const el = choiceList({
    choices, pack: ctx.pack, testid: "choices",
    title: decl.length ? "Declare one combination, or draw:" : "Nothing to declare: draw",
  });
  el.classList.add("bazzica-choices");
  return el;
}

// ---------------------------------------------------------------- results

function brisquesRule(ctx) {
  const tricks = ((ctx.match.options || {}).brisques) === "tricks";
  return tricks ? "10 for each trick won holding an ace or ten" : "10 for each ace and ten won";
}

function winnerText(ctx, points) {
  const [a, b] = [points[0] ?? 0, points[1] ?? 0];
  const score = `${Math.max(a, b)}–${Math.min(a, b)}`;
  if (a === b) return `Even deal ${a}–${b}`;
  const w = a > b ? 0 : 1;
  return ctx.isMe(w) ? `You win the deal ${score}` : `${ctx.name(w)} wins the deal ${score}`;
}

/** The scoring items of a deal (its result()) as a table; `prev`: the deal before this one. */
function resultBox(ctx, r, number, prev) {
  const seats = ctx.seats;
  const points = r.points || [];
  let rows;
  if (r.declared) {
    const decl = seats.map((s) => ((r.declarations || [])[s] || []).length);
    rows = [
      { label: "Declarations", detail: seats.map((s) => `${ctx.seatLabel(s)} ${plural(decl[s], "combination")}`).join(" · "), points: r.declared },
      { label: "7s of trumps", detail: "10 for each, turned up or played", points: r.sevens },
      { label: "Brisques", detail: brisquesRule(ctx), points: r.brisques },
      { label: "Last trick", points: seats.map((s) => (r.last_trick === s ? 10 : 0)) },
    ];
  } else {
    rows = [{ label: "Deal points", points }];
  }
  const table = dealResultTable({
    seats, rows, totals: points, names: ctx.name, me: ctx.viewer,
    title: `Deal ${number} result`, testid: "deal-result",
  });
  const w = (points[0] ?? 0) === (points[1] ?? 0) ? null : ((points[0] ?? 0) > (points[1] ?? 0) ? 0 : 1);
  table.insertBefore(
    h("div", { class: ["bazzica-result-head", w !== null && ctx.isMe(w) ? "is-mine" : null], "data-testid": "deal-winner" },
      winnerText(ctx, points),
      r.tricks ? h("span", { class: "bazzica-result-sub" }, seats.map((s) => `${ctx.seatLabel(s)} ${plural(r.tricks[s] ?? 0, "trick")}`).join(" · ")) : null),
    table.querySelector("table"));
  table.classList.add("bazzica-result");
  if (prev) table.appendChild(h("p", { class: "bazzica-result-note" }, "The next deal has started."));
  return table;
}

/** The previous deal's result while the first trick of the next one is played: {number, result}, or null. */
function previousResult(ctx) {
  const { match, view } = ctx;
  const last = match.last_result;
  const number = match.deal_number || 0;
  if (!last || !last.result || last.number !== number - 1 || view.result) return null;
  return last;
}

// ---------------------------------------------------------------- side panel

function sidePanel(ctx, player) {
  const { view } = ctx;
  const blocks = ctx.seats.map((s) => {
    const p = player(s);
    const items = [
      ...(p.declarations || []).map((d) => ({
        kind: d.kind, label: (KINDS[d.kind] || {}).en || d.label, it: d.label, cards: d.cards, points: d.points,
        onTable: (d.on_table || []).length,
      })),
      ...(p.bonuses || []).map((b) => ({
        label: b.kind === "seven_turned" ? "7 of trumps turned up" : "7 of trumps played", it: b.label, cards: b.cards, points: b.points,
      })),
    ];
    return h("div", { class: "bazzica-decl-seat", "data-seat": String(s), "data-testid": `declarations-${s}` },
      h("div", { class: "bazzica-decl-name" }, ctx.seatLabel(s), h("span", { class: "muted" }, ` · ${p.declared_points ?? 0}`)),
      items.length
        ? h("ul", { class: "bazzica-decl-list" }, items.map((it) => h("li", { title: it.it },
          h("span", { class: "bazzica-decl-label" }, it.label),
          h("span", { class: "bazzica-decl-cards" }, spoken(it.kind, it.cards).map((c) => h("span", { class: ["bazzica-pip", `suit-${suitOf(c)}`] }, short(c)))),
          h("span", { class: "bazzica-decl-points" }, `+${it.points}`))))
        : h("p", { class: "muted bazzica-decl-none" }, "nothing yet"));
  });
  return h("div", { class: "bazzica-panel" },
    h("h4", {}, "Declared this deal"),
    blocks,
    h("p", { class: "bazzica-panel-trump" },
      suitIcon(view.trump, "suit-icon inline-icon", ctx.pack), " Trumps: ", h("strong", {}, trumpWord(ctx)),
      view.upcard ? h("span", { class: "muted" }, ` · upcard ${short(view.upcard)}`) : null),
    h("p", { class: "muted bazzica-panel-note" }, `Cards rank A 10 K Q J 9 8 7 · brisques: ${brisquesRule(ctx)} · last trick 10`));
}

