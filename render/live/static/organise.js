// @ts-check
/* The organiser's page (docs/live.md#the-organisers-page): the organiser's code, then the players, the
   last round's boards, pairing the next round, a board changed before it starts, a result without a record.
   Every change is asked of the server, which says in one line why it refuses one. */
(function () {
  "use strict";
  var live = window.ludoscribeLive;
  var t = live.t;
  var KEY = "ls-organiser-code";
  var message = /** @type {HTMLElement} */ (document.querySelector(".ls-message"));
  var codeField = /** @type {HTMLInputElement} */ (document.getElementById("ls-organiser-code"));
  var main = /** @type {HTMLElement} */ (document.querySelector(".ls-organise-body"));
  /** @type {any} */
  var shown = null;

  function say(/** @type {string} */ text, /** @type {string} */ kind) {
    message.textContent = text;
    message.setAttribute("data-kind", kind);
  }

  /** @returns {Promise<{status: number, data: any}>} */
  function ask(/** @type {string} */ method, /** @type {string} */ url, /** @type {unknown} */ body) {
    return live.request(method, url, body, {"X-Organiser-Code": live.stored(KEY)});
  }

  function cell(/** @type {HTMLTableRowElement} */ row, /** @type {string} */ text) {
    var td = document.createElement("td");
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function button(/** @type {HTMLElement} */ where, /** @type {string} */ label, /** @type {string} */ url,
                  /** @type {object} */ body) {
    var element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    element.addEventListener("click", function () { change(url, body); });
    where.appendChild(element);
  }

  /* A board's state as the server names it (a code), in the page's language. */
  function boardState(/** @type {string} */ state) {
    var names = {waiting: t("waiting"), started: t("started"), finished: t("finished"), forfeit: t("forfeit"),
                 missing: t("missing"), problem: t("problem")};
    return Object.prototype.hasOwnProperty.call(names, state) ? names[state] : state;
  }

  function draw(/** @type {any} */ state) {
    shown = state;
    main.hidden = false;
    var round = state.round;
    var sides = state.sides || [t("First"), t("Second")];
    document.querySelector(".ls-first-side").textContent = sides[0];
    document.querySelector(".ls-second-side").textContent = sides[1];
    document.querySelector(".ls-round-heading").textContent = round ?
      t("Round {round} of {rounds}", {round: round.number, rounds: state.rounds}) :
      live.tn("No round paired yet ({count} round)", "No round paired yet ({count} rounds)", state.rounds);
    var boards = /** @type {HTMLElement} */ (document.querySelector(".ls-boards-table tbody"));
    boards.textContent = "";
    (round ? round.boards : []).forEach(function (/** @type {any} */ board) {
      var row = document.createElement("tr");
      row.setAttribute("data-board", String(board.board));
      cell(row, String(board.board));
      cell(row, board.first);
      cell(row, board.second);
      cell(row, boardState(board.state) + (board.recorder && board.state !== "finished" ? t(" (being recorded)") : ""));
      cell(row, board.result);
      var actions = cell(row, "");
      var where = {round: round.number, board: board.board};
      if (board.state === "waiting" || board.state === "started") {
        button(actions, t("{result} forfeit", {result: "1-0"}), "/api/organise/result", Object.assign({result: "1-0", forfeit: true}, where));
        button(actions, t("{result} forfeit", {result: "0-1"}), "/api/organise/result", Object.assign({result: "0-1", forfeit: true}, where));
        ["1-0", "1/2-1/2", "0-1"].forEach(function (result) {
          button(actions, t("{result} played", {result: result}), "/api/organise/result", Object.assign({result: result}, where));
        });
      }
      if (board.state === "waiting") button(actions, t("Swap sides"), "/api/organise/swap", where);
      boards.appendChild(row);
    });
    document.querySelector(".ls-bye").textContent = round && round.bye ? t("Bye: {name}", {name: round.bye}) : "";
    var players = /** @type {HTMLElement} */ (document.querySelector(".ls-players-table tbody"));
    players.textContent = "";
    var next = state.paired + 1;
    state.players.forEach(function (/** @type {any} */ player) {
      var row = document.createElement("tr");
      cell(row, player.name);
      cell(row, player.club);
      cell(row, player.rating === null ? "" : String(player.rating));
      var status = [];
      if (player.joins > 1) status.push(t("joins round {round}", {round: player.joins}));
      if (player.withdrawn) status.push(t("withdrawn from round {round}", {round: player.withdrawn}));
      if (player.byes.length) status.push(t("bye in round {rounds}", {rounds: player.byes.join(", ")}));
      cell(row, status.join("; "));
      var actions = cell(row, "");
      if (!player.withdrawn) {
        button(actions, t("Withdraw"), "/api/organise/withdraw", {name: player.name});
        if (player.byes.indexOf(next) < 0) button(actions, t("Bye in round {round}", {round: next}), "/api/organise/bye",
                                                  {name: player.name, round: next});
      }
      players.appendChild(row);
    });
  }

  var following = false;
  var asking = false;
  var again = false;

  /* The boards' states follow the event's stream: each change read again, one request at a time. */
  function follow() {
    if (following) return;
    following = true;
    live.follow("/events", function () {
      if (asking) { again = true; return; }
      asking = true;
      refresh().then(function () {
        asking = false;
        if (again) { again = false; refresh(); }
      });
    }, function () { /* the page's message says what the organiser did: the connection is not shown */ });
  }

  function refresh() {
    return ask("GET", "/api/organise").then(function (answer) {
      if (answer.status !== 200) {
        main.hidden = true;
        say(answer.data.refused, "refused");
        return answer.status;
      }
      draw(answer.data);
      follow();
      return answer.status;
    }, function () { say(t("The server cannot be reached: try again."), "refused"); return 0; });
  }

  function change(/** @type {string} */ url, /** @type {object} */ body) {
    return ask("POST", url, body).then(function (answer) {
      if (answer.status !== 200) { say(answer.data.refused, "refused"); return; }
      say(t("Done."), "ok");
      draw(answer.data);
    }, function () { say(t("The server cannot be reached: try again."), "refused"); });
  }

  function fields(/** @type {Event} */ event) {
    event.preventDefault();
    var form = /** @type {HTMLFormElement} */ (event.target);
    return function (/** @type {string} */ name) {
      return /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value.trim();
    };
  }

  codeField.value = live.stored(KEY);
  document.querySelector(".ls-code-form").addEventListener("submit", function (event) {
    event.preventDefault();
    live.store(KEY, codeField.value.trim().toUpperCase());
    refresh().then(function (status) {
      if (status === 200) say(t("Code accepted: this device may organise."), "ok");
      else if (status === 403) live.store(KEY, null);
    });
  });
  document.querySelector(".ls-pair").addEventListener("submit", function (event) {
    event.preventDefault();
    var box = /** @type {HTMLInputElement} */ (document.querySelector(".ls-pair input[name=unfinished]"));
    change("/api/organise/pair", {unfinished: box.checked});
  });
  document.querySelector(".ls-add-player").addEventListener("submit", function (event) {
    var value = fields(event);
    var rating = value("rating");
    change("/api/organise/players", {name: value("name"), club: value("club"),
                                     rating: rating === "" ? null : /^[0-9]+$/.test(rating) ? Number(rating) : rating});
  });
  document.querySelector(".ls-set-board").addEventListener("submit", function (event) {
    var value = fields(event);
    if (!shown || !shown.round) { say(t("No round is paired yet: a board is set in a round paired."), "refused"); return; }
    change("/api/organise/set-board", {round: shown.round.number,
                                       board: Number(value("board")), first: value("first"), second: value("second")});
  });
  if (codeField.value) refresh();
})();
