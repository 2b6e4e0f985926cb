// Spizzichino table (docs/games/spizzichino.md; view shape: games/rules/spizzichino/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Phases: "pick" (eight face-down packets, the dealer's opponent picks
// four), "split" (each player ticks two of their packets for the hand, then confirms),
// "play" (20 tricks; pizzichi can be taken from one's face-up packets), "over".

import {
  h, makeCard, makePile, cardName, suitName, rankName, parseCard, formatThirds,
  handRow, trickArea as trickWidget, lastTrick,
} from "../live-table.js";
import { gettext, ngettext, pgettext, interpolate } from "../i18n.js";

/** Tressette-family strength order, strongest first: how Spizzichino players sort a hand. */
const SPIZZICHINO_RANKS = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"];
const SPIZZICHINO_SUITS = ["D", "C", "H", "S"];

/**
 * Split phase: clicking a packet carrying data-select ticks it (at most two; a third tick
 * drops the oldest). The ticked packet numbers live in local.selection.
 */
export function select(value, local) {
  const n = Number(value);
  const sel = local.selection || (local.selection = []);
  const i = sel.indexOf(n);
  if (i >= 0) sel.splice(i, 1);
  else {
    sel.push(n);
    if (sel.length > 2) sel.shift();
  }
}

export function render(ctx) {
  const { view } = ctx;
  ctx.bottomSeat = ctx.viewer !== null ? ctx.viewer : 0;
  const others = ctx.seats.filter((s) => s !== ctx.bottomSeat);
  const prompt = spizzPrompt(ctx);
  const dealing = (view.packets || []).length > 0 && (view.phase === "pick" || view.phase === "split");
  const center = dealing ? [previousDeal(ctx), pickArea(ctx)] : trickArea(ctx);
  // Seat panels after the center so that ctx.act() sees actions in a stable order; DOM order is fixed below.
  const top = others.map((s) => seatPanel(ctx, s));
  const bottom = seatPanel(ctx, ctx.bottomSeat);
  const players = view.players || [];
  const player = (s) => players.find((x) => x.seat === s) || {};
  const bg = [];
  for (const s of ctx.seats) {
    for (const b of player(s).buongiochi || []) bg.push(h("li", {}, h("span", { class: "muted" }, ctx.name(s)), " ", buongiocoBadge(b)));
  }
  return {
    felt: [top, center, bottom],
    prompt,
    whose: whoseTurnText(ctx, prompt),
    // "hand N M" is offered by the split-confirm button once two packets are ticked.
    handles: (a) => a.startsWith("hand "),
    columns: [
      { label: gettext("Cards"), title: gettext("Card points this deal"), value: (s) => formatThirds(player(s).card_thirds ?? 0) },
      { label: gettext("Tricks"), title: gettext("Tricks won this deal"), value: (s) => String(player(s).tricks_won ?? 0) },
      { label: gettext("Deal"), title: gettext("Points so far this deal (cards rounded down + buongiochi)"), value: (s) => String(player(s).deal_points ?? 0) },
    ],
    panel: bg.length ? h("div", { class: "lt-bg-list" }, h("h4", {}, gettext("Buongiochi")), h("ul", {}, bg)) : null,
  };
}

// ---------------------------------------------------------------- words

function buongiocoLabel(b) {
  const kind = String(b.kind || "").toLowerCase();
  const cards = (b.cards || []).map((c) => parseCard(c)).filter(Boolean);
  let text;
  if (kind.includes("napol")) {
    text = cards.length ? interpolate(gettext("Napoletana di %(suit)s"), { suit: suitName(cards[0].suit) }, true) : gettext("Napoletana");
  } else if (cards.length >= 3 && cards.every((c) => c.rank === cards[0].rank)) {
    const named = {
      3: { A: gettext("Three Aces"), 2: gettext("Three 2s"), 3: gettext("Three 3s") },
      4: { A: gettext("Four Aces"), 2: gettext("Four 2s"), 3: gettext("Four 3s") },
    }[cards.length];
    text = (named && named[cards[0].rank])
      || interpolate(gettext("%(count)s × %(rank)s"), { count: cards.length, rank: rankName(cards[0].rank) }, true);
  } else {
    text = kind ? kind.replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase()) : gettext("Buongioco");
  }
  return `${text} +${b.points ?? 0}`;
}

