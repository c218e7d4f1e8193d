// The placement time test's attribution: for each measured frame, what the thread did besides
// the engine's work. Chromium's trace (V8's WebAssembly and garbage collection events) says
// which placements compiled engine code on the page's thread (V8 compiles a WebAssembly
// function at its first call), grew the module's memory or collected garbage, and when V8's
// optimising compiler ran beside them on other threads. The frames are then placed again, three
// times, on fresh engines of the same module with the same labels, cameras and times (the same
// work, the same decisions): each frame's fastest replay is its work. With
// DECLUTTER_ATTRIBUTE=1 marks just outside the placement's two clock readings give the thread's
// own clock over the whole timed region: a frame slow on the map, fast in its replays, without
// compilation, growth or collection, whose thread ran less than half its time, waited for a core.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// V8's WebAssembly trace events, and the marks that delimit the frames.
export const TRACE_CATEGORIES = ['v8.wasm', 'disabled-by-default-v8.gc', 'blink.user_timing'];

// Per measured frame k (its placement from `spans[2k]` to `spans[2k + 1]`, performance.now()
// ms, `mark` the trace's `calibrate` mark's performance.now()): on the page's thread, lazy
// compilation (count, ms), memory growth (count) and garbage collection (ms) during the
// placement, and V8's optimising compiler on other threads during it (count), from a Chromium
// trace (JSON bytes) of TRACE_CATEGORIES. (Marks inside the placement would cost it time.)
export function traceByFrame(bytes, spansMs, mark) {
  const trace = JSON.parse(bytes.toString());
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const calibrate = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'calibrate');
  const main = `${calibrate.pid}:${calibrate.tid}`;
  // Trace µs from performance.now() ms; the page's clock may be coarsened to 0.1 ms (a page not
  // cross-origin isolated), so each span is widened by that much on both sides.
  const at = (ms) => calibrate.ts + (ms - mark) * 1000;
  const spans = Array.from({ length: spansMs.length / 2 }, (_, k) => ({ k, from: at(spansMs[2 * k]) - 100, to: at(spansMs[2 * k + 1]) + 100 }));
  const frames = spans.length;
  // With marks `place${k}` and `placed${k}` around the placements (DECLUTTER_ATTRIBUTE=1; outside
  // the timed region, which they enclose), each placement's time on the thread (the marks' thread
  // clock, `tts`) beside their wall time.
  const marks = new Map(events.filter((e) => e.cat === 'blink.user_timing' && /^placed?\d+$/.test(e.name)).map((e) => [e.name, e]));
  const ordered = spans.sort((x, y) => x.from - y.from);
  const out = Array.from({ length: frames }, (_, k) => {
    const [a, b] = [marks.get(`place${k}`), marks.get(`placed${k}`)];
    const onThread = a?.tts !== undefined && b?.tts !== undefined ? { wallMs: (b.ts - a.ts) / 1000, threadMs: (b.tts - a.tts) / 1000 } : {};
    return { compiled: 0, compileMs: 0, grew: 0, gcMs: 0, optimised: 0, ...onThread };
  });
  for (const e of events) {
    if (e.ph !== 'X') continue;
    const end = e.ts + (e.dur ?? 0);
    const onMain = `${e.pid}:${e.tid}` === main;
    // The first placement that ends after the event starts; it overlaps if it began before the event ended.
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (ordered[mid].to < e.ts) lo = mid + 1; else hi = mid; }
    for (let j = lo; j < ordered.length && ordered[j].from <= end; j++) {
      const f = out[ordered[j].k];
      if (e.name === 'wasm.CompileLazy' && onMain) { f.compiled++; f.compileMs += e.dur / 1000; }
      if (e.name === 'wasm.GrowMemory' && onMain) f.grew++;
      if (/^V8\.GC_(SCAVENGER|MC_INCREMENTAL|MARK_COMPACTOR)$/.test(e.name) && onMain) f.gcMs += e.dur / 1000;
      if (e.name === 'wasm.TopTierCompilation' && !onMain) f.optimised++;
    }
  }
  return out;
}

