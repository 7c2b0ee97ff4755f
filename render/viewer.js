/* Ludoscribe game viewer: step through a record's positions (docs/publishing.md#the-viewer).
   Plain script, no server needed: works from file://. */
(function () {
  "use strict";
  if (window.ludoscribeViewer) {  /* the script is on the page twice: set up what is new */
    window.ludoscribeViewer.start();
    return;
  }
  var viewers = [];
  var active = null;
  var MARGIN = 8;  /* pixels kept between the current move and whatever could cover it */

  function Viewer(game) {
    var self = this;
    var data = JSON.parse(game.querySelector("script.ls-data").textContent);
    var record = game.closest(".ls-record");
    this.data = data;
    this.game = game;
    this.id = record ? record.id : "";
    this.panel = game.querySelector(".ls-board");
    this.svg = this.panel.querySelector("svg");
    this.status = game.querySelector(".ls-status");
    this.comment = game.querySelector(".ls-now");
    this.moves = game.querySelector(".ls-moves");
    this.open = data.explore ? game.querySelector(".ls-open") : null;  /* link to the opening explorer */
    if (this.open) this.open.hidden = false;
    this.buttons = {};
    this.links = [];
    this.children = data.parent.map(function () { return []; });
    data.parent.forEach(function (parent, number) { if (parent >= 0) self.children[parent].push(number); });
    this.at = -1;
    this.root = -1;
    this.turned = false;
    game.querySelectorAll("a.ls-m").forEach(function (link) {
      var number = +link.getAttribute("href").split("-").pop();
      self.links[number] = link;
      link.addEventListener("click", function (event) {
        event.preventDefault();
        self.go(number, true, true);
      });
    });
    var controls = game.querySelector(".ls-controls");
    controls.hidden = false;
    this.comment.hidden = false;
    controls.querySelectorAll("button").forEach(function (button) {
      self.buttons[button.getAttribute("data-go")] = button;
    });
    this.buttons.flip.setAttribute("aria-pressed", "false");
    controls.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button) self.command(button.getAttribute("data-go"));
    });
    game.addEventListener("pointerdown", function () { active = self; });
    game.addEventListener("focusin", function () { active = self; });
    this.go(+game.getAttribute("data-at") || 0, false, false);
  }

  /* Where each command leads from entry `number` (-1: nowhere). */
  Viewer.prototype.target = function (what, number) {
    var data = this.data;
    if (what === "forward") return data.next[number];
    if (what === "back") return data.parent[number];
    if (what === "first") return number === 0 ? -1 : 0;
    if (what === "last") {
      var end = number;
      while (data.next[end] >= 0) end = data.next[end];
      return end === number ? -1 : end;
    }
    if (what === "into") {  /* the first variation of the next turn, else the next alternative of this one */
      var ahead = this.children[number];
      if (ahead.length > 1) return ahead[1];
      if (number <= 0) return -1;
      var siblings = this.children[data.parent[number]];
      var here = siblings.indexOf(number);
      return here + 1 < siblings.length ? siblings[here + 1] : -1;
    }
    if (what === "out") {  /* back to the turn the variation replaces */
      var first = number;
      while (first > 0 && data.next[data.parent[first]] === first) first = data.parent[first];
      return first > 0 ? data.next[data.parent[first]] : -1;
    }
    return -1;
  };

  Viewer.prototype.draw = function () {
    var data = this.data;
    this.root = drawFrame(this.svg, data, (this.turned ? data.turned : data.frames)[this.at], this.root);
  };

  /* Put a frame (render/frames.py: [root, element indices...]) into `svg`, whose svg element
     has the attributes of root `shown`; the root now shown. */
  function drawFrame(svg, data, frame, shown) {
    if (frame[0] !== shown) {
      var attributes = data.roots[frame[0]];
      for (var name in attributes) svg.setAttribute(name, attributes[name]);
    }
    var parts = [];
    for (var i = 1; i < frame.length; i++) parts.push(data.table[frame[i]]);
    svg.innerHTML = parts.join("");
    return frame[0];
  }

  /* Show entry `number`; remember: in the address (#g-12); reveal: scroll its move into view. */
  Viewer.prototype.go = function (number, remember, reveal) {
    var data = this.data;
    if (number < 0 || number >= data.frames.length || number === this.at) return;
    var previous = this.links[this.at];
    if (previous) {
      previous.classList.remove("ls-current");
      previous.removeAttribute("aria-current");
    }
    this.at = number;
    this.draw();
    var label = data.labels[number];
    this.svg.setAttribute("aria-label", data.game + ", " + (number === 0 ? "start" : "after " + label));
    this.status.textContent = label;
    var panel = this.comment;
    panel.replaceChildren();
    this.remarks(number).forEach(function (remark, k) {
      if (k) panel.append(" ");
      panel.append(remark);
    });
    if (this.open) {  /* hidden past the explorer's turns, its line kept so that the panel does not jump */
      var spot = data.explore.spots[number];
      this.open.style.visibility = spot === undefined ? "hidden" : "visible";
      if (spot !== undefined) this.open.firstChild.setAttribute("href", data.explore.page + "#p" + spot);
    }
    for (var what in this.buttons) {
      if (what !== "flip") this.buttons[what].setAttribute("aria-disabled", this.target(what, number) < 0);
    }
    var link = this.links[number];
    if (link) {
      link.classList.add("ls-current");
      link.setAttribute("aria-current", "step");
      if (reveal) this.reveal(link);
    }
    if (remember && this.id) {
      try { history.replaceState(null, "", "#" + this.id + "-" + number); } catch (error) { /* not allowed here */ }
    }
  };

  /* The comments on entry `number` as the move list shows them (copies of its comments and
     corrections): those written before and after its turn, up to the next turn (for the
     start, those before the first turn). */
  Viewer.prototype.remarks = function (number) {
    var link = this.links[number];
    var found = [];
    var stop = "a.ls-m, .ls-n, .ls-var, figure, .ls-result";
    var element;
    var remark = function (element) { return element.matches(".ls-comment, .ls-correction"); };
    if (!link) {
      for (element = this.moves.firstElementChild; element && !element.matches(stop); element = element.nextElementSibling) {
        if (remark(element)) found.push(element.cloneNode(true));
      }
      return found;
    }
    for (element = link.previousElementSibling; element && !element.matches(stop); element = element.previousElementSibling) {
      if (remark(element)) found.unshift(element.cloneNode(true));
    }
    for (element = link.nextElementSibling; element && !element.matches(stop); element = element.nextElementSibling) {
      if (remark(element)) found.push(element.cloneNode(true));
    }
    return found;
  };

  /* Scroll the move list's own pane, and the page only if it must, until `link` shows
     between the pinned header (and pinned board) and the bottom of the window. When the
     page has to scroll beside a move list of its own, it brings the whole viewer into view. */
  Viewer.prototype.reveal = function (link) {
    var top = headerBottom();
    var pinned = getComputedStyle(this.panel).position === "sticky";
    if (pinned) top += this.panel.offsetHeight;
    var bottom = window.innerHeight;
    if (!pinned) {  /* board and moves side by side: the whole viewer in view, if it fits */
      var whole = this.game.getBoundingClientRect();
      if (whole.height <= bottom - top && (whole.top < top || whole.bottom > bottom)) scrollPage(whole.top - top - MARGIN);
    }
    if (this.moves.scrollHeight > this.moves.clientHeight + 1 && getComputedStyle(this.moves).overflowY !== "visible") {
      var pane = this.moves.getBoundingClientRect();
      var seen = [Math.max(top, pane.top), Math.min(bottom, pane.bottom)];
      if (seen[1] - seen[0] < 4 * MARGIN + link.offsetHeight) seen = [pane.top, pane.bottom];
      this.moves.scrollTop += shift(link.getBoundingClientRect(), seen[0], seen[1]);
    }
    scrollPage(shift(link.getBoundingClientRect(), top, bottom));
  };

  function scrollPage(by) {  /* at once: a smooth scroll would leave the move hidden for a while */
    if (by) window.scrollBy({top: by, behavior: "instant"});
  }

  /* How far to scroll so that `box` lies between `top` and `bottom` (0 when it does);
     a move out of sight is brought to a third of the way down, its comment after it. */
  function shift(box, top, bottom) {
    if (box.top >= top + MARGIN && box.bottom <= bottom - MARGIN) return 0;
    return box.top - top - Math.max(MARGIN, Math.min((bottom - top) / 3, bottom - top - box.height - MARGIN));
  }

  Viewer.prototype.command = function (what) {
    if (what === "flip") {
      this.turned = !this.turned;
      this.buttons.flip.setAttribute("aria-pressed", this.turned);
      this.draw();
      return;
    }
    var number = this.target(what, this.at);
    if (number >= 0) this.go(number, true, true);
  };

  var KEYS = {ArrowRight: "forward", ArrowLeft: "back", Home: "first", End: "last", ArrowDown: "into",
              ArrowUp: "out", f: "flip", F: "flip"};

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var what = KEYS[event.key];
    if (!what || event.altKey || event.ctrlKey || event.metaKey || (event.shiftKey && what !== "flip")) return;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    var viewer = active || onScreen();
    if (!viewer) return;
    event.preventDefault();
    viewer.command(what);
  });

  function onScreen() {  /* before any click: the first viewer whose board can be seen */
    for (var i = 0; i < viewers.length; i++) {
      var box = viewers[i].svg.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight) return viewers[i];
    }
    return viewers[0];
  }

  /* The bottom of the site's header when it stays pinned at the top of the window (mkdocs'
     and Material's themes), else 0. */
  function headerBottom() {
    var header = document.querySelector(".md-header, .navbar.fixed-top, body > header");
    if (!header) return 0;
    var position = getComputedStyle(header).position;
    return position === "fixed" || position === "sticky" ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  }

  function pinUnderHeader() {
    document.documentElement.style.setProperty("--ls-top", headerBottom() + "px");
  }

  /* The opening explorer of a site (render/explorer.py): one position at a time, its board,
     the turns played from it and the records that reached it. #p12 shows position 12. */
  function Explorer(box) {
    var self = this;
    this.data = JSON.parse(box.querySelector("script.ls-explorer-data").textContent);
    this.svg = box.querySelector(".ls-board svg");
    this.status = box.querySelector(".ls-status");
    this.body = box.querySelector("table.ls-explore tbody");
    this.reached = box.querySelector("ul.ls-reached");
    this.every = box.querySelector("ol.ls-all").children;  /* every record, listed once (hidden) */
    this.trail = [0];
    this.root = -1;
    var controls = box.querySelector(".ls-controls");
    controls.hidden = false;
    controls.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var what = button.getAttribute("data-go");
      if (what === "start") self.show(0, true);
      else if (self.trail.length > 1) { self.trail.pop(); self.show(self.trail.pop(), true); }
    });
    box.addEventListener("click", function (event) {
      var link = event.target.closest("a.ls-m");
      if (!link) return;
      event.preventDefault();
      self.show(+link.getAttribute("href").slice(2), true);
    });
    explorers.push(this);
    this.show(0, false);
  }

  Explorer.prototype.show = function (number, remember) {
    var data = this.data;
    if (!(number >= 0 && number < data.frames.length)) return;
    if (number === 0) this.trail = [0];
    else if (this.trail[this.trail.length - 1] !== number) this.trail.push(number);
    this.root = drawFrame(this.svg, data, data.frames[number], this.root);
    var line = data.lines[number] || "Start";
    this.svg.setAttribute("aria-label", data.game + ", " + (number === 0 ? "start" : "after " + line));
    this.status.textContent = line;
    var rows = data.turns[number].map(function (turn) {  /* [turn, next position, 1-0, 0-1, draws, unfinished] */
      return "<tr><td><a class=\"ls-m\" href=\"#p" + turn[1] + "\">" + escaped(turn[0]) + "</a></td><td>" +
        (turn[2] + turn[3] + turn[4] + turn[5]) + "</td><td>" + turn[2] + "</td><td>" + turn[4] + "</td><td>" +
        turn[3] + "</td><td>" + turn[5] + "</td></tr>";
    });
    this.body.innerHTML = rows.join("");
    var reached = data.records[number];
    var every = this.every;
    this.reached.replaceChildren.apply(this.reached, reached.slice(0, data.shown).map(function (k) {
      return every[k].cloneNode(true);
    }));
    if (reached.length > data.shown) {
      var more = document.createElement("li");
      more.textContent = "and " + (reached.length - data.shown) + " more";
      this.reached.appendChild(more);
    }
    if (remember) {
      try { history.replaceState(null, "", "#p" + number); } catch (error) { /* not allowed here */ }
    }
  };

  function escaped(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  var explorers = [];

  function start() {
    viewers = viewers.filter(function (viewer) { return viewer.game.isConnected; });  /* a page that redraws a record */
    if (active && !active.game.isConnected) active = null;
    pinUnderHeader();
    document.querySelectorAll(".ls-explorer").forEach(function (box) {
      if (!box.hasAttribute("data-ready")) {
        box.setAttribute("data-ready", "");
        new Explorer(box);
      }
    });
    document.querySelectorAll(".ls-game").forEach(function (game) {
      if (game.querySelector("script.ls-data") && !game.hasAttribute("data-ready")) {
        game.setAttribute("data-ready", "");
        viewers.push(new Viewer(game));
      }
    });
    follow();
  }

  function follow() {  /* a URL ending in #g-12 shows position 12 of the record whose id is g */
    var position = /^#p(\d+)$/.exec(location.hash);
    if (position) explorers.forEach(function (explorer) { explorer.show(+position[1], false); });
    var wanted = /^#(.+)-(\d+)$/.exec(location.hash);
    viewers.forEach(function (viewer) {
      if (wanted && wanted[1] === viewer.id) viewer.go(+wanted[2], false, true);
    });
  }

  window.addEventListener("hashchange", follow);
  window.addEventListener("resize", pinUnderHeader);

  window.ludoscribeViewer = {start: start};
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
