// Cartelle live table in words (docs/accessibility.md, "The table in words").
//
// The server sends each seat its whole view after every move, not the move itself; what
// happened is told by comparing the state before with the state after. `describeEvents`
// does that with one describer per kind of change: a card played to a trick and a trick
// taken (every trick game's view has `trick` and `last_trick`), Scopa's `last_play`,
// Burraco's draw, pile, melds and discards, Machiavelli's `last_turn`; a game may add its
// own in GAME_DESCRIBERS. The Announcer writes the sentences into one polite live region
// (role="log", visually hidden) and the last of them into a short visible line, adds the
// player's turn with what the status line says they may do, the deal's result and the
// match's result, and never repeats itself.

import { h, cardName, parseCard, suitName, rankName } from "./live-table.js";
import { gettext, interpolate, ngettext } from "./i18n.js";
import { signalText } from "./games/tressette.js";
import { bankOutcome } from "./games/sette_e_mezzo.js";
import { outcomeLines } from "./games/ziginette.js";
import { endedText } from "./games/rumino.js";

const KEEP = 30;   // sentences kept in the log

/** Card points in Briscola (the only trick game whose points a trick announcement gives). */
const BRISCOLA_POINTS = { A: 11, 3: 10, K: 4, Q: 3, J: 2 };

/**
 * The sentences for what changed from `prev` to `cur` (two `state` messages of one match).
 *   env: {name(seat) -> string, viewer: seat | null, pack, game}
 * Returns [] when nothing a player would say happened (a reconnect's same state, a new
 * table).
 */
export function describeEvents(prev, cur, env) {
  if (!prev || !cur || !prev.view || !cur.view) return [];
  if (prev.match && cur.match && prev.match.id !== cur.match.id) return [];
  const samedeal = (prev.match || {}).deal_number === (cur.match || {}).deal_number;
  // The move that ended a deal shows in no view (the next deal is already dealt): the
  // state carries that deal's last trick (match.previous_last_trick, the trick games) and
  // its result (match.last_result); a match's last deal keeps its view, result and all.
  const nextDeal = !samedeal && (cur.match || {}).deal_number === ((prev.match || {}).deal_number || 0) + 1;
  env.dealEnd = nextDeal ? (cur.match.previous_last_trick || null) : null;
  env.result = nextDeal ? ((cur.match.last_result || {}).result || null)
    : (samedeal && cur.view.result && !prev.view.result ? cur.view.result : null);
  const out = [];
  const game = env.game || cur.view.game || (cur.match && cur.match.game);
  const own = GAME_DESCRIBERS[game];
  const describers = own ? [own] : [describeTricks];
  for (const describe of describers) {
    try {
      out.push(...describe(prev.view, cur.view, env, samedeal));
    } catch (err) {
      console.error("Cartelle: could not describe a move.", err);  // eslint-disable-line no-console
    }
  }
  return out.filter(Boolean);
}

// ---------------------------------------------------------------- sentences

/** "you" or the seat's name as the subject of a sentence; `mine`/`theirs` are gettext'd. */
function say(env, seat, mine, theirs, values = {}) {
  if (env.viewer !== null && env.viewer !== undefined && seat === env.viewer) {
    env.saidMine = true;
    return interpolate(mine, values, true);
  }
  return interpolate(theirs, { ...values, player: env.name(seat) }, true);
}

function card(env, code) {
  return cardName(code, env.pack);
}

/** "X plays the Asso di Coppe". */
export function playSentence(env, seat, code) {
  return say(env, seat, gettext("You play %(card)s"), gettext("%(player)s plays %(card)s"), { card: card(env, code) });
}

function sameCards(a, b) {
  return JSON.stringify(a || null) === JSON.stringify(b || null);
}

