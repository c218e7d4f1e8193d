// What the demo map costs pitched over Vienna's streets (1920×1080, real glyphs): the time until
// the first view is settled, then ten turns each waited to `idle`, with the thread time Chromium
// traced over the turns (MapLibre's workers: tile parsing and symbol layout; the main thread:
// rendering in SwiftShader, placement, the plugin). Arguments: `declutter` (the plugin takes the
// symbol layers over) and/or `own` (MapLibre's own labels).
//
//   cd web/demo && node scripts/layout-cost.mjs declutter own
import { openPage } from '../test/browser.mjs';

const turns = 10;
for (const run of process.argv.slice(2)) {
  const plugin = run === 'declutter' ? '&plugin=declutter' : '';
  const t0 = Date.now();
  const { page, problems, close } = await openPage(`maplibre.html?fade=0&center=16.372,48.208&zoom=15&bearing=-20&pitch=60${plugin}`);
  await page.waitForFunction(() => {
    const { map, plugin: p } = window.demo;
    return map.loaded() && !map.isMoving() && (!p || (!p.pending && p.controller.last));
  }, null, { timeout: 300000, polling: 100 });
  const settledMs = Date.now() - t0;
  const browser = page.context().browser();
  await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
  const t1 = Date.now();
  for (let k = 1; k <= turns; k++) {
    await page.evaluate((b) => new Promise((resolve) => {
      window.demo.map.once('idle', resolve);
      window.demo.map.jumpTo({ bearing: b, zoom: 15 + b / 200 });
    }), -20 + 12 * k);
  }
  const turnsMs = Date.now() - t1;
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const names = new Map();
  for (const e of trace.traceEvents) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const threads = {};
  for (const e of trace.traceEvents) {
    const name = names.get(`${e.pid}:${e.tid}`);
    if (e.ph !== 'X' || !e.dur || e.cat !== 'toplevel' || !/DedicatedWorker|CrRendererMain/.test(name)) continue;
    const key = name.startsWith('Dedicated') ? 'workersMs' : 'mainMs';
    threads[key] = (threads[key] ?? 0) + e.dur / 1000;
  }
  const rounded = Object.fromEntries(Object.entries(threads).map(([k, v]) => [k, Math.round(v)]));
  console.log(`${run}: ${JSON.stringify({ settledMs, turns, turnsMs, ...rounded, problems })}`);
  await close();
}
