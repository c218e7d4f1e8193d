// The demo page in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core):
// it loads with no console error, the scripted tour (pan, zoom, turn, tilt) runs, every frame
// is decided as by the native engine (expected.json from `web_scene`), the shown boxes of the
// checked frames do not overlap, the keys and the mouse move the map; symbols and texts along
// lines (test/symbols.mjs, test/paths.mjs) place in the page as in node; screenshots are saved.
// Frame times measured by the page are written to test-results/browser-times.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { overlappingPairs } from './sat.mjs';
import { EXPECTED } from './symbols.mjs';
import * as paths from './paths.mjs';

const crate = fileURLToPath(new URL('..', import.meta.url));
const root = normalize(join(crate, '..', '..'));
const results = join(crate, 'test-results');
const expected = JSON.parse(await readFile(join(crate, 'www/data/expected.json'), 'utf8'));
const checked = expected.frames.flatMap((f, k) => (f.ids ? [k] : []));

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json',
  '.wasm': 'application/wasm', '.ttf': 'font/ttf', '.png': 'image/png',
};

// The repository served on the loopback interface, as `python3 -m http.server` would.
function serve() {
  const server = createServer(async (request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
    if (!path.startsWith(root)) { response.writeHead(403).end(); return; }
    try {
      const body = await readFile(path);
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server;
let browser;
let page;
const problems = [];

before(async () => {
  await mkdir(results, { recursive: true });
  server = await serve();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
  page = await browser.newPage({ viewport: { width: expected.width, height: expected.height } });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  const { port } = server.address();
  await page.goto(`http://127.0.0.1:${port}/crates/label-wasm/www/index.html`);
  await page.waitForFunction(() => window.demo !== undefined, null, { timeout: 60_000 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('the page loads the labels and draws frames', async () => {
  assert.equal(await page.evaluate(() => window.demo.labels), 33539);
  await page.waitForFunction(() => /shown of/.test(document.getElementById('readout').textContent));
  assert.deepEqual(problems, []);
});

test('the scripted tour is decided exactly as by the native engine', async () => {
  const tour = await page.evaluate((check) => window.demo.runTour({ check, paced: false }), checked);
  assert.equal(tour.frames.length, expected.frames.length);
  tour.frames.forEach((frame, k) => {
    const want = expected.frames[k];
    assert.equal(frame.visible, want.visible, `frame ${k}: visible labels`);
    if (want.ids) {
      assert.deepEqual(frame.shown.map((s) => s.index), want.ids, `frame ${k}: visible ids`);
      assert.deepEqual(overlappingPairs(frame.shown), [], `frame ${k}: shown labels overlap`);
    }
    assert.equal(frame.digest, want.digest, `frame ${k}: digest`);
  });
  const sorted = [...tour.times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1];
  const drawing = [...tour.drawing].sort((a, b) => a - b);
  const times = {
    frames: sorted.length, p50_ms: at(0.5), p99_ms: at(0.99), max_ms: sorted[sorted.length - 1],
    draw_p50_ms: drawing[Math.ceil(drawing.length / 2) - 1],
  };
  await writeFile(join(results, 'browser-times.json'), `${JSON.stringify(times)}\n`);
  console.log(`browser placeFrame over the tour: ${JSON.stringify(times)}`);
  await page.screenshot({ path: join(results, 'tour-end.jpg'), quality: 85 });
  await page.click('#debug');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: join(results, 'debug.jpg'), quality: 85 });
  await page.click('#debug');
  assert.deepEqual(problems, []);
});

test('keys, buttons and the mouse move the map; the debug view draws', async () => {
  const readout = () => page.evaluate(() => document.getElementById('readout').textContent);
  const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.evaluate(() => window.demo.show({ zoom: 5.2, bearing: 0, pitch: 0, x: 139.6, y: 89.4 }));
  await page.keyboard.press('e');
  await page.keyboard.press('w');
  await page.keyboard.press('w');
  await settle();
  assert.match(await readout(), /bearing 15°\s+pitch 10°/);
  await page.mouse.move(640, 360);
  await page.mouse.wheel(0, -250);
  await settle();
  assert.match(await readout(), /zoom 5\.7/);
  const before = await page.evaluate(() => window.demo.camera());
  await page.mouse.down();
  await page.mouse.move(540, 300, { steps: 5 });
  await page.mouse.up();
  await settle();
  // Dragged up and left: the map's centre moves to what was down and right, east and south.
  const after = await page.evaluate(() => window.demo.camera());
  assert.ok(after.x > before.x && after.y > before.y, `drag: ${JSON.stringify([before, after])}`);
  await page.screenshot({ path: join(results, 'europe.jpg'), quality: 85 });
  await page.click('#debug');
  await page.click('#stability');
  await settle();
  assert.match(await readout(), /shown of/);
  assert.deepEqual(problems, []);
});

// Runs `place` of the scene module `test/<scene>` in the page, on the wrapper the page serves.
function placeInPage(scene, place) {
  return page.evaluate(async ([scene, place]) => {
    const declutter = await import('../js/declutter.js');
    const module = await import(`../test/${scene}`);
    return module[place](declutter, await declutter.loadModule());
  }, [scene, place]);
}

test('symbols and texts along lines through the JS API in the page', async () => {
  assert.deepEqual(await placeInPage('symbols.mjs', 'placeSymbols'), [EXPECTED, EXPECTED]);
  assert.deepEqual(await placeInPage('paths.mjs', 'placePaths'), paths.EXPECTED);
  assert.deepEqual(problems, []);
});

test('a page without a bundler: the guide\'s HTML file and ES module, as committed, work', async () => {
  // The guide (docs/web.md) shows the two files verbatim.
  const guide = await readFile(join(root, 'docs/web.md'), 'utf8');
  for (const file of ['index.html', 'main.js']) {
    const text = await readFile(join(crate, 'www/plain', file), 'utf8');
    assert.ok(guide.includes(text), `docs/web.md shows www/plain/${file} as it is`);
  }
  const plain = await browser.newPage();
  const errors = [];
  plain.on('pageerror', (e) => errors.push(e.message));
  plain.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const { port } = server.address();
  await plain.goto(`http://127.0.0.1:${port}/crates/label-wasm/www/plain/index.html`);
  await plain.waitForFunction(() => document.querySelector('#out').textContent !== 'placing…', null,
    { timeout: 30_000 });
  assert.equal(await plain.textContent('#out'), 'Wien: visible\nStephansplatz: collision\nSchönbrunn: visible');
  // A relative address given to loadModule resolves against the page, as fetch does.
  const message = await plain.evaluate(async () => {
    const { loadModule } = await import('../../js/declutter.js');
    return loadModule('missing.wasm').then(() => 'loaded', (e) => e.message);
  });
  assert.equal(message, `declutter: cannot load declutter.wasm from http://127.0.0.1:${port}/crates/label-wasm/www/plain/missing.wasm: HTTP 404 Not Found`);
  assert.deepEqual(errors.filter((e) => !e.includes('404')), []);
  await plain.close();
});
