// dipspy: shows every <time datetime> of the page in the reader's own
// time zone and in the page's language. Without scripts the page shows
// the same times in UTC.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var lang = document.documentElement.lang || undefined;
  var format = new Intl.DateTimeFormat(lang, {
    dateStyle: "full",
    timeStyle: "short",
  });
  document.querySelectorAll("time[datetime]").forEach(function (el) {
    var when = new Date(el.getAttribute("datetime"));
    if (isNaN(when.getTime())) {
      return;
    }
    el.title = el.textContent;
    el.textContent = format.format(when);
    el.classList.add("local");
  });
});
