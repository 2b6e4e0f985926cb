// Cartelle live table: game-independent card drawing and table widgets.
//
// Plain ES module, no dependencies, no build step. The match page core (match.js) and the
// games' renderers (games/*.js) import it:
//   import { h, makeCard, makeBack, makePile, cardName, handRow, trickArea, ... } from "../live-table.js";
//
// Card codes (shared DESIGN.md, "Card codes") are "<rank><suit>": suits C D H S, ranks
// A 2..10 J Q K; tarot adds the cavalier C, trumps 1T..21T and the fool FOOL. Three packs
// draw them (docs/frontend.md):
//   "italian" (default)  40-card Italian pack: Bastoni, Denari, Coppe, Spade; Fante, Cavallo, Re
//   "french"             French suits ♣ ♦ ♥ ♠ (Fiori, Quadri, Cuori, Picche); Fante, Donna, Re
//   "tarot"              Tarocco Piemontese: Italian suits, Fante, Cavaliere, Donna, Re;
//                        trumps I..XXI (Il Bagatto .. Il Mondo) and Il Matto
// Every function that draws or names a card takes the pack (a pack name); without it, the
// Italian pack is meant, so older callers draw exactly what they drew before.
//
// The widgets at the end (handRow, trickArea, lastTrick, capturePiles, stockPile,
// boardArea, meldsArea, choiceList, dealResultTable) take plain data and return DOM
// elements; they know nothing of the connection or of any one game.

import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";

// ================================================================ packs

/** Suit metadata of the Italian pack, keyed by the suit letter of a card code. */
export const SUITS = Object.freeze({
  D: Object.freeze({ letter: "D", name: "Denari", english: "Coins" }),
  H: Object.freeze({ letter: "H", name: "Coppe", english: "Cups" }),
  S: Object.freeze({ letter: "S", name: "Spade", english: "Swords" }),
  C: Object.freeze({ letter: "C", name: "Bastoni", english: "Clubs" }),
});

/** Suit metadata of the French-suited pack. */
export const FRENCH_SUITS = Object.freeze({
  C: Object.freeze({ letter: "C", name: "Fiori", english: "Clubs", symbol: "♣", colour: "black" }),
  D: Object.freeze({ letter: "D", name: "Quadri", english: "Diamonds", symbol: "♦", colour: "red" }),
  H: Object.freeze({ letter: "H", name: "Cuori", english: "Hearts", symbol: "♥", colour: "red" }),
  S: Object.freeze({ letter: "S", name: "Picche", english: "Spades", symbol: "♠", colour: "black" }),
});

/** Italian rank names (40-card pack), keyed by the rank part of a card code. */
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

/** Tarot trumps (Tarocco Piemontese), 1..21: full Italian name and the short name printed on the card. */
export const TAROT_TRUMPS = Object.freeze([
  null,
  ["Il Bagatto", "Bagatto"], ["La Papessa", "Papessa"], ["L'Imperatrice", "Imperatrice"],
  ["L'Imperatore", "Imperatore"], ["Il Papa", "Papa"], ["Gli Amanti", "Amanti"], ["Il Carro", "Carro"],
  ["La Giustizia", "Giustizia"], ["L'Eremita", "Eremita"], ["La Ruota", "Ruota"], ["La Forza", "Forza"],
  ["L'Appeso", "Appeso"], ["La Morte", "Morte"], ["La Temperanza", "Temperanza"], ["Il Diavolo", "Diavolo"],
  ["La Torre", "Torre"], ["Le Stelle", "Stelle"], ["La Luna", "Luna"], ["Il Sole", "Sole"],
  ["L'Angelo", "Angelo"], ["Il Mondo", "Mondo"],
]);