function buongiocoBadge(b) {
  return h("span", { class: "lt-bg badge", title: (b.cards || []).map((c) => cardName(c)).join(", ") }, buongiocoLabel(b));
}

function spizzPrompt(ctx) {
  const { view, myTurn, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  const toPlay = () => interpolate(gettext("%(player)s to play"), { player: who }, true);
  switch (view.phase) {
    case "pick": {
      if (myTurn) {
        const mine = (view.packets || []).filter((p) => p.owner === ctx.viewer).length;
        return { text: gettext("Choose four packets"), detail: interpolate(gettext("%(count)s of 4 chosen"), { count: mine }, true), mine: true };
      }
      return { text: who ? interpolate(gettext("%(player)s is choosing packets"), { player: who }, true) : gettext("Choosing packets"), mine: false };
    }
    case "split":
      if (myTurn) return { text: gettext("Choose the two packets for your hand"), detail: gettext("the other two lie face up"), mine: true };
      return { text: who ? interpolate(gettext("%(player)s is choosing the packets for their hand"), { player: who }, true) : gettext("Splitting packets"), mine: false };
    case "play": {
      if (myTurn) {
        const lead = !(view.trick || []).length;
        const takes = ctx.legalList.some((a) => a.startsWith("take "));
        return {
          text: gettext("Your turn"),
          detail: (lead ? gettext("lead a card") : interpolate(gettext("follow %(suit)s if you can"), { suit: suitName(String(view.trick[0].card).slice(-1), ctx.pack) }, true))
            + (takes ? ` · ${gettext("you may first take a pizzico into your hand")}` : ""),
          mine: true,
        };
      }
      return { text: who ? toPlay() : pgettext("the phase of the deal", "Play"), mine: false };
    }
    case "over":
      return { text: gettext("Deal over"), mine: false };
    default:
      return { text: myTurn ? gettext("Your turn") : (who ? toPlay() : ""), mine: myTurn };
  }
}

function whoseTurnText(ctx, prompt) {
  const { view } = ctx;
  if (ctx.finished) return gettext("Match over");
  if (view.to_act === null || view.to_act === undefined) return prompt.text;
  if (ctx.isMe(view.to_act)) return gettext("Your turn");
  const text = view.phase === "pick" || view.phase === "split" ? gettext("%(player)s to choose packets") : gettext("%(player)s to play");
  return interpolate(text, { player: ctx.name(view.to_act) }, true);
}

// ---------------------------------------------------------------- seats

function seatHead(ctx, seat, p) {
  const { view } = ctx;
  const toAct = !ctx.finished && view.to_act === seat;
  return h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: gettext("To play"), "aria-hidden": "true" }) : null,
      ctx.name(seat),
      ctx.isMe(seat) ? h("span", { class: "lt-you" }, gettext("you")) : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: gettext("Dealer") }, gettext("Dealer")) : null,
    p ? h("span", { class: "chip", title: gettext("Tricks won this deal") }, interpolate(ngettext("%(count)s trick", "%(count)s tricks", p.tricks_won ?? 0), { count: p.tricks_won ?? 0 }, true)) : null,
    p && p.card_thirds !== undefined ? h("span", { class: "chip", title: gettext("Card points this deal") }, interpolate(gettext("%(points)s pts"), { points: formatThirds(p.card_thirds) }, true)) : null);
}

function handArea(ctx, seat, p) {
  const self = ctx.isMe(seat);
  const count0 = Array.isArray(p.hand) ? p.hand.length : (p.hand_count ?? 0);
  if (count0 === 0 && ctx.view.phase === "over") return null;
  if (count0 === 0 && (ctx.view.phase === "pick" || ctx.view.phase === "split")) {
    return h("div", { class: "lt-hand lt-hand-waiting muted", "data-testid": self ? "my-hand" : `hand-${seat}` },
      self ? gettext("Your cards come from the packets you choose.") : gettext("No cards yet."));
  }
  return handRow({
    cards: Array.isArray(p.hand) ? p.hand : null,
    count: p.hand_count ?? 0,
    known: p.known_cards || [],
    seat,
    self,
    sort: { suitOrder: SPIZZICHINO_SUITS, rankOrder: SPIZZICHINO_RANKS },
    cardOptions: (code) => {
      const action = self ? ctx.act(`play ${code}`) : null;
      return { action, classes: [action ? "legal" : null, self && ctx.myTurn && !action ? "dim" : null] };
    },
  });
}

