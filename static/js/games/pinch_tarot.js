// Pinch Tarot table (docs/games/pinch-tarot.md; view shape: games/rules/pinch_tarot/view.py).
//
// A renderer module for the match page core (../match.js); the contract is in
// docs/frontend.md. Two players, the 78-card tarot pack (Italian suits, trumps I..XXI,
// il Matto). Phases "play" (39 tricks: after each of the first 24 both players draw from
// the talon, then the final fifteen without drawing) and "over".
//
// On the felt: the opponent (hand backs and the cards of theirs that are known: drawn from
// the talon or shown in a meld), their melds and won cards; the talon with its count and
// the two cards just drawn, the trick, the last trick and il Matto's state; then the
// viewer's melds, the melds they may show now (labelled buttons; before playing to a trick),
// their hand and won cards. Taròcchi (10 or more trumps) can be shown in thousands of ways:
// the server offers one entry (every trump held) and accepts any allowed choice, so it is
// built by ticking trumps (data-select, by click or by keyboard): the "Meld taròcchi" button
// carries the action only when the ticked trumps are enough (at least 10, and more than
// shown before; all trumps by default), and the hint says why not otherwise.
//
// The hand result: view.result when the match has ended; otherwise the server deals the
// next hand at once and the finished hand's result() is match.last_result, drawn on the
// felt until the first trick of the next hand is played (or dismissed), then in the panel.

import {
  h, makeCard, makePile, cardName, suitName, romanNumeral, handRow, trickArea, lastTrick, stockPile, choiceList, signed,
} from "../live-table.js";
import { gettext, ngettext, pgettext, interpolate } from "../i18n.js";

export const pack = "tarot";

const TRICKS = 39;
const DRAW_TRICKS = 24;
const MIN_TAROCCHI = 10;
const BAGATTO_URTIMO = 20;
/** Court ranks in the order a family is spelled, with their Italian names in the plural. */
const COURTS = { J: ["Jacks", "Fanti"], C: ["Cavaliers", "Cavalieri"], Q: ["Queens", "Donne"], K: ["Kings", "Re"] };
/** The titles of the sets of courts, whole: "Three Kings". */
const SET_TITLES = {
  three: { J: gettext("Three Jacks"), C: gettext("Three Cavaliers"), Q: gettext("Three Queens"), K: gettext("Three Kings") },
  four: { J: gettext("Four Jacks"), C: gettext("Four Cavaliers"), Q: gettext("Four Queens"), K: gettext("Four Kings") },
};
const KIND_ORDER = { gatti: 0, family: 1, four: 2, three: 3, tarocchi: 4 };

const rankOf = (code) => String(code).slice(0, -1);
const suitOf = (code) => String(code).slice(-1);
const isTrump = (code) => /^\d+T$/.test(String(code));
const trumpNo = (code) => Number(String(code).slice(0, -1));
/** "1 card", "3 tricks": the count of cards, tricks, trumps, draws or hands in words. */
const COUNTS = {
  card: (n) => interpolate(ngettext("%(count)s card", "%(count)s cards", n), { count: n }, true),
  trick: (n) => interpolate(ngettext("%(count)s trick", "%(count)s tricks", n), { count: n }, true),
};

// ---------------------------------------------------------------- melds

/** "meld family JD CD QD KD" -> {kind: "family", cards: ["JD", "CD", "QD", "KD"]}; null otherwise. */
function parseMeld(action) {
  const parts = String(action).split(" ");
  if (parts[0] !== "meld" || parts.length < 3 || !(parts[1] in KIND_ORDER)) return null;
  return { kind: parts[1], cards: parts.slice(2) };
}

/** "I, XX, Matto"-style short names. */
function shortName(code) {
  if (code === "FOOL") return "Matto";
  if (isTrump(code)) return romanNumeral(trumpNo(code));
  return cardName(code, pack);
}

/** The title of a meld, from its kind and cards: "Family of Denari", "Three Kings", "Taròcchi (12 trumps)". */
function meldTitle(kind, cards) {
  switch (kind) {
    case "gatti": return "Gatti (I, XX, Matto)";
    case "family": return interpolate(gettext("Family of %(suit)s"), { suit: suitName(suitOf(cards[0]), pack) }, true);
    case "four": case "three": {
      const title = SET_TITLES[kind][rankOf(cards[0])];
      return title || `${kind} ${rankOf(cards[0])}`;
    }
    case "tarocchi": return interpolate(ngettext("Taròcchi (%(count)s trump)", "Taròcchi (%(count)s trumps)", cards.length), { count: cards.length }, true);
    default: return kind;
  }
}

/** What a meld's cards are, in words: "Re di Bastoni, Denari, Spade"; "I IV V … XXI". */
function meldDetail(kind, cards) {
  if (kind === "three" || kind === "four") {
    const court = COURTS[rankOf(cards[0])];
    return `${court ? court[1] : rankOf(cards[0])} di ${cards.map((c) => suitName(suitOf(c), pack)).join(", ")}`;
  }
  if (kind === "family") return `Fante, Cavaliere, Donna, Re di ${suitName(suitOf(cards[0]), pack)}`;
  if (kind === "tarocchi") return cards.map(shortName).join(" ");
  return cards.map(shortName).join(", ");
}

