// Tressette table (docs/games/tressette.md; view shape: games/rules/tressette/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Four seats in two partnerships, drawn from the viewer's seat: the
// viewer at the bottom, the partner at the top, the next seat to play (viewer + 1) on the
// right and the other opponent on the left, as the compass trick layout places their
// cards. One phase, play: tap a card ("play XY"); the signals ("busso", "striscio N",
// "volo N") are buttons under the trick and do not end the turn. Every action element
// carries the exact legal action string. "Good play", the announced accusi and each
// signal of the trick in progress are shown beside the seat that made them.
//
// What the table needs from the core: ctx.seats of length 4, ctx.sides ([[0, 2], [1, 3]]),
// ctx.sideOf / ctx.sideName, ctx.name(seat), match.deals with each deal's "points" per
// seat, and match.scores per side.

import {
  h, handRow, trickArea, lastTrick, dealResultTable, formatThirds, suitName, foldable,
} from "../live-table.js";
import { gettext, ngettext, interpolate } from "../i18n.js";

export const pack = "italian";

const TRICKS = 10;
/** Tressette ranking, strongest first: how a hand is sorted. */
const RANKS = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"];
const SUIT_ORDER = ["C", "D", "H", "S"];
/** "three aces", "four 2s": a whole phrase for each count and rank. */
const ACCUSO_WORDS = {
  three: { A: gettext("three aces"), 2: gettext("three 2s"), 3: gettext("three 3s") },
  four: { A: gettext("four aces"), 2: gettext("four 2s"), 3: gettext("four 3s") },
};

/** Readable labels of the signals; cards are labelled by the core. */
export function actionLabel(action) {
  const text = String(action);
  if (text === "busso") return gettext("Busso: partner, play your best");
  let m = /^striscio (\d+)$/.exec(text);
  if (m) return interpolate(gettext("Striscio: I hold %(count)s of this suit"), { count: m[1] }, true);
  m = /^volo (\d)$/.exec(text);
  if (m) return m[1] === "0" ? gettext("Volo: I am void in a suit") : interpolate(gettext("Volo: I hold %(count)s in a suit"), { count: m[1] }, true);
  return null;
}

/** An accuso as words: "four 2s", "three aces", "napoli". */
export function accusoText(meld) {
  if (meld.kind === "napoli") return meld.suit ? `napoli (${meld.suit})` : "napoli";
  return (ACCUSO_WORDS[meld.kind] || {})[meld.rank] || `${meld.kind} ${meld.rank}`;
}

/** A signal as words, for the seat that made it. */
export function signalText(signal) {
  if (signal.signal === "busso") return "busso";
  if (signal.signal === "striscio") return interpolate(gettext("striscio: %(count)s of the suit"), { count: signal.count }, true);
  return signal.count === 0 ? gettext("volo: void in a suit") : interpolate(gettext("volo: %(count)s in a suit"), { count: signal.count }, true);
}

export function render(ctx) {
  const { view } = ctx;
  const me = ctx.viewer ?? 0;
  const n = view.seats || 4;
  const players = view.players || [];
  const player = (s) => players.find((p) => p.seat === s) || { seat: s, hand: null, hand_count: 0, known_cards: [] };
  const right = (me + 1) % n;
  const top = (me + 2) % n;
  const left = (me + 3) % n;
  return {
    felt: [
      seatPanel(ctx, top, player(top), "top"),
      // The two opponents side by side (left of the viewer on the left), then the trick:
      // the same order on a 390-pixel phone as on a wide screen.
      h("div", { class: "tressette-opponents", style: "display:flex;justify-content:space-between;gap:.5rem;align-items:flex-start" },
        seatPanel(ctx, left, player(left), "left"),
        seatPanel(ctx, right, player(right), "right")),
      centre(ctx),
      seatPanel(ctx, me, player(me), "bottom"),
    ],
    prompt: prompt(ctx),
    feltClass: ["tressette-felt"],
    columns: [
      { label: gettext("Tricks"), title: gettext("Tricks won this deal"), value: (s) => String(player(s).tricks_won ?? 0) },
      { label: gettext("Accusi"), title: gettext("Accusi announced (good play: not yet announced)"), value: (s) => accusiShort(player(s)) },
    ],
    panel: sidePanel(ctx),
  };
}

function accusiShort(p) {
  if (p.announced && (p.accusi || []).length) return p.accusi.map(accusoText).join(", ");
  if (p.good_play && !p.announced) return gettext("good play");
  return "–";
}

// ---------------------------------------------------------------- words

