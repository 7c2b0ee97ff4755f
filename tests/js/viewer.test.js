// The viewer's navigation over a record's entries (render/viewer.js, docs/publishing.md#the-viewer).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const {childrenOf, lineEnd, target, kept} = require("../../render/viewer.js");

/* 1. a 1... b 2. c (2. d 2... e) 2... f, with 1... b (1... g): entries as render/frames.py numbers them.
   0 start; 1 a; 2 b; 3 c; 4 f; 5 d; 6 e; 7 g. */
const record = {
  parent: [-1, 0, 1, 2, 3, 2, 5, 1],
  next: [1, 2, 3, 4, -1, 6, -1, -1],
};
const children = childrenOf(record);
const go = (what, from) => target(record, children, what, from);

test("the turns from each entry: the main line's first, then its variations", () => {
  assert.deepEqual(children, [[1], [2, 7], [3, 5], [4], [], [6], [], []]);
});

test("forward and back follow the line the reader is on", () => {
  assert.equal(go("forward", 0), 1);
  assert.equal(go("forward", 2), 3);
  assert.equal(go("forward", 5), 6);
  assert.equal(go("forward", 4), -1);
  assert.equal(go("back", 6), 5);
  assert.equal(go("back", 5), 2);
  assert.equal(go("back", 0), -1);
});

test("home is the start, end the end of the line the reader is on", () => {
  assert.equal(go("first", 6), 0);
  assert.equal(go("first", 0), -1);
  assert.equal(go("last", 0), 4);
  assert.equal(go("last", 5), 6);
  assert.equal(go("last", 4), -1);
  assert.equal(lineEnd(record, 0), 4);
  assert.equal(lineEnd(record, 7), 7);
});

test("into a variation: the next turn's first one, else this turn's next alternative", () => {
  assert.equal(go("into", 2), 5);
  assert.equal(go("into", 1), 7);
  assert.equal(go("into", 3), 5);
  assert.equal(go("into", 5), -1);
  assert.equal(go("into", 0), -1);
});

test("out of a variation: the turn it replaces, from anywhere in it", () => {
  assert.equal(go("out", 5), 3);
  assert.equal(go("out", 6), 3);
  assert.equal(go("out", 7), 2);
  assert.equal(go("out", 4), -1);
  assert.equal(go("out", 0), -1);
});

test("a command the viewer does not know leads nowhere", () => {
  assert.equal(go("sideways", 2), -1);
});

test("a record drawn again (a live game page): the reader at the end goes to the new end, one looking back stays", () => {
  /* the record above with one more main-line turn, 3. h: entry 8, after f (4) */
  const longer = {parent: [...record.parent, 4], next: [1, 2, 3, 4, 8, 6, -1, -1, -1]};
  assert.equal(kept(longer, 4, true), 8);
  assert.equal(kept(longer, 2, false), 2);
  assert.equal(kept(longer, 6, false), 6);  /* in a variation: stays there too */
  assert.equal(kept(longer, 4, false), 4);  /* at the old end, but not following it: stays */
  /* its last turn taken back: a reader who was on it goes to the end that is left */
  const shorter = {parent: record.parent.slice(0, 4), next: [1, 2, 3, -1]};
  assert.equal(kept(shorter, 4, false), 3);
  assert.equal(kept(shorter, 4, true), 3);
  assert.equal(kept(shorter, -1, false), 3);
});