function packetsArea(ctx, seat, p) {
  const packets = p.packets || [];
  if (!packets.length) return null;
  if (ctx.view.phase === "over" && packets.every((pk) => !pk.size)) return null;
  const self = ctx.isMe(seat);
  const size = self ? null : "sm";
  return h("div", { class: "lt-packets", "data-testid": self ? "my-packets" : `packets-${seat}` },
    h("div", { class: "lt-label" }, gettext("Packets")),
    h("div", { class: "lt-packet-row" }, packets.map((pk) => {
      const top = pk.top;
      const play = self && top ? ctx.act(`play ${top}`) : null;
      const take = self && top ? ctx.act(`take ${top}`) : null;
      const pile = makePile({
        top, size: pk.size ?? 0, cardSize: size,
        cardOptions: {
          action: play,
          classes: [play ? "legal" : null, take && !play ? "takeable" : null, self && ctx.myTurn && !play && !take && top ? "dim" : null],
        },
        classes: ["lt-packet"],
      });
      pile.dataset.packet = String(pk.number);
      return h("div", { class: "lt-packet-slot" },
        pile,
        take ? h("button", { type: "button", class: "btn btn-small lt-take", "data-action": take, title: interpolate(gettext("Take %(card)s into your hand"), { card: cardName(top) }, true) }, gettext("Take into hand")) : null);
    })));
}

function seatPanel(ctx, seat) {
  const p = (ctx.view.players || []).find((x) => x.seat === seat) || { seat, hand: null, hand_count: 0, packets: [] };
  const self = ctx.isMe(seat) || (ctx.viewer === null && seat === ctx.bottomSeat);
  return h("section", {
    class: ["lt-seat", self ? "lt-seat-bottom" : "lt-seat-top", !ctx.finished && ctx.view.to_act === seat ? "is-turn" : null],
    "data-testid": `seat-${seat}`, "data-seat": String(seat),
  },
    seatHead(ctx, seat, p),
    h("div", { class: "lt-seat-body" }, handArea(ctx, seat, p), packetsArea(ctx, seat, p)));
}

// ---------------------------------------------------------------- center

function pickArea(ctx) {
  const { view } = ctx;
  // Packets of a player who has already split them are drawn in that player's area
  // (hand and face-up packets), not here.
  const settled = new Set((view.players || [])
    .filter((p) => (p.packets || []).length > 0 || (p.hand_count ?? 0) > 0)
    .map((p) => p.seat));
  const packets = (view.packets || []).filter((p) => p.owner === null || p.owner === undefined || !settled.has(p.owner));
  const hands = ctx.legalList.filter((a) => a.startsWith("hand "));
  const splitting = view.phase === "split" && hands.length > 0;
  const local = ctx.local;
  if (!splitting) local.selection = [];
  const mineNumbers = new Set(packets.filter((p) => p.owner === ctx.viewer && ctx.viewer !== null).map((p) => p.number));
  local.selection = (local.selection || []).filter((n) => mineNumbers.has(n));
  const sel = local.selection;

  const items = packets.map((pk) => {
    const pick = ctx.act(`pick ${pk.number}`);
    const mine = ctx.viewer !== null && pk.owner === ctx.viewer;
    const selectable = splitting && mine;
    const selected = selectable && sel.includes(pk.number);
    const owner = pk.owner === null || pk.owner === undefined ? null : pk.owner;
    const pile = makePile({
      top: null, size: pk.size ?? 5, faceDown: true, label: pk.number, badge: true,
      cardOptions: {
        action: pick,
        button: selectable,
        dataset: selectable ? { select: pk.number } : {},
        label: interpolate(pick ? gettext("Pick packet %(number)s") : gettext("Packet %(number)s"), { number: pk.number }, true),
        classes: [pick ? "legal pickable" : null, selectable ? "selectable" : null, selected ? "selected" : null,
          ctx.myTurn && !pick && !selectable && !mine ? "dim" : null],
      },
      classes: ["lt-deal-packet", owner !== null ? "owned" : null],
    });
    pile.dataset.packet = String(pk.number);
    const ownerText = owner === null ? pgettext("a packet nobody has picked", "free") : (ctx.isMe(owner) ? pgettext("a packet", "yours") : ctx.name(owner));
    return h("div", { class: ["lt-packet-slot", mine ? "is-mine" : null, selected ? "is-selected" : null] },
      pile,
      h("span", { class: ["lt-owner", owner === null ? "muted" : null, mine ? "is-mine" : null, selected ? "is-selected" : null] },
        selected ? gettext("to hand") : ownerText),
      pk.bottom ? h("div", { class: "lt-bottom", title: interpolate(gettext("Bottom card: %(card)s"), { card: cardName(pk.bottom) }, true) },
        makeCard(pk.bottom, { size: "xs", label: gettext("bottom card") }), h("span", { class: "muted" }, pgettext("the bottom card of a packet", "bottom"))) : null);
  });

  let confirm = null;
  if (splitting) {
    let action = null;
    if (sel.length === 2) {
      const [a, b] = sel;
      action = [`hand ${a} ${b}`, `hand ${b} ${a}`].find((x) => ctx.legal.has(x)) || null;
    }
    if (action) ctx.used.add(action);
    confirm = h("div", { class: "lt-split-confirm" },
      h("button", {
        type: "button", class: "btn btn-primary", "data-testid": "split-confirm",
        "data-action": action, disabled: action ? null : true,
      }, sel.length === 2 ? interpolate(gettext("Take packets %(first)s and %(second)s into hand"), { first: Math.min(...sel), second: Math.max(...sel) }, true) : gettext("Take these two into hand")),
      h("span", { class: "muted" }, sel.length < 2 ? (sel.length === 0 ? gettext("Tap two of your packets") : gettext("Tap one more of your packets")) : gettext("The other two will lie face up")));
  }
  return h("div", { class: ["lt-center", "lt-pick"], "data-testid": "deal-packets" },
    h("div", { class: "lt-pick-grid" }, items),
    confirm);
}

