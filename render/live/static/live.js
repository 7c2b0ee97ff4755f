/* Ludoscribe live pages (docs/live.md): what every page shares. The page's data is the JSON
   of the element #ls-page; the event code and this device's id are kept in localStorage. */
(function () {
  "use strict";

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

  /* One request to the API: resolves with {status, data}; rejects when the network fails. */
  function api(method, url, body) {
    var options = {method: method, headers: {"X-Event-Code": stored("ls-code"), "X-Device": device()},
                   cache: "no-store"};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(url, options).then(function (response) {
      return response.json().then(function (data) { return {status: response.status, data: data}; },
                                  function () { return {status: response.status, data: {refused: "unreadable answer"}}; });
    });
  }

  /* Follow the event's stream: `handle(kind, data)` for each message; the connection shown in `status`.
     The browser reconnects by itself and sends the last message's id (Last-Event-ID). */
  function follow(url, handle, status) {
    var source = new EventSource(url);
    ["event", "game", "gone"].forEach(function (kind) {
      source.addEventListener(kind, function (message) { handle(kind, JSON.parse(message.data)); });
    });
    source.addEventListener("open", function () { if (status) status("Live"); });
    source.addEventListener("error", function () { if (status) status("Reconnecting…"); });
    return source;
  }

  function setText(element, text) {
    if (element) element.textContent = text;
  }

  window.ludoscribeLive = {pageData: pageData, stored: stored, store: store, randomId: randomId, device: device,
                           api: api, follow: follow, setText: setText};
})();
