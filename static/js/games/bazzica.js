// Bazzica table (docs/games/bazzica.md; view shape: games/rules/bazzica/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Two players, the 64-card double piquet pack (French suits), and the
// variants of 002 (view.variant): "tre" (three players, 96 cards), "rubicone" (two, 128
// cards, no upcard: trumps from the first marriage or sequence, carta bianca) and
// "quattro" (four in pairs, partners opposite, 192 cards; the winner of a trick may
// "pass" the declaration to the partner). Seats are drawn from the viewer's: the viewer
// at the bottom, the partner at the top at four, the others left and right. Phases:
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
import { gettext, ngettext, pgettext, interpolate } from "../i18n.js";

export const pack = "french";

/** Tricks of the first phase and in all, by variant (view.variant; the two-player game has none). */
const TRICK_COUNTS = { classic: [24, 32], tre: [24, 32], rubicone: [55, 64], quattro: [39, 48] };
const tricksOf = (view) => TRICK_COUNTS[(view && view.variant) || "classic"] || TRICK_COUNTS.classic;
/** Bazzica's ranking, strongest first: how players sort a hand. */
const RANKS = ["A", "10", "K", "Q", "J", "9", "8", "7"];
/** Suits in alternating colours with the trump suit last, per trump suit. */
const SUIT_ORDERS = { H: ["S", "D", "C", "H"], D: ["C", "H", "S", "D"], S: ["H", "C", "D", "S"], C: ["D", "S", "H", "C"] };

/** Each kind of combination: English name, Italian name, points, short tag for a table card. */
const KINDS = {
  sextuple_bezique: { en: gettext("Sextuple bezique"), it: "Bazzica sestupla", points: 40500, tag: pgettext("short tag of a combination on a card", "6×bez") },
  quintuple_bezique: { en: gettext("Quintuple bezique"), it: "Bazzica quintupla", points: 13500, tag: pgettext("short tag of a combination on a card", "5×bez") },
  quadruple_bezique: { en: gettext("Quadruple bezique"), it: "Bazzica quadrupla", points: 4500, tag: pgettext("short tag of a combination on a card", "4×bez") },
  triple_bezique: { en: gettext("Triple bezique"), it: "Bazzica tripla", points: 1500, tag: pgettext("short tag of a combination on a card", "3×bez") },
  ordinary_sequence: { en: gettext("Ordinary sequence"), it: "Sequenza ordinaria", points: 150, tag: pgettext("short tag of a combination on a card", "o.seq") },
  four_tens: { en: gettext("Four tens"), it: "Quattro dieci", points: 900, tag: "4 10" },
  carta_bianca: { en: gettext("Carta bianca (no K, Q or J)"), it: "Carta bianca", points: 50, tag: pgettext("short tag of a combination on a card", "bianca") },
  carta_bianca_double: { en: gettext("Carta bianca doppia (both partners)"), it: "Carta bianca doppia", points: 500, tag: pgettext("short tag of a combination on a card", "bianca×2") },
  double_bezique: { en: gettext("Double bezique"), it: "Bazzica doppia", points: 500, tag: pgettext("short tag of a combination on a card", "2×bez") },
  sequence: { en: gettext("Sequence"), it: "Sequenza", points: 250, tag: pgettext("short tag of a combination on a card", "seq") },
  four_aces: { en: gettext("Four aces"), it: "Quattro assi", points: 100, tag: "4 A" },
  four_kings: { en: gettext("Four kings"), it: "Quattro re", points: 80, tag: "4 K" },
  four_queens: { en: gettext("Four queens"), it: "Quattro donne", points: 60, tag: "4 Q" },
  four_jacks: { en: gettext("Four jacks"), it: "Quattro fanti", points: 40, tag: "4 J" },
  bezique: { en: gettext("Bezique"), it: "Bazzica", points: 40, tag: pgettext("short tag of a combination on a card", "bez") },
  royal_marriage: { en: gettext("Royal marriage"), it: "Matrimonio di briscola", points: 40, tag: pgettext("short tag of a combination on a card", "r.mar") },
  marriage: { en: gettext("Marriage"), it: "Matrimonio comune", points: 20, tag: pgettext("short tag of a combination on a card", "mar") },
  exchange: { en: gettext("Scambio"), it: "Scambio", points: 10, tag: pgettext("short tag of a combination on a card", "exch") },
};

