// @ts-check
/* Search for a site read from the disk (docs/publishing.md#search-from-the-disk). The themes'
   own search reads search/search_index.json in a web worker, which a browser refuses to a page
   read from file://. The ludoscribe plugin writes the same index beside this script as a script
   (search-index.js), which a page from the disk may load; this one then answers the theme's
   search box itself, on file:// pages only (on a web server the theme's search is left alone).
   Every word of the index is shown as text, never as markup. */
(function () {
  "use strict";
  if (location.protocol !== "file:" || window.ludoscribeSearch) return;
  window.ludoscribeSearch = true;
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  var here = script ? script.src : "";
  var root = here.replace(/assets\/ludoscribe\/search\.js([?#].*)?$/, "");  /* the site's top folder */
  var LIMIT = 50;  /* results shown */
  var docs = null;

  function load(then) {
    if (docs) return then();
    var script = document.createElement("script");
    script.src = root + "assets/ludoscribe/search-index.js";
    script.onload = function () {
      var index = window.ludoscribeSearchIndex || {docs: []};
      docs = index.docs.map(function (doc) {
        var text = plain(doc.text || "");
        return {location: String(doc.location || ""), title: plain(doc.title || ""), text: text,
                lower: (plain(doc.title || "") + "\n" + text).toLowerCase()};
      });
      then();
    };
    document.head.appendChild(script);
  }

  /* An index's text as words: Material's holds HTML, read here without running or fetching anything. */
  function plain(html) {
    if (String(html).indexOf("<") < 0 && String(html).indexOf("&") < 0) return String(html);
    return new DOMParser().parseFromString(String(html), "text/html").body.textContent || "";
  }

  /* The pages and sections holding every word of the query, those naming it in their title first. */
  function find(query) {
    var words = query.toLowerCase().split(/\s+/).filter(function (word) { return word.length > 1; });
    if (!words.length) return [];
    var found = [];
    docs.forEach(function (doc) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(doc.location)) return;  /* only the site's own pages */
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        var at = doc.lower.indexOf(words[i]);
        if (at < 0) return;
        score += doc.title.toLowerCase().indexOf(words[i]) >= 0 ? 10 : 1;
      }
      found.push({doc: doc, score: score});
    });
    found.sort(function (a, b) { return b.score - a.score; });
    return found.slice(0, LIMIT).map(function (hit) { return hit.doc; });
  }

  function summary(doc, query) {
    var word = query.toLowerCase().split(/\s+/).filter(Boolean)[0] || "";
    var at = Math.max(0, doc.text.toLowerCase().indexOf(word) - 60);
    return (at ? "…" : "") + doc.text.slice(at, at + 200) + (doc.text.length > at + 200 ? "…" : "");
  }

  function element(name, className, text) {
    var made = document.createElement(name);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  /* mkdocs' own theme (ids mkdocs-search-* under MkDocs, properdocs-search-* under ProperDocs):
     the search dialog's box and results. */
  function mkdocsResults(box, query) {
    var list = document.getElementById(box.id.replace(/query$/, "results"));
    list.replaceChildren();
    var hits = find(query);
    hits.forEach(function (doc) {
      var article = element("article"), heading = element("h3"), link = element("a", "", doc.title || doc.location);
      link.href = root + doc.location;
      heading.appendChild(link);
      article.appendChild(heading);
      article.appendChild(element("p", "", summary(doc, query)));
      list.appendChild(article);
    });
    if (!hits.length && query.trim()) list.appendChild(element("p", "", list.getAttribute("data-no-results-text") || "No results found"));
  }

  /* Material: the header's search box, its result list and the line above it. */
  function materialResults(box, query) {
    var list = document.querySelector(".md-search-result__list");
    var meta = document.querySelector(".md-search-result__meta");
    var hits = find(query);
    list.replaceChildren();
    hits.forEach(function (doc) {
      var item = element("li", "md-search-result__item"), link = element("a", "md-search-result__link");
      var article = element("article", "md-search-result__article md-typeset");
      link.href = root + doc.location;
      article.appendChild(element("h1", "", doc.title || doc.location));
      article.appendChild(element("p", "", summary(doc, query)));
      link.appendChild(article);
      item.appendChild(link);
      list.appendChild(item);
    });
    if (meta) meta.textContent = !query.trim() ? "Type to start searching" : hits.length ?
      hits.length + (hits.length === 1 ? " matching document" : " matching documents") : "No matching documents";
    var toggle = /** @type {HTMLInputElement | null} */ (document.getElementById("__search"));
    if (toggle && !toggle.checked) toggle.checked = true;
  }

  function answer(box, show) {
    var run = function () { load(function () { show(box, box.value); }); };
    box.addEventListener("input", run);
    box.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {  /* no form sent to a page that is not there */
        event.preventDefault();
        run();
      }
    }, true);
    if (box.form) box.form.addEventListener("submit", function (event) { event.preventDefault(); });
  }

  function start() {
    var mkdocs = document.querySelector("#mkdocs-search-query, #properdocs-search-query");
    if (mkdocs) answer(mkdocs, mkdocsResults);
    var material = document.querySelector(".md-search__input");
    if (material) {
      var panel = /** @type {HTMLElement} */ (document.querySelector(".md-search"));  /* hidden by Material when its worker fails */
      var shown = function () { if (panel.hidden) panel.hidden = false; };
      if (!panel.hasAttribute("aria-label")) panel.setAttribute("aria-label", "Search");  /* a dialog has a name */
      new MutationObserver(shown).observe(panel, {attributes: true, attributeFilter: ["hidden"]});
      shown();
      answer(material, materialResults);
      var meta = document.querySelector(".md-search-result__meta");
      if (meta) meta.textContent = "Type to start searching";
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
