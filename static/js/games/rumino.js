// Rumino table (docs/games/rumino.md; view shape: games/rules/rumino/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Two to six players, two French packs and four jokers ("JK"). A deal is
// one hand; the game's scores pass from hand to hand (view.players[].score).
// Phases: "rebuy" (a player who reached 100 may rebuy or retire), "draw" (draw from the
// stock, take the upcard, or knock / go gin), "discard", "claim" (a discard completes the
// viewer's rumino: claim it or decline) and "over".
//
// On the felt: the other players (hand backs, the cards everyone saw them take from the
// pile, score, status), the stock (a click draws), the discard pile spread so every card
// can be seen (a click on its top card takes it), the claim offer (only in the claimant's
// own view: the engine shows it to nobody else), the viewer's hand (a click discards) with
// the engine's arrangement for the least deadwood under it, and at the end every hand
// arranged in melds with its deadwood.
//
// The claim window (games/claim_window.py): after every discard, claim or no claim, play
// pauses for everyone alike until match.claims_close_at (match.claims_seconds_left, counted
// down here from the state's arrival). Every table shows the same "claims open" countdown;
// the next player's view holds the draw actions its turn will give it, and this table keeps
// them disabled until the window closes, then redraws and pings (so that, with no Celery
// worker, a bot next to draw is asked to play: games/services/clocks.py match_check_clock). Only
// the claimant's view shows the offer; answered or not, the window runs to its end.

import { h, makeCard, makeBack, dealResultTable } from "../live-table.js";
import { gettext, ngettext, interpolate } from "../i18n.js";

export const pack = "french";

