// Ziginette table (docs/games/ziginette.md; view shape: games/rules/ziginette/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Every card is face up: the board cards with the chips bet on each, the
// banker's card, the card turned last, the dead ranks. The banker announces the limits;
// each player bets on board cards (pick an amount, then a card's "Bet" button) and says
// "Done"; the engine turns the cards. At the end of a hand the banker keeps or passes the
// bank.

import { h, makeCard, cardName, rankName, choiceList, dealResultTable, signed } from "../live-table.js";
import { gettext, ngettext, interpolate } from "../i18n.js";
import { chipsOf, limitsLabel, limitsText, shownLimits, someAmounts } from "./banking.js";

export const pack = "italian";

export function actionLabel(action) {
  const a = String(action);
  if (a === "done") return gettext("Done betting");
  if (a === "keep") return gettext("Keep the bank");
  if (a === "pass") return gettext("Pass the bank");
  if (a.startsWith("limits ")) return limitsLabel(a);
  const m = /^bet (\S+) (\d+)$/.exec(a);
  if (m) return interpolate(gettext("Bet %(amount)s on %(card)s"), { amount: m[2], card: cardName(m[1], pack) }, true);
  return null;
}


export function render(ctx) {
  const { view } = ctx;
  const n = view.seats || 2;
  const me = ctx.viewer ?? 0;
  const players = view.players || [];
  const player = (s) => players.find((p) => p.seat === s) || { seat: s };
  const order = Array.from({ length: n }, (_, i) => (me + i) % n);
  return {
    felt: [
      h("div", { class: "sem-seats" }, order.slice(1).map((s) => seatPanel(ctx, player(s)))),
      centre(ctx),
      seatPanel(ctx, player(me)),
    ],
    prompt: prompt(ctx),
    feltClass: ["zig-felt"],
    columns: [
      { label: gettext("Chips"), title: view.result ? gettext("Chips after this hand") : gettext("Chips not staked"), value: (s) => String(chipsOf(view, player(s), "in_front") ?? "") },
      { label: gettext("This hand"), title: gettext("Chips won or lost this hand"), value: (s) => signed(player(s).won ?? 0) },
    ],
    panel: h("p", { class: "muted" },
      gettext("Bet on board cards. A card of the same rank turned later loses your bet to the bank; the bank's own rank turned first pays every bet on the board.")),
  };
}

function seatPanel(ctx, p) {
  const { view } = ctx;
  const self = ctx.isMe(p.seat);
  const toAct = !ctx.finished && view.to_act === p.seat;
  const banker = view.banker === p.seat;
  const staked = (view.board || []).reduce((acc, b) => acc + ((b.bets || {})[String(p.seat)] || 0), 0);
  return h("section", {
    class: ["lt-seat", "sem-seat", self ? "is-mine" : null, toAct ? "is-turn" : null, banker ? "is-banker" : null],
    "data-testid": `seat-${p.seat}`, "data-seat": String(p.seat),
  },
    h("div", { class: "lt-seat-head" },
      h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
        toAct ? h("span", { class: "lt-turn-dot", "aria-hidden": "true" }) : null,
        ctx.name(p.seat), self ? h("span", { class: "lt-you" }, gettext("you")) : null),
      banker ? h("span", { class: "chip chip-dealer", title: gettext("The bank") }, gettext("Bank")) : null,
      h("span", { class: "chip", "data-testid": `stack-${p.seat}` }, interpolate(ngettext("%(count)s chip", "%(count)s chips", chipsOf(view, p, "in_front") ?? 0), { count: chipsOf(view, p, "in_front") ?? 0 }, true)),
      staked ? h("span", { class: "chip sem-bet" }, interpolate(gettext("on the board %(chips)s"), { chips: staked }, true)) : null));
}

