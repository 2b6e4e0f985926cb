// Renderer registry of the match page (docs/frontend.md, "Adding a game").
//
// The core (../match.js) draws the table of a match with RENDERERS[game], a module
// exporting render(ctx) (and optionally select, actionLabel). A game without a renderer
// gets the generic one: its legal actions as buttons and its view as readable text.
// Adding a game: one import line and one entry below, plus its pack in PACKS.

import * as generic from "./generic.js";
import * as briscola from "./briscola.js";
import * as burraco from "./burraco.js";
import * as calabrasella from "./calabrasella.js";
import * as tressette from "./tressette.js";
import * as tute from "./tute.js";
import * as spizzichino from "./spizzichino.js";
import * as scopa from "./scopa.js";
import * as bazzica from "./bazzica.js";
import * as pinchTarot from "./pinch_tarot.js";
import * as setteEMezzo from "./sette_e_mezzo.js";
import * as ziginette from "./ziginette.js";
import * as machiavelli from "./machiavelli.js";
import * as rumino from "./rumino.js";

export const RENDERERS = {
  briscola,
  burraco,
  calabrasella,
  tressette,
  tute,
  spizzichino,
  scopa,
  bazzica,
  "pinch-tarot": pinchTarot,
  "sette-e-mezzo": setteEMezzo,
  ziginette,
  machiavelli,
  rumino,
};

/** Which card pack each game's cards are drawn from (live-table.js CARD_PACKS). */
export const PACKS = {
  spizzichino: "italian",
  briscola: "italian",
  calabrasella: "italian",
  tressette: "italian",
  tute: "italian",
  scopa: "italian",
  "pinch-tarot": "tarot",
  "sette-e-mezzo": "italian",
  ziginette: "italian",
  bazzica: "french",
  machiavelli: "french",
  rumino: "french",
  burraco: "french",
};

/** The renderer module for a game slug; the generic one when there is none. */
export function rendererFor(game) {
  return (game && Object.prototype.hasOwnProperty.call(RENDERERS, game) && RENDERERS[game]) || generic;
}

/** The pack name for a game slug ("italian" when not listed). */
export function packFor(game) {
  return (game && Object.prototype.hasOwnProperty.call(PACKS, game) && PACKS[game]) || "italian";
}

export { generic };
