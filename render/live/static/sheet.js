// @ts-check
/* The scoresheet of one game (docs/live.md#recording-a-game): tap cells, tap the turn offered, record it.
   Every change is an action with an id made here and the number of turns it was meant after;
   actions wait in localStorage until the server has them, so a turn entered offline is sent
   when the network returns, once, in order. The queue is plain functions of what is stored,
   which node's tests require (docs/contributing.md#page-scripts). */
(function () {
  "use strict";

  /**
   * A text in the page's language (live.js), or in English where live.js is not loaded (node's tests).
   * @param {string} text
   * @param {Record<string, string | number>} [values]
   * @returns {string}
   */
  function t(text, values) {
    if (typeof window !== "undefined" && window.ludoscribeLive) return window.ludoscribeLive.t(text, values);
    return text.replace(/\{([a-z]+)\}/g, function (whole, key) {
      return values && Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  /** @param {string} kind */
  function kindName(kind) {
    return kind === "comment" ? t("comment") : kind === "clock" ? t("clock") : kind === "nag" ? t("NAG") : kind;
  }

  /**
   * @typedef {object} Action one change the scorer made, waiting until the server has it
   * @property {string} id made on this device: the server saves an action once
   * @property {number} ply the number of turns of the record it was meant after
   * @property {string} kind turn, undo, comment, nag, clock, result or reopen
   * @property {string} text
   * @property {string} reason
   * @property {string} [refused] why the server refused it
   * @property {boolean} [held] refused because another device records the game: sent again once this one takes over
   */

  /**
   * @typedef {object} Storage where the queue is kept (localStorage, through live.js)
   * @property {function(string): string} stored the text kept under a key ("" for none)
   * @property {function(string, string | null): void} store keep a text under a key (null: forget it)
   */

  /**
   * The actions of one game's sheet that wait for the server, kept in `storage` under `key`.
   * @constructor
   * @param {Storage} storage
   * @param {string} key
   */
  function Queue(storage, key) {
    this.storage = storage;
    this.key = key;
  }

  /** @returns {Action[]} the waiting actions, first to send first (none when what is kept is unreadable) */
  Queue.prototype.actions = function () {
    try {
      var actions = JSON.parse(this.storage.stored(this.key) || "[]");
      return Array.isArray(actions) ? actions : [];
    } catch (error) { return []; }
  };

  /** @param {Action[]} actions */
  Queue.prototype.save = function (actions) {
    this.storage.store(this.key, actions.length ? JSON.stringify(actions) : null);
  };

  /**
   * The number of turns the record will have once the waiting actions are applied.
   * @param {number} plies the turns of the record as the server last said
   */
  Queue.prototype.expectedPly = function (plies) {
    var ply = plies;
    this.actions().forEach(function (action) {
      if (action.kind === "turn") ply += 1;
      if (action.kind === "undo") ply -= 1;
    });
    return ply;
  };

  /**
   * Add an action at the end, meant after the turns the record will have by then.
   * @param {string} id
   * @param {number} plies the turns of the record as the server last said
   * @param {string} kind
   * @param {string} [text]
   * @param {string} [reason]
   */
  Queue.prototype.add = function (id, plies, kind, text, reason) {
    var actions = this.actions();
    actions.push({id: id, ply: this.expectedPly(plies), kind: kind, text: text || "", reason: reason || ""});
    this.save(actions);
  };

  /**
   * Give up the first action: the actions after it are meant one turn earlier (after a turn)
   * or later (after an undo). The action given up, if any.
   * @returns {Action | undefined}
   */
  Queue.prototype.discard = function () {
    var actions = this.actions();
    var dropped = actions.shift();
    if (!dropped) return dropped;
    var moved = dropped.kind === "turn" ? -1 : dropped.kind === "undo" ? 1 : 0;
    actions.forEach(function (action) { action.ply += moved; });
    this.save(actions);
    return dropped;
  };

  /**
   * The action as the sheet lists it.
   * @param {Action} action
   */
  function describe(action) {
    if (action.kind === "turn") return action.text;
    if (action.kind === "undo") return t("undo");
    if (action.kind === "reopen") return t("reopen");
    if (action.kind === "result") {
      return action.reason ? t("result {result} ({reason})", {result: action.text, reason: action.reason})
        : t("result {result}", {result: action.text});
    }
    return kindName(action.kind) + " " + action.text;
  }

  /**
   * What the scorer is entering for the next turn (docs/live.md#entering-a-turn): the draft, which the
   * Turn field shows, and the cells picked. Each question to the server about it, and each change the
   * scorer makes, counts one: an answer is current only while nothing has happened since its question
   * was asked, so a late answer (a busy server, a slow network) never changes what was entered since.
   * @constructor
   */
  function Entry() {
    this.draft = "";
    /** @type {string[]} */
    this.picked = [];
    this.count = 0;
  }

  /**
   * A question about the entry as it is now; the questions asked before it are no longer current.
   * @returns {{draft: string, cells: string[], count: number}}
   */
  Entry.prototype.ask = function () {
    this.count += 1;
    return {draft: this.draft, cells: this.picked.slice(), count: this.count};
  };

  /**
   * Whether nothing has happened since the question was asked.
   * @param {{count: number}} question
   */
  Entry.prototype.current = function (question) {
    return question.count === this.count;
  };

  /** The scorer changes the entry in a way it keeps to itself for now (typing): every question asked is late. */
  Entry.prototype.touch = function () {
    this.count += 1;
  };

  /**
   * The scorer taps a cell: picked, or no longer picked if it was.
   * @param {string} cell
   */
  Entry.prototype.pick = function (cell) {
    var at = this.picked.indexOf(cell);
    if (at >= 0) this.picked.splice(at, 1);
    else this.picked.push(cell);
    this.touch();
  };

  /**
   * The draft is now `text` (a turn chosen, typed, the dice given, the field cleared): the cells start again.
   * @param {string} text
   */
  Entry.prototype.write = function (text) {
    this.draft = text;
    this.picked = [];
    this.touch();
  };

  /**
   * What the server's answer to `question` does: nothing when it is late ("late"); when the cells
   * picked do not go together, they start again from the last ("ask" again); when they name one turn,
   * it is the draft ("ask" again about it); else the offers are shown ("show").
   * @param {{count: number}} question
   * @param {{turn: string}[]} offers
   * @param {number} [more] the offers left out
   * @returns {"late" | "ask" | "show"}
   */
  Entry.prototype.answered = function (question, offers, more) {
    if (!this.current(question)) return "late";
    if (!offers.length && this.picked.length > 1) {
      this.picked = this.picked.slice(-1);
      this.touch();
      return "ask";
    }
    if (this.picked.length && offers.length === 1 && !more) {
      this.write(offers[0].turn);
      return "ask";
    }
    return "show";
  };

  /**
   * The drawings of the turns offered, held while the mouse or a finger is pressed on them: a press
   * lifted on another element than it started on is no tap, so offers drawn again under a finger
   * would lose the tap. The drawings held are made, in order, once the press is over
   * (docs/live.md#entering-a-turn).
   * @constructor
   */
  function Drawings() {
    this.pressed = false;
    /** @type {(function(): void)[]} */
    this.held = [];
  }

  /**
   * Draw now, or once the press is over.
   * @param {function(): void} drawing
   */
  Drawings.prototype.draw = function (drawing) {
    if (this.pressed) this.held.push(drawing);
    else drawing();
  };

  Drawings.prototype.press = function () {
    this.pressed = true;
  };

  /** The press is over (its tap, if any, made): the drawings held are drawn. */
  Drawings.prototype.release = function () {
    var held = this.held;
    this.pressed = false;
    this.held = [];
    held.forEach(function (drawing) { drawing(); });
  };

  if (typeof module !== "undefined" && module) {
    module.exports = {Queue: Queue, describe: describe, Entry: Entry, Drawings: Drawings};
  }
  if (typeof window === "undefined") return;  /* node's tests: the queue only */

  var live = window.ludoscribeLive;
  var tn = live.tn;
  var page = live.pageData();
  var name = page.name;
  var base = "/api/games/" + encodeURIComponent(name);
  var queue = new Queue(live, "ls-queue:" + name);
  var $ = function (selector) { return document.querySelector(selector); };
  var board = $(".ls-sheet-board"), offersBox = $(".ls-offers"), turnField = $("#ls-turn");
  var message = $(".ls-message"), prompt = $(".ls-prompt"), chance = $(".ls-chance");
  var sheet = $(".ls-sheet");
  var state = null;  /* the game as the server last said */
  var entry = new Entry(), drawings = new Drawings(), sending = false, retry = null;
  var said = 0;  /* the messages said so far: an offers' hint never replaces one said after its question */

  function say(text, kind) {
    message.textContent = text;
    message.setAttribute("data-kind", kind || "info");
    said += 1;
  }

  function connection(text) {
    live.setText($(".ls-connection"), text);
  }

  /**
   * @param {string} kind
   * @param {string} [text]
   * @param {string} [reason]
   */
  function act(kind, text, reason) {
    queue.add(live.randomId(12), state ? state.plies : 0, kind, text, reason);
    showQueue();
    flush();
  }

  /* Send the waiting actions in order; stop at the first refused (the scorer decides) or when offline. */
  function flush() {
    if (sending) return;
    var actions = queue.actions();
    if (!actions.length || actions[0].refused) { showQueue(); return; }
    sending = true;
    var action = actions[0];
    live.api("POST", base + "/actions", action).then(function (answer) {
      sending = false;
      var now = queue.actions();
      if (!now.length || now[0].id !== action.id) return flush();
      if (answer.status === 200) {
        now.shift();
        queue.save(now);
        connection(t("Online"));
        var taken = state ? state.result : "*";
        show(answer.data);
        if (action.kind === "turn") say(answer.data.again ? t("Saved {turn} (it had arrived already).", {turn: action.text}) : t("Saved {turn}.", {turn: action.text}), "ok");
        else if (action.kind === "reopen" && taken !== "*") say(t("Reopened: the result {result} is taken back.", {result: taken}), "ok");
        else say(t("Saved."), "ok");
        return flush();
      }
      now[0].refused = answer.data.refused || t("refused");
      if (answer.status === 409 && answer.data.held) now[0].held = true;
      queue.save(now);
      say(t("Not saved: {why}", {why: now[0].refused}), "refused");
      if (answer.status === 409 && answer.data.held) $(".ls-claim").hidden = false;
      showQueue();
    }, function () {
      sending = false;
      offline();
    });
  }

  function offline() {
    var waiting = queue.actions().length;
    connection(waiting ? tn("Offline: {count} waiting to be sent", "Offline: {count} waiting to be sent", waiting) : t("Offline"));
    showQueue();
    if (!retry) retry = setTimeout(function () { retry = null; if (state) flush(); else claim(false); }, 2000);
  }

  function showQueue() {
    var actions = queue.actions();
    var box = $(".ls-queue");
    box.hidden = !actions.length;
    var list = box.querySelector("ol");
    list.replaceChildren.apply(list, actions.map(function (action) {
      var item = document.createElement("li");
      item.textContent = action.refused ? t("{action}: not saved, {why}", {action: describe(action), why: action.refused}) : describe(action);
      if (action.refused) item.className = "ls-refused";
      return item;
    }));
    box.querySelector(".ls-refused-buttons").hidden = !(actions.length && actions[0].refused);
  }

  function discard() {
    var dropped = queue.discard();
    if (!dropped) return;
    say(t("Discarded: {action}", {action: describe(dropped)}), "info");
    showQueue();
    flush();
  }

  /* Draw the game as the server says it is now. */
  function show(data) {
    state = data;
    if (data.problem) { say(data.problem, "refused"); return; }
    $(".ls-claim").hidden = data.recorder !== "other";
    if (data.recorder === "other") say(t("This game is being recorded on another device."), "refused");
    drawMoves(data);
    var finished = data.result !== "*";
    /* Turns are entered only while the game goes on: once the rules ended it, the result is asked
       for (docs/live.md#corrections-comments-and-results); once it is saved, the sheet is finished. */
    sheet.setAttribute("data-stage", finished ? "finished" : data.proposed ? "over" : "turns");
    board.setAttribute("aria-label", entering() ? t("Board: tap the cells of the turn") : t("Board"));
    prompt.textContent = finished ? t("Finished: {result}", {result: data.result}) : data.proposed ? t("The game is over.") :
      t("Next: {turn}", {turn: data.label});
    var proposal = $(".ls-proposal");
    proposal.hidden = !data.proposed;
    if (data.proposed) {
      proposal.setAttribute("data-result", data.proposed.result);
      proposal.removeAttribute("data-reason");
      $(".ls-proposal-text").textContent = t("The game is over: {reason}. Result {result}?",
                                                {reason: data.proposed.reason, result: words(data.proposed.result)});
      proposal.scrollIntoView({block: "nearest"});
    }
    $(".ls-reopen").hidden = !(finished && data.recorder === "you");
    if (!finished) $(".ls-reopen-question").hidden = true;
    setChance(data.needs);
    /* What the scorer entered meanwhile stays (this drawing may answer a turn sent before it was
       entered); the offers are asked again around it. Once no turn is entered, it is dropped. */
    if (!entering()) {
      entry.write("");
      turnField.value = "";
      offersBox.replaceChildren();
    }
    showButtons(data.buttons || {});
    setBoard(data.board);
    askOffers();
  }

  /* Whether turns may be entered: the game goes on. */
  function entering() {
    return sheet.getAttribute("data-stage") === "turns";
  }

  /* A result as `ludoscribe record` says it: "0-1: Red (Bob) wins". */
  function words(result) {
    return (state && state.words && state.words[result]) || result;
  }

  /* The record as on a paper scoresheet: a line per turn number, the second side's turn beside the first's.
     A correction is a note of its own: what was taken back struck through (docs/tournaments.md#corrections). */
  function drawMoves(data) {
    var list = $(".ls-sheet-moves");
    var glyphs = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"};
    var lines = [], line = null;
    data.moves.forEach(function (move) {
      var second = /\.\.\.$/.test(move.number);
      if (!line || !second || line.getAttribute("data-number") !== move.number.slice(0, -3) || move.before.length) {
        line = document.createElement("li");
        line.setAttribute("data-number", move.number.replace(/\.+$/, ""));
        line.textContent = move.number;
        lines.push(line);
      }
      addNotes(line, move.before);
      var turn = document.createElement("span");
      turn.className = "ls-sheet-turn";
      turn.textContent = " " + move.turn + move.nags.map(function (nag) { return glyphs[nag] || " $" + nag; }).join("");
      line.appendChild(turn);
      addNotes(line, move.after);
    });
    list.replaceChildren.apply(list, lines);
    var start = $(".ls-sheet-start");
    start.replaceChildren();
    addNotes(start, data.start || []);
    start.hidden = !start.childElementCount;
    $(".ls-sheet-result").textContent = data.result === "*" ? "" : t("Result {result}", {result: data.result});
  }

  function addNotes(box, notes) {
    notes.forEach(function (note) {
      var span = document.createElement("span");
      if (note.kind === "comment") {
        span.className = "ls-comment";
        span.textContent = "{" + note.text + "}";
      } else {
        span.className = "ls-correction";
        var struck = document.createElement("del");
        struck.textContent = note.text;
        span.append(note.before, struck, note.after);
      }
      box.append(" ", span);
    });
  }

  /**
   * Draw the board the server sent (drawn by the server, every text in it escaped). While turns are
   * entered, the tappable cells stay the same elements from one drawing to the next, only their
   * marks changed: a tap pressed before the board is drawn again and lifted after still lands on
   * its cell (the browser drops a click whose cell was removed meanwhile), and the cell the
   * keyboard is on keeps the focus.
   * @param {string} svg
   */
  function setBoard(svg) {
    if (!entering() || !redraw(svg)) board.innerHTML = svg;
    if (!entering()) return;
    board.querySelectorAll(".ls-cell").forEach(function (cell) {
      var picked_ = entry.picked.indexOf(cell.getAttribute("data-cell")) >= 0;
      cell.setAttribute("role", "button");
      cell.setAttribute("tabindex", "0");
      cell.setAttribute("aria-label", cell.getAttribute("data-cell"));
      cell.setAttribute("aria-pressed", picked_ ? "true" : "false");
    });
  }

  /**
   * Draw `svg` into the board's drawing, keeping its cells, when both have the same cells in the same
   * places; whether it did.
   * @param {string} svg
   */
  function redraw(svg) {
    var shown = board.querySelector("svg"), cells = shown && shown.querySelector(".ls-cells");
    var template = document.createElement("template");
    template.innerHTML = svg;  /* inert: nothing in it loads or runs */
    var drawn = template.content.querySelector("svg"), fresh = drawn && drawn.querySelector(".ls-cells");
    if (!shown || !cells || !drawn || !fresh || template.content.childElementCount !== 1 ||
        cells.parentNode !== shown || fresh.parentNode !== drawn || !sameCells(cells, fresh)) return false;
    Array.prototype.slice.call(shown.attributes).forEach(function (/** @type {Attr} */ attribute) {
      if (!drawn.hasAttribute(attribute.name)) shown.removeAttribute(attribute.name);
    });
    Array.prototype.forEach.call(drawn.attributes, function (/** @type {Attr} */ attribute) {
      shown.setAttribute(attribute.name, attribute.value);
    });
    Array.prototype.slice.call(shown.childNodes).forEach(function (/** @type {ChildNode} */ node) {
      if (node !== cells) node.remove();
    });
    var before = true;  /* the drawing's parts under the cells, then any over them */
    Array.prototype.slice.call(drawn.childNodes).forEach(function (/** @type {ChildNode} */ node) {
      if (node === fresh) before = false;
      else if (before) shown.insertBefore(node, cells);
      else shown.appendChild(node);
    });
    Array.prototype.forEach.call(fresh.children, function (/** @type {Element} */ cell, /** @type {number} */ at) {
      cells.children[at].setAttribute("class", cell.getAttribute("class") || "");  /* picked or not, no target */
    });
    return true;
  }

  /**
   * Whether two drawings' cells are the same cells drawn in the same places.
   * @param {Element} shown
   * @param {Element} drawn
   */
  function sameCells(shown, drawn) {
    if (shown.children.length !== drawn.children.length) return false;
    return Array.prototype.every.call(drawn.children, function (/** @type {Element} */ cell, /** @type {number} */ at) {
      var kept = shown.children[at];
      return kept.getAttribute("data-cell") === cell.getAttribute("data-cell") && kept.innerHTML === cell.innerHTML;
    });
  }

  /* The cells the turns offered would also involve (where the piece tapped may go), marked on the board. */
  function showTargets(offers) {
    if (!entry.picked.length || !entering()) return;
    var targets = {};
    offers.forEach(function (offer) {
      offer.cells.forEach(function (cell) { if (entry.picked.indexOf(cell) < 0) targets[cell] = true; });
    });
    board.querySelectorAll(".ls-cell").forEach(function (cell) {
      var name = cell.getAttribute("data-cell");
      if (!Object.prototype.hasOwnProperty.call(targets, name)) return;
      cell.classList.add("ls-target");
      cell.setAttribute("aria-label", t("{cell} (offered)", {cell: name}));
    });
  }

  function showButtons(buttons) {
    var box = $(".ls-places");
    if (!box) {
      box = document.createElement("div");
      box.className = "ls-places ls-buttons ls-entry";
      board.after(box);
    }
    keepOrReplace(box, Object.keys(buttons).map(function (place) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = buttons[place];
      button.setAttribute("data-cell", place);
      return button;
    }));
    Array.prototype.forEach.call(box.children, function (/** @type {Element} */ button) {
      button.setAttribute("aria-pressed", entry.picked.indexOf(button.getAttribute("data-cell") || "") >= 0 ? "true" : "false");
    });
  }

  /**
   * Show `made` in `box`, unless the same elements are there already (pressed or not): those are
   * kept, so that a tap on one while the server answers still lands, as on the board's cells.
   * @param {Element} box
   * @param {Element[]} made
   */
  function keepOrReplace(box, made) {
    var same = box.children.length === made.length && made.every(function (element, at) {
      var shown = /** @type {Element} */ (box.children[at].cloneNode(true));
      shown.removeAttribute("aria-pressed");
      return element.isEqualNode(shown);
    });
    if (!same) box.replaceChildren.apply(box, made);
  }

  /* Tektop: the dice of the turn, up to three throws of four dice, given before the steps. */
  function setChance(needs) {
    chance.hidden = needs !== "dice";
    if (needs !== "dice" || chance.childElementCount) return;
    var title = document.createElement("p");
    title.textContent = t("Dice: each throw of the turn, the last one last");
    var throwsBox = document.createElement("div");
    throwsBox.className = "ls-throws";
    var buttons = document.createElement("div");
    buttons.className = "ls-buttons";
    var more = button(t("Another throw"), "ls-more-dice");
    var fewer = button(t("One throw less"), "ls-fewer-dice");
    var use = button(t("Use these dice"), "ls-use-dice ls-primary");
    buttons.append(more, fewer, use);
    chance.append(title, throwsBox, buttons);
    addThrow();
    more.addEventListener("click", function () { if (throwsBox.childElementCount < 3) addThrow(); });
    fewer.addEventListener("click", function () { if (throwsBox.childElementCount > 1) throwsBox.lastElementChild.remove(); });
    use.addEventListener("click", function () {
      var groups = Array.prototype.map.call(throwsBox.children, function (row) {
        return Array.prototype.map.call(row.querySelectorAll("select"), function (die) { return die.value; }).join("");
      });
      setDraft(groups.join("/"));
    });
  }

  function addThrow() {
    var throwsBox = chance.querySelector(".ls-throws");
    var row = document.createElement("div");
    row.className = "ls-throw";
    var number = throwsBox.childElementCount + 1;
    var previous = throwsBox.lastElementChild;
    for (var die = 1; die <= 4; die++) {
      var label = document.createElement("label");
      label.textContent = t("Throw {throw}, die {die}", {throw: number, die: die});
      label.className = "ls-hidden-label";
      var select = document.createElement("select");
      select.id = "ls-die-" + number + "-" + die;
      label.htmlFor = select.id;
      for (var face = 1; face <= 6; face++) {
        var option = document.createElement("option");
        option.value = option.textContent = String(face);
        select.appendChild(option);
      }
      if (previous) select.value = previous.querySelectorAll("select")[die - 1].value;
      row.append(label, select);
    }
    throwsBox.appendChild(row);
  }

  function button(text, className) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = className;
    element.textContent = text;
    return element;
  }

  /* Ask the engine what the draft and the cells picked may mean; only the answer to the latest question,
     asked since the scorer's last change, is drawn (Entry), its offers not under a press (Drawings). */
  function askOffers() {
    if (!state || state.problem || !entering()) return;
    var question = entry.ask(), saidBefore = said;
    offersBox.setAttribute("aria-busy", "true");
    live.api("POST", base + "/offers", {draft: question.draft, cells: question.cells}).then(function (answer) {
      if (!entry.current(question)) return;
      offersBox.setAttribute("aria-busy", "false");
      offered(question, answer, saidBefore);
    }, function () {
      if (!entry.current(question)) return;
      offersBox.setAttribute("aria-busy", "false");
      offersBox.replaceChildren();
      say(t("Offline: type the turn in the Turn field; it is sent when the network returns."), "info");
      offline();
    });
  }

  /**
   * Draw the server's answer to a question about the entry, unless something happened since.
   * @param {{count: number}} question
   * @param {{status: number, data: any}} answer
   * @param {number} saidBefore the messages said when the question was asked
   */
  function offered(question, answer, saidBefore) {
    if (!entry.current(question)) return;
    if (answer.status !== 200) { say(answer.data.refused || t("refused"), "refused"); return; }
    var data = answer.data;
    var next = entry.answered(question, data.offers, data.more);
    if (next === "ask") {
      turnField.value = entry.draft;
      askOffers();
      return;
    }
    if (next === "late") return;
    setBoard(data.board);
    showTargets(data.offers);
    showButtons(data.buttons || {});
    drawings.draw(function () { if (entry.current(question)) showOffers(data, said === saidBefore); });
  }

  /**
   * Draw the turns offered, and say what to do next unless `hint` is false: a message said since the
   * question was asked (a turn saved, a game reopened) stays until the scorer does something else.
   * @param {any} data
   * @param {boolean} hint
   */
  function showOffers(data, hint) {
    offersBox.querySelectorAll("p").forEach(function (more) { more.remove(); });
    keepOrReplace(offersBox, data.offers.map(function (/** @type {{turn: string}} */ offer) {
      var choice = button(offer.turn, "ls-offer");
      choice.setAttribute("data-turn", offer.turn);
      return choice;
    }));
    if (data.refused) say(data.refused, "refused");
    else if (hint) say(nextStep(data), "info");
    if (data.more) {
      var more = document.createElement("p");
      more.textContent = tn("and {count} more: tap another cell to narrow them", "and {count} more: tap another cell to narrow them", data.more);
      offersBox.appendChild(more);
    }
  }

  /**
   * What the scorer may do next, given the server's answer about the entry.
   * @param {any} data
   */
  function nextStep(data) {
    if (data.needs === "dice" && !data.draft) return t("Give the dice of the turn first.");
    if (data.draft && !data.offers.length) return t("Turn: {turn}. Record it, or tap cells to add to it.", {turn: data.draft});
    if (data.offers.length) return entry.picked.length ? t("Tap the turn played, or another cell.") : t("Tap the cells of the turn.");
    if (entry.picked.length) return t("No legal turn involves {cells}.", {cells: entry.picked.join(", ")});
    return t("Tap the cells of the turn.");
  }

  function setDraft(text) {
    entry.write(text);
    turnField.value = text;
    askOffers();
  }

  board.addEventListener("click", function (event) {
    var cell = event.target.closest(".ls-cell");
    if (cell) pick(cell.getAttribute("data-cell"));
  });
  board.addEventListener("keydown", function (event) {
    var cell = event.target.closest(".ls-cell");
    if (cell && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      pick(cell.getAttribute("data-cell"));
    }
  });
  document.addEventListener("click", function (event) {
    var place = /** @type {Element} */ (event.target).closest(".ls-places button");
    if (place) pick(place.getAttribute("data-cell"));
  });

  function pick(cell) {
    if (!entering()) return;
    entry.pick(cell);
    askOffers();
  }

  /* A press on the offers holds their drawing until it is over, its click made (the click follows the
     press's end in the same task: the drawing waits for the next). The board's cells and the places'
     buttons are kept from one drawing to the next instead (setBoard, keepOrReplace). */
  offersBox.addEventListener("pointerdown", function () { drawings.press(); });
  ["pointerup", "pointercancel"].forEach(function (kind) {
    document.addEventListener(kind, function () {
      if (drawings.pressed) setTimeout(function () { drawings.release(); }, 0);
    });
  });

  offersBox.addEventListener("click", function (event) {
    var choice = event.target.closest(".ls-offer");
    if (choice) setDraft(choice.getAttribute("data-turn"));
  });

  var typing = null;
  turnField.addEventListener("input", function () {
    entry.touch();  /* what is typed is the draft: no answer asked before may change it */
    clearTimeout(typing);
    typing = setTimeout(function () {
      entry.write(turnField.value.trim());
      askOffers();
    }, 300);
  });

  $(".ls-turn-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var text = turnField.value.trim();
    if (!text) { say(t("Tap the cells of the turn, or type it in the Turn field."), "info"); return; }
    clearTimeout(typing);
    entry.write("");
    turnField.value = "";
    act("turn", text);
  });
  $(".ls-clear").addEventListener("click", function () { setDraft(""); });
  $(".ls-undo").addEventListener("click", function () { act("undo"); });
  $(".ls-take-over").addEventListener("click", function () { claim(true); });
  $(".ls-discard").addEventListener("click", discard);
  $(".ls-release").addEventListener("click", function () {
    live.api("POST", base + "/release").then(function () { say(t("This device no longer records this game."), "info"); });
  });

  function formText(selector, field) {
    var input = $(selector + " [name=" + field + "]");
    var text = input.value.trim();
    input.value = "";
    return text;
  }

  $(".ls-comment-form").addEventListener("submit", function (event) {
    event.preventDefault();
    act("comment", formText(".ls-comment-form", "comment"));
  });
  $(".ls-nag-form").addEventListener("submit", function (event) {
    event.preventDefault();
    act("nag", $("#ls-nag").value);
  });
  $(".ls-clock-form").addEventListener("submit", function (event) {
    event.preventDefault();
    act("clock", formText(".ls-clock-form", "clock"));
  });
  /* A result the players give: asked again before it is saved. */
  $(".ls-result-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var result = $("#ls-result").value, reason = $("#ls-reason").value;
    var proposal = $(".ls-proposal");
    proposal.hidden = false;
    proposal.setAttribute("data-result", result);
    proposal.setAttribute("data-reason", reason);
    var reasonField = /** @type {HTMLSelectElement} */ ($("#ls-reason"));
    var reasonText = reasonField.selectedIndex >= 0 ? reasonField.options[reasonField.selectedIndex].text : reason;
    $(".ls-proposal-text").textContent = t("End the game with {result} ({reason})?", {result: words(result), reason: reasonText});
    proposal.scrollIntoView({block: "nearest"});
  });
  $(".ls-confirm").addEventListener("click", function () {
    var proposal = $(".ls-proposal");
    proposal.hidden = true;
    act("result", proposal.getAttribute("data-result"), proposal.getAttribute("data-reason") || "");
  });
  $(".ls-not-yet").addEventListener("click", function () {
    var proposal = $(".ls-proposal");
    proposal.hidden = true;
    if (proposal.hasAttribute("data-reason")) { say(t("Not saved: the game goes on."), "info"); return; }
    $(".ls-more").open = true;  /* the rules ended it: what is left is to undo the last turn, or give a result */
    say(t("Not saved. Undo the last turn if it was mistaken, or give the result."), "info");
  });

  /* A finished game reopened to correct it, once the scorer confirms: its result is kept as a correction. */
  $(".ls-reopen-ask").addEventListener("click", function () {
    $(".ls-reopen-text").textContent = t("This game is finished: {result}. Reopen it to correct it? The result is taken " +
      "back, and kept in the record as a correction.", {result: words(state.result)});
    $(".ls-reopen-question").hidden = false;
  });
  $(".ls-reopen-confirm").addEventListener("click", function () {
    $(".ls-reopen-question").hidden = true;
    act("reopen");
  });
  $(".ls-reopen-cancel").addEventListener("click", function () {
    $(".ls-reopen-question").hidden = true;
    say(t("Not reopened: the game stays finished."), "info");
  });

  function claim(takeOver) {
    return live.api("POST", base + "/claim", {take_over: !!takeOver}).then(function (answer) {
      connection(t("Online"));
      if (answer.status === 200) {
        var actions = queue.actions();
        if (actions.length && actions[0].refused && actions[0].held) {
          delete actions[0].refused;
          delete actions[0].held;
          queue.save(actions);
        }
        show(answer.data);
        flush();
        return;
      }
      if (answer.status === 403) {
        say(answer.data.refused + ".", "refused");
        var link = document.createElement("a");
        link.href = "/record#next=" + encodeURIComponent(location.pathname);
        link.textContent = t("Give the code.");
        message.append(" ", link);
        return;
      }
      say(answer.data.refused || t("refused"), "refused");
      $(".ls-claim").hidden = false;
      live.api("GET", base + "/sheet").then(function (sheet) { if (sheet.status === 200) { state = sheet.data; drawMoves(sheet.data); } });
    }, offline);
  }

  window.addEventListener("online", function () { if (state) flush(); else claim(false); });
  showQueue();
  if (!live.stored("ls-code")) {
    location.replace("/record#next=" + encodeURIComponent(location.pathname));
    return;
  }
  claim(false);
})();