/** Points that differ in Bazzica in quattro (002: "i punteggi hanno queste differenze"). */
const QUATTRO_POINTS = { four_aces: 1000, four_kings: 800, four_queens: 600, four_jacks: 400 };

function kindPoints(kind, ctx) {
  const variant = ctx && ctx.view && ctx.view.variant;
  if (variant === "quattro" && QUATTRO_POINTS[kind]) return QUATTRO_POINTS[kind];
  return (KINDS[kind] || {}).points ?? 0;
}

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

/** "1 trick", "3 tricks". */
function tricksText(n) {
  return interpolate(ngettext("%(count)s trick", "%(count)s tricks", n), { count: n }, true);
}

/** "1 combination", "3 combinations". */
function combinationsText(n) {
  return interpolate(ngettext("%(count)s combination", "%(count)s combinations", n), { count: n }, true);
}

// ---------------------------------------------------------------- actions

/** "declare bezique JD QS" -> {kind: "bezique", cards: ["JD", "QS"]}; null for anything else. */
function parseDeclare(action) {
  const parts = String(action).split(" ");
  if (parts[0] !== "declare" || parts.length < 2 || !KINDS[parts[1]]) return null;
  return { kind: parts[1], cards: parts.slice(2) };
}

/**
 * Readable labels: "declare bezique JD QS" -> "Bezique (Q♠ J♦) +40";
 * "declare exchange 7H" -> "Exchange the 7♥ for the upcard +10"; "draw" -> "Draw without
 * declaring"; "play QS" -> "Play Donna di Picche".
 */
export function actionLabel(action, ctx) {
  const a = String(action);
  if (a === "draw") return gettext("Draw without declaring");
  if (a === "pass") return gettext("Leave the declaration to your partner");
  const d = parseDeclare(a);
  if (d) {
    const k = KINDS[d.kind];
    const points = kindPoints(d.kind, ctx);
    if (d.kind === "exchange") return interpolate(gettext("Exchange the %(card)s for the upcard +%(points)s"), { card: short(d.cards[0]), points }, true);
    if (!d.cards.length) return interpolate(gettext("Declare %(combination)s: show your hand +%(points)s"), { combination: k.en, points }, true);
    const fixes = ctx && ctx.view && !ctx.view.trump && (d.kind === "royal_marriage" || d.kind === "sequence")
      ? ` · ${interpolate(gettext("makes %(suit)s trumps"), { suit: suitName(suitOf(d.cards[0]), pack) }, true)}` : "";
    return `${interpolate(gettext("%(combination)s (%(cards)s) +%(points)s"), { combination: k.en, cards: shortList(spoken(d.kind, d.cards)), points }, true)}${fixes}`;
  }
  const m = /^play (\S+)$/.exec(a);
  if (m) {
    const trump = ctx && ctx.view && suitOf(m[1]) === ctx.view.trump;
    return interpolate(trump ? gettext("Play %(card)s (trump)") : gettext("Play %(card)s"), { card: cardName(m[1], pack) }, true);
  }
  return null;
}

// ---------------------------------------------------------------- render

export function render(ctx) {
  const { view } = ctx;
  const n = view.seats || 2;
  const bottom = ctx.viewer !== null ? ctx.viewer : 0;
  const players = view.players || [];
  const player = (s) => players.find((p) => p.seat === s) || { seat: s, hand: null, hand_count: 0, known_cards: [], table: [] };
  const prev = previousResult(ctx);

  // The viewer's own cards first, so that they claim their "play" actions.
  const mine = seatPanel(ctx, bottom, player(bottom), true);
  const prompt = bazzicaPrompt(ctx, player);
  let others;
  if (n === 2) {
    others = [seatPanel(ctx, 1 - bottom, player(1 - bottom), false)];
  } else {
    // Left and right of the viewer; at four the partner sits opposite, at the top.
    const right = (bottom + 1) % n;
    const left = (bottom + n - 1) % n;
    const row = h("div", { class: "bazzica-opponents" },
      seatPanel(ctx, left, player(left), false), seatPanel(ctx, right, player(right), false));
    others = n === 4 ? [seatPanel(ctx, (bottom + 2) % 4, player((bottom + 2) % 4), false), row] : [row];
  }
  return {
    felt: [...others, centre(ctx, player, prev), mine],
    prompt,
    whose: whoseText(ctx, prompt),
    feltClass: ["bazzica-felt", `bazzica-phase-${view.phase || "none"}`],
    columns: [
      { label: pgettext("declared points, a short column heading", "Decl."), title: gettext("Combinations and 7s of trumps declared this deal"), value: (s) => String(player(s).declared_points ?? 0) },
      { label: pgettext("brisques, a short column heading", "Brisq."), title: gettext("Brisques won this deal: 10 for each ace and ten"), value: (s) => String(player(s).brisques ?? 0) },
      { label: gettext("Deal"), title: gettext("Points so far this deal"), value: (s) => String(player(s).points_so_far ?? 0) },
    ],
    panel: sidePanel(ctx, player),
  };
}

