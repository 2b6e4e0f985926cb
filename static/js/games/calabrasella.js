// Calabrasella table (docs/games/calabrasella.md; view shape:
// games/rules/calabrasella/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Three seats, drawn from the viewer's seat: the viewer at the bottom,
// the next seat (the viewer's left, who plays next) at the top right and the other at the
// top left, as the compass trick layout places their cards. Phases: bid ("play" / "pass" buttons), call ("call XY":
// a choice list of the 3s or 2s the declarer may call), return ("return XY": tap a card of
// your hand to give it back), discard ("discard XY": tap cards, then "Turn the widow"),
// take ("take XY": tap widow cards), play ("play XY": tap a card). Every action element
// carries the exact legal action string.
//
// What the table needs from the core: ctx.seats of length 3, ctx.name(seat), match.deals
// with each hand's chips in "points", and match.scores per seat (chips).

import {
  h, cardName, handRow, trickArea, lastTrick, makeBack, makeCard, choiceList, suitName,
  dealResultTable,
} from "../live-table.js";
import { gettext, ngettext, pgettext, interpolate } from "../i18n.js";

export const pack = "italian";

const TRICKS = 12;
/** Tressette ranking, strongest first: how a hand is sorted. */
const RANKS = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"];
const SUIT_ORDER = ["C", "D", "H", "S"];
/** The label of each card action: a whole phrase around the card's name. */
const VERBS = {
  call: gettext("Call %(card)s"), return: gettext("Give back %(card)s"), discard: gettext("Discard %(card)s"),
  take: gettext("Take %(card)s"), play: gettext("Play %(card)s"),
};

/** Readable labels: "discard 5C" -> "Discard Cinque di Bastoni", "play" -> "Play the hand". */
export function actionLabel(action, ctx) {
  const text = String(action);
  if (text === "play") return gettext("Play the hand (declare)");
  if (text === "pass") return pgettext("a bid", "Pass");
  if (text === "turn") return gettext("Turn the widow face up");
  const m = /^(call|return|discard|take|play) (\S+)$/.exec(text);
  if (!m) return null;
  return interpolate(VERBS[m[1]], { card: cardName(m[2], ctx.pack) }, true);
}

export function render(ctx) {
  const { view } = ctx;
  const me = ctx.viewer ?? 0;
  const n = view.seats || 3;
  const players = view.players || [];
  const player = (s) => players.find((p) => p.seat === s) || { seat: s, hand: null, hand_count: 0, known_cards: [] };
  // The viewer's left plays next; it sits on the right of the felt, the other on the left.
  const left = (me + 1) % n;
  const right = (me + 2) % n;
  const mine = seatPanel(ctx, me, player(me), "bottom");
  return {
    felt: [
      h("div", { class: "calabrasella-opponents", style: "display:flex;justify-content:space-between;gap:.5rem;flex-wrap:wrap" },
        seatPanel(ctx, right, player(right), "top-left"),
        seatPanel(ctx, left, player(left), "top-right")),
      centre(ctx),
      mine,
    ],
    prompt: prompt(ctx),
    feltClass: ["calabrasella-felt"],
    columns: [
      { label: gettext("Role"), title: gettext("Declarer or defender this hand"), value: (s) => roleText(view, s) },
      { label: gettext("Tricks"), title: gettext("Tricks won this hand"), value: (s) => String(player(s).tricks_won ?? 0) },
    ],
    panel: sidePanel(ctx),
  };
}

// ---------------------------------------------------------------- words

function roleText(view, seat) {
  if (view.declarer === null || view.declarer === undefined) return "–";
  return view.declarer === seat ? gettext("Declarer") : gettext("Defender");
}

