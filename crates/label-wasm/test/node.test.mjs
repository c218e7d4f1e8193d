// The WebAssembly module in node: the API, its errors, and the scripted animation decided
// exactly as by the native engine (www/data/expected.json, written by `web_scene`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

import { createEngine, loadModule, Flags, anchorFlags, REASONS, Blocker } from '../js/declutter.js';
import { digest } from '../www/digest.js';
import * as declutter from '../js/declutter.js';
import { boxesOf, greedy, overlappingPairs } from './sat.mjs';
import { EXPECTED, LABELS, placeSymbols } from './symbols.mjs';
import * as paths from './paths.mjs';
import { placeCase, readBatch } from './batch.mjs';

const module = await loadModule();
const data = new URL('../www/data/', import.meta.url);
const scene = JSON.parse(await readFile(new URL('scene.json', data), 'utf8'));
const expected = JSON.parse(await readFile(new URL('expected.json', data), 'utf8'));
const batch = JSON.parse(await readFile(new URL('batch.json', data), 'utf8'));

// Fills an engine with the scene's label columns, as the page does.
async function sceneEngine() {
  const engine = await createEngine(module);
  const { count, columns } = scene.labels;
  const views = engine.labelColumns(count);
  for (const [name, values] of Object.entries(columns)) views[name].set(values);
  engine.commitLabels('world');
  return engine;
}

test('every frame of the animation is decided as by the native engine', async () => {
  const engine = await sceneEngine();
  assert.equal(scene.animation.length, expected.frames.length);
  scene.animation.forEach((shot, k) => {
    const views = engine.placeFrame(shot, shot.time);
    const want = expected.frames[k];
    assert.equal(views.stats.visible, want.visible, `frame ${k}: visible labels`);
    if (want.ids) {
      const ids = [];
      views.visible.forEach((v, i) => { if (v) ids.push(i); });
      assert.deepEqual(ids, want.ids, `frame ${k}: visible ids`);
      const boxes = boxesOf(engine.boxes(), views.count);
      const shown = ids.map((index) => ({ index, box: boxes[index] }));
      assert.deepEqual(overlappingPairs(shown), [], `frame ${k}: shown labels overlap`);
    }
    assert.equal(digest(views), want.digest, `frame ${k}: digest`);
  });
});

test('results are views over the module memory, made once', async () => {
  const engine = await sceneEngine();
  const shot = scene.animation[0];
  const a = engine.placeFrame(shot, 0);
  const b = engine.placeFrame({ ...shot, x: shot.x + 0.01 }, 16);
  assert.equal(a, b);
  assert.equal(a.visible.buffer, engine.memory.buffer);
  assert.equal(a.visible.length, scene.labels.count);
  assert.equal(a.stats.kind, 1, 'a pan-only frame reuses the placement');
});

test('plain objects, lon/lat, reasons and blockers', async () => {
  const engine = await createEngine(module);
  engine.setLabels([
    { lon: 16.3725, lat: 48.2083, width: 80, height: 16, priority: 2 },
    { lon: 16.3726, lat: 48.2083, width: 80, height: 16, priority: 1, anchor: 'left', offset: [4, 0] },
    { lon: -70, lat: 10, width: 80, height: 16 },
    { lon: 16.3725, lat: 48.2083, width: 30, height: 10, allowOverlap: true, ignorePlacement: true },
  ]);
  assert.throws(() => engine.placeFrame(0), /before setCamera/);
  engine.setCamera({ lon: 16.3725, lat: 48.2083, zoom: 14, width: 800, height: 600 });
  const frame = engine.placeFrame(0);
  assert.deepEqual([...frame.visible], [1, 0, 0, 1]);
  assert.deepEqual([...frame.reason].map((r) => REASONS[r]), ['visible', 'collision', 'offscreen', 'visible']);
  assert.equal(frame.blocker[1], Blocker.LABEL);
  assert.equal(frame.hiddenBy[1], 0);
  assert.deepEqual([frame.pose.x[0], frame.pose.y[0], frame.pose.scale[0]], [400, 300, 1]);
  assert.ok(Number.isNaN(frame.pose.x[2]) || frame.opacity[2] === 0);
  assert.equal(anchorFlags('bottom-right'), 8 << 8);
});

