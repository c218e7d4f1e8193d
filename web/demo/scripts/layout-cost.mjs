// What the demo map costs pitched over Vienna's streets (1920×1080, real glyphs): the time until
// the first view is settled, then ten turns each waited to `idle`, with the thread time Chromium
// traced over the turns (MapLibre's workers: tile parsing and symbol layout; the main thread:
// rendering in SwiftShader, placement, the plugin). Arguments: `declutter` (the plugin takes the
// symbol layers over) and/or `own` (MapLibre's own labels). With the plugin, V8's sampling
// profiler (one sample per 0.2 ms) also runs over the turns and says how much of the main
// thread's time was inside the package's render handler (`onRender`) and, within it, in reading
// the sources' features (`readLabels`), beside the reads' own count and tiles (read, kept).
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
  const profiler = plugin ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  const before = plugin ? await page.evaluate(() => window.demo.plugin.reading?.()) : null;
  const t1 = Date.now();
  for (let k = 1; k <= turns; k++) {
    await page.evaluate((b) => new Promise((resolve) => {
      window.demo.map.once('idle', resolve);
      window.demo.map.jumpTo({ bearing: b, zoom: 15 + b / 200 });
    }), -20 + 12 * k);
  }
  const turnsMs = Date.now() - t1;
  const handler = profiler ? inside((await profiler.send('Profiler.stop')).profile, ['onRender', 'readLabels']) : {};
  const after = plugin ? await page.evaluate(() => window.demo.plugin.reading?.()) : null;
  const reads = after && before ? Object.fromEntries(Object.keys(after).map((k) => [k, Math.round(after[k] - before[k])])) : undefined;
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
  console.log(`${run}: ${JSON.stringify({ settledMs, turns, turnsMs, ...rounded, ...handler, reads, problems })}`);
  await close();
}

// Per function name, the sampled time (ms) with a frame of that name on the stack (a recursive
// or nested one counted once).
function inside(profile, names) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out = Object.fromEntries(names.map((name) => [`${name}Ms`, 0]));
  const { samples, timeDeltas } = profile;
  for (let k = 0; k < samples.length; k++) {
    const ms = (timeDeltas[k + 1] ?? 0) / 1000; // the time until the next sample
    const seen = new Set();
    for (let id = samples[k]; id !== undefined; id = parent.get(id)) seen.add(byId.get(id).callFrame.functionName);
    for (const name of names) if (seen.has(name)) out[`${name}Ms`] += ms;
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v)]));
}
