// Tute table (docs/games/tute.md; view shape: games/rules/tute/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Four seats in two partnerships, drawn from the viewer's seat: the
// viewer at the bottom, the partner at the top, the opponents left and right, as the
// compass trick places their cards. One phase, play: tap a highlighted card
// ("play XY"); after winning a trick, the declarations open to you (las cuarenta, a
// veinte, a tute) are buttons under the trick, before you lead. Declarations are shown
// beside the seat that made them; the dealer's trump card is shown in his hand until
// played.
//
// What the table needs from the core: ctx.seats of length 4, ctx.sides, ctx.sideOf,
// ctx.sideName, ctx.name(seat), match.deals ("points" per seat: 1 for each seat of the
// side that won the hand) and match.scores (hands won per side).

import { h, handRow, trickArea, lastTrick, dealResultTable, suitName } from "../live-table.js";
import { gettext, ngettext, interpolate } from "../i18n.js";

export const pack = "italian";

const TRICKS = 10;
const RANKS = ["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"];
const SUIT_ORDER = ["D", "H", "S", "C"];

/** Readable labels of the declarations; cards are labelled by the core. */
export function actionLabel(action, ctx) {
  const text = String(action);
  if (text === "declare cuarenta") return gettext("Declare las cuarenta (K and Q of trumps, 40)");
  if (text === "declare tute") return gettext("Declare tute (four kings: wins the hand)");
  const m = /^declare veinte ([CDHS])$/.exec(text);
  if (m) return interpolate(gettext("Declare veinte in %(suit)s (20)"), { suit: suitName(m[1], (ctx && ctx.pack) || pack) }, true);
  return null;
}

function declarationText(ctx, d) {
  if (d.kind === "tute") return "tute!";
  if (d.kind === "cuarenta") return "las cuarenta (40)";
  return interpolate(gettext("veinte in %(suit)s (20)"), { suit: suitName(d.suit, ctx.pack) }, true);
}

export function render(ctx) {
  const { view } = ctx;
  const me = ctx.viewer ?? 0;
  const players = view.players || [];
  const player = (s) => players.find((p) => p.seat === s) || { seat: s, hand: null, hand_count: 0, known_cards: [] };
  const right = (me + 1) % 4;
  const top = (me + 2) % 4;
  const left = (me + 3) % 4;
  return {
    felt: [
      seatPanel(ctx, top, player(top)),
      h("div", { class: "tute-opponents", style: "display:flex;justify-content:space-between;gap:.5rem;align-items:flex-start" },
        seatPanel(ctx, left, player(left)),
        seatPanel(ctx, right, player(right))),
      centre(ctx),
      seatPanel(ctx, me, player(me)),
    ],
    prompt: prompt(ctx),
    feltClass: ["tute-felt"],
    columns: [
      { label: gettext("Tricks"), title: gettext("Tricks won this hand"), value: (s) => String(player(s).tricks_won ?? 0) },
    ],
    panel: sidePanel(ctx),
  };
}

function prompt(ctx) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  if (view.phase === "over") return { text: gettext("Hand over"), detail: resultHeadline(ctx, view.result || {}), mine: false };
  const trickNo = Math.min((view.tricks_played ?? 0) + 1, TRICKS);
  const trump = interpolate(gettext("trumps: %(suit)s"), { suit: suitName(view.trump, ctx.pack) }, true);
  if (ctx.myTurn) {
    const trick = view.trick || [];
    if (!trick.length) {
      const declare = ctx.legalList.some((a) => a.startsWith("declare")) ? ` · ${gettext("you may declare first")}` : "";
      return { text: gettext("Your lead"), detail: `${trickOf(trickNo)} · ${trump}${declare}`, mine: true };
    }
    const led = suitName((trick[0].card || "").slice(-1), ctx.pack);
    return { text: gettext("Your turn"), detail: `${interpolate(gettext("follow %(suit)s and beat the trick if you can; void, trump"), { suit: led }, true)} · ${trump}`, mine: true };
  }
  const actor = view.to_act;
  if (actor === null || actor === undefined) return { text: gettext("Waiting…"), mine: false };
  return { text: interpolate(gettext("%(player)s to play"), { player: ctx.name(actor) }, true), detail: `${trickOf(trickNo)} · ${trump}`, mine: false };
}

