// The scoresheet's offline queue (render/live/static/sheet.js, docs/live.md#recording-a-game).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const {Queue, describe} = require("../../render/live/static/sheet.js");

/* localStorage as live.js reads it: "" for nothing kept, null to forget. */
function memory(kept = {}) {
  return {
    kept,
    stored: (key) => kept[key] || "",
    store: (key, value) => { if (value === null) delete kept[key]; else kept[key] = value; },
  };
}

test("each action is meant after the turns the record will have once those before it are sent", () => {
  const storage = memory();
  const queue = new Queue(storage, "ls-queue:r1-b1");
  queue.add("a1", 4, "turn", "a3-a4");
  queue.add("a2", 4, "comment", "a slip");
  queue.add("a3", 4, "turn", "b7-b6");
  queue.add("a4", 4, "undo");
  queue.add("a5", 4, "turn", "b7-b5");
  assert.deepEqual(queue.actions().map((action) => [action.id, action.ply]),
                   [["a1", 4], ["a2", 5], ["a3", 5], ["a4", 6], ["a5", 5]]);
  assert.equal(queue.expectedPly(4), 6);
  assert.deepEqual(queue.actions()[1], {id: "a2", ply: 5, kind: "comment", text: "a slip", reason: ""});
});

test("the queue outlives the page: a new one reads what the last one kept, and forgets it once empty", () => {
  const storage = memory();
  new Queue(storage, "ls-queue:g").add("a1", 0, "turn", "e2");
  const again = new Queue(storage, "ls-queue:g");
  assert.equal(again.actions().length, 1);
  assert.deepEqual(new Queue(storage, "ls-queue:other").actions(), []);
  again.save([]);
  assert.deepEqual(storage.kept, {});
});

test("what is kept but unreadable is an empty queue, not a broken page", () => {
  for (const text of ["{", "null", "{\"id\": 1}", "3"]) {
    assert.deepEqual(new Queue(memory({q: text}), "q").actions(), [], text);
  }
});

test("a turn given up moves the actions after it one turn earlier, an undo one later", () => {
  const storage = memory();
  const queue = new Queue(storage, "q");
  queue.add("a1", 2, "turn", "x");
  queue.add("a2", 2, "turn", "y");
  queue.add("a3", 2, "undo");
  queue.add("a4", 2, "result", "1-0", "resigned");
  assert.equal(queue.discard().id, "a1");
  assert.deepEqual(queue.actions().map((action) => action.ply), [2, 3, 2]);
  assert.equal(queue.discard().id, "a2");
  assert.deepEqual(queue.actions().map((action) => action.ply), [2, 1]);
  assert.equal(queue.discard().id, "a3");
  assert.deepEqual(queue.actions().map((action) => action.ply), [2]);
  assert.equal(queue.discard().kind, "result");
  assert.equal(queue.discard(), undefined);
  assert.deepEqual(storage.kept, {});
});

test("the sheet lists each action as the scorer gave it", () => {
  const action = (kind, text = "", reason = "") => ({id: "i", ply: 0, kind, text, reason});
  assert.equal(describe(action("turn", "a3-a4")), "a3-a4");
  assert.equal(describe(action("undo")), "undo");
  assert.equal(describe(action("reopen")), "reopen");
  assert.equal(describe(action("result", "0-1", "time")), "result 0-1 (time)");
  assert.equal(describe(action("result", "1/2-1/2")), "result 1/2-1/2");
  assert.equal(describe(action("clock", "1:02:03")), "clock 1:02:03");
});
