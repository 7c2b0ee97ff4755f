// @ts-check
/* Ludoscribe live pages (docs/live.md): what every page shares. The page's data is the JSON
   of the element #ls-page; the event code and this device's id are kept in localStorage.
   Nothing here touches the page as the file loads: node's tests require it (docs/contributing.md#page-scripts). */
(function () {
  "use strict";
  var FINISHED = 6;  /* once nothing is being played, the relay's file is read six times less often */
  var EVERY = 5000;  /* milliseconds between two readings of the relay's file, unless the page says */

  /** @type {Record<string, string | string[]> | null} */
  var known = null;

  /* The page's words for the live scripts (the element #ludoscribe-words-live the server writes in
     the page's language: docs/live.md#languages); none, or no such element: English. */
  /** @returns {Record<string, string | string[]>} */
  function liveWords() {
    if (known === null) {
      known = {};
      if (typeof document !== "undefined") {
        var element = document.getElementById("ludoscribe-words-live");
        try { if (element) known = JSON.parse(element.textContent || "{}") || {}; } catch (error) { known = {}; }
      }
    }
    return /** @type {Record<string, string | string[]>} */ (known);
  }

  /**
   * A text in the page's language (the English text where it has no translation), each {name} in
   * it given by `values`.
   * @param {string} text
   * @param {Record<string, string | number>} [values]
   * @returns {string}
   */
  function t(text, values) {
    var found = liveWords()[text];
    return fill(typeof found === "string" && found ? found : text, values);
  }

  /**
   * @param {string} text
   * @param {Record<string, string | number>} [values]
   */
  function fill(text, values) {
    return text.replace(/\{([a-z]+)\}/g, function (whole, key) {
      return values && Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  /**
   * A text with a count in the page's language, in the form its plural rule takes (French: 0 and 1
   * singular; a multiple of a million its own form), "{count}" given the count.
   * @param {string} one
   * @param {string} many
   * @param {number} n
   * @returns {string}
   */
  function tn(one, many, n) {
    var forms = liveWords()[one + "\u0000" + many];
    var chosen = n === 1 ? one : many;
    if (Array.isArray(forms) && forms.length === 3) {
      chosen = forms[n === 0 || n === 1 ? 0 : n % 1000000 === 0 ? 1 : 2];
    }
    return fill(chosen, {count: n});
  }

  function pageData() {
    var element = document.getElementById("ls-page");
    return element ? JSON.parse(element.textContent) : {};
  }

  function stored(key) {
    try { return localStorage.getItem(key) || ""; } catch (error) { return ""; }
  }

  function store(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (error) { /* private browsing: kept for this page only */ }
  }

  /* Random hex, from a source every browser has, secure context or not. */
  function randomId(bytes) {
    var values = new Uint8Array(bytes || 12);
    crypto.getRandomValues(values);
    return Array.prototype.map.call(values, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function device() {
    var id = stored("ls-device");
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      id = "d" + randomId(12);
      store("ls-device", id);
    }
    return id;
  }

  /* One request to the API as a scorer's device: resolves with {status, data}; rejects when the network fails. */
  /**
   * @param {string} method
   * @param {string} url
   * @param {unknown} [body]
   * @returns {Promise<{status: number, data: any}>}
   */
  function api(method, url, body) {
    return request(method, url, body, {"X-Event-Code": stored("ls-code"), "X-Device": device()});
  }

  /* One request with these headers (a code, a device): resolves with {status, data}, the answer's JSON
     ({refused} when a refusal is not JSON); rejects when the network fails, and when an answer that
     said yes cannot be read (cut short: the server stopped as it answered), as no answer at all. */
  /**
   * @param {string} method
   * @param {string} url
   * @param {unknown} body
   * @param {Record<string, string>} headers
   * @returns {Promise<{status: number, data: any}>}
   */
  function request(method, url, body, headers) {
    /** @type {RequestInit & {headers: Record<string, string>}} */
    var options = {method: method, headers: headers, cache: "no-store"};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(url, options).then(function (response) {
      return response.json().then(function (data) { return {status: response.status, data: data}; }, function (error) {
        if (response.ok) throw error;
        return {status: response.status, data: {refused: t("unreadable answer")}};
      });
    });
  }

  /**
   * @typedef {object} Network what following the event needs from the browser (node's tests give their own)
   * @property {function(string): EventSource} listen a stream of the server's messages
   * @property {function(string, RequestInit): Promise<{ok: boolean, json(): Promise<any>}>} fetch
   * @property {function(function(): void, number): unknown} later run a function after some milliseconds
   * @property {function(): number} now the time, to read a file past the browser's cache
   */

  /** @type {function(): Network} */
  function browser() {
    return {listen: function (url) { return new EventSource(url); },
            fetch: function (url, options) { return fetch(url, options); },
            later: function (run, delay) { return setTimeout(run, delay); },
            now: function () { return Date.now(); }};
  }

  /**
   * Follow the event's stream: `handle(kind, data)` for each message; the connection shown in `status`.
   * The browser reconnects by itself and sends the last message's id (Last-Event-ID); a stream it
   * gives up on (the server answered with an error) is opened again after `every` milliseconds.
   * @param {string} url
   * @param {function(string, any): void} handle
   * @param {function(string): void} status
   * @param {number} [every]
   * @param {Network} [network]
   */
  function follow(url, handle, status, every, network) {
    var net = network || browser();
    var source = net.listen(url);
    ["event", "game", "gone"].forEach(function (kind) {
      source.addEventListener(kind, function (message) { handle(kind, JSON.parse(/** @type {MessageEvent} */ (message).data)); });
    });
    source.addEventListener("open", function () { status(t("Live")); });
    source.addEventListener("error", function () {
      status(t("Reconnecting…"));
      if (source.readyState === 2) net.later(function () { follow(url, handle, status, every, net); }, every || EVERY);
    });
  }

  /**
   * Read the relay's JSON file (`url`) again and again: `seen(data)` (null for a file not there)
   * says the connection to show and whether anything is being played; once nothing is, the file
   * is read FINISHED times less often (a finished game may still be reopened). Offline, it is
   * read again after `every` milliseconds.
   * @param {string} url
   * @param {function(any): {status: string, playing: boolean}} seen
   * @param {function(string): void} status
   * @param {number} [every]
   * @param {Network} [network]
   */
  function poll(url, seen, status, every, network) {
    var net = network || browser();
    var wait = every || EVERY;
    net.fetch(url + "?t=" + net.now(), {cache: "no-store"}).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (data) {
      var now = seen(data);
      if (now.status) status(now.status);
      net.later(function () { poll(url, seen, status, every, net); }, (now.playing ? 1 : FINISHED) * wait);
    }, function () {
      status(t("Offline"));
      net.later(function () { poll(url, seen, status, every, net); }, wait);
    });
  }

  /**
   * @typedef {object} Watched what a page follows (its data: docs/live.md#following-the-boards)
   * @property {string} [events] the stream of the live server
   * @property {string} [poll] the relay's JSON file, read again when there is no stream
   * @property {number} [every] milliseconds between two readings of that file
   * @property {string} [note] said after the connection (the relay's own words)
   */

  /**
   * Follow the event however the page can: the server's stream if it has one, else the relay's file.
   * @param {Watched} page
   * @param {{message: function(string, any): void, polled: function(any): {status: string, playing: boolean},
   *          status: function(string): void}} on
   * @param {Network} [network]
   */
  function watch(page, on, network) {
    if (page.events) follow(page.events, on.message, on.status, page.every, network);
    else if (page.poll) poll(page.poll, on.polled, on.status, page.every, network);
  }

  /**
   * The connection line: the state of the connection, then the page's note.
   * @param {string} text
   * @param {string} [note]
   */
  function statusLine(text, note) {
    return text + (note ? " · " + note : "");
  }

  /**
   * @param {Element | null} element
   * @param {string} text
   */
  function setText(element, text) {
    if (element) element.textContent = text;
  }

  var shared = {t: t, tn: tn, pageData: pageData, stored: stored, store: store, randomId: randomId, device: device,
                api: api, request: request, follow: follow, poll: poll, watch: watch, statusLine: statusLine, setText: setText};
  if (typeof module !== "undefined" && module) module.exports = shared;
  if (typeof window !== "undefined") window.ludoscribeLive = shared;
})();
