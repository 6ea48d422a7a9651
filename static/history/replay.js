// Play and pause for a replay: the page works without this file (the step links are plain
// links); with it, Play follows the "next" link every second and a replay that was playing
// goes on playing on the next page, until Pause or the deal's last step.
(function () {
  "use strict";
  var button = document.querySelector(".replay-play");
  if (!button) return;
  var key = "cardavia.replay.playing";
  var timer = null;
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  function next() { return document.querySelector("a[data-step-next]"); }
  function show(playing) { button.textContent = playing ? button.dataset.pause : button.dataset.play; button.setAttribute("aria-pressed", playing ? "true" : "false"); }
  function stop() { clearTimeout(timer); timer = null; try { sessionStorage.removeItem(key); } catch (e) {} show(false); }
  function play() {
    var link = next();
    if (!link) { stop(); return; }
    try { sessionStorage.setItem(key, "1"); } catch (e) {}
    show(true);
    timer = setTimeout(function () { window.location.assign(link.href); }, reduced ? 2000 : 1000);
  }
  button.hidden = false;
  button.addEventListener("click", function () { if (timer) { stop(); } else { play(); } });
  var playing = false;
  try { playing = sessionStorage.getItem(key) === "1"; } catch (e) {}
  if (playing) { play(); } else { show(false); }
})();
