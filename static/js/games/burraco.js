// Burraco: the melding table (docs/games/burraco.md, view shape in
// games/rules/burraco/view.py; the renderer contract in docs/frontend.md).
//
// The player ticks cards of their hand (click, or Tab + Enter/Space: every card is a
// <button>), then either
//   - "New meld": a run or a set of the ticked cards, or
//   - "Add here" on one of their side's melds: the meld with the ticked cards added, or
//   - "Discard" (one card ticked).
// A meld's spelling names where a wild card stands (`JK@6S`). When the ticked cards fit
// more than one spelling (the joker below or above a run, a 2 natural or wild) the
// player picks the one they mean from a list; one spelling is sent at once. The engine
// lists only some melds and additions in legal_actions (docs/games/burraco.md, "Limits
// of legal_actions") and accepts any legal one, so this renderer builds those action
// strings from the cards; the engine refuses a wrong one with its reason (a toast).
// `draw`, `take` and `discard ...` are sent only as listed.
//
// DOM hooks (tests): stock [data-testid=stock] with the draw button [data-action=draw];
// the discard pile [data-testid=discard-pile] (every card shown) with
// [data-action=take]; [data-testid=my-hand] cards [data-select="card:<i>"] (class
// "selected" when ticked); [data-testid=meld-new], [data-testid=discard],
// [data-testid=clear]; melds [data-testid=melds-side-<side>] > [data-testid=meld-<side>-<i>]
// with [data-testid=add-<i>] on the viewer's side; [data-testid=meld-choices];
// [data-testid=seat-<n>] (hand count [data-testid=hand-count-<n>], known cards, pozzetto
// face down); [data-testid=pozzetti]; [data-testid=deal-result].

import { gettext, interpolate, ngettext } from "../i18n.js";
import { h, makeCard, cardName, seatLabel, signed } from "../live-table.js";

export const pack = "french";

