// Cartelle live table: game-independent card drawing.
//
// Plain ES module, no dependencies. Games' front ends (match.js) import it:
//   import { makeCard, makeBack, makePile, cardName, formatThirds, ... } from "./live-table.js";
//
// Card codes are "<rank><suit>" (docs: shared DESIGN.md): suits C Bastoni, D Denari,
// H Coppe, S Spade; ranks A 2..10 J Q K (J Fante, Q Cavallo, K Re in Italian packs).

/** Suit metadata, keyed by the suit letter of a card code. */
export const SUITS = Object.freeze({
  D: Object.freeze({ letter: "D", name: "Denari", english: "Coins" }),
  H: Object.freeze({ letter: "H", name: "Coppe", english: "Cups" }),
  S: Object.freeze({ letter: "S", name: "Spade", english: "Swords" }),
  C: Object.freeze({ letter: "C", name: "Bastoni", english: "Clubs" }),
});

/** Italian rank names, keyed by the rank part of a card code. */
export const RANK_NAMES = Object.freeze({
  A: "Asso", 2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei", 7: "Sette",
  8: "Otto", 9: "Nove", 10: "Dieci", J: "Fante", Q: "Cavallo", K: "Re",
});

/** Short glyph printed in the card corner: Italian initials for the courts. */
export const RANK_GLYPHS = Object.freeze({ A: "A", J: "F", Q: "C", K: "R" });

/** Natural order of ranks (ace low); games pass their own order to sortCards. */
export const NATURAL_RANK_ORDER = Object.freeze(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]);
/** Suit order used for sorting a hand: alternating colours gold, green, red, blue. */
export const DEFAULT_SUIT_ORDER = Object.freeze(["D", "C", "H", "S"]);

const COURTS = new Set(["J", "Q", "K"]);

/** Split a code like "10D" into {rank: "10", suit: "D"}; null for anything else. */
export function parseCard(code) {
  if (typeof code !== "string" || code.length < 2) return null;
  const suit = code.slice(-1);
  const rank = code.slice(0, -1);
  if (!SUITS[suit] || !(rank in RANK_NAMES)) return null;
  return { rank, suit };
}

/** "3D" -> "Tre di Denari"; an unknown code is returned unchanged. */
export function cardName(code) {
  const c = parseCard(code);
  return c ? `${RANK_NAMES[c.rank]} di ${SUITS[c.suit].name}` : String(code);
}

/** "D" -> "Denari". */
export function suitName(suit) {
  return SUITS[suit] ? SUITS[suit].name : String(suit);
}

/** "A" -> "Asso", "K" -> "Re". */
export function rankName(rank) {
  return RANK_NAMES[rank] || String(rank);
}

/**
 * Format a whole number of thirds of a point: 7 -> "2⅓", 2 -> "⅔", 0 -> "0", -4 -> "−1⅓".
 * Null/undefined give "–".
 */
export function formatThirds(thirds) {
  if (thirds === null || thirds === undefined || Number.isNaN(Number(thirds))) return "–";
  const t = Math.round(Number(thirds));
  const sign = t < 0 ? "−" : "";
  const a = Math.abs(t);
  const whole = Math.floor(a / 3);
  const frac = ["", "⅓", "⅔"][a % 3];
  if (whole === 0 && frac) return sign + frac;
  return sign + String(whole) + frac;
}

/**
 * Sort card codes: by suit (suitOrder), then by rank (rankOrder, first = first shown).
 * Returns a new array; unknown codes go last in their given order.
 */