/** Tricks: the cards added to `trick`, and a trick completed (a new `last_trick`). */
export function describeTricks(prev, cur, env, samedeal) {
  const out = [];
  const before = prev.trick || [];
  const after = cur.trick || [];
  const prefix = (short, long) => short.every((p, i) => long[i] && long[i].seat === p.seat && long[i].card === p.card);
  const last = cur.last_trick;
  const newTrick = samedeal && last && (last.cards || []).length && !sameCards(prev.last_trick, last);
  if (newTrick) {
    const cards = last.cards || [];
    const played = prefix(before, cards) ? cards.slice(before.length) : cards;
    for (const p of played) out.push(playSentence(env, p.seat, p.card));
    out.push(takeSentence(env, last.winner, cards));
    for (const p of after) out.push(playSentence(env, p.seat, p.card));
  } else if (samedeal && prefix(before, after)) {
    for (const p of after.slice(before.length)) out.push(playSentence(env, p.seat, p.card));
  } else if (!samedeal && env.dealEnd && (env.dealEnd.cards || []).length) {
    // The deal's last trick: the cards played since the previous state, and who took it.
    const cards = env.dealEnd.cards;
    if (!sameCards(prev.last_trick, env.dealEnd)) {
      for (const p of prefix(before, cards) ? cards.slice(before.length) : cards) out.push(playSentence(env, p.seat, p.card));
      out.push(takeSentence(env, env.dealEnd.winner, cards));
    }
  }
  return out;
}

function takeSentence(env, winner, cards) {
  if (winner === null || winner === undefined) return null;
  if (env.game === "briscola") {
    const points = cards.reduce((sum, p) => sum + (BRISCOLA_POINTS[(parseCard(p.card, env.pack) || {}).rank] || 0), 0);
    return say(env, winner,
      ngettext("You take the trick, %(points)s point", "You take the trick, %(points)s points", points),
      ngettext("%(player)s takes the trick, %(points)s point", "%(player)s takes the trick, %(points)s points", points),
      { points });
  }
  return say(env, winner, gettext("You take the trick"), gettext("%(player)s takes the trick"));
}

/** Scopa: `last_play` {seat, card, taken, scopa}. */
export function describeScopa(prev, cur, env) {
  const p = cur.last_play;
  if (!p || sameCards(prev.last_play, p) && sameCards(prev.board, cur.board)) return [];
  const out = [];
  const taken = p.taken || [];
  if (taken.length) {
    out.push(say(env, p.seat, gettext("You play %(card)s and take %(taken)s"), gettext("%(player)s plays %(card)s and takes %(taken)s"),
      { card: card(env, p.card), taken: taken.map((c) => card(env, c)).join(", ") }));
  } else {
    out.push(say(env, p.seat, gettext("You play %(card)s to the board"), gettext("%(player)s plays %(card)s to the board"), { card: card(env, p.card) }));
  }
  if (p.scopa) out.push(say(env, p.seat, gettext("Scopa for you!"), gettext("Scopa for %(player)s!")));
  return out;
}

// ---------------------------------------------------------------- Burraco

const JOKER = "JK";
const RUN_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** A meld in words: "a run of Cuori, 4 to 7" or "a set of Sette", wild cards named. */
export function meldWords(tokens, pack = "french") {
  const places = tokens.map((t) => (t.includes("@") ? t.split("@")[1] : t));
  const naturals = places.filter((c) => c !== JOKER && parseCard(c, pack));
  const suits = new Set(naturals.map((c) => c.slice(-1)));
  const ranks = new Set(naturals.map((c) => c.slice(0, -1)));
  const wilds = tokens.filter((t) => t.includes("@") || t === JOKER).length;
  const wild = wilds ? ` ${interpolate(ngettext("(%(count)s wild card)", "(%(count)s wild cards)", wilds), { count: wilds }, true)}` : "";
  if (suits.size === 1 && ranks.size > 1) {
    const rank = (c) => c.slice(0, -1);
    const first = rank(places[0]);
    const lastRank = rank(places[places.length - 1]);
    const low = RUN_ORDER.includes(first) ? rankName(first, pack) : first;
    const high = RUN_ORDER.includes(lastRank) ? rankName(lastRank, pack) : lastRank;
    return interpolate(gettext("a run of %(suit)s, %(low)s to %(high)s"), { suit: suitName([...suits][0], pack), low, high }, true) + wild;
  }
  const r = [...ranks][0];
  return interpolate(gettext("a set of %(rank)s"), { rank: r ? rankName(r, pack) : "?" }, true) + wild;
}