/** The points a meld action scores now for the seat that has shown `shown` (its melds so far). */
function meldPoints(kind, cards, shown) {
  if (kind === "tarocchi") {
    const best = Math.max(0, ...shown.filter((m) => m.kind === "tarocchi").map((m) => (m.cards || []).length));
    return cards.length - best;
  }
  if (kind === "four") {
    const rank = rankOf(cards[0]);
    return shown.some((m) => m.kind === "three" && rankOf((m.cards || [])[0]) === rank) ? 5 : 10;
  }
  return kind === "three" ? 5 : 10;
}

function playerOf(view, seat) {
  return (view.players || []).find((p) => p.seat === seat) || { seat, hand: null, hand_count: 0, known_cards: [], melds: [] };
}

/**
 * Readable labels: "play CH" -> "Play Cavaliere di Coppe"; "meld gatti 1T 20T FOOL" ->
 * "Meld: Gatti (I, XX, Matto) +10"; "meld three KC KD KS" -> "Meld: Three Kings +5".
 */
export function actionLabel(action, ctx) {
  const a = String(action);
  const m = /^play (\S+)$/.exec(a);
  if (m) return interpolate(gettext("Play %(card)s"), { card: cardName(m[1], pack) }, true);
  const meld = parseMeld(a);
  if (!meld) return null;
  const shown = ctx && ctx.view ? (playerOf(ctx.view, ctx.view.to_act).melds || []) : [];
  return interpolate(gettext("Meld: %(meld)s +%(points)s"), { meld: meldTitle(meld.kind, meld.cards), points: meldPoints(meld.kind, meld.cards, shown) }, true);
}

// ---------------------------------------------------------------- local choices

/**
 * Clicks on [data-select]: "tarocchi:<code>" ticks/unticks a trump for the taròcchi,
 * "tarocchi:all" / "tarocchi:none" tick all or none, "dismiss-result:N" hides the result of
 * hand N from the felt; anything else toggles local.selected.
 */
export function select(value, local) {
  const v = String(value);
  if (v.startsWith("dismiss-result:")) {
    local.ptDismissed = Number(v.slice("dismiss-result:".length));
    return;
  }
  if (v.startsWith("tarocchi:")) {
    const t = local.ptTarocchi;
    if (!t) return;
    const what = v.slice("tarocchi:".length);
    const all = t.trumps || [];
    let ticked = new Set(t.ticked || all);
    if (what === "all") ticked = new Set(all);
    else if (what === "none") ticked = new Set();
    else if (ticked.has(what)) ticked.delete(what);
    else ticked.add(what);
    t.ticked = all.filter((c) => ticked.has(c));
    return;
  }
  local.selected = local.selected === v ? null : v;
}

// ---------------------------------------------------------------- render

export function render(ctx) {
  const { view, match } = ctx;
  const bottom = ctx.viewer !== null ? ctx.viewer : 0;
  const top = 1 - bottom;
  const over = view.phase === "over";
  const number = match.deal_number || 0;
  const known = ownKnown(ctx, bottom);

  const prev = previousResult(ctx);
  const fresh = !!prev && !view.result && ctx.local.ptDismissed !== prev.number && (view.tricks_played ?? 0) === 0;

  // The viewer's seat first, so that its cards and meld buttons claim their actions.
  const mine = seatPanel(ctx, bottom, true, known);
  const theirs = seatPanel(ctx, top, false, []);
  const center = h("div", { class: ["lt-center", "pt-center"] },
    view.result ? resultBox(ctx, { number, result: view.result, points: view.result.points }) : null,
    fresh ? resultBox(ctx, prev, { dismiss: true }) : null,
    over ? null : talonBlock(ctx),
    drawsBlock(ctx),
    trickBlock(ctx),
    lastTrickBlock(ctx),
    foolBlock(ctx));

  const felt = h("div", {
    class: "pt-table", "data-testid": "pt-table", "data-deal": String(number),
    "data-tricks": String(view.tricks_played ?? 0), "data-talon": String(view.stock_count ?? 0),
  }, theirs, center, mine);

  const prompt = ptPrompt(ctx);
  return {
    felt,
    prompt,
    whose: whoseText(ctx, prompt),
    feltClass: ["pt-felt", (view.stock_count ?? 0) === 0 && !over ? "pt-final-phase" : null],
    // The taròcchi (one entry standing for every choice of trumps) is the picker's.
    handles: (a) => a.startsWith("meld tarocchi "),
    columns: [
      { label: gettext("Melds"), title: gettext("Meld points this hand"), value: (s) => String(playerOf(view, s).meld_points ?? 0) },
      { label: gettext("Tricks"), title: gettext("Tricks won this hand"), value: (s) => String(playerOf(view, s).tricks_won ?? 0) },
    ],
    panel: sidePanel(ctx, prev && !fresh && !view.result ? prev : null),
  };
}