test('symbols: candidates, icons, optional parts and repeat groups, as objects and as columns', async () => {
  const [objects, columns] = await placeSymbols(declutter, module);
  assert.deepEqual(objects, EXPECTED);
  assert.deepEqual(columns, EXPECTED);
  const engine = await createEngine(module);
  const bad = LABELS.map((l) => ({ ...l }));
  bad[2].icon = { width: 12, height: 12, anchor: 'nowhere' };
  assert.throws(() => engine.setLabels(bad), /unknown anchor "nowhere"/);
  bad[2].icon = { width: -1, height: 12 };
  assert.throws(() => engine.setLabels(bad), /label 2 \(id 2\): field `icon.width`/);
  // Repeat groups by name, a string or a number: 'Ring' twice, or 1 and '1', is one group.
  for (const [a, b] of [['Ring', 'Ring'], [1, '1'], [0.5, 0.5]]) {
    const named = LABELS.map((l) => ({ ...l }));
    named[0].repeatGroup = a;
    named[3].repeatGroup = b;
    engine.setLabels(named);
    const f = engine.placeFrame({ x: 128, y: 128, zoom: 4, width: 800, height: 600 }, 0);
    assert.equal(REASONS[f.reason[3]], 'repeat', `${a}, ${b}`);
  }
  // A new label set without symbols forgets them.
  engine.setLabels(LABELS.map(({ x, y, width, height }) => ({ x, y, width, height })));
  const frame = engine.placeFrame({ x: 128, y: 128, zoom: 4, width: 800, height: 600 }, 0);
  assert.ok(frame.candidate.every((c) => c === declutter.NO_CANDIDATE));
});

test('texts along lines: reasons and glyph poses', async () => {
  assert.deepEqual(await paths.placePaths(declutter, module), paths.EXPECTED);
  const engine = await createEngine(module);
  const bad = paths.LABELS.map((l) => ({ ...l }));
  bad[1].glyphAdvances = [8, -1];
  assert.throws(() => engine.setLabels(bad), /label 1 \(id 1\): field `glyph_advances`/);
});

test('errors are thrown with the engine\'s messages', async () => {
  const engine = await createEngine(module);
  const label = { x: 128, y: 128, width: 10, height: 5 };
  assert.throws(() => engine.setLabels([label, label, { ...label, width: NaN }]),
    { message: 'label 2 (id 2): field `width`: expected a finite number, got NaN' });
  assert.throws(() => engine.setLabels([{ ...label, anchor: 'middle' }]), /unknown anchor "middle"/);
  const c = engine.labelColumns(1);
  c.width[0] = 1; c.height[0] = 1; c.flags[0] = 0x10;
  assert.throws(() => engine.commitLabels(), { message: 'label 0 (id 0): field `flags`: unknown bits 0x10' });
  assert.throws(() => engine.placeFrame({ x: 0, y: 0, zoom: 99, width: 10, height: 10 }, 0), /camera: field `zoom`/);
  assert.throws(() => engine.placeFrame({ x: 0, y: 0, zoom: 1, width: 10, height: 10 }, NaN), /time_ms/);
  assert.throws(() => engine.setOptions({ hysteresisPx: -1 }), /hysteresis_px/);
  assert.throws(() => engine.setOptions({ stickiness: 'glue' }), /stickiness/);
  assert.throws(() => engine.setObstacles([{ ring: [] }]), /obstacle 0/);
  // The engine still works after errors.
  engine.setLabels([label]);
  assert.equal(engine.placeFrame({ x: 128, y: 128, zoom: 2, width: 100, height: 100 }, 0).visible[0], 1);
});

test('obstacles hide the labels under them', async () => {
  const engine = await createEngine(module);
  engine.setLabels([{ x: 128, y: 128, width: 40, height: 10 }, { x: 160, y: 128, width: 40, height: 10 }]);
  engine.setObstacles([{ box: [380, 290, 405, 310] }]);
  const frame = engine.placeFrame({ x: 128, y: 128, zoom: 0, width: 800, height: 600 }, 0);
  assert.deepEqual([...frame.visible], [0, 1]);
  assert.deepEqual([frame.blocker[0], frame.hiddenBy[0]], [Blocker.OBSTACLE, 0]);
});