function prompt(ctx) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  if (view.phase === "over") return { text: gettext("Hand over"), detail: resultHeadline(ctx, view.result || {}), mine: false };
  if (ctx.myTurn) {
    const trick = view.trick || [];
    const left = view.discard_count - (view.taken || []).length;
    const mineText = {
      bid: () => [gettext("Play or pass?"), gettext("Play: you take on the other two alone")],
      call: () => [gettext("Call a card"), gettext("A 3 you lack (a 2 if you hold every 3): its holder must give it to you")],
      return: () => [gettext("Give a card back"), gettext("Tap a card of your hand for the player who gave you the called card")],
      discard: () => [pgettext("a phase of the hand", "Discard"), gettext("Tap 1 to 4 cards to set aside, then turn the widow")],
      take: () => [gettext("Take from the widow"), interpolate(ngettext("Take %(count)s more", "Take %(count)s more", left), { count: left }, true)],
      play: () => [trick.length ? gettext("Your turn") : gettext("Your lead"), `${trickOf(Math.min((view.tricks_played ?? 0) + 1, TRICKS))} · ${trick.length
        ? interpolate(gettext("follow %(suit)s if you can"), { suit: suitName(String(trick[0].card).slice(-1), ctx.pack) }, true)
        : gettext("lead any card")}`],
    }[view.phase];
    const [text, detail] = mineText ? mineText() : [gettext("Your turn"), ""];
    return { text, detail, mine: true };
  }
  const actor = view.to_act;
  if (actor === null || actor === undefined) return { text: gettext("Waiting…"), mine: false };
  const doing = {
    bid: gettext("%(player)s to bid"), call: gettext("%(player)s to call a card"), return: gettext("%(player)s to give a card back"),
    discard: gettext("%(player)s to discard"), take: gettext("%(player)s to take from the widow"), play: gettext("%(player)s to play"),
  }[view.phase] || gettext("%(player)s to act");
  return { text: interpolate(doing, { player: ctx.name(actor) }, true), mine: false };
}

/** "Trick 3 of 12". */
function trickOf(number) {
  return interpolate(gettext("Trick %(number)s of %(count)s"), { number, count: TRICKS }, true);
}

// ---------------------------------------------------------------- seats

function seatPanel(ctx, seat, p, where) {
  const { view } = ctx;
  const self = ctx.isMe(seat);
  const toAct = !ctx.finished && view.to_act === seat;
  const bid = (view.bids || []).find((b) => b.seat === seat);
  const head = h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: gettext("To act"), "aria-hidden": "true" }) : null,
      ctx.name(seat),
      self ? h("span", { class: "lt-you" }, gettext("you")) : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: gettext("Dealer") }, gettext("Dealer")) : null,
    view.declarer === seat ? h("span", { class: "chip", "data-testid": `declarer-${seat}` }, gettext("Declarer")) : null,
    view.declarer !== null && view.declarer !== undefined && view.declarer !== seat
      ? h("span", { class: "chip muted" }, gettext("Defender")) : null,
    bid && view.declarer === null ? h("span", { class: "chip muted", "data-testid": `bid-${seat}` }, bid.bid === "pass" ? pgettext("a player's bid", "passed") : pgettext("a player's bid", "plays")) : null,
    h("span", { class: "muted", "data-testid": `tricks-${seat}` }, ` ${interpolate(ngettext("%(count)s trick", "%(count)s tricks", p.tricks_won ?? 0), { count: p.tricks_won ?? 0 }, true)}`));
  return h("section", {
    class: ["lt-seat", where === "bottom" ? "lt-seat-bottom" : "lt-seat-top", toAct ? "is-turn" : null],
    "data-testid": `seat-${seat}`, "data-seat": String(seat),
  }, head, handArea(ctx, seat, p));
}

function handArea(ctx, seat, p) {
  const { view } = ctx;
  const own = Array.isArray(p.hand);
  if (!own && (p.hand_count ?? 0) === 0) return null;
  const verbs = ["play", "return", "discard"];
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
      const actions = verbs.map((v) => `${v} ${code}`).filter((a) => ctx.legal.has(a));
      const offer = ctx.cardOffer(code, actions);
      // Dim the cards that cannot be used only where a card of the hand is the move.
      const cardPhase = ["play", "return", "discard"].includes(view.phase);
      const dim = ctx.myTurn && cardPhase && !offer.action && !actions.length;
      const given = view.called && code === view.called && view.called_from !== null;
      return {
        ...offer,
        classes: [...(offer.classes || []), dim ? "dim" : null],
        label: given ? pgettext("the called card", "called") : "",
      };
    },
  });
}

// ---------------------------------------------------------------- centre

