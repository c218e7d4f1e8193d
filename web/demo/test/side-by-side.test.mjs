// declutter beside MapLibre's own placement, on the demo map in headless Chromium at 1920×1080,
// in one run: the same style and the same scripted camera path (lib/camera-path.mjs: pan, zoom
// across tile levels, rotate, tilt), first with MapLibre's own labels (`maplibre.html?fade=0`),
// then with the declutter plugin taking the symbol layers over
// (`maplibre.html?plugin=declutter&fade=0&record`). Both pages load with no console error, page
// error or failed request. Per camera, once its tiles are drawn:
// - MapLibre: the labels shown (queryRenderedFeatures), overlapping pairs among its collision
//   shapes (lib/measure.mjs) and the time of each placement (`Style._updatePlacement`);
// - declutter: the labels shown (the frame's visible labels), overlapping pairs among the boxes
//   the overlay drew (every pair, SAT with τ), and the time of each frame's placement as the
//   package measures it (`placeFrame`).
// Prints docs/web.md's table and writes every frame to test-results/side-by-side.json.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import { openPage, WIDTH, HEIGHT } from './browser.mjs';
import { percentile } from '../lib/measure.mjs';
import { overlap } from '../../../crates/label-wasm/test/sat.mjs';

const results = fileURLToPath(new URL('../test-results/', import.meta.url));
// Cameras per leg of the path: 2 gives 13, the key frames and one between each pair (pan, zoom
// across tile levels, rotate, tilt, into the streets), which keeps the two rows within the CI
// budget (a declutter render in the streets takes seconds in SwiftShader on the loaded machine).
const STEPS = 2;
const rows = {};
const sessions = [];

after(async () => { for (const s of sessions) await s.close(); });

async function open(path) {
  await mkdir(results, { recursive: true });
  const session = await openPage(path);
  sessions.push(session);
  return session;
}

const spread = (values) => ({ min: Math.min(...values), median: percentile(values, 50), max: Math.max(...values) });
const ms = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) });

// The pairs of different labels among a frame's drawn boxes (label index, cx, cy, hx, hy, ux,
// uy per box; a name along a line draws one box per glyph) that overlap by the contract's rule
// (sat.mjs: SAT with τ), every pair of boxes tried.
export function drawnOverlaps(drawn) {
  const boxes = [];
  for (let k = 0; k < drawn.length; k += 7) {
    boxes.push({ label: drawn[k], cx: drawn[k + 1], cy: drawn[k + 2], hx: drawn[k + 3], hy: drawn[k + 4], ux: drawn[k + 5], uy: drawn[k + 6] });
  }
  const pairs = new Set();
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      if (a.label !== b.label && overlap(a, b)) pairs.add(`${Math.min(a.label, b.label)}-${Math.max(a.label, b.label)}`);
    }
  }
  return [...pairs];
}

test('the brute-force overlap of drawn boxes: two labels meet, one label\'s glyphs do not count', () => {
  const drawn = [0, 0, 0, 5, 5, 1, 0, 0, 8, 0, 5, 5, 1, 0, 1, 9, 0, 5, 5, 1, 0, 2, 30, 0, 5, 5, 1, 0];
  assert.deepEqual(drawnOverlaps(drawn), ['0-1']);
  const turned = Math.SQRT1_2;
  // A box turned 45° across the corner of another: their axis-aligned bounds meet, they do not.
  assert.deepEqual(drawnOverlaps([0, 0, 0, 5, 5, 1, 0, 1, 7, 7, 5, 1, turned, -turned]), []);
  assert.deepEqual(drawnOverlaps([0, 0, 0, 5, 5, 1, 0, 1, 5, 5, 5, 1, turned, -turned]), ['0-1']);
});

test("MapLibre's own placement on the camera path: labels shown, overlaps, time per frame", async () => {
  const session = await open('maplibre.html?fade=0');
  const frames = await session.page.evaluate(async (steps) => {
    const { map, layers, measure, cameraPath, placementTimes } = window.demo;
    await measure.settle(map);
    const out = [];
    for (const camera of cameraPath(steps)) {
      const first = placementTimes.length;
      await measure.settle(map, () => map.jumpTo(camera));
      // One more render at the same camera, every tile loaded: placement alone.
      const steady = placementTimes.length;
      await measure.settle(map);
      const symbols = measure.placedSymbols(map);
      out.push({
        camera,
        shown: measure.shownLabels(map, layers).length,
        placed: symbols.length,
        overlaps: measure.overlappingPairs(symbols).length,
        overlapsBeyond1px: measure.overlappingPairs(symbols, 1).length,
        times: placementTimes.slice(first, steady).map((t) => t.total),
        steady: placementTimes.slice(steady).map((t) => t.total),
        index: placementTimes.slice(first).map((t) => t.index),
      });
    }
    return out;
  }, STEPS);
  await session.page.screenshot({ path: `${results}maplibre-own-last-frame.png` });
  assert.deepEqual(session.problems, []);

  const times = frames.flatMap((f) => [...f.times, ...f.steady]);
  rows.maplibre = {
    frames: frames.length,
    placements: times.length,
    shown: spread(frames.map((f) => f.shown)),
    overlappingPairs: frames.reduce((n, f) => n + f.overlaps, 0),
    overlappingPairsBeyond1px: frames.reduce((n, f) => n + f.overlapsBeyond1px, 0),
    placementMs: ms(times),
    steadyPlacementMs: ms(frames.flatMap((f) => f.steady)),
    crossTileIndexMs: ms(frames.flatMap((f) => f.index)),
    perFrame: frames,
  };
  // Every frame of the path was placed and shows labels (places, rivers, streets by turns).
  for (const [k, frame] of frames.entries()) {
    assert.ok(frame.shown > 0, `frame ${k}: no label shown`);
    assert.ok(frame.placed > 0, `frame ${k}: no placed symbol in the collision index`);
    assert.ok(frame.steady.length >= 1, `frame ${k}: no placement in the render with every tile loaded`);
  }
  assert.ok(frames[0].shown > 300, `only ${frames[0].shown} labels shown over Europe at zoom 4`);
});