test('a trap in the module becomes an Error and stops that engine only', async () => {
  // A stand-in instance whose export traps as a Rust panic does (panic = "abort"), the panic
  // hook's message in its memory: no count or argument makes the real module panic any more.
  const memory = new WebAssembly.Memory({ initial: 1 });
  const message = new TextEncoder().encode('declutter panicked: a test');
  new Uint8Array(memory.buffer).set(message, 16);
  const exports = {
    memory,
    dc_init() {},
    dc_panic_address: () => 16,
    dc_panic_len: () => message.length,
    dc_input() { throw new WebAssembly.RuntimeError('unreachable'); },
  };
  const engine = new declutter.Engine({ exports });
  assert.throws(() => engine.labelColumns(1), { message: 'declutter panicked: a test' });
  assert.throws(() => engine.setLabels([]), /stopped after a panic: declutter panicked: a test/);
  const other = await createEngine(module);
  other.setLabels([{ x: 128, y: 128, width: 10, height: 5 }]);
  assert.equal(other.placeFrame({ x: 128, y: 128, zoom: 1, width: 100, height: 100 }, 0).visible[0], 1);
});

test('bad counts are errors, never traps, and no view reaches past the module\'s buffers', async () => {
  const engine = await createEngine(module);
  // Results before any labels: empty views, not views of the whole memory.
  const before = engine.place();
  assert.equal(before.visible.length, 0);
  assert.equal(before.pose.x.length, 0);
  assert.equal(engine.boxes().cx.length, 0);
  // Fractional, negative and non-numeric counts are refused before the module sees them.
  for (const bad of [1.5, -1, NaN, 2 ** 32, '3']) {
    assert.throws(() => engine.labelColumns(bad),
      { message: `labelColumns: the number of labels: expected a whole number from 0 to ${2 ** 32 - 2}, got ${bad}` });
  }
  const columns = engine.labelColumns(2);
  assert.equal(columns.padding.length, 2);
  assert.throws(() => engine.symbolColumns(1.5), /^Error: symbolColumns: the number of candidates: .* got 1.5$/);
  assert.throws(() => engine.pathColumns(1.5, 2), /^Error: pathColumns: the number of points: .* got 1.5$/);
  assert.throws(() => engine.setPoints([1, 2, 3]), { message: 'setPoints: x, y pairs expected, got 3 values' });
  assert.throws(() => engine.glyphs(-1), /glyphs: the label index/);
  // Counts the module cannot hold are its errors: more than one buffer can hold (2 GiB on
  // wasm32), a size that wraps a 32-bit usize, a raw export given -1 (u32::MAX labels, past
  // the limit).
  assert.throws(() => engine.labelColumns(2 ** 28),
    { message: 'labels: 268435456 × 9 values are more than one buffer of the module holds (2 GiB)' });
  assert.throws(() => engine.labelColumns(477218589), /^Error: labels: 477218589 × 9 values are more/);
  assert.throws(() => engine.labelColumns(40_000_000), /^Error: labels: 40000000 × 9 values are more/);
  assert.equal(engine.exports.dc_input(-1), 0);
  assert.equal(engine.error(), `labels: a count of ${2 ** 32 - 1} is more than ${2 ** 32 - 2}, the most allowed`);
  assert.equal(engine.exports.dc_input_len(), 0, 'a refused count leaves no labels');
  // The engine goes on.
  engine.setLabels([{ x: 128, y: 128, width: 10, height: 5 }]);
  assert.equal(engine.placeFrame({ x: 128, y: 128, zoom: 1, width: 100, height: 100 }, 0).visible[0], 1);
});

test('longitude, latitude and the camera keep the limits of every other door', async () => {
  const engine = await createEngine(module);
  const at = (lon, lat) => [{ lon, lat, width: 10, height: 5 }];
  assert.throws(() => engine.setLabels(at(1e12, 0)),
    { message: 'label 0 (id 0): field `x` (degrees): expected a magnitude of at most 360, got 1e12' });
  assert.throws(() => engine.setLabels(at(400, 0)), /^Error: label 0 \(id 0\): field `x` \(degrees\)/);
  assert.throws(() => engine.setLabels(at(0, 120)), /^Error: label 0 \(id 0\): field `y` \(degrees\): .* got 120$/);
  assert.throws(() => engine.setLabels(at(0, 1e300)), /field `y` \(degrees\): .* got 1e300$/);
  assert.throws(() => engine.setLabels(at(0, -Infinity)), /field `y` \(degrees\): expected a finite number, got -inf$/);
  const river = { lon: 0, lat: 0, width: 0, height: 10, path: [[16, 48], [1e12, 48]], glyphAdvances: [8] };
  assert.throws(() => engine.setLabels([river]), /^Error: label 0 \(id 0\): point 1 of its path: field `x` \(degrees\)/);
  engine.setLabels(at(16, 48));
  const camera = { lon: 16, lat: 95, zoom: 3, width: 100, height: 100 };
  assert.throws(() => engine.placeFrame(camera, 0), /^Error: camera: field `y` \(degrees\): .* got 95$/);
  assert.throws(() => engine.placeFrame({ ...camera, lat: 1e300 }, 0), /camera: field `y` \(degrees\): .* got 1e300$/);
  assert.equal(engine.placeFrame({ ...camera, lat: 48 }, 0).visible[0], 1);
});

