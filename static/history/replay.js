// Play and pause for a replay, and keys for its steps: the page works without this file (the
// step links are plain links); with it, Play follows the "next" link every second and a
// replay that was playing goes on playing on the next page of the same deal, until Pause, a
// step taken by hand (a key or a link of the steps) or the deal's last step; the arrow keys
// step back and forth (the arrow pointing the way the page reads goes forward, so on a
// right-to-left page ← is next), Home and End go to the first and last step. Play notes the
// address of the step it goes to and goes on only there, so a player who leaves a playing
// replay (for the list of deals, the table) finds the next replay they open at rest. Play on
// the deal's last step plays it again from the start (at once), as a player's media do; a
// deal with no move yet has nothing to play, and no button.
(function () {
  "use strict";
  var button = document.querySelector(".replay-play");
  if (!button) return;
  var rtl = document.documentElement.dir === "rtl";
  var keys = {
    "a[data-step-next]": rtl ? "ArrowLeft" : "ArrowRight",
    "a[data-step-back]": rtl ? "ArrowRight" : "ArrowLeft",
    "a[data-step-first]": "Home",
    "a[data-step-last]": "End"
  };
  Object.keys(keys).forEach(function (sel) {
    var a = document.querySelector(sel);
    if (a) a.setAttribute("aria-keyshortcuts", keys[sel]);
  });
  document.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    if (t && t.closest && t.closest("input, select, textarea, [contenteditable], details.quick")) return;
    var a = document.querySelector('.replay-nav a[aria-keyshortcuts="' + e.key + '"]');
    if (!a) return;
    e.preventDefault();
    stop(); // a step by hand takes over from Play
    window.location.assign(a.href);
  });
  var key = "cardavia.replay.playing";
  // A replay played from the keyboard keeps the focus on its button from page to page, where
  // Enter pauses: else each page would begin at its top, too far from Pause to Tab to it
  // before the next one comes. Not after a pointer's press: the pointer is where its player looks.
  var focusKey = "cardavia.replay.focus";
  var pointer = false;
  document.addEventListener("pointerdown", function () { pointer = true; }, true);
  document.addEventListener("keydown", function () { pointer = false; }, true);
  var timer = null;
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  function next() { return document.querySelector("a[data-step-next]"); }
  function first() { return document.querySelector("a[data-step-first]"); }
  function show(playing) { button.textContent = playing ? button.dataset.pause : button.dataset.play; button.setAttribute("aria-pressed", playing ? "true" : "false"); }
  function stop() { clearTimeout(timer); timer = null; try { sessionStorage.removeItem(key); } catch (e) {} show(false); }
  // play goes on to the next step in a moment; pressed on the last step (again), it goes
  // back to the first at once and goes on from there.
  function play(again) {
    var link = next(), wait = reduced ? 2000 : 1000;
    if (!link && again) { link = first(); wait = 0; }
    if (!link) { stop(); return; }
    try { sessionStorage.setItem(key, link.href); } catch (e) {}
    show(true);
    timer = setTimeout(function () {
      try {
        if (document.activeElement === button && !pointer) sessionStorage.setItem(focusKey, link.href);
        else sessionStorage.removeItem(focusKey);
      } catch (e) {}
      window.location.assign(link.href);
    }, wait);
  }
  if (!next() && !first()) return; // no move to play
  button.hidden = false;
  button.addEventListener("click", function () { if (timer) { stop(); } else { play(true); } });
  button.closest(".replay-nav").addEventListener("click", function (e) {
    if (e.target instanceof Element && e.target.closest("a[href]")) stop(); // a step by hand
  });
  var playing = false, focused = false;
  try {
    playing = sessionStorage.getItem(key) === location.href;
    focused = sessionStorage.getItem(focusKey) === location.href;
    sessionStorage.removeItem(focusKey);
  } catch (e) {}
  if (playing) { play(); } else { show(false); }
  if (playing && focused) button.focus({ preventScroll: true });
})();
