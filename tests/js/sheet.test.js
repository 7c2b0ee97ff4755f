// The scoresheet's offline queue and its entry of a turn (render/live/static/sheet.js, docs/live.md#recording-a-game).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const {Queue, describe, Entry, Drawings} = require("../../render/live/static/sheet.js");

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

const offers = (...turns) => turns.map((turn) => ({turn}));

test("an answer asked before the scorer changed the entry changes nothing (docs/live.md#entering-a-turn)", () => {
  const entry = new Entry();
  entry.pick("g1");
  const before = entry.ask();
  entry.pick("f2");  // a second cell tapped before the first one's offers came
  const now = entry.ask();
  assert.equal(entry.answered(before, offers("g1-f1")), "late");
  assert.deepEqual([entry.draft, entry.picked], ["", ["g1", "f2"]]);
  assert.deepEqual(now.cells, ["g1", "f2"]);
  assert.equal(entry.answered(now, offers("g1-f2", "f2-g1")), "show");
  // a turn chosen, then the answer to the question asked about the cells arrives: the turn stays
  const asked = entry.ask();
  entry.write("g1-f2");
  assert.equal(entry.answered(asked, offers("g1-f2")), "late");
  assert.deepEqual([entry.draft, entry.picked], ["g1-f2", []]);
});

test("typing makes every answer asked before it late, even before the draft is asked about", () => {
  const entry = new Entry();
  entry.pick("c8");
  const asked = entry.ask();
  entry.touch();  // a key pressed in the Turn field
  assert.equal(entry.answered(asked, offers("b7-c8")), "late");
  assert.deepEqual([entry.draft, entry.picked], ["", ["c8"]]);
});

test("the answer to the latest question narrows the cells, names the draft, or shows the offers", () => {
  const entry = new Entry();
  entry.pick("b6");
  entry.pick("h1");
  assert.equal(entry.answered(entry.ask(), []), "ask");  // the cells do not go together: the last one stays
  assert.deepEqual(entry.picked, ["h1"]);
  assert.equal(entry.answered(entry.ask(), []), "show");  // one cell and nothing: said so
  entry.pick("c6");
  assert.equal(entry.answered(entry.ask(), offers("h1-c6"), 2), "show");  // one shown, two more left out
  assert.equal(entry.answered(entry.ask(), offers("h1-c6")), "ask");
  assert.deepEqual([entry.draft, entry.picked], ["h1-c6", []]);
  assert.equal(entry.answered(entry.ask(), offers("h1-c6+c8")), "show");  // no cell picked: offers to add to the draft
  const asked = entry.ask();
  assert.equal(entry.current(asked), true);
  entry.ask();  // the same entry asked again (the game drawn again): only the new question's answer counts
  assert.equal(entry.current(asked), false);
  entry.pick("c6");
  entry.pick("c6");  // picked, then picked again: no longer picked
  assert.deepEqual(entry.picked, []);
});

test("drawings made during a press wait until it is over, then are all made in order", () => {
  const drawings = new Drawings();
  const made = [];
  drawings.draw(() => made.push("before"));
  drawings.press();
  drawings.draw(() => made.push("buttons"));
  drawings.draw(() => made.push("offers"));
  assert.deepEqual(made, ["before"]);
  drawings.release();
  assert.deepEqual(made, ["before", "buttons", "offers"]);
  drawings.release();  // a press ends once
  drawings.draw(() => made.push("after"));
  assert.deepEqual(made, ["before", "buttons", "offers", "after"]);
});