// ---------------------------------------------------------------- words

function trickNumber(view) {
  return Math.min((view.tricks_played ?? 0) + 1, TRICKS);
}

/** "Trick 3 of 39". */
function trickOf(view) {
  return interpolate(gettext("Trick %(number)s of %(count)s"), { number: trickNumber(view), count: TRICKS }, true);
}

function phaseText(view) {
  const talon = view.stock_count ?? 0;
  const n = trickNumber(view);
  if (talon > 0) return `${trickOf(view)} · ${interpolate(gettext("talon %(count)s"), { count: talon }, true)}`;
  return `${trickOf(view)} · ${interpolate(gettext("final fifteen, no drawing (%(number)s of 15)"), { number: Math.max(0, n - DRAW_TRICKS) }, true)}`;
}

/** What the follower must play to `led`, in a few words. */
function followText(led) {
  if (led === "FOOL") return gettext("il Matto was led: play any card");
  if (isTrump(led)) return interpolate(gettext("a higher trump than %(trump)s if you have one, else a lower trump, else any card · il Matto may always be played"), { trump: romanNumeral(trumpNo(led)) }, true);
  return interpolate(gettext("follow %(suit)s, else a trump, else any card · il Matto may always be played"), { suit: suitName(suitOf(led), pack) }, true);
}

function ptPrompt(ctx) {
  const { view, match } = ctx;
  if (match.status === "scheduled") return { text: gettext("Waiting for the match to start"), mine: false };
  if (ctx.finished) return { text: gettext("Match over"), mine: false };
  if (view.phase === "over") {
    const pts = (view.result && view.result.points) || [];
    return { text: gettext("Hand over"), detail: ctx.seats.map((s) => `${ctx.name(s)} ${pts[s] ?? 0}`).join(" – "), mine: false };
  }
  const trick = view.trick || [];
  const base = phaseText(view);
  const melds = ctx.legalList.some((a) => a.startsWith("meld "));
  if (ctx.myTurn) {
    const meldNote = melds ? ` · ${gettext("you may show melds first")}` : "";
    if (!trick.length) return { text: gettext("Your lead"), detail: `${gettext("play any card")}${meldNote} · ${base}`, mine: true };
    return { text: gettext("Your turn"), detail: `${interpolate(gettext("answer %(card)s: %(rule)s"), { card: cardName(trick[0].card, pack), rule: followText(trick[0].card) }, true)}${meldNote} · ${base}`, mine: true };
  }
  const who = view.to_act === null || view.to_act === undefined ? null : ctx.name(view.to_act);
  if (!who) return { text: gettext("Waiting…"), mine: false };
  return { text: interpolate(trick.length ? gettext("%(player)s to answer") : gettext("%(player)s to lead"), { player: who }, true), detail: base, mine: false };
}

function whoseText(ctx, prompt) {
  const { view } = ctx;
  if (ctx.finished) return gettext("Match over");
  if (view.to_act === null || view.to_act === undefined) return prompt.text;
  return ctx.isMe(view.to_act) ? gettext("Your turn") : interpolate(gettext("%(player)s to play"), { player: ctx.name(view.to_act) }, true);
}

// ---------------------------------------------------------------- known cards of the viewer

/**
 * The viewer's own cards the opponent knows: those shown in the viewer's melds, and those
 * the viewer drew from the talon while this page was open (the view lists known cards for
 * the opponent's hand only). Kept per hand in ctx.local.
 */
function ownKnown(ctx, seat) {
  const { view, match } = ctx;
  const p = playerOf(view, seat);
  if (!ctx.isMe(seat) || !Array.isArray(p.hand)) return [];
  const key = `${match.id ?? ""}:${match.deal_number ?? ""}`;
  let memo = ctx.local.ptDrawn;
  if (!memo || memo.key !== key) memo = ctx.local.ptDrawn = { key, cards: [] };
  const drawn = new Set(memo.cards);
  for (const d of view.last_draws || []) if (d.seat === seat) drawn.add(d.card);
  for (const m of p.melds || []) for (const c of m.cards || []) drawn.add(c);
  const hand = new Set(p.hand);
  memo.cards = [...drawn].filter((c) => hand.has(c));
  return memo.cards;
}

// ---------------------------------------------------------------- seats

