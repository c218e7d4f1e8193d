// placeFrame's time in node over the demo's tour (no drawing), replayed RUNS times on a fresh
// engine each: p50 and p99 per run, µs, as JSON — to set beside `web_scene --time RUNS`.
//   node test/bench.mjs 5
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

import { createEngine, loadModule } from '../js/declutter.js';

const runs = Number(process.argv[2] ?? 5);
const module = await loadModule(process.argv[3] ? new URL(process.argv[3], `file://${process.cwd()}/`) : undefined);
const scene = JSON.parse(await readFile(new URL('../www/data/scene.json', import.meta.url), 'utf8'));
const at = (sorted, q) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1];
const p50 = [];
const p99 = [];
let memory = 0;
for (let run = 0; run < runs; run++) {
  const engine = await createEngine(module);
  const views = engine.labelColumns(scene.labels.count);
  for (const [name, values] of Object.entries(scene.labels.columns)) views[name].set(values);
  engine.commitLabels('world');
  const times = scene.animation.map((shot) => {
    const start = performance.now();
    engine.placeFrame(shot, shot.time);
    return (performance.now() - start) * 1000;
  });
  memory = engine.memory.buffer.byteLength / 2 ** 20;
  times.sort((a, b) => a - b);
  p50.push(at(times, 0.5));
  p99.push(at(times, 0.99));
}
console.log(JSON.stringify({ labels: scene.labels.count, frames: scene.animation.length, runs, p50_us: p50, p99_us: p99, memory_mib: memory }));