export function describeBurraco(prev, cur, env, samedeal) {
  if (!samedeal) return [];
  const out = [];
  const actor = prev.to_act;
  if (actor === null || actor === undefined) return out;
  const count = (view, seat) => ((view.players || []).find((p) => p.seat === seat) || {}).hand_count ?? 0;
  const pileBefore = prev.discard_pile || [];
  const pileAfter = cur.discard_pile || [];
  if ((cur.stock_count ?? 0) < (prev.stock_count ?? 0) && count(cur, actor) > count(prev, actor)) {
    out.push(say(env, actor, gettext("You draw from the stock"), gettext("%(player)s draws from the stock")));
  }
  if (pileBefore.length && pileAfter.length < pileBefore.length) {
    const n = pileBefore.length;
    out.push(say(env, actor,
      ngettext("You take the discard pile, %(count)s card", "You take the discard pile, %(count)s cards", n),
      ngettext("%(player)s takes the discard pile, %(count)s card", "%(player)s takes the discard pile, %(count)s cards", n),
      { count: n }));
  }
  const melds = (view) => {
    const all = {};
    for (const side of view.table || []) for (const m of side.melds || []) all[`${side.side}:${m.index}`] = m.cards || [];
    return all;
  };
  const mb = melds(prev);
  const ma = melds(cur);
  for (const [key, cards] of Object.entries(ma)) {
    if (!mb[key]) {
      out.push(say(env, actor, gettext("You lay %(meld)s"), gettext("%(player)s lays %(meld)s"), { meld: meldWords(cards, env.pack) }));
    } else if (!sameCards(mb[key], cards)) {
      out.push(say(env, actor, gettext("You add to a meld: now %(meld)s"), gettext("%(player)s adds to a meld: now %(meld)s"), { meld: meldWords(cards, env.pack) }));
    }
  }
  if (pileAfter.length && (pileAfter.length > pileBefore.length || pileAfter[pileAfter.length - 1] !== pileBefore[pileBefore.length - 1])
      && pileAfter.length <= pileBefore.length + 1) {
    out.push(say(env, actor, gettext("You discard %(card)s"), gettext("%(player)s discards %(card)s"), { card: card(env, pileAfter[pileAfter.length - 1]) }));
  }
  if ((cur.pozzetti_left ?? 0) < (prev.pozzetti_left ?? 0)) {
    out.push(say(env, actor, gettext("You take the pozzetto"), gettext("%(player)s takes the pozzetto")));
  }
  return out;
}

/** Machiavelli: `last_turn` {seat, kind, placed, drawn_count}. */
export function describeMachiavelli(prev, cur, env) {
  const t = cur.last_turn;
  if (!t || sameCards(prev.last_turn, t)) return [];
  if (t.kind === "draw") return [say(env, t.seat, gettext("You draw a card"), gettext("%(player)s draws a card"))];
  if (t.kind === "pass") return [say(env, t.seat, gettext("You pass"), gettext("%(player)s passes"))];
  if (t.kind === "penalty") return [say(env, t.seat, gettext("Your table is refused: you draw a penalty"), gettext("%(player)s's table is refused: a penalty draw"))];
  const placed = (t.placed || []).map((c) => card(env, c)).join(", ");
  return [say(env, t.seat, gettext("You lay %(cards)s"), gettext("%(player)s lays %(cards)s"), { cards: placed })];
}

/** Tressette: the tricks, and each new signal ("bob signals: busso"), in the words shown
 *  beside the seat that made it. */