function seatPanel(ctx, seat, isBottom, ownKnownCards) {
  const { view } = ctx;
  const p = playerOf(view, seat);
  const self = ctx.isMe(seat);
  const toAct = !ctx.finished && view.to_act === seat;
  const head = h("div", { class: "lt-seat-head" },
    h("span", { class: ["lt-name", toAct ? "is-turn" : null] },
      toAct ? h("span", { class: "lt-turn-dot", title: gettext("To play"), "aria-hidden": "true" }) : null,
      ctx.name(seat),
      self ? h("span", { class: "lt-you" }, gettext("you")) : null),
    view.dealer === seat ? h("span", { class: "chip chip-dealer", title: gettext("Dealer") }, gettext("Dealer"))
      : h("span", { class: "chip", title: gettext("The dealer's opponent: led the first trick") }, gettext("Elder hand")),
    h("span", { class: "chip pt-chip-melds", title: gettext("Meld points this hand"), "data-testid": `meld-points-${seat}` }, interpolate(gettext("melds %(points)s"), { points: p.meld_points ?? 0 }, true)),
    view.fool && view.fool.owner === seat && view.fool.status === "pending"
      ? h("span", { class: "chip pt-chip-fool", title: foolText(ctx, view.fool) }, gettext("owes a card for il Matto")) : null,
    wonPile(ctx, seat, p));

  const hand = handArea(ctx, seat, p, self, ownKnownCards);
  const melds = meldsBlock(ctx, seat, p);
  const offers = self && ctx.myTurn ? meldOffers(ctx, p) : null;
  return h("section", {
    class: ["lt-seat", "pt-seat", isBottom ? "lt-seat-bottom" : "lt-seat-top", toAct ? "is-turn" : null],
    "data-testid": `seat-${seat}`, "data-seat": String(seat),
  },
    head,
    isBottom ? [melds, offers, hand] : [hand, melds]);
}

function handArea(ctx, seat, p, self, ownKnownCards) {
  const { view } = ctx;
  const visible = Array.isArray(p.hand);
  const count = visible ? p.hand.length : (p.hand_count ?? 0);
  if (count === 0 && view.phase === "over") return null;
  return handRow({
    cards: visible ? p.hand : null,
    count: p.hand_count ?? 0,
    known: visible ? ownKnownCards : (p.known_cards || []),
    seat,
    self: self || (visible && ctx.viewer === null),
    pack,
    sort: false,                       // the engine's order: suits C D H S from the ace up, trumps, il Matto
    label: self ? gettext("Your hand") : gettext("Hand"),
    empty: view.phase === "over" ? gettext("played out") : gettext("empty"),
    cardOptions: (code) => {
      if (!self) return {};
      const offer = ctx.cardOffer(code, [`play ${code}`]);
      return { ...offer, classes: [...(offer.classes || []), ctx.myTurn && !offer.action ? "dim" : null] };
    },
    className: "pt-hand",
    // The card count sets how much the cards overlap (cards.css, Pinch Tarot section).
    style: { "--pt-n": Math.max(count, 1) },
  });
}

/** The seat's won cards, face down (counted at the end of the hand), with the counts. */
function wonPile(ctx, seat, p) {
  const cards = p.captured_count ?? 0;
  const tricks = p.tricks_won ?? 0;
  return h("div", {
    class: ["lt-capture", "pt-won", ctx.isMe(seat) ? "is-mine" : null],
    "data-seat": String(seat), "data-testid": `captures-${seat}`,
    title: gettext("Won cards lie face down: trick points are counted at the end of the hand"),
  },
    cards ? makePile({ faceDown: true, size: cards, cardSize: "xs", badge: false }) : null,
    h("div", { class: "lt-capture-caption" },
      h("span", { class: "lt-capture-name" }, pgettext("cards won in tricks", "Won")),
      h("span", { class: "lt-capture-count", "data-testid": `captures-count-${seat}` }, `${COUNTS.card(cards)} · ${COUNTS.trick(tricks)}`)));
}

/** The melds a seat has shown this hand, each with its cards and points. */
function meldsBlock(ctx, seat, p) {
  const melds = p.melds || [];
  if (!melds.length) return null;
  return h("div", { class: ["lt-melds", "pt-melds"], "data-testid": `melds-${seat}` },
    h("div", { class: "lt-label" }, `${ctx.isMe(seat) ? gettext("Your melds") : gettext("Melds")} `,
      h("span", { class: "badge" }, interpolate(gettext("%(points)s pts"), { points: p.meld_points ?? 0 }, true))),
    h("ul", { class: "lt-meld-list" }, melds.map((m) => h("li", {
      class: ["lt-meld", `pt-meld-${m.kind}`], "data-kind": m.kind, title: `${meldDetail(m.kind, m.cards || [])} (${m.label})`,
    },
      h("span", { class: "lt-meld-label" }, meldTitle(m.kind, m.cards || [])),
      h("span", { class: "lt-meld-cards" }, (m.cards || []).map((c) => makeCard(c, { pack, size: "xs" }))),
      h("span", { class: "lt-meld-points" }, `+${m.points ?? 0}`)))));
}

/** The melds the viewer may show now: a labelled button each, and the taròcchi picker. */
function meldOffers(ctx, p) {
  const shown = p.melds || [];
  const fixed = ctx.legalList.map((a) => ({ a, m: parseMeld(a) })).filter((x) => x.m && x.m.kind !== "tarocchi");
  fixed.sort((x, y) => KIND_ORDER[x.m.kind] - KIND_ORDER[y.m.kind] || x.a.localeCompare(y.a));
  const choices = fixed.map(({ a, m }) => {
    const action = ctx.act(a);
    return {
      action, label: actionLabel(a, ctx), cards: m.cards,
      detail: meldDetail(m.kind, m.cards) + (m.kind === "four" && meldPoints("four", m.cards, shown) === 5 ? ` · ${gettext("5 more after the three")}` : ""),
    };
  }).filter((c) => c.action);
  const picker = tarocchiPicker(ctx, p);
  if (!choices.length && !picker) return null;
  const list = choices.length ? choiceList({ choices, pack, title: null, testid: "meld-choices" }) : null;
  return h("div", { class: "pt-offers", "data-testid": "meld-offers" },
    h("div", { class: "lt-choices-title" }, gettext("Melds you may show before you play (optional, one at a time):")),
    list, picker);
}

