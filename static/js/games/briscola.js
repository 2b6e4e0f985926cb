// Briscola table (docs/games/briscola.md; view shape: games/rules/briscola/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Two players, three cards each, no obligation to follow suit: the
// only move is "play XY", so every card in the hand of the seat to act is playable.
// On the felt: the opponent (hand backs, the upcard once they have taken it, their
// won-tricks pile), the stock with the upcard crosswise under it and the trump suit, the
// trick, the last trick, the viewer's own hand and pile, and the hand's result.
//
// The server moves straight on to the next hand when one ends, so the result of the hand
// just finished (match.last_result) is drawn during the first trick of the next hand; the
// final hand of the match keeps its result in view.result.

import {
  h, makePile, cardName, suitName, suitIcon, parseCard,
  handRow, trickArea, lastTrick, stockPile, dealResultTable,
} from "../live-table.js";
import { gettext, ngettext, pgettext, interpolate } from "../i18n.js";

export const pack = "italian";

/** Tricks in a hand: 40 cards (39 at three players) shared among the seats. */
function tricksIn(view) {
  const seats = view.seats || 2;
  return Math.floor((seats === 3 ? 39 : 40) / seats);
}
const WINNING_POINTS = 61;
/** Briscola's ranking, strongest first: how players sort a hand. */
const BRISCOLA_RANKS = ["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"];
const SUIT_ORDER = ["D", "C", "H", "S"];
/** Card points of each rank (the rest are worth nothing). */
const CARD_POINTS = { A: 11, 3: 10, K: 4, Q: 3, J: 2 };

/** "play 3D" -> "Play Tre di Denari"; the trump suit's cards say so. */
export function actionLabel(action, ctx) {
  const m = /^play (\S+)$/.exec(String(action));
  if (!m) return null;
  const c = parseCard(m[1], ctx.pack);
  const trump = c && ctx.view && c.suit === ctx.view.trump;
  return interpolate(trump ? gettext("Play %(card)s (briscola)") : gettext("Play %(card)s"), { card: cardName(m[1], ctx.pack) }, true);
}

export function render(ctx) {
  const { view } = ctx;
  const bottom = ctx.viewer !== null ? ctx.viewer : 0;
  // The other seats in the order of play from the viewer (at four the partner is opposite).
  const others = ctx.seats.map((_, i) => (bottom + 1 + i) % ctx.seats.length).slice(0, ctx.seats.length - 1);
  const players = view.players || [];
  const player = (s) => players.find((p) => p.seat === s) || { seat: s, hand: null, hand_count: 0, known_cards: [] };
  const upcard = rememberUpcard(ctx);
  const showPoints = players.some((p) => p.points_so_far !== null && p.points_so_far !== undefined);
  const prompt = briscolaPrompt(ctx, player);

  // The viewer's hand first, so its cards claim their "play" actions.
  const mine = seatPanel(ctx, bottom, player(bottom), { bottom: true, upcard, showPoints });
  const theirs = others.map((s) => seatPanel(ctx, s, player(s), { bottom: false, upcard, showPoints }));
  return {
    felt: [...theirs, centre(ctx, player, showPoints), mine],
    prompt,
    feltClass: ["briscola-felt"],
    columns: [
      { label: gettext("Tricks"), title: gettext("Tricks won this hand"), value: (s) => String(player(s).tricks_won ?? 0) },
      {
        label: pgettext("points, a short column heading", "Pts"),
        title: showPoints ? gettext("Card points won this hand") : gettext("Card points are hidden until the hand ends"),
        value: (s) => (showPoints ? String(player(s).points_so_far ?? 0) : "–"),
      },
    ],
    panel: sidePanel(ctx, showPoints),
  };
}

// ---------------------------------------------------------------- words

function suitWord(ctx, suit) {
  return suitName(suit, ctx.pack);
}

function trickNumber(view) {
  return Math.min((view.tricks_played ?? 0) + 1, tricksIn(view));
}

/** "Trick 3 of 20". */
function trickOf(view) {
  return interpolate(gettext("Trick %(number)s of %(count)s"), { number: trickNumber(view), count: tricksIn(view) }, true);
}