// ---------------------------------------------------------------- words

function trickNumber(view) {
  return Math.min((view.tricks_played ?? 0) + 1, tricksOf(view)[1]);
}

function trumpWord(ctx) {
  return ctx.view.trump ? suitName(ctx.view.trump, ctx.pack) : gettext("none yet (the first marriage or sequence declared)");
}

function bazzicaPrompt(ctx, player) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  const trumps = interpolate(gettext("trumps: %(trumps)s"), { trumps: trumpWord(ctx) }, true);
  const trick = view.trick || [];
  const n = trickNumber(view);
  const [FIRST_PHASE_TRICKS, TRICKS] = tricksOf(view);
  const waiting = () => (who
    ? interpolate(trick.length ? gettext("%(player)s to answer") : gettext("%(player)s to lead"), { player: who }, true)
    : gettext("Waiting…"));
  switch (view.phase) {
    case "play": {
      const base = `${interpolate(gettext("Trick %(number)s of %(count)s (first phase)"), { number: n, count: FIRST_PHASE_TRICKS }, true)} · ${trumps}`;
      if (ctx.myTurn) {
        if (!trick.length) return { text: gettext("Your lead"), detail: `${base} · ${gettext("play any card")}`, mine: true };
        return { text: gettext("Your turn"), detail: `${interpolate(gettext("answer %(card)s with any card"), { card: cardName(trick[0].card, ctx.pack) }, true)} · ${base}`, mine: true };
      }
      return { text: waiting(), detail: base, mine: false };
    }
    case "declare": {
      const last = (view.tricks_played ?? 0) >= FIRST_PHASE_TRICKS;
      const draw = last ? gettext("then the last cards are drawn") : gettext("then everyone draws from the stock");
      if (ctx.myTurn) {
        const n2 = ctx.legalList.filter((a) => a !== "draw" && a !== "pass").length;
        return {
          text: gettext("You won the trick: declare or draw"),
          detail: `${n2
            ? interpolate(ngettext("%(count)s combination you can declare (one per trick)", "%(count)s combinations you can declare (one per trick)", n2), { count: n2 }, true)
            : gettext("nothing to declare this time")} · ${draw}`,
          mine: true,
        };
      }
      return { text: who ? interpolate(gettext("%(player)s won the trick and may declare"), { player: who }, true) : gettext("Declaring"), detail: draw, mine: false };
    }
    case "last_tricks": {
      const base = `${interpolate(gettext("Trick %(number)s of %(count)s (last %(last)s)"), { number: n, count: TRICKS, last: TRICKS - FIRST_PHASE_TRICKS }, true)} · ${trumps}`;
      if (ctx.myTurn) {
        if (!trick.length) return { text: gettext("Your lead"), detail: `${base} · ${gettext("play any card")}`, mine: true };
        const led = trick[0].card;
        return {
          text: gettext("Your turn"),
          detail: `${interpolate(gettext("follow %(suit)s and beat %(card)s if you can, else trump"), { suit: suitName(suitOf(led), ctx.pack), card: cardName(led, ctx.pack) }, true)} · ${base}`,
          mine: true,
        };
      }
      return { text: waiting(), detail: base, mine: false };
    }
    case "over": {
      const pts = (view.result && view.result.points) || ctx.seats.map((s) => player(s).points_so_far ?? 0);
      if (view.result && view.result.deal_points) return { text: gettext("Deal over"), detail: winnerText(ctx, view.result), mine: false };
      return { text: gettext("Deal over"), detail: ctx.seats.map((s) => `${ctx.name(s)} ${pts[s] ?? 0}`).join(" – "), mine: false };
    }
    default:
      return { text: ctx.myTurn ? gettext("Your turn") : (who ? interpolate(gettext("%(player)s to play"), { player: who }, true) : ""), mine: ctx.myTurn };
  }
}