export function describeTressette(prev, cur, env, samedeal) {
  const before = samedeal ? (prev.signals || []).length : 0;
  const signals = (cur.signals || []).slice(before).map((sig) => say(env, sig.seat,
    gettext("You signal: %(signal)s"), gettext("%(player)s signals: %(signal)s"), { signal: signalText(sig) }));
  // A signal is made before the card: said first when both come in one state.
  return [...signals, ...describeTricks(prev, cur, env, samedeal)];
}

// ---------------------------------------------------------------- the other games

/** The players of a view by seat. */
function bySeat(view) {
  const out = {};
  for (const p of view.players || []) out[p.seat] = p;
  return out;
}

/** "bob sets the limits: 1 to 10" when the bank has just announced them. */
function limitsSentence(prev, cur, env) {
  if (prev.limits || !cur.limits) return null;
  return say(env, cur.banker, gettext("You set the limits: %(low)s to %(high)s"), gettext("%(player)s sets the limits: %(low)s to %(high)s"),
    { low: cur.limits[0], high: cur.limits[1] });
}

function chips(n) {
  return interpolate(ngettext("%(count)s chip", "%(count)s chips", n), { count: n }, true);
}

/** Sette e mezzo: limits, bets and passes, each card dealt face up, stand, bust, seven and
 *  a half, the bank's face-down card shown, and the bank's result. */
export function describeSetteEMezzo(prev, cur, env, samedeal) {
  const out = [];
  if (samedeal) {
    out.push(limitsSentence(prev, cur, env));
    const before = bySeat(prev);
    for (const p of cur.players || []) {
      const q = before[p.seat] || {};
      const s = p.seat;
      if ((q.bet === null || q.bet === undefined) && p.bet !== null && p.bet !== undefined) {
        out.push(say(env, s, gettext("You bet %(chips)s"), gettext("%(player)s bets %(chips)s"), { chips: chips(p.bet) }));
      }
      if (q.status !== "passed" && p.status === "passed") out.push(say(env, s, gettext("You pass"), gettext("%(player)s passes")));
      if (!q.face_down && p.face_down && s === cur.banker && s !== env.viewer) {
        out.push(interpolate(gettext("%(player)s (the bank) turns up %(card)s"), { player: env.name(s), card: card(env, p.face_down) }, true));
      }
      for (const c of (p.up_cards || []).slice((q.up_cards || []).length)) {
        out.push(say(env, s, gettext("You take a card: %(card)s"), gettext("%(player)s takes a card: %(card)s"), { card: card(env, c) }));
      }
      if (q.status !== p.status) {
        const total = p.total || "";
        if (p.status === "stood") out.push(say(env, s, gettext("You stand"), gettext("%(player)s stands")));
        if (p.status === "bust") {
          out.push(total ? say(env, s, gettext("You bust with %(total)s"), gettext("%(player)s busts with %(total)s"), { total })
            : say(env, s, gettext("You bust"), gettext("%(player)s busts")));
        }
        if (p.status === "natural") out.push(say(env, s, gettext("You have seven and a half"), gettext("%(player)s has seven and a half")));
      }
    }
  }
  const r = env.result;
  if (r && r.banker !== undefined && (r.totals || {})[String(r.banker)]) {
    out.push(interpolate(gettext("%(player)s: %(outcome)s"), { player: env.name(r.banker), outcome: bankOutcome(r) }, true));
  }
  return out;
}

/** Ziginette: limits, each bet on a board card, each card the bank turns, each match and
 *  what it took, and at the end what the bank paid or won. */
