// Issue 42's MapLibre page: declutter's label tiles (scripts/build-web-assets.sh, the places of
// Natural Earth placed per zoom for the whole world) drawn by MapLibre GL JS with
// `text-allow-overlap`, in headless Chromium at 1280×720. Panned in 200-px steps across tile
// boundaries (512 px) at zooms 3 to 6: on every frame no two drawn labels overlap, also where a label
// straddles a tile edge or its neighbour comes from another tile; every drawn label sits where
// its tile's anchor and offset put it. The same check on the hidden labels finds overlaps.
//
// Boxes: MapLibre's own boxes of the drawn texts (its collision index; text-allow-overlap keeps
// them there), laid out with declutter's line height (label-tiles.mjs), at twice the placed size.
// Two boxes overlap when they share more than τy = 1/8 drawn px down (the tiles store anchors in
// 1/16 placed px: extent 4096 per 256 px) and more than τx = 2 drawn px across: MapLibre lays
// text out without kerning, declutter with it, so a name with a kerned pair (DejaVu Sans' "Ta",
// "Vo", …) is drawn up to about 1 placed px longer or shorter than it was placed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { openPage } from './browser.mjs';

const TAU_X = 2;
const TAU_Y = 1 / 8;
const ZOOMS = [3, 4, 5, 6];
const results = fileURLToPath(new URL('../test-results/', import.meta.url));

// In the page: the drawn labels' boxes, the overlapping pairs among them, how many boxes straddle
// a tile edge, how many pairs of labels from different tiles lie within 8 px of each other, and
// the drawn labels whose box is not where the tile's anchor and offset put it.
function frameInPage([tauX, tauY]) {
  const { map, measure, SCALE } = window.demo;
  const zoom = Math.round(map.getZoom());
  const symbols = measure.placedSymbols(map);
  const tileX = (x, y) => ((map.unproject([x, y]).lng + 180) / 360) * 2 ** zoom;
  const tileY = (x, y) => {
    const phi = (map.unproject([x, y]).lat * Math.PI) / 180;
    return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 2 ** zoom;
  };
  let straddling = 0;
  for (const { boxes: [[x1, y1, x2, y2]] } of symbols) {
    const cy = (y1 + y2) / 2;
    const cx = (x1 + x2) / 2;
    if (Math.floor(tileX(x1, cy)) !== Math.floor(tileX(x2, cy))
      || Math.floor(tileY(cx, y1)) !== Math.floor(tileY(cx, y2))) straddling += 1;
  }
  let neighbours = 0;
  for (let i = 0; i < symbols.length; i++) {
    for (let j = i + 1; j < symbols.length; j++) {
      const [a, b] = [symbols[i], symbols[j]];
      if (a.key.split(':')[0] === b.key.split(':')[0]) continue; // same tile (bucket)
      const [p, q] = [a.boxes[0], b.boxes[0]];
      const gap = Math.max(p[0] - q[2], q[0] - p[2], p[1] - q[3], q[1] - p[3]);
      if (gap < 8) neighbours += 1;
    }
  }
  const misplaced = [];
  const features = map.queryRenderedFeatures(undefined, { layers: ['labels'] });
  for (const feature of features) {
    const { anchor, offset_x: dx, offset_y: dy, text } = feature.properties;
    const point = map.project(feature.geometry.coordinates);
    const want = [point.x + SCALE * dx, point.y + SCALE * dy];
    const edge = ([x1, y1, x2, y2]) => ({
      top: [(x1 + x2) / 2, y1], bottom: [(x1 + x2) / 2, y2], left: [x1, (y1 + y2) / 2],
      right: [x2, (y1 + y2) / 2], center: [(x1 + x2) / 2, (y1 + y2) / 2],
    })[anchor];
    const found = symbols.some(({ boxes: [box] }) => {
      const [x, y] = edge(box);
      return Math.abs(x - want[0]) <= 0.5 && Math.abs(y - want[1]) <= 0.5;
    });
    if (!found) misplaced.push(`${text} (${anchor})`);
  }
  return {
    zoom, drawn: symbols.length, features: features.length, straddling, neighbours, misplaced,
    overlaps: measure.overlappingPairs(symbols, tauX, tauY).length,
    touching: measure.overlappingPairs(symbols, 0).length,
  };
}