function whoseText(ctx, prompt) {
  const { view } = ctx;
  if (ctx.finished) return gettext("Match over");
  if (view.to_act === null || view.to_act === undefined) return prompt.text;
  if (view.phase === "declare") return ctx.isMe(view.to_act) ? gettext("Your turn to declare") : interpolate(gettext("%(player)s to declare"), { player: ctx.name(view.to_act) }, true);
  if (ctx.isMe(view.to_act)) return gettext("Your turn");
  return interpolate(gettext("%(player)s to play"), { player: ctx.name(view.to_act) }, true);
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
      toAct ? h("span", { class: "lt-turn-dot", title: view.phase === "declare" ? gettext("To declare") : gettext("To play"), "aria-hidden": "true" }) : null,
      ctx.name(seat),
      self ? h("span", { class: "lt-you" }, gettext("you")) : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: gettext("Dealer") }, gettext("Dealer")) : null,
    p.carta_bianca ? h("span", { class: "chip", title: gettext("Carta bianca: each card drawn that is not a figure is shown and scores") }, "carta bianca") : null,
    h("span", { class: "chip", title: gettext("Combinations and 7s of trumps declared this deal") }, interpolate(gettext("declared %(points)s"), { points: p.declared_points ?? 0 }, true)),
    h("span", { class: "chip bazzica-chip-pts", title: gettext("Points so far this deal") }, interpolate(gettext("%(points)s pts"), { points: p.points_so_far ?? 0 }, true)));

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
    label: self ? gettext("Your hand") : gettext("Hand"),
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
      label: used.length ? interpolate(gettext("declared in: %(combinations)s"), { combinations: used.map((k) => (KINDS[k] || {}).en || k).join(", ") }, true) : gettext("declared"),
    });
    return h("figure", { class: "bazzica-table-card" },
      card,
      h("figcaption", { class: "bazzica-used" }, used.map((k) => h("span", {
        class: "bazzica-tag", title: KINDS[k] ? `${KINDS[k].en} (${KINDS[k].it})` : k,
      }, KINDS[k] ? KINDS[k].tag : k))));
  });
  const label = self ? gettext("Your cards on the table") : gettext("On the table");
  return h("div", { class: ["bazzica-table", self ? "is-mine" : null], "data-testid": `table-${seat}` },
    h("div", { class: "lt-label" }, label, " ", h("span", { class: "badge" }, String(table.length)),
      self && table.length && view.phase === "play" ? h("span", { class: "bazzica-hint" }, ` · ${gettext("still yours to play")}`) : null),
    h("div", { class: "bazzica-table-cards" }, items.length ? items
      : h("span", { class: "muted lt-empty" }, self ? gettext("Combinations you declare lie here") : gettext("Nothing declared yet"))));
}

/** The seat's won tricks, face down, with counts and brisques. */
function wonPile(ctx, seat, p, tricks) {
  const cards = p.captured_count ?? tricks * (ctx.view.seats || 2);
  return h("div", {
    class: ["lt-capture", "bazzica-won", ctx.isMe(seat) ? "is-mine" : null],
    "data-seat": String(seat), "data-testid": `captures-${seat}`,
  },
    makePile({ faceDown: true, size: cards, cardSize: "sm", badge: false }),
    h("div", { class: "lt-capture-caption" },
      h("span", { class: "lt-capture-name" }, gettext("Tricks won")),
      h("span", { class: "lt-capture-count", "data-testid": `captures-count-${seat}` }, tricksText(tricks)),
      h("span", { class: "lt-capture-detail", "data-testid": `brisques-${seat}`, title: brisquesRule(ctx) },
        interpolate(gettext("brisques %(points)s"), { points: p.brisques ?? 0 }, true))));
}

// ---------------------------------------------------------------- centre

