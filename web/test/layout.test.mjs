// @declutter/maplibre's layouts in node: a layer of the map's style evaluated per feature by the
// style library in WebAssembly — variable anchors with radial offsets, format, zoom and data
// interpolation, filters, sort keys and icons, and the paint colours (interpolated and stepped
// by zoom), halo and icon anchor and offset in the same call — and the attach() options that
// replace a field or add one (repeatDistance, in both packages, placed by the engine); attach()
// on a fake map up to the takeover (its wait for the style, a layer taken over twice), and a
// module warmed once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, createStyle, REASONS } from '@declutter/wasm';
import { layoutOf, styleOf } from '../maplibre/layout.js';
import { textFields } from '../openlayers/style.js';
import { LabelStore, commitEngineLabels } from '../core/labels.js';
import { warmUp } from '../core/warm.js';
import { attach } from '../maplibre/index.js';
import { labelSpec } from '../core/text.js';
import Style from 'ol/style/Style.js';
import Text from 'ol/style/Text.js';

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
      'icon-anchor': ['case', ['>', ['get', 'pop'], 1e6], 'bottom', 'center'],
      'icon-offset': ['literal', [0, -2]],
    },
    paint: {
      'text-color': ['match', ['get', 'kind'], 'city', '#111', '#555'],
      'text-halo-color': '#fff',
      'text-halo-width': ['interpolate', ['exponential', 2], ['zoom'], 4, 1, 8, 4],
    },
  }],
};
const icons = (name) => (name === 'dot-city' ? { canvas: null, width: 8, height: 8 } : null);

test('text-variable-anchor and the style library\'s expressions give the labels', async () => {
  const style = await createStyle(STYLE);
  const layout = layoutOf({ id: 'places' }, style);
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
  // Paint and the icon's anchor and offset come from the style library too, in the same call:
  // exponential interpolation and `>` (which the packages' old JS evaluator refused).
  assert.equal(wien.haloColor, '#fff');
  assert.equal(wien.haloWidth, 4);
  assert.equal(wien.icon.anchor, 'bottom');
  assert.deepEqual(wien.icon.offset, [0, -2]);
  assert.equal(layout({ name: 'Hof', kind: 'village', pop: 12 }, 8, icons), null, 'the filter leaves it out');
  const small = layout({ name: 'Melk', kind: 'town', pop: 5000, big: 26 }, 6, icons, 'Point');
  assert.ok(Math.abs(small.size - (10 + (16 * 3) / 15)) < 1e-9, `exponential base 2 between zoom 4 and 8: ${small.size}`);
  assert.equal(small.color, '#555');
  assert.ok(Math.abs(small.haloWidth - (1 + (3 * 3) / 15)) < 1e-9, `halo: exponential base 2: ${small.haloWidth}`);
  assert.equal(small.icon, undefined, 'no sprite image "dot-town"');
});