const SUITS = ["C", "D", "H", "S"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

const STYLE = `
.ru-players { display: flex; flex-wrap: wrap; gap: 8px 16px; }
.ru-player { min-width: 0; }
.ru-player.to-act .ru-name { font-weight: 700; text-decoration: underline; }
.ru-player.out { opacity: .55; }
.ru-center { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; margin: 8px 0; }
.ru-pile-cards { display: flex; flex-wrap: wrap; gap: 2px; max-width: 100%; }
.ru-pile { flex: 1 1 200px; min-width: 0; }
.ru-offer { border: 2px solid #ffe08a; border-radius: 8px; padding: 6px 8px; margin: 6px 0; }
.ru-melds { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; font-size: .85em; }
.ru-meld { display: inline-flex; border: 1px solid rgba(255,255,255,.4); border-radius: 6px; padding: 2px; }
.ru-dead { display: inline-flex; opacity: .8; }
.ru-controls { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.ru-window { border: 1px dashed rgba(255,255,255,.5); border-radius: 6px; padding: 2px 8px; display: inline-block; }
.card.ru-joker .card-center { font-weight: 700; font-size: .8em; color: #6b2d8f; }
.ru-hand .lt-cards { flex-wrap: wrap; row-gap: 6px; }
`;

function ensureStyle() {
  if (typeof document === "undefined" || document.getElementById("ru-style")) return;
  document.head.appendChild(h("style", { id: "ru-style" }, STYLE));
}

/** A card of the Rumino pack: makeCard for the 104 French cards, a drawn joker for "JK". */
export function ruminoCard(code, options = {}) {
  if (code !== "JK") return makeCard(code, { pack, ...options });
  const el = makeCard("JK", { pack, ...options, classes: [...(options.classes || []), "ru-joker"] });
  const name = gettext("Joker");
  el.title = name;
  el.setAttribute("aria-label", name);
  const center = el.querySelector(".card-center");
  if (center) center.textContent = "★ JK";
  return el;
}

// The claim window's end (performance.now() milliseconds) of each state message, counted
// from its arrival (its first render), and the one timer that redraws while it runs.
const windowEnds = new WeakMap();
let windowTimer = null;

/** Seconds left in the claim window of this state (0 once closed, or without one). */
function windowSeconds(ctx) {
  const st = ctx.st;
  const left = ctx.match && ctx.match.status === "in_progress" ? ctx.match.claims_seconds_left : null;
  if (!st || typeof left !== "number" || left <= 0) return 0;
  if (!windowEnds.has(st)) windowEnds.set(st, performance.now() + left * 1000);
  return Math.max(0, (windowEnds.get(st) - performance.now()) / 1000);
}

/** While the window runs, redraw every second; at its close, redraw and ping once. */
function scheduleWindow(ctx, seconds) {
  clearTimeout(windowTimer);
  windowTimer = null;
  if (seconds <= 0 || typeof setTimeout === "undefined") return;
  const st = ctx.st;
  windowTimer = setTimeout(() => {
    windowTimer = null;
    if (ctx.client.state !== st) return;   // a newer state has its own window
    if (windowSeconds(ctx) <= 0 && typeof ctx.client.send === "function") ctx.client.send({ type: "ping" });
    ctx.rerender();
  }, Math.min(1000, seconds * 1000 - Math.floor(seconds - 0.001) * 1000));
}

function windowLine(seconds) {
  if (seconds <= 0) return null;
  return h("div", { class: "ru-window muted", "data-testid": "claim-window" },
    interpolate(gettext("Claims open: play goes on in %(seconds)s s"), { seconds: Math.ceil(seconds) }, true));
}

/** Cards sorted by suit (C D H S), then rank, jokers last: how a hand is held. */
function sorted(codes) {
  const key = (c) => (c === "JK" ? [9, 0] : [SUITS.indexOf(c.slice(-1)), RANKS.indexOf(c.slice(0, -1))]);
  return [...codes].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
}

/** The cards of ``hand`` outside ``melds`` (a multiset difference). */
function deadwoodCards(hand, melds) {
  const left = [...hand];
  for (const c of (melds || []).flat()) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** A hand arranged: each meld boxed, then the deadwood cards and their count. */
function arrangement(hand, melds, deadwood, testid) {
  const dead = deadwoodCards(hand, melds);
  return h("div", { class: "ru-melds", "data-testid": testid },
    (melds || []).map((m) => h("span", { class: "ru-meld", "data-testid": "ru-meld" }, m.map((c) => ruminoCard(c, { size: "xs" })))),
    dead.length ? h("span", { class: "ru-dead" }, sorted(dead).map((c) => ruminoCard(c, { size: "xs" }))) : null,
    deadwood !== null && deadwood !== undefined
      ? h("span", { class: "badge", "data-testid": `${testid}-deadwood` }, interpolate(gettext("deadwood %(points)s"), { points: deadwood }, true))
      : null);
}

/** The winning hand of a rumino: its seven cards as one group named "rumino", then the
 *  hand's other card; no deadwood (a rumino wins outright, it is not counted). */
function ruminoShown(hand, rumino, testid) {
  const rest = deadwoodCards(hand, [rumino]);
  return h("div", { class: "ru-melds", "data-testid": testid },
    h("span", { class: "ru-meld ru-rumino", "data-testid": "ru-rumino", title: gettext("Rumino") },
      h("span", { class: "badge" }, gettext("Rumino")), " ", rumino.map((c) => ruminoCard(c, { size: "xs" }))),
    rest.length ? h("span", { class: "ru-dead" }, sorted(rest).map((c) => ruminoCard(c, { size: "xs" }))) : null);
}

function statusText(p) {
  if (p.status === "out") return gettext("out");
  if (p.status === "deciding") return gettext("deciding whether to rebuy");
  if (!p.in_hand) return gettext("not in this hand");
  return null;
}

/** A player's score: the game's as the hand began while it is played, as the hand left
 * it once it is over (its result's scores), so that a finished game shows the final
 * scores. */
function scoreOf(view, p) {
  const after = view.result && view.result.scores;
  return after && after[p.seat] != null ? after[p.seat] : p.score;
}

function others(ctx, players) {
  const view = ctx.view;
  return h("div", { class: "ru-players", "data-testid": "ru-players" }, players.filter((p) => !ctx.isMe(p.seat)).map((p) => {
    const status = statusText(p);
    const backs = Math.max(0, (p.hand_count || 0) - (p.known_cards || []).length);
    return h("div", { class: ["ru-player", view.to_act === p.seat ? "to-act" : null, p.status === "out" ? "out" : null], "data-testid": `seat-${p.seat}` },
      h("div", {},
        h("span", { class: "ru-name" }, ctx.name(p.seat)), " ",
        h("span", { class: "badge", "data-testid": `hand-count-${p.seat}` }, interpolate(ngettext("%(count)s card", "%(count)s cards", p.hand_count || 0), { count: p.hand_count || 0 }, true)), " ",
        h("span", { class: "muted", "data-testid": `score-line-${p.seat}` }, interpolate(gettext("score %(score)s"), { score: scoreOf(view, p) }, true)),
        status ? h("span", { class: "muted" }, ` · ${status}`) : null),
      h("div", { class: "lt-cards", "data-testid": `hand-${p.seat}` },
        sorted(p.known_cards || []).map((c) => ruminoCard(c, { size: "xs", known: true, label: gettext("taken from the pile") })),
        Array.from({ length: Math.min(backs, 12) }, () => makeBack({ size: "xs" }))));
  }));
}

function center(ctx, waiting) {
  const view = ctx.view;
  const pile = view.pile || [];
  const draw = waiting ? null : ctx.act("draw");
  const take = waiting ? null : ctx.act("take");
  const stock = h("div", { class: "ru-stock", "data-testid": "stock" },
    h("div", { class: "lt-label" }, gettext("Stock"), " ", h("span", { class: "badge", "data-testid": "stock-count" }, String(view.stock_count ?? 0))),
    (view.stock_count ?? 0) > 0
      ? makeBack({ size: "sm", action: draw, classes: draw ? ["legal"] : [], label: draw ? gettext("Draw from the stock") : gettext("Stock") })
      : h("span", { class: "muted" }, gettext("empty")));
  const pileEls = pile.map((c, i) => {
    const top = i === pile.length - 1;
    return ruminoCard(c, { size: top ? "sm" : "xs", action: top ? take : null, classes: top && take ? ["legal"] : [], label: top ? gettext("top of the pile") : "" });
  });
  return h("div", { class: "ru-center" }, stock,
    h("div", { class: "ru-pile", "data-testid": "pile" },
      h("div", { class: "lt-label" }, gettext("Discard pile"), " ", h("span", { class: "badge" }, String(pile.length))),
      h("div", { class: "ru-pile-cards" }, pileEls.length ? pileEls : h("span", { class: "muted" }, gettext("empty")))));
}

function claimOffer(ctx) {
  const offer = ctx.view.claim_offer;
  if (!offer) return null;
  const claim = ctx.act("claim");
  const decline = ctx.act("decline");
  return h("section", { class: "ru-offer", "data-testid": "claim-offer" },
    h("p", {}, h("strong", {}, gettext("Rumino!")), " ",
      gettext("The card just discarded completes your rumino. Claim it to win the game, or decline and play goes on. Nobody else sees this offer.")),
    h("div", { class: "ru-melds" }, ruminoCard(offer.card, { size: "sm", classes: ["selected"] }), " ",
      (offer.rumino || []).map((c) => ruminoCard(c, { size: "xs" }))),
    h("div", { class: "ru-controls" },
      claim ? h("button", { type: "button", class: "btn btn-primary", "data-action": claim, "data-testid": "claim" }, gettext("Claim")) : null,
      decline ? h("button", { type: "button", class: "btn", "data-action": decline, "data-testid": "decline" }, gettext("Decline")) : null),
    h("p", { class: "muted" }, gettext("Answer before the claim window closes: after that the offer lapses and play goes on.")));
}

function controls(ctx, waiting) {
  const labels = {
    knock: gettext("Knock"), gin: gettext("Gin"), rebuy: gettext("Rebuy"), retire: gettext("Retire"),
    draw: gettext("Draw from the stock"), take: gettext("Take the upcard"),
  };
  const buttons = [];
  for (const a of ["knock", "gin", "rebuy", "retire", "draw", "take"]) {
    if (!ctx.legal.has(a)) continue;
    ctx.used.add(a);
    // While the claim window runs the buttons are there but disabled (the server refuses
    // the action until it closes); the click handler ignores a disabled button.
    buttons.push(h("button", { type: "button", class: ["btn", a === "knock" || a === "gin" ? "btn-primary" : null], "data-action": a, "data-testid": `ru-${a}`, disabled: waiting && a !== "rebuy" && a !== "retire" }, labels[a]));
  }
  return buttons.length ? h("div", { class: "ru-controls", "data-testid": "ru-controls" }, buttons) : null;
}

function ownHand(ctx, me) {
  if (!me || !Array.isArray(me.hand)) return null;
  const discarding = ctx.view.phase === "discard" && ctx.myTurn;
  const cards = sorted(me.hand).map((c) => {
    const o = discarding ? ctx.cardOffer(c, [`discard ${c}`]) : {};
    const extra = discarding && !o.action ? { classes: ["dim"] } : o;
    return ruminoCard(c, { ...extra, classes: ["lt-hand-card", ...(extra.classes || [])] });
  });
  const hand = h("section", { class: "lt-hand lt-hand-self ru-hand", "data-testid": "my-hand" },
    h("div", { class: "lt-label" }, gettext("Your hand"), " ", h("span", { class: "badge", "data-testid": `hand-count-${me.seat}` }, String(me.hand.length)), " ",
      h("span", { class: "muted" }, interpolate(gettext("score %(score)s"), { score: scoreOf(ctx.view, me) }, true))),
    h("div", { class: "lt-cards" }, cards.length ? cards : h("span", { class: "muted lt-empty" }, gettext("empty"))));
  const melds = me.melds && me.hand.length
    ? h("div", { class: "ru-own-melds" }, h("div", { class: "lt-label" }, gettext("Your melds (least deadwood)")),
      arrangement(me.hand, me.melds, me.deadwood, "my-melds"))
    : null;
  return [hand, melds];
}

/** How a hand ended, spoken to the viewer ("You knocked.", "bob went gin."). */
export function endedText(r, ctx) {
  const who = r.by !== null && r.by !== undefined ? ctx.name(r.by) : "";
  // The viewer is spoken to ("You knocked."), not named in the third person.
  const you = r.by !== null && r.by !== undefined && ctx.isMe(r.by);
  if (r.ended_by === "knock") return you ? gettext("You knocked.") : interpolate(gettext("%(who)s knocked."), { who }, true);
  if (r.ended_by === "gin") return you ? gettext("You went gin.") : interpolate(gettext("%(who)s went gin."), { who }, true);
  if (r.ended_by === "rumino") return you ? gettext("You have a rumino and win the game!") : interpolate(gettext("%(who)s has a rumino and wins the game!"), { who }, true);
  return gettext("The stock ran out: nobody scores this hand.");
}

/** A finished hand: how it ended, every hand arranged, the points and the scores. */
function handResult(ctx, r, testid) {
  if (!r) return null;
  const hands = r.hands || [];
  return h("section", { class: "ru-result", "data-testid": testid },
    h("p", {}, endedText(r, ctx)),
    hands.map((cards, s) => (cards && cards.length) || (r.melds || [])[s]
      ? h("div", { "data-testid": `${testid}-hand-${s}` }, h("span", { class: "ru-name" }, ctx.name(s)), ": ",
        r.ended_by === "rumino" && s === r.by && (r.rumino || []).length
          ? ruminoShown(cards || [], r.rumino, `${testid}-melds-${s}`)
          : arrangement(cards || [], (r.melds || [])[s] || [], (r.deadwood || [])[s], `${testid}-melds-${s}`))
      : null),
    dealResultTable({
      seats: ctx.seats,
      rows: [
        { label: gettext("Hand points"), points: r.points || [] },
        { label: gettext("Score"), points: r.scores || [] },
      ],
      totals: false, names: ctx.names, me: ctx.viewer, title: gettext("Hand result"),
    }));
}

function prompt(ctx, me, waiting) {
  const view = ctx.view;
  if (view.phase === "over" || view.to_act === null || view.to_act === undefined) return undefined;
  if (waiting && ctx.myTurn && view.phase === "draw") {
    return { text: gettext("Your turn in a moment"), detail: gettext("Claims are open on the discard; your turn starts when the window closes."), mine: false };
  }
  if (ctx.myTurn) {
    const detail = {
      rebuy: gettext("Rebuy to stay in the game, or retire."),
      draw: gettext("Draw from the stock or take the upcard; knock with 7 or less."),
      discard: gettext("Discard a card."),
      claim: gettext("A discard completes your rumino: claim it or decline."),
    }[view.phase] || "";
    return { text: gettext("Your turn"), detail, mine: true };
  }
  return undefined;
}

export function render(ctx) {
  ensureStyle();
  const { view, match } = ctx;
  const players = view.players || [];
  const me = players.find((p) => ctx.isMe(p.seat)) || null;
  const last = match && match.last_result && !view.result ? match.last_result.result : null;
  const seconds = windowSeconds(ctx);
  const waiting = seconds > 0 && !view.claim_offer;   // a claimant answers inside the window
  scheduleWindow(ctx, seconds);
  const felt = [
    others(ctx, players),
    windowLine(seconds),
    claimOffer(ctx),
    center(ctx, waiting),
    controls(ctx, waiting),
    ownHand(ctx, me),
    handResult(ctx, view.result, "hand-result"),
    last && view.phase !== "over" && (view.pile || []).length <= 2 ? handResult(ctx, last, "last-hand-result") : null,
  ];
  return {
    felt,
    prompt: prompt(ctx, me, waiting),
    columns: [
      { label: gettext("Cards"), title: gettext("Cards in hand"), value: (s) => String((players.find((p) => p.seat === s) || {}).hand_count ?? "") },
    ],
  };
}
