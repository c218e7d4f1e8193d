// @declutter/maplibre's layouts in node: a layer of the map's style evaluated per feature by the
// style library in WebAssembly — variable anchors with radial offsets, format, zoom and data
// interpolation, filters, sort keys and icons — and the attach() options that replace a field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStyle } from '@declutter/wasm';
import { layoutOf, styleOf } from '../maplibre/layout.js';

const STYLE = {
  version: 8,
  sources: {},
  layers: [{
    id: 'places', type: 'symbol', source: 'ne',
    filter: ['>=', ['get', 'pop'], 1000],
    layout: {
      'text-field': ['format', ['get', 'name'], {}, '\n', {}, ['get', 'kind'], { 'font-scale': 0.8 }],
      'text-size': ['interpolate', ['exponential', 2], ['zoom'], 4, 10, 8, ['get', 'big']],
      'text-font': ['DejaVu Sans Book'],
      'text-variable-anchor': ['left', 'right'],
      'text-radial-offset': 0.5,
      'symbol-sort-key': ['-', ['get', 'pop']],
      'icon-image': ['concat', 'dot-', ['get', 'kind']],
      'text-optional': true,
    },
  }],
};
const PAINT = { layout: {}, paint: { 'text-color': ['match', ['get', 'kind'], 'city', '#111', '#555'] } };
const icons = (name) => (name === 'dot-city' ? { canvas: null, width: 8, height: 8 } : null);

test('text-variable-anchor and the style library\'s expressions give the labels', async () => {
  const style = await createStyle(STYLE);
  const layout = layoutOf({ id: 'places' }, PAINT, style);
  const wien = layout({ name: 'Wien', kind: 'city', pop: 1.9e6, big: 26 }, 8, icons, 'Point', 4);
  assert.equal(wien.text, 'Wien\ncity');
  assert.equal(wien.size, 26);
  assert.equal(wien.fontFamily, '"DejaVu Sans", sans-serif');
  assert.equal(wien.color, '#111');
  assert.equal(wien.priority, 1.9e6);
  assert.deepEqual(wien.candidates, [
    { anchor: 'left', offset: [13, 0] }, { anchor: 'right', offset: [-13, 0] },
  ], 'radial offset 0.5 em at 26 px');
  assert.equal(wien.icon.width, 8);
  assert.equal(wien.optional, 'text');
  assert.equal(layout({ name: 'Hof', kind: 'village', pop: 12 }, 8, icons), null, 'the filter leaves it out');
  const small = layout({ name: 'Melk', kind: 'town', pop: 5000, big: 26 }, 6, icons, 'Point');
  assert.ok(Math.abs(small.size - (10 + (16 * 3) / 15)) < 1e-9, `exponential base 2 between zoom 4 and 8: ${small.size}`);
  assert.equal(small.icon, undefined, 'no sprite image "dot-town"');
});

test('attach() options replace the style\'s fields', async () => {
  const style = await createStyle(STYLE);
  const layout = layoutOf({ id: 'places', size: 20, priority: (p) => p.pop / 1000, color: 'red' }, PAINT, style);
  const wien = layout({ name: 'Wien', kind: 'city', pop: 1.9e6, big: 26 }, 8, icons, 'Point');
  assert.equal(wien.size, 20);
  assert.equal(wien.priority, 1900);
  assert.equal(wien.color, 'red');
  assert.deepEqual(wien.candidates.map((c) => c.offset), [[10, 0], [-10, 0]], 'the candidates at the given size');
});

test('a feature read again at the same zoom is not evaluated again', async () => {
  const style = await createStyle(STYLE);
  let calls = 0;
  const counting = { layout: (...a) => { calls += 1; return style.layout(...a); } };
  const layout = layoutOf({ id: 'places' }, PAINT, counting);
  const wien = { name: 'Wien', kind: 'city', pop: 1.9e6, big: 26 };
  assert.deepEqual(layout(wien, 8, icons, 'Point', 4), layout({ ...wien }, 8, icons, 'Point', 4));
  assert.equal(calls, 1);
  assert.equal(layout(wien, 7, icons, 'Point', 4).size < 26, true, 'another zoom is evaluated');
  assert.equal(layout({ ...wien, pop: 5 }, 7, icons, 'Point', 4), null, 'other properties are');
  assert.equal(calls, 3);
});

test('only the taken-over layers are compiled; errors keep the style\'s layer paths', async () => {
  const map = structuredClone(STYLE);
  map.layers.unshift({ id: 'odd', type: 'symbol', source: 'ne', layout: { 'text-size': ['frobnicate'] } });
  await assert.rejects(createStyle(map), /layer "odd", text-size/);
  const style = await createStyle(styleOf(map, ['places']));
  assert.deepEqual(style.layers.map((l) => l.id), ['places']);
  map.layers[1].layout['text-radial-offset'] = ['frobnicate'];
  await assert.rejects(createStyle(styleOf(map, ['places'])), (e) => e.path === 'layers[1].layout.text-radial-offset');
});
