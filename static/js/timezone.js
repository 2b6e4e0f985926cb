// Tells the server the browser's time zone (an IANA name) in the "tz" cookie, so pages
// show times in it when the profile sets none (accounts/dates.py). A year-long cookie,
// rewritten only when it changes; read from the next page on.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone) return;
  var current = document.cookie.split("; ").find(function (part) {
    return part.indexOf("tz=") === 0;
  });
  if (current === "tz=" + encodeURIComponent(zone)) return;
  document.cookie =
    "tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax" +
    (location.protocol === "https:" ? "; Secure" : "");
})();
