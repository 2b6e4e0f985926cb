// Django admin: accessible names the admin's own widgets lack (docs/accessibility.md),
// found by the accessibility audit (tests/e2e/test_accessibility_audit.py).
//   - The autocomplete boxes (select2) of autocomplete_fields: the combobox is named by
//     its current value only, so an empty one has no name. It gets its field's label, or in
//     a tabular inline the column's heading.
//   - The fields of a tabular inline (a tournament's entries) have no label: each gets its
//     column's heading.
//   - The date and time inputs of a date-and-time field have no label of their own: each
//     gets the field's label and the word printed before it ("Date:", "Time:").
(function () {
  "use strict";

  function fieldLabel(input) {
    const id = (input.id || "").replace(/_[01]$/, "");
    const label = document.querySelector(`label[for="${id}"], label[for="${id}_0"]`);
    if (label) return label.textContent.replace(/:\s*$/, "").trim();
    const cell = input.closest("td");
    const table = input.closest("table");
    if (cell && table) {
      const heading = table.querySelectorAll("thead th")[cell.cellIndex];
      if (heading && heading.textContent.trim()) return heading.textContent.trim();
    }
    return (input.name || "").split("-").pop().replace(/_/g, " ");
  }

  function nameWidgets() {
    for (const select of document.querySelectorAll("select.admin-autocomplete")) {
      const box = select.nextElementSibling;
      const combo = box && box.querySelector('.select2-selection[role="combobox"]');
      if (!combo || (combo.hasAttribute("aria-label") && !combo.hasAttribute("aria-labelledby"))) continue;
      const name = fieldLabel(select);
      // select2 names the combobox by its value's box (aria-labelledby), empty when no
      // value is chosen: the field's name instead, on both.
      combo.removeAttribute("aria-labelledby");
      combo.setAttribute("aria-label", name);
      const shown = combo.querySelector('[role="textbox"]');
      if (shown) shown.setAttribute("aria-label", name);
    }
    // A tabular inline's fields have no <label>: each is named by its column's heading.
    for (const input of document.querySelectorAll(".tabular td input, .tabular td select, .tabular td textarea")) {
      if (input.type === "hidden" || input.hasAttribute("aria-label") || input.labels.length) continue;
      input.setAttribute("aria-label", fieldLabel(input));
    }
    for (const p of document.querySelectorAll("p.datetime")) {
      for (const input of p.querySelectorAll("input")) {
        if (input.hasAttribute("aria-label") || input.type === "hidden") continue;
        let text = input.previousSibling;
        while (text && text.nodeType !== Node.TEXT_NODE) text = text.previousSibling;
        const part = text ? text.textContent.replace(/:\s*$/, "").trim() : "";
        input.setAttribute("aria-label", part ? `${fieldLabel(input)}: ${part}` : fieldLabel(input));
      }
    }
  }

  document.addEventListener("DOMContentLoaded", nameWidgets);
  window.addEventListener("load", nameWidgets);
  // select2 may build or rebuild a box later (its language file, a new value): name it again.
  const watch = new MutationObserver(() => nameWidgets());
  document.addEventListener("DOMContentLoaded", () => watch.observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["aria-labelledby"],
  }));
  // A new inline row: after the admin's own handler has made its autocomplete boxes.
  document.addEventListener("formset:added", () => setTimeout(nameWidgets, 0));
})();
