// What the banking games' tables share (sette_e_mezzo.js, ziginette.js): the banker's
// limits and a short choice of chip amounts. Not a renderer (games/index.js lists those).

import { gettext, ngettext, interpolate } from "../i18n.js";

/** Round amounts offered as buttons between the lowest and the highest. */
const ROUND = [1, 2, 3, 5, 10, 15, 20, 25, 50];

/** A few of many amounts (numbers), lowest first: all of them up to `most`, else the
 * lowest, the highest and the round ones between. */
export function someAmounts(values, most = 6) {
  values = [...values].map(Number).sort((a, b) => a - b);
  if (values.length <= most) return values;
  const low = Math.min(...values);
  const high = Math.max(...values);
  return values.filter((v) => v === low || v === high || ROUND.includes(v));
}

/** "limits 1 10" -> "Bets of 1 to 10 chips", "limits 1 1" -> "Bets of 1 chip only"; null
 * for another action. */
export function limitsLabel(action) {
  const m = /^limits (\d+) (\d+)$/.exec(String(action));
  if (!m) return null;
  const [min, max] = [Number(m[1]), Number(m[2])];
  if (min === max) return interpolate(ngettext("Bets of %(count)s chip only", "Bets of %(count)s chips only", max), { count: max }, true);
  return interpolate(gettext("Bets of %(min)s to %(max)s chips"), { min, max }, true);
}

/** The limits offered as buttons: the lowest minimum with a few maxima (the legal
 * `limits MIN MAX` actions are every pair; the rest stay legal, only not shown). */
export function shownLimits(legal) {
  const limits = legal.filter((a) => a.startsWith("limits "));
  if (!limits.length) return [];
  const lowest = Math.min(...limits.map((a) => Number(a.split(" ")[1])));
  const maxima = someAmounts(limits.filter((a) => Number(a.split(" ")[1]) === lowest).map((a) => Number(a.split(" ")[2])));
  return maxima.map((max) => `limits ${lowest} ${max}`);
}

/** The hand's limits as a line: "Limits 1–10 chips", or that the banker sets them. */
export function limitsText(view) {
  return view.limits
    ? interpolate(gettext("Limits %(min)s–%(max)s chips"), { min: view.limits[0], max: view.limits[1] }, true)
    : gettext("The banker sets the limits");
}

/** A seat's chips: `during` (its field while the hand is played: `stack` at its start in
 *  Sette e mezzo, `in_front` in Ziginette) and, once the hand is over, as the hand left
 *  them (the result's `stacks`), so that a finished match shows the final chips. */
export function chipsOf(view, p, during) {
  const after = view.result && view.result.stacks;
  return after && after[p.seat] != null ? after[p.seat] : p[during];
}
