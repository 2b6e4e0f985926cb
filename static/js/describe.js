// A move in words: one sentence naming who made it ("frank plays the Re di Picche",
// "frank gioca il Re di Picche"), for replays (replay.js) and for anything else that
// tells a move (screen-reader announcements). Card names stay Italian in both languages
// (../../shared/DESIGN.md, "Card codes"); the sentence around them is translated
// (docs/i18n.md).
//
// One describe function per action kind (the first word of the engine's action string,
// ../../shared/DESIGN.md "Rules engine contract"); a game whose word means something of its
// own for a kind ("pass" the bank, "take" the discard pile) is told apart by its slug. An
// action no function knows reads "frank: <the action with its cards named>".

import { gettext, ngettext, pgettext, interpolate } from "./i18n.js";
import { actionText, cardName, parseCard, rankName, suitName } from "./live-table.js";
import { packFor } from "./games/index.js";

const JOKER = "JK";

/** The words, in order, of a list: "A", "A and B", "A, B and C". */
export function andList(items) {
  const list = items.map(String);
  if (list.length < 2) return list.join("");
  return interpolate(gettext("%(list)s and %(last)s"), { list: list.slice(0, -1).join(", "), last: list[list.length - 1] }, true);
}

/** One card with its article: "the Re di Picche" / "il Re di Picche", "l'Asso di Coppe". */
export function theCard(code, pack = "italian") {
  const name = code === JOKER ? gettext("Joker") : cardName(code, pack);
  if (/^Il /.test(name)) return name; // the tarot's Il Matto carries its own
  if (/^(Asso|Otto)\b/.test(name)) return interpolate(pgettext("a card whose Italian name takes l'", "the %(card)s"), { card: name }, true);
  if (/^Donna\b/.test(name)) return interpolate(pgettext("a card whose Italian name takes la", "the %(card)s"), { card: name }, true);
  return interpolate(gettext("the %(card)s"), { card: name }, true);
}

/**
 * Several cards, short: one suit "Sette and Tre di Coppe", one rank "Cinque di Fiori and
 * Picche", else each named ("Sette di Coppe and Re di Spade"). Jokers are named apart.
 */
export function cardList(codes, pack = "italian") {
  const cards = codes.filter((c) => c !== JOKER).map((c) => ({ code: c, card: parseCard(c, pack) }));
  const jokers = codes.filter((c) => c === JOKER).map(() => gettext("Joker"));
  const plain = cards.filter((c) => c.card && !c.card.trump && !c.card.fool);
  let named;
  if (plain.length > 1 && plain.length === cards.length && plain.every((c) => c.card.suit === plain[0].card.suit)) {
    named = [`${andList(plain.map((c) => rankName(c.card.rank, pack)))} di ${suitName(plain[0].card.suit, pack)}`];
  } else if (plain.length > 1 && plain.length === cards.length && plain.every((c) => c.card.rank === plain[0].card.rank)) {
    named = [`${rankName(plain[0].card.rank, pack)} di ${andList(plain.map((c) => suitName(c.card.suit, pack)))}`];
  } else {
    named = cards.map((c) => cardName(c.code, pack));
  }
  return andList([...named, ...jokers]);
}

/** A meld written in tokens ("JK@6S 7S 8S"): "Sei–Otto di Picche (Joker as Sei di Picche)". */
function meldWords(tokens, pack) {
  const placed = tokens.map((t) => t.split("@"));
  const faces = placed.map(([code, at]) => at || code);
  const cards = faces.map((c) => parseCard(c, pack)).filter(Boolean);
  const wilds = placed.filter(([, at]) => at).map(([code, at]) => interpolate(gettext("%(wild)s as %(card)s"), {
    wild: code === JOKER ? gettext("Joker") : cardName(code, pack), card: cardName(at, pack),
  }, true));
  const run = cards.length === faces.length && cards.length > 2 && cards.every((c) => c.suit === cards[0].suit)
    && new Set(cards.map((c) => c.rank)).size === cards.length;
  const main = run
    ? `${rankName(cards[0].rank, pack)}–${rankName(cards[cards.length - 1].rank, pack)} di ${suitName(cards[0].suit, pack)}`
    : cardList(faces, pack);
  return { run, words: wilds.length ? `${main} (${wilds.join(", ")})` : main };
}