/**
 * Taròcchi: the viewer's trumps as toggle buttons (data-select, aria-pressed) and a confirm
 * button whose data-action is "meld tarocchi 1T 4T ..." of the ticked trumps by number, set
 * only when the choice is valid: the server offers one entry (every trump held) for the
 * whole choice and accepts any set of at least max(10, best + 1) trumps held, best being the
 * most trumps the viewer showed before. All trumps are ticked to begin with (the most points).
 */
function tarocchiPicker(ctx, p) {
  const offered = ctx.legalList.filter((a) => a.startsWith("meld tarocchi "));
  if (!offered.length) return null;
  offered.forEach((a) => ctx.used.add(a));
  const trumps = (p.hand || []).filter(isTrump).sort((a, b) => trumpNo(a) - trumpNo(b));
  const best = Math.max(0, ...(p.melds || []).filter((m) => m.kind === "tarocchi").map((m) => (m.cards || []).length));
  const key = `${ctx.match.id ?? ""}:${ctx.match.deal_number ?? ""}:${best}:${trumps.join(",")}`;
  let t = ctx.local.ptTarocchi;
  if (!t || t.key !== key) t = ctx.local.ptTarocchi = { key, trumps, ticked: null };
  t.trumps = trumps;
  const ticked = new Set(t.ticked || trumps);
  const chosen = trumps.filter((c) => ticked.has(c));
  const need = Math.max(MIN_TAROCCHI, best + 1);
  const action = chosen.length >= need ? `meld tarocchi ${chosen.join(" ")}` : null;
  let hint;
  if (action) {
    hint = trumps.length > chosen.length
      ? interpolate(gettext("%(shown)s of your %(count)s trumps shown; the others stay secret"), { shown: chosen.length, count: trumps.length }, true)
      : interpolate(gettext("all %(count)s of your trumps shown"), { count: trumps.length }, true);
  } else {
    hint = best
      ? interpolate(gettext("Tick at least %(need)s: you showed %(best)s before"), { need, best }, true)
      : interpolate(gettext("Tick at least %(need)s trumps"), { need }, true);
  }
  const points = chosen.length - best;
  return h("div", { class: "pt-tarocchi", "data-testid": "tarocchi" },
    h("div", { class: "pt-tarocchi-head" },
      h("strong", {}, "Taròcchi"),
      h("span", { class: "muted" }, ` · ${best
        ? interpolate(gettext("1 point for each trump over the %(count)s you showed"), { count: best }, true)
        : gettext("1 point for each trump shown (10 or more)")}`)),
    h("div", { class: "pt-tarocchi-cards", role: "group", "aria-label": gettext("Trumps to show") },
      trumps.map((c) => {
        const tick = makeCard(c, {
          pack, size: "sm", button: true, dataset: { select: `tarocchi:${c}` },
          classes: ["selectable", ticked.has(c) ? "selected" : null], label: ticked.has(c) ? pgettext("a trump", "shown") : pgettext("a trump", "kept secret"),
        });
        tick.setAttribute("aria-pressed", ticked.has(c) ? "true" : "false");
        return tick;
      })),
    h("div", { class: "pt-tarocchi-actions" },
      h("button", {
        type: "button", class: ["btn", action ? "btn-primary" : null, "pt-tarocchi-confirm"], "data-testid": "tarocchi-confirm",
        "data-action": action, disabled: action ? null : true, title: action || null,
      }, action
        ? interpolate(ngettext("Meld taròcchi: %(count)s trump +%(points)s", "Meld taròcchi: %(count)s trumps +%(points)s", chosen.length), { count: chosen.length, points }, true)
        : gettext("Meld taròcchi")),
      h("button", { type: "button", class: "btn btn-small", "data-select": "tarocchi:all" }, pgettext("tick every trump", "All")),
      h("button", { type: "button", class: "btn btn-small", "data-select": "tarocchi:none" }, pgettext("tick no trump", "None")),
      h("span", { class: "pt-tarocchi-hint", "data-testid": "tarocchi-hint", "aria-live": "polite", "data-valid": action ? "true" : "false" }, hint)));
}

// ---------------------------------------------------------------- centre

