// Cardavia's only script, and an optional one: every feature works without it. It replays the
// other players' moves at a table; it puts the focus back on the table after a move; it binds
// the table's keyboard shortcuts; it sends a form once however often it is clicked; it previews
// the filter sliders while they move and saves them without a page reload; and it switches the
// language as soon as one is chosen.
//
// The replay's contract (the data-replay-* attributes) is described in
// web/views/asnas_replay.go, which writes them.
"use strict";

// replayedBefore tells whether this tab has already replayed the moves that led to the
// table's move number (data-move on root) at this address, and notes that it now has: a page
// of the same move seen again (after a hint, a refused play, the hand arranged, a reload)
// shows its end at once rather than replaying and announcing the same moves again. guandan.js
// asks it too. Without storage every page replays, as before.
function replayedBefore(root) {
  const key = "cardavia-replayed " + location.pathname;
  try {
    if (sessionStorage.getItem(key) === root.dataset.move) return true;
    sessionStorage.setItem(key, root.dataset.move || "");
  } catch {
    // Storage refused (a private window's quota, a policy): replay.
  }
  return false;
}

// asideNews are the words of the table's log lines that nothing has happened since: seats
// handed to the AI or taken back that no move follows yet (data-aside-news, which names each),
// so no replay step tells them. Each is read out once in this tab, in the log's order: the
// words of those not yet read are returned, [] when there are none. Two may come at one point
// (a player leaves, and another leaves or the first comes back, before any move), and one page
// may bring both: each is read, not the newest alone. The tab keeps the names of the page's
// lines it has read, so a later page at the same point (a phrase said) reads none again. The
// replay that runs reads them out after its own steps; else they are said alone. guandan.js
// asks it too.
function asideNews() {
  const lines = [...document.querySelectorAll("[data-aside-news]")];
  const key = "cardavia-aside " + location.pathname;
  let read = [];
  try {
    read = JSON.parse(sessionStorage.getItem(key) ?? "[]");
  } catch {
    // Storage refused (every page says them, as every page replays), or an older script's
    // value in this tab: nothing read yet.
  }
  if (!Array.isArray(read)) read = [];
  try {
    sessionStorage.setItem(key, JSON.stringify(lines.map((line) => line.dataset.asideNews)));
  } catch {
    // As above.
  }
  return lines.filter((line) => !read.includes(line.dataset.asideNews)).map((line) => line.textContent.trim());
}

// joinSentences joins the sentences of one announcement with the language's gap, which the
// server writes on the root (a space, or nothing in Chinese). guandan.js uses it too.
function joinSentences(texts) {
  return texts.join(document.documentElement.dataset.sentenceGap ?? " ");
}

// A notice (?notice=… or the settings' ?saved=1 in the address a form led to) tells what that
// form just did: the address keeps it only while the page shows it, so that a reload, or coming
// back to the page later, does not tell it again. The live table asks for it again until the
// table moves on (live).
const shownNotice = (() => {
  const address = new URL(location.href);
  const notice = address.searchParams.get("notice");
  if (notice === null && !address.searchParams.has("saved")) return null;
  address.searchParams.delete("notice");
  address.searchParams.delete("saved");
  history.replaceState(history.state, "", address);
  return notice;
})();

// After a move (a form sent from the table, a lesson, the settings page or a table's level
// form, the Hint or an arrangement link) the new page's focus goes back where the player goes
// on, not to its top: the notice (read out then; but the question of the reading when Play
// asks one), a lesson's words, the hint, the arrangement, else the hand or the first button.
// The replays call settled() at their end; it says whether it moved the focus. Not after a
// pointer's move: the pointer is where its player looks.
const settled = (() => {
  const key = "cardavia-moved";
  let moved = null;
  try {
    moved = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
  } catch {
    // No storage: the focus starts at the top, as without the script.
  }
  // A screen reader's click comes without a pointer press.
  let pointer = false;
  document.addEventListener("pointerdown", () => { pointer = true; }, true);
  document.addEventListener("keydown", () => { pointer = false; }, true);
  const note = (what) => {
    try {
      if (pointer) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, what);
    } catch { /* as above */ }
  };
  document.addEventListener("submit", (event) => {
    if (event.target instanceof Element && event.target.closest(".felt, .lesson, .settings-form, [data-level-form]")) note("move");
  });
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest(".felt a[data-action], .felt a[data-arrange]");
    if (link) note(link.dataset.arrange ? `arrange:${link.dataset.arrange}` : link.dataset.action);
  });
  return () => {
    if (!moved) return false;
    const [what, arg] = moved.split(":");
    moved = null;
    // A question of the table's (which reading the cards stand for) is answered where it is
    // asked: its first answer, in a group its question names, not the notice above the hand.
    const target = (document.querySelector('[data-notice="guandan.notice.choose"]') && document.querySelector(".greadings input:checked, .greadings input"))
      || document.querySelector("[data-notice], .lesson-wrong, .lesson-text")
      || (what === "hint" && document.querySelector(".ghint"))
      || (what === "coach" && document.querySelector("[data-coach]"))
      || (what === "arrange" && document.querySelector(`.felt a[data-arrange="${CSS.escape(arg || "")}"]`))
      || document.querySelector(".felt .gform .ghand, .felt .actions button, .felt button[data-action]");
    if (!target) return false;
    if (!target.matches("a[href], button, input, [tabindex]")) target.tabIndex = -1;
    // No scrolling: on a short screen it would hide the others' plays.
    target.focus({ preventScroll: true });
    return true;
  };
})();