test('attach() options replace the style\'s fields', async () => {
  const style = await createStyle(STYLE);
  const layout = layoutOf({ id: 'places', size: 20, priority: (p) => p.pop / 1000, color: 'red' }, style);
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
  const layout = layoutOf({ id: 'places' }, counting);
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

test('any property of a layer is evaluated in WebAssembly; one the library does not know is named', async () => {
  const style = await createStyle(STYLE);
  const feature = { properties: { name: 'Wien', kind: 'town', pop: 2e6, big: 26 }, geometry: 'Point' };
  assert.equal(style.evaluate('places', 'text-color', feature, 6), '#555');
  assert.equal(style.evaluate('places', 'icon-anchor', feature, 6), 'bottom');
  assert.equal(style.evaluate('places', 'text-opacity', feature, 6), 1, 'unset: the style-spec default');
  assert.equal(style.evaluate('places', 'symbol-sort-key', feature, 6), -2e6, 'layout properties too');
  // Whether or not the filter shows the feature (layouts() gives null for this one).
  assert.equal(style.evaluate('places', 'text-color', { properties: { kind: 'city', pop: 1 } }, 6), '#111');
  assert.throws(() => style.evaluate('places', 'fill-color', feature, 6), /properties\[0\]: "fill-color" is not a symbol-layer property/);
});

test('colours interpolate and step by zoom (text-color, text-halo-color), as MapLibre mixes them', async () => {
  const map = structuredClone(STYLE);
  map.layers[0].paint['text-color'] = ['interpolate', ['linear'], ['zoom'], 4, '#000000', 8, 'rgba(255, 255, 255, 0.5)'];
  map.layers[0].paint['text-halo-color'] = ['step', ['zoom'], 'white', 6, ['match', ['get', 'kind'], 'city', 'hsl(0, 100%, 50%)', '#00f']];
  const style = await createStyle(map);
  assert.deepEqual(style.warnings, [], 'colour interpolate is no warning');
  const layout = layoutOf({ id: 'places' }, style);
  const at = (zoom) => layout({ name: 'Wien', kind: 'city', pop: 1.9e6, big: 26 }, zoom, icons, 'Point');
  // sRGB channels and alpha mixed linearly, the channels rounded to 0…255 (MapLibre's Color.toString).
  assert.equal(at(6).color, 'rgba(128,128,128,0.75)');
  assert.equal(at(3).color, '#000000', 'below the first stop: the stop as the style gives it');
  assert.equal(at(5).haloColor, 'white');
  assert.equal(at(7).haloColor, 'hsl(0, 100%, 50%)');
  // A colour the style library cannot read: the default, as in MapLibre.
  const bad = structuredClone(STYLE);
  bad.layers[0].paint['text-color'] = ['to-string', ['get', 'colour']];
  const odd = layoutOf({ id: 'places' }, await createStyle(bad));
  assert.equal(odd({ name: 'Wien', kind: 'city', pop: 1.9e6, colour: 'nope' }, 6, icons, 'Point').color, '#000000');
});

test('repeatDistance (both packages\' layer option): labels of one layer and text keep that far apart', async () => {
  // Texts measured 8 px a character (node has no canvas).
  globalThis.OffscreenCanvas ??= class { getContext() { return { measureText: (t) => ({ width: 8 * t.length }) }; } };
  const style = await createStyle(STYLE);
  const fields = layoutOf({ id: 'places', repeatDistance: (p) => (p.kind === 'city' ? 300 : 0) }, style)(
    { name: 'Wien', kind: 'city', pop: 1.9e6, big: 26 }, 8, () => null, 'Point');
  assert.equal(fields.repeatDistance, 300);
  const ol = textFields(() => new Style({ text: new Text({ text: 'Wien' }) }), { getProperties: () => ({}) }, 1, { repeatDistance: 300 });
  assert.equal(ol.repeatDistance, 300, 'OpenLayers: the same option');
  // At zoom 8 a world px is 256 px: "Wien" every 200 px along a row, "Graz" among them, and a
  // "Wien" of another layer; each 200 px from the last, so none collides.
  const row = [['Wien', 'places'], ['Graz', 'places'], ['Wien', 'places'], ['Wien', 'rivers'], ['Wien', 'places']];
  const specs = new Map(row.map(([text, layer], k) => [`${layer}#${k}`, labelSpec({ ...fields, candidates: undefined, text, lines: [text], layer, x: 100 + (200 * k) / 256, y: 100 })]));
  assert.equal(specs.get('places#0').repeatGroup, specs.get('places#4').repeatGroup, 'one group: layer and text');
  const store = new LabelStore();
  store.update(specs);
  const engine = await createEngine();
  commitEngineLabels(engine, store.engineLabels());
  const f = engine.placeFrame({ x: 100 + 400 / 256, y: 100, zoom: 8, width: 1200, height: 400 }, 0);
  const reasons = [...f.reason.subarray(0, f.count)].map((r) => REASONS[r]);
  // "Wien" at 400 px is 400 px from the first: shown; at 800 px too; the one at 0 is first.
  assert.deepEqual(reasons, ['visible', 'visible', 'visible', 'visible', 'visible']);
  store.update(new Map([...specs].map(([k, s]) => [k, { ...s, x: 100 + (s.x - 100) / 2 }]))); // 100 px apart now
  commitEngineLabels(engine, store.engineLabels());
  const g = engine.placeFrame({ x: 100 + 200 / 256, y: 100, zoom: 8, width: 1200, height: 400 }, 0);
  assert.deepEqual([...g.reason.subarray(0, g.count)].map((r) => REASONS[r]), ['visible', 'visible', 'repeat', 'visible', 'visible'],
    'the "Wien" 200 px after the first is a repeat; the other layer\'s is not; the one 400 px after is not');
});

// A map with the style `STYLE` that holds `layers` (ids) and is loaded after one 'load' event.
function fakeMap(layers) {
  const listeners = new Map(); // type -> Set of listeners
  let loaded = false;
  const map = {
    listeners,
    isStyleLoaded: () => loaded,
    on(type, fn) { if (!listeners.has(type)) listeners.set(type, new Set()); listeners.get(type).add(fn); },
    off(type, fn) { listeners.get(type)?.delete(fn); },
    once(type, fn) { const f = () => { map.off(type, f); fn(); }; map.on(type, f); },
    fire(type) { for (const fn of [...(listeners.get(type) ?? [])]) fn(); },
    getStyle: () => STYLE,
    getLayer: (id) => (layers.includes(id) ? { type: id.endsWith('.declutter-stand-in') ? 'circle' : 'symbol', source: 'ne' } : undefined),
    getFilter: () => undefined,
  };
  setTimeout(() => { loaded = true; map.fire('load'); }, 0);
  return map;
}

test('attach() waits for the style without leaving a listener, and refuses a layer taken over twice', async () => {
  const map = fakeMap(['places', 'places.declutter-stand-in']);
  await assert.rejects(attach(map, { layers: ['places'], warmUp: false }),
    { message: 'declutter: layer "places" is already taken over by declutter; detach first' });
  assert.deepEqual([...map.listeners].filter(([, fns]) => fns.size > 0), [], 'no load or idle listener left');
});

test('a module is warmed once', async () => {
  const { loadModule } = await import('@declutter/wasm');
  const module = await loadModule();
  const first = warmUp(module);
  assert.equal(warmUp(module), first, 'a second warm-up of the module is the first one');
  await first;
  assert.equal(warmUp(module), first, 'and after it ended');
});
