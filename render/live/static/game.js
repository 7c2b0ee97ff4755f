// @ts-check
/* One game followed (docs/live.md#following-the-boards): the site's viewer (viewer.js), drawn again
   as turns are saved, in place: the viewer keeps its board, controls and menu, so the reader keeps
   the control they focused, a click under way and an open menu. A reader at the last turn goes on
   to the new one; a reader looking back stays where they are. Without a stream (the static relay),
   the game's file is read every few seconds, and FINISHED times less often once the game is
   finished (it may be reopened). */
(function () {
  "use strict";
  var live = window.ludoscribeLive;
  var t = live.t;
  var page = live.pageData();
  var main = document.querySelector(".ls-live-game");
  var key = page.key;
  /** @type {string | null} */
  var asked = null;

  /* The entry the viewer shows, and whether it is the end of the main line (the start, before the viewer runs). */
  function place() {
    var viewer = window.ludoscribeViewer;
    var game = main.querySelector(".ls-game");
    return (viewer && game && viewer.place(game)) || {at: 0, end: true};
  }

  /** @param {string} html */
  function show(html) {
    var drawn = document.createElement("template");
    drawn.innerHTML = html;  /* drawn by the server, every text in it escaped */
    var viewer = window.ludoscribeViewer;
    var game = main.querySelector(".ls-game");
    var fresh = drawn.content.querySelector(".ls-record");
    var badge = main.querySelector(".ls-badge"), freshBadge = drawn.content.querySelector(".ls-badge");
    if (viewer && game && fresh && badge && freshBadge && viewer.update(game, fresh)) {
      badge.replaceWith(freshBadge);
    } else {  /* no viewer yet, or none now (a game that cannot be followed): drawn anew */
      var before = place();
      main.replaceChildren(drawn.content);
      game = main.querySelector(".ls-game");
      if (game && !before.end) game.setAttribute("data-at", String(before.at));
      if (viewer) viewer.start();
    }
    status(connected);
  }

  /** @param {string} wantedKey */
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
  /** @param {string} text */
  function status(text) {
    connected = text;
    if (!text) return;
    var finished = main.querySelector(".ls-badge[data-state=finished]");
    live.setText(document.querySelector(".ls-connection"),
                 live.statusLine(text === t("Live") && finished ? t("Finished") : text, page.note));
  }

  /** @typedef {{name: string, key: string, state: string}} Game */
  live.watch(page, {
    message: function (kind, data) {
      /** @type {Game[]} */
      var games = kind === "event" ? data.games : kind === "game" ? [data] : [];
      games.forEach(function (game) { if (game.name === page.name) fetchView(game.key); });
    },
    /* The static relay's file: this game's key and state in it. */
    polled: function (data) {
      /** @type {Game | undefined} */
      var game = data && data.games.find(function (/** @type {Game} */ each) { return each.name === page.name; });
      if (game) fetchView(game.key);
      return {status: game ? (game.state === "live" ? t("Live") : t("Finished")) : "", playing: !game || game.state === "live"};
    },
    status: status
  });
})();
