// Cartelle: the page's translations for the ES modules (docs/i18n.md).
//
// base.html loads Django's JavaScriptCatalog (/jsi18n/) with a classic <script> before any
// module runs; it defines the global `django` with gettext, ngettext, pgettext and
// interpolate in the page's language. A module imports them from here:
//   import { gettext, interpolate } from "./i18n.js";
//   interpolate(gettext("Deal %(number)s over"), { number: 3 }, true)
// `makemessages -d djangojs` finds the gettext("...") calls by name. Without the catalog (a
// harness, a page that does not load it) the English strings are used as they are.

const catalog = globalThis.django || {};

/** The translation of `text`, or `text`. */
export function gettext(text) {
  return catalog.gettext ? catalog.gettext(text) : text;
}

/** `singular` or `plural` translated for `count`. */
export function ngettext(singular, plural, count) {
  return catalog.ngettext ? catalog.ngettext(singular, plural, count) : (count === 1 ? singular : plural);
}

/** The translation of `text` in `context` (a word that reads differently elsewhere). */
export function pgettext(context, text) {
  return catalog.pgettext ? catalog.pgettext(context, text) : text;
}

/**
 * `format` with its placeholders filled: named ("%(name)s", `named` true, `values` an
 * object) or in order ("%s", `values` an array), as Django's interpolate().
 */
export function interpolate(format, values, named = false) {
  if (catalog.interpolate) return catalog.interpolate(format, values, named);
  if (named) return format.replace(/%\(\w+\)s/g, (m) => String(values[m.slice(2, -2)]));
  let i = 0;
  return format.replace(/%s/g, () => String(values[i++]));
}