// In the page: the record's frames up to `end` placed again `rounds` times on fresh engines of
// the controller's module; per frame from `start` to `end`, the fastest (ms), and the frames
// whose replay decided otherwise than the map (visibility or opacity).
export function replayInPage(page, start, end, rounds = 3) {
  return page.evaluate(async ({ start, end, rounds }) => {
    const { createEngine } = await import('@declutter/wasm');
    const { commitEngineLabels } = await import('@declutter/core');
    const d = window.declutter.controller;
    const { commits, frames: all } = d.record;
    const best = new Array(end - start).fill(Infinity);
    const differ = new Set(); // frames whose replay decided otherwise than the map
    for (let r = 0; r < rounds; r++) {
      let engine = await createEngine(d.module, d.options.frameOptions);
      let applied = -1;
      for (let k = 0; k < end; k++) {
        while (applied < all[k].commit) {
          const commit = commits[++applied];
          if (commit.fresh && applied > 0) engine = await createEngine(d.module, d.options.frameOptions); // compacted
          commitEngineLabels(engine, commit.labels);
        }
        const t0 = performance.now();
        const f = engine.placeFrame(all[k].camera, all[k].now);
        const t = performance.now() - t0;
        if (k < start) continue;
        best[k - start] = Math.min(best[k - start], t);
        const { visible, opacityBits } = all[k];
        if (visible.some((v, i) => v !== f.visible[i] || opacityBits[i] !== f.opacityBits[i])) differ.add(k);
      }
    }
    return { best, differ: [...differ] };
  }, { start, end, rounds });
}

// The p-quantile of a list of numbers.
export function quantile(list, p) {
  const t = list.slice().sort((a, b) => a - b);
  return t.length ? t[Math.min(t.length - 1, Math.floor(p * t.length))] : NaN;
}

// What made a frame slow: compilation, memory growth or garbage collection inside its
// placement, or its work (over 2 ms in every replay); else, with the marks (which enclose the
// timed region), whether the thread ran less than half the frame's time (waiting for a core).
export function causeOf(f) {
  if (f.compiled) return 'compilation';
  if (f.grew) return 'memory growth';
  if (f.gcMs > 0.5) return 'garbage collection';
  if (f.workMs > 2) return 'work';
  if (f.threadMs === undefined) return 'no compilation, growth, collection or work';
  return f.threadMs < f.ms / 2 ? 'waiting for a core' : 'on the thread, unexplained';
}

// DECLUTTER_PIN=1: Chromium's processes (this process's descendants) pinned with taskset: each
// renderer's main thread (its first thread: the page's JavaScript and WebAssembly) on CPU 1,
// every other thread of every Chromium process (GPU and SwiftShader, browser, compositor, V8's
// helpers) on CPU 0. Threads started later inherit their creator's core. DECLUTTER_PIN=nice:
// instead, each renderer's main thread at nice −20 (renice; root only), the rest untouched.
export function pinChromium(mode = '1') {
  const parent = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  const ours = (pid) => { for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === process.pid) return true; return false; };
  const main = [];
  let others = 0;
  for (const pid of [...parent.keys()].filter((p) => p !== process.pid && ours(p))) {
    let renderer;
    let tasks;
    try {
      // A zygote's child writes its arguments over the zygote's, spaces between them.
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      renderer = args.includes('--type=renderer') && !args.includes('--top-chrome-webui'); // not the browser's own UI
      tasks = readdirSync(`/proc/${pid}/task`).map(Number);
    } catch { continue; }
    for (const tid of tasks) {
      const first = renderer && tid === pid;
      const command = mode === 'nice' ? ['renice', '-n', '-20', '-p', String(tid)] : ['taskset', '-p', '-c', first ? '1' : '0', String(tid)];
      if (mode === 'nice' && !first) continue;
      try { execFileSync(command[0], command.slice(1), { stdio: 'ignore' }); } catch { continue; }
      if (first) main.push(tid); else others++;
    }
  }
  return { main, others };
}
