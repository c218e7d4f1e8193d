// MapLibre's own placement on the demo map in headless Chromium, 1920×1080: the page loads with
// no console error, page error or failed request; on the scripted camera path (pan, zoom across
// tile levels, rotate, tilt) each frame's shown labels, overlapping pairs among their collision
// shapes (lib/measure.mjs) and MapLibre's placement time per render (while the camera's tiles
// arrive, and once more with all of them loaded) are measured, printed and
// written to test-results/maplibre-own.json (the MapLibre half of docs/web.md's comparison).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { openPage, WIDTH, HEIGHT } from './browser.mjs';
import { percentile } from '../lib/measure.mjs';

const results = fileURLToPath(new URL('../test-results/', import.meta.url));
let session;

before(async () => {
  await mkdir(results, { recursive: true });
  session = await openPage('maplibre.html?fade=0');
});

after(async () => session?.close());

test('the MapLibre page loads the local tiles and glyphs with no error', async () => {
  const shown = await session.page.evaluate(async () => {
    const { map, layers, measure } = window.demo;
    await measure.settle(map);
    return measure.shownLabels(map, layers).length;
  });
  assert.ok(shown > 300, `only ${shown} labels shown over Europe at zoom 4`);
  assert.deepEqual(session.problems, []);
});

test("MapLibre's own placement on the camera path: labels shown, overlaps, time per frame", async () => {
  const frames = await session.page.evaluate(async () => {
    const { map, layers, measure, cameraPath, placementTimes } = window.demo;
    const out = [];
    for (const camera of cameraPath(6)) {
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
        times: placementTimes.slice(first, steady),
        steady: placementTimes.slice(steady),
      });
    }
    return out;
  });
  await session.page.screenshot({ path: `${results}maplibre-own-last-frame.png` });
  assert.deepEqual(session.problems, []);

  const times = frames.flatMap((f) => [...f.times, ...f.steady]).map((t) => t.total);
  const steady = frames.flatMap((f) => f.steady).map((t) => t.total);
  const index = frames.flatMap((f) => [...f.times, ...f.steady]).map((t) => t.index);
  const shown = frames.map((f) => f.shown);
  const summary = {
    viewport: [WIDTH, HEIGHT],
    frames: frames.length,
    placements: times.length,
    shown: { min: Math.min(...shown), median: percentile(shown, 50), max: Math.max(...shown) },
    overlappingPairs: frames.reduce((n, f) => n + f.overlaps, 0),
    overlappingPairsBeyond1px: frames.reduce((n, f) => n + f.overlapsBeyond1px, 0),
    framesWithOverlaps: frames.filter((f) => f.overlaps > 0).length,
    placementMs: { p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times) },
    crossTileIndexMs: { p50: percentile(index, 50), p99: percentile(index, 99) },
    steadyPlacementMs: { p50: percentile(steady, 50), p99: percentile(steady, 99) },
  };
  await writeFile(`${results}maplibre-own.json`, `${JSON.stringify({ summary, frames }, null, 1)}\n`);
  console.log(`MapLibre's own placement, ${WIDTH}×${HEIGHT}, ${summary.frames} frames, ${summary.placements} placements:`
    + ` labels shown min ${summary.shown.min} / median ${summary.shown.median} / max ${summary.shown.max};`
    + ` overlapping pairs ${summary.overlappingPairs} (${summary.overlappingPairsBeyond1px} deeper than 1 px) in ${summary.framesWithOverlaps} frames;`
    + ` placement ms p50 ${summary.placementMs.p50.toFixed(2)}, p99 ${summary.placementMs.p99.toFixed(2)}`
    + ` (cross-tile index p50 ${summary.crossTileIndexMs.p50.toFixed(2)}, p99 ${summary.crossTileIndexMs.p99.toFixed(2)});`
    + ` with every tile loaded p50 ${summary.steadyPlacementMs.p50.toFixed(2)}, p99 ${summary.steadyPlacementMs.p99.toFixed(2)}`);

  // Every frame of the path was placed and shows labels (places, rivers, streets by turns).
  for (const [k, frame] of frames.entries()) {
    assert.ok(frame.shown > 0, `frame ${k}: no label shown`);
    assert.ok(frame.placed > 0, `frame ${k}: no placed symbol in the collision index`);
    assert.ok(frame.steady.length >= 1, `frame ${k}: no placement in the render with every tile loaded`);
  }
  assert.ok(times.length >= frames.length, `${times.length} placements for ${frames.length} frames`);
});
