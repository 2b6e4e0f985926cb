// The lobby takes a player to a match of theirs that has just started: the list
// (templates/games/_lobby_list.html, refreshed live by live-updates.js) marks a challenge
// whose match is live and not yet visited by this player with data-go.
(function () {
  const lobby = document.getElementById("lobby");
  if (!lobby || typeof MutationObserver === "undefined") return;
  let gone = false;
  const go = () => {
    const item = lobby.querySelector("[data-go]");
    if (item && !gone) {
      gone = true;
      window.location.assign(item.dataset.go);
    }
  };
  new MutationObserver(go).observe(lobby, { childList: true, subtree: true });
  go();
})();