async function frame(page) {
  return page.evaluate(frameInPage, [TAU_X, TAU_Y]);
}

// The pan: 200-px steps, 3 east and 2 south, over 512-px tiles (a 1280×720 view: the software
// renderer of headless Chromium draws a frame in seconds on a loaded machine).
const PAN = [...Array(3).fill([200, 0]), ...Array(2).fill([0, 200])];

let session;
before(async () => {
  await mkdir(results, { recursive: true });
  session = await openPage('maplibre.html?map=label-tiles', { width: 1280, height: 720 });
});
after(async () => session?.close());

test('the label tiles load with their glyphs and no error', async () => {
  await session.page.evaluate(() => window.demo.measure.settle(window.demo.map));
  const first = await frame(session.page);
  assert.ok(first.drawn > 100, `${first.drawn} labels drawn over Europe at zoom 4`);
  assert.deepEqual(session.problems, []);
});

test('panning across tile edges: no two drawn labels overlap, each where its tile puts it', async () => {
  const { page, problems } = session;
  const totals = [];
  for (const zoom of ZOOMS) {
    await page.evaluate((z) => {
      const { map, measure } = window.demo;
      return measure.settle(map, () => map.jumpTo({ center: [10, 50], zoom: z }));
    }, zoom);
    const frames = [await frame(page)];
    for (const step of PAN) {
      await page.evaluate((by) => {
        const { map, measure } = window.demo;
        return measure.settle(map, () => map.panBy(by, { animate: false }));
      }, step);
      frames.push(await frame(page));
    }
    for (const [k, f] of frames.entries()) {
      assert.equal(f.zoom, zoom);
      assert.equal(f.overlaps, 0, `zoom ${zoom}, frame ${k}: ${f.overlaps} overlapping pairs`);
      assert.deepEqual(f.misplaced, [], `zoom ${zoom}, frame ${k}: drawn away from the tile's anchor and offset`);
      assert.equal(f.features, f.drawn, `zoom ${zoom}, frame ${k}: rendered features and boxes differ`);
    }
    const sum = (field) => frames.reduce((n, f) => n + f[field], 0);
    totals.push({
      zoom, frames: frames.length, drawn: sum('drawn'), straddling: sum('straddling'), neighbours: sum('neighbours'),
      touching: sum('touching'),
    });
    // The pan did cross tile edges with labels on them.
    assert.ok(sum('straddling') > 0, `zoom ${zoom}: no drawn label straddles a tile edge`);
    assert.ok(sum('neighbours') > 0, `zoom ${zoom}: no labels of different tiles side by side`);
  }
  await page.screenshot({ path: `${results}label-tiles.png` });
  assert.deepEqual(problems, []);
  for (const t of totals) {
    console.log(`label tiles, zoom ${t.zoom}: ${t.frames} frames, ${t.drawn} labels drawn, ${t.straddling} straddling a tile edge,`
      + ` ${t.neighbours} pairs from different tiles within 8 px, 0 overlapping pairs`
      + ` (${t.touching} whose MapLibre boxes meet by less than τ)`);
  }
});

test('the same check finds the overlaps of the hidden labels drawn too', async () => {
  const control = await openPage('maplibre.html?map=label-tiles&hidden=1', { width: 1280, height: 720 });
  try {
    await control.page.evaluate(() => window.demo.measure.settle(window.demo.map));
    const f = await frame(control.page);
    assert.ok(f.overlaps > 1000, `only ${f.overlaps} overlapping pairs with the hidden labels drawn`);
    assert.deepEqual(control.problems, []);
  } finally {
    await control.close();
  }
});
