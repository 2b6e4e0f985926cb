// Cartelle: the table's command box, for players who use a screen reader (as Lichess's
// blind mode does for chess), and the table's keys (docs/accessibility.md).
//
// A typed command, English or Italian ("play 7 cups", "gioca 7 coppe", "meld 4h 5h 6h",
// "bet 5", "hand"/"mano", "table"/"tavolo", "score"/"punteggio", "moves"/"mosse",
// "help"/"aiuto") is matched against the legal actions the state lists for the player's
// seat and sent through the same path as a click (MatchClient.sendAction), or read out into
// the table's live region (announce.js). A command that matches no legal move is refused
// in words, as a click on a card that may not be played is. Where several moves match (a
// capture that can take two ways, a joker's place in a run), they are listed with numbers:
// typing the number sends that one.

import { h, cardName, parseCard, actionCards, suitName } from "./live-table.js";
import { gettext, interpolate } from "./i18n.js";
import { Announcer, meldWords, playSentence, turnText } from "./announce.js";

/** Strip accents and case: "Più" -> "piu". */
function norm(text) {
  return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}

const RANK_WORDS = {
  a: "A", ace: "A", asso: "A", one: "A", uno: "A", 1: "A",
  two: "2", due: "2", three: "3", tre: "3", four: "4", quattro: "4", five: "5", cinque: "5",
  six: "6", sei: "6", seven: "7", sette: "7", eight: "8", otto: "8", nine: "9", nove: "9",
  ten: "10", dieci: "10",
  j: "J", jack: "J", fante: "J", knave: "J",
  q: "Q", queen: "Q", donna: "Q", cavallo: "Q", horse: "Q", knight: "Q", regina: "Q",
  k: "K", king: "K", re: "K",
  cavaliere: "C", cavalier: "C",
};
for (let n = 2; n <= 10; n += 1) RANK_WORDS[String(n)] = String(n);

const SUIT_WORDS = {
  italian: {
    d: "D", denari: "D", denaro: "D", coins: "D", coin: "D", ori: "D",
    h: "H", coppe: "H", coppa: "H", cups: "H", cup: "H",
    s: "S", spade: "S", spada: "S", swords: "S", sword: "S",
    c: "C", bastoni: "C", bastone: "C", clubs: "C", club: "C", batons: "C",
    t: "T", tarocchi: "T", trumps: "T", trionfi: "T",
  },
  french: {
    h: "H", cuori: "H", cuore: "H", hearts: "H", heart: "H", "♥": "H",
    d: "D", quadri: "D", quadro: "D", diamonds: "D", diamond: "D", "♦": "D",
    c: "C", fiori: "C", fiore: "C", clubs: "C", club: "C", "♣": "C",
    s: "S", picche: "S", picca: "S", spades: "S", spade: "S", "♠": "S",
  },
};
const FILLER = new Set(["of", "di", "de", "del", "the", "il", "lo", "la", "l", "and", "e", "with", "con", "to", "al", "on", "su", "sul", "sulla", "sullo"]);
const JOKER_WORDS = new Set(["jk", "joker", "jolly", "matta"]);

/** Engine verbs a typed verb stands for (the engine's own verb always works too). */
const VERBS = {
  play: ["play"], p: ["play"], gioca: ["play"], g: ["play"], butta: ["play"], lead: ["play"],
  meld: ["meld"], cala: ["meld"], lay: ["meld"], apri: ["meld"], show: ["meld"], mostra: ["meld"],
  add: ["add"], aggiungi: ["add"], attacca: ["add"],
  bet: ["bet", "stake"], punta: ["bet", "stake"], stake: ["bet", "stake"],
  draw: ["draw"], pesca: ["draw"],
  take: ["take", "capture"], prendi: ["take", "capture"], capture: ["capture"], raccogli: ["take"],
  discard: ["discard"], scarta: ["discard"],
  // Sette e mezzo and Ziginette (games/rules/sette_e_mezzo, ziginette): "limits MIN MAX",
  // "bet N" / "bet CARD N", "pass", "hit", "stand", "done" (no more bets), "keep" or
  // "pass" (the bank). Passing is "done" where the betting has no "pass".
  pass: ["pass", "done"], passo: ["pass", "done"], passa: ["pass", "done"], cedo: ["pass"],
  limits: ["limits"], limiti: ["limits"], limit: ["limits"],
  done: ["done"], fatto: ["done"], finito: ["done"], basta: ["stand", "done"],
  keep: ["keep"], tengo: ["keep"], tieni: ["keep"],
  call: ["call"], chiama: ["call"],
  claim: ["claim"], reclama: ["claim"],
  pick: ["pick"], scegli: ["pick"],
  declare: ["declare"], dichiara: ["declare"],
  knock: ["knock", "busso"], bussa: ["busso", "knock"], busso: ["busso"],
  stand: ["stand"], stay: ["stand"], stai: ["stand"], sto: ["stand"],
  hit: ["hit", "card"], carta: ["card", "hit"],
};
const READS = {
  hand: "hand", mano: "hand",
  table: "table", tavolo: "table", tavola: "table", board: "table",
  score: "score", scores: "score", punteggio: "score", punti: "score",
  moves: "moves", mosse: "moves", mossa: "moves",
  help: "help", aiuto: "help", "?": "help",
  status: "status", stato: "status", turno: "status", turn: "status",
};

