// Cardavia's only script, and an optional one: every feature works without it. It binds the
// table's keyboard shortcuts, and previews the filter sliders while they move by pointing the
// per-visitor stylesheet at the slider values (the server's /filters.css does the arithmetic,
// so there is one formula) and showing each value as a percentage in the page's language. The
// Apply button still saves the choice.
"use strict";

// Keyboard shortcuts at the table: each action button names its key in aria-keyshortcuts.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest("input, select, textarea, [contenteditable]")) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : "";
  if (!key) return;
  for (const button of document.querySelectorAll(".felt button[aria-keyshortcuts]")) {
    if (button.getAttribute("aria-keyshortcuts") === key) {
      event.preventDefault();
      button.click();
      return;
    }
  }
});

(function () {
  const form = document.querySelector("form[data-filters]");
  const sheet = document.querySelector("link[data-filters-css]");
  if (!form || !sheet) return;
  const percent = new Intl.NumberFormat(document.documentElement.lang || undefined, {
    style: "percent",
    maximumFractionDigits: 0,
  });
  const value = (name) => form.elements.namedItem(name).value;
  form.addEventListener("input", (event) => {
    const slider = event.target;
    if (!(slider instanceof HTMLInputElement) || slider.type !== "range") return;
    const out = slider.parentElement.querySelector("output");
    if (out) out.textContent = percent.format(Number(slider.value) / 100);
    sheet.href = "/filters.css?c=" + encodeURIComponent(value("contrast")) +
      "&g=" + encodeURIComponent(value("grain")) +
      "&t=" + encodeURIComponent(value("temperature"));
    document.documentElement.dataset[slider.name] = slider.value;
  });
})();