export function describeZiginette(prev, cur, env, samedeal) {
  const out = [];
  if (samedeal) {
    out.push(limitsSentence(prev, cur, env));
    const bets = (view) => {
      const all = {};
      for (const b of view.board || []) for (const [s, n] of Object.entries(b.bets || {})) all[`${b.card}:${s}`] = n;
      return all;
    };
    const before = bets(prev);
    for (const b of cur.board || []) {
      for (const [s, n] of Object.entries(b.bets || {})) {
        if (before[`${b.card}:${s}`] === undefined) {
          out.push(say(env, Number(s), gettext("You bet %(chips)s on %(card)s"), gettext("%(player)s bets %(chips)s on %(card)s"), { chips: chips(n), card: card(env, b.card) }));
        }
      }
    }
    if (!prev.banker_card && cur.banker_card) {
      out.push(interpolate(gettext("The bank's card: %(card)s"), { card: card(env, cur.banker_card) }, true));
    }
    const onBoard = new Set([...(prev.board || []).map((b) => b.card), prev.banker_card].filter(Boolean));
    if (cur.last_card && cur.last_card !== prev.last_card && cur.last_card !== cur.banker_card && !onBoard.has(cur.last_card)) {
      out.push(interpolate(gettext("The bank turns %(card)s"), { card: card(env, cur.last_card) }, true));
    }
    const said = (prev.matched || []).length;
    const fresh = (cur.matched || []).slice(said);
    if (fresh.length) out.push(...outcomeLines({ name: env.name }, { matched: fresh }));
  }
  if (env.result) out.push(...outcomeLines({ name: env.name }, { ...env.result, matched: [] }));
  return out;
}

/** Rumino: a draw from the stock, the pile's top taken (by the player to act) or claimed
 *  (out of turn), each discard, a player out, and how the hand ended. */
export function describeRumino(prev, cur, env, samedeal) {
  const out = [];
  if (samedeal) {
    const before = bySeat(prev);
    const grew = (cur.players || []).filter((p) => (p.hand_count ?? 0) > ((before[p.seat] || {}).hand_count ?? 0)).map((p) => p.seat);
    const pileBefore = prev.pile || [];
    const pileAfter = cur.pile || [];
    const top = pileBefore[pileBefore.length - 1];
    const taken = pileAfter.length < pileBefore.length || (pileAfter.length === pileBefore.length && pileAfter[pileAfter.length - 1] !== top);
    if (taken && top && grew.length) {
      const s = grew[0];
      out.push(s === prev.to_act
        ? say(env, s, gettext("You take %(card)s from the pile"), gettext("%(player)s takes %(card)s from the pile"), { card: card(env, top) })
        : say(env, s, gettext("You claim %(card)s"), gettext("%(player)s claims %(card)s"), { card: card(env, top) }));
    } else if ((cur.stock_count ?? 0) < (prev.stock_count ?? 0) && grew.length) {
      out.push(say(env, grew[0], gettext("You draw from the stock"), gettext("%(player)s draws from the stock")));
    }
    if (pileAfter.length && pileAfter[pileAfter.length - 1] !== pileBefore[pileBefore.length - 1] && pileAfter.length >= pileBefore.length) {
      const shrank = (cur.players || []).find((p) => (p.hand_count ?? 0) < ((before[p.seat] || {}).hand_count ?? 0));
      const s = shrank ? shrank.seat : prev.to_act;
      if (s !== null && s !== undefined) {
        out.push(say(env, s, gettext("You discard %(card)s"), gettext("%(player)s discards %(card)s"), { card: card(env, pileAfter[pileAfter.length - 1]) }));
      }
    }
    for (const s of (cur.out_order || []).slice((prev.out_order || []).length)) {
      out.push(say(env, s, gettext("You are out of the game"), gettext("%(player)s is out of the game")));
    }
  }
  if (env.result && env.result.ended_by) {
    out.push(endedText(env.result, { name: env.name, isMe: (s) => env.viewer !== null && env.viewer !== undefined && s === env.viewer }));
  }
  return out;
}

/** Calabrasella: each bid, the card called and who hands it over, the widow turned, the
 *  cards taken from it, then the tricks. */