/** The cards laid by a Machiavelli "table ..." action: those of the new table not on the old. */
function laidCards(view, action) {
  const before = new Map();
  for (const code of ((view && view.table) || []).flat()) before.set(code, (before.get(code) || 0) + 1);
  const laid = [];
  for (const code of action.slice("table ".length).split(/[\s|]+/).filter(Boolean)) {
    const left = before.get(code) || 0;
    if (left) before.set(code, left - 1);
    else laid.push(code);
  }
  return laid;
}

const say = (format, values) => interpolate(format, values, true);
const chips = (count) => ngettext("%(count)s chip", "%(count)s chips", Number(count));

/**
 * The describe function of each action kind: (player, words, {game, pack, view, action})
 * -> a sentence, or null when the action does not read as this kind expects.
 */
const DESCRIBE = {
  play(player, [card], { pack, game }) {
    if (!card) return game === "calabrasella" ? say(gettext("%(player)s plays the hand"), { player }) : null;
    return say(gettext("%(player)s plays %(card)s"), { player, card: theCard(card, pack) });
  },
  capture(player, [card, taken], { pack }) {
    if (!card || !taken) return null;
    return say(gettext("%(player)s plays %(card)s and takes %(cards)s"), { player, card: theCard(card, pack), cards: cardList(taken.split("+"), pack) });
  },
  take(player, [card], { pack, game }) {
    if (card) return say(gettext("%(player)s takes %(card)s"), { player, card: theCard(card, pack) });
    if (game === "burraco") return say(gettext("%(player)s takes the discard pile"), { player });
    return say(gettext("%(player)s takes the upcard"), { player });
  },
  draw(player) {
    return say(gettext("%(player)s draws from the stock"), { player });
  },
  discard(player, [card], { pack }) {
    return card ? say(gettext("%(player)s discards %(card)s"), { player, card: theCard(card, pack) }) : null;
  },
  meld(player, tokens, { pack, game }) {
    if (game === "pinch-tarot") return say(gettext("%(player)s declares %(cards)s"), { player, cards: cardList(tokens.slice(1), pack) });
    if (tokens.length < 3) return null;
    const meld = meldWords(tokens, pack);
    return say(meld.run ? gettext("%(player)s lays a run: %(cards)s") : gettext("%(player)s lays a set: %(cards)s"), { player, cards: meld.words });
  },
  add(player, [index, ...tokens], { pack }) {
    if (!tokens.length) return null;
    return say(gettext("%(player)s adds to meld %(n)s, now %(cards)s"), { player, n: Number(index) + 1, cards: meldWords(tokens, pack).words });
  },
  table(player, _words, { pack, view, action }) {
    const laid = laidCards(view, action);
    if (!laid.length) return say(gettext("%(player)s rearranges the table"), { player });
    return say(gettext("%(player)s lays %(cards)s on the table"), { player, cards: cardList(laid, pack) });
  },
  bet(player, words, { pack }) {
    if (words.length === 1) return say(gettext("%(player)s bets %(amount)s"), { player, amount: say(chips(words[0]), { count: words[0] }) });
    if (words.length === 2) return say(gettext("%(player)s bets %(amount)s on %(card)s"), { player, amount: say(chips(words[1]), { count: words[1] }), card: theCard(words[0], pack) });
    return null;
  },
  limits(player, [low, high]) {
    if (!high) return null;
    return say(gettext("%(player)s sets the bets at %(min)s to %(max)s"), { player, min: low, max: say(chips(high), { count: high }) });
  },
  pass(player, _words, { game }) {
    if (game === "ziginette") return say(gettext("%(player)s passes the bank"), { player });
    if (game === "sette-e-mezzo") return say(gettext("%(player)s sits out this hand"), { player });
    return say(gettext("%(player)s passes"), { player });
  },
  keep(player) { return say(gettext("%(player)s keeps the bank"), { player }); },
  done(player) { return say(gettext("%(player)s has placed their bets"), { player }); },
  hit(player) { return say(gettext("%(player)s asks for a card"), { player }); },
  stand(player) { return say(gettext("%(player)s stands"), { player }); },
  knock(player) { return say(gettext("%(player)s knocks"), { player }); },
  gin(player) { return say(gettext("%(player)s goes gin"), { player }); },
  claim(player) { return say(gettext("%(player)s claims the discard"), { player }); },
  decline(player) { return say(gettext("%(player)s lets the discard go"), { player }); },
  call(player, [card], { pack }) {
    return card ? say(gettext("%(player)s calls %(card)s"), { player, card: theCard(card, pack) }) : null;
  },
  return(player, [card], { pack }) {
    return card ? say(gettext("%(player)s gives back %(card)s"), { player, card: theCard(card, pack) }) : null;
  },
  turn(player) { return say(gettext("%(player)s turns the widow face up"), { player }); },
  declare(player, [kind, ...rest], { pack }) {
    if (kind === "exchange" && rest.length === 1) return say(gettext("%(player)s exchanges %(card)s for the upcard"), { player, card: theCard(rest[0], pack) });
    if (kind === "veinte" && rest.length === 1) return say(gettext("%(player)s declares veinte in %(suit)s"), { player, suit: suitName(rest[0], pack) });
    if (!kind) return null;
    const what = declarationName(kind);
    if (!rest.length) return say(gettext("%(player)s declares %(cards)s"), { player, cards: what });
    return say(gettext("%(player)s declares %(what)s: %(cards)s"), { player, what, cards: cardList(rest, pack) });
  },
  pick(player, [n]) { return n ? say(gettext("%(player)s picks packet %(n)s"), { player, n }) : null; },
  hand(player, [a, b]) { return b ? say(gettext("%(player)s keeps packets %(a)s and %(b)s in hand"), { player, a, b }) : null; },
  busso(player) { return say(gettext("%(player)s signals busso"), { player }); },
  striscio(player, [count]) { return say(gettext("%(player)s signals striscio (%(count)s in the suit)"), { player, count }); },
  volo(player, [count]) { return say(gettext("%(player)s signals volo (%(count)s in the suit)"), { player, count }); },
};

