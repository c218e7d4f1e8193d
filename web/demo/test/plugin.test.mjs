// The declutter plugin on the demo page (`maplibre.html?plugin=declutter`) in headless Chromium:
// the demo style's three symbol layers taken over by @declutter/maplibre with their layouts
// from the style library in WebAssembly (the places' `text-variable-anchor` among them) — no
// console error, page error or failed request, and labels placed from every layer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage } from './browser.mjs';

let session;

before(async () => {
  session = await openPage('maplibre.html?plugin=declutter&fade=0&center=16.37,48.21&zoom=13.5');
});

after(async () => session?.close());

test('the declutter plugin places the demo style\'s labels with no error', async () => {
  const seen = await session.page.evaluate(async () => {
    const { map, plugin, measure } = window.demo;
    await measure.settle(map);
    const until = performance.now() + 20000;
    while (plugin.pending && performance.now() < until) await new Promise((r) => setTimeout(r, 100));
    map.triggerRepaint();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const { store, engine } = plugin.controller;
    const views = engine.views();
    const layers = {};
    let candidates = 0;
    store.slots.forEach((slot, i) => {
      if (!slot.live) return;
      const l = (layers[slot.spec.layer] ??= { labels: 0, visible: 0 });
      l.labels += 1;
      if (views.visible[i]) l.visible += 1;
      if (slot.spec.candidates?.length === 4) candidates += 1;
    });
    return { layers, candidates, own: map.getPaintProperty('place-names', 'text-opacity') };
  });
  console.log(JSON.stringify(seen));
  assert.deepEqual(session.problems, []);
  assert.equal(seen.own, 0, 'the map\'s own symbols of the layers are hidden');
  for (const id of ['place-names', 'street-names']) {
    assert.ok(seen.layers[id]?.visible > 0, `${id}: ${JSON.stringify(seen.layers[id])}`);
  }
  assert.ok(seen.candidates > 0, 'places carry the style\'s four variable anchors');
});
