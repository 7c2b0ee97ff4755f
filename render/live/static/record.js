// @ts-check
/* The scorer's start page (docs/live.md#recording-a-game): the event code, then a game to record or a new one. */
(function () {
  "use strict";
  var live = window.ludoscribeLive;
  var t = live.t;
  var page = live.pageData();
  var message = document.querySelector(".ls-message");
  var codeField = /** @type {HTMLInputElement} */ (document.getElementById("ls-code"));
  var next = /^#next=(\/record\/[^#?]+)$/.exec(location.hash);

  function say(text, kind) {
    message.textContent = text;
    message.setAttribute("data-kind", kind || "info");
  }

  codeField.value = live.stored("ls-code");

  document.querySelector(".ls-code-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var code = codeField.value.trim().toUpperCase();
    live.store("ls-code", code);
    live.api("POST", "/api/code").then(function (answer) {
      if (answer.status !== 200) {
        live.store("ls-code", null);
        say(answer.data.refused, "refused");
        return;
      }
      say(t("Code accepted: this device may record."), "ok");
      if (next) location.assign(decodeURIComponent(next[1]));
    }, function () { say(t("The server cannot be reached: try again."), "refused"); });
  });

  /* The player fields are named after the game's sides (Yellow and Red for Teblo). */
  var gameField = /** @type {HTMLSelectElement} */ (document.getElementById("ls-game"));
  function sides() {
    var names = page.games[gameField.value] || [t("First player"), t("Second player")];
    document.querySelector(".ls-first-label").textContent = t("{side} (first player)", {side: names[0]});
    document.querySelector(".ls-second-label").textContent = t("{side} (second player)", {side: names[1]});
  }
  gameField.addEventListener("change", sides);
  sides();

  document.querySelector(".ls-new-game").addEventListener("submit", function (event) {
    event.preventDefault();
    if (!live.stored("ls-code")) { say(t("Give the event code first."), "refused"); return; }
    var form = /** @type {HTMLFormElement} */ (event.target);
    var value = function (/** @type {string} */ field) {
      return /** @type {HTMLInputElement} */ (form.elements.namedItem(field)).value.trim();
    };
    live.api("POST", "/api/games", {game: value("game"), variant: value("variant"), round: value("round"),
                                    board: value("board"), date: value("date"),
                                    players: [value("first") || "?", value("second") || "?"]})
      .then(function (answer) {
        if (answer.status === 200) location.assign("/record/" + encodeURIComponent(answer.data.name));
        else say(answer.data.refused, "refused");
      }, function () { say(t("The server cannot be reached: try again."), "refused"); });
  });
})();
