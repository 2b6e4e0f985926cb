// Shows only the chosen game's table and options in a form holding every game's
// (templates/games/_game_fields.html); the server reads only the chosen game's fields,
// so without this script the form still works, with every game's fields shown.
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
})();