const RANKS_ITALIAN = NATURAL_RANK_ORDER;
const RANKS_FRENCH = NATURAL_RANK_ORDER;
const RANKS_TAROT = Object.freeze(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"]);

/**
 * The packs: suits, rank names and corner glyphs. Keys are the pack names games use
 * (games/index.js PACKS maps a game to its pack).
 */
export const CARD_PACKS = Object.freeze({
  italian: Object.freeze({
    name: "italian", suits: SUITS, ranks: RANKS_ITALIAN, rankNames: RANK_NAMES,
    glyphs: RANK_GLYPHS, courts: Object.freeze(["J", "Q", "K"]),
  }),
  french: Object.freeze({
    name: "french", suits: FRENCH_SUITS, ranks: RANKS_FRENCH,
    rankNames: Object.freeze({ ...RANK_NAMES, Q: "Donna" }),
    glyphs: Object.freeze({ A: "A", J: "J", Q: "Q", K: "K" }), courts: Object.freeze(["J", "Q", "K"]),
  }),
  tarot: Object.freeze({
    name: "tarot", suits: SUITS, ranks: RANKS_TAROT,
    rankNames: Object.freeze({ ...RANK_NAMES, C: "Cavaliere", Q: "Donna" }),
    glyphs: Object.freeze({ A: "A", J: "F", C: "C", Q: "D", K: "R" }), courts: Object.freeze(["J", "C", "Q", "K"]),
  }),
});

function packOf(pack) {
  return CARD_PACKS[pack] || CARD_PACKS.italian;
}

/** The pack name for anything given ("french", a pack object, nothing): "italian" by default. */
export function packName(pack) {
  return packOf(typeof pack === "object" && pack ? pack.name : pack).name;
}

/** 21 -> "XXI". */
export function romanNumeral(n) {
  let x = Math.floor(Number(n));
  if (!(x > 0) || x >= 4000) return String(n);
  let out = "";
  for (const [v, s] of [[1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"], [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]]) {
    while (x >= v) { out += s; x -= v; }
  }
  return out;
}

/**
 * Split a code into its parts; null for anything the pack does not hold.
 *   italian/french: "10D" -> {rank: "10", suit: "D"}
 *   tarot:          "CH" -> {rank: "C", suit: "H"}; "21T" -> {rank: "21", suit: "T", trump: 21};
 *                   "FOOL" -> {rank: "FOOL", suit: null, fool: true}
 */
export function parseCard(code, pack = "italian") {
  if (typeof code !== "string" || code.length < 2) return null;
  const p = packOf(pack);
  if (p.name === "tarot") {
    if (code === "FOOL") return { rank: "FOOL", suit: null, fool: true };
    const m = /^([1-9]|1[0-9]|2[01])T$/.exec(code);
    if (m) return { rank: m[1], suit: "T", trump: Number(m[1]) };
  }
  const suit = code.slice(-1);
  const rank = code.slice(0, -1);
  if (!p.suits[suit] || !(p.ranks.includes(rank))) return null;
  return { rank, suit };
}

/**
 * The Italian name of a card: "3D" -> "Tre di Denari"; ("AH", "french") -> "Asso di Cuori";
 * ("QS", "french") -> "Donna di Picche"; ("21T", "tarot") -> "XXI (Il Mondo)";
 * ("FOOL", "tarot") -> "Il Matto". An unknown code is returned unchanged.
 */
export function cardName(code, pack = "italian") {
  const c = parseCard(code, pack);
  if (!c) return String(code);
  if (c.fool) return "Il Matto";
  if (c.trump) return `${romanNumeral(c.trump)} (${TAROT_TRUMPS[c.trump][0]})`;
  const p = packOf(pack);
  return `${p.rankNames[c.rank]} di ${p.suits[c.suit].name}`;
}

/** "D" -> "Denari"; ("D", "french") -> "Quadri"; ("T", "tarot") -> "Tarocchi". */
export function suitName(suit, pack = "italian") {
  const p = packOf(pack);
  if (suit === "T" && p.name === "tarot") return "Tarocchi";
  return p.suits[suit] ? p.suits[suit].name : String(suit);
}

/** "A" -> "Asso", "K" -> "Re"; ("Q", "french") -> "Donna". */
export function rankName(rank, pack = "italian") {
  return packOf(pack).rankNames[rank] || String(rank);
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
 * Tarot trumps ("T" in suitOrder, else after the suits) sort by number, the fool last.
 * Returns a new array; unknown codes go last in their given order.
 */
export function sortCards(codes, { suitOrder = DEFAULT_SUIT_ORDER, rankOrder = null, pack = "italian" } = {}) {
  const ranks = rankOrder || packOf(pack).ranks;
  const key = (code) => {
    const c = parseCard(code, pack);
    if (!c) return [99, 99];
    if (c.fool) return [97, 0];
    if (c.trump) {
      const t = suitOrder.indexOf("T");
      return [t < 0 ? 96 : t, c.trump];
    }
    const s = suitOrder.indexOf(c.suit);
    const r = ranks.indexOf(c.rank);
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

// French suits: ♥ ♦ red, ♠ ♣ black, drawn as paths (no font needed).
const FRENCH_RED = "#c0262d";
const FRENCH_BLACK = "#1c1c20";
const FRENCH_SVGS = {
  H: `<path d="M50 90 C44 84 8 60 8 32 C8 17 19 8 31 8 C40 8 46 13 50 21 C54 13 60 8 69 8 C81 8 92 17 92 32 C92 60 56 84 50 90 Z"
        fill="${FRENCH_RED}"/>`,
  D: `<path d="M50 4 C60 20 72 36 86 50 C72 64 60 80 50 96 C40 80 28 64 14 50 C28 36 40 20 50 4 Z" fill="${FRENCH_RED}"/>`,
  S: `<path d="M50 5 C56 16 90 36 90 60 C90 74 80 81 70 81 C62 81 56 77 53 71 C53 80 57 88 66 95 H34 C43 88 47 80 47 71
        C44 77 38 81 30 81 C20 81 10 74 10 60 C10 36 44 16 50 5 Z" fill="${FRENCH_BLACK}"/>`,
  C: `<circle cx="50" cy="28" r="19" fill="${FRENCH_BLACK}"/>
      <circle cx="28" cy="60" r="19" fill="${FRENCH_BLACK}"/>
      <circle cx="72" cy="60" r="19" fill="${FRENCH_BLACK}"/>
      <path d="M42 40 H58 L62 62 H38 Z" fill="${FRENCH_BLACK}"/>
      <path d="M47 58 C47 76 43 87 34 95 H66 C57 87 53 76 53 58 Z" fill="${FRENCH_BLACK}"/>`,
};

// Tarot: a four-pointed star for the trumps, a jester's cap for the fool.
const TRUMP_STAR_SVG = `<path d="M50 4 C54 34 66 46 96 50 C66 54 54 66 50 96 C46 66 34 54 4 50 C34 46 46 34 50 4 Z"
      fill="#f3cf6a" stroke="#8a6412" stroke-width="3" stroke-linejoin="round"/>`;
const FOOL_SVG = `<path d="M50 88 C34 88 20 84 14 78 L20 66 C30 70 40 72 50 72 C60 72 70 70 80 66 L86 78 C80 84 66 88 50 88 Z"
      fill="#f3cf6a" stroke="#5a3b0a" stroke-width="3" stroke-linejoin="round"/>
    <path d="M22 68 C18 50 10 34 6 22 C22 26 34 40 42 58 Z" fill="#c63a2e" stroke="#5a1a10" stroke-width="3" stroke-linejoin="round"/>
    <path d="M42 70 C40 48 44 26 50 10 C56 26 60 48 58 70 Z" fill="#2b7530" stroke="#123c16" stroke-width="3" stroke-linejoin="round"/>
    <path d="M78 68 C82 50 90 34 94 22 C78 26 66 40 58 58 Z" fill="#1f5a9e" stroke="#0f2f55" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="6" cy="20" r="5.5" fill="#f0b548" stroke="#5a3b0a" stroke-width="2"/>
    <circle cx="50" cy="9" r="5.5" fill="#f0b548" stroke="#5a3b0a" stroke-width="2"/>
    <circle cx="94" cy="20" r="5.5" fill="#f0b548" stroke="#5a3b0a" stroke-width="2"/>`;

function svgBody(suit, pack) {
  const p = packOf(pack).name;
  if (p === "tarot" && suit === "T") return TRUMP_STAR_SVG;
  if (p === "tarot" && suit === "FOOL") return FOOL_SVG;
  return (p === "french" ? FRENCH_SVGS : SUIT_SVGS)[suit];
}

/** Markup of a suit symbol as an <svg> string (our own constant markup). */
export function suitSvgMarkup(suit, className = "suit-icon", pack = "italian") {
  const body = svgBody(suit, pack);
  if (!body) return "";
  return `<svg class="${className}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${body}</svg>`;
}

/** A suit symbol as an element (a <span> wrapping the SVG). */
export function suitIcon(suit, className = "suit-icon", pack = "italian") {
  const span = document.createElement("span");
  const p = packName(pack);
  span.className = p === "italian" ? `suit-symbol suit-${suit}` : `suit-symbol suit-${suit} pack-${p}`;
  span.title = suitName(suit, pack);
  span.innerHTML = suitSvgMarkup(suit, className, pack);
  return span;
}

// ---------------------------------------------------------------- DOM helpers

/**
 * Tiny hyperscript: h("div", {class: "x", dataset: {card: "3D"}, onclick: fn}, child, "text", ...).
 * Strings become text nodes (never HTML); null/false children are skipped; arrays are flattened.
 * style: a string (the style attribute as written) or an object of properties
 * ({width: "40%"}); its custom properties ({"--n": 3}) are set with style.setProperty,
 * skipping null/undefined/false values.
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = Array.isArray(v) ? v.filter(Boolean).join(" ") : v;
      else if (k === "dataset") for (const [dk, dv] of Object.entries(v)) { if (dv !== null && dv !== undefined) el.dataset[dk] = String(dv); }
      else if (k === "style" && typeof v === "object") setStyle(el, v);
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (v === true) el.setAttribute(k, "");
      else el.setAttribute(k, String(v));
    }
  }
  appendChildren(el, children);
  return el;
}

function setStyle(el, style) {
  for (const [k, v] of Object.entries(style)) {
    if (!k.startsWith("--")) el.style[k] = v;
    else if (v !== null && v !== undefined && v !== false) el.style.setProperty(k, String(v));
  }
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
 *   code     card code, e.g. "3D", "QS", "21T", "FOOL"
 *   options  { pack: "italian" | "french" | "tarot", action: "play 3D" (makes a <button data-action>),
 *              classes: [..], size: "sm" | "xs", known: bool (small "known" mark), label: extra title text,
 *              disabled: bool, button: true (a <button> without data-action), dataset: {extra data-*} }
 * Always carries data-card="<code>" and title/aria-label with the Italian name ("Tre di Denari");
 * a card with the class "dim" (not playable now) also carries aria-disabled="true".
 * Cards of the French and tarot packs also carry the class pack-french / pack-tarot.
 */
export function makeCard(code, { pack = "italian", action = null, classes = [], size = null, known = false, label = "", disabled = false, button = false, dataset = {} } = {}) {
  const p = packOf(pack);
  const c = parseCard(code, p.name);
  const tag = action || button ? "button" : "div";
  const name = cardName(code, p.name);
  const special = c && (c.trump || c.fool);
  const el = h(tag, {
    class: [
      "card", "card-face",
      p.name !== "italian" ? `pack-${p.name}` : null,
      !c ? "suit-unknown" : special ? (c.fool ? "fool" : "trump") : `suit-${c.suit}`,
      !c ? null : special ? (c.fool ? "honour" : `trump-${c.trump}`) : `rank-${c.rank}`,
      c && c.trump && (c.trump === 1 || c.trump === 21) ? "honour" : null,
      c && !special && p.courts.includes(c.rank) ? "court" : null,
      c && c.rank === "A" ? "ace" : null,
      size ? `card-${size}` : null,
      known ? "known" : null,
      ...classes,
    ],
    type: tag === "button" ? "button" : null,
    // A card that is not a button is a picture with a name (an aria-label needs a role).
    role: tag === "button" ? null : "img",
    title: label ? `${name} (${label})` : name,
    "aria-label": name,
    // A card that may not be played now ("dim") says so besides its look (docs/accessibility.md).
    "aria-disabled": classes.includes("dim") ? "true" : null,
    disabled: disabled || null,
    dataset: { ...dataset, card: code, action: action || null },
  });
  if (!c) {
    el.appendChild(h("span", { class: "card-center card-unknown" }, String(code)));
    return el;
  }
  if (c.trump) drawTrump(el, c, p);
  else if (c.fool) drawFool(el, p);
  else {
    const glyph = p.glyphs[c.rank] || c.rank;
    el.appendChild(h("span", { class: "card-corner", "aria-hidden": "true" },
      h("span", { class: "card-rank" }, glyph),
      suitIcon(c.suit, "suit-icon corner-icon", p.name)));
    const center = h("span", { class: "card-center", "aria-hidden": "true" });
    center.appendChild(suitIcon(c.suit, "suit-icon center-icon", p.name));
    el.appendChild(center);
    el.appendChild(nameLabel(p.rankNames[c.rank]));
  }
  if (known) el.appendChild(h("span", { class: "card-mark", title: gettext("Known to the opponent") }, gettext("known")));
  return el;
}

function drawTrump(el, c, p) {
  const roman = romanNumeral(c.trump);
  el.appendChild(h("span", { class: "card-corner", "aria-hidden": "true" },
    h("span", { class: "card-rank" }, String(c.trump)),
    suitIcon("T", "suit-icon corner-icon", p.name)));
  el.appendChild(h("span", { class: "card-center trump-panel", "aria-hidden": "true" },
    suitIcon("T", "suit-icon trump-star", p.name),
    h("span", { class: ["trump-numeral", `trump-len-${roman.length}`] }, roman)));
  el.appendChild(nameLabel(TAROT_TRUMPS[c.trump][1]));
}

function drawFool(el, p) {
  el.appendChild(h("span", { class: "card-corner", "aria-hidden": "true" },
    h("span", { class: "card-rank" }, "✶"),
    suitIcon("FOOL", "suit-icon corner-icon", p.name)));
  el.appendChild(h("span", { class: "card-center trump-panel", "aria-hidden": "true" },
    suitIcon("FOOL", "suit-icon center-icon fool-cap", p.name)));
  el.appendChild(nameLabel("Il Matto"));
}

// The name printed at the foot of a card; long names (9+ letters) are set smaller.
function nameLabel(text) {
  return h("span", { class: ["card-name", text.length >= 9 ? "card-name-long" : null], "aria-hidden": "true" }, text);
}

/** A face-down card (back with a pattern). options: {size, classes, action, label, button, dataset}. */
export function makeBack({ size = null, classes = [], action = null, label = "", button = false, dataset = {} } = {}) {
  const tag = action || button ? "button" : "div";
  return h(tag, {
    class: ["card", "card-back", size ? `card-${size}` : null, ...classes],
    type: tag === "button" ? "button" : null,
    role: tag === "button" ? null : "img",
    title: label || gettext("Face-down card"),
    "aria-label": label || gettext("Face-down card"),
    dataset: { ...dataset, action: action || null },
  }, h("span", { class: "card-back-inner", "aria-hidden": "true" }));
}

/**
 * A pile of cards (a packet, a stock, a capture pile): shows the top card (face up)
 * or a back (faceDown), a depth effect growing with size, and a size badge.
 *   { top: "3D" | null, size: 4, faceDown: false, pack: "italian", cardOptions: {...makeCard options},
 *     label: "3" (number printed on a face-down pile), classes: [..], badge: true, cardSize: "sm" | "xs" }
 * The returned element is a <div class="pile">; the card inside is the clickable element
 * when cardOptions.action is set.
 */
export function makePile({ top = null, size = 0, faceDown = false, pack = null, cardOptions = {}, label = null, classes = [], badge = true, cardSize = null } = {}) {
  const depth = Math.max(0, Math.min(4, (size || 0) - 1));
  const pile = h("div", {
    class: ["pile", `pile-depth-${depth}`, size === 0 ? "pile-empty" : null, ...classes],
    dataset: { size: size },
  });
  let card;
  if (size === 0) {
    card = h("div", { class: ["card", "card-slot", cardSize ? `card-${cardSize}` : null], title: gettext("Empty") }, h("span", {}, gettext("empty")));
  } else if (faceDown || !top) {
    const { pack: _ignored, known: _k, ...backOptions } = cardOptions;
    card = makeBack({ size: cardSize, ...backOptions });
    if (label !== null && label !== undefined) card.appendChild(h("span", { class: "pile-number", "aria-hidden": "true" }, String(label)));
  } else {
    card = makeCard(top, pack ? { size: cardSize, pack, ...cardOptions } : { size: cardSize, ...cardOptions });
  }
  pile.appendChild(card);
  if (badge && size > 0) pile.appendChild(h("span", { class: "pile-size", title: interpolate(ngettext("%(count)s card", "%(count)s cards", size), { count: size }, true) }, `×${size}`));
  return pile;
}

// ---------------------------------------------------------------- words

/**
 * A readable label for an action string: card codes become Italian names and the first
 * word is capitalised when the action names a card ("play 3D" -> "Play Tre di Denari",
 * "capture 7D with 3C+4S" -> "Capture Sette di Denari with Tre di Bastoni + Quattro di Spade").
 * An action that names no card is returned unchanged ("pick 3").
 */
export function actionText(action, pack = "italian") {
  const s = String(action);
  let named = false;
  const out = s.split(" ").map((word) => word.split("+").map((part) => {
    if (parseCard(part, pack)) { named = true; return cardName(part, pack); }
    return part;
  }).join(" + ")).join(" ");
  if (!named) return s;
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** The card codes an action string mentions, in order ("capture 7D with 3C+4S" -> ["7D", "3C", "4S"]). */
export function actionCards(action, pack = "italian") {
  return String(action).split(/[\s+]+/).filter((w) => parseCard(w, pack));
}

/**
 * How the table names a seat: "you" for `me`, else names[seat] (an array, an object or a
 * function), else "Seat n".
 */
export function seatLabel(seat, { names = null, me = null, you = gettext("you") } = {}) {
  if (me !== null && me !== undefined && seat === me) return you;
  let n = null;
  if (typeof names === "function") n = names(seat);
  else if (names) n = names[seat];
  return n || interpolate(gettext("Seat %(number)s"), { number: Number(seat) + 1 }, true);
}

function cardOpts(pack, extra) {
  return pack && pack !== "italian" ? { pack, ...extra } : extra;
}

// ================================================================ widgets
// Each widget takes plain data and returns an element. `names`/`me` name the seats as
// seatLabel() does; `pack` is the pack name; `cardOptions(code)` may return extra
// makeCard options for a card (an action, classes ...).

/**
 * A player's hand.
 *   cards     the codes of a hand the viewer sees (drawn face up), or null for a hidden hand
 *   count     the size of a hidden hand (backs are drawn for count - known.length)
 *   known     codes of a hidden hand that are public (drawn face up, small, marked "known")
 *   seat      the hand's seat (for data-testid), self: the viewer's own hand (big cards)
 *   sort      true (pack order), false (as given) or {suitOrder, rankOrder}
 *   cardOptions(code) extra makeCard options per face-up own card (action, classes, ...)
 *   className extra class(es) of the hand element (a string or an array)
 *   style     its style (an h() style: an object, CSS custom properties included, e.g.
 *             {"--pt-n": 15}, which the cards inside inherit)
 * DOM: div.lt-hand.lt-hand-self|lt-hand-other[data-testid=my-hand|hand-<seat>] >
 *      div.lt-label ("Hand", span.badge[data-testid=hand-count-<seat>]) + div.lt-cards
 */
export function handRow({ cards = null, count = null, known = [], seat = 0, self = null, pack = "italian", sort = true,
  cardOptions = () => ({}), label = gettext("Hand"), testid = null, countTestid = null, empty = gettext("empty"), size = null,
  className = null, style = null } = {}) {
  const mine = self === null ? Array.isArray(cards) : self;
  const sortOpts = sort === true ? { pack } : sort ? { pack, ...sort } : null;
  const order = (list) => (sortOpts ? sortCards(list, sortOpts) : [...list]);
  const knownSet = new Set(known || []);
  const els = [];
  if (Array.isArray(cards)) {
    for (const code of order(cards)) {
      const extra = cardOptions(code) || {};
      const isKnown = knownSet.has(code);
      els.push(makeCard(code, cardOpts(pack, {
        size: mine ? size : (size || "sm"),
        ...extra,
        known: isKnown,
        classes: ["lt-hand-card", ...(extra.classes || [])],
        label: extra.label || (isKnown ? gettext("known to your opponent") : ""),
      })));
    }
  } else {
    for (const code of order(known || [])) {
      els.push(makeCard(code, cardOpts(pack, { known: true, size: size || "sm", classes: ["lt-hand-card"], label: gettext("known") })));
    }
    const backs = Math.max(0, (count ?? 0) - (known || []).length);
    for (let i = 0; i < backs; i++) els.push(makeBack({ size: size || "sm", classes: ["lt-hand-card"] }));
  }
  const total = Array.isArray(cards) ? cards.length : (count ?? 0);
  return h("div", {
    class: ["lt-hand", mine ? "lt-hand-self" : "lt-hand-other", ...[].concat(className ?? [])],
    style,
    "data-testid": testid || (mine ? "my-hand" : `hand-${seat}`),
  },
    h("div", { class: "lt-label" }, `${label} `, h("span", { class: "badge", "data-testid": countTestid || `hand-count-${seat}` }, String(total))),
    h("div", { class: "lt-cards" }, els.length ? els : h("span", { class: "muted lt-empty" }, empty)));
}

/**
 * The cards of the trick being played.
 *   plays       [{seat, card}] in playing order
 *   leader      the seat that led (default: the first play's seat); marked "leads" when markLeader
 *   winner      the seat that won (a finished trick shown for a moment), marked "wins"
 *   layout      "row" (in playing order) or "compass" (each card on its seat's side: the viewer
 *               at the bottom, the next seats counter-clockwise: right, top, left)
 *   seats       how many seats (for "compass")
 *   placeholder text shown when no card is down (e.g. "Your lead")
 *   footer      an element or text under the cards (e.g. "Trick 3 of 20")
 * DOM: div.lt-trick[data-testid=trick] > figure.lt-trick-card[data-seat] (card + figcaption)
 */
export function trickArea({ plays = [], pack = "italian", names = null, me = null, leader = null, winner = null,
  markLeader = true, layout = "row", seats = 2, placeholder = null, footer = null, testid = "trick", cardOptions = () => ({}) } = {}) {
  const lead = leader ?? (plays.length ? plays[0].seat : null);
  const bottom = me ?? 0;
  const positions = seats === 3 ? ["bottom", "right", "left"] : ["bottom", "right", "top", "left"];
  const figs = plays.map((t) => {
    const extra = cardOptions(t.card) || {};
    const mine = me !== null && me !== undefined && t.seat === me;
    const isLead = markLeader && t.seat === lead && plays.length > 0;
    const isWin = winner !== null && winner !== undefined && t.seat === winner;
    const pos = layout === "compass" ? positions[((t.seat - bottom) % seats + seats) % seats] : null;
    return h("figure", {
      class: ["lt-trick-card", mine ? "is-mine" : "is-theirs", isLead ? "is-leader" : null, isWin ? "is-winner" : null, pos ? `at-${pos}` : null],
      "data-seat": markLeader || layout === "compass" ? String(t.seat) : null,
    },
      makeCard(t.card, cardOpts(pack, { ...extra, classes: [isWin ? "winner" : null, ...(extra.classes || [])] })),
      h("figcaption", {}, seatLabel(t.seat, { names, me }),
        isLead ? h("span", { class: "lt-lead-mark", title: gettext("Led this trick") }, gettext("leads")) : null,
        isWin ? h("span", { class: "lt-win-mark", title: gettext("Wins this trick") }, pgettext("takes the trick", "wins")) : null));
  });
  const ph = !plays.length && placeholder ? h("div", { class: "lt-trick-empty" }, placeholder) : null;
  const foot = typeof footer === "string" ? h("div", { class: "lt-trick-count muted" }, footer) : footer;
  return h("div", { class: ["lt-trick", layout === "compass" ? "lt-trick-compass" : null, layout === "compass" ? `seats-${seats}` : null], "data-testid": testid },
    figs, ph, foot);
}

/**
 * The last finished trick, small, the winner's card ringed.
 *   plays [{seat, card}], winner seat
 * DOM: div.lt-last-trick[data-testid=last-trick]
 */
export function lastTrick({ plays = [], winner = null, pack = "italian", names = null, me = null, label = gettext("Last trick"), testid = "last-trick" } = {}) {
  if (!plays.length) return null;
  return h("div", { class: "lt-last-trick", "data-testid": testid },
    h("div", { class: "lt-label" }, label),
    h("div", { class: "lt-cards" }, plays.map((c) => makeCard(c.card, cardOpts(pack, { size: "xs", classes: [c.seat === winner ? "winner" : null] })))),
    winner === null || winner === undefined ? null
      : h("div", { class: "lt-last-winner" }, me !== null && me !== undefined && winner === me ? gettext("won by you") : interpolate(gettext("won by %(player)s"), { player: seatLabel(winner, { names }) }, true)));
}

/**
 * Each seat's pile of captured cards, face down, with its count.
 *   piles [{seat, count, top?: code (a face-up card on the pile, e.g. Scopa's scope), detail?: text|element}]
 * DOM: div.lt-captures[data-testid=captures] > div.lt-capture[data-seat][data-testid=captures-<seat>]
 */
export function capturePiles({ piles = [], pack = "italian", names = null, me = null, label = gettext("Captured"), testid = "captures" } = {}) {
  return h("div", { class: "lt-captures", "data-testid": testid },
    label ? h("div", { class: "lt-label" }, label) : null,
    h("div", { class: "lt-capture-row" }, piles.map((p) => h("div", {
      class: ["lt-capture", me !== null && p.seat === me ? "is-mine" : null], "data-seat": String(p.seat), "data-testid": `${testid}-${p.seat}`,
    },
      makePile({ top: p.top || null, faceDown: !p.top, size: p.count || 0, cardSize: "sm", pack }),
      h("div", { class: "lt-capture-caption" },
        h("span", { class: "lt-capture-name" }, seatLabel(p.seat, { names, me })),
        h("span", { class: "lt-capture-count", "data-testid": `${testid}-count-${p.seat}` }, interpolate(ngettext("%(count)s card", "%(count)s cards", p.count || 0), { count: p.count || 0 }, true)),
        p.detail ? h("span", { class: "lt-capture-detail" }, p.detail) : null)))));
}

/**
 * The stock (talon) with its count, and the upcard (the trump card) lying crosswise under it.
 *   count   face-down cards left in the stock (not counting the upcard)
 *   upcard  code of the card turned up under the stock, or null
 *   trump   {suit} to name the trump suit once the upcard is gone (or always)
 * DOM: div.lt-stock[data-testid=stock] > div.lt-stock-stack (upcard, pile) + caption
 */
export function stockPile({ count = 0, upcard = null, trump = null, pack = "italian", label = gettext("Stock"), upcardLabel = gettext("trump"), testid = "stock" } = {}) {
  const stack = h("div", { class: ["lt-stock-stack", upcard ? "has-upcard" : null, count > 0 ? null : "is-empty"] },
    upcard ? h("div", { class: "lt-upcard" }, makeCard(upcard, cardOpts(pack, { size: "sm", label: upcardLabel }))) : null,
    count > 0 ? makePile({ size: count, faceDown: true, cardSize: "sm", badge: false, classes: ["lt-stock-pile"] }) : null);
  const trumpSuit = trump && trump.suit ? trump.suit : null;
  return h("div", { class: "lt-stock", "data-testid": testid, "data-count": String(count) },
    h("div", { class: "lt-label" }, label, " ", h("span", { class: "badge", "data-testid": `${testid}-count` }, String(count))),
    count > 0 || upcard ? stack : h("div", { class: "lt-stock-none muted" }, gettext("empty")),
    upcard ? h("div", { class: "lt-stock-caption" }, `${upcardLabel}: `, h("strong", {}, cardName(upcard, pack))) : null,
    trumpSuit && !upcard ? h("div", { class: "lt-stock-caption" }, `${upcardLabel}: `, suitIcon(trumpSuit, "suit-icon inline-icon", pack), " ",
      h("strong", {}, suitName(trumpSuit, pack))) : null);
}

/**
 * Face-up cards on the table (Scopa's board).
 *   cards  codes; cardOptions(code) makes a card clickable/selected
 * DOM: div.lt-board[data-testid=board] > div.lt-board-cards > cards
 */
export function boardArea({ cards = [], pack = "italian", cardOptions = () => ({}), label = gettext("Table"), empty = gettext("No cards on the table"), testid = "board", sort = false } = {}) {
  const list = sort ? sortCards(cards, sort === true ? { pack } : { pack, ...sort }) : cards;
  return h("div", { class: "lt-board", "data-testid": testid },
    label ? h("div", { class: "lt-label" }, label, " ", h("span", { class: "badge" }, String(cards.length))) : null,
    h("div", { class: "lt-board-cards" }, list.length
      ? list.map((code) => {
        const extra = cardOptions(code) || {};
        return makeCard(code, cardOpts(pack, { ...extra, classes: ["lt-board-card", ...(extra.classes || [])] }));
      })
      : h("span", { class: "muted lt-empty" }, empty)));
}

/**
 * Declared combinations (melds) per seat, with label and points.
 *   melds [{seat, label, cards: [codes], points, detail?}]; seats listed in the order first met
 * DOM: div.lt-melds[data-testid=melds] > div.lt-meld-seat[data-seat] > ul > li.lt-meld
 */
export function meldsArea({ melds = [], pack = "italian", names = null, me = null, label = gettext("Declarations"), empty = null, testid = "melds" } = {}) {
  const bySeat = new Map();
  for (const m of melds) {
    if (!bySeat.has(m.seat)) bySeat.set(m.seat, []);
    bySeat.get(m.seat).push(m);
  }
  if (!bySeat.size && !empty) return null;
  return h("div", { class: "lt-melds", "data-testid": testid },
    label ? h("div", { class: "lt-label" }, label) : null,
    bySeat.size ? [...bySeat.entries()].map(([seat, list]) => h("div", {
      class: ["lt-meld-seat", me !== null && seat === me ? "is-mine" : null], "data-seat": String(seat),
    },
      h("span", { class: "lt-meld-name" }, seatLabel(seat, { names, me })),
      h("ul", { class: "lt-meld-list" }, list.map((m) => h("li", { class: "lt-meld", title: (m.cards || []).map((c) => cardName(c, pack)).join(", ") },
        h("span", { class: "lt-meld-label" }, m.label),
        (m.cards || []).length ? h("span", { class: "lt-meld-cards" }, m.cards.map((c) => makeCard(c, cardOpts(pack, { size: "xs" })))) : null,
        m.points !== undefined && m.points !== null ? h("span", { class: "lt-meld-points" }, typeof m.points === "number" && m.points >= 0 ? `+${m.points}` : String(m.points)) : null,
        m.detail ? h("span", { class: "lt-meld-detail muted" }, m.detail) : null)))))
      : h("span", { class: "muted lt-empty" }, empty));
}

/**
 * Buttons for a set of related legal actions (several ways to play one card, melds to
 * declare, a bid ...). Each button carries data-action="<exact action>".
 *   choices  [{action, label, detail?, cards?: [codes shown small], disabled?, primary?}]
 *   title    heading text; cancel: label of a button carrying data-select=cancelSelect
 * DOM: div.lt-choices[data-testid=choices] > ul > li > button.lt-choice[data-action]
 */
export function choiceList({ choices = [], pack = "italian", title = null, cancel = null, cancelSelect = "", testid = "choices" } = {}) {
  if (!choices.length) return null;
  return h("div", { class: "lt-choices", "data-testid": testid, role: "group", "aria-label": title || gettext("Choices") },
    title ? h("div", { class: "lt-choices-title" }, title) : null,
    h("ul", { class: "lt-choice-list" }, choices.map((c) => h("li", {},
      h("button", {
        type: "button", class: ["btn", "lt-choice", c.primary ? "btn-primary" : null],
        "data-action": c.action, disabled: c.disabled ? true : null, title: c.action,
      },
        (c.cards || []).length ? h("span", { class: "lt-choice-cards" }, c.cards.map((code) => makeCard(code, cardOpts(pack, { size: "xs" })))) : null,
        h("span", { class: "lt-choice-text" },
          h("span", { class: "lt-choice-label" }, c.label || actionText(c.action, pack)),
          c.detail ? h("span", { class: "lt-choice-detail" }, c.detail) : null))))),
    cancel ? h("button", { type: "button", class: "btn btn-small lt-choice-cancel", "data-select": cancelSelect }, cancel) : null);
}

/**
 * A deal's scoring, one row per scoring item, one column per seat, and the totals.
 *   seats   the seat numbers, in column order
 *   rows    [{label, points: [per seat] | {seat: pts}, detail?}]; null/undefined points show "–"
 *   totals  [per seat], true (sum the rows) or null (no total row)
 *   format  how a number is printed (default signed: "−3" with a minus sign; formatThirds for thirds)
 * DOM: div.lt-result.lt-result-table[data-testid=deal-result] > table
 */
export function dealResultTable({ seats = [0, 1], rows = [], totals = true, names = null, me = null, format = signed,
  title = gettext("Deal result"), totalLabel = gettext("Total"), testid = "deal-result" } = {}) {
  const val = (pts, s) => (pts === null || pts === undefined ? undefined : pts[s]);
  const fmt = (v) => (v === null || v === undefined || v === "" ? "–" : (typeof v === "number" ? format(v) : String(v)));
  let sums = null;
  if (totals === true) sums = seats.map((s) => rows.reduce((acc, r) => acc + (Number(val(r.points, s)) || 0), 0));
  else if (Array.isArray(totals)) sums = seats.map((s) => totals[s]);
  return h("div", { class: ["lt-result", "lt-result-table"], "data-testid": testid },
    title ? h("div", { class: "lt-label" }, title) : null,
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: ["num", me !== null && s === me ? "is-me" : null], scope: "col" }, seatLabel(s, { names, me }))))),
      h("tbody", {}, rows.map((r) => h("tr", {},
        h("th", { scope: "row" }, r.label, r.detail ? h("span", { class: "lt-result-detail" }, r.detail) : null),
        seats.map((s) => h("td", { class: "num" }, fmt(val(r.points, s))))))),
      sums ? h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, totalLabel),
        seats.map((s) => h("td", { class: "num", "data-seat": String(s) }, fmt(sums[seats.indexOf(s)]))))) : null));
}