/** "Trick 3 of 10". */
function trickOf(number) {
  return interpolate(gettext("Trick %(number)s of %(count)s"), { number, count: TRICKS }, true);
}

function seatPanel(ctx, seat, p) {
  const { view } = ctx;
  const self = ctx.isMe(seat);
  const toAct = !ctx.finished && view.to_act === seat;
  const partner = ctx.viewer !== null && ctx.viewer !== undefined && !self && ctx.sideOf(seat) === ctx.sideOf(ctx.viewer);
  const said = (view.declarations || []).filter((d) => d.seat === seat);
  const head = h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: gettext("To act"), "aria-hidden": "true" }) : null,
      ctx.name(seat),
      self ? h("span", { class: "lt-you" }, gettext("you")) : null,
      partner ? h("span", { class: "chip muted" }, gettext("partner")) : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: gettext("Dealer") }, gettext("Dealer")) : null,
    said.length ? h("span", { class: "chip", "data-testid": `declarations-${seat}` }, said.map((d) => declarationText(ctx, d)).join(" · ")) : null);
  return h("section", { class: ["lt-seat", self ? "lt-seat-bottom" : "lt-seat-top", toAct ? "is-turn" : null], "data-testid": `seat-${seat}`, "data-seat": String(seat) },
    head, handArea(ctx, seat, p));
}

function handArea(ctx, seat, p) {
  const { view } = ctx;
  const own = Array.isArray(p.hand);
  if (!own && (p.hand_count ?? 0) === 0) return null;
  const trumpOrder = [...SUIT_ORDER.filter((s) => s !== view.trump), view.trump];
  return handRow({
    cards: own ? p.hand : null,
    count: p.hand_count ?? 0,
    known: own ? [] : (p.known_cards || []),
    seat,
    self: ctx.isMe(seat) || (own && ctx.viewer === null),
    pack: ctx.pack,
    sort: { suitOrder: trumpOrder, rankOrder: RANKS },
    label: ctx.isMe(seat) ? gettext("Your hand") : gettext("Hand"),
    size: ctx.isMe(seat) ? null : "sm",
    cardOptions: (code) => {
      if (!ctx.isMe(seat)) return {};
      const action = `play ${code}`;
      const offer = ctx.cardOffer(code, ctx.legal.has(action) ? [action] : []);
      const dim = ctx.myTurn && !offer.action;
      return { ...offer, classes: [...(offer.classes || []), dim ? "dim" : null], label: code.slice(-1) === view.trump ? gettext("trump") : "" };
    },
  });
}

function centre(ctx) {
  const { view } = ctx;
  const trick = view.trick || [];
  const last = view.last_trick;
  const declareButtons = ctx.legalList
    .filter((a) => a.startsWith("declare"))
    .map((a) => ctx.act(a))
    .filter(Boolean)
    .map((a) => h("button", { type: "button", class: "btn", "data-action": a, "data-testid": `declare-${a.split(" ").slice(1).join("-")}` }, actionLabel(a, ctx)));
  return h("div", { class: ["lt-center", "tute-center"] },
    h("p", { class: "muted", "data-testid": "trump" }, interpolate(gettext("Trumps: %(suit)s (%(card)s turned to the dealer)"), { suit: suitName(view.trump, ctx.pack), card: ctx.cardName(view.trump_card) }, true)),
    view.phase === "play" || trick.length ? trickArea({
      plays: trick, names: ctx.name, me: ctx.viewer, pack: ctx.pack, leader: view.leader,
      layout: "compass", seats: 4,
      placeholder: !trick.length && view.phase === "play" ? (ctx.isMe(view.leader) ? gettext("Your lead") : interpolate(gettext("%(player)s leads"), { player: ctx.name(view.leader) }, true)) : null,
      footer: view.phase === "play" ? trickOf(Math.min((view.tricks_played ?? 0) + 1, TRICKS)) : null,
    }) : null,
    declareButtons.length
      ? h("div", { class: "tute-declare", "data-testid": "declare-choices", style: "display:flex;flex-wrap:wrap;gap:.25rem" },
        h("span", { class: "lt-label" }, gettext("Declare before you lead (one a trick won)")), declareButtons)
      : null,
    last && (last.cards || []).length
      ? lastTrick({ plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack: ctx.pack })
      : null,
    resultArea(ctx));
}