/**
 * The card codes named by `words` (already split), in order: "7h", "7 cups", "sette di
 * coppe", "jk@4h", "joker". Returns {cards, rest} with the words that named no card.
 */
export function parseCards(words, pack = "italian") {
  const suits = SUIT_WORDS[pack === "french" ? "french" : "italian"];
  const cards = [];
  const rest = [];
  const compact = (w) => {
    const m = /^(10|[2-9]|[ajqkc1])([a-z♥♦♣♠])$/.exec(w);
    if (!m) return null;
    const rank = RANK_WORDS[m[1]] || m[1].toUpperCase();
    const suit = suits[m[2]];
    const code = suit ? `${rank}${suit}` : null;
    return code && parseCard(code, pack) ? code : null;
  };
  const list = words.filter((w) => !FILLER.has(w));
  for (let i = 0; i < list.length; i += 1) {
    const w = list[i];
    if (JOKER_WORDS.has(w)) { cards.push("JK"); continue; }
    const at = /^(\S+)@(\S+)$/.exec(w);
    if (at) {
      const wild = JOKER_WORDS.has(at[1]) ? "JK" : compact(at[1]);
      const place = compact(at[2]);
      if (wild && place) { cards.push(`${wild}@${place}`); continue; }
    }
    const one = compact(w);
    if (one) { cards.push(one); continue; }
    if (/^\d+t$/.test(w) && parseCard(w.toUpperCase(), pack)) { cards.push(w.toUpperCase()); continue; }
    const rank = RANK_WORDS[w];
    const next = list[i + 1];
    if (rank && next !== undefined && suits[next]) {
      const code = `${rank}${suits[next]}`;
      if (parseCard(code, pack)) { cards.push(code); i += 1; continue; }
    }
    rest.push(w);
  }
  return { cards, rest };
}

/** "JK@4H" -> "JK"; a plain code as it is. */
const bare = (token) => token.split("@")[0];

