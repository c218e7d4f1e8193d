// The shared glue's pure parts in node: a real street cut into the tiles of zoom 16 (each tile
// holding all of it, as a tile with a large buffer would) comes back whole from clipToSquare and
// longestChain; the label store keeps a key's slot when it leaves and comes back, makes leavers
// ghosts that change no one's decision, and compacts; a feature's key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Flags } from '@declutter/wasm';
import { clipToSquare, lineLength, longestChain, lonLatToWorld, tileToWorld } from '../core/lines.js';
import { LabelStore } from '../core/labels.js';
import { featureKey } from '../core/keys.js';
import { ROOT } from './server.mjs';

test('a street cut at the tile edges of zoom 16 is joined back whole', async () => {
  const data = JSON.parse(await readFile(join(ROOT, 'fixtures/geojson/vienna-streets-center.geojson'), 'utf8'));
  const world = (f) => f.geometry.coordinates.flatMap(([lon, lat]) => lonLatToWorld(lon, lat));
  const streets = data.features.map(world).sort((a, b) => lineLength(b) - lineLength(a)).slice(0, 20);
  const z = 16;
  const E = 4096;
  let tilesCrossed = 0;
  for (const line of streets) {
    const scale = 2 ** z / 256;
    const xs = line.filter((_, k) => k % 2 === 0).map((v) => Math.floor(v * scale));
    const ys = line.filter((_, k) => k % 2 === 1).map((v) => Math.floor(v * scale));
    const pieces = [];
    for (let tx = Math.min(...xs); tx <= Math.max(...xs); tx++) {
      for (let ty = Math.min(...ys); ty <= Math.max(...ys); ty++) {
        const units = line.map((v, k) => (v * scale - (k % 2 === 0 ? tx : ty)) * E);
        const toWorld = tileToWorld(z, tx, ty, E);
        for (const part of clipToSquare(units, E)) {
          const flat = [];
          for (let k = 0; k < part.length; k += 2) flat.push(...toWorld(part[k], part[k + 1]));
          pieces.push(flat);
        }
      }
    }
    if (pieces.length > 1) tilesCrossed++;
    // Pieces in another order, every other one reversed: the join must not depend on either.
    const flip = (l) => l.flatMap((_, k) => (k % 2 === 0 ? [l[l.length - 2 - k], l[l.length - 1 - k]] : []));
    const shuffled = pieces.map((piece, k) => (k % 2 ? flip(piece) : piece)).reverse();
    const joined = longestChain(shuffled, 256 / (E * 2 ** z) / 8);
    assert.ok(Math.abs(lineLength(joined) - lineLength(line)) <= 1e-9 * lineLength(line), 'as long as the street');
    const ends = (l) => [l[0], l[1], l[l.length - 2], l[l.length - 1]];
    const [a, b] = [ends(joined), ends(line)];
    const same = a.every((v, k) => Math.abs(v - b[k]) < 1e-9) || a.every((v, k) => Math.abs(v - b[(k + 2) % 4]) < 1e-9);
    assert.ok(same, 'from end to end');
  }
  assert.ok(tilesCrossed >= 15, `the streets cross tile edges: ${tilesCrossed}`);
});

test('clipToSquare keeps what is inside, cut where the line leaves', () => {
  assert.deepEqual(clipToSquare([-10, 5, 20, 5], 10), [[0, 5, 10, 5]]);
  assert.deepEqual(clipToSquare([2, 2, 12, 2, 12, 8, 2, 8], 10), [[2, 2, 10, 2], [10, 8, 2, 8]]);
  assert.deepEqual(clipToSquare([20, 20, 30, 30], 10), []);
});

test('the store keeps slots by key; leavers are ghosts; compaction renumbers', () => {
  const spec = (x) => ({ text: 't', x, y: 1, width: 10, height: 5, priority: 0, anchor: 'center', offset: [0, 0], padding: 0 });
  const store = new LabelStore({ compactAbove: 1 });
  assert.equal(store.update(new Map([['a', spec(1)], ['b', spec(2)], ['c', spec(3)]])), true);
  store.changed = false;
  store.update(new Map([['c', spec(3)]]));
  assert.deepEqual(store.slots.map((s) => [s.key, s.live]), [['a', false], ['b', false], ['c', true]]);
  const labels = store.engineLabels();
  assert.equal(labels[0].flags, Flags.ALLOW_OVERLAP | Flags.IGNORE_PLACEMENT, 'a ghost may overlap and hides nothing');
  assert.equal(labels[0].width * labels[0].height, 1);
  store.update(new Map([['b', spec(2)], ['c', spec(3)]]));
  assert.equal(store.byKey.get('b'), 1, 'b came back to its slot');
  assert.equal(store.compactIfSparse(), false, 'one ghost of three is not sparse');
  store.update(new Map([['c', spec(3)]]));
  assert.equal(store.compactIfSparse(), true);
  assert.deepEqual(store.slots.map((s) => s.key), ['c']);
  assert.equal(store.byKey.get('c'), 0);
  store.changed = false;
  assert.equal(store.update(new Map([['c', spec(3)]])), false, 'an equal label set is no change');
  assert.equal(store.update(new Map([['c', spec(4)]])), true, 'a moved label is');
});

test('a feature\'s key: its id, else its properties', () => {
  const p = { name: 'Wien', pop: 2e6, alt: null };
  assert.equal(featureKey('l', 7, p), 'l#7');
  assert.equal(featureKey('l', undefined, p), featureKey('l', null, { ...p }));
});
