// Replay of a finished deal (games/replays.py): the table after each move, every hand face
// up, stepped forwards and backwards with the buttons, the slider or the arrow keys. The
// table is drawn by the game's own renderer through the match page core (renderState),
// with no connection.

import { renderState } from "./match.js";
import { gettext, interpolate } from "./i18n.js";

const data = JSON.parse(document.getElementById("replay-data").textContent);
const table = document.getElementById("table");
const slider = document.getElementById("replay-slider");
const label = document.getElementById("replay-step");
const last = data.steps.length - 1;
let index = 0;

function stateAt(k) {
  const step = data.steps[k];
  return {
    seq: k,
    seat: null,
    match: {
      id: data.match_id, game: data.game, status: "in_progress", players: data.players,
      sides: data.sides, scores: [], deals: [], deal_number: data.deal, replay: true,
    },
    view: step.view,
  };
}

function show(k) {
  index = Math.max(0, Math.min(last, k));
  const client = renderState(table, stateAt(index), { players: data.players, game: data.game, seat: null });
  table.dataset.replayStep = String(index);
  slider.value = String(index);
  const step = data.steps[index];
  label.textContent = index === 0
    ? interpolate(gettext("As dealt · %(count)s moves"), { count: last }, true)
    // The move in words, as the table names it in the state it was made in.
    : interpolate(gettext("Move %(n)s of %(count)s · %(move)s"),
      { n: index, count: last, move: client.moveWords(step.seat, step.action, stateAt(index - 1)) }, true);
}

slider.max = String(last);
slider.addEventListener("input", () => show(Number(slider.value)));
document.querySelectorAll("[data-replay]").forEach((button) => {
  button.addEventListener("click", () => {
    const to = { first: 0, back: index - 1, forward: index + 1, last }[button.dataset.replay];
    show(to);
  });
});
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowLeft") show(index - 1);
  else if (event.key === "ArrowRight") show(index + 1);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(last);
});
globalThis.CARTELLE_NO_AUTOSTART = true;
show(0);