function centre(ctx, player, prev) {
  const { view } = ctx;
  const trick = view.trick || [];
  const last = view.last_trick;
  const declaring = view.phase === "declare";
  const playing = view.phase === "play" || view.phase === "last_tricks";
  const compass = (view.seats || 2) > 2 ? "compass" : "row";

  const stockCol = view.phase === "over" ? null : h("div", { class: "bazzica-stock-col" },
    (view.stock_count ?? 0) > 0 || view.upcard ? stockPile({
      count: view.stock_count ?? 0, upcard: view.upcard || null, pack: ctx.pack,
      label: gettext("Stock"), upcardLabel: gettext("Upcard"),
    }) : h("div", { class: "lt-label", "data-testid": "stock" }, `${gettext("Stock")} `, h("span", { class: "badge", "data-testid": "stock-count" }, "0")),
    h("div", { class: "bazzica-trump-line", "data-testid": "trump" },
      view.trump ? suitIcon(view.trump, "suit-icon inline-icon", ctx.pack) : null, ` ${gettext("Trumps:")} `, h("strong", {}, trumpWord(ctx))),
    view.phase === "last_tricks" ? h("div", { class: "bazzica-phase-note" }, gettext("Last tricks: follow suit and win if you can")) : null);

  let trickEl = null;
  if (declaring && last && (last.cards || []).length) {
    // The trick just won stays in view while its winner declares.
    trickEl = trickArea({
      plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack: ctx.pack,
      layout: compass, seats: view.seats || 2,
      footer: interpolate(ctx.isMe(last.winner) ? gettext("Trick %(number)s of %(count)s · won by you") : gettext("Trick %(number)s of %(count)s · won by %(player)s"),
        { number: view.tricks_played, count: tricksOf(view)[1], player: ctx.seatLabel(last.winner) }, true),
    });
  } else if (playing || trick.length) {
    let placeholder = null;
    if (!trick.length && !ctx.finished) {
      const leader = view.leader ?? view.to_act;
      placeholder = ctx.isMe(leader) ? gettext("Your lead") : interpolate(gettext("%(player)s leads"), { player: ctx.name(leader) }, true);
    }
    trickEl = trickArea({
      plays: trick, names: ctx.name, me: ctx.viewer, pack: ctx.pack, leader: view.leader, placeholder,
      layout: compass, seats: view.seats || 2,
      footer: interpolate(gettext("Trick %(number)s of %(count)s"), { number: trickNumber(view), count: tricksOf(view)[1] }, true),
    });
  }
  const lastEl = !declaring && last && (last.cards || []).length ? lastTrick({
    plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack: ctx.pack,
    label: last.cards.some((c) => isBrisque(c.card)) ? gettext("Last trick · brisques") : gettext("Last trick"),
  }) : null;

  let resultEl = null;
  if (view.result) resultEl = resultBox(ctx, view.result, ctx.match.deal_number || 1, null);
  else if (prev && playing && (view.tricks_played ?? 0) === 0) resultEl = resultBox(ctx, prev.result, prev.number, true);

  return h("div", { class: ["lt-center", "bazzica-center"] },
    stockCol,
    trickEl,
    lastEl,
    declaring ? declareChoices(ctx) : null,
    view.phase === "play" ? blankChoice(ctx) : null,
    resultEl);
}

/** "Declare carta bianca" before the player's first card, when the hand has no figure. */
function blankChoice(ctx) {
  const actions = ctx.legalList.filter((a) => a.startsWith("declare carta_bianca"));
  if (!actions.length) return null;
  ctx.claim(actions);
  const el = choiceList({
    choices: actions.map((a) => ({ action: a, label: actionLabel(a, ctx), detail: gettext("your hand is shown to all; then each card you draw that is not a figure scores 50 more") })),
    pack: ctx.pack, testid: "blank-choices", title: gettext("Your hand has no K, Q or J:"),
  });
  el.classList.add("bazzica-choices");
  return el;
}

/** The declarations open to the winner of a first-phase trick, "Draw without declaring" and,
 * at four, "Leave the declaration to your partner". */
