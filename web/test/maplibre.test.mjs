// @declutter/maplibre in headless Chromium (WebGL in SwiftShader): the test map
// (test/pages/maplibre.js) from GeoJSON and from vector tiles loads with no console error, page
// error or failed request; a camera path driven by the keyboard and the mouse (pan, zoom across
// tile levels, rotate, pitch) where every frame's drawn labels do not overlap and every frame's
// decisions equal the WebAssembly engine's replayed in node; point labels drawn where MapLibre
// projects them; a tile reload (zoom out and back) that loses no label and changes none (their
// plain placement decides the same); country names at their poles and their drawn lines
// (wrapped, spaced, turned) inside the boxes the engine placed, street names repeated every
// symbol-spacing px along their lines;
// queries and hover events; the debug view; placement time with about 1,000 labels in view at
// 1920×1080 and what made each frame over 2 ms slow, printed (and written to
// web/test-results/maplibre-times.json; DECLUTTER_ATTRIBUTE=1 prints every such frame).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './server.mjs';
import { areasAndCopies, cameraPath, checkRecord, reload, RESULTS, settle, testPages } from './browser.mjs';
import { causeOf, pinChromium, quantile, replayInPage, traceByFrame, TRACE_CATEGORIES } from './frametime.mjs';

const open = testPages('maplibre');
const results = RESULTS;

// The labels the package read tile by tile as tiles came and went (the last read's, which the
// store's live labels are) against every tile read again now (`labels({fresh: true})`): the
// keys that differ, and the reads' counts (tiles kept from earlier reads must be some: the
// incremental path ran).
const incremental = (page) => page.evaluate(() => {
  const d = window.declutter.controller;
  const last = window.declutter.labels();
  const stored = d.store.slots.filter((s) => s.live);
  if (stored.length !== last.size || stored.some((s) => s.spec !== last.get(s.key))) throw new Error('the store holds other labels than the last read');
  const live = new Map([...last].map(([key, spec]) => [key, JSON.stringify(spec)]));
  const fresh = window.declutter.labels({ fresh: true });
  const differ = [...new Set([...live.keys(), ...fresh.keys()])].filter((k) => live.get(k) !== (fresh.has(k) ? JSON.stringify(fresh.get(k)) : undefined));
  return { labels: live.size, differ: differ.slice(0, 10), reading: window.declutter.reading() };
});