function sameMultiset(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

/**
 * What a command asks for, against the legal actions of the seat:
 *   {read: "hand" | "table" | "score" | "moves" | "help" | "status"}
 *   {send: "<action>"}                       one legal move matched
 *   {choose: ["<action>", ...]}              several matched: the player picks a number
 *   {refuse: "words"}                        none did, and why
 * `env`: {legal: [actions], hand: [codes] | null, pack, myTurn, choices: [actions] (the
 * last list offered), rule: the status line's detail}.
 */
export function interpret(text, env) {
  const raw = norm(text);
  if (!raw) return { refuse: gettext("Type a command, or help for the list.") };
  const words = raw.replace(/[,;+]/g, " ").split(/\s+/).filter(Boolean);
  const first = words[0];
  if (READS[first] && words.length === 1) return { read: READS[first] };
  const legal = env.legal || [];
  // A number picks from the last list offered.
  if (/^\d+$/.test(raw) && env.choices && env.choices.length) {
    const n = Number(raw);
    if (n >= 1 && n <= env.choices.length) return { send: env.choices[n - 1] };
    return { refuse: interpolate(gettext("Choose a number from 1 to %(count)s."), { count: env.choices.length }, true) };
  }
  if (!env.myTurn) return { refuse: gettext("It is not your turn.") };
  // The engine's own spelling, typed as it is.
  const exact = legal.find((a) => norm(a) === raw);
  if (exact) return { send: exact };
  const verbs = VERBS[first] || (legal.some((a) => norm(a).split(" ")[0] === first) ? [first] : null);
  const { cards, rest } = parseCards(verbs ? words.slice(1) : words, env.pack);
  const numbers = rest.filter((w) => /^\d+$/.test(w));
  if (!verbs && !cards.length) {
    return { refuse: gettext("Unknown command. Type help for the commands.") };
  }
  const want = verbs || ["play"];
  const verbOf = (a) => a.split(" ")[0];
  const codesOf = (a) => actionCards(a, env.pack).concat(a.split(/\s+/).filter((w) => w === "JK" || /^JK@|^2[CDHS]@/.test(w)));
  let found = legal.filter((a) => want.includes(verbOf(a)));
  if (cards.length) {
    const named = cards.map(bare);
    // Cards tokens of an action, wild cards without their place.
    const tokens = (a) => a.split(/[\s+]+/).slice(1).filter((w) => w === "JK" || parseCard(bare(w), env.pack) || /@/.test(w));
    const placed = cards.some((c) => c.includes("@"));
    const exactSet = found.filter((a) => (placed
      ? sameMultiset(tokens(a), cards)
      : sameMultiset(tokens(a).map(bare), named)));
    if (exactSet.length) found = exactSet;
    else {
      // "play 7 cups" where the 7 captures: every move that plays that card first.
      found = found.filter((a) => { const t = tokens(a).map(bare); return named.every((c) => t.includes(c)); });
      if (!found.length && want.includes("play")) {
        found = legal.filter((a) => { const t = codesOf(a).map(bare); return t[0] === named[0] && named.every((c) => t.includes(c)); });
      }
    }
  }
  if (numbers.length) {
    // The numbers in the order typed ("limits 1 10", "bet 5"), else any move naming them.
    const numsOf = (a) => a.split(/\s+/).filter((w) => /^\d+$/.test(w)).join(" ");
    const inOrder = found.filter((a) => numsOf(a) === numbers.join(" "));
    found = inOrder.length ? inOrder : found.filter((a) => numbers.every((n) => a.split(/\s+/).includes(n)));
  }
  if (found.length === 1) return { send: found[0] };
  if (found.length > 1) return { choose: found };
  // Burraco's melds and additions are not all listed: the engine checks one typed in full.
  if (cards.length && (want.includes("meld") || want.includes("add")) && legal.some((a) => want.includes(verbOf(a)) || verbOf(a) === "discard")) {
    const verb = want.includes("meld") ? "meld" : "add";
    if (verb === "meld") return { send: `meld ${cards.join(" ")}` };
    if (numbers.length === 1) return { send: `add ${numbers[0]} ${cards.join(" ")}` };
  }
  return { refuse: refusal(cards, env) };
}

/** The words a click on a card that may not be played gives, or why nothing matched. */
function refusal(cards, env) {
  const rule = env.rule ? ` ${env.rule}` : "";
  if (cards.length && env.hand) {
    const missing = cards.map(bare).filter((c) => c !== "JK" && !env.hand.includes(c));
    if (missing.length) {
      return interpolate(gettext("You do not hold %(card)s."), { card: cardName(missing[0], env.pack) }, true);
    }
  }
  if (cards.length === 1) {
    return interpolate(gettext("%(card)s cannot be played now."), { card: cardName(bare(cards[0]), env.pack) }, true) + rule;
  }
  return gettext("That move is not allowed now.") + rule;
}

/** The command box: a labelled input and its button, with a short hint. */
export function commandBox() {
  const input = h("input", {
    type: "text", id: "lt-command", class: "lt-command-input", autocomplete: "off", spellcheck: "false",
    "data-testid": "command", "aria-describedby": "lt-command-hint",
  });
  const form = h("form", { class: "lt-command", "data-testid": "command-form", role: "search", "aria-label": gettext("Table commands") },
    h("label", { for: "lt-command", class: "lt-command-label" }, gettext("Command")),
    input,
    h("button", { type: "submit", class: "btn btn-small" }, gettext("Send")),
    h("span", { id: "lt-command-hint", class: "muted lt-command-hint" },
      gettext("e.g. play 7 cups, hand, table, score, help · press ? for the keys")));
  return { form, input };
}

/** The keys dialog, opened with "?" (docs/accessibility.md lists the same keys). */
export function keysDialog() {
  const rows = [
    ["?", gettext("open this list of keys")],
    ["Tab, Shift+Tab", gettext("move between the cards and buttons")],
    [gettext("arrow keys, Home, End"), gettext("move between the cards of your hand, or the buttons of a row")],
    [gettext("Enter, Space"), gettext("play the card or press the button in focus; tick a card to meld")],
    ["h", gettext("go to your hand")],
    ["m", gettext("go to the moves outside your hand (draw, take, meld, bet, call…)")],
    ["/", gettext("go to the command box")],
    ["s", gettext("say the status again: whose turn, what you may do")],
    ["Esc", gettext("close this list; in the command box, leave it")],
  ];
  const commands = [
    ["play 7 cups · gioca 7 coppe", gettext("play a card (7h, 7 of cups, sette di coppe)")],
    ["meld 4h 5h 6h · cala jk@4h 5h 6h", gettext("lay a meld; jk@4h puts the joker as the Four of Hearts")],
    ["add 0 7h · aggiungi 0 7h", gettext("add to your side's meld number 0")],
    ["draw · take · discard 9s", gettext("draw, take the discard pile, discard")],
    ["bet 5 · punta 5", gettext("bet an amount")],
    ["limits 1 10 · carta · sto · fatto · tengo", gettext("the banking games: the bank's limits, a card, stand, no more bets, keep the bank")],
    ["call 3 coins · chiama 3 denari", gettext("call a card")],
    ["hand · mano, table · tavolo, score · punteggio", gettext("read your hand, the table, the score")],
    ["moves · mosse", gettext("list every move you may make, numbered; type the number to make it")],
  ];
  const list = (items) => h("dl", { class: "lt-keys-list" },
    items.map(([k, v]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, v)]));
  return h("dialog", { class: "lt-keys", "data-testid": "keys-dialog", "aria-labelledby": "lt-keys-title" },
    h("h2", { id: "lt-keys-title" }, gettext("Keys and commands")),
    list(rows),
    h("h3", {}, gettext("Commands")),
    list(commands),
    h("form", { method: "dialog" }, h("button", { class: "btn", "data-testid": "keys-close" }, gettext("Close"))));
}