function declareChoices(ctx) {
  const { view } = ctx;
  const actions = ctx.legalList.filter((a) => a === "draw" || a === "pass" || parseDeclare(a));
  if (!actions.length) return null;
  const me = (view.players || []).find((p) => p.seat === ctx.viewer) || {};
  const onTable = new Map();
  for (const t of me.table || []) onTable.set(t.card, t.used || []);
  const hand = me.hand || [];
  const decl = actions.filter((a) => a !== "draw" && a !== "pass").map((a) => {
    const d = parseDeclare(a);
    const k = KINDS[d.kind];
    // Reused cards: those that can only come from the table (no copy in hand).
    const reused = [...new Set(d.cards.filter((c) => onTable.has(c) && !hand.includes(c)))];
    let detail = k.it;
    if (d.kind === "exchange") detail = interpolate(gettext("Scambio: take %(card)s, known to your opponent"), { card: cardName(view.upcard, ctx.pack) }, true);
    else if (reused.length) detail = `${k.it} · ${interpolate(gettext("with %(cards)s from the table"), { cards: shortList(reused) }, true)}`;
    return { action: a, label: actionLabel(a, ctx), detail, cards: d.cards, points: kindPoints(d.kind, ctx) };
  }).sort((x, y) => y.points - x.points);
  ctx.claim(actions);
  const last = (view.tricks_played ?? 0) >= tricksOf(view)[0];
  const n = view.seats || 2;
  const next = ctx.name((ctx.viewer + 1) % n);
  const choices = [...decl];
  if (actions.includes("pass")) {
    choices.push({ action: "pass", label: actionLabel("pass", ctx), detail: interpolate(gettext("%(player)s may declare instead, with your cards on the table"), { player: ctx.name((ctx.viewer + 2) % 4) }, true) });
  }
  if (actions.includes("draw")) {
    const winner = view.trick_winner ?? ctx.viewer;
    const first = ctx.isMe(winner)
      ? gettext("you draw first, then the others in turn")
      : interpolate(gettext("%(player)s draws first, then the others in turn"), { player: ctx.name(winner) }, true);
    choices.push({
      action: "draw", label: gettext("Draw without declaring"),
      detail: n === 2 && last && view.upcard ? interpolate(gettext("you take the last card, %(player)s the upcard"), { player: next }, true) : first,
    });
  }
  const el = choiceList({
    choices, pack: ctx.pack, testid: "choices",
    title: decl.length ? gettext("Declare one combination, or draw:") : gettext("Nothing to declare: draw"),
  });
  el.classList.add("bazzica-choices");
  return el;
}

// ---------------------------------------------------------------- results

function brisquesRule(ctx) {
  const tricks = ((ctx.match.options || {}).brisques) === "tricks";
  return tricks ? gettext("10 for each trick won holding an ace or ten") : gettext("10 for each ace and ten won");
}

function winnerText(ctx, pointsOrResult) {
  const r = Array.isArray(pointsOrResult) ? { points: pointsOrResult } : (pointsOrResult || {});
  if (r.deal_points) {
    // Rubicone and quattro: per side; the winner's score, and a rubicone when there is one.
    if (r.winner === null || r.winner === undefined) return gettext("Even deal: another deal is played");
    const side = r.winner;
    const seats = (ctx.view.sides || [[0], [1]])[side] || [side];
    const mine = seats.some((s) => ctx.isMe(s));
    const points = r.side_points[side];
    const who = mine
      ? interpolate(gettext("You win the deal: %(points)s points"), { points }, true)
      : interpolate(ngettext("%(winner)s wins the deal: %(points)s points", "%(winner)s win the deal: %(points)s points", seats.length), { winner: seats.map((s) => ctx.name(s)).join(" & "), points }, true);
    const rub = r.rubicone !== null && r.rubicone !== undefined ? ` · ${gettext("rubicone!")}` : "";
    return `${who}${rub}`;
  }
  const points = r.points || [];
  const seats = ctx.seats;
  const best = Math.max(...seats.map((s) => points[s] ?? 0));
  const top = seats.filter((s) => (points[s] ?? 0) === best);
  const score = seats.map((s) => points[s] ?? 0).join("–");
  if (top.length > 1) return interpolate(gettext("Even deal %(score)s"), { score }, true);
  const w = top[0];
  return ctx.isMe(w)
    ? interpolate(gettext("You win the deal %(score)s"), { score }, true)
    : interpolate(gettext("%(player)s wins the deal %(score)s"), { player: ctx.name(w), score }, true);
}

