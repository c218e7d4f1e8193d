// What both map packages' browser tests do with a page: open it (its problems collected),
// wait until it is still, read its decisions, check its record. A test page defines
// `window.idle()` (tiles loaded, the camera still) and `window.project(lon, lat)` (the map's
// own projection, CSS px) beside `window.declutter` (the attach() result).
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, openPage, ROOT, serve } from './server.mjs';
import { makeTiles } from './tiles.mjs';

export const RESULTS = join(ROOT, 'web', 'test-results');

// The test file's hooks: tiles made, the repository served, Chromium launched (and closed after).
// Returns `open(source, camera, viewport?, record?)` for the page web/test/pages/<name>.html.
export function testPages(name) {
  let server;
  let browser;
  before(async () => {
    makeTiles();
    await mkdir(RESULTS, { recursive: true });
    server = await serve();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });
  return (source, camera, viewport, record, query) => open(browser,
    `http://127.0.0.1:${server.address().port}/web/test/pages/${name}.html`, { source, camera, viewport, record, query });
}
import { overlapsIn, plainDecisions, replay } from './check.mjs';

export async function open(browser, url, { source, camera, viewport = { width: 1280, height: 720 }, record = true, query = {} }) {
  const problems = [];
  const page = await openPage(browser, viewport, problems);
  const q = new URLSearchParams({ source, camera: JSON.stringify(camera), ...(record ? { record: '' } : {}), ...query });
  await page.goto(`${url}?${q}`);
  await page.waitForFunction(() => window.ready === true, null, { timeout: 60000 });
  await settle(page);
  return { page, problems };
}

// Until the map is idle, the package has read what changed, and no label is fading. Two frames
// first: a jump's sources start loading in the map's next render (OpenLayers loads a layer's
// GeoJSON when it first comes into its zoom range), and the map is idle until then.
export async function settle(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(() => {
    const d = window.declutter.controller;
    return window.idle() && d.last && !d.fading && !window.declutter.pending;
  }, null, { timeout: 60000, polling: 100 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// Shown point labels: the engine's anchor (where the package drew it) against the map's own
// projection of the feature, px.
export function projectionError(page) {
  return page.evaluate(() => {
    const d = window.declutter.controller;
    const f = d.engine.views();
    let worst = 0;
    let n = 0;
    d.store.slots.forEach((s, i) => {
      if (!s.live || s.spec.path || !f.visible[i]) return;
      const lon = (s.spec.x / 256) * 360 - 180;
      const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * s.spec.y) / 256))) * 180) / Math.PI;
      const [x, y] = window.project(lon, lat);
      worst = Math.max(worst, Math.hypot(x - f.pose.x[i], y - f.pose.y[i]));
      n++;
    });
    return { worst, n };
  });
}

// Every recorded frame: no two shown labels' drawn boxes overlap, and the decisions are the
// engine's, replayed in node.
export async function checkRecord(page, name) {
  const record = await page.evaluate(() => window.declutter.controller.record);
  let boxes = 0;
  for (const [k, frame] of record.frames.entries()) {
    assert.deepEqual(overlapsIn(frame.drawn), [], `${name}: frame ${k}: drawn labels overlap`);
    boxes += frame.drawn.length / 7;
  }
  const differs = await replay(record);
  assert.equal(differs, null, `${name}: the page's decisions differ from the engine's replayed in node`);
  return { frames: record.frames.length, boxes, commits: record.commits.length };
}