test('names are looked up as own keys only; the web refuses what C refuses', async () => {
  const engine = await createEngine(module);
  const label = { x: 128, y: 128, width: 10, height: 5 };
  engine.labelColumns(1);
  assert.throws(() => engine.commitLabels('toString'), /^Error: coordinates "toString": 'world' or 'lonlat'$/);
  assert.throws(() => engine.setOptions({ stickiness: 'constructor' }), /stickiness/);
  assert.throws(() => engine.setLabels([{ ...label, optional: '__proto__' }]), /optional "__proto__"/);
  assert.throws(() => engine.setLabels([{ ...label, repeatDistance: 50 }]),
    { message: 'label 0 (id 0): field `repeatDistance`: set without a repeatGroup' });
  assert.throws(() => engine.setLabels([{ ...label, width: 0, path: [[100, 100], [200, 100]] }]), {
    message: 'label 0 (id 0): field `glyphs`: a text along a line needs its glyph advances (`glyphAdvances` of setLabels), got none',
  });
  engine.setLabels([{ ...label, repeatGroup: 1, repeatDistance: 50 }]);
});

test('the batch placement equals a brute-force greedy pass', async () => {
  // Seeded labels, some rotated, in a 600 × 400 area; no viewport, so every label takes part.
  let seed = 7;
  const random = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32; };
  const labels = Array.from({ length: 400 }, () => ({
    x: random() * 600, y: random() * 400, width: 10 + random() * 60, height: 6 + random() * 10,
    angle: random() < 0.3 ? random() * 360 - 180 : 0, priority: Math.floor(random() * 5),
    anchor: ['center', 'left', 'top-right'][Math.floor(random() * 3)], padding: random() < 0.2 ? 2 : 0,
  }));
  const engine = await createEngine(module);
  const c = engine.labelColumns(labels.length);
  labels.forEach((l, i) => {
    c.x[i] = l.x; c.y[i] = l.y; c.width[i] = l.width; c.height[i] = l.height; c.angle[i] = l.angle;
    c.priority[i] = l.priority; c.padding[i] = l.padding; c.flags[i] = anchorFlags(l.anchor);
  });
  const result = engine.place();
  const boxes = boxesOf(result.boxes, labels.length);
  const shown = [];
  result.visible.forEach((v, i) => { if (v) shown.push(i); });
  assert.deepEqual(shown, greedy(boxes, labels.map((l) => l.priority)));
  assert.ok(shown.length > 50 && shown.length < 350, `${shown.length} shown`);
  assert.equal(Flags.ALLOW_OVERLAP, 1);
});

for (const c of batch.cases) {
  test(`the batch place of symbols and paths equals label-core's place_symbols: ${c.name}`, async () => {
    const { engine, views } = await placeCase(declutter, module, c);
    const got = readBatch(declutter, engine, views);
    const glyphs = (g) => g.map((rows) => rows && rows.map((v) => v + 0));
    for (const key of ['visible', 'reason', 'hiddenBy', 'candidate', 'parts']) {
      assert.deepEqual(got[key], c.expected[key], `${c.name}: ${key}`);
    }
    // Centres and advances exactly; the angle within 1e-12°: it is only drawn (collisions use
    // the glyph's axis), and the module's atan2 is Rust's libm, not the platform's.
    const want = glyphs(c.expected.glyphs);
    const angles = (g) => g.map((rows) => rows && rows.filter((_, k) => k % 4 === 2));
    const rest = (g) => g.map((rows) => rows && rows.filter((_, k) => k % 4 !== 2));
    assert.deepEqual(rest(got.glyphs), rest(want), `${c.name}: glyph centres and advances`);
    const wantAngles = angles(want);
    angles(got.glyphs).forEach((rows, i) => rows?.forEach((a, k) => {
      assert.ok(Math.abs(a - wantAngles[i][k]) < 1e-12, `${c.name}: label ${i} glyph ${k} angle ${a}`);
    }));
    const shown = got.visible.filter(Boolean).length;
    assert.ok(shown > 100 && shown < c.count, `${c.name}: ${shown} of ${c.count} shown`);
    // A plain batch after it has no choices and no glyphs.
    const plain = engine.labelColumns(2);
    plain.width.fill(10); plain.height.fill(10);
    const again = engine.place();
    assert.deepEqual([...again.candidate], [declutter.NO_CANDIDATE, declutter.NO_CANDIDATE]);
    assert.equal(engine.glyphs(0), null);
  });
}