export function sortCards(codes, { suitOrder = DEFAULT_SUIT_ORDER, rankOrder = NATURAL_RANK_ORDER } = {}) {
  const key = (code) => {
    const c = parseCard(code);
    if (!c) return [99, 99];
    const s = suitOrder.indexOf(c.suit);
    const r = rankOrder.indexOf(c.rank);
    return [s < 0 ? 98 : s, r < 0 ? 98 : r];
  };
  return [...(codes || [])]
    .map((code, i) => ({ code, i, k: key(code) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.i - b.i)
    .map((x) => x.code);
}

// ---------------------------------------------------------------- suit symbols
// Inline SVGs drawn for this site, viewBox 0 0 100 100.

const SUIT_SVGS = {
  // Denari: a gold coin with a red rosette.
  D: `<circle cx="50" cy="50" r="44" fill="#e7b53c" stroke="#8a6412" stroke-width="5"/>
      <circle cx="50" cy="50" r="31" fill="#f3cf6a" stroke="#8a6412" stroke-width="3"/>
      <path d="M50 24 L56.5 43.5 L76 50 L56.5 56.5 L50 76 L43.5 56.5 L24 50 L43.5 43.5 Z" fill="#b5372b"/>
      <circle cx="50" cy="50" r="7" fill="#fff4cc" stroke="#8a6412" stroke-width="2"/>`,
  // Coppe: a red chalice with a gold rim.
  H: `<path d="M17 16 H83 C83 46 69 59 57 62 V73 C57 78 67 80 73 84 V91 H27 V84 C33 80 43 78 43 73 V62 C31 59 17 46 17 16 Z"
        fill="#c63a2e" stroke="#74180f" stroke-width="3.5" stroke-linejoin="round"/>
      <ellipse cx="50" cy="16" rx="33" ry="6" fill="#f0b548" stroke="#74180f" stroke-width="3"/>
      <path d="M26 33 Q50 42 74 33" stroke="#f0b548" stroke-width="4" fill="none" stroke-linecap="round"/>
      <rect x="40" y="66" width="20" height="5" rx="2.5" fill="#f0b548"/>`,
  // Spade: a blue sword, point up.
  S: `<path d="M50 3 L59.5 17 L58 67 H42 L40.5 17 Z" fill="#a9cdf0" stroke="#1b4e86" stroke-width="3.5" stroke-linejoin="round"/>
      <path d="M50 14 V63" stroke="#1b4e86" stroke-width="2.5"/>
      <rect x="22" y="66" width="56" height="9" rx="4.5" fill="#2464a8" stroke="#163f6d" stroke-width="2"/>
      <rect x="45" y="75" width="10" height="13" fill="#163f6d"/>
      <circle cx="50" cy="91" r="6.5" fill="#2464a8" stroke="#163f6d" stroke-width="2"/>`,
  // Bastoni: a green knotted cudgel, tilted.
  C: `<g transform="rotate(-32 50 50)">
        <path d="M45 95 C43 72 38 40 35 17 C34 5 66 5 65 17 C62 40 57 72 55 95 Z"
          fill="#3f8f3a" stroke="#1d4f1f" stroke-width="3.5" stroke-linejoin="round"/>
        <path d="M40 17 Q50 11 60 17" stroke="#a5dc9f" stroke-width="3.5" fill="none" stroke-linecap="round"/>
        <circle cx="40.5" cy="38" r="4.2" fill="#1d4f1f"/>
        <circle cx="59" cy="53" r="4.2" fill="#1d4f1f"/>
        <circle cx="44" cy="71" r="3.6" fill="#1d4f1f"/>
      </g>`,
};

/** Markup of a suit symbol as an <svg> string (our own constant markup). */
export function suitSvgMarkup(suit, className = "suit-icon") {
  const body = SUIT_SVGS[suit];
  if (!body) return "";
  return `<svg class="${className}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${body}</svg>`;
}

/** A suit symbol as an element (a <span> wrapping the SVG). */
export function suitIcon(suit, className = "suit-icon") {
  const span = document.createElement("span");
  span.className = `suit-symbol suit-${suit}`;
  span.title = suitName(suit);
  span.innerHTML = suitSvgMarkup(suit, className);
  return span;
}

// ---------------------------------------------------------------- DOM helpers

/**
 * Tiny hyperscript: h("div", {class: "x", dataset: {card: "3D"}, onclick: fn}, child, "text", ...).
 * Strings become text nodes (never HTML); null/false children are skipped; arrays are flattened.
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = Array.isArray(v) ? v.filter(Boolean).join(" ") : v;
      else if (k === "dataset") for (const [dk, dv] of Object.entries(v)) { if (dv !== null && dv !== undefined) el.dataset[dk] = String(dv); }
      else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (v === true) el.setAttribute(k, "");
      else el.setAttribute(k, String(v));
    }
  }
  appendChildren(el, children);
  return el;
}

function appendChildren(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) appendChildren(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

// ---------------------------------------------------------------- cards

/**
 * A face-up card element.
 *   code     card code, e.g. "3D"
 *   options  { action: "play 3D" (makes a <button data-action>), classes: [..],
 *              size: "sm" | "xs", known: bool (small "known" mark), label: extra title text,
 *              button: true (a <button> without data-action), dataset: {extra data-*} }
 * Always carries data-card="<code>" and title="Tre di Denari".
 */
export function makeCard(code, { action = null, classes = [], size = null, known = false, label = "", disabled = false, button = false, dataset = {} } = {}) {
  const c = parseCard(code);
  const tag = action || button ? "button" : "div";
  const name = cardName(code);
  const el = h(tag, {
    class: [
      "card", "card-face",
      c ? `suit-${c.suit}` : "suit-unknown",
      c ? `rank-${c.rank}` : null,
      c && COURTS.has(c.rank) ? "court" : null,
      c && c.rank === "A" ? "ace" : null,
      size ? `card-${size}` : null,
      known ? "known" : null,
      ...classes,
    ],
    type: tag === "button" ? "button" : null,
    title: label ? `${name} (${label})` : name,
    "aria-label": name,
    disabled: disabled || null,
    dataset: { ...dataset, card: code, action: action || null },
  });
  if (!c) {
    el.appendChild(h("span", { class: "card-center card-unknown" }, String(code)));
    return el;
  }
  const glyph = RANK_GLYPHS[c.rank] || c.rank;
  el.appendChild(h("span", { class: "card-corner", "aria-hidden": "true" },
    h("span", { class: "card-rank" }, glyph),
    suitIcon(c.suit, "suit-icon corner-icon")));
  const center = h("span", { class: "card-center", "aria-hidden": "true" });
  center.appendChild(suitIcon(c.suit, "suit-icon center-icon"));
  el.appendChild(center);
  el.appendChild(h("span", { class: "card-name", "aria-hidden": "true" }, RANK_NAMES[c.rank]));
  if (known) el.appendChild(h("span", { class: "card-mark", title: "Known to the opponent" }, "known"));
  return el;
}

/** A face-down card (back with a pattern). options: {size, classes, action, label, button, dataset}. */
export function makeBack({ size = null, classes = [], action = null, label = "", button = false, dataset = {} } = {}) {
  const tag = action || button ? "button" : "div";
  return h(tag, {
    class: ["card", "card-back", size ? `card-${size}` : null, ...classes],
    type: tag === "button" ? "button" : null,
    title: label || "Face-down card",
    "aria-label": label || "Face-down card",
    dataset: { ...dataset, action: action || null },
  }, h("span", { class: "card-back-inner", "aria-hidden": "true" }));
}

/**
 * A pile of cards (a packet, a stock, a capture pile): shows the top card (face up)
 * or a back (faceDown), a depth effect growing with size, and a size badge.
 *   { top: "3D" | null, size: 4, faceDown: false, cardOptions: {...makeCard options},
 *     label: "3" (number printed on a face-down pile), classes: [..], badge: true }
 * The returned element is a <div class="pile">; the card inside is the clickable element
 * when cardOptions.action is set.
 */
export function makePile({ top = null, size = 0, faceDown = false, cardOptions = {}, label = null, classes = [], badge = true, cardSize = null } = {}) {
  const depth = Math.max(0, Math.min(4, (size || 0) - 1));
  const pile = h("div", {
    class: ["pile", `pile-depth-${depth}`, size === 0 ? "pile-empty" : null, ...classes],
    dataset: { size: size },
  });
  let card;
  if (size === 0) {
    card = h("div", { class: ["card", "card-slot", cardSize ? `card-${cardSize}` : null], title: "Empty" }, h("span", {}, "empty"));
  } else if (faceDown || !top) {
    card = makeBack({ size: cardSize, ...cardOptions });
    if (label !== null && label !== undefined) card.appendChild(h("span", { class: "pile-number", "aria-hidden": "true" }, String(label)));
  } else {
    card = makeCard(top, { size: cardSize, ...cardOptions });
  }
  pile.appendChild(card);
  if (badge && size > 0) pile.appendChild(h("span", { class: "pile-size", title: `${size} card${size === 1 ? "" : "s"}` }, `×${size}`));
  return pile;
}