function prompt(ctx) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  if (view.phase === "over") return { text: gettext("Deal over"), detail: resultHeadline(ctx, view.result || {}), mine: false };
  const trickNo = Math.min((view.tricks_played ?? 0) + 1, TRICKS);
  if (ctx.myTurn) {
    const lead = !(view.trick || []).length;
    const led = (view.trick || [])[0];
    const follow = led ? interpolate(gettext("follow %(suit)s if you can"), { suit: suitName(String(led.card).slice(-1), ctx.pack) }, true) : gettext("lead any card");
    return { text: lead ? gettext("Your lead") : gettext("Your turn"), detail: `${trickOf(trickNo)} · ${follow}`, mine: true };
  }
  const actor = view.to_act;
  if (actor === null || actor === undefined) return { text: gettext("Waiting…"), mine: false };
  return { text: interpolate(gettext("%(player)s to play"), { player: ctx.name(actor) }, true), mine: false };
}

/** "Trick 3 of 10". */
function trickOf(number) {
  return interpolate(gettext("Trick %(number)s of %(count)s"), { number, count: TRICKS }, true);
}

// ---------------------------------------------------------------- seats

function seatPanel(ctx, seat, p, where) {
  const { view } = ctx;
  const self = ctx.isMe(seat);
  const toAct = !ctx.finished && view.to_act === seat;
  const partner = ctx.viewer !== null && ctx.viewer !== undefined && !self && ctx.sideOf(seat) === ctx.sideOf(ctx.viewer);
  const trickNo = view.tricks_played ?? 0;
  const signals = (view.signals || []).filter((s) => s.seat === seat && s.trick === trickNo);
  const head = h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: gettext("To act"), "aria-hidden": "true" }) : null,
      ctx.name(seat),
      self ? h("span", { class: "lt-you" }, gettext("you")) : null,
      partner ? h("span", { class: "chip muted" }, gettext("partner")) : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: gettext("Dealer") }, gettext("Dealer")) : null,
    p.good_play && !p.announced
      ? h("span", { class: "chip", "data-testid": `good-play-${seat}`, title: gettext("Holds accusi, announced on winning a first trick") }, gettext("Good play")) : null,
    p.announced && (p.accusi || []).length
      ? h("span", { class: "chip", "data-testid": `accusi-${seat}` }, p.accusi.map(accusoText).join(" + ")) : null,
    h("span", { class: "muted", "data-testid": `tricks-${seat}` }, ` ${interpolate(ngettext("%(count)s trick", "%(count)s tricks", p.tricks_won ?? 0), { count: p.tricks_won ?? 0 }, true)}`));
  const said = signals.length
    ? h("div", { class: "tressette-signals", "data-testid": `signals-${seat}` }, signals.map((s) => h("span", { class: "chip chip-signal" }, signalText(s))))
    : null;
  const mine = self && Array.isArray(p.accusi) && p.accusi.length && !p.announced
    ? h("div", { class: "muted", "data-testid": "my-accusi" }, `${gettext("Your accusi (said when you first win a trick):")} `, p.accusi.map(accusoText).join(", "))
    : null;
  return h("section", {
    class: ["lt-seat", where === "bottom" ? "lt-seat-bottom" : "lt-seat-top", `tressette-${where}`, toAct ? "is-turn" : null],
    "data-testid": `seat-${seat}`, "data-seat": String(seat),
  }, head, said, mine, handArea(ctx, seat, p));
}

function handArea(ctx, seat, p) {
  const { view } = ctx;
  const own = Array.isArray(p.hand);
  if (!own && (p.hand_count ?? 0) === 0) return null;
  return handRow({
    cards: own ? p.hand : null,
    count: p.hand_count ?? 0,
    known: own ? [] : (p.known_cards || []),
    seat,
    self: ctx.isMe(seat) || (own && ctx.viewer === null),
    pack: ctx.pack,
    sort: { suitOrder: SUIT_ORDER, rankOrder: RANKS },
    label: ctx.isMe(seat) ? gettext("Your hand") : gettext("Hand"),
    size: ctx.isMe(seat) ? null : "sm",
    cardOptions: (code) => {
      if (!ctx.isMe(seat)) return {};
      const action = `play ${code}`;
      const offer = ctx.cardOffer(code, ctx.legal.has(action) ? [action] : []);
      const dim = ctx.myTurn && view.phase === "play" && !offer.action;
      return { ...offer, classes: [...(offer.classes || []), dim ? "dim" : null] };
    },
  });
}

// ---------------------------------------------------------------- centre