// ---------------------------------------------------------------- the table's access layer


/**
 * The live region, the command box, the keys dialog and the table's keys, for one
 * MatchClient (match.js calls this once, then `onState` after each state is drawn and
 * `say` for an error).
 */
export class TableAccess {
  constructor(client) {
    this.client = client;
    this.announcer = new Announcer();
    this.choices = [];
    const { form, input } = commandBox();
    this.form = form;
    this.input = input;
    this.dialog = keysDialog();
    const table = client.table;
    this.announcer.attach(table, client.root);
    if (table.parentNode) table.after(form);
    else table.append(form);
    table.append(this.dialog);
    form.addEventListener("submit", (e) => { e.preventDefault(); this.run(input.value); input.value = ""; });
    const doc = table.ownerDocument;
    if (doc) doc.addEventListener("keydown", (e) => this.onKey(e));
  }

  /** The page sent `action` (a click, a key or a command): remember it in words. */
  sent(action) {
    const st = this.client.state || {};
    const seat = st.seat ?? this.client.config.seat ?? null;
    const m = /^play (\S+)$/.exec(String(action));
    const env = { viewer: seat, pack: this.pack(), name: (s) => this.name(s) };
    this.announcer.sent(m ? playSentence(env, seat, m[1])
      : interpolate(gettext("You: %(move)s"), { move: this.label(action) }, true));
  }

  /** Say something in the live region (and the visible last-event line). */
  say(text) { this.announcer.say(text); }

  onState(prev, cur, env, dealText) {
    this.announcer.onState(prev, cur, env, this.client.root, dealText);
    if (prev && prev.seq !== cur.seq) this.choices = [];
  }

  /** What the command box knows of the table now. */
  env() {
    const st = this.client.state || {};
    const view = st.view || {};
    const seat = st.seat ?? this.client.config.seat ?? null;
    const me = (view.players || []).find((p) => p.seat === seat);
    const legal = view.legal_actions || [];
    const live = st.match && st.match.status === "in_progress";
    const detail = this.client.root.querySelector("[data-testid=prompt] .lt-status-detail");
    return {
      legal, pack: this.pack(), hand: me && Array.isArray(me.hand) ? me.hand : null,
      myTurn: !!live && seat !== null && view.to_act === seat && legal.length > 0,
      choices: this.choices, rule: detail ? detail.textContent : "",
    };
  }

  pack() {
    const r = this.client.renderer;
    return (r && r.pack) || this.client.table.dataset.pack || "italian";
  }

