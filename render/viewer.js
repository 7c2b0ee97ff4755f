// @ts-check
/* Ludoscribe game viewer: step through a record's positions (docs/publishing.md#the-viewer).
   Plain script, no server needed: works from file://. The same script shows a viewer in any
   page from the JSON of `convert --to embed` (docs/publishing.md#a-viewer-in-any-page), runs the
   opening explorer and sorts the site's tables. Its navigation is plain functions of the record's
   data, which node's tests require (docs/contributing.md#page-scripts). */
(function () {
  "use strict";

  /**
   * @typedef {object} Entries the turns of a record as the viewer walks them (render/frames.py):
   *   entry 0 is the start, each other entry the position after one turn
   * @property {number[]} parent the entry each turn was played from (-1 for the start)
   * @property {number[]} next the turn that follows on the same line (-1 at its end)
   */

  /**
   * For each entry, the turns played from it: the main line's first, then its variations.
   * @param {Entries} data
   * @returns {number[][]}
   */
  function childrenOf(data) {
    /** @type {number[][]} */
    var children = data.parent.map(function () { return []; });
    data.parent.forEach(function (parent, number) { if (parent >= 0) children[parent].push(number); });
    return children;
  }

  /**
   * The last entry of the line that goes on from entry `number`.
   * @param {Entries} data
   * @param {number} number
   */
  function lineEnd(data, number) {
    var end = number;
    while (data.next[end] >= 0) end = data.next[end];
    return end;
  }

  /**
   * Where each command leads from entry `number` (-1: nowhere).
   * @param {Entries} data
   * @param {number[][]} children the turns from each entry (childrenOf)
   * @param {string} what forward, back, first, last, into (a variation) or out (of it)
   * @param {number} number
   */
  function target(data, children, what, number) {
    if (what === "forward") return data.next[number];
    if (what === "back") return data.parent[number];
    if (what === "first") return number === 0 ? -1 : 0;
    if (what === "last") {
      var end = lineEnd(data, number);
      return end === number ? -1 : end;
    }
    if (what === "into") {  /* the first variation of the next turn, else the next alternative of this one */
      var ahead = children[number];
      if (ahead.length > 1) return ahead[1];
      if (number <= 0) return -1;
      var siblings = children[data.parent[number]];
      var here = siblings.indexOf(number);
      return here + 1 < siblings.length ? siblings[here + 1] : -1;
    }
    if (what === "out") {  /* back to the turn the variation replaces */
      var first = number;
      while (first > 0 && data.next[data.parent[first]] === first) first = data.parent[first];
      return first > 0 ? data.next[data.parent[first]] : -1;
    }
    return -1;
  }

  /**
   * The entry to show once a record is drawn again (the live game page) with `data`: a reader who
   * was at the end of the main line (`end`) goes to its new end; a reader looking back stays at
   * entry `at`, unless it is gone (a turn taken back): then the end.
   * @param {Entries} data
   * @param {number} at
   * @param {boolean} end
   */
  function kept(data, at, end) {
    return end || !(at >= 0 && at < data.parent.length) ? lineEnd(data, 0) : at;
  }

  /** @type {Object<string, string | string[]> | null} */
  var pageWords = null;

  /* The words of the page's language: the JSON of its element #ludoscribe-words-pages (render/document.py
     script_words_element; the live pages carry the same), {} where there is none (an English page). */
  function wordsOfPage() {
    if (pageWords) return pageWords;
    var element = typeof document === "undefined" ? null : document.getElementById("ludoscribe-words-pages");
    if (!element) return {};
    try { pageWords = JSON.parse(element.textContent || "{}"); } catch (error) { pageWords = {}; }
    return pageWords || {};
  }

  /**
   * An English text in the page's language (the English text where the page has none).
   * @param {string} text
   * @returns {string}
   */
  function t(text) {
    var found = wordsOfPage()[text];
    return typeof found === "string" ? found : text;
  }

  /**
   * Which plural form a count takes in French (0 and 1 the first), as the catalogue says.
   * @param {number} n
   */
  function pluralIndex(n) {
    return n === 0 || n === 1 ? 0 : n % 1000000 === 0 ? 1 : 2;
  }

  /**
   * The form of `one` (English singular) or `many` (plural) for `n`, in the page's language,
   * its {count} replaced by n.
   * @param {string} one
   * @param {string} many
   * @param {number} n
   * @returns {string}
   */
  function tn(one, many, n) {
    var forms = wordsOfPage()[one + "\u0000" + many];
    var text = Array.isArray(forms) && forms.length ? forms[Math.min(pluralIndex(n), forms.length - 1)] : n === 1 ? one : many;
    return text.replace("{count}", String(n));
  }

  /**
   * `text` with each {name} replaced by its value.
   * @param {string} text
   * @param {Object<string, string | number>} values
   */
  function filled(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? String(values[name]) : whole; });
  }

  if (typeof module !== "undefined" && module) {
    module.exports = {childrenOf: childrenOf, lineEnd: lineEnd, target: target, kept: kept, t: t, tn: tn,
                      pluralIndex: pluralIndex};
  }
  if (typeof window === "undefined") return;  /* node's tests: the navigation only */
  if (window.ludoscribeViewer) {  /* the script is on the page twice: set up what is new */
    window.ludoscribeViewer.start();
    return;
  }
  var viewers = [];
  var explorers = [];
  var active = null;
  var MARGIN = 8;  /* pixels kept between the current move and whatever could cover it */
  var SMALLEST = 11;  /* CSS pixels: no text of a board is drawn smaller */
  var LAYOUT = "ludoscribe-moves";  /* where the reader's choice of move layout is kept */
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  var here = script ? script.src : "";

  function Viewer(game) {
    var self = this;
    var record = game.closest(".ls-record");
    this.game = game;
    this.id = record ? record.id : "";
    this.panel = game.querySelector(".ls-board");
    this.svg = this.panel.querySelector("svg");
    this.bars = [].slice.call(this.panel.querySelectorAll(".ls-player"));
    this.status = game.querySelector(".ls-status");
    this.said = game.querySelector(".ls-said");
    this.menu = game.querySelector(".ls-menu");
    this.read();
    var data = this.data;
    this.open = data.explore ? game.querySelector(".ls-open") : null;  /* link to the opening explorer */
    if (this.open) this.open.hidden = false;
    this.buttons = {};
    this.at = -1;
    this.root = -1;
    this.turned = false;
    var controls = game.querySelector(".ls-controls");
    controls.hidden = false;
    controls.querySelectorAll("button").forEach(function (button) {
      self.buttons[button.getAttribute("data-go")] = button;
    });
    this.buttons.flip.setAttribute("aria-pressed", "false");
    controls.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button) self.command(button.getAttribute("data-go"));
    });
    this.menu.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button) self.act(button);
      else if (event.target.closest("a")) self.closeMenu(false);
    });
    this.menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape") self.closeMenu(true);
    });
    document.addEventListener("click", function (event) {
      if (!self.menu.hidden && !self.menu.contains(event.target) && event.target !== self.buttons.menu) self.closeMenu(false);
    });
    var stored = null;
    try { stored = localStorage.getItem(LAYOUT); } catch (error) { /* not allowed here */ }
    this.layout(stored || game.getAttribute("data-moves") || "text");
    game.addEventListener("pointerdown", function () { active = self; });
    game.addEventListener("focusin", function () { active = self; });
    this.go(+game.getAttribute("data-at") || 0, false, false);
    this.said.textContent = "";  /* announced when the reader moves, not as the page opens */
  }

  /* Take the record's data and its move list: as the viewer starts, and when the page draws
     the record again (`update`). */
  Viewer.prototype.read = function () {
    var self = this;
    this.data = JSON.parse(this.game.querySelector("script.ls-data").textContent);
    this.children = childrenOf(this.data);
    this.moves = this.game.querySelector(".ls-moves");
    this.links = [];
    this.moves.querySelectorAll("a.ls-m").forEach(function (link) {
      var number = +link.getAttribute("href").split("-").pop();
      self.links[number] = link;
      link.addEventListener("click", function (event) {
        event.preventDefault();
        self.go(number, true, true);
      });
    });
    this.moves.querySelectorAll(".ls-var").forEach(function (variation) { foldButton(variation); });
    this.figures = [].slice.call(this.moves.querySelectorAll("figure svg"));
    this.figures.forEach(readable);
    this.moves.addEventListener("click", function (event) {
      var fold = event.target.closest("button.ls-fold");
      if (fold) setFolded(fold.parentNode, fold.getAttribute("aria-expanded") === "true");
    });
  };

  /* Show the record drawn again (`fresh`, its .ls-record: longer, or corrected) in this viewer's
     place. The board, its controls and its menu stay the same elements, so the control focused,
     a click under way, the open menu and the side the board is seen from are kept; the move list,
     the record's data and the rest are the new ones, a move or fold button focused focused again
     in them. A reader at the end of the main line goes on to its new end, and hears the turn; a
     reader looking back stays where they are (`kept`; docs/live.md#following-the-boards). */
  Viewer.prototype.update = function (fresh) {
    var game = this.game;
    var freshGame = fresh.querySelector(".ls-game");
    var moves = this.moves;
    var focused = moves.contains(document.activeElement) ? document.activeElement : null;
    var href = focused && focused.getAttribute("href");
    var fold = focused ? Array.prototype.indexOf.call(moves.querySelectorAll("button.ls-fold"), focused) : -1;
    var end = this.at === lineEnd(this.data, 0);
    var scrolled = moves.scrollTop;
    swap(game.parentElement, game, fresh, freshGame);
    swap(game, this.panel, freshGame, freshGame.querySelector(".ls-board"));
    this.bars.forEach(function (bar) {
      var side = freshGame.querySelector('.ls-player[data-side="' + bar.getAttribute("data-side") + '"]');
      if (side) bar.replaceChildren.apply(bar, [].slice.call(side.childNodes));
    });
    this.read();
    this.moves.scrollTop = scrolled;
    var foldAll = this.menu.querySelector('[data-do="fold"]');
    if (foldAll && foldAll.getAttribute("aria-pressed") === "true") {
      this.moves.querySelectorAll(".ls-moves > .ls-var").forEach(function (variation) { setFolded(variation, true); });
    }
    this.fit();
    var at = this.at;
    this.at = -1;
    this.root = -1;  /* the drawing's root attributes are the new data's */
    var to = kept(this.data, at, end);
    this.go(to, false, false, to === at && !end);
    var again = href ? this.moves.querySelector('a.ls-m[href="' + CSS.escape(href) + '"]') :
      fold >= 0 ? this.moves.querySelectorAll("button.ls-fold")[fold] : null;
    if (again) again.focus({preventScroll: true});
  };

  /* In `holder`, the elements but `kept` replaced by those of `fresh` but `freshKept`, in their order around it. */
  function swap(holder, kept, fresh, freshKept) {
    [].slice.call(holder.children).forEach(function (child) { if (child !== kept) child.remove(); });
    var before = true;
    [].slice.call(fresh.children).forEach(function (child) {
      if (child === freshKept) before = false;
      else if (before) kept.before(child);
      else holder.appendChild(child);
    });
  }

  /** Where each command leads from entry `number` (-1: nowhere). */
  Viewer.prototype.target = function (what, number) {
    return target(this.data, this.children, what, number);
  };

  Viewer.prototype.draw = function () {
    var data = this.data;
    this.root = drawFrame(this.svg, data, (this.turned ? data.turned : data.frames)[this.at], this.root);
    readable(this.svg);
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

  /* No text of a diagram smaller than SMALLEST CSS pixels where it is shown (a phone shrinks
     the board): a text drawn smaller is given the size that shows it at SMALLEST. */
  function readable(svg) {
    var box = svg.viewBox && svg.viewBox.baseVal;
    var width = svg.getBoundingClientRect().width;
    if (!box || !box.width || !width) return;
    var least = SMALLEST * box.width / width;
    svg.querySelectorAll("text, [font-size]").forEach(function (text) {
      var size = parseFloat(text.getAttribute("font-size"));
      if (size && size < least) text.style.fontSize = least.toFixed(2) + "px";
      else if (text.style.fontSize) text.style.fontSize = "";
    });
  }

  /* Show entry `number`; remember: in the address (#g-12); reveal: scroll its move into view;
     quiet: not said again to screen readers (the record drawn again, the reader's place kept). */
  Viewer.prototype.go = function (number, remember, reveal, quiet) {
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
    this.svg.setAttribute("aria-label", data.game + ", " + (number === 0 ? t("start") : filled(t("after {turn}"), {turn: label})));
    this.status.textContent = label;
    var remarks = this.remarks(number).map(function (remark) { return remark.textContent; }).join(" ");
    if (!quiet) this.said.textContent = label + (remarks ? ". " + remarks : "");
    if (data.clocks) {
      this.bars.forEach(function (bar) {
        var clock = bar.querySelector(".ls-clock");
        if (clock) clock.textContent = data.clocks[number][+bar.getAttribute("data-side")] || "";
      });
    }
    if (this.open) {  /* hidden past the explorer's turns, its line kept so that the panel does not jump */
      var spot = data.explore.spots[number];
      this.open.style.visibility = spot === undefined ? "hidden" : "visible";
      if (spot !== undefined) this.open.firstChild.setAttribute("href", data.explore.page + "#p" + spot);
    }
    for (var what in this.buttons) {
      if (what !== "flip" && what !== "menu") this.buttons[what].setAttribute("aria-disabled", this.target(what, number) < 0);
    }
    var link = this.links[number];
    if (link) {
      unfold(link);
      link.classList.add("ls-current");
      link.setAttribute("aria-current", "step");
      if (reveal) this.reveal(link);
    }
    if (remember && this.id) {
      try { history.replaceState(null, "", "#" + this.id + "-" + number); } catch (error) { /* not allowed here */ }
    }
  };

  /* The comments on entry `number` as the move list shows them (its comments and corrections):
     those written before and after its turn, up to the next turn (for the start, those before
     the first turn). */
  Viewer.prototype.remarks = function (number) {
    var link = this.links[number];
    var found = [];
    var stop = "a.ls-m, .ls-n, .ls-var, figure, .ls-result";
    var element;
    var remark = function (element) { return element.matches(".ls-comment, .ls-correction"); };
    if (!link) {
      for (element = this.moves.firstElementChild; element && !element.matches(stop); element = element.nextElementSibling) {
        if (remark(element)) found.push(element);
      }
      return found;
    }
    for (element = link.previousElementSibling; element && !element.matches(stop); element = element.previousElementSibling) {
      if (remark(element)) found.unshift(element);
    }
    for (element = link.nextElementSibling; element && !element.matches(stop); element = element.nextElementSibling) {
      if (remark(element)) found.push(element);
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
    if (what === "menu") {
      if (this.menu.hidden) this.openMenu();
      else this.closeMenu(true);
      return;
    }
    if (what === "flip") {
      this.turned = !this.turned;
      this.buttons.flip.setAttribute("aria-pressed", this.turned);
      if (this.bars.length === 2) {  /* the bar of the side at the bottom of the board stays under it */
        var top = this.svg.previousElementSibling, bottom = this.svg.nextElementSibling;
        this.svg.before(bottom);
        this.svg.after(top);
      }
      this.draw();
      return;
    }
    var number = this.target(what, this.at);
    if (number >= 0) this.go(number, true, true);
  };

  Viewer.prototype.openMenu = function () {
    this.menu.hidden = false;
    this.buttons.menu.setAttribute("aria-expanded", "true");
    this.menu.querySelector("button, a").focus();
  };

  Viewer.prototype.closeMenu = function (refocus) {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.buttons.menu.setAttribute("aria-expanded", "false");
    if (refocus) this.buttons.menu.focus();
  };

  /* The menu's actions (render/document.py MENU). */
  Viewer.prototype.act = function (button) {
    var what = button.getAttribute("data-do");
    var data = this.data;
    if (what === "table") {
      this.layout(this.game.getAttribute("data-moves") === "table" ? "text" : "table");
      try { localStorage.setItem(LAYOUT, this.game.getAttribute("data-moves")); } catch (error) { /* not allowed here */ }
    } else if (what === "fold") {
      var fold = button.getAttribute("aria-pressed") !== "true";
      button.setAttribute("aria-pressed", fold);
      this.moves.querySelectorAll(".ls-moves > .ls-var").forEach(function (variation) { setFolded(variation, fold); });
      if (this.links[this.at]) unfold(this.links[this.at]);  /* the variation being read stays open */
    } else if (what === "tgn") {
      var link = document.createElement("a");
      var text = this.game.querySelector("template.ls-tgn");  /* the record's text, kept in the page */
      link.href = URL.createObjectURL(new Blob([text ? text.content.textContent : ""], {type: "text/plain"}));
      link.download = (data.name || "record") + ".tgn";
      document.body.appendChild(link);
      link.click();
      link.remove();
      this.tell(button, filled(t("Downloaded {file}"), {file: link.download}));
    } else if (what === "code") {
      this.copy(button, data.codes[this.at], t("Position code copied"));
    } else if (what === "link") {
      this.copy(button, location.href.split("#")[0] + "#" + this.id + "-" + this.at, t("Link copied"));
    }
    this.closeMenu(true);
  };

  Viewer.prototype.layout = function (how) {
    var table = how === "table";
    this.game.setAttribute("data-moves", table ? "table" : "text");
    var button = this.menu.querySelector('[data-do="table"]');
    if (button) button.setAttribute("aria-pressed", table);
    this.fit();
  };

  /* A turn is never split: one wider than the move list is written smaller. Two columns only
     where the longest turn fits in half the move list, else a turn a row, else (a turn wider
     than the list beside its number) the moves as text. */
  Viewer.prototype.fit = function () {
    var game = this.game;
    game.classList.remove("ls-one-column", "ls-no-column");
    this.moves.querySelectorAll("a.ls-m[style]").forEach(function (link) { link.style.fontSize = ""; });
    this.moves.querySelectorAll("a.ls-m").forEach(function (link) {  /* a turn wider than its line, with its number */
      var number = link.previousElementSibling;
      var room = link.parentNode.clientWidth - (number && number.matches(".ls-n") ? number.offsetWidth + 8 : 0) - 4;
      if (link.offsetWidth > room) link.style.fontSize = Math.floor(100 * room / link.offsetWidth) + "%";
    });
    if (game.getAttribute("data-moves") !== "table") return;
    var widest = 0;
    this.moves.querySelectorAll(":scope > a.ls-m").forEach(function (link) { widest = Math.max(widest, link.offsetWidth); });
    var number = this.moves.querySelector(":scope > .ls-n");
    var room = this.moves.clientWidth - (number ? number.offsetWidth : 0) - 16;
    if (widest > room) game.classList.add("ls-no-column");
    else if (widest > room / 2) game.classList.add("ls-one-column");
  };

  /* Put `text` on the clipboard (the browser's clipboard where allowed, else the older copy
     command), and say so. */
  Viewer.prototype.copy = function (button, text, done) {
    var self = this;
    var fallback = function () {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { /* not allowed here */ }
      area.remove();
      self.tell(button, copied ? done : filled(t("Copy this: {text}"), {text: text}));
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { self.tell(button, done); }, fallback);
    } else {
      fallback();
    }
  };

  /* Say what an action did: to screen readers, and on the status line for a moment. */
  Viewer.prototype.tell = function (button, words) {
    var status = this.status, label = this.data.labels[this.at];
    this.said.textContent = words;
    status.textContent = words;
    status.classList.add("ls-told");
    setTimeout(function () {
      if (status.textContent === words) status.textContent = label;
      status.classList.remove("ls-told");
    }, 2500);
  };

  /* A variation's button to fold it away (and open it again). */
  function foldButton(variation) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "ls-fold";
    variation.prepend(button);
    setFolded(variation, false);
  }

  function unfold(link) {  /* the variations holding a move, opened */
    for (var folded = link.closest(".ls-folded"); folded; folded = folded.parentNode.closest(".ls-folded")) setFolded(folded, false);
  }

  function setFolded(variation, folded) {
    var button = variation.firstElementChild;
    if (!button || !button.matches("button.ls-fold")) return;
    var turns = variation.querySelectorAll("a.ls-m").length;
    variation.classList.toggle("ls-folded", folded);
    button.setAttribute("aria-expanded", !folded);
    var count = tn("{count} turn", "{count} turns", turns);
    /* the name holds the text shown (axe's label-content-name-mismatch), the "+" aside */
    button.setAttribute("aria-label", filled(folded ? t("Show this variation: {turns}") : t("Hide this variation ({turns})"),
                                             {turns: count}));
    button.textContent = folded ? "+ " + count : "−";
  }

  var KEYS = {ArrowRight: "forward", ArrowLeft: "back", Home: "first", End: "last", ArrowDown: "into",
              ArrowUp: "out", f: "flip", F: "flip"};

  document.addEventListener("keydown", function (event) {
    var target = /** @type {HTMLElement} */ (event.target);
    var what = KEYS[event.key];
    if (!what || event.altKey || event.ctrlKey || event.metaKey || (event.shiftKey && what !== "flip")) return;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.closest(".ls-menu")) return;
    if (explorers.length && !viewers.length) {  /* the explorer's page: ← → and Home */
      if (what === "back" || what === "forward" || what === "first") {
        event.preventDefault();
        explorers[0].command(what === "first" ? "start" : what);
      }
      return;
    }
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

  /* Why an embedded viewer cannot be shown: `file` (its data-src) could not be read, or ("") what
     was read is not a viewer. */
  function unreadable(file) {
    if (!file) return t("This is not a Ludoscribe viewer (made by ludoscribe convert --to embed).");
    return filled(location.protocol === "file:" ?
      t("Cannot read {file} (a page read from the disk cannot read other files: put the JSON in the page).") :
      t("Cannot read {file}."), {file: file});
  }

  /* The opening explorer of a site (render/explorer.py): one position at a time, its board,
     the turns played from it with how their records ended, and the records that reached it.
     #p12 shows position 12; each position chosen is a step of the browser's history. */
  function Explorer(box) {
    var self = this;
    this.box = box;
    this.data = JSON.parse(box.querySelector("script.ls-explorer-data").textContent);
    this.svg = box.querySelector(".ls-board svg");
    this.status = box.querySelector(".ls-status");
    this.body = box.querySelector("table.ls-explore tbody");
    this.reached = box.querySelector("ul.ls-reached");
    this.every = box.querySelector("ol.ls-all").children;  /* every record, listed once (hidden) */
    this.at = 0;
    this.root = -1;
    var controls = box.querySelector(".ls-controls");
    controls.hidden = false;
    controls.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button) self.command(button.getAttribute("data-go"));
    });
    box.addEventListener("click", function (event) {
      var link = event.target.closest("a.ls-m");
      if (!link) return;
      event.preventDefault();
      self.visit(+link.getAttribute("href").slice(2));
    });
    window.addEventListener("popstate", function () { self.follow(); });
    explorers.push(this);
    this.follow();
  }

  /* The position the address names (#p12), else the start. */
  Explorer.prototype.follow = function () {
    var position = /^#p(\d+)$/.exec(location.hash);
    this.show(position ? +position[1] : 0);
  };

  /* Go to a position as a new step of the browser's history (Back returns here). */
  Explorer.prototype.visit = function (number) {
    if (!(number >= 0 && number < this.data.frames.length) || number === this.at) return;
    try { history.pushState({explorer: number, from: this.at}, "", "#p" + number); } catch (error) { /* not allowed here */ }
    this.show(number);
  };

  /* start: the start position; back: the position before (the browser's Back when it came from
     there); forward: the turn played most often from here. */
  Explorer.prototype.command = function (what) {
    var data = this.data;
    if (what === "start") this.visit(0);
    else if (what === "forward" && data.turns[this.at].length) this.visit(data.turns[this.at][0][1]);
    else if (what === "back" && this.at !== 0) {
      var state = history.state;
      if (state && state.explorer === this.at) {  /* where the reader came from: the browser's Back */
        this.show(state.from);
        history.back();
      } else {
        this.visit(data.parents[this.at]);
      }
    }
  };

  Explorer.prototype.show = function (number) {
    var data = this.data;
    if (!(number >= 0 && number < data.frames.length)) return;
    this.at = number;
    this.root = drawFrame(this.svg, data, data.frames[number], this.root);
    readable(this.svg);
    var line = data.lines[number] || t("Start");
    this.svg.setAttribute("aria-label", data.game + ", " + (number === 0 ? t("start") : filled(t("after {turn}"), {turn: line})));
    this.status.textContent = line;
    var sides = data.sides;
    var rows = data.turns[number].map(function (turn) {  /* [turn, next position, 1-0, 0-1, draws, unfinished] */
      var total = turn[2] + turn[3] + turn[4] + turn[5];
      return "<tr><td><a class=\"ls-m\" href=\"#p" + turn[1] + "\">" + escaped(turn[0]) + "</a></td><td>" + total +
        "</td><td>" + bar(turn[2], turn[4], turn[3], turn[5], sides) + "</td><td>" + turn[2] + "</td><td>" + turn[4] +
        "</td><td>" + turn[3] + "</td><td>" + turn[5] + "</td></tr>";
    });
    this.body.innerHTML = rows.join("");
    var reached = data.records[number];
    var every = this.every;
    this.reached.replaceChildren.apply(this.reached, reached.slice(0, data.shown).map(function (k) {
      return every[k].cloneNode(true);
    }));
    if (reached.length > data.shown) {
      var more = document.createElement("li");
      more.textContent = tn("and {count} more", "and {count} more", reached.length - data.shown);
      this.reached.appendChild(more);
    }
    this.box.querySelector('[data-go="back"]').setAttribute("aria-disabled", number === 0);
    this.box.querySelector('[data-go="start"]').setAttribute("aria-disabled", number === 0);
    this.box.querySelector('[data-go="forward"]').setAttribute("aria-disabled", !data.turns[number].length);
  };

  /* How the records of a turn ended, as a bar of three parts (render/explorer.py writes the same). */
  function bar(first, drawn, second, unfinished, sides) {
    var total = first + drawn + second + unfinished || 1;
    var part = function (count, kind) {
      var share = Math.round(100 * count / total);
      return count ? "<span class=\"ls-" + kind + "\" style=\"width:" + (100 * count / total).toFixed(1) + "%\">" +
        (share >= 12 ? filled(t("{share}%"), {share: share}) : "") + "</span>" : "";
    };
    var words = filled(t("{first} wins {won}, drawn {drawn}, {second} wins {lost}"),
                       {first: escaped(sides[0]), won: first, drawn: drawn, second: escaped(sides[1]), lost: second}) +
      (unfinished ? filled(t(", unfinished {count}"), {count: unfinished}) : "");
    return "<span class=\"ls-bar\" role=\"img\" aria-label=\"" + words + "\" title=\"" + words + "\">" + part(first, "won1") +
      part(drawn, "drawn") + part(second, "won2") + part(unfinished, "unfinished") + "</span>";
  }

  function escaped(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  /* Tables whose header cells are buttons (render/site/__init__.py): a click sorts by that column,
     a second click the other way. Cells may say how they sort in data-sort. */
  function sortable(table) {
    var heads = [].slice.call(table.querySelectorAll("thead th"));
    heads.forEach(function (head, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "ls-sort";
      while (head.firstChild) button.appendChild(head.firstChild);
      head.appendChild(button);
      button.addEventListener("click", function () {
        var up = head.getAttribute("aria-sort") !== "ascending";
        heads.forEach(function (other) { other.removeAttribute("aria-sort"); });
        head.setAttribute("aria-sort", up ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = [].slice.call(body.rows);
        var key = function (row) {
          var cell = row.cells[column];
          return cell ? (cell.getAttribute("data-sort") || cell.textContent.trim()) : "";
        };
        var order = new Intl.Collator(undefined, {numeric: true, sensitivity: "base"});
        rows.sort(function (a, b) { return (up ? 1 : -1) * order.compare(key(a), key(b)); });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  }

  /* A viewer from the JSON of `convert --to embed`, written in the page
     (<script type="application/json" class="ludoscribe">) or named by an element
     (<div class="ludoscribe" data-src="game.json">, read from a web server). */
  function embed(holder, document_) {
    if (!document_ || document_.format !== "ludoscribe-viewer" || typeof document_.html !== "string") {
      holder.textContent = unreadable("");
      return;
    }
    var box = document.createElement("div");
    box.className = "ls-embed";
    box.innerHTML = document_.html;  /* written by Ludoscribe, every text from the record escaped */
    holder.replaceWith(box);
  }

  function embeds() {
    var waiting = 0;
    document.querySelectorAll("script.ludoscribe").forEach(function (script) {
      var parsed = null;
      try { parsed = JSON.parse(script.textContent); } catch (error) { /* said below */ }
      var holder = document.createElement("div");
      script.replaceWith(holder);
      embed(holder, parsed);
    });
    document.querySelectorAll("div.ludoscribe[data-src]").forEach(function (holder) {
      holder.classList.remove("ludoscribe");
      waiting++;
      fetch(holder.getAttribute("data-src")).then(function (response) {
        return response.ok ? response.json() : null;
      }).then(function (parsed) { embed(holder, parsed); start(); }, function () {
        holder.textContent = unreadable(holder.getAttribute("data-src") || "");
      });
    });
    return waiting;
  }

  /* A page holding a viewer without its style (an embed): the style beside this script. */
  function styled() {
    if (!here || getComputedStyle(document.documentElement).getPropertyValue("--ls-style") ||
        !document.querySelector(".ls-record, .ls-explorer")) return;
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = here.replace(/[^\/?#]*([?#].*)?$/, "viewer.css");
    link.onload = function () { window.dispatchEvent(new Event("resize")); };  /* laid out again, styled */
    document.head.appendChild(link);
    here = "";
  }

  /* One record shown twice in a page (the same embed, a page pasted twice), or a record beside
     an element of the page that has one of its ids, would share ids and position links: a
     record whose viewer has not started and that has an id used elsewhere in the page gets a
     prefix of its own, made from its own (the later of two records is the one renamed). */
  function ownIds() {
    var records = [].slice.call(document.querySelectorAll(".ls-record[id]"));
    var used = function (id) { return document.querySelectorAll('[id="' + CSS.escape(id) + '"]').length; };
    records.reverse().forEach(function (record) {
      if (record.querySelector(".ls-game[data-ready]")) return;
      var ids = [record].concat([].slice.call(record.querySelectorAll("[id]")));
      if (!ids.some(function (element) { return used(element.id) > 1; })) return;
      var n = 2, id = record.id;
      while (used(id + "x" + n) || used(id + "x" + n + "-menu")) n++;
      rename(record, id, id + "x" + n);
    });
  }

  /* Give the ids of a record (prefix `from`: render/document.py) the prefix `to`, with every
     reference to them: in its elements, and in the drawings its viewer keeps (render/frames.py). */
  function rename(record, from, to) {
    var lead = function (value, mark) {
      return value.indexOf(mark + from) === 0 ? mark + to + value.slice(mark.length + from.length) : value;
    };
    [record].concat([].slice.call(record.querySelectorAll("*"))).forEach(function (element) {
      [].slice.call(element.attributes).forEach(function (attribute) {
        var name = attribute.name, value = attribute.value;
        var next = name === "id" || name === "aria-controls" ? lead(value, "") :
          name === "href" || name === "xlink:href" ? lead(value, "#") : value;
        next = next.split("url(#" + from).join("url(#" + to);
        if (next !== value) attribute.value = next;  /* the attribute itself: xlink:href keeps its namespace */
      });
    });
    var script = record.querySelector("script.ls-data");
    if (!script) return;
    var data = JSON.parse(script.textContent);
    var reference = new RegExp("(\\sid\\s*=\\s*[\"']|(?:\\s|:)href\\s*=\\s*[\"']#|url\\(\\s*#)" +
      from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g");
    data.table = data.table.map(function (element) {  /* in tags only: text never holds '<' */
      return element.replace(/<[^!?\/][^>]*>/g, function (tag) {
        return tag.replace(reference, function (found, before) { return before + to; });
      });
    });
    script.textContent = JSON.stringify(data);
  }

  function start() {
    embeds();
    styled();
    ownIds();
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
    document.querySelectorAll(".ls-sortable table").forEach(function (table) {
      if (!table.hasAttribute("data-ready")) {
        table.setAttribute("data-ready", "");
        sortable(table);
      }
    });
    follow();
  }

  function follow() {  /* a URL ending in #g-12 shows position 12 of the record whose id is g */
    var wanted = /^#(.+)-(\d+)$/.exec(location.hash);
    viewers.forEach(function (viewer) {
      if (wanted && wanted[1] === viewer.id) viewer.go(+wanted[2], false, true);
    });
  }

  window.addEventListener("hashchange", follow);
  window.addEventListener("resize", function () {
    pinUnderHeader();
    viewers.forEach(function (viewer) {
      [viewer.svg].concat(viewer.figures).forEach(readable);
      viewer.fit();
    });
    explorers.forEach(function (explorer) { readable(explorer.svg); });
  });

  /**
   * What a page that draws a record again (the live game page) asks of its viewer: the entry shown,
   * and whether it is the end of the main line; null for a game whose viewer has not started.
   * @param {Element} game the record's .ls-game
   * @returns {{at: number, end: boolean} | null}
   */
  function place(game) {
    var viewer = viewers.filter(function (each) { return each.game === game; })[0];
    return viewer ? {at: viewer.at, end: viewer.at === lineEnd(viewer.data, 0)} : null;
  }

  /**
   * Draw a record again in place (the live game page): `fresh` is its new .ls-record, not yet in
   * the page. What the reader has is kept (Viewer.prototype.update). False, and nothing done, when
   * `game` has no viewer or `fresh` no record to show: the page then replaces it, and starts again.
   * @param {Element} game the record's .ls-game
   * @param {Element} fresh
   * @returns {boolean}
   */
  function update(game, fresh) {
    var viewer = viewers.filter(function (each) { return each.game === game; })[0];
    var freshGame = fresh.querySelector(".ls-game");
    if (!viewer || !game.parentElement || !freshGame || !freshGame.querySelector(".ls-board svg") ||
        !freshGame.querySelector("script.ls-data") || !freshGame.querySelector(".ls-moves")) return false;
    viewer.update(fresh);
    return true;
  }

  window.ludoscribeViewer = {start: start, place: place, update: update, t: t, tn: tn};
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
