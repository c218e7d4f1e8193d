// The web package places the three-layer fixture (Natural Earth places and Vienna's streets,
// a style of three symbol layers and a sprite) end to end, and decides exactly what `declutter
// place --style` decided: its golden result (fixtures/geojson/cases.json) feature by feature.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

import { PlaceError, loadModule, placeGeoJSON } from '../js/declutter.js';

const module = await loadModule();
const fixtures = new URL('../../../fixtures/geojson/', import.meta.url);
const read = (name) => readFile(new URL(name, fixtures), 'utf8');

// The command's arguments for the case, as `cases.json` gives them.
const cases = JSON.parse(await read('cases.json'));
const CASE = cases.find((c) => c.expected === 'vienna-three-layers.style.expected.json');
const flag = (name) => CASE.args[CASE.args.indexOf(name) + 1];
const numbers = (text, separator) => text.split(separator).map(Number);

const [geojson, style, sprite, expected] = await Promise.all([
  read(CASE.input), read(flag('--style')), read(flag('--sprite')), read(CASE.expected).then(JSON.parse),
]);
const options = {
  style, sprite: JSON.parse(sprite), zoom: Number(flag('--zoom')),
  center: numbers(flag('--center'), ','), size: numbers(flag('--size'), 'x'),
};

test('the three-layer fixture is placed as declutter place --style places it', async () => {
  const { placements, stats } = await placeGeoJSON(geojson, options, module);
  assert.equal(placements.length, expected.placements.length);
  for (const [k, want] of expected.placements.entries()) {
    const got = placements[k];
    const where = `feature ${k} (id ${JSON.stringify(want.id)})`;
    assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), `${where}: members`);
    for (const key of ['id', 'visible', 'reason', 'hidden_by', 'hidden_by_obstacle', 'candidate', 'parts', 'reversed']) {
      assert.equal(got[key], want[key], `${where}: ${key}`);
    }
    assert.equal(got.glyphs?.length, want.glyphs?.length, `${where}: glyphs`);
    for (const [g, glyph] of (want.glyphs ?? []).entries()) {
      for (const [c, value] of glyph.entries()) {
        assert.ok(Math.abs(got.glyphs[g][c] - value) <= 1e-9, `${where}: glyph ${g}[${c}] ${got.glyphs[g][c]} ≠ ${value}`);
      }
    }
  }
  for (const [key, value] of Object.entries(expected.stats)) {
    if (key in stats) assert.equal(stats[key], value, `stats.${key}`);
  }
  // The case is not vacuous: shown labels, a chosen candidate, a name along a street.
  assert.equal(stats.visible, 30);
  assert.ok(placements.some((p) => p.visible && p.candidate !== undefined));
  assert.ok(placements.some((p) => p.visible && p.glyphs?.length > 0));
});

test('a bad request names what the command names', async () => {
  const fails = async (changes, source, pattern) => {
    await assert.rejects(placeGeoJSON(changes.geojson ?? geojson, { ...options, ...changes }, module), (e) => {
      assert.ok(e instanceof PlaceError, String(e));
      assert.equal(e.source, source);
      assert.match(e.message, pattern);
      return true;
    });
  };
  await fails({ zoom: 31 }, 'view', /--zoom: expected a number from 0 to/);
  await fails({ center: undefined }, 'view', /--zoom Z and --center LON,LAT/);
  await fails({ layers: ['nope'] }, 'style', /--layer nope: the style has no symbol layer of that id/);
  await fails({ style: '{"version": 8, "layers": 3}' }, 'style', /layers/);
  await fails({ sprite: '[1]' }, 'sprite', /an object of icons expected/);
  await fails({ geojson: '{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": 7}]}' },
    'geojson', /feature 0/);
});

test('placeGeoJSON instantiates its module once and answers the same on the same instance', async () => {
  const fresh = await loadModule(); // a module no call has instantiated yet
  const instantiate = WebAssembly.instantiate;
  let made = 0;
  WebAssembly.instantiate = (...args) => { made += 1; return instantiate.apply(WebAssembly, args); };
  try {
    const first = await placeGeoJSON(geojson, options, fresh);
    // A failing call between: it leaves nothing behind on the instance.
    await assert.rejects(placeGeoJSON(geojson, { ...options, zoom: 31 }, fresh), PlaceError);
    const second = await placeGeoJSON(geojson, options, fresh);
    assert.equal(made, 1, 'three calls, one instance');
    assert.deepEqual(second, first);
    assert.equal(first.stats.visible, 30);
  } finally {
    WebAssembly.instantiate = instantiate;
  }
});