  /** Carry out a typed command. */
  run(text) {
    if (!this.client.state) return;
    const env = this.env();
    const out = interpret(text, env);
    if (out.read) { this.say(this.read(out.read, env)); return; }
    if (out.refuse) { this.say(out.refuse); return; }
    if (out.choose) {
      this.choices = out.choose;
      const label = (a) => this.label(a);
      this.say(`${gettext("Which one? Type its number:")} ${out.choose.map((a, i) => `${i + 1}: ${label(a)}`).join("; ")}`);
      return;
    }
    if (out.send) {
      this.choices = [];
      if (!this.client.sendAction(out.send)) this.say(gettext("Not connected. Reconnecting…"));
    }
  }

  /** How the buttons name an action (the renderer's actionLabel, else the card names). */
  label(action) {
    const r = this.client.renderer;
    const own = r && typeof r.actionLabel === "function" ? safe(() => r.actionLabel(action, this.fakeCtx())) : null;
    if (own) return own;
    return String(action).split(" ").map((w) => w.split("+").map((part) => {
      const code = bare(part);
      const name = code === "JK" ? gettext("Joker") : (parseCard(code, this.pack()) ? cardName(code, this.pack()) : part);
      return part.includes("@") ? interpolate(gettext("%(wild)s as %(card)s"), { wild: code === "JK" ? gettext("Joker") : cardName(code, this.pack()), card: cardName(part.split("@")[1], this.pack()) }, true) : name;
    }).join(" + ")).join(" ");
  }

  fakeCtx() {
    const st = this.client.state || {};
    return { view: st.view || {}, match: st.match || {}, pack: this.pack(), viewer: st.seat ?? null, local: this.client.local };
  }

  name(seat) {
    const st = this.client.state || {};
    const p = ((st.match && st.match.players) || this.client.config.players || []).find((x) => x.seat === seat);
    if (!p) return interpolate(gettext("Seat %(number)s"), { number: seat + 1 }, true);
    return p.computer && p.name ? interpolate(gettext("%(name)s (computer)"), { name: p.name }, true) : p.username;
  }

  read(what, env) {
    const st = this.client.state || {};
    const view = st.view || {};
    const match = st.match || {};
    const pack = env.pack;
    const names = (codes) => codes.map((c) => (bare(c) === "JK" ? gettext("Joker") : cardName(bare(c), pack))).join(", ");
    if (what === "help") {
      return gettext("Commands: play 7 cups, meld 4h 5h 6h, add 0 7h, draw, take, discard 9s, bet 5, call 3 coins, hand, table, score, moves, then a number to pick one. Press ? for the keys.");
    }
    if (what === "status") return turnText(this.client.root);
    if (what === "hand") {
      if (!env.hand) return gettext("You have no hand to read.");
      if (!env.hand.length) return gettext("Your hand is empty.");
      const plays = env.myTurn ? env.hand.filter((c) => env.legal.some((a) => actionCards(a, pack)[0] === c)) : [];
      const text = interpolate(gettext("Your hand: %(cards)s."), { cards: names(env.hand) }, true);
      return plays.length && plays.length < env.hand.length
        ? `${text} ${interpolate(gettext("Playable: %(cards)s."), { cards: names(plays) }, true)}` : text;
    }
    if (what === "moves") {
      if (!env.myTurn) return gettext("It is not your turn.");
      this.choices = env.legal.slice();
      return `${gettext("Your moves:")} ${env.legal.map((a, i) => `${i + 1}: ${this.label(a)}`).join("; ")}`;
    }
    if (what === "score") {
      const sides = match.sides || view.sides || (match.players || []).map((p) => [p.seat]);
      const scores = match.scores || [];
      const parts = sides.map((side, i) => `${side.map((s) => this.name(s)).join(" & ")} ${scores[i] ?? 0}`);
      const deal = match.deal_number ? interpolate(gettext("Deal %(number)s"), { number: match.deal_number }, true) : "";
      const target = match.target ? interpolate(gettext("to %(target)s"), { target: match.target }, true) : "";
      return `${interpolate(gettext("Score: %(scores)s."), { scores: parts.join(", ") }, true)} ${[deal, target].filter(Boolean).join(" · ")}`.trim();
    }
    // the table
    const out = [];
    if (view.trump) out.push(interpolate(gettext("Trump: %(suit)s."), { suit: suitName(view.trump, pack) }, true));
    if (Array.isArray(view.trick)) {
      out.push(view.trick.length
        ? interpolate(gettext("On the trick: %(plays)s."), { plays: view.trick.map((p) => `${this.name(p.seat)} ${cardName(p.card, pack)}`).join(", ") }, true)
        : gettext("The trick is empty."));
    }
    if (Array.isArray(view.board)) {
      out.push(view.board.length ? interpolate(gettext("On the board: %(cards)s."), { cards: names(view.board) }, true) : gettext("The board is empty."));
    }
    if (Array.isArray(view.discard_pile)) {
      const pile = view.discard_pile;
      out.push(pile.length
        ? interpolate(gettext("Discard pile: %(cards)s."), { cards: names(pile) }, true)
        : gettext("The discard pile is empty."));
    }
    if (Array.isArray(view.table) && view.table.length) {
      for (const side of view.table) {
        if (Array.isArray(side)) { out.push(names(side)); continue; }
        const melds = (side.melds || []).map((m) => `${m.index}: ${meldWords(m.cards || [], pack)}`);
        if (melds.length) out.push(interpolate(gettext("Melds of %(side)s: %(melds)s."), { side: (side.seats || []).map((s) => this.name(s)).join(" & "), melds: melds.join("; ") }, true));
      }
    }
    if (typeof view.stock_count === "number") out.push(interpolate(gettext("Stock: %(count)s cards."), { count: view.stock_count }, true));
    for (const p of view.players || []) {
      if (p.seat === (st.seat ?? null)) continue;
      if (typeof p.hand_count === "number") out.push(interpolate(gettext("%(player)s holds %(count)s cards."), { player: this.name(p.seat), count: p.hand_count }, true));
    }
    return out.length ? out.join(" ") : turnText(this.client.root);
  }

