// The loop both map packages run: the store's labels given to the WebAssembly frame engine when
// they change, one frame placed per map render with the map's camera, drawn on the overlay;
// queries ("what shows here, and what hid what") against the last frame's boxes.
import { createEngine, loadModule, REASONS, Blocker } from '@declutter/wasm';
import { LabelStore, commitEngineLabels } from './labels.js';
import { Overlay } from './draw.js';
import { warmUp } from './warm.js';

export class Declutter {
  // Use `createDeclutter`.
  constructor(module, engine, spare, container, options) {
    this.module = module;
    this.engine = engine;
    this.spare = spare;
    this.options = options;
    this.store = new LabelStore(options);
    this.overlay = new Overlay(container);
    this.times = [];
    this.listeners = new Map();
    this.record = options.record ? { commits: [], frames: [] } : null;
    this.recordEngine = engine; // the engine the record's frames are on (a compaction swaps it)
    this.last = null;
    this.span = null;
  }

  get debug() { return this.overlay.debug; }
  set debug(on) { this.overlay.debug = !!on; }

  // The live labels: key -> spec (`labelSpec`).
  setLabels(specs) {
    this.store.update(specs);
  }

  // Places and draws one frame; returns whether a label is still fading (draw again soon).
  frame(camera, dpr, now) {
    if (this.store.changed) this.commit();
    let f = this.place(camera, now);
    const slots = this.store.slots;
    // The glyphs of the texts along lines, copied: each call into the engine may move its views.
    const glyphs = new Map();
    for (let i = 0; i < f.count; i++) {
      if (slots[i].spec.path && f.opacity[i] > 0 && slots[i].live) {
        const g = this.engine.glyphs(i);
        if (g) glyphs.set(i, g.slice());
        f = this.engine.views();
      }
    }
    let fading = false;
    // Fading: shown and not yet opaque (a new label starts at 0), or hidden and not yet gone.
    for (let i = 0; i < f.count && !fading; i++) fading = f.visible[i] ? f.opacity[i] < 1 : f.opacity[i] > 0;
    const decisions = this.record ? this.decisions(f) : null;
    this.overlay.begin(camera.width, camera.height, dpr);
    const drawn = this.record ? [] : null;
    const lines = this.record ? [] : null;
    this.overlay.draw(slots, f, glyphs, dpr, drawn, lines);
    if (this.overlay.debug) {
      const b = this.engine.boxes();
      this.overlay.debugBoxes(slots, this.engine.views(), b);
    }
    this.last = { camera, now, dpr };
    this.fading = fading;
    if (this.record) {
      const inView = this.engine.views().stats.inView;
      this.record.frames.push({ camera, now, commit: this.record.commits.length - 1, drawn, lines, inView, ...decisions });
    }
    return fading;
  }

  // The placement, timed: the clock read just before the engine's call and just after it has
  // returned the frame's views (the camera written, the frame placed, the result columns read),
  // nothing else between; `span` keeps the two readings (performance.now() ms).
  place(camera, now) {
    const t0 = performance.now();
    const f = this.engine.placeFrame(camera, now);
    const t1 = performance.now();
    this.times.push(t1 - t0);
    if (this.times.length > 10000) this.times.splice(0, 5000);
    this.span = [t0, t1];
    return f;
  }

  // Per label: visible, reason, blocker, hiddenBy and opacity bits, as plain arrays.
  decisions(f) {
    return {
      visible: Array.from(f.visible.subarray(0, f.count)), reason: Array.from(f.reason.subarray(0, f.count)),
      blocker: Array.from(f.blocker.subarray(0, f.count)), hiddenBy: Array.from(f.hiddenBy.subarray(0, f.count)),
      opacityBits: Array.from(f.opacityBits.subarray(0, f.count)),
    };
  }

  commit() {
    if (this.store.compactIfSparse() && this.spare) {
      // Renumbered: the old engine's memory would follow the wrong labels.
      this.engine = this.spare;
      this.spare = null;
      createEngine(this.module, this.options.frameOptions).then((e) => { this.spare = e; });
    }
    const labels = this.store.engineLabels();
    commitEngineLabels(this.engine, labels);
    this.store.changed = false;
    if (this.record) this.record.commits.push({ labels, keys: this.store.slots.map((s) => s.key), fresh: this.engine !== this.recordEngine });
    this.recordEngine = this.engine;
  }

  // The labels whose box in the last frame holds screen point (x, y) (CSS px): what shows there,
  // and for a hidden one, which label (or obstacle) hid it and why.
  query(x, y) {
    if (!this.last) return [];
    const b = this.engine.boxes();
    const f = this.engine.views();
    const slots = this.store.slots;
    const out = [];
    for (let i = 0; i < f.count; i++) {
      if (!slots[i].live || Number.isNaN(b.cx[i])) continue;
      const dx = x - b.cx[i];
      const dy = y - b.cy[i];
      if (Math.abs(dx * b.ux[i] + dy * b.uy[i]) > b.hx[i] || Math.abs(-dx * b.uy[i] + dy * b.ux[i]) > b.hy[i]) continue;
      out.push(this.describe(i, f));
    }
    return out;
  }

  describe(i, f) {
    const s = this.store.slots[i];
    const d = {
      index: i, key: s.key, text: s.spec.text, layer: s.spec.layer, properties: s.spec.properties,
      shown: f.visible[i] === 1, reason: REASONS[f.reason[i]] ?? 'unknown', opacity: f.opacity[i], hiddenBy: null,
    };
    if (!d.shown && f.blocker[i] === Blocker.LABEL) {
      const j = f.hiddenBy[i];
      const t = this.store.slots[j];
      d.hiddenBy = { index: j, key: t.key, text: t.spec.text, layer: t.spec.layer };
    } else if (!d.shown && f.blocker[i] === Blocker.OBSTACLE) {
      d.hiddenBy = { obstacle: f.hiddenBy[i] };
    }
    return d;
  }

  on(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(fn);
    return () => this.listeners.get(type).delete(fn);
  }

  emit(type, event) {
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }

  // Placement time per frame (performance.now() around placeFrame), ms: p50, p99, count.
  placementTimes() {
    const t = this.times.slice().sort((a, b) => a - b);
    const q = (p) => (t.length ? t[Math.min(t.length - 1, Math.floor(p * t.length))] : NaN);
    return { p50: q(0.5), p99: q(0.99), frames: t.length };
  }

  remove() { this.overlay.remove(); }
}

// What attach() returns in both packages: `render()` asks the map for a frame, `pending()`
// says whether features changed since the last frame read them, `detach()` undoes the rest.
export function attached(d, { render, pending, detach }) {
  return {
    /** What the labels at a screen point (CSS px) are: shown, or hidden and by what. */
    query: (point) => d.query(point.x ?? point[0], point.y ?? point[1]),
    on: (type, fn) => d.on(type, fn),
    get debug() { return d.debug; },
    set debug(on) { d.debug = on; render(); },
    placementTimes: () => d.placementTimes(),
    get pending() { return pending(); },
    /** The controller: its store, engine and, with `record: true`, the record. */
    controller: d,
    detach() { detach(); d.remove(); },
  };
}

// A controller with its engine (and a spare one for compaction), its overlay in `container`.
export async function createDeclutter(container, options = {}) {
  const module = options.module ?? await loadModule(options.wasmUrl);
  if (options.warmUp !== false) await warmUp(module, options.frameOptions);
  const [engine, spare] = await Promise.all([createEngine(module, options.frameOptions), createEngine(module, options.frameOptions)]);
  return new Declutter(module, engine, spare, container, options);
}
