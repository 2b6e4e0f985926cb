// Sette e mezzo table (docs/games/sette-e-mezzo.md; view shape:
// games/rules/sette_e_mezzo/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Two to eight seats around the table, the viewer's first; each seat
// shows its chips, its bet, its status and its cards: the face-down card as a back (to
// its owner and once shown, face up), the cards drawn face up. The banker announces the
// limits (buttons of maximum bets), the players bet (buttons of amounts) or pass, then
// hit or stand; the banker plays last. The hand's settlement shows under the table.

import { h, makeCard, makeBack, choiceList, dealResultTable } from "../live-table.js";
import { gettext, ngettext, pgettext, interpolate } from "../i18n.js";
import { chipsOf, limitsLabel, limitsText, shownLimits, someAmounts } from "./banking.js";

export const pack = "italian";

const STATUS = {
  banker: pgettext("a player's state in the hand", "banker"),
  out: pgettext("a player's state in the hand", "out of chips"),
  away: pgettext("a player's state in the hand", "gone: sits out"),
  waiting: pgettext("a player's state in the hand", "to bet"),
  passed: pgettext("a player's state in the hand", "sits out"),
  playing: pgettext("a player's state in the hand", "playing"),
  stood: pgettext("a player's state in the hand", "stands"),
  bust: pgettext("a player's state in the hand", "bust"),
  natural: pgettext("a player's state in the hand", "7½ in two cards!"),
};
const OUTCOME = {
  natural: pgettext("the outcome of a bet", "natural, paid 2 to 1"),
  win: pgettext("the outcome of a bet", "wins"),
  lose: pgettext("the outcome of a bet", "loses"),
  push: pgettext("the outcome of a bet", "push"),
  bust: pgettext("the outcome of a bet", "bust"),
};

/** Readable labels of the actions. */
export function actionLabel(action) {
  const a = String(action);
  if (a === "hit") return gettext("Hit: another card");
  if (a === "stand") return gettext("Stand");
  if (a === "pass") return gettext("Pass: sit out this hand");
  if (a.startsWith("limits ")) return limitsLabel(a);
  const m = /^bet (\d+)$/.exec(a);
  if (m) return interpolate(gettext("Bet %(amount)s"), { amount: m[1] }, true);
  return null;
}

export function render(ctx) {
  const { view } = ctx;
  const n = view.seats || 2;
  const me = ctx.viewer ?? 0;
  const players = view.players || [];
  const player = (s) => players.find((p) => p.seat === s) || { seat: s, up_cards: [], status: "waiting" };
  const order = Array.from({ length: n }, (_, i) => (me + i) % n);
  const others = order.slice(1).map((s) => seatPanel(ctx, player(s)));
  return {
    felt: [
      h("div", { class: "sem-seats" }, others),
      centre(ctx),
      seatPanel(ctx, player(me)),
    ],
    prompt: prompt(ctx, player),
    feltClass: ["sem-felt"],
    columns: [
      { label: gettext("Chips"), title: chipsTitle(view), value: (s) => String(chipsOf(view, player(s), "stack") ?? "") },
      { label: pgettext("the amount staked, a column heading", "Bet"), title: gettext("This hand's bet"), value: (s) => (player(s).bet ? String(player(s).bet) : "") },
    ],
    panel: h("p", { class: "muted sem-rules" },
      gettext("Ace 1, 2–7 their number, J Q K ½, K♦ (Re di Denari) wild: any whole value from 1 to 7. Over 7½ busts; 7½ in two cards is paid 2 to 1 and takes the bank.")),
  };
}

function chipsTitle(view) {
  return view.result && view.result.stacks ? gettext("Chips after this hand") : gettext("Chips at the start of this hand");
}

function seatPanel(ctx, p) {
  const { view } = ctx;
  const self = ctx.isMe(p.seat);
  const toAct = !ctx.finished && view.to_act === p.seat;
  const banker = view.banker === p.seat;
  const cards = [];
  if (p.face_down_count) {
    cards.push(p.face_down ? makeCard(p.face_down, { pack, size: "sm", label: gettext("face-down card") })
      : makeBack({ size: "sm", label: gettext("face-down card") }));
  }
  for (const code of p.up_cards || []) cards.push(makeCard(code, { pack, size: "sm" }));
  return h("section", {
    class: ["lt-seat", "sem-seat", self ? "is-mine" : null, toAct ? "is-turn" : null, banker ? "is-banker" : null],
    "data-testid": `seat-${p.seat}`, "data-seat": String(p.seat),
  },
    h("div", { class: "lt-seat-head" },
      h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
        toAct ? h("span", { class: "lt-turn-dot", "aria-hidden": "true" }) : null,
        ctx.name(p.seat), self ? h("span", { class: "lt-you" }, gettext("you")) : null),
      banker ? h("span", { class: "chip chip-dealer", title: gettext("The bank") }, gettext("Bank")) : null,
      h("span", { class: "chip", title: chipsTitle(view), "data-testid": `stack-${p.seat}` }, interpolate(ngettext("%(count)s chip", "%(count)s chips", chipsOf(view, p, "stack") ?? 0), { count: chipsOf(view, p, "stack") ?? 0 }, true)),
      p.bet ? h("span", { class: "chip sem-bet", "data-testid": `bet-${p.seat}` }, interpolate(gettext("bet %(amount)s"), { amount: p.bet }, true)) : null),
    h("div", { class: "sem-cards", "data-testid": self ? "my-hand" : `hand-${p.seat}` }, cards.length ? cards
      : h("span", { class: "muted" }, p.status === "waiting" ? STATUS.waiting : "")),
    h("div", { class: "sem-status" },
      p.total ? h("strong", { "data-testid": `total-${p.seat}` }, p.total) : null,
      // "to bet" already stands where the cards will be: not said twice.
      p.status && p.status !== "banker" && !(p.status === "waiting" && !cards.length)
        ? h("span", { class: ["sem-tag", `sem-${p.status}`] }, STATUS[p.status] || p.status) : null));
}

