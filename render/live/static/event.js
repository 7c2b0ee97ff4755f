/* The event page (docs/live.md#following-the-boards): each card follows its board as turns are saved.
   Messages say which game changed; the card is fetched again, drawn by the server. Without a
   stream (the static relay), the page reads the event's JSON file every few seconds instead. */
(function () {
  "use strict";
  var live = window.ludoscribeLive;
  var page = live.pageData();
  var boards = document.querySelector(".ls-boards");
  var wanted = {};  /* per game, the key of the card last asked for */
  var standingsTimer = null;
  var FINISHED = 6;  /* once every game is finished, the event's file is read six times less often */

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

  var status = function (text) { live.setText(document.querySelector(".ls-connection"), text + (page.note ? " · " + page.note : "")); };
  if (page.events) {
    live.follow(page.events, function (kind, data) {
      if (kind === "event") whole(data.games);
      else if (kind === "game") update(data);
      else if (kind === "gone") {
        var card = cardOf(data.name);
        if (card) card.remove();
        refreshStandings();
      }
    }, status);
  } else if (page.poll) {
    poll();
  }

  /* The static relay: read the event's file again, six times less often once no game is being
     played (a finished game may still be reopened). */
  function poll() {
    fetch(page.poll + "?t=" + Date.now(), {cache: "no-store"}).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (data) {
      if (data) {
        whole(data.games);
        status("Updated");
      }
      var playing = !data || data.games.some(function (game) { return game.state === "live"; });
      if (!playing) status("Every game is finished");
      setTimeout(poll, (playing ? 1 : FINISHED) * (page.every || 5000));
    }, function () {
      status("Offline");
      setTimeout(poll, page.every || 5000);
    });
  }
})();