export function describeCalabrasella(prev, cur, env, samedeal) {
  const out = [];
  if (samedeal) {
    for (const b of (cur.bids || []).slice((prev.bids || []).length)) {
      out.push(b.bid === "pass"
        ? say(env, b.seat, gettext("You pass"), gettext("%(player)s passes"))
        : say(env, b.seat, gettext("You play the hand"), gettext("%(player)s plays the hand")));
    }
    if (!prev.called && cur.called && cur.declarer !== null && cur.declarer !== undefined) {
      out.push(say(env, cur.declarer, gettext("You call %(card)s"), gettext("%(player)s calls %(card)s"), { card: card(env, cur.called) }));
      if (cur.called_from !== null && cur.called_from !== undefined) {
        out.push(say(env, cur.called_from, gettext("You hand it over"), gettext("%(player)s hands it over")));
      } else if (cur.called_in_widow) {
        out.push(gettext("Nobody holds it: it lies in the widow"));
      }
    }
    if (!prev.widow && cur.widow) {
      out.push(interpolate(gettext("The widow: %(cards)s"), { cards: cur.widow.map((c) => card(env, c)).join(", ") }, true));
    }
    for (const c of (cur.taken || []).slice((prev.taken || []).length)) {
      out.push(say(env, cur.declarer, gettext("You take %(card)s from the widow"), gettext("%(player)s takes %(card)s from the widow"), { card: card(env, c) }));
    }
  }
  return [...out, ...describeTricks(prev, cur, env, samedeal)];
}

/** Pinch Tarot: the tricks, each meld shown (in the words the seat's panel uses) and the
 *  two cards drawn after a trick, which the whole table sees. */
export function describePinchTarot(prev, cur, env, samedeal) {
  const out = describeTricks(prev, cur, env, samedeal);
  if (!samedeal) return out;
  const before = bySeat(prev);
  for (const p of cur.players || []) {
    for (const m of (p.melds || []).slice(((before[p.seat] || {}).melds || []).length)) {
      out.push(say(env, p.seat, gettext("You show %(meld)s"), gettext("%(player)s shows %(meld)s"), { meld: m.label || m.kind }));
    }
  }
  if (!sameCards(prev.last_draws, cur.last_draws)) {
    for (const d of cur.last_draws || []) {
      out.push(say(env, d.seat, gettext("You draw %(card)s"), gettext("%(player)s draws %(card)s"), { card: card(env, d.card) }));
    }
  }
  return out;
}

/** Spizzichino: each packet picked (and its top card), each buongioco shown, the tricks. */
export function describeSpizzichino(prev, cur, env, samedeal) {
  const out = [];
  if (samedeal) {
    const owners = {};
    for (const k of prev.packets || []) owners[k.number] = k.owner;
    for (const k of cur.packets || []) {
      if ((owners[k.number] === null || owners[k.number] === undefined) && k.owner !== null && k.owner !== undefined && k.number in owners) {
        out.push(say(env, k.owner, gettext("You pick packet %(number)s"), gettext("%(player)s picks packet %(number)s"), { number: k.number }));
      }
    }
    const before = bySeat(prev);
    for (const p of cur.players || []) {
      for (const b of (p.buongiochi || []).slice(((before[p.seat] || {}).buongiochi || []).length)) {
        out.push(say(env, p.seat, gettext("You show a buongioco: %(cards)s"), gettext("%(player)s shows a buongioco: %(cards)s"),
          { cards: (b.cards || []).map((c) => card(env, c)).join(", ") }));
      }
    }
  }
  return [...out, ...describeTricks(prev, cur, env, samedeal)];
}

/** Per-game describers (a game not listed gets the trick describer). */
export const GAME_DESCRIBERS = {
  scopa: describeScopa,
  burraco: describeBurraco,
  machiavelli: describeMachiavelli,
  tressette: describeTressette,
  "sette-e-mezzo": describeSetteEMezzo,
  ziginette: describeZiginette,
  rumino: describeRumino,
  calabrasella: describeCalabrasella,
  "pinch-tarot": describePinchTarot,
  spizzichino: describeSpizzichino,
};