// A tile reload: from `start` out to each zoom of `away` and back; no label may be lost, and the
// labels back in view are the same labels, in the same order: the plain placement of them
// (`plainDecisions`) changes no decision. The page's engine holds them again (`heldByEngine`).
// (The page's own engine decides each frame as the engine does, `checkRecord`; with its
// memory, its decisions at rest depend on the order the tiles arrived in too.) Returns what it
// saw (for the test's printout).
export async function reload(page, start, away, liveOf) {
  const before = await plainDecisions(page);
  const shown = Object.values(before).filter(([visible]) => visible).length;
  assert.ok(shown > 20, `labels are shown: ${shown}`);
  const seen = [];
  for (const zoom of away) {
    await page.evaluate((z) => window.jump({ zoom: z }), zoom);
    await settle(page);
    seen.push(await page.evaluate(liveOf));
  }
  await page.evaluate((c) => window.jump(c), start);
  await settle(page);
  const again = await plainDecisions(page);
  const lost = Object.keys(before).filter((k) => !(k in again));
  assert.deepEqual(lost, [], 'no label is lost');
  const changed = Object.keys(before).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(again[k]));
  assert.deepEqual(changed.map((k) => [k, before[k], again[k]]), [], 'no decision changed');
  await heldByEngine(page);
  return { labels: Object.keys(before).length, shown, seen };
}

// At rest, the page's engine holds the store's labels: the last label set the page gave its
// engine (the record's last commit; the packages commit a changed store just before they place
// a frame) is every slot's labels as the store has them now, reloaded tiles' labels live, not
// the ghosts they left, and the engine's last frame has one decision per slot. `checkRecord`
// replays the record's commits and frames on a fresh engine and checks that the page's
// decisions are the replay's, so together what the page's engine shows is the engine's
// placement of the store's labels. A controller that skipped the commit after a reload fails
// here; `plainDecisions` places the store's labels, not the engine's, and cannot see it.
async function heldByEngine(page) {
  const held = await page.evaluate(() => {
    const { record, store, engine } = window.declutter.controller;
    const last = record.commits.length - 1;
    const given = record.commits[last];
    const now = store.engineLabels();
    return {
      count: engine.views().count, slots: store.slots.length,
      order: given.keys.length === now.length && given.keys.every((k, i) => k === store.slots[i].key),
      stale: now.flatMap((l, i) => (JSON.stringify(l) === JSON.stringify(given.labels[i]) ? [] : [store.slots[i].key])),
    };
  });
  assert.ok(held.order, 'the engine holds the store\'s slots, in order');
  assert.deepEqual(held.stale, [], 'the engine holds every slot\'s labels as the store has them (reloaded tiles live again)');
  assert.equal(held.count, held.slots, 'the engine\'s last frame decided every slot');
}

// A camera path: each step acted (keys, mouse), then waited for, then the shown point labels
// checked against the map's own projection. `drag` and `wheelOut` are the mouse steps both
// maps take. Returns the steps and the worst projection error seen.
export function cameraPath(page, mapName) {
  const errors = [];
  const step = async (name, act) => {
    await act();
    await settle(page);
    const p = await projectionError(page);
    errors.push(p.worst);
    assert.ok(p.worst < 0.05, `${name}: point labels drawn ${p.worst} px from where ${mapName} puts them`);
  };
  const drag = () => step('drag', async () => {
    await page.mouse.move(700, 400);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++) await page.mouse.move(700 - 25 * k, 400 - 12 * k);
    await page.mouse.up();
  });
  const wheelOut = (clicks, pauseMs) => step('wheel out across tile levels', async () => {
    await page.mouse.move(640, 360);
    for (let k = 0; k < clicks; k++) { await page.mouse.wheel(0, 120); await page.waitForTimeout(pauseMs); }
  });
  return { step, drag, wheelOut, worst: () => Math.max(...errors) };
}

