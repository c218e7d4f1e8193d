// The checks both map packages' browser tests make on a page's record (@declutter/core's
// `record: true`): the drawn boxes of every frame do not overlap (SAT with the contract's τ,
// the web package's test/sat.mjs), and every frame's decisions equal the WebAssembly engine's
// for the same labels, cameras and times, replayed here in node on a fresh engine.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { overlap } from '../../crates/label-wasm/test/sat.mjs';
import { createEngine } from '../../crates/label-wasm/js/declutter.js';
import { commitEngineLabels } from '../core/labels.js';
import { ROOT } from './server.mjs';

// Pairs of boxes of different labels that overlap, in one frame's `drawn` list (label index,
// cx, cy, hx, hy, ux, uy per box). A grid of 64-px cells finds the candidate pairs.
export function overlapsIn(drawn) {
  const boxes = [];
  for (let k = 0; k < drawn.length; k += 7) {
    boxes.push({ label: drawn[k], cx: drawn[k + 1], cy: drawn[k + 2], hx: drawn[k + 3], hy: drawn[k + 4], ux: drawn[k + 5], uy: drawn[k + 6] });
  }
  const cells = new Map();
  const CELL = 64;
  boxes.forEach((b, i) => {
    const r = Math.hypot(b.hx, b.hy);
    for (let gx = Math.floor((b.cx - r) / CELL); gx <= Math.floor((b.cx + r) / CELL); gx++) {
      for (let gy = Math.floor((b.cy - r) / CELL); gy <= Math.floor((b.cy + r) / CELL); gy++) {
        const key = `${gx},${gy}`;
        if (!cells.has(key)) cells.set(key, []);
        cells.get(key).push(i);
      }
    }
  });
  const pairs = new Set();
  for (const list of cells.values()) {
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const [i, j] = [list[a], list[b]];
        if (boxes[i].label === boxes[j].label) continue;
        if (overlap(boxes[i], boxes[j])) pairs.add(`${Math.min(boxes[i].label, boxes[j].label)}-${Math.max(boxes[i].label, boxes[j].label)}`);
      }
    }
  }
  return [...pairs];
}

const FIELDS = ['visible', 'reason', 'blocker', 'hiddenBy', 'opacityBits'];

let compiled = null;
const wasm = () => (compiled ??= readFile(join(ROOT, 'crates/label-wasm/pkg/declutter.wasm')).then((b) => WebAssembly.compile(b)));

// Replays a record on fresh engines; returns the first frame whose decisions differ, or null.
export async function replay(record, frameOptions) {
  const module = await wasm();
  let engine = null;
  let applied = -1;
  for (let k = 0; k < record.frames.length; k++) {
    const frame = record.frames[k];
    while (applied < frame.commit) {
      applied++;
      const commit = record.commits[applied];
      if (!engine || commit.fresh) engine = await createEngine(module, frameOptions);
      commitEngineLabels(engine, commit.labels);
    }
    engine ??= await createEngine(module, frameOptions); // frames before any label set
    const f = engine.placeFrame(frame.camera, frame.now);
    for (const field of FIELDS) {
      const got = Array.from(f[field].subarray(0, f.count));
      const want = frame[field];
      if (got.length !== want.length || got.some((v, i) => v !== want[i])) {
        const i = got.findIndex((v, j) => v !== want[j]);
        return { frame: k, field, label: i, page: want[i], replayed: got[i] };
      }
    }
  }
  return null;
}

// Every live label of the page, by key: visible, reason and the key of what hid it, as an engine
// without memory (the plain greedy placement) decides the page's labels seen by the camera of
// its last frame: a function of the labels, their order and the camera alone. The page's own
// engine keeps a memory of earlier frames (a label shown while a neighbour's tile was still
// loading keeps its place, and wins ties), so its decisions at rest also depend on the order
// the tiles arrived in.
export async function plainDecisions(page) {
  const { labels, keys, live, camera } = await page.evaluate(() => {
    const { store, last } = window.declutter.controller;
    return { labels: store.engineLabels(), keys: store.slots.map((s) => s.key), live: store.slots.map((s) => s.live), camera: last.camera };
  });
  const engine = await createEngine(await wasm());
  engine.setOptionsWithoutStability();
  commitEngineLabels(engine, labels);
  const f = engine.placeFrame(camera, 0);
  const out = {};
  keys.forEach((key, i) => {
    if (!live[i]) return;
    const by = f.blocker[i] === 1 ? keys[f.hiddenBy[i]] : f.blocker[i] === 2 ? 'obstacle' : null;
    out[key] = [f.visible[i], f.reason[i], by];
  });
  return out;
}