function centre(ctx) {
  const { view } = ctx;
  const parts = [];
  parts.push(h("div", { class: "sem-info" },
    h("span", { "data-testid": "limits" }, limitsText(view)),
    h("span", { class: "muted" }, ` · ${interpolate(ngettext("%(count)s card left", "%(count)s cards left", view.stock_count ?? 0), { count: view.stock_count ?? 0 }, true)} · ${interpolate(gettext("%(count)s discarded"), { count: view.discards ?? 0 }, true)}`),
    (view.dead || []).length ? h("span", { class: "muted", "data-testid": "dead" }, ` · ${interpolate(gettext("out of play (matched): %(ranks)s"), { ranks: view.dead.map((r) => rankName(r, pack)).join(", ") }, true)}`) : null,
    (view.playettes || []).length ? h("span", { class: "muted", "data-testid": "playettes" }, ` · ${interpolate(ngettext("the layout held a pair (a playette) and was dealt again (%(count)s time)", "the layout held a pair (a playette) and was dealt again (%(count)s times)", view.playettes.length), { count: view.playettes.length }, true)}`) : null));
  const legal = ctx.legalList;
  const betting = legal.some((a) => a.startsWith("bet "));
  const amounts = [...new Set(legal.filter((a) => a.startsWith("bet ")).map((a) => Number(a.split(" ")[2])))].sort((a, b) => a - b);
  const shown = someAmounts(amounts);
  const row = [];
  if (view.banker_card) {
    row.push(h("figure", { class: "zig-banker-card", "data-testid": "banker-card" },
      makeCard(view.banker_card, { pack, size: "sm" }), h("figcaption", {}, gettext("the bank's card"))));
  }
  for (const b of view.board || []) {
    const bets = Object.entries(b.bets || {}).map(([s, chips]) => h("li", {}, `${ctx.name(Number(s))} ${chips}`));
    const mine = legal.filter((a) => a.startsWith(`bet ${b.card} `));
    const buttons = mine.length ? h("div", { class: "zig-bet-buttons" },
      shown.filter((v) => mine.includes(`bet ${b.card} ${v}`)).map((v) => {
        const action = `bet ${b.card} ${v}`;
        return h("button", { type: "button", class: "btn btn-small", "data-action": action, title: actionLabel(action) }, String(v));
      })) : null;
    row.push(h("figure", { class: "zig-board-card", "data-testid": `board-${b.card}` },
      makeCard(b.card, { pack, size: "sm" }),
      h("figcaption", {}, bets.length ? h("ul", { class: "zig-bets" }, bets) : h("span", { class: "muted" }, gettext("no bets"))),
      buttons));
  }
  if (betting) ctx.claim(legal.filter((a) => a.startsWith("bet ")));
  parts.push(h("div", { class: "zig-board", "data-testid": "board" }, row));
  if (view.last_card) parts.push(h("p", { class: "muted", "data-testid": "last-card" }, interpolate(gettext("Last card turned: %(card)s"), { card: cardName(view.last_card, pack) }, true)));
  const shownResult = view.result || (view.phase === "limits" && ctx.match.last_result
    && ctx.match.last_result.number === (ctx.match.deal_number || 0) - 1 ? ctx.match.last_result.result : null);
  const events = outcomeLines(ctx, shownResult || view);
  if (events.length) parts.push(h("ul", { class: "zig-events", "data-testid": "hand-events" }, events.map((line) => h("li", {}, line))));
  const limits = legal.filter((a) => a.startsWith("limits "));
  if (limits.length) {
    ctx.claim(limits);
    parts.push(choiceList({ title: gettext("You hold the bank: announce the limits"), pack, testid: "choices",
      choices: shownLimits(legal).map((a) => ({ action: a, label: actionLabel(a) })) }));
  }
  const other = legal.filter((a) => a === "done" || a === "keep" || a === "pass");
  if (other.length) {
    ctx.claim(other);
    const title = view.phase === "bank_choice" ? gettext("The hand is over: keep the bank or pass it?")
      : (betting ? gettext("Bet on a card above, or:") : gettext("Your bets are placed:"));
    parts.push(choiceList({ title, pack, testid: "choices",
      choices: other.map((a) => ({ action: a, label: actionLabel(a) })) }));
  }
  const result = shownResult;
  if (result) {
    parts.push(dealResultTable({
      seats: ctx.seats, names: ctx.name, me: ctx.viewer, title: view.result ? gettext("This hand") : gettext("Last hand"), testid: "deal-result", totals: false,
      rows: [{ label: gettext("Chips won"), points: result.points }, { label: gettext("Chips now"), points: result.stacks }],
    }));
  }
  return h("div", { class: ["lt-center", "sem-center"] }, parts);
}

/** What happened to the bets, in words: each board card matched (the chips the bank took),
 *  the bank's card come (who was paid what), or the hand ended with the bets going back.
 *  `r` is the hand's result, or the view while the hand goes on (matched cards only). */
export function outcomeLines(ctx, r) {
  const lines = [];
  const card = (code) => cardName(code, pack);
  for (const m of r.matched || []) {
    const took = interpolate(ngettext("the bank takes %(count)s chip", "the bank takes %(count)s chips", m.chips), { count: m.chips }, true);
    lines.push(m.by
      ? interpolate(gettext("%(card)s matched by %(by)s: %(took)s."), { card: card(m.card), by: card(m.by), took: m.chips ? took : gettext("no bets on it") }, true)
      : interpolate(gettext("%(card)s matched: %(took)s."), { card: card(m.card), took: m.chips ? took : gettext("no bets on it") }, true));
  }
  if (!r.points) return lines;
  const turned = r.turned || [];
  if (r.banker_lost) {
    const paid = Object.entries(r.paid || {}).filter(([, chips]) => chips > 0)
      .map(([s, chips]) => interpolate(gettext("%(player)s %(chips)s"), { player: ctx.name(Number(s)), chips }, true));
    lines.push(interpolate(gettext("%(card)s matches the bank's card: the bank pays every bet on the board."), { card: card(turned[turned.length - 1]) }, true)
      + (paid.length ? " " + interpolate(gettext("Paid: %(list)s."), { list: paid.join(", ") }, true) : ""));
    for (const [s, chips] of Object.entries(r.unpaid || {})) {
      lines.push(interpolate(ngettext("The bank broke: %(player)s is %(count)s chip short.", "The bank broke: %(player)s is %(count)s chips short.", chips), { player: ctx.name(Number(s)), count: chips }, true));
    }
  } else {
    lines.push(gettext("The bank's card did not come: the bets left on the board go back to their players."));
  }
  if (r.next_banker !== undefined && r.next_banker !== null) {
    lines.push(interpolate(gettext("Next bank: %(player)s"), { player: ctx.name(r.next_banker) }, true));
  }
  return lines;
}

function prompt(ctx) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  const hand = interpolate(gettext("Hand %(number)s"), { number: match.deal_number || 1 }, true);
  const say = (text) => interpolate(text, { player: who }, true);
  if (view.phase === "limits") return ctx.myTurn ? { text: gettext("You hold the bank: set the limits"), detail: hand, mine: true } : { text: say(gettext("%(player)s sets the limits")), detail: hand, mine: false };
  if (view.phase === "bet") return ctx.myTurn ? { text: gettext("Your bets"), detail: gettext("bet on board cards, then Done"), mine: true } : { text: say(gettext("%(player)s is betting")), detail: hand, mine: false };
  if (view.phase === "bank_choice") return ctx.myTurn ? { text: gettext("Keep the bank or pass it"), mine: true } : { text: say(gettext("%(player)s decides on the bank")), mine: false };
  return { text: gettext("Hand over"), mine: false };
}
