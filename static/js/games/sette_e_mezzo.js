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

export const pack = "italian";

const STATUS = {
  banker: "banker", out: "out of chips", waiting: "to bet", passed: "sits out",
  playing: "playing", stood: "stands", bust: "bust", natural: "7½ in two cards!",
};
const OUTCOME = { natural: "natural, paid 2 to 1", win: "wins", lose: "loses", push: "push", bust: "bust" };
const NICE = [1, 2, 3, 5, 10, 15, 20, 25, 50];

/** Readable labels of the actions. */
export function actionLabel(action) {
  const a = String(action);
  if (a === "hit") return "Hit: another card";
  if (a === "stand") return "Stand";
  if (a === "pass") return "Pass: sit out this hand";
  let m = /^limits (\d+) (\d+)$/.exec(a);
  if (m) return `Limits ${m[1]} to ${m[2]} chips`;
  m = /^bet (\d+)$/.exec(a);
  if (m) return `Bet ${m[1]}`;
  return null;
}

/** A few of many amounts: the lowest, the highest and the round ones between. */
function someOf(actions, amount) {
  if (actions.length <= 8) return actions;
  const values = actions.map(amount);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return actions.filter((a) => {
    const v = amount(a);
    return v === low || v === high || NICE.includes(v);
  });
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
      { label: "Chips", title: "Chips at the start of this hand", value: (s) => String(player(s).stack ?? "") },
      { label: "Bet", title: "This hand's bet", value: (s) => (player(s).bet ? String(player(s).bet) : "") },
    ],
    panel: h("p", { class: "muted sem-rules" },
      "Ace 1, 2–7 their number, J Q K ½, K♦ (Re di Denari) wild: any whole value from 1 to 7. "
      + "Over 7½ busts; 7½ in two cards is paid 2 to 1 and takes the bank."),
  };
}

function seatPanel(ctx, p) {
  const { view } = ctx;
  const self = ctx.isMe(p.seat);
  const toAct = !ctx.finished && view.to_act === p.seat;
  const banker = view.banker === p.seat;
  const cards = [];
  if (p.face_down_count) {
    cards.push(p.face_down ? makeCard(p.face_down, { pack, size: "sm", label: "face-down card" })
      : makeBack({ size: "sm", label: "face-down card" }));
  }
  for (const code of p.up_cards || []) cards.push(makeCard(code, { pack, size: "sm" }));
  return h("section", {
    class: ["lt-seat", "sem-seat", self ? "is-mine" : null, toAct ? "is-turn" : null, banker ? "is-banker" : null],
    "data-testid": `seat-${p.seat}`, "data-seat": String(p.seat),
  },
    h("div", { class: "lt-seat-head" },
      h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
        toAct ? h("span", { class: "lt-turn-dot", "aria-hidden": "true" }) : null,
        ctx.name(p.seat), self ? h("span", { class: "lt-you" }, "you") : null),
      banker ? h("span", { class: "chip chip-dealer", title: "The bank" }, "Bank") : null,
      h("span", { class: "chip", title: "Chips at the start of this hand", "data-testid": `stack-${p.seat}` }, `${p.stack ?? 0} chips`),
      p.bet ? h("span", { class: "chip sem-bet", "data-testid": `bet-${p.seat}` }, `bet ${p.bet}`) : null),
    h("div", { class: "sem-cards", "data-testid": self ? "my-hand" : `hand-${p.seat}` }, cards.length ? cards
      : h("span", { class: "muted" }, p.status === "waiting" ? STATUS.waiting : "")),
    h("div", { class: "sem-status" },
      p.total ? h("strong", { "data-testid": `total-${p.seat}` }, p.total) : null,
      p.status && p.status !== "banker" ? h("span", { class: ["sem-tag", `sem-${p.status}`] }, STATUS[p.status] || p.status) : null));
}