// ---------------------------------------------------------------- the live region

/**
 * The live region and the visible "last event" line of one table, and what they say.
 * `attach(table)` puts them in the table's shell (outside the part redrawn each state).
 */
export class Announcer {
  constructor() {
    this.log = h("div", {
      class: "lt-announcements visually-hidden", role: "log", "aria-live": "polite",
      "aria-label": gettext("Table events"), "data-testid": "announcements",
    });
    this.line = h("p", { class: "lt-last-event", "data-testid": "last-event", "aria-hidden": "true" });
    this.lastTurnKey = null;
    this.lastOver = false;
    this.said = [];
  }

  attach(table, before = null) {
    table.insertBefore(this.line, before);
    table.insertBefore(this.log, before);
  }

  /** The move this page has just sent, in words, said when its state comes if the views
   *  do not tell it. */
  sent(text) { this.pending = text; }

  /** Add sentences to the log (each its own line, read out once) and show the last one
   *  of `shown` (default: of `lines`) on the visible line; the turn prompt, which the
   *  status line already shows, is said but not shown again. */
  say(lines, shown = lines) {
    const list = [].concat(lines).filter(Boolean);
    for (const text of list) {
      this.log.append(h("p", {}, text));
      this.said.push(text);
    }
    this.count = (this.count || 0) + list.length;
    this.log.dataset.count = String(this.count);   // every sentence said so far (tests)
    while (this.log.childElementCount > KEEP) this.log.firstElementChild.remove();
    if (this.said.length > KEEP) this.said.splice(0, this.said.length - KEEP);
    const visible = [].concat(shown).filter(Boolean);
    if (visible.length) this.line.textContent = visible[visible.length - 1];
  }

  /**
   * After a state has been drawn: the moves since `prev`, the deal's result, the match's
   * result, and the player's turn with what the status line says they may do.
   *   root: the drawn table (its status line and banner are read as a sighted player reads
   *   them); env as for describeEvents; dealText: the deal-over notice or null.
   */
  onState(prev, cur, env, root, dealText) {
    const lines = describeEvents(prev, cur, env);
    // The player's own move that the views do not show (the last card of a deal, a bet in
    // a banking game): said from the move this page sent.
    if (this.pending && prev && prev.seq !== cur.seq) {
      if (!env.saidMine) lines.unshift(this.pending);
      this.pending = null;
    }
    if (dealText) lines.push(dealText);
    const match = cur.match || {};
    if (match.status === "finished") {
      if (!this.lastOver && prev) {
        const banner = root.querySelector("[data-testid=match-over]");
        const title = banner && banner.querySelector(".lt-over-title");
        const sub = banner && banner.querySelector(".lt-over-sub");
        lines.push([title && title.textContent, sub && sub.textContent].filter(Boolean).join(". "));
      }
      this.lastOver = true;
      this.say(lines);
      return;
    }
    const view = cur.view || {};
    const mine = env.viewer !== null && env.viewer !== undefined && view.to_act === env.viewer
      && (view.legal_actions || []).length > 0;
    const turnKey = mine ? `${cur.seq}` : null;
    const events = [...lines];
    if (mine && turnKey !== this.lastTurnKey) lines.push(turnText(root));
    this.lastTurnKey = turnKey;
    this.say(lines, events);
  }
}

/** "Your turn: trick 3 of 20 · play any card", from the status line. */
export function turnText(root) {
  const prompt = root && root.querySelector("[data-testid=prompt]");
  if (!prompt) return gettext("Your turn");
  const text = (prompt.querySelector("[data-testid=turn]") || {}).textContent || gettext("Your turn");
  const detail = [...prompt.querySelectorAll(".lt-status-detail")].map((el) => el.textContent).filter(Boolean).join(" · ");
  return detail ? `${text}: ${detail}` : text;
}