/**
 * One move in words: `describeAction(stateOrGame, seatName, action)`.
 *   stateOrGame: the `state` message the move was made in ({view, match}: the game and,
 *     for a Machiavelli table, the table it changed), or a game slug ("briscola");
 *   seatName: how the text names the player ("frank", or "you");
 *   action: the engine's action string ("play KS").
 * Returns a sentence without a final stop: "frank plays the Re di Picche".
 */
export function describeAction(stateOrGame, seatName, action) {
  const state = typeof stateOrGame === "string" ? null : stateOrGame || {};
  const view = state ? state.view || null : null;
  const game = state ? (view && view.game) || (state.match && state.match.game) || state.game || "" : stateOrGame;
  const pack = packFor(game);
  const text = String(action).trim();
  const [kind, ...words] = text.split(/\s+/);
  const player = String(seatName);
  const describe = Object.prototype.hasOwnProperty.call(DESCRIBE, kind) ? DESCRIBE[kind] : null;
  const sentence = describe ? describe(player, words, { game, pack, view, action: text }) : null;
  return sentence || `${player}: ${actionText(text, pack)}`;
}

/** A declaration's kind in words (Bazzica's combinations); an unknown kind as its key
 *  with spaces. */
function declarationName(kind) {
  const names = {
    double_bezique: gettext("a double bezique"),
    sequence: gettext("a sequence"),
    four_aces: gettext("four aces"),
    four_kings: gettext("four kings"),
    four_queens: gettext("four queens"),
    four_jacks: gettext("four jacks"),
    bezique: gettext("a bezique"),
    royal_marriage: gettext("a royal marriage"),
    marriage: gettext("a marriage"),
  };
  return names[kind] || kind.replace(/_/g, " ");
}