  // ------------------------------------------------------------ keys

  onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    const typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
    if (typing) {
      if (e.key === "Escape" && t === this.input) { this.input.blur(); this.focusHand() || this.client.table.focus(); }
      return;
    }
    if (this.dialog.open) return;
    const root = this.client.root;
    if (e.key === "?") { e.preventDefault(); this.openKeys(); return; }
    if (e.key === "/") { e.preventDefault(); this.input.focus(); return; }
    if (e.key === "h") { if (this.focusHand()) e.preventDefault(); return; }
    if (e.key === "m") { if (this.focusMoves()) e.preventDefault(); return; }
    if (e.key === "s") { e.preventDefault(); this.say(this.client.isFinished() ? (root.querySelector("[data-testid=match-over]") || {}).textContent : turnText(root)); return; }
    const arrows = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: "first", End: "last" };
    if (!(e.key in arrows) || !t || !root.contains(t)) return;
    const group = t.closest("[data-testid=my-hand], .lt-hand, .lt-choices, [role=group], .lt-extra, .lt-controls");
    if (!group) return;
    const items = [...group.querySelectorAll("button, [tabindex='0']")].filter((el) => !el.disabled && el.offsetParent !== null);
    const i = items.indexOf(t.closest("button, [tabindex='0']"));
    if (i < 0 || !items.length) return;
    const step = arrows[e.key];
    const j = step === "first" ? 0 : step === "last" ? items.length - 1 : (i + step + items.length) % items.length;
    e.preventDefault();
    items[j].focus();
  }

  openKeys() {
    if (typeof this.dialog.showModal === "function") this.dialog.showModal();
    else this.dialog.setAttribute("open", "");
  }

  /** Focus a playable card of the hand (else its first card); false when there is none. */
  focusHand() {
    const hand = this.client.root.querySelector("[data-testid=my-hand]");
    if (!hand) return false;
    const el = hand.querySelector("button.legal:not([disabled])") || hand.querySelector("button:not([disabled])");
    if (!el) return false;
    el.focus();
    return true;
  }

  /**
   * Focus the first move that is not a card of the hand (draw, take, meld, a bet...). A
   * move folded away (a panel folded on a phone, `foldable`) cannot take the focus: its
   * panel's summary does, and Enter opens it.
   */
  focusMoves() {
    const root = this.client.root;
    const all = [...root.querySelectorAll(".lt-felt [data-action], .lt-felt [data-select]")]
      .filter((el) => !el.disabled && !el.closest("[data-testid=my-hand]") && el.tagName === "BUTTON")
      .map((el) => { const fold = el.closest("details:not([open])"); return fold ? fold.querySelector("summary") : el; })
      .filter(Boolean);
    if (!all.length) return false;
    all[0].focus();
    return true;
  }
}

function safe(fn) {
  try { return fn(); } catch (err) { return null; }
}