/** The two cards drawn after the last trick, shown to the table (the winner's first). */
function drawsBlock(ctx) {
  const draws = ctx.view.last_draws || [];
  if (!draws.length || ctx.view.phase !== "play") return null;
  return h("div", { class: "pt-draws", "data-testid": "last-draws" },
    h("div", { class: "lt-label" }, gettext("Just drawn")),
    h("div", { class: "pt-draw-row" }, draws.map((d, i) => h("figure", {
      class: ["pt-draw", ctx.isMe(d.seat) ? "is-mine" : null], "data-seat": String(d.seat),
    },
      makeCard(d.card, { pack, size: "sm", label: ctx.isMe(d.seat) ? gettext("drawn by you") : interpolate(gettext("drawn by %(player)s"), { player: ctx.seatLabel(d.seat) }, true) }),
      h("figcaption", {}, ctx.seatLabel(d.seat),
        i === 0 ? h("span", { class: "pt-first", title: gettext("The trick's winner draws first") }, pgettext("drew first", "1st")) : null)))));
}

function talonBlock(ctx) {
  const { view } = ctx;
  const count = view.stock_count ?? 0;
  const drawsLeft = Math.max(0, DRAW_TRICKS - (view.tricks_played ?? 0));
  const note = count === 0
    ? h("div", { class: "pt-final-note", "data-testid": "final-fifteen" }, gettext("Final fifteen tricks"), h("span", {}, gettext("the talon is gone: no more drawing")))
    : h("div", { class: "pt-talon-note muted" }, interpolate(ngettext("%(count)s draw left each", "%(count)s draws left each", drawsLeft), { count: drawsLeft }, true));
  return h("div", { class: "pt-talon-col" },
    count > 0 ? stockPile({ count, pack, label: gettext("Talon") })
      : h("div", { class: "lt-stock", "data-testid": "stock", "data-count": "0" }, h("div", { class: "lt-label" }, `${gettext("Talon")} `, h("span", { class: "badge", "data-testid": "stock-count" }, "0"))),
    note);
}

function trickBlock(ctx) {
  const { view } = ctx;
  if (view.phase !== "play") return null;
  const trick = view.trick || [];
  let placeholder = null;
  if (!trick.length && !ctx.finished) {
    const leader = view.leader ?? view.to_act;
    placeholder = ctx.isMe(leader) ? gettext("Your lead") : interpolate(gettext("%(player)s leads"), { player: ctx.name(leader) }, true);
  }
  return trickArea({
    plays: trick, names: ctx.name, me: ctx.viewer, pack, leader: view.leader, placeholder,
    footer: trickOf(view),
  });
}

function lastTrickBlock(ctx) {
  const last = ctx.view.last_trick;
  if (!last || !(last.cards || []).length) return null;
  const fool = last.cards.some((c) => c.card === "FOOL");
  return lastTrick({
    plays: last.cards, winner: last.winner, names: ctx.name, me: ctx.viewer, pack,
    label: fool ? gettext("Last trick · il Matto") : gettext("Last trick"),
  });
}

/** Il Matto's state in words; `past` for a finished hand ("You kept il Matto and gave …"). */
function foolText(ctx, fool, past = false) {
  if (!fool) return gettext("Il Matto has not been played yet.");
  // Three sentences for each state: the viewer holds il Matto, the viewer is the other
  // player, or the viewer is a spectator.
  const who = ctx.isMe(fool.owner) ? 0 : (ctx.isMe(1 - fool.owner) ? 1 : 2);
  const values = {
    owner: ctx.name(fool.owner), other: ctx.seatLabel(1 - fool.owner),
    card: fool.card ? cardName(fool.card, pack) : gettext("a card"),
  };
  const say = (texts) => interpolate(texts[who], values, true);
  if (past && fool.status === "exchanged") {
    return say([
      gettext("You kept il Matto and gave %(other)s %(card)s in exchange."),
      gettext("%(owner)s kept il Matto and gave you %(card)s in exchange."),
      gettext("%(owner)s kept il Matto and gave %(other)s %(card)s in exchange."),
    ]);
  }
  if (fool.status === "pending") {
    return say([
      gettext("You played il Matto and keep it; the lowest card of the next trick you win goes to %(other)s in exchange."),
      gettext("%(owner)s played il Matto and keeps it; the lowest card of the next trick %(owner)s wins goes to you in exchange."),
      gettext("%(owner)s played il Matto and keeps it; the lowest card of the next trick %(owner)s wins goes to %(other)s in exchange."),
    ]);
  }
  if (fool.status === "exchanged") {
    return say([
      gettext("You keep il Matto and gave %(other)s %(card)s in exchange."),
      gettext("%(owner)s keeps il Matto and gave you %(card)s in exchange."),
      gettext("%(owner)s keeps il Matto and gave %(other)s %(card)s in exchange."),
    ]);
  }
  if (fool.status === "given") {
    return say([
      gettext("You won no trick after playing il Matto, so it went to %(other)s."),
      gettext("%(owner)s won no trick after playing il Matto, so it went to you."),
      gettext("%(owner)s won no trick after playing il Matto, so it went to %(other)s."),
    ]);
  }
  return interpolate(gettext("Il Matto: %(state)s"), { state: fool.status }, true);
}