function centre(ctx) {
  const { view } = ctx;
  const bidding = view.phase === "bid" && ctx.myTurn
    ? choiceList({
      choices: [
        { action: ctx.act("play"), label: pgettext("a bid", "Play"), detail: gettext("take on the other two alone"), primary: true },
        { action: ctx.act("pass"), label: pgettext("a bid", "Pass") },
      ].filter((c) => c.action),
      pack: ctx.pack, title: gettext("Bidding"), testid: "bid-choices",
    }) : null;
  const calls = view.phase === "call" && ctx.myTurn
    ? choiceList({
      choices: ctx.legalList.filter((a) => a.startsWith("call ")).map((a) => ({
        action: ctx.act(a), label: actionLabel(a, ctx), cards: [a.slice(5)],
      })),
      pack: ctx.pack, title: gettext("Call a card"), testid: "call-choices",
    }) : null;
  const turn = ctx.act("turn");
  const turnButton = turn
    ? h("button", { type: "button", class: "btn btn-primary", "data-action": turn, "data-testid": "turn-widow" },
      gettext("Turn the widow face up")) : null;
  const trick = view.trick || [];
  const last = view.last_trick;
  return h("div", { class: ["lt-center", "calabrasella-center"] },
    bidding, calls,
    exchangeArea(ctx),
    widowArea(ctx), turnButton,
    view.phase === "play" || trick.length ? trickArea({
      plays: trick, names: ctx.name, me: ctx.viewer, pack: ctx.pack, leader: view.leader,
      layout: "compass", seats: view.seats || 3,
      placeholder: !trick.length && view.phase === "play"
        ? (ctx.isMe(view.leader) ? gettext("Your lead") : interpolate(gettext("%(player)s leads"), { player: ctx.name(view.leader) }, true)) : null,
      footer: view.phase === "play" ? trickOf(Math.min((view.tricks_played ?? 0) + 1, TRICKS)) : null,
    }) : null,
    last && (last.cards || []).length
      ? lastTrick({ plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack: ctx.pack })
      : null,
    resultArea(ctx));
}

/** The called card, who gave it and (for the two involved) the card given back. */
function exchangeArea(ctx) {
  const { view } = ctx;
  if (!view.called) return null;
  const card = cardName(view.called, ctx.pack);
  let text;
  if (view.called_in_widow) {
    text = ctx.isMe(view.declarer)
      ? interpolate(gettext("you called %(card)s: it is in the widow, no exchange"), { card }, true)
      : interpolate(gettext("%(player)s called %(card)s: it is in the widow, no exchange"), { player: ctx.name(view.declarer), card }, true);
  } else if (ctx.isMe(view.called_from)) {
    text = interpolate(gettext("you gave %(card)s to %(player)s"), { card, player: ctx.name(view.declarer) }, true);
  } else if (ctx.isMe(view.declarer)) {
    text = interpolate(gettext("%(player)s gave %(card)s to you"), { player: ctx.name(view.called_from), card }, true);
  } else {
    text = interpolate(gettext("%(giver)s gave %(card)s to %(player)s"), { giver: ctx.name(view.called_from), card, player: ctx.name(view.declarer) }, true);
  }
  return h("div", { class: "lt-result calabrasella-call", "data-testid": "called" },
    makeCard(view.called, { pack: ctx.pack, size: "xs" }),
    h("span", {}, " ", text),
    view.returned
      ? h("span", { "data-testid": "returned" }, ` · ${gettext("given back:")} `, makeCard(view.returned, { pack: ctx.pack, size: "xs" }), ` ${interpolate(gettext("%(card)s (only you two know it)"), { card: cardName(view.returned, ctx.pack) }, true)}`)
      : (view.called_from !== null && view.called_from !== undefined && view.phase !== "return"
        ? h("span", { class: "muted" }, ` · ${gettext("a card was given back")}`) : null));
}

/** The widow (face down, or face up once turned, its cards takeable), the discards, the taken cards. */
function widowArea(ctx) {
  const { view } = ctx;
  if (view.phase === "bid" || (view.phase === "over" && view.declarer === null)) {
    return h("div", { class: "calabrasella-widow", "data-testid": "widow" },
      h("div", { class: "lt-label" }, gettext("Widow")),
      Array.from({ length: view.widow_count ?? 4 }, () => makeBack({ size: "sm" })));
  }
  const widow = view.widow
    ? view.widow.map((c) => makeCard(c, { pack: ctx.pack, size: "sm", ...offer(ctx, `take ${c}`) }))
    : Array.from({ length: view.widow_count ?? 0 }, () => makeBack({ size: "sm" }));
  const discards = view.discards
    ? view.discards.map((c) => makeCard(c, { pack: ctx.pack, size: "xs" }))
    : Array.from({ length: view.discard_count ?? 0 }, () => makeBack({ size: "xs" }));
  const setAside = view.phase === "play" || view.phase === "over";
  return h("div", { class: "calabrasella-widow", "data-testid": "widow" },
    h("div", { class: "lt-label" }, setAside ? gettext("Set aside (widow left)") : (view.widow ? gettext("Widow (face up)") : gettext("Widow"))),
    widow,
    (view.discard_count ?? 0) > 0
      ? h("div", { "data-testid": "discards" }, h("span", { class: "lt-label" }, `${interpolate(gettext("Discards (%(count)s)"), { count: view.discard_count }, true)} `), discards)
      : null,
    (view.taken || []).length
      ? h("div", { class: "muted", "data-testid": "taken" }, `${gettext("Taken:")} `, (view.taken || []).map((c) => cardName(c, ctx.pack)).join(", "))
      : null);
}