// The area names and the copies of line names of a page showing Europe's countries (keys
// `areas…`) and Vienna's streets (keys `lines…`, a copy every 120 px): from the camera it is
// at, the country names sit inside their countries and every line of their drawn texts inside
// the box the engine placed (wrapped, turned, letter-spaced when `letterSpacing`); then over
// Vienna at `zoom`, long streets carry their name several times, as many as their length
// asks; every frame checked (`checkRecord`).
export async function areasAndCopies(page, source, { areas: areaPrefix, lines, zoom, letterSpacing }) {
  const countries = JSON.parse(await readFile(join(ROOT, 'fixtures/geojson/ne-countries-europe.geojson'), 'utf8'));
  const areas = await page.evaluate(areaCheck, { features: countries.features, prefix: areaPrefix });
  console.log(`# ${source}: ${areas.live} country names, each at a point inside its country; ${areas.lines} lines drawn of ${areas.drawn} names (${areas.wrapped} in lines, ${areas.turned} turned), every line inside its placed box`);
  assert.ok(areas.live >= 30 && areas.drawn >= 10, `country names are placed and drawn: ${JSON.stringify(areas)}`);
  assert.deepEqual(areas.outside, [], 'every country name lies inside its country');
  assert.ok(areas.wrapped >= 2 && areas.turned >= 1, `names drawn in several lines, turned: ${JSON.stringify(areas)}`);
  assert.deepEqual(areas.stray, [], 'every drawn line lies in its label\'s placed box, turned with it');
  if (letterSpacing) assert.deepEqual(areas.unspaced, [], 'lines are drawn with their letter spacing');
  await page.evaluate((z) => window.jump({ center: [16.3725, 48.2083], zoom: z }), zoom);
  await settle(page);
  const copies = await page.evaluate(copyCheck, { spacing: 120, prefix: lines });
  console.log(`# ${source}: ${copies.streets} streets, ${copies.copies} names along them (${copies.repeated} streets with 2 or more, ${copies.shownTwice} shown twice or more)`);
  assert.ok(copies.repeated >= 10 && copies.shownTwice >= 3, `long streets carry their name several times: ${JSON.stringify(copies)}`);
  assert.deepEqual(copies.wrong, [], 'the copies at k/m of the line (m the power of two nearest length ÷ spacing), in order along it');
  // Out across a whole zoom level: the copies are laid out again, and a copy shown on both sides
  // of the crossing is the same label at the same spot, opaque in every frame (no fade-in).
  const before = await page.evaluate(copySpots, lines);
  await page.evaluate((z) => window.jump({ zoom: z }), Math.floor(zoom) - 0.2);
  await settle(page);
  const across = await page.evaluate(crossCheck, { before, now: await page.evaluate(copySpots, lines) });
  console.log(`# ${source}: out across a whole zoom level: ${across.shownBefore} copies shown before, ${across.kept} of them shown after at the same spot (within ${across.worst.toFixed(2)} px) and ${across.slid} slid off a bend, none faded`);
  assert.ok(across.kept >= 10, `shown copies stay: ${JSON.stringify(across)}`);
  assert.deepEqual(across.moved, [], 'a copy shown before and after is at the same spot');
  assert.deepEqual(across.faded, [], 'a copy shown before and after stays opaque');
  const checked = await checkRecord(page, `${source} areas and copies`);
  assert.ok(checked.frames >= 2);
}