function foolBlock(ctx) {
  const fool = ctx.view.fool;
  if (!fool || ctx.view.phase !== "play") return null;
  const label = {
    pending: pgettext("il Matto", "exchange pending"), exchanged: pgettext("il Matto", "exchanged"), given: pgettext("il Matto", "given away"),
  }[fool.status] || fool.status;
  return h("div", { class: ["pt-fool", `is-${fool.status}`], "data-testid": "fool", "data-status": fool.status, "data-owner": String(fool.owner) },
    h("div", { class: "lt-label" }, "Il Matto · ", label),
    h("div", { class: "pt-fool-line" },
      makeCard("FOOL", { pack, size: "xs" }),
      fool.status === "exchanged" && fool.card ? [h("span", { class: "pt-arrow", "aria-hidden": "true" }, "⇄"), makeCard(fool.card, { pack, size: "xs" })] : null,
      h("span", { class: "pt-fool-text" }, foolText(ctx, fool))));
}

// ---------------------------------------------------------------- results

/** The latest finished hand before this one: {number, points, result|null}. */
function previousResult(ctx) {
  const { match } = ctx;
  const number = match.deal_number || 0;
  const done = (match.deals || []).filter((d) => d.number < number);
  if (!done.length) return null;
  const d = done[done.length - 1];
  const last = match.last_result;
  const result = last && last.number === d.number && last.result ? last.result : null;
  return { number: d.number, points: d.points || (result && result.points), result };
}

function matchHands(ctx) {
  const hands = Number((ctx.match.options || {}).hands) || 2;
  return hands;
}

/** The rows of a hand's result: [{key, label, detail, values: [per seat]}]. */
function resultRows(ctx, r) {
  const seats = ctx.seats;
  const by = (arr) => seats.map((s) => (arr || [])[s]);
  const rows = [];
  if (r.cards_captured) {
    rows.push({
      key: "count", label: gettext("Cards won, by threes"), detail: `${seats.map((s) => `${ctx.seatLabel(s)} ${COUNTS.card(r.cards_captured[s] ?? 0)}`).join(" · ")} ${gettext("(a remainder of 2 rounds up)")}`,
      values: by(r.count_points),
    });
  }
  if (r.card_points) rows.push({ key: "cards", label: gettext("Card points"), detail: "Re, I, XX, Matto 4 · Donna 3 · Cavaliere 2 · Fante 1", values: by(r.card_points) });
  const trickCount = r.tricks ? r.tricks[0] + r.tricks[1] : TRICKS;
  if (r.trick_points) rows.push({ key: "tricks", label: gettext("Trick points"), detail: interpolate(ngettext("%(count)s trick: 78 between the two", "%(count)s tricks: 78 between the two", trickCount), { count: trickCount }, true), values: by(r.trick_points), subtotal: true });
  const melds = r.melds || [];
  rows.push({
    key: "melds", label: gettext("Melds"),
    detail: seats.map((s) => {
      const list = melds[s] || [];
      return list.length ? `${ctx.seatLabel(s)}: ${list.map((m) => `${meldTitle(m.kind, m.cards || [])} ${m.points}`).join(", ")}` : null;
    }).filter(Boolean).join(" · ") || gettext("none shown"),
    values: by(r.meld_points),
  });
  const bag = r.bagatto_urtimo;
  rows.push({
    key: "bagatto", label: "Bagatto urtimo",
    detail: bag === null || bag === undefined ? gettext("I (il Bagatto) was not in the last trick")
      : (ctx.isMe(bag) ? gettext("I in the last trick, won by you") : interpolate(gettext("I in the last trick, won by %(player)s"), { player: ctx.seatLabel(bag) }, true)),
    values: seats.map((s) => (bag === s ? BAGATTO_URTIMO : 0)),
  });
  const fool = r.fool;
  if (fool) {
    const holder = fool.status === "given" ? 1 - fool.owner : fool.owner;
    rows.push({
      key: "fool", label: "Il Matto", detail: `${foolText(ctx, fool, true)} ${gettext("Its 4 points are in the card points.")}`,
      values: seats.map((s) => (s === holder ? (fool.status === "given" ? pgettext("il Matto", "received") : pgettext("il Matto", "kept")) : "–")),
      info: true,
    });
  }
  return rows;
}

function winnerText(ctx, points) {
  const [a, b] = [points[0] ?? 0, points[1] ?? 0];
  const score = `${Math.max(a, b)}–${Math.min(a, b)}`;
  if (a === b) return interpolate(gettext("Even hand %(score)s"), { score: `${a}–${b}` }, true);
  const w = a > b ? 0 : 1;
  return ctx.isMe(w)
    ? interpolate(gettext("You win the hand %(score)s"), { score }, true)
    : interpolate(ngettext("%(winner)s wins the hand %(score)s", "%(winner)s win the hand %(score)s", 1), { winner: ctx.name(w), score }, true);
}

/**
 * A hand's scoring items, one column per seat, the hand's total and the match so far.
 * `entry` is {number, points, result|null}.
 */