test('batch errors name the label, id and field', async () => {
  const engine = await createEngine(module);
  const c = engine.labelColumns(2);
  c.width.fill(10); c.height.fill(10);
  const p = engine.pathColumns(2, 1);
  p.points[1] = 2; p.glyphs[1] = 1; p.pointTable.set([0, 0, 0, 0]); p.advanceTable[0] = 5;
  assert.throws(() => engine.place(), { message: 'label 1 (id 1): field `path`: point 1 repeats the point before it' });
  const s = engine.symbolColumns(1);
  s.candidates[0] = 1; s.table.set([1, NaN, 0]);
  p.pointTable.set([0, 0, 50, 0]);
  assert.throws(() => engine.place(), /label 0 \(id 0\): field `candidates`/);
});

test('geography goes through the engine\'s projection', async () => {
  const engine = await createEngine(module);
  const camera = { x: 128, y: 128, zoom: 2, bearing: 90, width: 800, height: 600 };
  engine.setPoints([129, 128, 128, 128]);
  const screen = engine.projectPoints(camera);
  assert.deepEqual([...screen], [400, 296, 400, 300]);
  assert.deepEqual(engine.unproject(camera, 400, 296), { x: 129, y: 128 });
  assert.deepEqual([...screen], [400, 296, 400, 300], 'unproject leaves the projected points');
  assert.equal(engine.unproject({ ...camera, pitch: 60 }, 400, -5000), null);
  assert.throws(() => engine.projectPoints({ ...camera, zoom: NaN }), /camera: field `zoom`/);
  // The centre of perspective 100 px right of and 20 px above the middle (a map's padding).
  assert.deepEqual([...engine.projectPoints({ ...camera, centerOffset: [100, -20] })], [500, 276, 500, 280]);
  assert.deepEqual(engine.unproject({ ...camera, centerOffset: [100, -20] }, 500, 276), { x: 129, y: 128 });
  assert.deepEqual([...engine.projectPoints(camera)], [400, 296, 400, 300], 'the next camera without it is centred');
  // Any array-like pair of numbers: a typed array as an Array.
  for (const pair of [new Float64Array([100, -20]), new Float32Array([100, -20]), { 0: 100, 1: -20, length: 2 }]) {
    assert.deepEqual([...engine.projectPoints({ ...camera, centerOffset: pair })], [500, 276, 500, 280], pair.constructor.name);
  }
  for (const bad of [3, 'ab', [1], [1, 2, 3], new Float64Array(3), [null, 0], ['5', 0], [0, undefined], [0n, 0]]) {
    assert.throws(() => engine.projectPoints({ ...camera, centerOffset: bad }), /^Error: camera\.centerOffset: not an \[x, y\] pair \(px\)$/, String(bad));
  }
  assert.throws(() => engine.projectPoints({ ...camera, centerOffset: [NaN, 0] }), /center_offset/);
});

test('loadModule resolves relative addresses as the guide says and names what it tried', async () => {
  const cwd = `file://${process.cwd()}/`;
  await assert.rejects(loadModule('nowhere/declutter.wasm'), (e) => {
    assert.match(e.message, /^declutter: cannot load declutter\.wasm from (\S+): .*ENOENT/);
    assert.equal(e.message.split(' ')[5].replace(/:$/, ''), new URL('nowhere/declutter.wasm', cwd).href);
    return true;
  });
  await assert.rejects(loadModule(new Response('', { status: 404, statusText: 'Not Found' })),
    { message: 'declutter: cannot load declutter.wasm from the Response given: HTTP 404 Not Found' });
  await assert.rejects(loadModule(new Uint8Array([0, 1, 2])),
    /^Error: declutter: cannot load declutter\.wasm from the bytes given: /);
  const here = new URL('../pkg/declutter.wasm', import.meta.url);
  const relative = new URL(here).pathname.replace(process.cwd() + '/', '');
  assert.ok(await loadModule(relative) instanceof WebAssembly.Module, `${relative} from ${cwd}`);
});