function resultHeadline(ctx, r) {
  if (r.tute !== null && r.tute !== undefined) return interpolate(gettext("%(player)s declares tute: %(side)s win the hand"), { player: ctx.name(r.tute), side: ctx.sideName(r.winner) }, true);
  const totals = r.totals;
  if (!totals) return "";
  if (r.winner === null || r.winner === undefined) return interpolate(gettext("Drawn hand %(score)s"), { score: `${totals[0]}–${totals[1]}` }, true);
  return interpolate(ngettext("%(winner)s wins the hand %(score)s", "%(winner)s win the hand %(score)s", 2), { winner: ctx.sideName(r.winner), score: `${Math.max(...totals)}–${Math.min(...totals)}` }, true);
}

function resultArea(ctx) {
  const { view, match } = ctx;
  const deals = match.deals || [];
  let r = view.result;
  let number = match.deal_number || deals.length || 1;
  if (!r && (view.tricks_played ?? 0) === 0 && !(view.trick || []).length && deals.length) {
    const lastResult = match.last_result;
    const previous = deals[deals.length - 1];
    r = lastResult && lastResult.number === previous.number && lastResult.result ? lastResult.result : null;
    number = previous.number;
  }
  if (!r || !r.totals) return matchTable(ctx);
  const table = dealResultTable({
    seats: [0, 1],
    rows: [
      { label: gettext("Card points"), detail: "A 11 · 3 10 · K 4 · Q 3 · J 2", points: r.card_points },
      { label: gettext("Declarations"), points: r.declared },
      { label: gettext("Last trick"), points: [0, 1].map((s) => (r.last_trick === s ? 10 : 0)) },
      { label: gettext("Total"), points: r.totals },
    ],
    totals: null, names: (s) => ctx.sideName(s), me: null, title: interpolate(gettext("Hand %(number)s result"), { number }, true), testid: "deal-result",
  });
  return h("div", { class: "tute-results" },
    h("div", { class: "tute-result-head", "data-testid": "deal-winner" }, resultHeadline(ctx, r)), table, matchTable(ctx));
}

function matchTable(ctx) {
  const deals = ctx.match.deals || [];
  if (!deals.length) return null;
  return dealResultTable({
    seats: [0, 1],
    rows: deals.map((d) => ({ label: interpolate(gettext("Hand %(number)s"), { number: d.number }, true), points: ctx.sides.map((side) => (d.points || [])[side[0]]) })),
    totals: ctx.match.scores || true, names: (s) => ctx.sideName(s), me: null,
    title: gettext("Match · hands won"), totalLabel: gettext("Total"), testid: "match-result",
  });
}

function sidePanel(ctx) {
  const lines = [
    gettext("Ranking: A 3 K Q J 7 6 5 4 2 · follow suit and beat if you can; void, trump (overtrump if you can)"),
    gettext("Card points: A 11 · 3 10 · K 4 · Q 3 · J 2 · last trick 10 · cuarenta 40 · veinte 20"),
  ];
  if (ctx.viewer !== null && ctx.viewer !== undefined) {
    lines.unshift(interpolate(gettext("You play with %(partner)s against %(left)s & %(right)s"), {
      partner: ctx.name((ctx.viewer + 2) % 4), left: ctx.name((ctx.viewer + 1) % 4), right: ctx.name((ctx.viewer + 3) % 4),
    }, true));
  }
  return h("div", { class: "tute-panel" }, lines.map((t) => h("p", { class: "muted" }, t)));
}