function trickArea(ctx) {
  const { view } = ctx;
  const trick = view.trick || [];
  let placeholder = null;
  if (!trick.length && view.phase === "play" && !ctx.finished) {
    const leader = view.leader ?? view.to_act;
    placeholder = ctx.isMe(leader) ? gettext("Your lead") : interpolate(gettext("%(player)s leads"), { player: ctx.name(leader) }, true);
  }
  const last = view.last_trick;
  const lastEl = last && (last.cards || []).length
    ? lastTrick({ plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer })
    : null;
  const showTrick = trick.length > 0 || view.phase === "play";
  return h("div", { class: ["lt-center", "lt-play"] },
    showTrick ? trickWidget({
      plays: trick, names: ctx.name, me: ctx.viewer, markLeader: false, placeholder,
      footer: view.phase === "play" ? interpolate(gettext("Trick %(number)s of %(count)s"), { number: Math.min((view.tricks_played ?? 0) + 1, 20), count: 20 }, true) : null,
    }) : null,
    lastEl,
    view.result ? dealResult(ctx, view.result) : null);
}

/**
 * While the next deal is dealt, how the previous one ended: its last trick (both cards) and
 * its breakdown, so that the table does not jump past them (match.previous_last_trick and
 * match.last_result).
 */
function previousDeal(ctx) {
  const { match } = ctx;
  const last = match.last_result;
  const number = match.deal_number || 0;
  if (!last || !last.result || last.number !== number - 1) return null;
  const trick = match.previous_last_trick;
  return h("div", { class: ["lt-center", "lt-previous-deal"], "data-testid": "previous-deal" },
    h("div", { class: "lt-label" }, interpolate(gettext("How deal %(number)s ended"), { number: last.number }, true)),
    trick && (trick.cards || []).length
      ? lastTrick({ plays: trick.cards, winner: trick.winner, names: ctx.name, me: ctx.viewer, testid: "previous-last-trick" })
      : null,
    dealResult(ctx, last.result));
}

function dealResult(ctx, r) {
  return h("div", { class: "lt-result", "data-testid": "deal-result" },
    h("div", { class: "lt-label" }, gettext("Deal result")),
    ctx.seats.map((s) => h("div", { class: "lt-result-row", "data-seat": String(s) },
      h("span", { class: "lt-result-name" }, ctx.name(s)),
      h("strong", { class: "lt-result-points" }, String((r.points || [])[s] ?? 0)),
      h("span", { class: "muted" }, interpolate(gettext("cards %(points)s"), { points: formatThirds((r.card_thirds || [])[s]) }, true)),
      r.last_trick === s ? h("span", { class: "badge neutral" }, gettext("last trick")) : null,
      ((r.buongiochi || [])[s] || []).map(buongiocoBadge))));
}