const JOKER = "JK";
const RANK_VALUE = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 11, Q: 12, K: 13 };
const RANK_AT = [null, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUIT_ORDER = ["C", "D", "H", "S"];

// ---------------------------------------------------------------- cards

const rankOf = (code) => (code === JOKER ? JOKER : code.slice(0, -1));
const suitOf = (code) => (code === JOKER ? "" : code.slice(-1));
const isWild = (code) => code === JOKER || rankOf(code) === "2";
/** A meld token without its position: "JK@6S" -> "JK". */
const codeOf = (token) => token.split("@")[0];

/** The readable name of a card or a meld token ("JK@6S" -> "Joker as Sei di Picche"). */
export function tokenName(token) {
  const [code, place] = token.split("@");
  const name = code === JOKER ? gettext("Joker") : cardName(code, pack);
  if (!place) return name;
  return interpolate(gettext("%(wild)s as %(card)s"), { wild: name, card: cardName(place, pack) }, true);
}

/** A card drawn face up: the French pack's card, or the joker (which that pack lacks). */
function card(code, opts = {}) {
  if (code !== JOKER) return makeCard(code, { pack, ...opts });
  const { action = null, classes = [], size = null, dataset = {}, label = "" } = opts;
  const tag = action || opts.button ? "button" : "div";
  const name = gettext("Joker");
  return h(tag, {
    class: ["card", "card-face", "pack-french", "joker", size ? `card-${size}` : null, ...classes],
    type: tag === "button" ? "button" : null,
    role: tag === "button" ? null : "img",
    title: label ? `${name} (${label})` : name,
    "aria-label": name,
    "aria-disabled": classes.includes("dim") ? "true" : null,
    dataset: { ...dataset, card: code, action: action || null },
  },
  h("span", { class: "card-corner", "aria-hidden": "true" }, h("span", { class: "card-rank" }, "★")),
  h("span", { class: "card-center", "aria-hidden": "true", style: "font-size:1.4em" }, "★"),
  h("span", { class: "card-name", "aria-hidden": "true" }, "Jolly"));
}

/** A meld token drawn small, its wild card marked with the card it stands for. */
function tokenCard(token, opts = {}) {
  const [code, place] = token.split("@");
  const el = card(code, { size: "xs", label: place ? tokenName(token) : "", ...opts });
  if (place) {
    el.classList.add("wild-placed");
    el.appendChild(h("span", { class: "card-mark", "aria-hidden": "true" }, `=${place}`));
  }
  return el;
}

// ---------------------------------------------------------------- spellings

/**
 * Every spelling of a meld made of exactly `codes` (a list of card codes): a set (its
 * naturals by suit, then its one wild card), and each run the cards can form, with a
 * wild card at each place it could stand (a gap inside, below or above the run) and a 2
 * of the run's suit either natural or wild. The engine decides which of these is legal.
 * Returns spellings (strings of tokens, space-separated), without duplicates.
 */
export function meldSpellings(codes) {
  const out = [];
  const add = (tokens) => { const s = tokens.join(" "); if (!out.includes(s)) out.push(s); };
  if (codes.length < 3) return out;
  const naturals = codes.filter((c) => !isWild(c));
  const wilds = codes.filter(isWild);
  if (naturals.length && wilds.length <= 1 && naturals.every((c) => rankOf(c) === rankOf(naturals[0]))) {
    add([...naturals].sort((a, b) => SUIT_ORDER.indexOf(suitOf(a)) - SUIT_ORDER.indexOf(suitOf(b))).concat(wilds));
  }
  const wildChoices = [-1, ...codes.map((c, i) => (isWild(c) ? i : -1)).filter((i) => i >= 0)];
  for (const w of wildChoices) {
    const nat = codes.filter((_, i) => i !== w);
    if (!nat.length || nat.some((c) => c === JOKER)) continue;
    const suit = suitOf(nat[0]);
    if (nat.some((c) => suitOf(c) !== suit)) continue;
    for (const aceHigh of [false, true]) {
      if (aceHigh && !nat.some((c) => rankOf(c) === "A")) continue;
      const value = (c) => (rankOf(c) === "A" && aceHigh ? 14 : RANK_VALUE[rankOf(c)]);
      const ranked = nat.map((c) => [value(c), c]).sort((a, b) => a[0] - b[0]);
      const values = ranked.map((r) => r[0]);
      if (new Set(values).size !== values.length) continue;
      const lo = values[0];
      const hi = values[values.length - 1];
      const missing = hi - lo + 1 - values.length;
      if (w === -1) {
        if (missing === 0) add(ranked.map((r) => r[1]));
        continue;
      }
      let places = [];
      if (missing === 1) places = [lo + 1 + values.findIndex((v, i) => values[i + 1] !== v + 1)];
      else if (missing === 0) places = [lo - 1, hi + 1];
      for (const place of places) {
        if (place < (aceHigh ? 2 : 1) || place > (aceHigh ? 14 : 13)) continue;
        if (codes[w] === `2${suit}` && place === 2) continue;  // that is the natural 2
        const tokens = ranked.map((r) => [r[0], r[1]]);
        tokens.push([place, `${codes[w]}@${RANK_AT[place]}${suit}`]);
        add(tokens.sort((a, b) => a[0] - b[0]).map((t) => t[1]));
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- local state

function local(ctx) {
  const l = ctx.local.burraco || (ctx.local.burraco = { seq: null, ticked: [], choices: null });
  const seq = ctx.st ? ctx.st.seq : null;
  if (l.seq !== seq) { l.seq = seq; l.ticked = []; l.choices = null; }
  return l;
}

let lastCtx = null;

/** A click on a [data-select] element (docs/frontend.md): tick a card, build a move. */
export function select(value, localState, client) {
  const ctx = lastCtx;
  const l = localState.burraco;
  if (!ctx || !l) return;
  const hand = myHand(ctx);
  if (value.startsWith("card:")) {
    const i = Number(value.slice(5));
    l.ticked = l.ticked.includes(i) ? l.ticked.filter((t) => t !== i) : [...l.ticked, i];
    l.choices = null;
  } else if (value === "clear") {
    l.ticked = [];
    l.choices = null;
  } else if (value === "cancel") {
    l.choices = null;
  } else if (value === "meld" || value.startsWith("add:")) {
    const ticked = l.ticked.map((i) => hand[i]).filter(Boolean);
    let actions;
    if (value === "meld") {
      actions = meldSpellings(ticked).map((s) => `meld ${s}`);
    } else {
      const index = Number(value.slice(4));
      const meld = mySideMelds(ctx).find((m) => m.index === index);
      if (!meld) return;
      const pool = [...meld.cards.map(codeOf), ...ticked];
      actions = meldSpellings(pool)
        .filter((s) => meld.kind !== "set" || !s.includes("@"))
        .map((s) => `add ${index} ${s}`);
    }
    actions.sort((a, b) => Number(ctx.legal.has(b)) - Number(ctx.legal.has(a)));
    if (!actions.length) {
      client?.showToast?.(gettext("These cards make no run or set."));
      return;
    }
    if (actions.length === 1 && client && typeof client.sendAction === "function") {
      client.sendAction(actions[0]);
      return;
    }
    l.choices = actions;
  }
}

// ---------------------------------------------------------------- the table

function myHand(ctx) {
  const me = ctx.viewer;
  const p = (ctx.view.players || []).find((x) => x.seat === me);
  return (p && p.hand) || [];
}

function mySide(ctx) {
  const me = ctx.viewer;
  return (ctx.view.table || []).find((t) => (t.seats || []).includes(me)) || null;
}

function mySideMelds(ctx) {
  const side = mySide(ctx);
  return side ? side.melds : [];
}

const BURRACO_LABEL = () => ({
  clean: gettext("clean burraco"),
  semi_clean: gettext("semi-clean burraco"),
  dirty: gettext("dirty burraco"),
});

function meldRow(ctx, side, meld, canAdd) {
  const burraco = meld.burraco ? BURRACO_LABEL()[meld.burraco] || meld.burraco : null;
  return h("div", {
    class: ["bu-meld", meld.burraco ? `bu-burraco bu-${meld.burraco}` : null],
    "data-testid": `meld-${side.side}-${meld.index}`,
    "data-spelling": meld.spelling,
    style: "display:flex;flex-wrap:wrap;align-items:center;gap:2px;margin:2px 0;padding:2px 4px;border-radius:6px;background:rgba(0,0,0,.12)",
  },
  meld.cards.map((t) => tokenCard(t)),
  burraco ? h("span", { class: "badge", title: burraco }, burraco) : null,
  canAdd ? h("button", {
    type: "button", class: "btn btn-small", "data-select": `add:${meld.index}`,
    "data-testid": `add-${meld.index}`,
    title: gettext("Add the ticked cards to this meld"),
  }, gettext("Add here")) : null);
}

function sideMelds(ctx, side, canAdd) {
  const mine = ctx.viewer !== null && side.seats.includes(ctx.viewer);
  const who = side.seats.map((s) => seatLabel(s, { names: ctx.names, me: ctx.viewer })).join(" & ");
  const title = mine ? interpolate(gettext("Your side's melds (%(who)s)"), { who }, true)
    : interpolate(gettext("Melds of %(who)s"), { who }, true);
  return h("section", {
    class: ["bu-side", mine ? "is-mine" : null],
    "data-testid": `melds-side-${side.side}`,
    style: "flex:1 1 300px;min-width:0",
  },
  h("div", { class: "lt-label" }, title, " ",
    h("span", { class: "badge", "data-testid": `pozzetto-${side.side}` },
      side.pozzetto_taken ? gettext("pozzetto taken") : gettext("pozzetto waiting"))),
  side.melds.length ? side.melds.map((m) => meldRow(ctx, side, m, canAdd && mine))
    : h("span", { class: "muted lt-empty" }, gettext("No melds yet")));
}

function seatBox(ctx, p) {
  const name = seatLabel(p.seat, { names: ctx.names, me: ctx.viewer });
  const known = p.known_cards || [];
  const open = p.cards_left;
  return h("div", {
    class: ["bu-seat", p.seat === ctx.view.to_act ? "is-to-act" : null],
    "data-testid": `seat-${p.seat}`,
    style: "display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin:2px 0",
  },
  h("strong", {}, name),
  h("span", { class: "badge", "data-testid": `hand-count-${p.seat}`,
    title: gettext("Cards in hand") }, interpolate(ngettext("%(n)s card", "%(n)s cards", p.hand_count), { n: p.hand_count }, true)),
  p.pozzetto_face_down ? h("span", { class: "badge", "data-testid": `pozzetto-face-down-${p.seat}` }, gettext("pozzetto face down")) : null,
  open ? h("span", { class: "bu-open", style: "display:flex;flex-wrap:wrap;gap:2px" },
    h("span", { class: "muted small" }, gettext("left:")), open.map((c) => card(c, { size: "xs" })))
    : known.length ? h("span", { class: "bu-known", style: "display:flex;flex-wrap:wrap;gap:2px" },
      h("span", { class: "muted small" }, gettext("known:")), known.map((c) => card(c, { size: "xs", known: true }))) : null);
}

function center(ctx) {
  const v = ctx.view;
  const draw = ctx.act("draw");
  const take = ctx.act("take");
  const pile = v.discard_pile || [];
  return h("div", { class: "lt-center bu-center", style: "display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start" },
    h("div", { class: "bu-stock", "data-testid": "stock" },
      h("div", { class: "lt-label" }, gettext("Talon"), " ",
        h("span", { class: "badge", "data-testid": "stock-count" }, String(v.stock_count))),
      draw ? h("button", { type: "button", class: "btn", "data-action": draw }, gettext("Draw"))
        : null),
    h("div", { class: "bu-pile", "data-testid": "discard-pile", "data-taken": v.taken_single || null, style: "flex:1 1 200px;min-width:0" },
      h("div", { class: "lt-label" }, gettext("Discard pile"), " ",
        h("span", { class: "badge", "data-testid": "pile-count" }, String(pile.length))),
      h("div", { style: "display:flex;flex-wrap:wrap;gap:2px" },
        pile.length ? pile.map((c) => card(c, { size: "xs", classes: c === v.taken_single ? ["known"] : [] }))
          : h("span", { class: "muted lt-empty" }, gettext("empty"))),
      take ? h("button", { type: "button", class: "btn", "data-action": take },
        interpolate(ngettext("Take the pile (%(n)s card)", "Take the pile (%(n)s cards)", pile.length), { n: pile.length }, true))
        : null),
    h("div", { class: "bu-pozzetti", "data-testid": "pozzetti" },
      h("div", { class: "lt-label" }, gettext("Pozzetti"), " ",
        h("span", { class: "badge", "data-testid": "pozzetti-left" }, String(v.pozzetti_left)))));
}

function handArea(ctx, l) {
  const hand = myHand(ctx);
  const playing = ctx.myTurn && ctx.view.phase === "play";
  const cards = hand.map((code, i) => card(code, {
    button: true,
    classes: ["lt-hand-card", l.ticked.includes(i) ? "selected" : null].filter(Boolean),
    dataset: { select: `card:${i}` },
    label: l.ticked.includes(i) ? gettext("ticked") : "",
  }));
  const ticked = l.ticked.map((i) => hand[i]).filter(Boolean);
  const discard = ticked.length === 1 ? ctx.act(`discard ${ticked[0]}`) : null;
  return h("div", { class: "lt-hand lt-hand-self", "data-testid": "my-hand" },
    h("div", { class: "lt-label" }, gettext("Your hand"), " ",
      h("span", { class: "badge", "data-testid": `hand-count-${ctx.viewer}` }, String(hand.length))),
    h("div", { class: "lt-cards", style: "flex-wrap:wrap;gap:2px;min-height:0;padding-top:4px" }, cards),
    playing ? h("div", { class: "bu-controls", style: "display:flex;flex-wrap:wrap;gap:6px;margin-top:6px" },
      h("button", { type: "button", class: "btn", "data-select": "meld", "data-testid": "meld-new",
        disabled: ticked.length < 3 || null }, gettext("New meld")),
      h("button", { type: "button", class: "btn", "data-testid": "discard",
        "data-action": discard, disabled: discard ? null : true },
      ticked.length === 1 ? interpolate(gettext("Discard %(card)s"), { card: tokenName(ticked[0]) }, true) : gettext("Discard")),
      h("button", { type: "button", class: "btn btn-small", "data-select": "clear", "data-testid": "clear",
        disabled: ticked.length ? null : true }, gettext("Clear"))) : null,
    l.choices ? h("div", { class: "bu-choices", "data-testid": "meld-choices", style: "display:flex;flex-direction:column;gap:4px;margin-top:6px" },
      h("div", { class: "lt-label" }, gettext("Which meld do you mean?")),
      l.choices.map((a) => h("button", { type: "button", class: ["btn", ctx.legal.has(a) ? "btn-primary" : null], "data-action": a },
        actionLabel(a))),
      h("button", { type: "button", class: "btn btn-small", "data-select": "cancel" }, gettext("Cancel"))) : null);
}

/** The cards left in the talon when a hand is dealt: 108 less the hands, the two
 * pozzetti and the upcard (games/rules/burraco/deal.py). */
const startingTalon = (seats) => 108 - 11 * seats - 2 * 11 - 1;

/**
 * The result to draw and its hand number: the finished hand's (view.result), or while
 * the first player of the next hand has not ended their first turn, the previous hand's
 * result() the server keeps in match.last_result. Null otherwise.
 */
function shownResult(ctx) {
  const v = ctx.view;
  const match = ctx.match || {};
  if (v.result) return { r: v.result, number: match.deal_number || 1, previous: false };
  const last = match.last_result;
  const firstTurn = v.to_act === (v.dealer + 1) % (v.seats || 2) && (v.stock_count ?? 0) >= startingTalon(v.seats || 2) - 1;
  if (!last || !last.result || last.number !== (match.deal_number || 0) - 1 || !firstTurn) return null;
  return { r: last.result, number: last.number, previous: true };
}

/** How a hand ended, in words: who closed, or the talon's end. */
function endWords(ctx, r) {
  if (r.end === "closed" && r.closed_by !== null && r.closed_by !== undefined) {
    return interpolate(gettext("%(player)s closed"), { player: seatLabel(r.closed_by, { names: ctx.names, me: ctx.viewer }) }, true);
  }
  if (r.end === "talon") return gettext("the talon ran out");
  if (r.end === "stalemate") return gettext("the hand was blocked");
  return "";
}

function resultTable(ctx) {
  const shown = shownResult(ctx);
  if (!shown || !shown.r.sides) return null;
  const { r, number } = shown;
  const sides = ctx.view.sides || [];
  const who = (i) => (sides[i] || []).map((s) => seatLabel(s, { names: ctx.names, me: ctx.viewer })).join(" & ");
  const rows = [
    ["melds", gettext("Cards in melds")], ["burraco_bonus", gettext("Burraco bonuses")],
    ["closing", gettext("Closing")], ["pozzetto", gettext("Pozzetto not taken")],
    ["hand", gettext("Cards left in hand")], ["total", gettext("Total")],
  ];
  const score = r.sides.map((s, i) => `${who(i)} ${s.total ?? 0}`).join(" – ");
  const ended = endWords(ctx, r);
  const line = interpolate(gettext("Hand %(number)s: %(score)s"), { number, score }, true) + (ended ? `; ${ended}` : "");
  return h("div", { class: "bu-result", "data-testid": shown.previous ? "previous-deal" : "deal-result-box" },
    h("p", { class: "bu-result-head", "data-testid": "deal-result-line" }, line),
    h("table", { class: "data", "data-testid": "deal-result" },
      h("thead", {}, h("tr", {}, h("th", {}, interpolate(gettext("Hand %(number)s result"), { number }, true)), r.sides.map((_, i) => h("th", { class: "num" }, who(i))))),
      h("tbody", {}, rows.map(([key, label]) => h("tr", {}, h("td", {}, label),
        r.sides.map((s) => h("td", { class: "num" }, signed(s[key] ?? 0))))))));
}

/** A readable label for a Burraco action ("meld JK@6S 7S 8S" -> "Meld: Joker as ... "). */
export function actionLabel(action) {
  const words = String(action).split(" ");
  const list = (tokens) => tokens.map(tokenName).join(", ");
  switch (words[0]) {
    case "draw": return gettext("Draw from the talon");
    case "take": return gettext("Take the discard pile");
    case "discard": return interpolate(gettext("Discard %(card)s"), { card: tokenName(words[1]) }, true);
    case "meld": return interpolate(gettext("New meld: %(cards)s"), { cards: list(words.slice(1)) }, true);
    case "add": return interpolate(gettext("Meld %(n)s becomes: %(cards)s"), { n: Number(words[1]) + 1, cards: list(words.slice(2)) }, true);
    default: return null;
  }
}

export function render(ctx) {
  lastCtx = ctx;
  const v = ctx.view;
  const l = local(ctx);
  const playing = ctx.myTurn && v.phase === "play";
  const canAdd = playing && l.ticked.length > 0;
  const me = (v.players || []).find((p) => p.seat === ctx.viewer);
  let prompt;
  if (ctx.myTurn && v.phase === "draw") prompt = { text: gettext("Your turn"), detail: gettext("Draw from the talon or take the discard pile."), mine: true };
  else if (playing) prompt = { text: gettext("Your turn"), detail: gettext("Tick cards to meld or add to a meld, then discard one card."), mine: true };
  return {
    felt: [
      h("div", { class: "bu-seats" }, (v.players || []).filter((p) => p.seat !== ctx.viewer).map((p) => seatBox(ctx, p))),
      center(ctx),
      h("div", { class: "bu-table", style: "display:flex;flex-wrap:wrap;gap:8px" },
        (v.table || []).map((side) => sideMelds(ctx, side, canAdd))),
      resultTable(ctx),
      me && me.cards_left && v.phase === "over" ? seatBox(ctx, me) : null,
      ctx.viewer !== null ? handArea(ctx, l) : null,
    ],
    prompt,
    // Melds and additions are built from the ticked cards (select): keep them out of the
    // fallback row, as are the discards offered by the Discard button.
    handles: (a) => a.startsWith("meld ") || a.startsWith("add ") || a.startsWith("discard "),
    panel: ctx.match && Array.isArray(ctx.match.victory_points)
      ? h("p", { class: "small", "data-testid": "victory-points" },
        interpolate(gettext("Victory Points: %(vp)s"), { vp: ctx.match.victory_points.join("–") }, true))
      : null,
  };
}
