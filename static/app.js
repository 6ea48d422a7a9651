// Cardavia's only script, and an optional one: every feature works without it. It binds the
// table's keyboard shortcuts; it previews the filter sliders while they move and saves them
// without a page reload; and it switches the language as soon as one is chosen.
"use strict";

// Keyboard shortcuts at the table: each action button names its key in aria-keyshortcuts.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  // The shortcuts belong to the table: they act only while the focus is on the table or on
  // nothing at all, so keys typed anywhere else on the page do what they always do (WCAG 2.1.4).
  if (target !== document.body && !target.closest(".felt")) return;
  // Typing fields keep their keys; a ticked card (a checkbox or radio) does not type.
  if (target.closest('input:not([type="checkbox"]):not([type="radio"]), select, textarea, [contenteditable]')) return;
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

// The visual filters. The page's look follows the root element's data-contrast, data-grain and
// data-temperature (through the filter stylesheet and app.css), so a live preview only changes
// those attributes: no style is computed here and nothing runs while the page scrolls. A value
// is saved when the slider is let go, with the same POST as the form; if that fails, the form
// is submitted the ordinary way.
(function () {
  const root = document.documentElement;
  root.classList.add("js");
  const names = ["contrast", "grain", "temperature"];
  const percent = new Intl.NumberFormat(root.lang || undefined, { style: "percent", maximumFractionDigits: 0 });

  // show puts one filter's value on the page: the root's attribute, every slider for it (the
  // header's and the settings page's) and every printed percentage.
  const show = (name, value) => {
    root.dataset[name] = value;
    for (const input of document.querySelectorAll(`input[data-filter="${name}"]`)) {
      if (input.value !== value) input.value = value;
    }
    for (const out of document.querySelectorAll(`output[data-output="${name}"]`)) {
      out.textContent = percent.format(Number(value) / 100);
    }
  };

  let timer = 0;
  const save = (form) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const body = new URLSearchParams();
      for (const name of names) body.set(name, root.dataset[name]);
      fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then((response) => { if (!response.ok) form.submit(); })
        .catch(() => form.submit());
    }, 250);
  };

  for (const form of document.querySelectorAll("form[data-filters]")) {
    form.addEventListener("input", (event) => {
      const slider = event.target;
      if (slider instanceof HTMLInputElement && slider.dataset.filter) show(slider.dataset.filter, slider.value);
    });
    form.addEventListener("change", (event) => {
      const slider = event.target;
      if (slider instanceof HTMLInputElement && slider.dataset.filter) save(form);
    });
    form.addEventListener("click", (event) => {
      if (!(event.target instanceof Element) || !event.target.closest("[data-reset]")) return;
      event.preventDefault();
      for (const name of names) show(name, "50");
      save(form);
    });
    // The header's form has nothing else to send: Enter in it saves without leaving the page.
    // The settings page's Save also carries the language, so it posts and reloads as usual.
    if (!form.matches(".settings-form")) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        save(form);
      });
    }
  }

  // A language picked with the pointer switches at once. Arrow keys on a closed list change
  // its value one step at a time, each with a change event: switching then would reload the
  // page in every language on the way to the one wanted and lose the focus (WCAG 3.2.2). So a
  // choice made with the keyboard waits: Enter confirms it, or the form's own button, which
  // comes back into view (app.css, .pending).
  for (const form of document.querySelectorAll("form[data-language]")) {
    const select = form.querySelector("select");
    let keyed = false;
    select?.addEventListener("pointerdown", () => { keyed = false; });
    select?.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        const current = select.querySelector("option[selected]");
        if (!current || current.value !== select.value) {
          event.preventDefault();
          form.requestSubmit();
        }
        return;
      }
      if (event.key !== "Tab" && event.key !== "Shift") keyed = true;
    });
    form.addEventListener("change", () => {
      if (keyed) {
        form.classList.add("pending");
        return;
      }
      form.requestSubmit();
    });
  }
})();
