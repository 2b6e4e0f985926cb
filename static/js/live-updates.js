// Keeps a table fresh without a reload: listens on a WebSocket for {"type": "changed"}
// (docs/protocol.md) and re-fetches the element's partial HTML.
// Markup: <div data-live-ws="/ws/tournaments/3/" data-live-src="/tournaments/x/standings/">
(function () {
  "use strict";

  const say = (text) => (window.django && window.django.gettext ? window.django.gettext(text) : text);

  // The words for a socket the server closed on purpose (docs/protocol.md, "Close codes"):
  // retrying would be refused again, so the page says so and waits for Retry.
  function refusalText(code, reason) {
    if (code !== 4429) return null;
    if (reason === "too_many_from_address") return say("Too many open tables from this connection: close a tab and press Retry.");
    if (reason === "too_many_for_player") return say("You have too many tables open: close a tab and press Retry.");
    if (reason === "flooding") return say("This page sent too many messages and was disconnected: press Retry.");
    return say("Too many connections: close a tab and press Retry.");
  }

  function watch(element) {
    const wsPath = element.dataset.liveWs;
    const source = element.dataset.liveSrc;
    let delay = 500;

    async function refresh() {
      const response = await fetch(source, { headers: { "X-Requested-With": "fetch" } });
      if (response.ok) {
        element.innerHTML = await response.text();
        // Parts of the page outside the element that show the same facts (a heading's
        // status badge) follow it: <x data-live-copy="ID"> copies its text into #ID.
        element.querySelectorAll("[data-live-copy]").forEach((source) => {
          const target = document.getElementById(source.dataset.liveCopy);
          if (target) target.textContent = source.textContent;
        });
        element.dataset.refreshed = String(Number(element.dataset.refreshed || 0) + 1);
      }
    }

    function connect() {
      const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
      const socket = new WebSocket(scheme + window.location.host + wsPath);
      // Every 25 s a ping: the server joins this socket to its group again (a restarted
      // Redis forgets groups while sockets stay open) and the pong refreshes the table, in
      // case a "changed" was lost meanwhile.
      let pinger = null;
      socket.addEventListener("open", () => {
        delay = 500;
        // The socket has joined its group: fetch once, for a change made between the
        // page's render and now, which no "changed" will announce.
        refresh();
        element.dataset.live = "connected";
        pinger = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), 25000);
      });
      socket.addEventListener("message", (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "changed" || message.type === "pong") refresh();
      });
      socket.addEventListener("close", (event) => {
        clearInterval(pinger);
        const refusal = refusalText(event.code, event.reason);
        if (refusal) {
          element.dataset.live = "refused";
          const note = document.createElement("p");
          note.className = "live-refused";
          note.setAttribute("role", "alert");
          note.dataset.testid = "refused";
          const retry = document.createElement("button");
          retry.type = "button";
          retry.className = "btn";
          retry.textContent = say("Retry");
          retry.addEventListener("click", () => { note.remove(); delay = 500; connect(); });
          note.append(refusal + " ", retry);
          element.before(note);
          return;
        }
        element.dataset.live = "reconnecting";
        setTimeout(() => { refresh(); connect(); }, delay);
        delay = Math.min(delay * 2, 5000);
      });
    }

    connect();
  }

  document.querySelectorAll("[data-live-ws]").forEach(watch);
})();

// Printing an event page: every scorecard is printed open (the print stylesheet hides its
// summary line).
window.addEventListener("beforeprint", () => {
  document.querySelectorAll("details.scorecard").forEach((details) => { details.open = true; });
});