test('declutter (@declutter/maplibre) on the same camera path: labels shown, overlaps, time per frame', async () => {
  const session = await open('maplibre.html?plugin=declutter&fade=0&record');
  const run = await session.page.evaluate(async (steps) => {
    const { map, plugin, measure, cameraPath } = window.demo;
    const d = plugin.controller;
    // Until the plugin has read the features of every tile loaded and drawn them.
    const drawnAll = async (move) => {
      await measure.settle(map, move);
      while (plugin.pending) await measure.settle(map);
    };
    await drawnAll();
    const out = [];
    for (const camera of cameraPath(steps)) {
      const first = d.times.length;
      await drawnAll(() => map.jumpTo(camera));
      const steady = d.times.length;
      await measure.settle(map);
      const frame = d.record.frames.at(-1);
      const slots = d.store.slots;
      const layers = {};
      let shown = 0;
      frame.visible.forEach((v, i) => {
        if (!slots[i]?.live) return;
        const l = (layers[slots[i].spec.layer] ??= { labels: 0, shown: 0, candidates: 0 });
        l.labels += 1;
        if (slots[i].spec.candidates?.length > 1) l.candidates += 1;
        if (v) { l.shown += 1; shown += 1; }
      });
      out.push({
        camera, shown, inView: frame.inView, layers, drawn: frame.drawn,
        times: d.times.slice(first, steady), steady: d.times.slice(steady),
      });
      // Only the last frame of each camera is read: the record keeps no more.
      d.record.frames.length = 0;
      d.record.commits.length = 0;
    }
    return { frames: out, own: map.getLayoutProperty('place-names', 'visibility') };
  }, STEPS);
  await session.page.screenshot({ path: `${results}declutter-last-frame.png` });
  assert.deepEqual(session.problems, []);
  assert.equal(run.own, 'none', 'the map\'s own symbol layers are off');

  const { frames } = run;
  for (const f of frames) {
    f.overlaps = drawnOverlaps(f.drawn);
    f.boxesDrawn = f.drawn.length / 7;
    delete f.drawn;
  }
  const times = frames.flatMap((f) => [...f.times, ...f.steady]);
  rows.declutter = {
    frames: frames.length,
    placements: times.length,
    shown: spread(frames.map((f) => f.shown)),
    overlappingPairs: frames.reduce((n, f) => n + f.overlaps.length, 0),
    placementMs: ms(times),
    steadyPlacementMs: ms(frames.flatMap((f) => f.steady)),
    perFrame: frames,
  };
  for (const [k, frame] of frames.entries()) {
    assert.ok(frame.shown > 0, `frame ${k}: no label shown`);
    assert.ok(frame.steady.length >= 1, `frame ${k}: no placement in the render with every tile loaded`);
    assert.deepEqual(frame.overlaps, [], `frame ${k}: drawn labels overlap`);
  }
  // Every layer of the style placed somewhere on the path; the places with the style's four
  // variable anchors (text-variable-anchor, evaluated by the style library).
  for (const id of ['place-names', 'river-names', 'street-names']) {
    assert.ok(frames.some((f) => f.layers[id]?.shown > 0), `${id}: never shown`);
  }
  assert.ok(frames[0].layers['place-names'].candidates > 0, 'places carry the style\'s variable anchors');
});

test('the side-by-side table', async () => {
  assert.ok(rows.maplibre && rows.declutter, 'both rows measured');
  await writeFile(`${results}side-by-side.json`, `${JSON.stringify({ viewport: [WIDTH, HEIGHT], loadavg: loadavg(), ...rows }, null, 1)}\n`);
  const f = (x) => (x >= 10 ? x.toFixed(0) : x.toFixed(2));
  const line = (name, r) => `| ${name} | ${r.frames} | ${r.placements} | ${r.shown.min} / ${r.shown.median} / ${r.shown.max}`
    + ` | ${r.overlappingPairs} | ${f(r.placementMs.p50)} / ${f(r.placementMs.p99)} ms`
    + ` | ${f(r.steadyPlacementMs.p50)} / ${f(r.steadyPlacementMs.p99)} ms |`;
  const load = loadavg().map((x) => x.toFixed(1)).join(', ');
  console.log([
    `load average ${load} (1, 5, 15 min); camera path, ${WIDTH}×${HEIGHT} (${rows.maplibre.overlappingPairsBeyond1px} of MapLibre's pairs deeper than 1 px;`
      + ` its cross-tile index p50 ${f(rows.maplibre.crossTileIndexMs.p50)}, p99 ${f(rows.maplibre.crossTileIndexMs.p99)} ms):`,
    '| placement | frames | placements | labels shown (min / median / max) | overlapping pairs | placement p50 / p99 | with every tile loaded p50 / p99 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    line("MapLibre's own", rows.maplibre),
    line('declutter', rows.declutter),
  ].join('\n'));
});
