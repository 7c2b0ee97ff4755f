// @ts-check
/* The event page (docs/live.md#following-the-boards): each card follows its board as turns are saved.
   Messages say which game changed; the card is fetched again, drawn by the server. Without a
   stream (the static relay), the page reads the event's JSON file every few seconds instead. */
(function () {
  "use strict";
  var live = window.ludoscribeLive;
  var t = live.t;
  var page = live.pageData();
  var boards = document.querySelector(".ls-boards");
  var wanted = {};  /* per game, the key of the card last asked for */
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  var standingsTimer;

  function cardOf(name) {
    return Array.prototype.find.call(boards.querySelectorAll(".ls-card"), function (card) {
      return card.getAttribute("data-name") === name;
    });
  }

  function fetchCard(game) {
    wanted[game.name] = game.key;
    fetch(page.card.replace("NAME", encodeURIComponent(game.name)) + "?k=" + encodeURIComponent(game.key))
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || wanted[game.name] !== game.key) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;  /* drawn by the server, every text in it escaped */
        var fresh = holder.firstElementChild;
        var old = cardOf(game.name);
        if (old) old.replaceWith(fresh);
        else boards.appendChild(fresh);
        var empty = boards.querySelector(".ls-note");
        if (empty) empty.remove();
      }, function () { /* offline: the next message asks again */ });
  }

  function refreshStandings() {
    clearTimeout(standingsTimer);
    standingsTimer = setTimeout(function () {
      fetch(page.standings).then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (html !== null) document.querySelector(".ls-standings-box").innerHTML = html;
        }, function () {});
    }, 300);
  }

  function update(game) {
    var card = cardOf(game.name);
    if (!card || card.getAttribute("data-key") !== game.key) {
      if (wanted[game.name] !== game.key) fetchCard(game);
      refreshStandings();
    }
  }

  /* The whole event: cards updated, added, removed, and put in the event's order. */
  function whole(games) {
    var names = {};
    games.forEach(function (game) { names[game.name] = true; update(game); });
    boards.querySelectorAll(".ls-card").forEach(function (card) {
      if (!names[card.getAttribute("data-name")]) card.remove();
    });
    games.forEach(function (game) {
      var card = cardOf(game.name);
      if (card) boards.appendChild(card);
    });
  }

  live.watch(page, {
    message: function (kind, data) {
      if (kind === "event") whole(data.games);
      else if (kind === "game") update(data);
      else if (kind === "gone") {
        var card = cardOf(data.name);
        if (card) card.remove();
        refreshStandings();
      }
    },
    /* The static relay's file: the whole event each time. */
    polled: function (data) {
      if (data) whole(data.games);
      var playing = !data || data.games.some(function (/** @type {{state: string}} */ game) { return game.state === "live"; });
      return {status: !playing ? t("Every game is finished") : data ? t("Updated") : "", playing: playing};
    },
    status: function (text) { live.setText(document.querySelector(".ls-connection"), live.statusLine(text, page.note)); }
  });
})();
