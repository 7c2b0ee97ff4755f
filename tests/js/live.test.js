// Following an event (render/live/static/live.js, docs/live.md#following-the-boards): the server's
// stream, reopened when the browser gives up on it, or the relay's file read again and again.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const live = require("../../render/live/static/live.js");

/* The browser as live.js asks it: streams opened, files fetched, timers set; each run by hand. */
function network(answers = []) {
  const made = {streams: [], fetched: [], timers: []};
  made.listen = (url) => {
    const handlers = {};
    const stream = {
      url, readyState: 0, handlers,
      addEventListener: (kind, run) => { (handlers[kind] = handlers[kind] || []).push(run); },
      emit: (kind, event = {}) => (handlers[kind] || []).forEach((run) => run(event)),
    };
    made.streams.push(stream);
    return stream;
  };
  made.fetch = (url, options) => {
    made.fetched.push([url, options]);
    const answer = answers.shift();
    if (answer === "offline") return Promise.reject(new TypeError("Failed to fetch"));
    if (answer === "missing") return Promise.resolve({ok: false, json: () => Promise.reject(new Error())});
    return Promise.resolve({ok: true, json: () => Promise.resolve(answer)});
  };
  made.later = (run, delay) => { made.timers.push({run, delay}); };
  made.now = () => 1700000000000 + made.fetched.length;
  /* Run the next timer, once what the last one started has settled. */
  made.tick = async () => {
    await settled();
    const timer = made.timers.shift();
    timer.run();
    await settled();
    return timer.delay;
  };
  return made;
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

function page(extra) {
  const seen = {statuses: [], messages: [], polled: []};
  const on = {
    message: (kind, data) => seen.messages.push([kind, data]),
    polled: (data) => {
      seen.polled.push(data);
      const playing = !data || data.games.some((game) => game.state === "live");
      return {status: data ? (playing ? "Updated" : "Every game is finished") : "", playing};
    },
    status: (text) => seen.statuses.push(text),
  };
  return Object.assign({on, seen}, extra);
}

test("the stream: its messages handed on, the connection said as it opens and fails", () => {
  const net = network();
  const {on, seen} = page();
  live.watch({events: "/api/events", poll: "/event.json"}, on, net);
  assert.equal(net.streams.length, 1);
  assert.equal(net.fetched.length, 0, "a page with a stream does not read the relay's file");
  const [stream] = net.streams;
  stream.emit("open");
  stream.emit("game", {data: JSON.stringify({name: "r1-b1", key: "k2"})});
  stream.emit("gone", {data: JSON.stringify({name: "r1-b2"})});
  stream.emit("error");
  assert.deepEqual(seen.messages, [["game", {name: "r1-b1", key: "k2"}], ["gone", {name: "r1-b2"}]]);
  assert.deepEqual(seen.statuses, ["Live", "Reconnecting…"]);
  assert.equal(net.timers.length, 0, "the browser reconnects by itself while the stream is not closed");
});

test("a stream the browser gives up on is opened again, and the new one followed", async () => {
  const net = network();
  const {on, seen} = page();
  live.watch({events: "/api/events", every: 3000}, on, net);
  net.streams[0].readyState = 2;
  net.streams[0].emit("error");
  assert.deepEqual(seen.statuses, ["Reconnecting…"]);
  assert.equal(await net.tick(), 3000);
  assert.equal(net.streams.length, 2);
  assert.equal(net.streams[1].url, "/api/events");
  net.streams[1].emit("open");
  net.streams[1].emit("event", {data: JSON.stringify({games: []})});
  assert.deepEqual(seen.statuses, ["Reconnecting…", "Live"]);
  assert.deepEqual(seen.messages, [["event", {games: []}]]);
});

test("without a stream, the relay's file is read again: less often once nothing is played, at once past offline", async () => {
  const playing = {games: [{name: "a", state: "live"}, {name: "b", state: "finished"}]};
  const finished = {games: [{name: "a", state: "finished"}]};
  const net = network([playing, "offline", finished, "missing", playing]);
  const {on, seen} = page();
  live.watch({poll: "event.json", every: 2000}, on, net);
  const delays = [];
  for (let i = 0; i < 4; i++) delays.push(await net.tick());
  await settled();
  assert.deepEqual(delays, [2000, 2000, 12000, 2000]);
  assert.deepEqual(seen.statuses, ["Updated", "Offline", "Every game is finished", "Updated"]);
  assert.deepEqual(seen.polled, [playing, finished, null, playing]);
  assert.equal(net.fetched.length, 5);
  for (const [url, options] of net.fetched) {
    assert.match(url, /^event\.json\?t=\d+$/, "past the browser's cache");
    assert.deepEqual(options, {cache: "no-store"});
  }
  assert.equal(new Set(net.fetched.map(([url]) => url)).size, 5);
});

test("the relay's file is read every five seconds unless the page says", async () => {
  const net = network([{games: []}, "offline"]);
  live.watch({poll: "event.json"}, page().on, net);
  assert.equal(await net.tick(), 6 * 5000, "no game being played");
  assert.equal(await net.tick(), 5000);
});

test("a page with neither stream nor file follows nothing", () => {
  const net = network();
  live.watch({}, page().on, net);
  assert.equal(net.streams.length + net.fetched.length + net.timers.length, 0);
});

test("the connection line: its state, then the page's note", () => {
  assert.equal(live.statusLine("Live"), "Live");
  assert.equal(live.statusLine("Offline", "a copy read every 5 s"), "Offline · a copy read every 5 s");
});

test("an answer that said yes but cannot be read is no answer: the page takes its offline path", async () => {
  const kept = globalThis.fetch;
  const cut = {ok: true, status: 200, json: () => Promise.reject(new SyntaxError("Unexpected end of JSON input"))};
  const refused = {ok: false, status: 502, json: () => Promise.reject(new SyntaxError("Unexpected token <"))};
  try {
    globalThis.fetch = () => Promise.resolve(cut);
    await assert.rejects(live.request("POST", "/api/x", {}, {}), SyntaxError);
    globalThis.fetch = () => Promise.resolve(refused);
    const answer = await live.request("POST", "/api/x", {}, {});
    assert.equal(answer.status, 502);
    assert.ok(answer.data.refused);
  } finally {
    globalThis.fetch = kept;
  }
});
