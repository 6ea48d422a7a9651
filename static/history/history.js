// The finished matches' dates come from the server as a date in UTC, since the server cannot
// know the visitor's time zone; the browser can: each becomes the local date and time, in the
// page's language, digits and calendar (data-local names it, as the server wrote the date: the
// Solar Hijri calendar in Persian), so that two matches of one day tell apart.
(function () {
  "use strict";
  var lang = document.documentElement.lang;
  var times = document.querySelectorAll("time[data-local]");
  if (!times.length || !lang) return;
  var format;
  try {
    format = new Intl.DateTimeFormat(lang + "-u-ca-" + times[0].getAttribute("data-local"), { dateStyle: "long", timeStyle: "short" });
  } catch (e) {
    return; // the server's date stays
  }
  times.forEach(function (t) {
    var d = new Date(t.getAttribute("datetime"));
    if (!isNaN(d.getTime())) t.textContent = format.format(d);
  });
})();
