/* The studio's page (docs/annotating.md): records listed, a record's board and moves, annotated by
   tapping and dragging on the board. The server does every edit and saves it at once; this page
   sends what was asked and shows the record as the server answers. */
(function () {
  "use strict";
  var $ = function (selector) { return document.querySelector(selector); };
  var token = $('meta[name="studio-token"]').getAttribute("content");
  var status = $(".st-status"), editor = $(".st-editor"), boardBox = $(".st-board"), movesBox = $(".st-moves");
  var offersBox = $(".st-offers"), turnField = $(".st-turn"), changedBox = $(".st-changed");
  var here = null;  /* {file, record, at} shown */
  var state = null;  /* the record as the server last said */
  var tool = "play", draft = "", picked = [], arrowFrom = null, pressed = null;

  /* A text in the page's language, each {name} given by `values` (live.js: the words the server writes
     in the page, docs/annotating.md#languages; none: English). */
  var t = window.ludoscribeLive.t;

  function say(text, kind) {
    status.textContent = text;
    status.setAttribute("data-kind", kind || "info");
  }

  function request(method, url, data) {
    var options = {method: method, headers: {"X-Studio-Token": token}};
    if (data) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(data);
    }
    return fetch(url, options).then(function (answer) {
      return answer.json().then(function (json) {
        if (!answer.ok) {
          say(json.refused || t("refused"), "error");
          if (answer.status === 409) checkDisk();
          return null;
        }
        return json;
      });
    }, function () { say(t("the studio's server does not answer: is it still running?"), "error"); return null; });
  }

  function query(params) {
    return Object.keys(params).map(function (key) {
      return encodeURIComponent(key) + "=" + encodeURIComponent(params[key]);
    }).join("&");
  }

  function listRecords() {
    return request("GET", "/api/records").then(function (answer) {
      if (!answer) return;
      var list = $(".st-list");
      list.textContent = "";
      answer.records.forEach(function (row) {
        var item = document.createElement("li");
        var button = document.createElement("button");
        button.type = "button";
        button.className = "st-record";
        button.textContent = row.title + " (" + row.game + ", " + row.file + (row.record ? " #" + (row.record + 1) : "") + ")";
        if (row.problem) button.textContent += t(": ") + row.problem;
        button.addEventListener("click", function () { open(row.file, row.record, ""); });
        item.appendChild(button);
        list.appendChild(item);
      });
      if (!answer.records.length) list.textContent = t("No records here yet.");
    });
  }

  function open(file, record, at) {
    return request("GET", "/api/record?" + query({file: file, record: record, at: at})).then(show);
  }

  function show(answer) {
    if (!answer) return;
    state = answer;
    here = {file: answer.file, record: answer.record, at: answer.at || ""};
    editor.hidden = false;
    $(".st-title").textContent = answer.title + " (" + answer.file + ")";
    history.replaceState(null, "", "?" + query({file: here.file, record: here.record, at: here.at}));
    document.querySelectorAll(".ls-languages a").forEach(function (link) {  /* the switch keeps the turn shown */
      link.setAttribute("href", "?" + query({file: here.file, record: here.record, at: here.at, lang: link.getAttribute("hreflang")}));
    });
    changedBox.hidden = !answer.changed;
    $('[data-do="undo"]').disabled = !answer.undo;
    $('[data-do="redo"]').disabled = !answer.redo;
    var text = $(".st-text");
    if (answer.problem) {
      say(answer.problem, "error");
      text.hidden = false;
      text.textContent = answer.text || "";
      boardBox.textContent = "";
      movesBox.textContent = "";
      return;
    }
    text.hidden = true;
    boardBox.innerHTML = answer.board;
    var svg = boardBox.querySelector("svg");
    if (svg) svg.setAttribute("aria-label", answer.label);
    boardBox.querySelectorAll(".ls-cell").forEach(function (shape) {  /* each cell a button, as on the scoresheet */
      shape.setAttribute("role", "button");
      shape.setAttribute("tabindex", "0");
      shape.setAttribute("aria-label", t("Cell {cell}", {cell: shape.getAttribute("data-cell")}));
    });
    boardBox.setAttribute("data-label", answer.label);
    movesBox.innerHTML = answer.moves;
    $(".st-markup").textContent = answer.markup.length ? t("Drawn: {items}", {items: answer.markup.join(", ")}) : t("Nothing drawn here.");
    $(".st-comment").value = answer.comment;
    $(".st-before").value = answer.before;
    $(".st-clock").value = answer.clock;
    ["st-before", "st-clock"].forEach(function (name) { $("." + name).disabled = !answer.at; });
    showNags(answer);
    showTags(answer);
    ["back", "forward", "first", "last"].forEach(function (where) {
      $('[data-go="' + where + '"]').disabled = answer.nav[where] === null;
    });
    draft = "";
    picked = [];
    arrowFrom = null;
    turnField.value = "";
    offersBox.textContent = "";
    showPicked();
    if (!moving) next();
  }

  function showNags(answer) {
    var box = $(".st-nags");
    box.textContent = "";
    answer.palette.forEach(function (entry) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = entry[1];
      button.setAttribute("aria-label", t("NAG {glyph} {name}", {glyph: entry[1], name: entry[2]}));
      button.setAttribute("aria-pressed", answer.nags.indexOf(entry[0]) >= 0 ? "true" : "false");
      button.disabled = !answer.at;
      button.addEventListener("click", function () { edit("nag", {nag: entry[0]}); });
      box.appendChild(button);
    });
  }

  function showTags(answer) {
    var body = $(".st-tags tbody");
    body.textContent = "";
    answer.tags.forEach(function (tag) {
      var row = document.createElement("tr");
      var name = document.createElement("th");
      name.scope = "row";
      name.textContent = tag[0];
      var cell = document.createElement("td");
      var input = document.createElement("input");
      input.value = tag[1];
      input.setAttribute("aria-label", t("Value of {tag}", {tag: tag[0]}));
      cell.appendChild(input);
      var actions = document.createElement("td");
      var save = document.createElement("button");
      save.type = "button";
      save.textContent = t("Save");
      save.setAttribute("aria-label", t("Save tag {tag}", {tag: tag[0]}));
      save.addEventListener("click", function () { edit("tag", {name: tag[0], value: input.value}); });
      var remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = t("Remove");
      remove.setAttribute("aria-label", t("Remove tag {tag}", {tag: tag[0]}));
      remove.addEventListener("click", function () { edit("remove-tag", {name: tag[0]}); });
      actions.appendChild(save);
      actions.appendChild(remove);
      row.appendChild(name);
      row.appendChild(cell);
      row.appendChild(actions);
      body.appendChild(row);
    });
  }

  function edit(action, extra) {
    if (!here) return Promise.resolve(null);
    var data = {file: here.file, record: here.record, at: here.at, action: action};
    for (var key in extra) data[key] = extra[key];
    return request("POST", "/api/edit", data).then(function (answer) {
      if (answer) {
        show(answer);
        say(answer.said || t("Saved."), "info");
      }
      return answer;
    });
  }

  /* The keys and the move buttons lead one step at a time, in the order pressed: each from the
     turn the step before it reached (a key pressed before the record is shown waits for it). */
  var queued = [], moving = false;

  function go(where) {
    queued.push(where);
    next();
  }

  function next() {
    if (moving || !state || !queued.length) return;
    var where = queued.shift();
    if (state.problem || state.nav[where] === null || state.nav[where] === undefined) { next(); return; }
    moving = true;
    open(here.file, here.record, state.nav[where]).then(function () {
      moving = false;
      var current = movesBox.querySelector('[aria-current="step"]');
      if (current && movesBox.contains(document.activeElement)) current.focus();
      next();
    });
  }

  /* --- the board: taps and drags ----------------------------------------------------- */

  function cellOf(element) {
    var cell = element && element.closest ? element.closest(".ls-cell") : null;
    return cell ? cell.getAttribute("data-cell") : null;
  }

  function colour(event) {
    if (event && event.shiftKey && event.altKey) return "orange";
    if (event && event.shiftKey) return "red";
    if (event && event.altKey) return "blue";
    return $(".st-colour").value;
  }

  function showPicked() {
    boardBox.querySelectorAll(".ls-cell").forEach(function (shape) {
      var cell = shape.getAttribute("data-cell");
      var chosen = picked.indexOf(cell) >= 0 || cell === arrowFrom;
      shape.classList.toggle("ls-picked", chosen);
      shape.setAttribute("aria-pressed", chosen ? "true" : "false");
    });
  }

  function arrow(from, to, event) {
    arrowFrom = null;
    return edit("markup", {kind: "arrow", item: from + "-" + to + " " + colour(event)});
  }

  function tap(cell, event) {
    if (tool === "play") {
      var at = picked.indexOf(cell);
      if (at >= 0) picked.splice(at, 1); else picked.push(cell);
      showPicked();
      askOffers();
    } else if (tool === "arrow") {
      if (arrowFrom === null) {
        arrowFrom = cell;
        showPicked();
        say(t("Arrow from {cell}: tap the cell it goes to.", {cell: cell}));
      } else {
        arrow(arrowFrom, cell, event);
      }
    } else if (tool === "mark") {
      edit("markup", {kind: "mark", item: cell + " " + $(".st-shape").value + " " + colour(event)});
    } else if (tool === "label") {
      var words = $(".st-label-text").value.trim();
      if (!words) { say(t("Type the label's text first."), "error"); return; }
      edit("markup", {kind: "label", item: cell + " " + words});
    } else if (tool === "dim") {
      edit("markup", {kind: "dim", item: cell});
    }
  }

  boardBox.addEventListener("pointerdown", function (event) {
    var cell = cellOf(event.target);
    if (!cell || event.button > 0) return;
    pressed = cell;
    event.preventDefault();
  });
  boardBox.addEventListener("pointerup", function (event) {
    var from = pressed;
    pressed = null;
    if (!from) return;
    var to = cellOf(document.elementFromPoint(event.clientX, event.clientY));
    if (!to) return;
    if (to === from) { tap(from, event); return; }
    if (tool === "arrow" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) {
      arrow(from, to, event);
    } else if (tool === "play") {
      picked = [from, to];
      showPicked();
      askOffers();
    }
  });
  document.addEventListener("pointerup", function () { pressed = null; });
  boardBox.addEventListener("keydown", function (event) {
    var cell = cellOf(event.target);
    if (cell && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      event.stopPropagation();
      tap(cell, event);
    }
  });

  function askOffers() {
    if (!here) return;
    var data = {file: here.file, record: here.record, at: here.at, draft: draft, cells: picked};
    request("POST", "/api/offers", data).then(function (answer) {
      if (!answer) return;
      offersBox.textContent = "";
      if (answer.needs === "dice" && !draft) say(t("Type the dice in the Turn field first (2514/2554), then tap cells."));
      else if (answer.refused) say(answer.refused, "error");
      answer.offers.forEach(function (offer) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "st-offer";
        button.textContent = offer.turn;
        button.setAttribute("aria-label", t("Choose turn {turn}", {turn: offer.turn}));
        button.addEventListener("click", function () {
          draft = offer.turn;
          turnField.value = draft;
          picked = [];
          showPicked();
          offersBox.textContent = "";
          say(t("Turn {turn}: play it, or tap cells to go on with it.", {turn: draft}));
          turnField.focus();
        });
        offersBox.appendChild(button);
      });
      Object.keys(state.buttons || {}).forEach(function (name) {
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = state.buttons[name];
        button.setAttribute("aria-pressed", picked.indexOf(name) >= 0 ? "true" : "false");
        button.addEventListener("click", function () { tap(name); });
        offersBox.appendChild(button);
      });
      if (picked.length && !answer.offers.length && !answer.refused) say(t("No legal turn involves every cell tapped."));
      if (answer.more) say(t("{count} more: tap another cell to narrow them down.", {count: answer.more}));
    });
  }

  /* --- forms and buttons ------------------------------------------------------------ */

  $(".st-turn-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var turn = turnField.value.trim();
    if (!turn) { say(t("Tap cells or type a turn first."), "error"); return; }
    edit("play", {turn: turn});
  });
  turnField.addEventListener("input", function () { draft = turnField.value.trim(); });

  $(".st-cells-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var cells = $(".st-cells").value.trim();
    if (!cells) return;
    if (tool === "arrow") {
      var ends = cells.split(/[\s-]+/);
      if (ends.length === 2) arrow(ends[0], ends[1], null); else say(t("An arrow goes from one cell to another: D3-D5."), "error");
    } else if (tool === "play") {
      picked = cells.split(/[\s,]+/);
      showPicked();
      askOffers();
    } else {
      tap(cells, null);
    }
  });

  $(".st-tools").addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    tool = button.getAttribute("data-tool");
    $(".st-tools").querySelectorAll("button").forEach(function (other) {
      other.setAttribute("aria-pressed", other === button ? "true" : "false");
    });
    picked = [];
    arrowFrom = null;
    showPicked();
    offersBox.textContent = "";
  });

  $(".st-nav").addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (button) go(button.getAttribute("data-go"));
  });

  movesBox.addEventListener("click", function (event) {
    var move = event.target.closest(".st-m");
    if (move) open(here.file, here.record, move.getAttribute("data-at")).then(function () {
      var current = movesBox.querySelector('[aria-current="step"]');
      if (current) current.focus();
    });
  });

  var actions = {
    "comment": function () { edit("comment", {text: $(".st-comment").value}); },
    "comment-before": function () { edit("comment-before", {text: $(".st-before").value}); },
    "clock": function () { edit("clock", {text: $(".st-clock").value}); },
    "clear": function () { draft = ""; picked = []; turnField.value = ""; offersBox.textContent = ""; showPicked(); },
    "promote": function () { edit("promote", {}); },
    "promote-main": function () { edit("promote-main", {}); },
    "delete-from": function () { edit("delete-from", {}); },
    "delete-variation": function () { edit("delete-variation", {}); },
    "paste": function () { edit("paste", {text: $(".st-paste").value}).then(function (done) { if (done) $(".st-paste").value = ""; }); },
    "copy": function () {
      request("GET", "/api/line?" + query(here)).then(function (answer) {
        if (!answer) return;
        $(".st-copied").value = answer.text;
        if (navigator.clipboard) navigator.clipboard.writeText(answer.text).catch(function () {});
        say(t("The line is copied as TGN."));
      });
    },
    "preview": function () {
      say(t("Building the record's page as the site makes it…"));
      request("POST", "/api/preview", {file: here.file, record: here.record}).then(function (answer) {
        if (!answer) return;
        var link = $(".st-preview-link");
        link.href = answer.url;
        link.hidden = false;
        say(t("The preview is ready: Open the preview."));
        link.focus();
      });
    },
    "publish": function () {
      say(t("Building the site…"));
      request("POST", "/api/publish", {}).then(function (answer) { if (answer) say(answer.said); });
    },
    "position-start": function () { showPosition(true); },
    "position-show": function () { showPosition(false); },
    "undo": function () { step("undo"); },
    "redo": function () { step("redo"); },
    "reload": function () {
      request("POST", "/api/reload", here).then(function (answer) { if (answer) { show(answer); say(t("Reloaded from disk.")); } });
    }
  };

  /* The set-up position of the New record form, drawn from its code, or the game's reason to refuse it;
     a cell tapped on it gets the contents chosen in the palette or typed (tapped again, it is emptied),
     and the fields besides the board write the rest of the code (docs/annotating.md#set-up-positions). */
  var setupKeys = "", fieldsSent = "", setupAsked = Promise.resolve();
  function showPosition(start, cell, side, fields) {  /* one question at a time, each from the code the last one gave */
    setupAsked = setupAsked.then(function () { return askPosition(start, cell, side, fields); });
  }

  function askPosition(start, cell, side, fields) {
    var field = $(".st-new-position");
    if (fields) {
      if (JSON.stringify(fields) === fieldsSent) return null;  /* Enter, then the same change when the field is left */
      fieldsSent = JSON.stringify(fields);
    }
    var asked = {game: $(".st-new-game").value, variant: $(".st-new-variant").value, code: start ? "" : field.value,
                 cell: cell || "", contents: cell ? $(".st-cell-contents").value : "", again: cell ? "1" : "",
                 side: side === undefined || side === null ? "" : String(side), fields: fields ? JSON.stringify(fields) : ""};
    return request("GET", "/api/position?" + query(asked)).then(function (answer) {
      var box = $(".st-position-board");
      if (!answer) { if (fields) fieldsSent = ""; return; }  /* refused: the same values may be sent again */
      $(".st-setup").hidden = false;
      field.value = answer.code;
      box.innerHTML = answer.board;
      box.querySelectorAll(".ls-cell").forEach(function (shape) {
        shape.setAttribute("role", "button");
        shape.setAttribute("tabindex", "0");
        shape.setAttribute("aria-label", t("Set-up cell {cell}", {cell: shape.getAttribute("data-cell")}));
      });
      var sides = $(".st-new-side");
      sides.textContent = "";
      answer.sides.forEach(function (name, number) {
        var option = document.createElement("option");
        option.value = String(number);
        option.textContent = name;
        option.selected = number === answer.side;
        sides.appendChild(option);
      });
      sides.disabled = !answer.sided;
      showPalette(answer.palette);
      showFields(answer.fields);
      say(answer.label + t(": ") + answer.code);
    });
  }

  function showPalette(palette) {
    var box = $(".st-palette"), chosen = $(".st-cell-contents").value;
    box.textContent = "";
    [["", t("empty the cell")]].concat(palette).forEach(function (entry) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = entry[0] || t("Empty");
      button.setAttribute("aria-label", (entry[0] || t("Empty")) + t(": ") + entry[1]);
      button.setAttribute("data-contents", entry[0]);
      button.setAttribute("aria-pressed", entry[0] === chosen ? "true" : "false");
      box.appendChild(button);
    });
  }

  function showFields(fields) {
    var box = $(".st-fields");
    var keys = fields.map(function (one) { return one.key + ":" + one.label; }).join("|");
    if (keys !== setupKeys) {
      setupKeys = keys;
      box.textContent = "";
      fields.forEach(function (one) {
        var row = document.createElement(one.kind === "shown" ? "p" : "label"), input;
        if (one.kind === "shown") {
          input = document.createElement("output");
          row.appendChild(document.createTextNode(one.label + t(": ")));
        } else if (one.kind === "choice") {
          input = document.createElement("select");
          one.choices.forEach(function (choice) {
            var option = document.createElement("option");
            option.value = choice[0];
            option.textContent = choice[1] + " (" + choice[0] + ")";
            input.appendChild(option);
          });
        } else {
          input = document.createElement("input");
          if (one.kind === "flag") input.type = "checkbox";
          if (one.kind === "number") {
            input.type = "number";
            input.min = String(one.lowest);
            if (one.highest !== null) input.max = String(one.highest);
          }
          if (one.kind === "text") { input.size = 10; input.placeholder = one.hint.split(",")[0]; input.title = one.hint; }
        }
        input.setAttribute("data-key", one.key);
        input.setAttribute("data-kind", one.kind);
        if (one.kind === "flag") { row.appendChild(input); row.appendChild(document.createTextNode(" " + one.label)); }
        else if (one.kind !== "shown") { row.appendChild(document.createTextNode(one.label + " ")); row.appendChild(input); }
        else row.appendChild(input);
        box.appendChild(row);
      });
    }
    fields.forEach(function (one) {
      var input = box.querySelector('[data-key="' + one.key + '"]');
      if (one.kind === "flag") input.checked = one.value === "yes";
      else if (one.kind === "shown") input.textContent = one.value;
      else input.value = one.value;
    });    fieldsSent = JSON.stringify(fieldValues());
  }

  function fieldValues() {
    var values = {};
    $(".st-fields").querySelectorAll("input, select").forEach(function (input) {
      values[input.getAttribute("data-key")] = input.type === "checkbox" ? (input.checked ? "yes" : "no") : input.value;
    });
    return values;
  }

  var setupBox = $(".st-position-board");
  $(".st-new-side").addEventListener("change", function () { showPosition(false, null, +$(".st-new-side").value); });
  $(".st-fields").addEventListener("change", function () { showPosition(false, null, null, fieldValues()); });
  $(".st-setup").addEventListener("keydown", function (event) {  /* Enter writes a field; it makes no record */
    if (event.key === "Enter" && event.target.matches("input")) {
      event.preventDefault();
      if (event.target.closest(".st-fields")) showPosition(false, null, null, fieldValues());
    }
  });
  $(".st-palette").addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    $(".st-cell-contents").value = button.getAttribute("data-contents");
    $(".st-palette").querySelectorAll("button").forEach(function (other) {
      other.setAttribute("aria-pressed", other === button ? "true" : "false");
    });
  });
  $(".st-cell-contents").addEventListener("input", function () {
    var typed = $(".st-cell-contents").value;
    $(".st-palette").querySelectorAll("button").forEach(function (other) {
      other.setAttribute("aria-pressed", other.getAttribute("data-contents") === typed ? "true" : "false");
    });
  });
  $(".st-new-game").addEventListener("change", function () { if (!$(".st-setup").hidden) showPosition(true); });
  setupBox.addEventListener("click", function (event) {
    var cell = cellOf(event.target);
    if (cell) showPosition(false, cell);
  });
  setupBox.addEventListener("keydown", function (event) {
    var cell = cellOf(event.target);
    if (cell && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      event.stopPropagation();
      showPosition(false, cell);
    }
  });

  function step(which) {
    request("POST", "/api/" + which, {file: here.file, record: here.record}).then(function (answer) {
      if (answer) { show(answer); say(which === "undo" ? t("Undone (saved).") : t("Redone (saved).")); }
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-do]");
    if (button && actions[button.getAttribute("data-do")]) actions[button.getAttribute("data-do")]();
  });

  $(".st-add-tag").addEventListener("submit", function (event) {
    event.preventDefault();
    edit("tag", {name: $(".st-tag-name").value.trim(), value: $(".st-tag-value").value}).then(function (done) {
      if (done) { $(".st-tag-name").value = ""; $(".st-tag-value").value = ""; }
    });
  });

  var KEYS = {ArrowLeft: "back", ArrowRight: "forward", ArrowUp: "up", ArrowDown: "down", Home: "first", End: "last"};
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target.closest("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") { actions.clear(); return; }
    var where = KEYS[event.key];
    if (!where) return;
    event.preventDefault();
    go(where);
  });

  function checkDisk() {
    if (!here) return;
    request("GET", "/api/status?" + query({file: here.file})).then(function (answer) {
      if (answer) changedBox.hidden = !answer.changed;
    });
  }
  window.addEventListener("focus", checkDisk);
  setInterval(checkDisk, 3000);

  request("GET", "/api/games").then(function (answer) {
    if (!answer) return;
    var select = $(".st-new-game");
    answer.games.forEach(function (game) {
      var option = document.createElement("option");
      option.value = game[0];
      option.textContent = game[1];
      select.appendChild(option);
    });
  });
  $(".st-new").addEventListener("submit", function (event) {
    event.preventDefault();
    var tags = {Variant: $(".st-new-variant").value, Position: $(".st-new-position").value};
    request("POST", "/api/new", {game: $(".st-new-game").value, file: $(".st-new-file").value.trim(), tags: tags})
      .then(function (answer) {
        if (!answer) return;
        show(answer);
        listRecords();
        say(t("New record made in {file}.", {file: answer.file}));
      });
  });

  var asked = new URLSearchParams(location.search);
  listRecords().then(function () {
    var first = document.querySelector(".st-record");
    if (asked.get("file")) open(asked.get("file"), +asked.get("record") || 0, asked.get("at") || "");
    else if (first) first.click();  /* the first record, as the page was sent with it */
  });
})();