/** Scores side by side: "3–1"; with a negative among them, with minus signs and spaced
 *  dashes, "−3 – 129", where "-3–129" read as a range. */
export function joinScores(values) {
  const list = (values || []).map((v) => v ?? 0);
  if (!list.some((v) => Number(v) < 0)) return list.join("–");
  return list.map(signed).join(" – ");
}

/** A number with a true minus sign when negative: "−10". */
export function signed(value) {
  return String(value ?? 0).replace(/^-/, "−");
}

// ================================================================ folding panels

/** Each fold's open state as the player left it on a narrow screen, by key, across redraws. */
const FOLDS = new Map();
/** Where the secondary panels fold away (cards.css's phone breakpoint). */
const NARROW = "(max-width: 760px)";

/**
 * A secondary panel (signals, scores, notes) as a <details> that folds away on a phone:
 * open on a wide screen; on a narrow one closed until the player opens it (kept across
 * redraws by `key`). The summary is a keyboard-reachable toggle.
 *   foldable({key: "signals", summary: "Signals", testid: "signal-panel", classes: [..]}, ...children)
 * unfold: open on a narrow screen too unless the player closed it (a finished match's scores).
 */
export function foldable({ key, summary, testid = null, classes = [], unfold = false }, ...children) {
  const narrow = typeof matchMedia === "function" && matchMedia(NARROW).matches;
  // unfold: open on every screen unless the player closed it (a finished match's scores).
  const open = !narrow || FOLDS.get(key) === true || (unfold && FOLDS.get(key) !== false);
  const el = h("details", { class: ["lt-fold", ...classes], "data-testid": testid, "data-fold": key, open },
    h("summary", { class: "lt-fold-summary" }, summary), children);
  el.addEventListener("toggle", () => { if (narrow) FOLDS.set(key, el.open); });
  return el;
}