// In the page: the live area names (keys `prefix…`) against their countries (the fixture's
// polygons), and the last frame's drawn lines against the engine's boxes.
function areaCheck({ features, prefix }) {
  const d = window.declutter.controller;
  const world = (lon, lat) => {
    const s = Math.sin((lat * Math.PI) / 180);
    return [((lon + 180) / 360) * 256, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * 256];
  };
  const inRing = (ring, x, y) => {
    let inside = false;
    for (let k = 0, j = ring.length - 1; k < ring.length; j = k++) {
      const [xi, yi] = world(...ring[k]);
      const [xj, yj] = world(...ring[j]);
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  const byId = new Map(features.map((f) => [f.id, f]));
  const out = { live: 0, outside: [], drawn: 0, lines: 0, wrapped: 0, turned: 0, stray: [], unspaced: [] };
  d.store.slots.forEach((s) => {
    if (!s.live || !s.key.startsWith(prefix)) return;
    out.live++;
    const g = byId.get(Number(s.key.slice(prefix.length))).geometry;
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    if (!polygons.some(([outer, ...holes]) => inRing(outer, s.spec.x, s.spec.y) && !holes.some((h) => inRing(h, s.spec.x, s.spec.y)))) out.outside.push(s.key);
  });
  const frame = d.record.frames.at(-1);
  const b = d.engine.boxes();
  const byLabel = new Map();
  for (let k = 0; k < frame.lines.length; k += 7) {
    const i = frame.lines[k];
    if (!byLabel.has(i)) byLabel.set(i, []);
    byLabel.get(i).push(frame.lines.slice(k + 1, k + 7));
  }
  const measure = document.createElement('canvas').getContext('2d');
  for (const [i, lines] of byLabel) {
    const spec = d.store.slots[i].spec;
    if (!d.store.slots[i].key.startsWith(prefix)) continue;
    out.drawn++;
    out.lines += lines.length;
    if (lines.length > 1) out.wrapped++;
    if (Math.abs(b.uy[i]) > 0.3) out.turned++;
    for (const [cx, cy, hx, hy, cos, sin] of lines) {
      // The line's corners in the engine's box (its frame: ux, uy), to a hundredth of a px.
      const corners = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([sx, sy]) => [cx + sx * hx * cos - sy * hy * sin, cy + sx * hx * sin + sy * hy * cos]);
      const inside = corners.every(([x, y]) => {
        const dx = x - b.cx[i];
        const dy = y - b.cy[i];
        return Math.abs(dx * b.ux[i] + dy * b.uy[i]) <= b.hx[i] + 0.01 && Math.abs(-dx * b.uy[i] + dy * b.ux[i]) <= b.hy[i] + 0.01;
      });
      if (!inside || Math.abs(cos - b.ux[i]) > 1e-6 || Math.abs(sin - b.uy[i]) > 1e-6) out.stray.push(d.store.slots[i].key);
    }
    measure.font = spec.style.font;
    const bare = spec.style.lines.map((l) => measure.measureText(l.text).width);
    if (spec.style.letterSpacing <= 0 || !spec.style.lines.every((l, k) => l.width > bare[k] + 0.9 * spec.style.letterSpacing * (l.text.length - 1))) out.unspaced.push(d.store.slots[i].key);
  }
  return out;
}

// In the page: each live copy of a street's name (keys `prefix…@…`): its world position (the
// middle of its text on its line), whether it is shown and opaque; and the last frame's number.
async function copySpots(prefix) {
  const { lineLength, pointAlong } = await import('@declutter/core');
  const d = window.declutter.controller;
  const frames = d.record.frames;
  const last = frames.at(-1);
  const out = { frame: frames.length - 1, copies: {} };
  d.store.slots.forEach((s, i) => {
    if (!s.live || !s.key.startsWith(prefix) || s.spec.pathOffset === undefined) return;
    const p = s.spec.path;
    const { x, y } = pointAlong(p, s.spec.pathOffset);
    const at = [x, y];
    const length = lineLength(p);
    // Slid off a bend: not at the fraction of its line its key names (`@f`).
    const slid = Math.abs(s.spec.pathOffset - Number(s.key.split('@')[1]) * length) > 1e-9 * length;
    out.copies[s.key] = { at, index: i, slid, opaque: last.visible[i] === 1 && last.opacityBits[i] === 0x3f800000 };
  });
  return out;
}

// In the page, after a zoom across a whole level: the copies shown and opaque `before`
// (copySpots) that are shown `now` (copySpots again): each must be opaque in every frame since,
// and — unless slid off a bend on either side (`slid` counts those) — at its spot (within 2 px:
// the tiles of the new level quantise the line anew); no other copy may have taken its spot.
// `kept` counts the copies at their spots.
function crossCheck({ before, now }) {
  const d = window.declutter.controller;
  const frames = d.record.frames.slice(before.frame + 1);
  const px = 2 ** d.last.camera.zoom; // screen px per world px (the world 256 px wide at zoom 0)
  const out = { shownBefore: 0, kept: 0, slid: 0, worst: 0, moved: [], faded: [] };
  for (const [key, b] of Object.entries(before.copies)) {
    if (!b.opaque) continue;
    out.shownBefore++;
    const a = now.copies[key];
    const shown = a && frames.at(-1).visible[a.index] === 1;
    // A copy shown now at its spot, or — the key lost — another copy of the street there.
    const street = key.split('@')[0];
    const distance = (c) => Math.hypot(c.at[0] - b.at[0], c.at[1] - b.at[1]) * px;
    const there = Object.entries(now.copies).find(([k, c]) => k.startsWith(`${street}@`) && distance(c) <= 2);
    if (there && there[0] !== key) { out.moved.push([key, 'now', there[0]]); continue; }
    if (!shown) continue; // left with the copies of the level above, or hidden now
    // A copy slid off a bend slides by sixteenths of the distance between copies, which halves
    // in world px at each level: its key and fade stay, its spot moves along the line.
    if (a.slid || b.slid) out.slid++;
    else if (!there) { out.moved.push([key, 'by', distance(a)]); continue; } else {
      out.kept++;
      out.worst = Math.max(out.worst, distance(a));
    }
    // On failure: per frame since, [visible, reason, opacity].
    if (frames.some((f) => f.visible[a.index] !== 1 || f.opacityBits[a.index] !== 0x3f800000)) out.faded.push([key, frames.map((f) => [f.visible[a.index], f.reason[a.index], f.opacityBits[a.index]])]);
  }
  return out;
}

// In the page: the copies of each street's name (keys `prefix…@f`, f the fraction of the line it
// is at) against symbol-spacing: a street ℓ px long at the whole zoom read (and at least as long
// as its name) has m − 1 copies, m the power of two nearest ℓ / spacing (ℓ / m from spacing / √2
// to spacing · √2; at least 2), the k-th at k/m of the line (slid by at most half the distance
// between copies), in order.
function copyCheck({ spacing, prefix }) {
  const d = window.declutter.controller;
  const f = d.engine.views();
  const scale = 2 ** Math.floor(d.last.camera.zoom); // px per world px at the whole zoom read
  const streets = new Map();
  d.store.slots.forEach((s, i) => {
    if (!s.live || !s.key.startsWith(prefix)) return;
    const [key, at] = s.key.split('@');
    if (!streets.has(key)) streets.set(key, []);
    streets.get(key).push({ at: Number(at), spec: s.spec, shown: f.visible[i] === 1 });
  });
  const out = { streets: streets.size, copies: 0, repeated: 0, shownTwice: 0, wrong: [] };
  for (const [key, list] of streets) {
    list.sort((a, b) => a.at - b.at);
    const { path, width } = list[0].spec;
    let length = 0;
    for (let k = 0; k + 3 < path.length; k += 2) length += Math.hypot(path[k + 2] - path[k], path[k + 3] - path[k + 1]);
    const px = length * scale;
    let m = 2;
    while (px >= width && m * spacing * Math.SQRT2 <= px) m *= 2;
    const offsets = list.map((c) => c.spec.pathOffset);
    out.copies += list.length;
    if (list.length > 1) out.repeated++;
    if (list.filter((c) => c.shown).length > 1) out.shownTwice++;
    const placed = px < width || list.every((c, k) => c.at === (k + 1) / m
      && Math.abs(c.spec.pathOffset - c.at * length) <= length / m / 2 + 1e-9 && (k === 0 || offsets[k] > offsets[k - 1]));
    if (list.length !== m - 1 || !placed) out.wrong.push([key, list.length, m - 1, list.map((c) => [c.at, c.spec.pathOffset / length])]);
  }
  return out;
}
