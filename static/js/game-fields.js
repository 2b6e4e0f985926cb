// The table and options of a game in a form (templates/games/_game_fields.html):
// - where the form holds every game's fields (the lobby), shows only the chosen game's;
//   the server reads only the chosen game's fields, so without this script the form
//   still works, with every game's fields shown;
// - when an option's choice changes the player counts (Bazzica's variants), moves the
//   "Players" select to the first count that choice allows, if it shows another.
(function () {
  for (const select of document.querySelectorAll("select[data-game-select]")) {
    const form = select.form;
    const show = () => {
      for (const fields of form.querySelectorAll("[data-game-fields]")) {
        fields.hidden = fields.dataset.gameFields !== select.value;
      }
    };
    select.addEventListener("change", show);
    show();
  }
  for (const fields of document.querySelectorAll("[data-game-fields]")) {
    const seats = fields.querySelector("select[data-seats-select]");
    if (!seats) continue;
    fields.addEventListener("change", (event) => {
      const chosen = event.target.selectedOptions && event.target.selectedOptions[0];
      if (!chosen || event.target === seats || !chosen.dataset.seats) return;
      const allowed = chosen.dataset.seats.split(",");
      if (!allowed.includes(seats.value)) seats.value = allowed[0];
    });
  }
})();
