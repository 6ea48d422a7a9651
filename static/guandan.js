// The Guandan table's optional script: every feature works without it. It adds a button under
// each stack that picks the whole stack; it asks the server, after each change of the
// selection, what the selected cards are and whether they beat the trick (the engine answers;
// no rule is written here); and it replays the AI's turns since the visitor's last move, one at
// a time. The shortcut keys, the Hint link's among them, are app.js's.
"use strict";

function guandanTable() {
  // A live page runs this again for each newer table: a replay the newer one replaced stops
  // without finishing, so the class that hid the prompt and the result during it goes here
  // (this table's own replay, if it has one, sets it again).
  document.documentElement.classList.remove("greplaying");
  const felt = document.querySelector(".gfelt");
  if (!felt) return;
  // The viewer's own seat, whose moves are not read out again: 0 at the solo table, the
  // seat the player holds at a shared one.
  const me = felt.querySelector(".gme")?.dataset.seat ?? "0";

  // The live line: after each change of the selection, the server's engine says what the
  // cards are. A late answer to an older selection is dropped.
  const form = felt.querySelector("form[data-selection-url]");
  const line = form?.querySelector(".gsel");
  let asked = 0;
  const ask = () => {
    if (!form || !line) return;
    // A question of which reading to play was about the cards selected before: its required
    // choice would stop Play for a selection it no longer fits. Play asks again if need be.
    // So was the reading the hint's cards carry.
    form.querySelector(".greadings")?.remove();
    form.querySelector("[data-hint-reading]")?.remove();
    for (const el of form.querySelectorAll("[data-reading-for]")) el.remove();
    // The lesson's URL names its step already: the cards are added to its query.
    const url = new URL(form.dataset.selectionUrl, location.href);
    for (const box of form.querySelectorAll('input[name="card"]:checked')) url.searchParams.append("card", box.value);
    const n = ++asked;
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        if (n !== asked) return;
        const fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".gsel");
        if (!fresh) return;
        line.dataset.selection = fresh.dataset.selection;
        line.textContent = fresh.textContent;
      })
      .catch(() => {});
  };
  form?.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.name === "card") ask();
  });

  // A button under each stack of two or more picks all its cards, or none. The server names
  // the stacks that get one (data-stack-label, views.GuandanTable.StackPick): a hand to play
  // from, laid out by rank, and not in a lesson, where with the bubble above the felt the
  // buttons would push Play off a phone's first screen.
  const syncStack = (group, button) => {
    const boxes = [...group.querySelectorAll('input[name="card"]')];
    button.setAttribute("aria-pressed", String(boxes.every((b) => b.checked)));
  };
  if (form) {
    for (const group of form.querySelectorAll(".ggroup[data-stack-label]")) {
      const boxes = [...group.querySelectorAll('input[type="checkbox"][name="card"]')];
      const button = document.createElement("button");
      button.type = "button";
      button.className = "gstack";
      button.textContent = group.dataset.stackShort;
      button.setAttribute("aria-label", group.dataset.stackLabel);
      syncStack(group, button);
      button.addEventListener("click", () => {
        const all = !boxes.every((b) => b.checked);
        for (const b of boxes) b.checked = all;
        syncStack(group, button);
        ask();
      });
      group.addEventListener("change", () => syncStack(group, button));
      group.append(button);
    }
  }

  // The hand's one Tab stop: the card last in focus, else the first (handKeys below).
  const hand = felt.querySelector(".ghand");
  if (hand) rove(hand);

  // The replay of the AI's turns: the felt goes back to how it was at the visitor's last move
  // (the trick as it stood, data-before) and the steps come one at a time; a click, a key or the Skip button shows the end at once,
  // and so does prefers-reduced-motion. Each AI action is announced once.
  const tpl = document.querySelector("template[data-replay]");
  const announce = document.querySelector("[data-announce]");
  const say = (texts) => { if (announce && texts.length) announce.textContent = joinSentences(texts); };
  // A seat handed to the AI or taken back with no move after it: once, after the replay's steps.
  const news = announce ? asideNews() : [];
  if (!tpl || replayedBefore(felt)) {
    say(news);
    settled();
    return;
  }
  const steps = [...tpl.content.querySelectorAll("[data-step]")];
  // The viewer's own moves are not read back to them, but a move the AI made for their seat
  // (a shared table's, data-by-ai) is.
  const heard = (s) => s.dataset.seat !== me || s.dataset.byAi !== undefined;
  const aiTexts = (list) => list.filter((s) => heard(s) && s.dataset.text).map((s) => s.dataset.text);
  if (matchMedia("(prefers-reduced-motion: reduce)").matches || steps.length === 0) {
    say(aiTexts(steps).concat(news));
    settled();
    return;
  }

  const acts = new Map();
  const counts = new Map();
  for (const box of felt.querySelectorAll("[data-act]")) acts.set(box.dataset.act, { nodes: [...box.childNodes], last: box.classList.contains("last") });
  for (const c of felt.querySelectorAll("[data-count]")) {
    const text = c.querySelector(".gcount");
    if (text) counts.set(c.dataset.hand, { el: c, text, count: c.dataset.count, words: text.textContent });
  }
  const setCount = (seat, count, words) => {
    const c = counts.get(seat);
    if (!c || words === undefined) return;
    c.el.dataset.count = count;
    c.text.textContent = words;
  };
  const clearActs = () => { for (const box of felt.querySelectorAll("[data-act]")) box.replaceChildren(); };
  // A bubble sits over the seat's part of the trick (a positioned box), never elsewhere.
  const bubble = (seat, node) => {
    const where = felt.querySelector(`[data-act="${seat}"]`);
    if (!where || !node) return;
    const b = document.createElement("span");
    b.className = "gbubble";
    b.setAttribute("aria-hidden", "true");
    b.textContent = node.textContent;
    where.append(b);
  };
  const clearBubbles = () => { for (const b of felt.querySelectorAll(".gbubble")) b.remove(); };

  let timer = 0;
  let next = 0;
  let done = false;
  const skip = document.createElement("button");
  skip.type = "button";
  skip.className = "gskip";
  skip.textContent = tpl.dataset.skipLabel || "»";

  // A seat's placing ("second", "fourth") tells the end as well: a seat that finishes in the
  // replay shows it once the replay has come to its finish, not while it still holds cards.
  const places = new Map();
  for (const st of steps) {
    const p = st.dataset.step === "out" && felt.querySelector(`[data-seat="${st.dataset.seat}"] .gplace`);
    if (p) places.set(st.dataset.seat, p);
  }
  const out = (seat) => {
    places.get(seat)?.removeAttribute("data-replay-pending");
    places.get(seat)?.closest(".gseat")?.classList.add("out");
  };
  // The log below the felt tells no more than the felt: a line shows once the replay has
  // reached its step (data-gstep, how many steps that takes).
  const lines = [...document.querySelectorAll("[data-gstep]")];
  const reveal = (all) => {
    for (const li of lines) {
      if (all || Number(li.dataset.gstep) <= next) li.removeAttribute("data-replay-pending");
    }
    if (all) for (const seat of places.keys()) out(seat);
  };

  // A live page may swap in a newer table while this replay runs (this felt has left the
  // page then): the newer one's replay speaks, this one stops without a word.
  const stale = () => {
    if (felt.isConnected) return false;
    done = true;
    clearTimeout(timer);
    unguard();
    return true;
  };
  const finish = () => {
    if (done || stale()) return;
    done = true;
    clearTimeout(timer);
    reveal(true);
    clearBubbles();
    skip.remove();
    for (const [seat, a] of acts) {
      const box = felt.querySelector(`[data-act="${seat}"]`);
      box?.replaceChildren(...a.nodes);
      box?.classList.toggle("last", a.last);
    }
    for (const [seat, c] of counts) setCount(seat, c.count, c.words);
    say(aiTexts(steps.slice(next)).concat(news.splice(0)));
    document.documentElement.classList.remove("greplaying");
    unguard();
    landed = settled();
  };
  let landed = false; // the replay's end moved the focus (settled)
  let unguard = () => {};

  const show = () => {
    if (done || stale()) return;
    if (next >= steps.length) { finish(); return; }
    const st = steps[next++];
    tpl.dataset.at = String(next); // how many steps are shown: a hook for the browser tests
    reveal();
    const seat = st.dataset.seat;
    clearBubbles();
    let wait = 650;
    switch (st.dataset.step) {
      case "play": {
        const box = felt.querySelector(`[data-act="${seat}"]`);
        const play = st.querySelector(".gact-play")?.cloneNode(true);
        if (box && play) { play.classList.add("fresh"); box.replaceChildren(play); }
        setCount(seat, st.dataset.count, st.dataset.countText);
        break;
      }
      case "pass": {
        const box = felt.querySelector(`[data-act="${seat}"]`);
        const pass = st.querySelector(".gact-play")?.cloneNode(true);
        if (box && pass) box.replaceChildren(pass);
        bubble(seat, st.querySelector("[data-bubble]"));
        break;
      }
      case "trick":
        bubble(seat, st.querySelector("[data-bubble]"));
        timer = setTimeout(() => { clearActs(); show(); }, 600);
        if (heard(st)) say([st.dataset.text]);
        return;
      case "out":
        bubble(seat, st.querySelector("[data-bubble]"));
        out(seat);
        break;
      default:
        wait = 0;
    }
    if (heard(st) && st.dataset.text) say([st.dataset.text]);
    timer = setTimeout(show, wait);
  };

  // Back to the visitor's last move: the trick as it stood then (the server sends each
  // seat's part of it, data-before), with nothing of this replay on it, and each seat's count
  // before its plays. The boxes lose their "last trick" dimming until the end.
  document.documentElement.classList.add("greplaying");
  for (const li of lines) li.setAttribute("data-replay-pending", "");
  for (const p of places.values()) {
    p.setAttribute("data-replay-pending", "");
    p.closest(".gseat")?.classList.remove("out");
  }
  for (const box of felt.querySelectorAll("[data-act]")) {
    const before = tpl.content.querySelector(`[data-before="${box.dataset.act}"]`);
    box.replaceChildren(...(before ? [...before.cloneNode(true).childNodes] : []));
    box.classList.remove("last");
  }
  for (const s of tpl.content.querySelectorAll("[data-start]")) setCount(s.dataset.start, s.dataset.count, s.dataset.countText);
  (felt.querySelector(".gcentre") || felt).append(skip);
  skip.addEventListener("click", finish);
  // The first key or click only ends the replay, as at the As-Nas table (app.js).
  unguard = skipGuard(() => done || stale(), finish, () => landed);
  show();
}
// The hand to pick a play from is one Tab stop, not 27: the card last in focus holds it (a
// roving tabindex; without the script every card is a stop, as before). The arrows go from
// card to card in the order they show. The hand reads left to right in every language
// (guandan.css), so Left and Right follow its direction, not the page's. A stack of one rank
// is a column: Left and Right go to the next stack at the same height (or its foot), Up and
// Down within the stack, its button under it included; in runs, Left and Right go card by
// card. Home and End go to the first and last card; Space ticks a card as ever. The radio
// buttons of a card to return have the browser's own arrows. No key with a modifier.
let handStop = ""; // the card (its value) or stack button (its group's) that holds the stop
const handItems = (hand) => [...hand.querySelectorAll('input[type="checkbox"][name="card"], .gstack')];
const stopKey = (el) => (el.matches(".gstack") ? "stack " + el.closest(".ggroup")?.dataset.group : el.value);
function rove(hand, stop) {
  const items = handItems(hand);
  if (!items.some((el) => el.type === "checkbox")) return;
  stop ||= items.find((el) => stopKey(el) === handStop) || items[0];
  handStop = stopKey(stop);
  for (const el of items) el.tabIndex = el === stop ? 0 : -1;
}
document.addEventListener("focusin", (event) => {
  const hand = event.target instanceof Element && event.target.closest(".ghand");
  if (hand && handItems(hand).includes(event.target)) rove(hand, event.target);
});
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.defaultPrevented) return;
  const hand = event.target instanceof Element && event.target.closest(".ghand");
  if (!hand) return;
  const items = handItems(hand);
  const cards = items.filter((el) => el.type === "checkbox");
  const at = items.indexOf(event.target);
  if (cards.length === 0 || (at < 0 && event.target !== hand)) return;
  const rtl = getComputedStyle(hand).direction === "rtl";
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 2, ArrowUp: -2 }[event.key];
  let to = null;
  if (event.key === "Home") to = cards[0];
  else if (event.key === "End") to = cards[cards.length - 1];
  else if (!step) return;
  else if (at < 0) to = items.find((el) => el.tabIndex === 0) || cards[0]; // from the hand itself
  else if (hand.classList.contains("stacked")) {
    const columns = [...hand.querySelectorAll(".ggroup")].map((g) => items.filter((el) => g.contains(el))).filter((c) => c.length > 0);
    const c = columns.findIndex((col) => col.includes(event.target));
    const r = columns[c].indexOf(event.target);
    const col = Math.abs(step) === 2 ? columns[c] : columns[c + step];
    to = Math.abs(step) === 2 ? col[r + step / 2] : col?.[Math.min(r, col.length - 1)];
  } else if (Math.abs(step) === 2) return; // runs are rows: Up and Down scroll as ever
  else to = items[at + step];
  event.preventDefault();
  if (!to) return;
  rove(hand, to);
  to.focus();
});

guandanTable();
// A shared table's live page swaps in its new content (app.js): the hand and the replay of the
// moves since are this script's again.
document.addEventListener("cardavia:page", guandanTable);