function resultBox(ctx, entry, { dismiss = false, compact = false } = {}) {
  const seats = ctx.seats;
  const r = entry.result;
  const pts = entry.points || (r && r.points) || [0, 0];
  const names = (s) => ctx.seatLabel(s);
  const rows = r ? resultRows(ctx, r) : [];
  const body = rows.map((row) => h("tr", { class: [row.subtotal ? "pt-subtotal" : null, row.info ? "pt-info" : null], "data-item": row.key },
    h("th", { scope: "row" }, row.label, compact ? null : h("span", { class: "lt-result-detail" }, row.detail)),
    seats.map((s) => h("td", { class: "num", "data-seat": String(s) }, row.values[s] === undefined || row.values[s] === null ? "–" : signed(row.values[s])))));
  const table = h("table", {},
    h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: ["num", ctx.isMe(s) ? "is-me" : null], scope: "col" }, names(s))))),
    h("tbody", {}, r ? body : h("tr", {}, h("th", { scope: "row", colspan: String(seats.length + 1) },
      h("span", { class: "lt-result-detail" }, gettext("The items of this hand were not sent; its points:"))))),
    h("tfoot", {}, h("tr", { class: "pt-hand-total" }, h("th", { scope: "row" }, gettext("Hand points")),
      seats.map((s) => h("td", { class: "num", "data-seat": String(s), "data-testid": `deal-points-${s}` }, signed(pts[s] ?? 0))))));
  return h("div", {
    class: ["lt-result", "lt-result-table", "pt-result", compact ? "is-compact" : null],
    "data-testid": "deal-result", "data-deal": String(entry.number), "data-itemised": r ? "1" : "0",
  },
    h("div", { class: "pt-result-head" },
      h("div", { class: "lt-label" }, interpolate(gettext("Hand %(number)s result"), { number: entry.number }, true)),
      dismiss ? h("button", { type: "button", class: "btn btn-small", "data-select": `dismiss-result:${entry.number}` }, gettext("OK")) : null),
    h("div", { class: ["pt-result-winner", winnerIsMe(ctx, pts) ? "is-mine" : null], "data-testid": "hand-winner" }, winnerText(ctx, pts)),
    table,
    compact ? null : matchTable(ctx));
}

function winnerIsMe(ctx, pts) {
  const [a, b] = [pts[0] ?? 0, pts[1] ?? 0];
  return a !== b && ctx.isMe(a > b ? 0 : 1);
}

/** The hands of the match so far, with the totals. */
function matchTable(ctx) {
  const { match } = ctx;
  const deals = match.deals || [];
  if (!deals.length) return null;
  const seats = ctx.seats;
  const hands = matchHands(ctx);
  const totals = match.scores || seats.map((s) => deals.reduce((a, d) => a + ((d.points || [])[s] || 0), 0));
  const played = deals.length;
  let note;
  if (ctx.finished) note = gettext("Match · final");
  else if (played < hands) note = interpolate(ngettext("Match · %(played)s of %(count)s hand played; the higher total wins", "Match · %(played)s of %(count)s hands played; the higher total wins", hands), { played, count: hands }, true);
  else note = gettext("Match · the totals are equal: two more hands");
  return h("div", { class: "pt-match-table", "data-testid": "match-result" },
    h("div", { class: "lt-label" }, note),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: ["num", ctx.isMe(s) ? "is-me" : null], scope: "col" }, ctx.seatLabel(s))))),
      h("tbody", {}, deals.map((d) => h("tr", {}, h("th", { scope: "row" }, interpolate(gettext("Hand %(number)s"), { number: d.number }, true)),
        seats.map((s) => h("td", { class: "num" }, signed((d.points || [])[s] ?? 0)))))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, gettext("Match total")),
        seats.map((s) => h("td", { class: "num", "data-testid": `match-total-${s}` }, signed(totals[s] ?? 0)))))));
}

// ---------------------------------------------------------------- side panel

function sidePanel(ctx, prev) {
  const { view, match } = ctx;
  const hands = matchHands(ctx);
  const number = match.deal_number || 0;
  let handLine = number > hands
    ? interpolate(gettext("Hand %(number)s: an extra hand, the totals were equal after %(count)s"), { number, count: hands }, true)
    : interpolate(gettext("Hand %(number)s of %(count)s · the higher total wins"), { number: number || 1, count: hands }, true);
  const played = (match.deals || []).length || number;
  if (ctx.finished) handLine = interpolate(ngettext("Match over after %(count)s hand", "Match over after %(count)s hands", played), { count: played }, true);
  return h("div", { class: "pt-panel" },
    h("p", { class: "pt-panel-hand", "data-testid": "hand-of" }, handLine),
    h("p", { class: "pt-panel-fool", "data-testid": "fool-state" }, makeCard("FOOL", { pack, size: "xs" }), h("span", {}, foolText(ctx, view.fool, view.phase === "over"))),
    prev ? resultBox(ctx, prev, { compact: true }) : null,
    h("p", { class: "muted pt-panel-note" }, gettext("Card points: Re, I, XX, Matto 4 · Donna 3 · Cavaliere 2 · Fante 1; 1 point for every 3 cards won · Bagatto urtimo 20")));
}