function offer(ctx, action) {
  const a = ctx.act(action);
  return a ? { action: a, classes: ["legal"] } : {};
}

// ---------------------------------------------------------------- results

function resultHeadline(ctx, r) {
  if (r.passed_out) return gettext("All passed: no chips, the deal passes on");
  if (r.declarer === null || r.declarer === undefined) return "";
  const d = r.declarer_thirds, f = r.defenders_thirds;
  const doubled = r.doubled ? ` ${gettext("(35–0: doubled)")}` : "";
  const me = ctx.isMe(r.declarer);
  const values = { player: ctx.name(r.declarer), score: `${d}–${f}` };
  if (d === f) return interpolate(me ? gettext("You %(score)s: no chips change hands") : gettext("%(player)s %(score)s: no chips change hands"), values, true);
  const text = d > f
    ? (me ? gettext("You won %(score)s") : gettext("%(player)s won %(score)s"))
    : (me ? gettext("You lost %(score)s") : gettext("%(player)s lost %(score)s"));
  return `${interpolate(text, values, true)}${doubled}`;
}

function resultArea(ctx) {
  const { view, match } = ctx;
  const deals = match.deals || [];
  let r = view.result;
  let number = match.deal_number || deals.length || 1;
  // The hand just finished: the server has dealt the next one already. Its full result
  // is match.last_result; show it until the first bid of the new hand.
  if (!r && view.phase === "bid" && (view.bids || []).length === 0 && deals.length) {
    const last = match.last_result;
    const previous = deals[deals.length - 1];
    r = last && last.number === previous.number && last.result ? last.result : { points: previous.points };
    number = previous.number;
  }
  if (!r) return null;
  const rows = [];
  if (r.seat_thirds) rows.push({ label: gettext("Points won"), detail: gettext("ace 3 · 3, 2, figures 1 · last trick 3"), points: r.seat_thirds });
  rows.push({ label: gettext("Chips"), points: r.points || [] });
  const table = dealResultTable({
    seats: ctx.seats, rows, totals: null, names: ctx.name, me: ctx.viewer,
    title: interpolate(gettext("Hand %(number)s result"), { number }, true), testid: "deal-result",
  });
  const head = h("div", { class: "calabrasella-result-head", "data-testid": "hand-winner" }, resultHeadline(ctx, r));
  return h("div", { class: "calabrasella-results" }, head, table, matchTable(ctx));
}

function matchTable(ctx) {
  const deals = ctx.match.deals || [];
  if (!deals.length) return null;
  return dealResultTable({
    seats: ctx.seats, rows: deals.map((d) => ({ label: interpolate(gettext("Hand %(number)s"), { number: d.number }, true), points: d.points || [] })),
    totals: ctx.match.scores || true, names: ctx.name, me: ctx.viewer,
    title: gettext("Match · chips"), totalLabel: gettext("Total"), testid: "match-result",
  });
}

// ---------------------------------------------------------------- side panel

function sidePanel(ctx) {
  const { view } = ctx;
  const lines = [
    gettext("Ranking: 3 2 A K Q J 7 6 5 4 · follow suit, no trumps"),
    gettext("Ace 3 points · 3, 2, Re, Cavallo, Fante 1 · last trick 3 (35 in all)"),
    gettext("The defenders' points are added together; the difference is paid in chips by each loser (doubled at 35–0)"),
  ];
  if (view.declarer !== null && view.declarer !== undefined && ctx.viewer !== null && view.declarer !== ctx.viewer) {
    lines.unshift(interpolate(gettext("You defend with %(partner)s against %(declarer)s"), {
      partner: ctx.name(view.declarer === (ctx.viewer + 1) % 3 ? (ctx.viewer + 2) % 3 : (ctx.viewer + 1) % 3),
      declarer: ctx.name(view.declarer),
    }, true));
  }
  return h("div", { class: "calabrasella-panel" }, lines.map((t) => h("p", { class: "muted" }, t)));
}