/** The hand's winner (a side) in words; ``points`` are per side. */
function handWinnerText(ctx, winner, points) {
  const score = points ? ctx.sides.map((_, side) => points[side] ?? 0).sort((a, b) => b - a).join("–") : null;
  const say = (withScore, without, values = {}) => interpolate(score === null ? without : withScore, { ...values, score }, true);
  if (winner === null || winner === undefined) return say(gettext("Drawn hand %(score)s"), gettext("Drawn hand"));
  const mine = ctx.viewer !== null && ctx.sideOf(ctx.viewer) === winner;
  const many = (ctx.sides[winner] || []).length > 1;
  if (mine && many) return say(gettext("Your side wins the hand %(score)s"), gettext("Your side wins the hand"));
  if (mine) return say(gettext("You win the hand %(score)s"), gettext("You win the hand"));
  const size = many ? 2 : 1;
  return say(
    ngettext("%(winner)s wins the hand %(score)s", "%(winner)s win the hand %(score)s", size),
    ngettext("%(winner)s wins the hand", "%(winner)s win the hand", size),
    { winner: ctx.sideName(winner) });
}

/** What wins a hand: 61 between two sides, the highest total among three. */
function winsText(ctx) {
  return ctx.sides.length === 2
    ? interpolate(gettext("%(points)s or more wins the hand"), { points: WINNING_POINTS }, true)
    : gettext("the highest total wins the hand");
}

/** A per-side list (card points, match scores) spread over the seats, for seat tables. */
function bySeat(ctx, perSide) {
  return ctx.seats.map((s) => (perSide || [])[ctx.sideOf(s)] ?? 0);
}

function briscolaPrompt(ctx, player) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  const trump = interpolate(gettext("briscola: %(suit)s"), { suit: suitWord(ctx, view.trump) }, true);
  if (view.phase === "over") {
    const r = view.result || {};
    return { text: gettext("Hand over"), detail: handWinnerText(ctx, r.winner, r.card_points), mine: false };
  }
  const trick = view.trick || [];
  const drawing = (view.stock_count ?? 0) > 0 || view.upcard ? "" : ` · ${gettext("no more drawing")}`;
  const detailBase = `${trickOf(view)} · ${trump}${drawing}`;
  if (ctx.myTurn) {
    if (!trick.length) return { text: gettext("Your lead"), detail: `${detailBase} · ${gettext("play any card")}`, mine: true };
    const led = trick[0].card;
    return {
      text: gettext("Your turn"),
      detail: `${interpolate(gettext("answer %(card)s with any card"), { card: cardName(led, ctx.pack) }, true)} · ${detailBase}`,
      mine: true,
    };
  }
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  if (!who) return { text: gettext("Waiting…"), mine: false };
  return { text: interpolate(trick.length ? gettext("%(player)s to answer") : gettext("%(player)s to lead"), { player: who }, true), detail: detailBase, mine: false };
}

// ---------------------------------------------------------------- the upcard

/**
 * The upcard's code for this hand. The view drops it (keeping only the trump suit) once
 * the last player to draw has taken it; remember it in ctx.local so the viewer's own copy
 * can be marked as known to the opponent, as the opponent's copy is (known_cards).
 */
function rememberUpcard(ctx) {
  const { view, match } = ctx;
  const key = `${match.id ?? ""}:${match.deal_number ?? ""}:${view.dealer ?? ""}:${view.trump ?? ""}`;
  const local = ctx.local;
  if (view.upcard) local.briscolaUpcard = { key, code: view.upcard };
  const memo = local.briscolaUpcard;
  return memo && memo.key === key ? memo.code : null;
}

// ---------------------------------------------------------------- seats

function seatPanel(ctx, seat, p, { bottom, upcard, showPoints }) {
  const { view } = ctx;
  const self = ctx.isMe(seat);
  const toAct = !ctx.finished && view.to_act === seat;
  const head = h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: gettext("To play"), "aria-hidden": "true" }) : null,
      ctx.name(seat),
      self ? h("span", { class: "lt-you" }, gettext("you")) : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: gettext("Dealer") }, gettext("Dealer")) : null,
    view.phase === "play" && view.leader === seat && !(view.trick || []).length && !toAct
      ? h("span", { class: "chip", title: gettext("Leads the next trick") }, gettext("leads")) : null);

  const hand = handArea(ctx, seat, p, { upcard });
  const pile = wonPile(ctx, seat, p, showPoints);
  return h("section", {
    class: ["lt-seat", bottom ? "lt-seat-bottom" : "lt-seat-top", toAct ? "is-turn" : null],
    "data-testid": `seat-${seat}`, "data-seat": String(seat),
  },
    head,
    h("div", { class: "lt-seat-body briscola-seat-body" }, hand, pile));
}

