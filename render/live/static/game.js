/* One game followed (docs/live.md#following-the-boards): the site's viewer (viewer.js), drawn again
   as turns are saved. A reader at the last turn goes on to the new one; a reader looking back
   stays where they are. Without a stream (the static relay), the game's file is read every few
   seconds, and FINISHED times less often once the game is finished (it may be reopened). */
(function () {
  "use strict";
  var live = window.ludoscribeLive;
  var page = live.pageData();
  var main = document.querySelector(".ls-live-game");
  var key = page.key, asked = null;
  var FINISHED = 6;  /* a finished game's file is read six times less often */

  /* The entry the viewer shows, and whether it is the end of the main line. */
  function place() {
    var game = main.querySelector(".ls-game");
    var data = game && game.querySelector("script.ls-data");
    if (!data) return {at: 0, end: true};
    var next = JSON.parse(data.textContent).next;
    var current = game.querySelector("a.ls-m[aria-current=step]");
    var at = current ? +current.getAttribute("href").split("-").pop() : 0;
    var end = 0;
    while (next[end] >= 0) end = next[end];
    return {at: at, end: at === end};
  }

  function show(html) {
    var before = place();
    main.innerHTML = html;  /* drawn by the server, every text in it escaped */
    var game = main.querySelector(".ls-game");
    if (game && !before.end) game.setAttribute("data-at", before.at);
    if (window.ludoscribeViewer) window.ludoscribeViewer.start();
    status(connected);
  }

  function fetchView(wantedKey) {
    if (asked === wantedKey || key === wantedKey) return;
    asked = wantedKey;
    fetch(page.view + (page.view.indexOf("?") < 0 ? "?k=" : "&k=") + encodeURIComponent(wantedKey), {cache: "no-store"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (view) {
        if (!view || asked !== wantedKey) return;
        key = view.key;
        show(view.html);
      }, function () { asked = null; });
  }

  /* The connection as the stream says it; a finished game is said finished rather than live. */
  var connected = "";
  function status(text) {
    connected = text;
    if (!text) return;
    var finished = main.querySelector(".ls-badge[data-state=finished]");
    live.setText(document.querySelector(".ls-connection"),
                 (text === "Live" && finished ? "Finished" : text) + (page.note ? " · " + page.note : ""));
  }
  if (page.events) {
    live.follow(page.events, function (kind, data) {
      var games = kind === "event" ? data.games : kind === "game" ? [data] : [];
      games.forEach(function (game) { if (game.name === page.name) fetchView(game.key); });
    }, status);
  } else if (page.poll) {
    poll();
  }

  function poll() {
    fetch(page.poll + "?t=" + Date.now(), {cache: "no-store"}).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (data) {
      var game = data && data.games.find(function (each) { return each.name === page.name; });
      if (game) {
        fetchView(game.key);
        status(game.state === "live" ? "Live" : "Finished");
      }
      setTimeout(poll, (game && game.state !== "live" ? FINISHED : 1) * (page.every || 5000));
    }, function () {
      status("Offline");
      setTimeout(poll, page.every || 5000);
    });
  }
})();
