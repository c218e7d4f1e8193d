// The style API in node: a MapLibre style compiled by the style library in WebAssembly, its
// layouts per feature (the expressions the packages' old evaluator could not evaluate among
// them), and bad styles named by layer, property and JSON path.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { StyleError, createStyle, loadModule } from '../js/declutter.js';

const module = await loadModule();

const STYLE = {
  version: 8,
  sources: { ne: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } },
  layers: [
    { id: 'background', type: 'background' },
    {
      id: 'places', type: 'symbol', source: 'ne', minzoom: 2,
      filter: ['all', ['==', ['geometry-type'], 'Point'], ['has', 'name']],
      layout: {
        'text-field': ['format', ['upcase', ['get', 'name']], {}, ' ', {}, ['to-string', ['get', 'pop']], { 'font-scale': 0.8 }],
        'text-size': ['interpolate', ['exponential', 1.5], ['zoom'], 2, 10, 10, ['+', 12, ['get', 'rank']]],
        'text-variable-anchor': ['left', 'right', 'top'],
        'text-radial-offset': 0.6,
        'text-max-width': 5,
        'symbol-sort-key': ['*', -1, ['get', 'pop']],
        'icon-image': ['case', ['>', ['get', 'pop'], 1e6], 'dot-large', 'dot'],
      },
    },
    {
      id: 'streets', type: 'symbol', source: 'ne',
      layout: {
        'text-field': '{name}', 'symbol-placement': 'line',
        'text-size': { stops: [[10, 9], [16, 14]] }, 'text-max-angle': 30,
      },
    },
  ],
};

test('a style is compiled once and its layouts evaluated per feature', async () => {
  const style = await createStyle(STYLE, module);
  assert.deepEqual(style.layers.map((l) => l.id), ['places', 'streets']);
  assert.deepEqual(style.warnings, []);
  const [wien, street, unnamed] = style.layouts('places', 10, [
    { properties: { name: 'Wien an der Donau', pop: 1900000, rank: 4 }, geometry: 'Point', id: 7 },
    { properties: { name: 'Ringstraße' }, geometry: 'LineString' },
    { properties: { pop: 3 }, geometry: 'Point' },
  ], { wrap: true });
  assert.equal(wien.text, 'WIEN AN DER DONAU 1900000');
  assert.deepEqual(wien.sections.map((s) => s.scale), [null, null, 0.8]);
  assert.equal(wien.size, 16);
  assert.equal(wien.sortKey, -1900000);
  assert.equal(wien.iconImage, 'dot-large');
  assert.deepEqual(wien.variableAnchor, ['left', 'right', 'top']);
  assert.deepEqual(wien.candidates.map((c) => c.anchor), ['left', 'right', 'top']);
  assert.equal(wien.candidates[0].offset[0], 0.6 * 16, 'left: the radial offset to the right, in pixels');
  assert.equal(wien.placement, 'point');
  assert.ok(wien.lines.length >= 2, `wrapped at 5 ems: ${JSON.stringify(wien.lines)}`);
  assert.ok(wien.width > 0 && wien.height > 0);
  assert.equal(street, null, 'the filter keeps points only');
  assert.equal(unnamed, null, 'the filter needs a name');
  assert.equal(style.layout('places', 1, { properties: { name: 'x' } }), null, 'below minzoom');
  const ring = style.layout('streets', 13, { properties: { name: 'Ring' }, geometry: 'LineString' });
  assert.equal(ring.text, 'Ring');
  assert.equal(ring.placement, 'line');
  assert.equal(ring.size, 11.5);
  assert.equal(ring.maxAngle, 30);
  assert.deepEqual(ring.candidates, []);
  assert.equal(ring.lines, undefined, 'lines only when asked for');
});

test('a bad style throws a StyleError naming layer, property and path', async () => {
  const bad = structuredClone(STYLE);
  bad.layers[2].layout['text-size'] = ['interpolate', ['linear'], ['zoom'], 10];
  await assert.rejects(createStyle(bad, module), (e) => {
    assert.ok(e instanceof StyleError, String(e));
    assert.equal(e.layer, 'streets');
    assert.equal(e.property, 'text-size');
    assert.match(e.path, /^layers\[2\]\.layout\.text-size/);
    return true;
  });
  await assert.rejects(createStyle('{"layers": 3', module), /declutter: not a style/);
  const style = await createStyle(JSON.stringify(STYLE), module);
  assert.throws(() => style.layouts('roads', 3, []), /the style has no symbol layer "roads"/);
  assert.throws(() => style.layouts('places', 3, [{ geometry: 'Circle' }]), /features\[0\]\.geometry/);
});

test('what a style asks for that is ignored comes back as warnings', async () => {
  const odd = structuredClone(STYLE);
  odd.layers[1].layout['text-pitch-alignment'] = 'viewport';
  odd.layers[1].paint = { 'text-translate': [4, 4] };
  const style = await createStyle(odd, module);
  assert.ok(style.warnings.length >= 1, JSON.stringify(style.warnings));
  for (const w of style.warnings) assert.equal(w.layer, 'places');
});

test('spots: a name repeated along a line, an area named at its pole, bad requests named', async () => {
  const style = await createStyle({ version: 8, sources: {}, layers: [] }, module);
  const { lines, areas } = style.spots({
    lines: [{ path: [0, 500, 1000, 500], advances: [10, 10, 10, 10, 10], spacing: 250 }, { path: [0, 0, 40, 0], advances: [10, 10, 10, 10, 10] },
      { path: [0, 500, 1000, 500], advances: [10, 10, 10, 10, 10], spacing: 250, nested: true }],
    // An L: the name goes to its thick corner, not to its box's middle.
    areas: [[[[0, 0, 100, 0, 100, 40, 40, 40, 40, 100, 0, 100, 0, 0]]]],
  });
  assert.deepEqual(lines, [[125, 375, 625, 875], null, [250, 500, 750]], 'equal slots, as declutter place; nested: at k/4');
  assert.ok(areas[0][0] < 40 && areas[0][1] < 40, JSON.stringify(areas));
  assert.throws(() => style.spots({ lines: [{ path: [0, 0, 1], advances: [] }] }), (e) => e instanceof StyleError && /lines\[0\]\.path: an odd count/.test(e.message));
});