function centre(ctx) {
  const { view } = ctx;
  const parts = [];
  const limits = view.limits ? `Limits ${view.limits[0]}–${view.limits[1]} chips` : "The banker sets the limits";
  parts.push(h("div", { class: "sem-info" },
    h("span", { "data-testid": "limits" }, limits),
    h("span", { class: "muted" }, ` · ${view.stock_count ?? 0} cards left`)));
  const legal = ctx.legalList;
  const limitActions = legal.filter((a) => a.startsWith("limits "));
  if (limitActions.length) {
    const lowest = Math.min(...limitActions.map((a) => Number(a.split(" ")[1])));
    const shown = someOf(limitActions.filter((a) => Number(a.split(" ")[1]) === lowest), (a) => Number(a.split(" ")[2]));
    ctx.claim(limitActions);
    parts.push(choiceList({
      title: "You hold the bank: announce the limits (minimum and maximum bet)", pack,
      choices: shown.map((a) => ({ action: a, label: actionLabel(a) })), testid: "choices",
    }));
  }
  const bets = legal.filter((a) => a.startsWith("bet ") || a === "pass");
  if (bets.length) {
    const amounts = bets.filter((a) => a.startsWith("bet "));
    ctx.claim(bets);
    parts.push(choiceList({
      title: "Your bet", pack, testid: "choices",
      choices: [...someOf(amounts, (a) => Number(a.split(" ")[1])), ...(bets.includes("pass") ? ["pass"] : [])]
        .map((a) => ({ action: a, label: actionLabel(a) })),
    }));
  }
  const play = legal.filter((a) => a === "hit" || a === "stand");
  if (play.length) {
    ctx.claim(play);
    const mine = (view.players || []).find((p) => p.seat === ctx.viewer) || {};
    parts.push(choiceList({
      title: `Your total: ${mine.total ?? "?"}`, pack, testid: "choices",
      choices: play.map((a) => ({ action: a, label: actionLabel(a) })),
    }));
  }
  const result = view.result || (ctx.match.last_result && ctx.match.last_result.number === (ctx.match.deal_number || 0) - 1
    && (view.phase === "limits" || view.phase === "bet") ? ctx.match.last_result.result : null);
  if (result) parts.push(resultBox(ctx, result));
  return h("div", { class: ["lt-center", "sem-center"] }, parts);
}

function resultBox(ctx, r) {
  const seats = ctx.seats;
  const outcome = (s) => (s === r.banker ? "bank" : OUTCOME[(r.outcomes || {})[String(s)]] || "–");
  const el = dealResultTable({
    seats, names: ctx.name, me: ctx.viewer, title: "Last hand", testid: "deal-result", totals: false,
    rows: [
      { label: "Total", points: seats.map((s) => (r.totals || {})[String(s)] || "") },
      { label: "Outcome", points: seats.map(outcome) },
      { label: "Chips won", points: r.points },
      { label: "Chips now", points: r.stacks },
    ],
  });
  if (r.next_banker !== undefined && r.next_banker !== null) {
    el.appendChild(h("p", { class: "muted" }, `Next bank: ${ctx.name(r.next_banker)}`));
  }
  return el;
}

function prompt(ctx, player) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: "Waiting for the match to start", mine: false };
  if (ctx.finished) return { text: "Match over", mine: false };
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  const hand = `Hand ${match.deal_number || 1}`;
  switch (view.phase) {
    case "limits":
      return ctx.myTurn ? { text: "You hold the bank: set the limits", detail: hand, mine: true }
        : { text: `${who} holds the bank and sets the limits`, detail: hand, mine: false };
    case "bet":
      return ctx.myTurn ? { text: "Your bet", detail: `limits ${view.limits[0]}–${view.limits[1]} · you have ${player(ctx.viewer).stack} chips`, mine: true }
        : { text: `${who} to bet`, detail: hand, mine: false };
    case "play":
      return ctx.myTurn ? { text: "Hit or stand", detail: `your total ${player(ctx.viewer).total}`, mine: true }
        : { text: `${who} to play`, detail: hand, mine: false };
    case "bank":
      return ctx.myTurn ? { text: "The bank plays: hit or stand", detail: `your total ${player(ctx.viewer).total}`, mine: true }
        : { text: `${who} (the bank) plays`, detail: hand, mine: false };
    default:
      return { text: "Hand over", mine: false };
  }
}