/** The scoring items of a deal (its result()) as a table; `prev`: the deal before this one. */
function resultBox(ctx, r, number, prev) {
  const seats = ctx.seats;
  const points = r.points || [];
  let rows;
  if (r.deal_points) {
    const sideOf = (s) => (ctx.view.sides || [[0], [1]]).findIndex((side) => side.includes(s));
    const perSide = (list) => seats.map((s) => (list || [])[sideOf(s)]);
    rows = [
      { label: gettext("Declarations"), detail: gettext("combinations and carta bianca"), points: r.declared },
      { label: gettext("Last trick"), points: seats.map((s) => (r.last_trick === s ? 50 : 0)) },
      { label: gettext("Deal points"), detail: gettext("per side"), points: perSide(r.deal_points) },
      { label: gettext("Brisques"), detail: r.brisques_counted ? gettext("counted: even, or a side under 1000") : gettext("not counted"), points: r.brisques_counted ? perSide(r.brisques) : seats.map(() => "") },
      { label: gettext("Score"), detail: r.rubicone !== null && r.rubicone !== undefined ? gettext("rubicone: 1000 + 350 + both sides' points") : gettext("500 + the difference"), points },
    ];
  } else if (r.declared) {
    const decl = seats.map((s) => ((r.declarations || [])[s] || []).length);
    rows = [
      { label: gettext("Declarations"), detail: seats.map((s) => `${ctx.seatLabel(s)} ${combinationsText(decl[s])}`).join(" · "), points: r.declared },
      { label: gettext("7s of trumps"), detail: gettext("10 for each, turned up or played"), points: r.sevens },
      { label: gettext("Brisques"), detail: brisquesRule(ctx), points: r.brisques },
      { label: gettext("Last trick"), points: seats.map((s) => (r.last_trick === s ? 10 : 0)) },
    ];
  } else {
    rows = [{ label: gettext("Deal points"), points }];
  }
  const table = dealResultTable({
    seats, rows, totals: r.deal_points ? false : points, names: ctx.name, me: ctx.viewer,
    title: interpolate(gettext("Deal %(number)s result"), { number }, true), testid: "deal-result",
  });
  const best = Math.max(...seats.map((s) => points[s] ?? 0));
  const mine = seats.some((s) => ctx.isMe(s) && (points[s] ?? 0) === best && best > 0);
  table.insertBefore(
    h("div", { class: ["bazzica-result-head", mine ? "is-mine" : null], "data-testid": "deal-winner" },
      winnerText(ctx, r),
      r.tricks ? h("span", { class: "bazzica-result-sub" }, seats.map((s) => `${ctx.seatLabel(s)} ${tricksText(r.tricks[s] ?? 0)}`).join(" · ")) : null),
    table.querySelector("table"));
  table.classList.add("bazzica-result");
  if (prev) table.appendChild(h("p", { class: "bazzica-result-note" }, gettext("The next deal has started.")));
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
        label: { seven_turned: gettext("7 of trumps turned up"), seven_played: gettext("7 of trumps played"), carta_bianca_draw: gettext("Carta bianca: card drawn") }[b.kind] || b.label,
        it: b.label, cards: b.cards, points: b.points,
      })),
    ];
    return h("div", { class: "bazzica-decl-seat", "data-seat": String(s), "data-testid": `declarations-${s}` },
      h("div", { class: "bazzica-decl-name" }, ctx.seatLabel(s), h("span", { class: "muted" }, ` · ${p.declared_points ?? 0}`)),
      items.length
        ? h("ul", { class: "bazzica-decl-list" }, items.map((it) => h("li", { title: it.it },
          h("span", { class: "bazzica-decl-label" }, it.label),
          h("span", { class: "bazzica-decl-cards" }, spoken(it.kind, it.cards || []).map((c) => h("span", { class: ["bazzica-pip", `suit-${suitOf(c)}`] }, short(c)))),
          h("span", { class: "bazzica-decl-points" }, `+${it.points}`))))
        : h("p", { class: "muted bazzica-decl-none" }, gettext("nothing yet")));
  });
  return h("div", { class: "bazzica-panel" },
    h("h4", {}, gettext("Declared this deal")),
    blocks,
    h("p", { class: "bazzica-panel-trump" },
      view.trump ? suitIcon(view.trump, "suit-icon inline-icon", ctx.pack) : null, ` ${gettext("Trumps:")} `, h("strong", {}, trumpWord(ctx)),
      view.upcard ? h("span", { class: "muted" }, ` · ${interpolate(gettext("upcard %(card)s"), { card: short(view.upcard) }, true)}`) : null),
    h("p", { class: "muted bazzica-panel-note" }, interpolate(gettext("Cards rank A 10 K Q J 9 8 7 · brisques: %(rule)s · last trick %(points)s"), {
      rule: brisquesRule(ctx), points: view.variant === "rubicone" || view.variant === "quattro" ? 50 : 10,
    }, true)));
}

