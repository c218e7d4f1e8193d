// @declutter/openlayers in headless Chromium: the test map (test/pages/openlayers.js) with a
// VectorLayer of places and the streets as a VectorLayer of GeoJSON or a VectorTileLayer loads
// with no console error, page error or failed request; a camera path by keyboard and mouse
// (pan, zoom across tile levels, rotate) where every frame's drawn labels do not overlap and
// every frame's decisions equal the WebAssembly engine's replayed in node, and point labels sit
// where OpenLayers puts their coordinates; a zoom out and back that loses no label and changes
// none (their plain placement decides the same); the layers' own texts are not drawn by OpenLayers; country names at their poles,
// their lines inside the boxes placed, street names repeated every `repeat` px; queries; the
// view's padding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { areasAndCopies, cameraPath, checkRecord, reload, RESULTS, testPages } from './browser.mjs';

const open = testPages('openlayers');
const results = RESULTS;

for (const source of ['geojson', 'tiles']) {
  test(`${source}: a camera path by keyboard and mouse, every frame checked`, async () => {
    const { page, problems } = await open(source, { center: [16.372, 48.208], zoom: 14.6, rotation: 0 });
    const ownTexts = await page.evaluate(() => map.getLayers().getArray().map((layer) => {
      const features = layer.getFeaturesInExtent?.(map.getView().calculateExtent(map.getSize())) ?? layer.getSource().getFeatures();
      const style = layer.getStyleFunction();
      return features.filter((f) => [].concat(style(f, map.getView().getResolution())).some((s) => s.getText())).length;
    }).reduce((a, b) => a + b, 0));
    assert.equal(ownTexts, 0, 'the layers\' styles draw no text');
    const { step, drag, wheelOut, worst } = cameraPath(page, 'OpenLayers');
    await page.focus('#map');
    await step('pan by keys', async () => { for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowLeft'); });
    await step('zoom in by keys (to zoom 15 tiles)', async () => { await page.keyboard.press('+'); });
    await step('rotate by alt+shift drag', async () => {
      await page.keyboard.down('Alt');
      await page.keyboard.down('Shift');
      await page.mouse.move(900, 200);
      await page.mouse.down();
      for (let k = 1; k <= 10; k++) await page.mouse.move(900 - 20 * k, 200 + 25 * k);
      await page.mouse.up();
      await page.keyboard.up('Shift');
      await page.keyboard.up('Alt');
    });
    await drag();
    await wheelOut(3, 300);
    const view = await page.evaluate(() => ({ zoom: map.getView().getZoom(), rotation: map.getView().getRotation() }));
    assert.ok(view.rotation !== 0, `the map turned: ${JSON.stringify(view)}`);
    const checked = await checkRecord(page, source);
    console.log(`# ${source}: ${checked.frames} frames, ${checked.boxes} drawn boxes, ${checked.commits} label sets: no overlap, decisions as replayed; projection error ≤ ${worst().toExponential(2)} px; ends at ${JSON.stringify(view)}`);
    assert.ok(checked.frames > 5 && checked.boxes > 500, `frames were drawn: ${JSON.stringify(checked)}`);
    await page.screenshot({ path: join(results, `openlayers-${source}.png`) });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`${source}: a tile reload (zoom out and back) loses no label and changes no decision`, async () => {
    const start = { center: [16.372, 48.208], zoom: 15.3, rotation: 0.4 };
    const { page, problems } = await open(source, start);
    const liveStreets = () => window.declutter.controller.store.slots.filter((s) => s.live && s.key.startsWith('streets')).length;
    const r = await reload(page, start, [13.2, 10], liveStreets);
    console.log(`# ${source}: ${r.labels} labels, ${r.shown} shown; streets live at zoom 13.2: ${r.seen[0]}, at 10: ${r.seen[1]}`);
    assert.ok(r.seen[0] > 100, 'the streets at zoom 13 are labels');
    if (source === 'tiles') assert.equal(r.seen[1], 0, 'below the streets layer\'s zoom range their labels left');
    await checkRecord(page, `${source} reload`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

for (const source of ['geojson', 'tiles']) {
  test(`${source}: country names at their poles, in lines and turned as placed; street names repeated along their lines`, async () => {
    const { page, problems } = await open(source, { center: [14, 50], zoom: 5.3, rotation: 0 });
    // OpenLayers' zoom 18.2 is MapLibre's 17.2 (256-px tiles); its Text has no letter spacing.
    await areasAndCopies(page, source, { areas: 'countries#', lines: 'streets#', zoom: 18.2, letterSpacing: false });
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('query: a hidden label and the label that hid it', async () => {
  const { page, problems } = await open('tiles', { center: [16.372, 48.208], zoom: 15, rotation: 0.3 });
  const target = await page.evaluate(() => {
    const d = window.declutter.controller;
    const f = d.engine.views();
    const b = d.engine.boxes();
    for (let i = 0; i < f.count; i++) {
      if (d.store.slots[i].live && f.visible[i] === 0 && f.blocker[i] === 1 && !Number.isNaN(b.cx[i])
        && b.cx[i] > 20 && b.cy[i] > 20 && b.cx[i] < 1260 && b.cy[i] < 700) {
        return { x: b.cx[i], y: b.cy[i], key: d.store.slots[i].key, by: d.store.slots[f.hiddenBy[i]].key };
      }
    }
    return null;
  });
  assert.ok(target, 'some label is hidden by another');
  await page.evaluate(() => { window.hovered = []; window.declutter.on('hover', (e) => window.hovered.push(e.labels.map((l) => [l.key, l.hiddenBy?.key]))); });
  await page.mouse.move(target.x, target.y);
  await page.waitForFunction(() => window.hovered.length > 0);
  const seen = await page.evaluate(() => window.hovered.at(-1));
  assert.ok(seen.some(([key, by]) => key === target.key && by === target.by), `the hover event names it and what hid it: ${JSON.stringify(seen)}`);
  // The view's padding moves its centre off the canvas's: the labels stay where OpenLayers
  // puts their coordinates, and the decisions are the engine's for the camera given.
  const { step } = cameraPath(page, 'OpenLayers');
  await step('view padding', () => page.evaluate(() => { map.getView().padding = [120, 0, 0, 400]; }));
  await checkRecord(page, 'padding');
  assert.deepEqual(problems, []);
  await page.close();
});