// skipGuard makes the first key or click of a running replay end it (finish) and do nothing
// else: a player pressing a key or tapping a button to skip must not also fold or pass before
// seeing the end. Tab ends it and then moves the focus as ever, unless the end has just put it
// on the first button (landed); a modifier alone (Ctrl stops a screen reader's speech) does
// nothing; the header's links and settings work as ever. A press that makes no click (a touch
// that scrolls, a long press) leaves nothing to swallow: the next tap counts. over tells a
// replay that has ended or was stopped by a newer table. It returns what lets go of the keys.
function skipGuard(over, finish, landed) {
  const onKey = (event) => {
    if (over()) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.key === "Shift") return;
    finish();
    if (event.key === "Tab" && !landed()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  let swallow = false;
  const swallowClick = (event) => {
    if (!swallow) return;
    swallow = false;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const release = () => setTimeout(() => {
    swallow = false;
    document.removeEventListener("click", swallowClick, true);
    document.removeEventListener("pointerup", release, true);
    document.removeEventListener("pointercancel", release, true);
  });
  const onPointer = (event) => {
    if (over() || !event.isPrimary || event.button !== 0) return;
    swallow = !(event.target instanceof Element && event.target.closest("header"));
    document.addEventListener("click", swallowClick, true);
    document.addEventListener("pointerup", release, true);
    document.addEventListener("pointercancel", release, true);
    finish();
  };
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("pointerdown", onPointer, true);
  return () => {
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("pointerdown", onPointer, true);
  };
}

function replay() {
  const root = document.querySelector("[data-replay]");
  const steps = [...document.querySelectorAll("[data-replay-step]")];
  // After the felt, not in it (the lobby of a shared table has it already). Guandan's table has
  // its own region (data-announce), which guandan.js speaks into.
  const live = document.querySelector("[data-replay-live]");
  if (!root || steps.length === 0 || replayedBefore(root)) {
    // guandan.js replays Guandan's turns (a template) and settles.
    if (!document.querySelector("template[data-replay]")) settled();
    const news = live ? asideNews() : [];
    if (news.length > 0) live.textContent = joinSentences(news);
    return;
  }
  const news = live ? asideNews() : [];
  const slots = [...document.querySelectorAll("[data-replay-slot]")];
  const finalText = new Map(slots.map((el) => [el, el.textContent]));
  const byName = new Map(slots.map((el) => [el.dataset.replaySlot, el]));
  const shown = (step) => (step.dataset.replayShow || "").split(" ").filter(Boolean)
    .map((id) => document.getElementById(id)).filter(Boolean);
  const words = (step) => step.dataset.replaySay || step.textContent.trim();
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  let next = 0;
  let timer = 0;
  let landed = false; // the replay's end moved the focus (settled)
  let unguard = () => {};
  const acting = () => root.querySelectorAll(".replay-acting").forEach((el) => el.classList.remove("replay-acting"));
  const finish = () => {
    // The last step's timer may fire after a newer table came (the felt is kept across live
    // updates): the newer replay owns the felt now.
    if (stale()) return;
    clearTimeout(timer);
    const rest = steps.slice(next).map(words).concat(news.splice(0));
    next = steps.length;
    acting();
    for (const [el, text] of finalText) el.textContent = text;
    for (const step of steps) {
      step.removeAttribute("data-replay-pending");
      for (const el of shown(step)) el.hidden = false;
    }
    root.classList.remove("replaying");
    if (live && rest.length > 0) live.textContent = joinSentences(rest);
    unguard();
    landed = settled();
  };
  // A live page may swap in a newer table while this replay runs (its steps have left the
  // page then): the newer one's replay speaks, this one stops without a word.
  const stale = () => {
    if (steps[0].isConnected) return false;
    clearTimeout(timer);
    unguard();
    return true;
  };
  const play = () => {
    if (stale()) return;
    const step = steps[next++];
    acting();
    root.querySelector(`[data-seat="${step.dataset.replaySeat}"]`)?.classList.add("replay-acting");
    let set = {};
    try { set = JSON.parse(step.dataset.replaySet || "{}"); } catch { set = {}; }
    for (const [name, text] of Object.entries(set)) {
      const el = byName.get(name);
      if (!el || el.textContent === text) continue;
      el.textContent = text;
      el.classList.remove("pop");
      void el.offsetWidth; // restarts the animation
      el.classList.add("pop");
    }
    for (const el of shown(step)) el.hidden = false;
    step.removeAttribute("data-replay-pending");
    if (live) live.textContent = words(step);
    if (next < steps.length) timer = setTimeout(play, 650);
    else timer = setTimeout(finish, 650);
  };
  if (reduced) {
    finish();
    return;
  }
  root.classList.add("replaying");
  for (const el of slots) {
    if (el.dataset.replayFrom !== undefined) el.textContent = el.dataset.replayFrom;
  }
  for (const step of steps) {
    step.setAttribute("data-replay-pending", "");
    for (const el of shown(step)) el.hidden = true;
  }
  unguard = skipGuard(stale, finish, () => landed);
  timer = setTimeout(play, 350);
}
replay();
document.addEventListener("cardavia:page", replay);

// Keyboard shortcuts at the table: each action button, and the Guandan Hint link, names its key
// in aria-keyshortcuts (the keys come from one table on the server, views.Shortcut). A letter
// matches by the character typed or by the physical key (KeyL), so the shortcuts also work on
// a Persian or Chinese keyboard layout.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  // The shortcuts belong to the table: they act only while the focus is on the table, on the
  // notice about the last move or a lesson's words (where a move leaves it) or on nothing at
  // all, so keys typed anywhere else on the page do what they always do (WCAG 2.1.4).
  if (target !== document.body && !target.closest(".felt, [data-notice], .lesson-bubble")) return;
  // Typing fields keep their keys; a ticked card (a checkbox or radio) does not type.
  if (target.closest('input:not([type="checkbox"]):not([type="radio"]), select, textarea, [contenteditable]')) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : "";
  const code = /^Key[A-Z]$/.test(event.code) ? event.code.slice(3).toLowerCase() : "";
  if (!key && !code) return;
  for (const control of document.querySelectorAll(".felt :is(button, a)[aria-keyshortcuts]")) {
    const k = control.getAttribute("aria-keyshortcuts");
    if (k === key || k === code) {
      event.preventDefault();
      control.click();
      return;
    }
  }
});

