// The finished matches' dates come from the server as a date in UTC, since the server cannot
// know the visitor's time zone; the browser can: each becomes the local date and time, in the
// page's language and digits (the Gregorian calendar, as the server writes it), so that two
// matches of one day tell apart.
(function () {
  "use strict";
  var lang = document.documentElement.lang;
  var format;
  try {
    format = new Intl.DateTimeFormat(lang ? lang + "-u-ca-gregory" : undefined, { dateStyle: "long", timeStyle: "short" });
  } catch (e) {
    return; // the server's date stays
  }
  document.querySelectorAll("time[data-local]").forEach(function (t) {
    var d = new Date(t.getAttribute("datetime"));
    if (!isNaN(d.getTime())) t.textContent = format.format(d);
  });
})();