for (const source of ['geojson', 'tiles']) {
  test(`${source}: a camera path by keyboard and mouse, every frame checked`, async () => {
    const { page, problems } = await open(source, { center: [16.372, 48.208], zoom: 13.6 });
    // The taken-over layers are off (MapLibre does not lay them out); invisible stand-ins of the
    // same source keep the tiles loading.
    const own = await page.evaluate(() => ({
      visibility: ['country-names', 'place-names', 'street-names'].map((id) => map.getLayoutProperty(id, 'visibility')),
      standIn: map.getLayer('street-names.declutter-stand-in')?.type,
    }));
    assert.deepEqual(own, { visibility: ['none', 'none', 'none'], standIn: 'circle' }, 'the map\'s own symbol layers are off');
    const { step, drag, wheelOut, worst } = cameraPath(page, 'MapLibre');
    await page.mouse.click(640, 360);
    await step('pan by keys', async () => { for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight'); });
    await step('zoom in by keys (to zoom 15 tiles)', async () => { await page.keyboard.press('Equal'); await page.keyboard.press('Equal'); });
    await step('rotate by keys', async () => { for (let k = 0; k < 3; k++) await page.keyboard.press('Shift+ArrowLeft'); });
    await step('pitch by keys', async () => { for (let k = 0; k < 4; k++) await page.keyboard.press('Shift+ArrowUp'); });
    await drag();
    await wheelOut(6, 50);
    const camera = await page.evaluate(() => ({ zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch() }));
    assert.ok(camera.bearing !== 0 && camera.pitch > 0, `the keys turned and tilted the map: ${JSON.stringify(camera)}`);
    const checked = await checkRecord(page, source);
    console.log(`# ${source}: ${checked.frames} frames, ${checked.boxes} drawn boxes, ${checked.commits} label sets: no overlap, decisions as replayed; projection error ≤ ${worst().toExponential(2)} px`);
    assert.ok(checked.frames > 20 && checked.boxes > 500, `frames were drawn: ${JSON.stringify(checked)}`);
    // Tiles came and went along the path; what was read tile by tile equals a full read.
    const read = await incremental(page);
    console.log(`# ${source}: ${read.labels} labels read tile by tile as a full read reads them; reads ${JSON.stringify(read.reading)}`);
    assert.deepEqual(read.differ, [], 'the labels read tile by tile equal a full read');
    assert.ok(read.reading.tilesKept > 0 && read.reading.tilesRead > 0, `tiles were read and kept: ${JSON.stringify(read.reading)}`);
    // To the streets' western edge at zoom 16.2 (their zoom-16 tiles arrive), then the eastern
    // (the western tiles leave): after each, the same.
    for (const lon of [16.357, 16.389]) {
      await page.evaluate((c) => map.jumpTo({ center: [c, 48.208], zoom: 16.2, bearing: 0, pitch: 0 }), lon);
      await settle(page);
      const moved = await incremental(page);
      assert.deepEqual(moved.differ, [], `at ${lon}, 48.208, zoom 16.2: the labels read tile by tile equal a full read`);
      assert.ok(moved.labels > 50, `streets in view: ${moved.labels}`);
    }
    await page.screenshot({ path: join(results, `maplibre-${source}.png`) });
    // detach() puts the style back as it was before attach().
    const style = await page.evaluate(() => {
      window.declutter.detach();
      return { before: window.styleBefore.layers, after: map.getStyle().layers };
    });
    assert.deepEqual(style.after, style.before, 'detach() restores the style\'s layers');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`${source}: a tile reload (zoom out and back) loses no label and changes no decision`, async () => {
    const start = { center: [16.372, 48.208], zoom: 14.4, bearing: -20, pitch: 30 };
    const { page, problems } = await open(source, start);
    // Out to zoom 12.3 (the streets from zoom-12 tiles), then to 9 (below the streets layer: all
    // of them leave), and back.
    const liveStreets = () => window.declutter.controller.store.slots.filter((s) => s.live && s.key.startsWith('street')).length;
    const r = await reload(page, start, [12.3, 9], liveStreets);
    console.log(`# ${source}: ${r.labels} labels, ${r.shown} shown; streets live at zoom 12.3: ${r.seen[0]}, at 9: ${r.seen[1]}`);
    assert.ok(r.seen[0] > 100, 'the streets from the zoom-12 tiles are labels');
    assert.equal(r.seen[1], 0, 'zoomed out past the streets layer\'s zoom range, their labels left');
    // The streets' tiles reloaded in view (refreshTiles; GeoJSON: setData again): every label
    // shown and opaque before stays shown and opaque in every frame, no fade again.
    const mark = await page.evaluate(() => window.declutter.controller.record.frames.length);
    await page.evaluate((tiles) => {
      if (tiles) map.refreshTiles('streets');
      else map.getSource('streets').setData(`${location.origin}/fixtures/geojson/vienna-streets-center.geojson`);
    }, source === 'tiles');
    await page.waitForFunction((n) => window.declutter.controller.record.frames.length > n + 1, mark);
    await settle(page);
    const dips = await page.evaluate((n) => {
      const { frames } = window.declutter.controller.record;
      const opaque = 0x3f800000;
      const before = frames[n - 1];
      const keep = before.visible.flatMap((v, i) => (v && before.opacityBits[i] === opaque ? [i] : []));
      const out = [];
      for (const f of frames.slice(n)) for (const i of keep) if (!f.visible[i] || f.opacityBits[i] !== opaque) out.push(i);
      return { kept: keep.length, frames: frames.length - n, dips: [...new Set(out)] };
    }, mark);
    assert.ok(dips.kept > 20 && dips.frames >= 2, `labels and frames across the reload: ${JSON.stringify(dips)}`);
    assert.deepEqual(dips.dips, [], 'no shown label faded or flickered while its tiles reloaded');
    const checked = await checkRecord(page, `${source} reload`);
    assert.ok(checked.commits >= (source === 'tiles' ? 3 : 1));
    assert.deepEqual((await incremental(page)).differ, [], 'after the reloads, the labels read tile by tile equal a full read');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

for (const source of ['tiles', 'geojson']) {
  test(`${source}: a street cut by tile edges is one label along its whole line`, async () => {
    const { page, problems } = await open(source, { center: [16.372, 48.208], zoom: 14.6 });
    const fixture = JSON.parse(await readFile(join(ROOT, 'fixtures/geojson/vienna-streets-center.geojson'), 'utf8'));
    const result = await page.evaluate((features) => {
      const d = window.declutter.controller;
      const b = map.getBounds();
      const world = (lon, lat) => {
        const s = Math.sin((lat * Math.PI) / 180);
        return [((lon + 180) / 360) * 256, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * 256];
      };
      const length = (flat) => { let t = 0; for (let k = 0; k + 3 < flat.length; k += 2) t += Math.hypot(flat[k + 2] - flat[k], flat[k + 3] - flat[k + 1]); return t; };
      // Tiles cut at this zoom: 512 CSS px per tile at zoom 14.
      const tile = (lon, lat) => world(lon, lat).map((v) => Math.floor((v / 256) * 2 ** 14)).join('/');
      const out = { compared: 0, crossing: 0, worst: 0 };
      for (const f of features) {
        if (!f.geometry.coordinates.every(([lon, lat]) => b.contains([lon, lat]))) continue;
        const slot = d.store.slots[d.store.byKey.get(`street-names#${f.id}@0.5`)];
        if (!slot?.live || !slot.spec.path) continue;
        const want = length(f.geometry.coordinates.flatMap(([lon, lat]) => world(lon, lat)));
        const got = length(slot.spec.path);
        out.compared++;
        const crossing = new Set(f.geometry.coordinates.map(([lon, lat]) => tile(lon, lat))).size > 1;
        if (crossing) out.crossing++;
        // Beyond what the tiles' grids and simplification move (1%, and a pixel at zoom 14).
        const px = 2 ** 15;
        const e = Math.abs(got - want) * px / (1 + 0.01 * want * px);
        if (e > out.worst) { out.worst = e; out.at = { id: f.id, length: want * px, label: got * px, crossing }; }
      }
      return out;
    }, fixture.features);
    console.log(`# ${source}: ${result.compared} streets in view (${result.crossing} crossing tile edges): each label's line as long as its street to 1% and 1 px at zoom 14 (worst ${result.worst.toFixed(2)} of that: ${JSON.stringify(result.at)})`);
    assert.ok(result.crossing >= 20, `streets cross tile edges: ${result.crossing}`);
    assert.ok(result.worst <= 1, `every label's line is its whole street: ${JSON.stringify(result.at)}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// From vector tiles only: MapLibre cuts a GeoJSON source into tiles too (geojson-vt), and the
// package reads both alike; one source keeps the test's time down.
test('tiles: country names at their poles, wrapped, spaced and turned as placed; street names repeated along their lines; names along countries\' borders', async () => {
  const { page, problems } = await open('tiles', { center: [14, 50], zoom: 4.3 });
  await areasAndCopies(page, 'tiles', { areas: 'country-names#', lines: 'street-names#', zoom: 17.2, letterSpacing: true });
  // `symbol-placement: line` on polygons: a layer of the countries added now and taken over by a
  // second attach(); each shown name lies along its country's border (the fixture's rings).
  const rings = await page.evaluate(async () => {
    const { attach } = await import('@declutter/maplibre');
    const { pointAlong } = await import('@declutter/core');
    map.jumpTo({ center: [14, 50], zoom: 4.3 });
    map.addLayer({ id: 'country-rings', type: 'symbol', source: 'countries', 'source-layer': 'countries',
      layout: { 'symbol-placement': 'line', 'symbol-spacing': 200, 'text-field': ['get', 'name'], 'text-size': 11, 'text-font': ['DejaVu Sans Book'] } });
    const d = await attach(map, { layers: ['country-rings'] });
    const c = d.controller;
    const t0 = performance.now();
    const settled = () => map.loaded() && !d.pending && c.last && !c.fading;
    await new Promise((resolve) => { const wait = () => (settled() || performance.now() - t0 > 20000 ? resolve() : setTimeout(wait, 100)); wait(); });
    if (!settled()) return { stuck: [map.loaded(), d.pending, !!c.last, c.fading] };
    const f = c.engine.views();
    const shown = [];
    c.store.slots.forEach((s, i) => {
      if (!s.live || !f.visible[i]) return;
      const { x, y } = pointAlong(s.spec.path, s.spec.pathOffset);
      const at = [x, y];
      shown.push({ key: s.key, at, glyphs: !!c.engine.glyphs(i) });
    });
    const out = { labels: c.store.slots.filter((s) => s.live).length, shown, zoom: c.last.camera.zoom };
    d.detach();
    return out;
  });
  assert.equal(rings.stuck, undefined, 'the second attach() settles within 20 s');
  const countries = JSON.parse(await readFile(join(ROOT, 'fixtures/geojson/ne-countries-europe.geojson'), 'utf8'));
  const world = ([lon, lat]) => {
    const s = Math.sin((lat * Math.PI) / 180);
    return [((lon + 180) / 360) * 256, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * 256];
  };
  const px = 2 ** rings.zoom;
  let worst = 0;
  for (const { key, at, glyphs } of rings.shown) {
    assert.ok(key.startsWith('country-rings#') && key.includes('@') && glyphs, `a name along a ring, laid glyph by glyph: ${key}`);
    const g = countries.features.find((c) => String(c.id) === key.slice('country-rings#'.length).split('@')[0]).geometry;
    const ringsOf = g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
    let best = Infinity;
    for (const ring of ringsOf) {
      const r = ring.map(world);
      for (let k = 0; k + 1 < r.length; k++) {
        const [[ax, ay], [bx, by]] = [r[k], r[k + 1]];
        const t = Math.max(0, Math.min(1, ((at[0] - ax) * (bx - ax) + (at[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2 || 1)));
        best = Math.min(best, Math.hypot(at[0] - ax - t * (bx - ax), at[1] - ay - t * (by - ay)) * px);
      }
    }
    worst = Math.max(worst, best);
  }
  console.log(`# tiles: ${rings.labels} names along countries' borders, ${rings.shown.length} shown, each within ${worst.toFixed(2)} px of its country's border`);
  assert.ok(rings.shown.length >= 10, `names along borders are shown: ${rings.shown.length}`);
  assert.ok(worst <= 2, `each on its country's border (the tiles simplify it): ${worst} px`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('query, hover events, the debug view, the device pixel ratio', async () => {
  const { page, problems } = await open('tiles', { center: [16.372, 48.208], zoom: 14.2 }, { width: 1000, height: 700, dpr: 2 });
  const size = await page.evaluate(() => {
    const c = document.querySelector('canvas.declutter-overlay');
    return [c.width, c.height, c.clientWidth, c.clientHeight];
  });
  assert.deepEqual(size, [2000, 1400, 1000, 700], 'the overlay is drawn at the device pixel ratio');
  // Icons: a shown place's icon (the style image 'dot', 8 px) is placed with its text and drawn.
  const icons = await page.evaluate(() => {
    const d = window.declutter.controller;
    const f = d.engine.views();
    const shown = d.store.slots.flatMap((s, i) => (s.live && s.spec.icon && f.visible[i] ? [[i, f.parts[i]]] : []));
    const drawn = d.record.frames.at(-1).drawn;
    let iconBoxes = 0;
    for (let k = 0; k < drawn.length; k += 7) if (drawn[k + 3] === 4 && drawn[k + 4] === 4) iconBoxes++;
    return { shown, iconBoxes };
  });
  assert.ok(icons.shown.length > 0 && icons.shown.every(([, parts]) => parts === 1), `places show text and icon: ${JSON.stringify(icons.shown)}`);
  assert.equal(icons.iconBoxes, icons.shown.length, 'each shown place\'s icon is drawn');
  // A hidden label and its box's centre.
  const target = await page.evaluate(() => {
    const d = window.declutter.controller;
    const f = d.engine.views();
    const hidden = [];
    for (let i = 0; i < f.count; i++) if (d.store.slots[i].live && f.visible[i] === 0 && f.blocker[i] === 1) hidden.push(i);
    const b = d.engine.boxes();
    const i = hidden.find((k) => !Number.isNaN(b.cx[k]) && b.cx[k] > 20 && b.cy[k] > 20 && b.cx[k] < 980 && b.cy[k] < 680);
    return i === undefined ? null : { i, x: b.cx[i], y: b.cy[i], key: d.store.slots[i].key, by: d.store.slots[f.hiddenBy[i]].key };
  });
  assert.ok(target, 'some label is hidden by another');
  const hits = await page.evaluate((t) => window.declutter.query({ x: t.x, y: t.y }), target);
  const hit = hits.find((h) => h.key === target.key);
  assert.ok(hit, 'the query finds the hidden label');
  assert.equal(hit.shown, false);
  assert.equal(hit.reason, 'collision');
  assert.equal(hit.hiddenBy.key, target.by, 'and names the label that hid it');
  await page.evaluate(() => {
    window.hovered = [];
    map.on('declutter.hover', (e) => window.hovered.push(e.labels.map((l) => l.key)));
  });
  await page.mouse.move(target.x, target.y);
  await page.waitForFunction(() => window.hovered.length > 0);
  assert.ok((await page.evaluate(() => window.hovered.at(-1))).includes(target.key), 'the hover event names it');
  const drawnBefore = await page.evaluate(() => window.declutter.controller.record.frames.length);
  await page.evaluate(() => { window.declutter.debug = true; });
  await page.waitForFunction((n) => window.declutter.controller.record.frames.length > n, drawnBefore);
  const colours = await page.evaluate(() => {
    const c = document.querySelector('canvas.declutter-overlay');
    const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let green = 0;
    let red = 0;
    for (let k = 0; k < px.length; k += 4) {
      if (px[k + 1] > 120 && px[k] < 60 && px[k + 3] > 100) green++;
      if (px[k] > 180 && px[k + 1] < 60 && px[k + 3] > 100) red++;
    }
    return { green, red };
  });
  assert.ok(colours.green > 100 && colours.red > 100, `the debug view draws shown and hidden boxes: ${JSON.stringify(colours)}`);
  await page.screenshot({ path: join(results, 'maplibre-debug.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('padding: the centre of perspective moved, labels drawn where MapLibre puts them', async () => {
  // MapLibre moves the centre of perspective to the padded area's centre (an off-axis
  // frustum); the package gives the engine that offset, its viewport the canvas.
  const { page, problems } = await open('tiles', { center: [10, 50], zoom: 4.2, bearing: 25, pitch: 50 });
  const { step, worst } = cameraPath(page, 'MapLibre');
  await step('padding left and top', () => page.evaluate(() => map.setPadding({ left: 360, top: 150, right: 0, bottom: 40 })));
  await step('padding right, turned', () => page.evaluate(() => map.jumpTo({ padding: { left: 0, top: 0, right: 300, bottom: 120 }, bearing: -30 })));
  // Every shown label's box meets the canvas, so none beyond it hides one on it; and which
  // labels on the canvas a label wholly beyond it hides (none: it is off screen and blocks
  // nothing).
  const { offset, shown, beyond, hiddenByBeyond } = await page.evaluate(() => {
    const d = window.declutter.controller;
    const f = d.engine.views();
    const b = d.engine.boxes();
    const { width, height } = d.last.camera;
    // A label's text box (`boxes()`), or its icon (centred on the anchor; the reach of a
    // twice-scaled one), meets the canvas.
    const meets = (i) => {
      const ex = Math.abs(b.ux[i]) * b.hx[i] + Math.abs(b.uy[i]) * b.hy[i];
      const ey = Math.abs(b.uy[i]) * b.hx[i] + Math.abs(b.ux[i]) * b.hy[i];
      const icon = d.store.slots[i].spec.icon;
      const r = icon ? Math.max(icon.width, icon.height) : -Infinity;
      const [x, y] = [f.pose.x[i], f.pose.y[i]];
      return (b.cx[i] + ex > 0 && b.cx[i] - ex < width && b.cy[i] + ey > 0 && b.cy[i] - ey < height)
        || (x + r > 0 && x - r < width && y + r > 0 && y - r < height);
    };
    const live = (i) => d.store.slots[i].live;
    const out = { offset: d.last.camera.centerOffset, shown: 0, beyond: [], hiddenByBeyond: [] };
    for (let i = 0; i < f.count; i++) {
      if (!live(i) || !f.visible[i]) continue;
      if (!d.store.slots[i].spec.path) out.shown++;
      if (!meets(i)) out.beyond.push(d.store.slots[i].key);
    }
    for (let i = 0; i < f.count; i++) {
      if (live(i) && !f.visible[i] && f.reason[i] === 1 && !Number.isNaN(b.cx[i]) && meets(i) && f.blocker[i] === 1 && !meets(f.hiddenBy[i])) {
        out.hiddenByBeyond.push(`${d.store.slots[i].key} by ${d.store.slots[f.hiddenBy[i]].key}`);
      }
    }
    return out;
  });
  // Padding right 300, bottom 120: the centre 150 px left of and 60 px above the canvas's.
  assert.deepEqual(offset, [-150, -60], 'the centre of perspective\'s offset');
  assert.ok(shown > 20, `point labels shown: ${shown}`);
  assert.deepEqual(beyond, [], 'no label shown beyond the canvas');
  assert.deepEqual(hiddenByBeyond, [], 'no label on the canvas hidden by one beyond it');
  // A shown label is found where it is drawn on the map.
  const hit = await page.evaluate(() => {
    const d = window.declutter.controller;
    const f = d.engine.views();
    const i = d.store.slots.findIndex((s, k) => s.live && !s.spec.path && f.visible[k] && f.pose.x[k] > 50 && f.pose.x[k] < 1000);
    const key = d.store.slots[i].key;
    const b = d.engine.boxes();
    return { key, found: window.declutter.query({ x: b.cx[i], y: b.cy[i] }).map((l) => l.key) };
  });
  assert.ok(hit.found.includes(hit.key), `the query at its drawn box finds it: ${JSON.stringify(hit)}`);
  const checked = await checkRecord(page, 'padding');
  console.log(`# padding: ${checked.frames} frames, ${shown} point labels shown, drawn ≤ ${worst().toExponential(2)} px from MapLibre's projection; decisions as replayed`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('placement time with about 1,000 labels in view at 1920×1080', async () => {
  // DECLUTTER_COLD=1: attached with `warmUp: false`, as before the controller compiled the
  // engine's code first (the test then fails on the frames that compiled it).
  const cold = process.env.DECLUTTER_COLD ? { cold: '' } : {};
  const { page, problems } = await open('geojson', { center: [12, 50], zoom: 2.6 }, { width: 1920, height: 1080 }, true, cold);
  // DECLUTTER_PIN=1: the page's thread alone on one core, Chromium's other threads on the other
  // (DECLUTTER_PIN=nice: the page's thread at nice −20 instead; test/frametime.mjs).
  const pinned = process.env.DECLUTTER_PIN ? pinChromium(process.env.DECLUTTER_PIN) : null;
  if (pinned) console.log(`# pinned (${process.env.DECLUTTER_PIN}): ${pinned.main.length} renderer main thread(s), ${pinned.others} other Chromium threads`);
  if (pinned) assert.ok(pinned.main.length >= 1, 'the page\'s renderer found and pinned');
  // The map moved (turning, tilting, zooming over Europe's 981 places) and drawn synchronously
  // (map.redraw) frame after frame: 60 frames to warm up (WebAssembly tiers up), then 240
  // measured. The time is the controller's (`place`: the clock read around the engine's call,
  // nothing else inside). Just before each placement, at the same spot, two controls are timed
  // the same way: a fixed tiny WebAssembly call (the clock's floor) and a fixed piece of
  // JavaScript work as long as a placement (what waiting for a core adds to any 0.3 ms of work on
  // this page). The test also keeps what the engine did, traces V8's WebAssembly and GC events
  // and replays the frames (test/frametime.mjs). Each frame's WebGL (SwiftShader: on the same
  // two cores) is finished before the next frame, outside the timing.
  const browser = page.context().browser();
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const out = await page.evaluate((marked) => {
    const d = window.declutter.controller;
    const e = d.engine;
    const { place } = d;
    const tiny = e.exports.dc_output_len;
    // The fixed work: n steps of a dependent floating-point chain.
    let sink = 0;
    const spin = (n) => { let x = 1; for (let i = 0; i < n; i++) x = x * 1.0000001 + 1e-9; sink += x; };
    let n = 10000;
    const controls = { tiny: [], fixed: [] };
    const spans = []; // each measured placement's start and end, ms
    let k = 0;
    // During the warm-up the fixed work is sized, at this spot, to the placement's median there.
    const warm = { spin: [], place: [] };
    const median = (list) => list.slice().sort((a, b) => a - b)[list.length >> 1];
    d.place = function controlled(camera, now) {
      let t0 = performance.now();
      tiny();
      const tinyMs = performance.now() - t0;
      t0 = performance.now();
      spin(n);
      const fixedMs = performance.now() - t0;
      if (k >= 60) {
        controls.tiny.push(tinyMs);
        controls.fixed.push(fixedMs);
        if (marked) performance.mark(`place${k - 60}`);
      }
      const r = place.call(this, camera, now);
      if (k >= 60) {
        if (marked) performance.mark(`placed${k - 60}`);
        spans.push(...this.span);
      } else if (k >= 20) {
        warm.spin.push(fixedMs / n);
        warm.place.push(this.times.at(-1));
        const step = median(warm.spin); // 0 while the clock is too coarse to see n steps
        n = step > 0 ? Math.min(1e8, Math.max(1, Math.round(median(warm.place) / step))) : Math.min(1e8, 2 * n);
      }
      return r;
    };
    // With marks, also the time inside the WebAssembly call (two more clock readings inside the
    // placement).
    let wasm = 0;
    if (marked) {
      const { check } = e;
      e.check = function timed(name, ...args) {
        const t0 = performance.now();
        const r = check.call(this, name, ...args);
        if (name === 'dc_place_frame') wasm = performance.now() - t0;
        return r;
      };
    }
    const mark = performance.mark('calibrate').startTime;
    const gl = map.painter.context.gl;
    const frames = [];
    let start = 0;
    for (; k < 300; k++) {
      if (k === 60) {
        d.times.length = 0;
        start = d.record.frames.length;
      }
      const s = (k % 240) / 240;
      map.jumpTo({ center: [12 + 4 * s, 50 - 2 * s], zoom: 2.6 + 0.6 * Math.sin(6 * s), bearing: 60 * s, pitch: 45 * Math.sin(3 * s) ** 2 });
      const [bytes, commits] = [e.memory.buffer.byteLength, d.record.commits.length];
      map.redraw();
      gl.finish(); // the map's WebGL drawn (in software, on the same cores) before the next frame
      if (k < 60) continue;
      const st = e.views().stats;
      frames.push({
        k: k - 60, ms: d.times[k - 60], tinyMs: controls.tiny[k - 60], fixedMs: controls.fixed[k - 60], ...(marked ? { wasmMs: wasm } : {}),
        full: st.kind === 0, placedNow: st.placedNow, flips: st.flips,
        inView: st.inView, committed: d.record.commits.length > commits, grewKiB: (e.memory.buffer.byteLength - bytes) / 1024,
      });
    }
    delete e.check;
    delete d.place;
    const inView = frames.map((f) => f.inView).sort((a, b) => a - b);
    return {
      times: d.placementTimes(), inViewMedian: inView[inView.length >> 1], frames, start, end: d.record.frames.length, spans, mark,
      isolated: window.crossOriginIsolated, steps: n, sink,
    };
  }, !!process.env.DECLUTTER_ATTRIBUTE);
  const traced = await browser.stopTracing();
  if (process.env.DECLUTTER_TRACE) await writeFile(process.env.DECLUTTER_TRACE, traced);
  const trace = traceByFrame(traced, out.spans, out.mark);
  const { best: work, differ } = await replayInPage(page, out.start, out.end);
  assert.deepEqual(differ, [], 'the replays decide as the map did');
  const { p50, p99 } = out.times;
  const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ');
  const q = (key, p) => quantile(out.frames.map((f) => f[key]), p);
  const control = {
    tiny: { p50: q('tinyMs', 0.5), p99: q('tinyMs', 0.99) },
    fixed: { p50: q('fixedMs', 0.5), p99: q('fixedMs', 0.99), steps: out.steps },
  };
  console.log(`# placement per frame, 1920×1080, ${out.inViewMedian} labels in view (median): p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms over ${out.times.frames} frames (load average ${load}${pinned ? `, DECLUTTER_PIN=${process.env.DECLUTTER_PIN}` : ''})`);
  console.log(`# controls in the same frames, timed the same way just before each placement: a tiny WebAssembly call p50 ${control.tiny.p50.toFixed(3)} ms, p99 ${control.tiny.p99.toFixed(3)} ms; `
    + `fixed JavaScript work p50 ${control.fixed.p50.toFixed(2)} ms, p99 ${control.fixed.p99.toFixed(2)} ms`);
  // Each frame over the 2-ms target, attributed.
  const frames = out.frames.map((f, k) => ({ ...f, ...trace[k], workMs: work[k], cause: causeOf({ ...f, ...trace[k], workMs: work[k] }) }));
  const slow = frames.filter((f) => f.ms > 2).sort((a, b) => b.ms - a.ms);
  const counts = new Map();
  for (const f of slow) counts.set(f.cause, (counts.get(f.cause) ?? 0) + 1);
  const causes = [...counts].map(([c, n]) => `${n} ${c}`).join(', ');
  console.log(`# the work per frame (fastest of 3 identical replays in the page): p50 ${quantile(work, 0.5).toFixed(2)} ms, p99 ${quantile(work, 0.99).toFixed(2)} ms, max ${Math.max(...work).toFixed(2)} ms; `
    + `frames over 2 ms on the map: ${slow.length}${slow.length ? ` (${causes})` : ''}; fixed-work controls over 2 ms: ${frames.filter((f) => f.fixedMs > 2).length}`);
  if (process.env.DECLUTTER_ATTRIBUTE) for (const f of slow) console.log(`#   ${JSON.stringify(f, (key, v) => (typeof v === 'number' ? Number(v.toFixed(3)) : v))}`);
  await writeFile(join(results, 'maplibre-times.json'), `${JSON.stringify({
    p50, p99, work: { p50: quantile(work, 0.5), p99: quantile(work, 0.99) }, control, inViewMedian: out.inViewMedian, load, pinned: !!pinned, frames,
  }, null, 1)}\n`);
  assert.ok(out.isolated, 'the page is cross-origin isolated (its clock reads to 5 µs)');
  assert.ok(out.inViewMedian >= 900 && out.inViewMedian <= 1100, `about 1,000 labels in view: ${out.inViewMedian}`);
  assert.equal(out.times.frames, 240, 'one placement per drawn frame');
  assert.equal(out.end - out.start, 240, 'one recorded frame per drawn frame');
  assert.ok(out.frames.every((f) => f.tinyMs >= 0 && f.fixedMs > 0), 'both controls timed in every frame');
  // No engine code compiled on the page's thread while measured: the controller compiled it
  // before the map's first frame (web/core/warm.js).
  assert.deepEqual(frames.filter((f) => f.compiled).map((f) => [f.k, f.compiled]), [], 'frames that compiled engine code');
  // The engine's work per frame within the 2-ms target, however loaded the machine.
  assert.ok(quantile(work, 0.99) <= 2, `the work's p99 ${quantile(work, 0.99)} ms within 2 ms`);
  // The time on the map includes waiting for a core (the fixed-work control shows how much on
  // this machine now): a loaded machine misses the target by that alone, so it is enforced with
  // DECLUTTER_P99_MS=2 and printed otherwise.
  const budget = Number(process.env.DECLUTTER_P99_MS ?? 50);
  assert.ok(p99 <= budget, `p99 ${p99} ms within ${budget} ms`);
  assert.deepEqual(problems, []);
  await page.close();
});
