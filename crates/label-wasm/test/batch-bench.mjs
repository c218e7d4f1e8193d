// The batch `place` in node on the symbol workload W_sym(n) (written by
// `cargo run -p label-wasm --bin web_scene -- --batch-bench N`) against its own plain labels
// W(n), alternating, on one engine: the median of RUNS timings each, ms, and their ratio, as JSON.
//   node test/batch-bench.mjs 10000 9 [path/to/declutter.wasm]
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

import { createEngine, loadModule } from '../js/declutter.js';

const n = Number(process.argv[2] ?? 10000);
const runs = Number(process.argv[3] ?? 9);
const data = JSON.parse(await readFile(new URL(`../www/data/batch-bench-${n}.json`, import.meta.url), 'utf8'));
const module = await loadModule(process.argv[4] ? new URL(process.argv[4], `file://${process.cwd()}/`) : undefined);
const engine = await createEngine(module);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Writes the columns (symbols too when `symbols`) and times `place` alone.
function time(symbols) {
  const labels = engine.labelColumns(data.count);
  for (const [name, values] of Object.entries(data.labels)) labels[name].set(values);
  if (symbols) {
    const s = engine.symbolColumns(data.symbols.candidateCount);
    for (const [name, values] of Object.entries(data.symbols.columns)) s[name].set(values);
  }
  const start = performance.now();
  const views = engine.place(data.viewport);
  const ms = performance.now() - start;
  return { ms, visible: views.stats.visible };
}

const plain = [];
const sym = [];
let shown = {};
for (let run = 0; run < runs; run++) {
  const p = time(false);
  const s = time(true);
  plain.push(p.ms);
  sym.push(s.ms);
  shown = { plain: p.visible, symbols: s.visible };
}
const [p, s] = [median(plain), median(sym)];
console.log(JSON.stringify({ n, runs, plain_ms: +p.toFixed(2), symbols_ms: +s.toFixed(2), ratio: +(s / p).toFixed(2), shown }));