function handArea(ctx, seat, p, { upcard }) {
  const { view } = ctx;
  const trump = view.trump;
  const count = Array.isArray(p.hand) ? p.hand.length : (p.hand_count ?? 0);
  if (count === 0 && view.phase === "over") return null;
  const self = Array.isArray(p.hand);
  // The upcard in the viewer's own hand: the opponent saw it taken.
  const known = self
    ? (!view.upcard && upcard && p.hand.includes(upcard) ? [upcard] : [])
    : (p.known_cards || []);
  const suitOrder = [...SUIT_ORDER.filter((s) => s !== trump), trump];
  return handRow({
    cards: self ? p.hand : null,
    count: p.hand_count ?? 0,
    known,
    seat,
    self: ctx.isMe(seat) || (self && ctx.viewer === null),
    pack: ctx.pack,
    sort: { suitOrder, rankOrder: BRISCOLA_RANKS },
    label: ctx.isMe(seat) ? gettext("Your hand") : gettext("Hand"),
    cardOptions: (code) => {
      const c = parseCard(code, ctx.pack);
      const isTrump = c && c.suit === trump;
      const offer = ctx.isMe(seat) ? ctx.cardOffer(code, [`play ${code}`]) : {};
      const dim = ctx.isMe(seat) && ctx.myTurn && !offer.action;
      return {
        ...offer,
        classes: [...(offer.classes || []), isTrump ? "briscola-trump" : null, dim ? "dim" : null],
        label: isTrump ? gettext("briscola") : "",
      };
    },
  });
}

/** The seat's won tricks, face down, with the count (and card points when they are shown). */
function wonPile(ctx, seat, p, showPoints) {
  const cards = p.captured_count ?? 0;
  const tricks = p.tricks_won ?? Math.floor(cards / 2);
  return h("div", {
    class: ["lt-capture", "briscola-won", ctx.isMe(seat) ? "is-mine" : null],
    "data-seat": String(seat), "data-testid": `captures-${seat}`,
  },
    makePile({ faceDown: true, size: cards, cardSize: "sm", badge: false }),
    h("div", { class: "lt-capture-caption" },
      h("span", { class: "lt-capture-name" }, gettext("Won tricks")),
      h("span", { class: "lt-capture-count", "data-testid": `captures-count-${seat}` },
        `${interpolate(ngettext("%(count)s trick", "%(count)s tricks", tricks), { count: tricks }, true)} · ${interpolate(ngettext("%(count)s card", "%(count)s cards", cards), { count: cards }, true)}`),
      showPoints
        ? h("span", { class: "lt-capture-detail", "data-testid": `points-${seat}` }, interpolate(ngettext("%(count)s card point", "%(count)s card points", p.points_so_far ?? 0), { count: p.points_so_far ?? 0 }, true))
        : h("span", { class: "lt-capture-hidden muted", title: gettext("Card points are hidden during the hand") }, gettext("points hidden"))));
}

// ---------------------------------------------------------------- centre

function centre(ctx, player, showPoints) {
  const { view } = ctx;
  const trick = view.trick || [];
  let placeholder = null;
  if (!trick.length && view.phase === "play" && !ctx.finished) {
    const leader = view.leader ?? view.to_act;
    placeholder = ctx.isMe(leader) ? gettext("Your lead") : interpolate(gettext("%(player)s leads"), { player: ctx.name(leader) }, true);
  }
  const stock = stockPile({
    count: view.stock_count ?? 0,
    upcard: view.upcard || null,
    trump: { suit: view.trump },
    pack: ctx.pack,
    label: gettext("Stock"),
    upcardLabel: gettext("Briscola"),
  });
  const stockNote = (view.stock_count ?? 0) === 0 && !view.upcard && view.phase === "play"
    ? h("div", { class: "briscola-stock-note muted" }, gettext("No more drawing")) : null;

  const last = view.last_trick;
  let lastEl = null;
  if (last && (last.cards || []).length) {
    const pts = last.cards.reduce((acc, c) => acc + (CARD_POINTS[(parseCard(c.card, ctx.pack) || {}).rank] || 0), 0);
    lastEl = lastTrick({
      plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack: ctx.pack,
      label: showPoints ? interpolate(gettext("Last trick · %(points)s pts"), { points: pts }, true) : gettext("Last trick"),
    });
  }
  const showTrick = view.phase === "play" || trick.length > 0;
  const result = resultArea(ctx, player);
  return h("div", { class: ["lt-center", "briscola-center"] },
    view.phase === "over" ? null : h("div", { class: "briscola-stock-col" }, stock, stockNote),
    showTrick ? trickArea({
      plays: trick, names: ctx.name, me: ctx.viewer, pack: ctx.pack, leader: view.leader, placeholder,
      footer: view.phase === "play" ? trickOf(view) : null,
      layout: ctx.seats.length > 2 ? "compass" : "row", seats: ctx.seats.length,
    }) : null,
    lastEl,
    result);
}