// A form sent twice (a double click, a key held down) reached the server twice: the second,
// for a position the first had moved on from, answered "nothing changed" and its page hid what
// the first did. Once a form posts, this page is on its way out: another post from it within
// two seconds is dropped (after that it goes, should a load have been stopped).
(function () {
  let sentAt = -Infinity;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.method !== "post") return;
    const now = performance.now();
    if (now - sentAt < 2000) event.preventDefault();
    else sentAt = now;
  });
  window.addEventListener("pageshow", () => { sentAt = -Infinity; });
})();

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

// A shared table's live page. Its table's event stream (data-events) says when anything at
// the table changed (a move by anyone, the AI's turns after it, a seat taken); the page then
// asks for itself again, exactly as a reload would, and swaps in the new table, so that the
// others' moves appear within a moment and replay one by one, without a reload. Without
// JavaScript the page reloads itself while the others play when its player chose that (a
// meta refresh); with a stream that is not needed, so the pending reload is stopped. The
// tab's title is the new page's: it says when the player is to act.
(function live() {
  const root = () => document.querySelector("[data-events]");
  if (!root() || !("EventSource" in window)) return;
  // A refused seat form answers with the lobby at the form's own address, which only takes a
  // POST: the page follows, and reloads, the table's.
  const own = root().dataset.events.replace(/\/events$/, "");
  if (location.pathname !== own) history.replaceState(history.state, "", own);
  // The new table is not swapped in whole: its live regions (the words of the moves replayed,
  // whose turn it is, the phrases said) keep their elements in the page, with only what
  // changed changed. A screen reader reads out a change inside a region it knows, never a
  // region that arrives with its words, and an element taken out and put back is new to it.
  // Everything else is the new page's. Inside a region, nodes alike stay, and the parts that
  // are not live (the countdown) change in place.
  const keep = "[data-announce], [data-replay-live], .shared-status, .talk-said";
  const element = (n) => n.nodeType === Node.ELEMENT_NODE;
  const pairs = (old, young, inside) => {
    if (old.nodeType !== young.nodeType) return false;
    if (!element(old)) return inside && old.textContent === young.textContent;
    if (old.tagName !== young.tagName || old.getAttribute("class") !== young.getAttribute("class")) return false;
    if (inside) return old.isEqualNode(young) || old.getAttribute("aria-live") === "off";
    // Both ways: an old live region must not be taken over by a new sibling of its tag and
    // class that holds none, nor a new one land in an old element that held none.
    const holds = (el) => el.matches(keep) || el.querySelector(keep) !== null;
    return holds(old) && holds(young);
  };
  const morph = (el, to, inside = false) => {
    for (const name of el.getAttributeNames()) if (!to.hasAttribute(name)) el.removeAttribute(name);
    for (const name of to.getAttributeNames()) {
      if (el.getAttribute(name) !== to.getAttribute(name)) el.setAttribute(name, to.getAttribute(name));
    }
    inside ||= el.matches(keep);
    const had = [...el.childNodes];
    const out = [];
    let from = 0;
    for (const young of [...to.childNodes]) {
      let i = from;
      while (i < had.length && !pairs(had[i], young, inside)) i++;
      if (i === had.length) {
        out.push(young);
        continue;
      }
      from = i + 1;
      out.push(had[i]);
      if (element(had[i]) && !had[i].isEqualNode(young)) morph(had[i], young, inside);
    }
    for (const old of had) if (!out.includes(old)) old.remove();
    let at = el.firstChild;
    for (const n of out) {
      if (n === at) at = at.nextSibling;
      else el.insertBefore(n, at);
    }
  };
  // The skip links come before the header, outside the table: the one to the hand comes with
  // the felt at the match's start (and leaves with it), each in its place; a link both pages
  // have stays, so that a focus on it is kept.
  const skipLinks = (doc) => {
    const links = (d) => [...d.querySelectorAll("body > a.skip-link")];
    const had = new Map(links(document).map((a) => [a.getAttribute("href"), a]));
    let at = document.body.firstChild;
    for (const young of links(doc)) {
      const old = had.get(young.getAttribute("href"));
      had.delete(young.getAttribute("href"));
      const link = old ?? document.importNode(young, true);
      if (link !== at) document.body.insertBefore(link, at);
      at = link.nextSibling;
    }
    for (const old of had.values()) old.remove();
  };
  // focusKey says how to find the control in focus in the new table: by its id, or by its
  // name and value or its action, in its seat of the list of seats (each has its Take).
  const focusKey = (el) => {
    if (el.id) return `#${CSS.escape(el.id)}`;
    const tag = el.tagName.toLowerCase();
    let key = "";
    if (el.name && "value" in el) key = `${tag}[name="${CSS.escape(el.name)}"][value="${CSS.escape(el.value)}"]`;
    else if (el.dataset.action) key = `${tag}[data-action="${CSS.escape(el.dataset.action)}"]`;
    const slot = key && el.closest("[data-seat-slot]");
    return slot ? `[data-seat-slot="${CSS.escape(slot.dataset.seatSlot)}"] ${key}` : key;
  };
  // typed lists what the player has typed or chosen in the table's fields (a name for a seat,
  // a seat to move a player to) and not sent yet: the new table's fields, empty, get it back.
  const typed = (table) => [...table.querySelectorAll("input[id], select[id]")].filter((el) => el instanceof HTMLSelectElement
    ? [...el.options].some((o) => o.selected !== o.defaultSelected)
    : el.type !== "hidden" && el.value !== el.defaultValue)
    .map((el) => [el.id, el.value, el === document.activeElement && "selectionStart" in el ? [el.selectionStart, el.selectionEnd] : null]);
  let rev = Number(root().dataset.rev) || 0;
  let busy = false;
  let again = false;
  let moved = false; // the table moved on, not only a phrase said
  let notice = shownNotice;
  const follow = async (move) => {
    moved ||= move;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      // A notice about the last move is stale once the table moves on.
      if (moved) notice = null;
      moved = false;
      const address = new URL(location.href);
      if (notice !== null) address.searchParams.set("notice", notice);
      const response = await fetch(address, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = doc.querySelector("[data-events]");
      const current = root();
      if (!fresh || !current) return;
      const focused = current.contains(document.activeElement) ? focusKey(document.activeElement) : "";
      const kept = typed(current);
      // At the same move (a phrase said) the cards ticked stay ticked.
      const ticked = fresh.dataset.move === current.dataset.move
        ? [...current.querySelectorAll('input[name="card"]:checked')].map((box) => box.value) : [];
      rev = Number(fresh.dataset.rev) || rev;
      morph(current, fresh);
      skipLinks(doc);
      document.title = doc.title;
      let changed = null;
      for (const box of ticked.length > 0 ? current.querySelectorAll('input[name="card"]') : []) {
        if (box.checked !== ticked.includes(box.value)) {
          box.checked = !box.checked;
          changed = box;
        }
      }
      for (const [id, value, caret] of kept) {
        const field = document.getElementById(id);
        if (!field || !current.contains(field)) continue;
        field.value = value;
        if (caret) {
          field.focus({ preventScroll: true });
          try { field.setSelectionRange(...caret); } catch { /* not a text field */ }
        }
      }
      // The focus stays on the same control if the new table has it (else it is left alone).
      const target = focused && current.querySelector(focused);
      if (target && target !== document.activeElement) target.focus({ preventScroll: true });
      document.dispatchEvent(new CustomEvent("cardavia:page"));
      changed?.dispatchEvent(new Event("change", { bubbles: true }));
    } catch {
      // A failed fetch leaves the page as it was; the next event tries again.
    } finally {
      busy = false;
      if (again) {
        again = false;
        follow(false);
      }
    }
  };
  // A stream that comes back after a drop (a restart, another process) may have missed
  // events: the server sends the current revision at once when the page is not at it. The browser
  // reconnects by itself after a network error, but gives up for good on an answer that is not
  // a stream (a 503 while the site restarts): then the page opens a new one, waiting longer
  // each time, so that it never freezes.
  let wait = 1000;
  const open = () => {
    const stream = new EventSource(`${root().dataset.events}?rev=${rev}`);
    stream.addEventListener("open", () => { wait = 1000; });
    stream.addEventListener("table", (event) => {
      // Any other revision: a table restored from an older copy goes back as well as on.
      if (Number(event.lastEventId) !== rev) follow(true);
    });
    // A phrase said at the table: the page shows it, in this player's language.
    stream.addEventListener("talk", () => follow(false));
    stream.addEventListener("error", () => {
      if (stream.readyState !== EventSource.CLOSED) return;
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 30000);
    });
  };
  // window.stop() cancels the pending reload, but it also aborts every request still
  // connecting, and an aborted EventSource never reconnects: so the reload is stopped once the
  // page has loaded, and only then does the stream open.
  const start = () => {
    const meta = document.querySelector('meta[http-equiv="refresh"]');
    if (meta) {
      window.stop();
      meta.remove();
    }
    open();
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  // A countdown of the seat to act's time, from the server's deadline. And a player who asked
  // for a rematch waits without a button until anyone may deal it (data-follow-in seconds):
  // nothing happens at the table then, so no event comes; the page asks for itself again.
  setInterval(() => {
    const waiting = document.querySelector("[data-follow-in]");
    if (waiting) {
      waiting.dataset.due ||= String(Date.now() + Number(waiting.dataset.followIn) * 1000);
      if (Date.now() >= Number(waiting.dataset.due)) {
        waiting.removeAttribute("data-follow-in");
        follow(false);
      }
    }
    const el = document.querySelector("[data-deadline]");
    if (!el) return;
    const left = Math.max(0, Math.round((Number(el.dataset.deadline) - Date.now()) / 1000));
    const digits = new Intl.NumberFormat(document.documentElement.lang || undefined).format(left);
    el.textContent = el.textContent.replace(/[\p{Nd}٬,.\s]*\p{Nd}/u, digits);
  }, 1000);
})();