function centre(ctx) {
  const { view } = ctx;
  const trick = view.trick || [];
  const last = view.last_trick;
  const signalButtons = ctx.legalList
    .filter((a) => !a.startsWith("play "))
    .map((a) => ctx.act(a))
    .filter(Boolean)
    .map((a) => h("button", { type: "button", class: "btn", "data-action": a, "data-testid": `signal-${a.replace(" ", "-")}` }, actionLabel(a)));
  return h("div", { class: ["lt-center", "tressette-center"] },
    view.phase === "play" || trick.length ? trickArea({
      plays: trick, names: ctx.name, me: ctx.viewer, pack: ctx.pack, leader: view.leader,
      layout: "compass", seats: view.seats || 4,
      placeholder: !trick.length && view.phase === "play"
        ? (ctx.isMe(view.leader) ? gettext("Your lead") : interpolate(gettext("%(player)s leads"), { player: ctx.name(view.leader) }, true)) : null,
      footer: view.phase === "play" ? trickOf(Math.min((view.tricks_played ?? 0) + 1, TRICKS)) : null,
    }) : null,
    // Folded on a phone, so that the hand stays on the first screen.
    signalButtons.length
      ? foldable({ key: "tressette-signals", summary: gettext("Signals (shown to all, your turn goes on)"), testid: "signal-panel", classes: ["tressette-signal-fold"] },
        h("div", { class: "tressette-signal-buttons", "data-testid": "signal-choices", style: "display:flex;flex-wrap:wrap;gap:.25rem" }, signalButtons))
      : null,
    last && (last.cards || []).length
      ? lastTrick({ plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack: ctx.pack })
      : null,
    resultArea(ctx));
}

// ---------------------------------------------------------------- results

function resultHeadline(ctx, r) {
  const pts = r.side_points;
  if (!pts) return "";
  const [a, b] = pts;
  if (a === b) return `${ctx.sideName(0)} ${a} – ${b} ${ctx.sideName(1)}`;
  const w = a > b ? 0 : 1;
  return interpolate(gettext("%(side)s take the deal %(score)s"), { side: ctx.sideName(w), score: `${Math.max(a, b)}–${Math.min(a, b)}` }, true);
}

function resultArea(ctx) {
  const { view, match } = ctx;
  const deals = match.deals || [];
  let r = view.result;
  let number = match.deal_number || deals.length || 1;
  // The deal just finished: the server has dealt the next one. Show the last result
  // until the first card of the new deal.
  if (!r && (view.tricks_played ?? 0) === 0 && !(view.trick || []).length && deals.length) {
    const lastResult = match.last_result;
    const previous = deals[deals.length - 1];
    r = lastResult && lastResult.number === previous.number && lastResult.result ? lastResult.result : null;
    number = previous.number;
  }
  const head = r ? h("div", { class: "tressette-result-head", "data-testid": "deal-winner" }, resultHeadline(ctx, r)) : null;
  let table = null;
  if (r && r.side_points) {
    const sides = [0, 1];
    const sideLabel = (s) => ctx.sideName(s);
    table = dealResultTable({
      seats: sides,
      rows: [
        { label: gettext("Card points"), detail: gettext("thirds: 3, 2, figures ⅓ · ace 1 · last trick 1"), points: (r.card_thirds || []).map((t) => `${formatThirds(t)} → ${Math.floor(t / 3)}`) },
        { label: gettext("Accusi"), points: r.accusi_points || [0, 0] },
        { label: gettext("Deal"), points: r.side_points },
      ],
      totals: null, names: sideLabel, me: null, title: interpolate(gettext("Deal %(number)s result"), { number }, true), testid: "deal-result",
    });
  }
  return h("div", { class: "tressette-results" }, head, table, matchTable(ctx));
}

function matchTable(ctx) {
  const deals = ctx.match.deals || [];
  if (!deals.length) return null;
  // A deal's "points" are per seat (each seat its side's): read one seat of each side.
  const sides = ctx.sides.map((_, s) => s);
  return dealResultTable({
    seats: sides,
    rows: deals.map((d) => ({ label: interpolate(gettext("Deal %(number)s"), { number: d.number }, true), points: ctx.sides.map((side) => (d.points || [])[side[0]]) })),
    totals: ctx.match.scores || true, names: (s) => ctx.sideName(s), me: null,
    title: gettext("Match · points"), totalLabel: gettext("Total"), testid: "match-result",
  });
}

// ---------------------------------------------------------------- side panel

function sidePanel(ctx) {
  const { view } = ctx;
  const lines = [
    gettext("Ranking: 3 2 A K Q J 7 6 5 4 · follow suit, no trumps"),
    gettext("Every three of 3s, 2s and figures 1 point (remainder dropped) · ace 1 · last trick 1"),
    gettext("Accusi: three or four aces, 2s or 3s (3 or 4) · napoli 3-2-A of a suit (3)"),
  ];
  if (ctx.viewer !== null && ctx.viewer !== undefined) {
    lines.unshift(interpolate(gettext("You play with %(partner)s against %(left)s & %(right)s"), {
      partner: ctx.name((ctx.viewer + 2) % 4), left: ctx.name((ctx.viewer + 1) % 4), right: ctx.name((ctx.viewer + 3) % 4),
    }, true));
  }
  const accusi = view.side_accusi || [0, 0];
  if (accusi.some((x) => x)) lines.push(`${gettext("Accusi announced:")} ${ctx.sideName(0)} ${accusi[0]} · ${ctx.sideName(1)} ${accusi[1]}`);
  return h("div", { class: "tressette-panel" }, lines.map((t) => h("p", { class: "muted" }, t)));
}