// ---------------------------------------------------------------- results

/** Whether a hand's "points" are card points (the two-hands match) or hands won. */
function pointsAreCards(points) {
  return (points || []).reduce((a, b) => a + (Number(b) || 0), 0) > 2;
}

function resultArea(ctx, player) {
  const { view, match } = ctx;
  const deals = match.deals || [];
  if (view.result) return handResult(ctx, view.result, match.deal_number || deals.length || 1, player);
  // The hand just finished: the server has dealt the next one already, and sends the
  // finished hand's result() as match.last_result.
  const last = match.last_result;
  const number = match.deal_number || 0;
  if (view.phase === "play" && (view.tricks_played ?? 0) === 0 && last && last.result && last.number === number - 1) {
    return handResult(ctx, last.result, last.number, player);
  }
  return null;
}

function handResult(ctx, r, number, player) {
  const seats = ctx.seats;
  const cards = r.card_points || r.points || [];
  const rows = [
    { label: gettext("Tricks won"), points: r.tricks || seats.map((s) => player(s).tricks_won ?? 0) },
    { label: gettext("Card points"), detail: winsText(ctx), points: ctx.partnerships ? bySeat(ctx, cards) : cards },
  ];
  if (!pointsAreCards(r.points) && r.points) rows.push({ label: gettext("Hands won"), detail: gettext("this hand"), points: r.points });
  const table = dealResultTable({
    seats, rows, totals: null, names: ctx.name, me: ctx.viewer,
    title: interpolate(gettext("Hand %(number)s result"), { number }, true), testid: "deal-result",
  });
  return resultBox(ctx, table, handWinnerText(ctx, r.winner, cards), r.winner);
}

function resultBox(ctx, table, headline, winner) {
  table.insertBefore(
    h("div", { class: ["briscola-result-head", ctx.viewer !== null && ctx.sideOf(ctx.viewer) === winner ? "is-mine" : null], "data-testid": "hand-winner" }, headline),
    table.querySelector("table"));
  return h("div", { class: "briscola-results" }, table, matchTable(ctx));
}

/** The hands of the match so far and the totals (the match score). */
function matchTable(ctx) {
  const { match } = ctx;
  const deals = match.deals || [];
  if (!deals.length) return null;
  const cards = deals.some((d) => pointsAreCards(d.points));
  const rows = deals.map((d) => ({ label: interpolate(gettext("Hand %(number)s"), { number: d.number }, true), points: d.points || [] }));
  return dealResultTable({
    seats: ctx.seats, rows, totals: match.scores ? bySeat(ctx, match.scores) : true, names: ctx.name, me: ctx.viewer,
    title: cards ? gettext("Match · card points") : gettext("Match · hands won"), totalLabel: gettext("Total"), testid: "match-result",
  });
}

// ---------------------------------------------------------------- side panel

function sidePanel(ctx, showPoints) {
  const { view } = ctx;
  return h("div", { class: "briscola-panel" },
    h("p", { class: "briscola-panel-trump" },
      suitIcon(view.trump, "suit-icon inline-icon", ctx.pack), ` ${gettext("Briscola:")} `,
      h("strong", {}, suitWord(ctx, view.trump)),
      view.upcard ? h("span", { class: "muted" }, ` ${interpolate(gettext("(%(card)s under the stock)"), { card: cardName(view.upcard, ctx.pack) }, true)}`) : null),
    showPoints || view.phase === "over" ? null
      : h("p", { class: "muted briscola-panel-note" }, gettext("Card points stay hidden until the hand ends: keep count!")),
    ctx.partnerships ? h("p", { class: "muted briscola-panel-note" }, gettext("Partners sit opposite and share their tricks; once the stock is out you see your partner's last cards.")) : null,
    h("p", { class: "muted briscola-panel-note" }, `${gettext("Ace 11 · 3 10 · Re 4 · Cavallo 3 · Fante 2")} · ${winsText(ctx)}`));
}
