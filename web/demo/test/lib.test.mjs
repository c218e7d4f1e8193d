// The demo's pieces that need no browser: the server's byte ranges, the brute-force overlap
// test and percentiles of lib/measure.mjs, the camera path, and the style against the MapLibre
// style specification and the assets scripts/build-web-assets.sh wrote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';

import { byteRange } from '../serve.mjs';
import { overlappingPairs, percentile } from '../lib/measure.mjs';
import { cameraPath, KEY_FRAMES } from '../lib/camera-path.mjs';

const demo = fileURLToPath(new URL('..', import.meta.url));

test('byte ranges: whole file, from–to, open end, suffix, unsatisfiable', () => {
  assert.deepEqual(byteRange(undefined, 10), { start: 0, end: 9, partial: false });
  assert.deepEqual(byteRange('bytes=2-5', 10), { start: 2, end: 5, partial: true });
  assert.deepEqual(byteRange('bytes=7-', 10), { start: 7, end: 9, partial: true });
  assert.deepEqual(byteRange('bytes=4-100', 10), { start: 4, end: 9, partial: true });
  assert.deepEqual(byteRange('bytes=-3', 10), { start: 7, end: 9, partial: true });
  assert.equal(byteRange('bytes=10-', 10), null);
  assert.equal(byteRange('bytes=5-2', 10), null);
  assert.equal(byteRange('bytes=-', 10), null);
  assert.equal(byteRange('items=0-1', 10), null);
});

const box = (key, ...b) => ({ key, boxes: [b], circles: [] });
const circles = (key, ...c) => ({ key, boxes: [], circles: c });

test('overlapping pairs: boxes, circles, touching is no overlap, tolerances', () => {
  const a = box('a', 0, 0, 10, 10);
  assert.deepEqual(overlappingPairs([a, box('b', 9, 9, 20, 20)]), [['a', 'b']]);
  assert.deepEqual(overlappingPairs([a, box('b', 10, 0, 20, 10)]), [], 'sharing an edge');
  assert.deepEqual(overlappingPairs([a, box('b', 9, 9, 20, 20)], 1), [], 'within τ');
  assert.deepEqual(overlappingPairs([a, box('b', 8, 9.5, 20, 20)], 1, 0.25), [['a', 'b']], 'τ across and down');
  assert.deepEqual(overlappingPairs([a, circles('c', [14, 5, 5])]), [['a', 'c']]);
  assert.deepEqual(overlappingPairs([a, circles('c', [14, 14, 5])]), [], 'the box corner is 5.66 away');
  assert.deepEqual(overlappingPairs([circles('c', [0, 0, 2], [10, 0, 2]), circles('d', [10, 3, 2])]), [['c', 'd']]);
  // Brute force against a grid of unit boxes: every pair of a 3×3 block of 2×2 boxes on a
  // 1-px lattice overlaps exactly when their origins differ by less than 2 on both axes.
  const lattice = [];
  for (let x = 0; x < 3; x++) for (let y = 0; y < 3; y++) lattice.push(box(`${x},${y}`, x, y, x + 2, y + 2));
  const expected = [];
  for (let i = 0; i < lattice.length; i++) {
    for (let j = i + 1; j < lattice.length; j++) {
      const [p, q] = [lattice[i].boxes[0], lattice[j].boxes[0]];
      if (Math.abs(p[0] - q[0]) < 2 && Math.abs(p[1] - q[1]) < 2) expected.push([lattice[i].key, lattice[j].key]);
    }
  }
  assert.deepEqual(overlappingPairs(lattice), expected);
  assert.equal(expected.length, 20);
});

test('percentiles by nearest rank', () => {
  const values = Array.from({ length: 100 }, (_, k) => 100 - k);
  assert.equal(percentile(values, 50), 50);
  assert.equal(percentile(values, 99), 99);
  assert.equal(percentile(values, 100), 100);
  assert.ok(Number.isNaN(percentile([], 50)));
});

test('the camera path pans, zooms across tile levels, rotates and tilts', () => {
  const path = cameraPath(6);
  assert.equal(path.length, 1 + 6 * (KEY_FRAMES.length - 1));
  assert.deepEqual(path.at(-1), KEY_FRAMES.at(-1));
  const zooms = path.map((c) => Math.floor(c.zoom));
  assert.ok(new Set(zooms).size >= 8, 'crosses tile levels');
  assert.ok(path.some((c) => c.bearing !== 0) && path.some((c) => c.pitch >= 45));
});

test('the demo style is valid and uses only the built assets', async () => {
  const style = JSON.parse(await readFile(`${demo}style.json`, 'utf8'));
  assert.deepEqual(validateStyleMin(style), []);
  const fonts = new Set(style.layers.flatMap((layer) => layer.layout?.['text-font'] ?? []));
  assert.deepEqual([...fonts], ['DejaVu Sans']);
  for (const font of fonts) {
    for (const range of ['0-255', '256-511', '7680-7935', '65280-65535']) {
      await access(`${demo}${style.glyphs.replace('{fontstack}', font).replace('{range}', range)}`);
    }
  }
  for (const source of Object.values(style.sources)) {
    assert.match(source.url, /^pmtiles:\/\/assets\/[a-z]+\.pmtiles$/);
    const archive = await readFile(`${demo}${source.url.slice('pmtiles://'.length)}`);
    assert.equal(archive.subarray(0, 7).toString(), 'PMTiles');
    assert.equal(archive[7], 3, 'PMTiles version 3');
  }
  await access(`${demo}assets/labels.pmtiles`);
});
