/* Ludoscribe game viewer: step through a record's positions. Plain script, no server needed. */
(function () {
  "use strict";
  if (window.ludoscribeViewer) {  /* the script is on the page twice: set up what is new */
    window.ludoscribeViewer.start();
    return;
  }
  var viewers = [];
  var active = null;

  function Viewer(game) {
    var self = this;
    var data = JSON.parse(game.querySelector("script.ls-data").textContent);
    var record = game.closest(".ls-record");
    this.data = data;
    this.id = record ? record.id : "";
    this.svg = game.querySelector(".ls-board svg");
    this.status = game.querySelector(".ls-status");
    this.links = [];
    this.at = -1;
    this.root = -1;
    game.querySelectorAll("a.ls-m").forEach(function (link) {
      var number = +link.getAttribute("href").split("-").pop();
      self.links[number] = link;
      link.addEventListener("click", function (event) {
        event.preventDefault();
        self.go(number, true);
      });
    });
    var controls = game.querySelector(".ls-controls");
    controls.hidden = false;
    controls.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button) self.command(button.getAttribute("data-go"));
    });
    game.addEventListener("pointerdown", function () { active = self; });
    game.addEventListener("focusin", function () { active = self; });
    this.go(+game.getAttribute("data-at") || 0, false);
  }

  Viewer.prototype.go = function (number, remember) {
    var data = this.data;
    if (number < 0 || number >= data.frames.length || number === this.at) return;
    var frame = data.frames[number];
    if (frame[0] !== this.root) {
      var attributes = data.roots[frame[0]];
      for (var name in attributes) this.svg.setAttribute(name, attributes[name]);
      this.root = frame[0];
    }
    var parts = [];
    for (var i = 1; i < frame.length; i++) parts.push(data.table[frame[i]]);
    this.svg.innerHTML = parts.join("");
    this.svg.setAttribute("aria-label", data.labels[number]);
    if (this.links[this.at]) this.links[this.at].classList.remove("ls-current");
    var link = this.links[number];
    if (link) {
      link.classList.add("ls-current");
      var box = link.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) link.scrollIntoView({block: "center"});
    }
    this.status.textContent = data.labels[number];
    this.at = number;
    if (remember && this.id) {
      try { history.replaceState(null, "", "#" + this.id + "-" + number); } catch (error) { /* not allowed here */ }
    }
  };

  Viewer.prototype.command = function (what) {
    var data = this.data;
    var number = this.at;
    if (what === "forward") number = data.next[number];
    else if (what === "back") number = data.parent[number];
    else if (what === "first") number = 0;
    else if (what === "last") while (data.next[number] >= 0) number = data.next[number];
    this.go(number, true);
  };

  var KEYS = {ArrowRight: "forward", ArrowLeft: "back", Home: "first", End: "last"};

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var what = KEYS[event.key];
    if (!what || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
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

  function start() {
    document.querySelectorAll(".ls-game").forEach(function (game) {
      if (game.querySelector("script.ls-data") && !game.hasAttribute("data-ready")) {
        game.setAttribute("data-ready", "");
        viewers.push(new Viewer(game));
      }
    });
    follow();
  }

  function follow() {  /* a URL ending in #g-12 shows position 12 of the record whose id is g */
    var wanted = /^#(.+)-(\d+)$/.exec(location.hash);
    viewers.forEach(function (viewer) {
      if (wanted && wanted[1] === viewer.id) viewer.go(+wanted[2], false);
    });
  }

  window.addEventListener("hashchange", follow);

  window.ludoscribeViewer = {start: start};
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
