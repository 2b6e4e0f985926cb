// The generic table: for a game without a renderer of its own (games/index.js), or a
// match whose deal has not started. Shows the legal actions as buttons with readable
// labels and the view as readable text, so every game is playable from day one.

import { h, choiceList, actionCards } from "../live-table.js";
import { gettext, interpolate } from "../i18n.js";

const SKIP = new Set(["game", "viewer", "legal_actions"]);
const SEAT_KEYS = new Set(["seat", "dealer", "to_act", "leader", "winner", "owner", "declarer", "caller"]);

export function render(ctx) {
  const { view, match } = ctx;
  let who = view.to_act === null || view.to_act === undefined ? "" : (ctx.isMe(view.to_act) ? gettext("Your turn") : interpolate(gettext("%(player)s to play"), { player: ctx.name(view.to_act) }, true));
  if (!who) who = match.status === "scheduled" || !ctx.st.view ? gettext("Waiting for the match to start…") : (ctx.finished ? gettext("Match over") : gettext("Waiting…"));
  if (!ctx.st.view) return { felt: h("p", { class: "lt-loading lt-waiting" }, who), prompt: { text: who, mine: false } };
  const actions = ctx.legalList.filter((a) => !ctx.used.has(a));
  actions.forEach((a) => ctx.used.add(a));
  return {
    prompt: { text: who, mine: ctx.myTurn },
    felt: [
      choiceList({
        title: gettext("Your moves"),
        pack: ctx.pack,
        testid: "other-actions",
        choices: actions.map((a) => ({ action: a, label: ctx.label(a), cards: actionCards(a, ctx.pack) })),
      }),
      viewText(ctx, view),
    ],
  };
}

/** The view as a definition list: one line per field, card codes written out. */
export function viewText(ctx, view) {
  const rows = Object.entries(view || {}).filter(([k]) => !SKIP.has(k));
  return h("dl", { class: "lt-view-text", "data-testid": "view-text" },
    rows.map(([k, v]) => [h("dt", {}, k.replace(/_/g, " ")),
      h("dd", {}, SEAT_KEYS.has(k) && typeof v === "number" ? ctx.name(v) : describe(ctx, v, k))]));
}

function describe(ctx, v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "string") return ctx.isCard(v) ? `${ctx.cardName(v)} (${v})` : v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) {
    if (!v.length) return gettext("none");
    if (v.every((x) => typeof x !== "object" || x === null)) return v.map((x) => describe(ctx, x)).join(", ");
    return h("ul", { class: "lt-view-list" }, v.map((x) => h("li", {}, describe(ctx, x))));
  }
  if (typeof v === "object") {
    const parts = Object.entries(v).map(([k, x]) => {
      const label = k.replace(/_/g, " ");
      if (k === "seat" && typeof x === "number") return `${ctx.name(x)}`;
      if (SEAT_KEYS.has(k) && typeof x === "number") return `${label}: ${ctx.name(x)}`;
      const d = describe(ctx, x);
      return typeof d === "string" ? `${label}: ${d}` : h("span", {}, `${label}: `, d);
    });
    return h("span", { class: "lt-view-obj" }, parts.flatMap((p, i) => (i ? ["; ", p] : [p])));
  }
  return String(v);
}