function centre(ctx) {
  const { view } = ctx;
  const parts = [];
  const limits = limitsText(view);
  parts.push(h("div", { class: "sem-info" },
    h("span", { "data-testid": "limits" }, limits),
    h("span", { class: "muted" }, ` · ${interpolate(ngettext("%(count)s card left", "%(count)s cards left", view.stock_count ?? 0), { count: view.stock_count ?? 0 }, true)}`)));
  const legal = ctx.legalList;
  const limitActions = legal.filter((a) => a.startsWith("limits "));
  if (limitActions.length) {
    const shown = shownLimits(legal);
    ctx.claim(limitActions);
    parts.push(choiceList({
      title: gettext("You hold the bank: announce the limits (minimum and maximum bet)"), pack,
      choices: shown.map((a) => ({ action: a, label: actionLabel(a) })), testid: "choices",
    }));
  }
  const bets = legal.filter((a) => a.startsWith("bet ") || a === "pass");
  if (bets.length) {
    const amounts = bets.filter((a) => a.startsWith("bet "));
    ctx.claim(bets);
    parts.push(choiceList({
      title: gettext("Your bet"), pack, testid: "choices",
      choices: [...someAmounts(amounts.map((a) => Number(a.split(" ")[1])), 8).map((n) => `bet ${n}`), ...(bets.includes("pass") ? ["pass"] : [])]
        .map((a) => ({ action: a, label: actionLabel(a) })),
    }));
  }
  const play = legal.filter((a) => a === "hit" || a === "stand");
  if (play.length) {
    ctx.claim(play);
    const mine = (view.players || []).find((p) => p.seat === ctx.viewer) || {};
    parts.push(choiceList({
      title: interpolate(gettext("Your total: %(total)s"), { total: mine.total ?? "?" }, true), pack, testid: "choices",
      choices: play.map((a) => ({ action: a, label: actionLabel(a) })),
    }));
  }
  const result = view.result || (ctx.match.last_result && ctx.match.last_result.number === (ctx.match.deal_number || 0) - 1
    && (view.phase === "limits" || view.phase === "bet") ? ctx.match.last_result.result : null);
  if (result) parts.push(resultBox(ctx, result));
  return h("div", { class: ["lt-center", "sem-center"] }, parts);
}

/** The bank's own line: bust (it paid every bet still standing), 7½ in two cards, or the
 *  total it stood on. */
export function bankOutcome(r) {
  const total = (r.totals || {})[String(r.banker)] || "";
  const value = Number(String(total).replace("½", ".5")) || (String(total) === "½" ? 0.5 : 0);
  if (value > 7.5) return pgettext("the outcome of a bet", "bank bust: pays every bet standing");
  if (total) return interpolate(pgettext("the outcome of a bet", "bank stands on %(total)s"), { total }, true);
  return pgettext("the outcome of a bet", "bank");
}

function resultBox(ctx, r) {
  const seats = ctx.seats;
  const outcome = (s) => (s === r.banker ? bankOutcome(r) : OUTCOME[(r.outcomes || {})[String(s)]] || "–");
  const el = dealResultTable({
    seats, names: ctx.name, me: ctx.viewer, title: gettext("Last hand"), testid: "deal-result", totals: false,
    rows: [
      { label: gettext("Total"), points: seats.map((s) => (r.totals || {})[String(s)] || "") },
      { label: gettext("Outcome"), points: seats.map(outcome) },
      { label: gettext("Chips won"), points: r.points },
      { label: gettext("Chips now"), points: r.stacks },
    ],
  });
  if (r.next_banker !== undefined && r.next_banker !== null) {
    el.appendChild(h("p", { class: "muted" }, interpolate(gettext("Next bank: %(player)s"), { player: ctx.name(r.next_banker) }, true)));
  }
  return el;
}

function prompt(ctx, player) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  const hand = interpolate(gettext("Hand %(number)s"), { number: match.deal_number || 1 }, true);
  const say = (text) => interpolate(text, { player: who }, true);
  switch (view.phase) {
    case "limits":
      return ctx.myTurn ? { text: gettext("You hold the bank: set the limits"), detail: hand, mine: true }
        : { text: say(gettext("%(player)s holds the bank and sets the limits")), detail: hand, mine: false };
    case "bet": {
      if (!ctx.myTurn) return { text: say(gettext("%(player)s to bet")), detail: hand, mine: false };
      const stack = player(ctx.viewer).stack;
      return {
        text: gettext("Your bet"),
        detail: interpolate(ngettext("limits %(min)s–%(max)s · you have %(count)s chip", "limits %(min)s–%(max)s · you have %(count)s chips", stack), { min: view.limits[0], max: view.limits[1], count: stack }, true),
        mine: true,
      };
    }
    case "play":
      return ctx.myTurn ? { text: gettext("Hit or stand"), detail: interpolate(gettext("your total %(total)s"), { total: player(ctx.viewer).total }, true), mine: true }
        : { text: say(gettext("%(player)s to play")), detail: hand, mine: false };
    case "bank":
      return ctx.myTurn ? { text: gettext("The bank plays: hit or stand"), detail: interpolate(gettext("your total %(total)s"), { total: player(ctx.viewer).total }, true), mine: true }
        : { text: say(gettext("%(player)s (the bank) plays")), detail: hand, mine: false };
    default:
      return { text: gettext("Hand over"), mine: false };
  }
}
