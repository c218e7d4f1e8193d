// declutter for the web: the ES-module wrapper over declutter.wasm (crates/label-wasm).
//
// One WebAssembly instance holds one engine. Labels go in as columns written straight into the
// module's memory (`engine.labelColumns(n)`, then `engine.commitLabels()`), or from plain
// objects (`engine.setLabels([...])`). Each frame, `engine.placeFrame(camera, timeMs)` returns
// typed-array views over the module's memory: no JavaScript object per label on the hot path.
// The views stay valid until the next call into the engine. See docs/web.md.
//
// Every count is checked here as a whole number in range before the module sees it (a
// WebAssembly `u32` would silently truncate 1.5 or wrap -1), and every view is as long as the
// module says its buffer is: a view never reaches past what the module sized.

/** Anchor numbers (which point of the box sits on the anchor point), contract §2 order. */
export const ANCHORS = Object.freeze([
  'center', 'left', 'right', 'top', 'bottom', 'top-left', 'top-right', 'bottom-left', 'bottom-right',
]);

/** Bits of a label's `flags` column; the anchor's number goes in bits 8–11 (`anchorFlags`). */
export const Flags = Object.freeze({
  ALLOW_OVERLAP: 1,
  IGNORE_PLACEMENT: 2,
  NO_KEEP_UPRIGHT: 4,
  MAP_ALIGNED: 8,
});

/** Names of the `reason` column's values (255: a reason newer than this wrapper). */
export const REASONS = Object.freeze([
  'visible', 'collision', 'offscreen', 'behind_camera', 'repeat', 'no_room', 'too_curved',
]);

/** Names of the `parts` column's values: which parts of a symbol show. */
export const PARTS = Object.freeze(['none', 'both', 'text', 'icon']);

/** The `candidate` column's value for no candidate (a plain label, or its text not shown). */
export const NO_CANDIDATE = 0xFFFFFFFF;

/** The `blocker` column: what `hiddenBy` indexes. */
export const Blocker = Object.freeze({ NONE: 0, LABEL: 1, OBSTACLE: 2 });

const F64_FIELDS = ['x', 'y', 'width', 'height', 'angle', 'priority', 'offsetX', 'offsetY', 'padding'];
const SYMBOL_FIELDS = [
  'candidates', 'iconWidth', 'iconHeight', 'iconAnchor', 'iconOffsetX', 'iconOffsetY', 'iconPadding',
  'optional', 'repeatGroup', 'repeatDistance',
];
const OPTIONAL = { none: 0, text: 1, icon: 2 };
const PATH_FIELDS = ['points', 'glyphs', 'pathOffset', 'maxAngle'];
const STATS = [
  'kind', 'labels', 'inView', 'visible', 'hiddenCollision', 'hiddenOffscreen', 'behindCamera',
  'flips', 'placedNow', 'asleep', 'projectUs', 'placeUs', 'finishUs',
];
const COORDINATES = { world: 0, lonlat: 1 };
// Most labels in one set (label-core's `limits::MAX_LABELS`); counts passed as a u32 otherwise.
const MAX_LABELS = 2 ** 32 - 2;
const MAX_U32 = 2 ** 32 - 1;
const STICKINESS = { none: 0, ties: 1, shown: 2 };
const DEFAULT_OPTIONS = Object.freeze({
  hysteresisPx: 2,
  fadeMs: 300,
  fullPlacementIntervalMs: 300,
  perspectiveScaling: 0.5,
  maxOverlapArea: 0,
  stickiness: 'shown',
  reuseTranslations: true,
  worldCopies: true,
});

// `table[key]` for the table's own keys only: `'toString'` is not a coordinate system.
function lookup(table, key) {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}

// `n` if a whole number from 0 to `max`; else an Error naming `what`.
function whole(n, what, max = MAX_U32) {
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new Error(`${what}: expected a whole number from 0 to ${max}, got ${n}`);
  }
  return n;
}

/** The flags bits of an anchor name. */
export function anchorFlags(anchor) {
  const n = ANCHORS.indexOf(anchor ?? 'center');
  if (n < 0) throw new Error(`unknown anchor ${JSON.stringify(anchor)} (one of ${ANCHORS.join(', ')})`);
  return n << 8;
}

/**
 * Compiles declutter.wasm. `source`: a URL or a string (fetched, or read from disk for a
 * `file:` URL in node; a relative string resolves against the page's address as `fetch`
 * resolves it, in a worker against its script's, in node against the working directory), a
 * `Response`, bytes, or a compiled `WebAssembly.Module`. Default: `../pkg/declutter.wasm`
 * relative to this file. A failure throws an Error naming the address it tried.
 */
export async function loadModule(source = new URL('../pkg/declutter.wasm', import.meta.url)) {
  if (source instanceof WebAssembly.Module) return source;
  let where = 'the bytes given';
  try {
    if (source instanceof URL || typeof source === 'string') {
      const url = new URL(source, baseAddress());
      where = url.href;
      if (url.protocol === 'file:') {
        const { readFile } = await import('node:fs/promises');
        return await WebAssembly.compile(await readFile(url));
      }
      source = await fetch(url);
    }
    if (typeof Response !== 'undefined' && source instanceof Response) {
      where = source.url || (where === 'the bytes given' ? 'the Response given' : where);
      if (!source.ok) throw new Error(`HTTP ${source.status} ${source.statusText}`.trim());
      if (WebAssembly.compileStreaming && source.headers.get('content-type') === 'application/wasm') {
        return await WebAssembly.compileStreaming(source);
      }
      source = await source.arrayBuffer();
    }
    return await WebAssembly.compile(source);
  } catch (e) {
    throw new Error(`declutter: cannot load declutter.wasm from ${where}: ${e.message}`, { cause: e });
  }
}

// What a relative address resolves against: the page's (as `fetch` does), a worker's script's,
// or node's working directory.
function baseAddress() {
  if (globalThis.document?.baseURI) return globalThis.document.baseURI;
  if (globalThis.location?.href) return globalThis.location.href;
  return `file://${globalThis.process?.cwd?.() ?? ''}/`;
}

/** A new engine on its own instance of `module` (from `loadModule`; loaded if omitted). */
export async function createEngine(module, options) {
  const instance = await WebAssembly.instantiate(module ?? await loadModule(), {});
  const engine = new Engine(instance);
  if (options) engine.setOptions(options);
  return engine;
}

/** The frame engine (and the batch placement) of one WebAssembly instance. */
export class Engine {
  constructor(instance) {
    this.exports = instance.exports;
    this.memory = instance.exports.memory;
    this.count = 0;
    this.pending = 0;
    this.pointCount = 0;
    this.panicked = null;
    this.camera = null;
    this.frameViews = null;
    this.viewKey = '';
    this.exports.dc_init();
  }

  // Calls an export; a trap (a Rust panic) becomes an Error with the panic's message, and the
  // instance is not used again.
  call(name, ...args) {
    if (this.panicked) throw new Error(`declutter: this engine stopped after a panic: ${this.panicked}`);
    try {
      return this.exports[name](...args);
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      const message = this.text(this.exports.dc_panic_address(), this.exports.dc_panic_len()) ||
        `declutter: ${e.message}`;
      this.panicked = message;
      throw new Error(message, { cause: e });
    }
  }

  // Calls an export that returns a status; a failure becomes an Error with the engine's
  // message (the one the CLI prints).
  check(name, ...args) {
    if (this.call(name, ...args) !== 0) throw new Error(this.error());
  }

  // Calls an export that makes room in a buffer: its address, or an Error with the engine's
  // message (0: no buffer was made).
  room(name, ...args) {
    const address = this.call(name, ...args) >>> 0;
    if (address === 0) throw new Error(this.error());
    return address;
  }

  // The message of the module's last error.
  error() {
    return this.text(this.exports.dc_error_address(), this.exports.dc_error_len());
  }

  // A view of `length` f64 at `address`; made after the call that returned the address, since
  // a call that allocates may grow the memory and detach the old buffer.
  f64(address, length) {
    return new Float64Array(this.memory.buffer, address >>> 0, length);
  }

  text(address, length) {
    return new TextDecoder().decode(new Uint8Array(this.memory.buffer, address >>> 0, length >>> 0));
  }

  /**
   * Room for `n` labels; returns views to write: `x`, `y` (world px at zoom 0, or lon/lat),
   * `width`, `height`, `angle`, `priority`, `offsetX`, `offsetY`, `padding` (Float64Array)
   * and `flags` (Uint32Array), all zero. Then call `commitLabels`.
   */
  labelColumns(n) {
    whole(n, 'labelColumns: the number of labels', MAX_LABELS);
    const base = this.room('dc_input', n);
    n = this.call('dc_input_len') >>> 0;
    const buffer = this.memory.buffer;
    const columns = {};
    F64_FIELDS.forEach((name, k) => {
      columns[name] = new Float64Array(buffer, base + k * n * 8, n);
    });
    columns.flags = new Uint32Array(buffer, this.call('dc_input_flags') >>> 0, n);
    this.pending = n;
    return columns;
  }

  /**
   * Room for the symbols of the `labelColumns(n)` labels (call after it; a new `labelColumns`
   * forgets them), with `candidateCount` candidate positions in all. Returns views to write:
   * per label `candidates` (how many rows of the table are its), `iconWidth`, `iconHeight` (0
   * and 0: no icon), `iconAnchor` (number in ANCHORS), `iconOffsetX/Y`, `iconPadding`,
   * `optional` (0 none, 1 text, 2 icon), `repeatGroup` (-1: none), `repeatDistance` (px);
   * and `table` (Float64Array): anchor number, offset x, offset y per candidate, in label
   * order. All zero but `repeatGroup`: plain labels.
   */
  symbolColumns(candidateCount) {
    whole(candidateCount, 'symbolColumns: the number of candidates');
    const base = this.room('dc_symbol_input', candidateCount);
    const n = this.call('dc_input_len') >>> 0;
    const buffer = this.memory.buffer;
    const columns = {};
    SYMBOL_FIELDS.forEach((name, k) => {
      columns[name] = new Float64Array(buffer, base + k * n * 8, n);
    });
    columns.table = new Float64Array(buffer, base + SYMBOL_FIELDS.length * n * 8, candidateCount * 3);
    return columns;
  }

  /**
   * Room for the lines of the `labelColumns(n)` labels (call after it; a new `labelColumns`
   * forgets them), `pointCount` points and `glyphCount` glyph advances in all. Returns views
   * to write: per label `points` and `glyphs` (how many rows of the tables are its; 0 points:
   * not a text along a line), `pathOffset` (px along the line where the middle of the text
   * sits; NaN: the middle of the line), `maxAngle` (largest turn between glyphs, degrees;
   * 45 written); and `pointTable` (x, y pairs in the labels' coordinates) and `advanceTable`
   * (px), label after label.
   */
  pathColumns(pointCount, glyphCount) {
    whole(pointCount, 'pathColumns: the number of points');
    whole(glyphCount, 'pathColumns: the number of glyphs');
    const base = this.room('dc_path_input', pointCount, glyphCount);
    const n = this.call('dc_input_len') >>> 0;
    const buffer = this.memory.buffer;
    const columns = {};
    PATH_FIELDS.forEach((name, k) => {
      columns[name] = new Float64Array(buffer, base + k * n * 8, n);
    });
    columns.pathOffset.fill(NaN);
    const tables = base + PATH_FIELDS.length * n * 8;
    columns.pointTable = new Float64Array(buffer, tables, 2 * pointCount);
    columns.advanceTable = new Float64Array(buffer, tables + 2 * pointCount * 8, glyphCount);
    return columns;
  }

  /**
   * The glyphs of label `i` in the last frame or batch, for drawing a text along its line: a view of
   * centre x, centre y (screen px), angle (degrees counter-clockwise), advance (px) per glyph,
   * valid until the next call into the engine; null when it is not a text along a line, has
   * no pose, or does not fit.
   */
  glyphs(i) {
    const count = this.call('dc_glyphs', whole(i, 'glyphs: the label index'));
    return count < 0 ? null : this.f64(this.call('dc_glyph_rows'), 4 * count);
  }

  /**
   * Whether label `i`'s line was reversed to keep its text upright in the last frame or batch
   * (its `glyphs(i)` are already in reading order); null when it has no glyphs.
   */
  reversed(i) {
    return this.call('dc_glyphs', i) < 0 ? null : this.call('dc_glyphs_reversed') === 1;
  }

  /** Gives the engine the labels written to `labelColumns`; ids are their indices. */
  commitLabels(coordinates = 'world') {
    const code = lookup(COORDINATES, coordinates);
    if (code === undefined) throw new Error(`coordinates ${JSON.stringify(coordinates)}: 'world' or 'lonlat'`);
    this.check('dc_set_labels', code);
    this.count = this.pending;
    this.frameViews = null;
  }

  /**
   * Labels from plain objects: `{x, y}` (world px) or `{lon, lat}`, `width`, `height`, and
   * optionally `angle`, `priority`, `anchor`, `offset: [dx, dy]`, `padding`,
   * `alignment: 'viewport' | 'map'`, `allowOverlap`, `ignorePlacement`, `keepUpright`; and
   * the symbol fields `candidates: [{anchor, offset: [dx, dy]}, …]`, `icon: {width, height,
   * anchor, offset, padding}`, `optional: 'none' | 'text' | 'icon'`, `repeatGroup` (a string or a number; `7` and
   * `'7'` are one group),
   * `repeatDistance` (px); and for a text along a line `path: [[x, y] | [lon, lat], …]`,
   * `glyphAdvances: [px, …]`, `pathOffset` (px), `maxAngle` (degrees), its `x`/`y` or
   * `lon`/`lat` and `width` unused (give 0).
   */
  setLabels(labels) {
    const lonlat = labels.length > 0 && labels[0].lon !== undefined;
    const c = this.labelColumns(labels.length);
    labels.forEach((l, i) => {
      c.x[i] = lonlat ? l.lon : l.x;
      c.y[i] = lonlat ? l.lat : l.y;
      c.width[i] = l.width;
      c.height[i] = l.height;
      c.angle[i] = l.angle ?? 0;
      c.priority[i] = l.priority ?? 0;
      c.offsetX[i] = l.offset?.[0] ?? 0;
      c.offsetY[i] = l.offset?.[1] ?? 0;
      c.padding[i] = l.padding ?? 0;
      c.flags[i] = anchorFlags(l.anchor) |
        (l.allowOverlap ? Flags.ALLOW_OVERLAP : 0) |
        (l.ignorePlacement ? Flags.IGNORE_PLACEMENT : 0) |
        (l.keepUpright === false ? Flags.NO_KEEP_UPRIGHT : 0) |
        (l.alignment === 'map' ? Flags.MAP_ALIGNED : 0);
    });
    const symbolic = (l) => l.candidates || l.icon || l.optional || l.repeatGroup !== undefined ||
      l.repeatDistance !== undefined;
    if (labels.some(symbolic)) this.writeSymbols(labels);
    if (labels.some((l) => l.path)) this.writePaths(labels);
    this.commitLabels(lonlat ? 'lonlat' : 'world');
  }

  // Writes the lines of `setLabels`' objects to `pathColumns`.
  writePaths(labels) {
    const sum = (f) => labels.reduce((total, l) => total + (f(l)?.length ?? 0), 0);
    const p = this.pathColumns(sum((l) => l.path), sum((l) => l.path && l.glyphAdvances));
    let [point, glyph] = [0, 0];
    labels.forEach((l, i) => {
      if (!l.path) return;
      for (const [x, y] of l.path) p.pointTable.set([x, y], 2 * point++);
      p.advanceTable.set(l.glyphAdvances ?? [], glyph);
      glyph += l.glyphAdvances?.length ?? 0;
      p.points[i] = l.path.length;
      p.glyphs[i] = l.glyphAdvances?.length ?? 0;
      p.pathOffset[i] = l.pathOffset ?? NaN;
      p.maxAngle[i] = l.maxAngle ?? 45;
    });
  }

  // Writes the symbol fields of `setLabels`' objects to `symbolColumns`.
  writeSymbols(labels) {
    const s = this.symbolColumns(labels.reduce((sum, l) => sum + (l.candidates?.length ?? 0), 0));
    // Repeat groups by name (a string or a number), numbered in order of first use.
    const groups = new Map();
    const group = (g) => {
      if (g === undefined || g === null) return -1;
      const name = String(g);
      if (!groups.has(name)) groups.set(name, groups.size);
      return groups.get(name);
    };
    let row = 0;
    labels.forEach((l, i) => {
      for (const c of l.candidates ?? []) {
        s.table.set([anchorFlags(c.anchor) >> 8, c.offset?.[0] ?? 0, c.offset?.[1] ?? 0], 3 * row++);
      }
      s.candidates[i] = l.candidates?.length ?? 0;
      if (l.icon) {
        s.iconWidth[i] = l.icon.width;
        s.iconHeight[i] = l.icon.height;
        s.iconAnchor[i] = anchorFlags(l.icon.anchor) >> 8;
        s.iconOffsetX[i] = l.icon.offset?.[0] ?? 0;
        s.iconOffsetY[i] = l.icon.offset?.[1] ?? 0;
        s.iconPadding[i] = l.icon.padding ?? 0;
      }
      const optional = lookup(OPTIONAL, l.optional ?? 'none');
      if (optional === undefined) throw new Error(`label ${i}: optional ${JSON.stringify(l.optional)}: 'none', 'text' or 'icon'`);
      s.optional[i] = optional;
      s.repeatGroup[i] = group(l.repeatGroup);
      s.repeatDistance[i] = l.repeatDistance ?? 0;
    });
  }

  /** Frame options (any subset; the rest take their defaults, as in label-frame). */
  setOptions(options = {}) {
    const o = { ...DEFAULT_OPTIONS, ...options };
    const stickiness = lookup(STICKINESS, o.stickiness);
    if (stickiness === undefined) throw new Error(`option \`stickiness\`: ${JSON.stringify(o.stickiness)} is not 'none', 'ties' or 'shown'`);
    this.check('dc_set_options', o.hysteresisPx, o.fadeMs, o.fullPlacementIntervalMs, o.perspectiveScaling,
      o.maxOverlapArea, stickiness, o.reuseTranslations ? 1 : 0, o.worldCopies ? 1 : 0);
  }

  /** The per-frame greedy placement without memory (no hysteresis, fades or reuse). */
  setOptionsWithoutStability() {
    this.setOptions({ hysteresisPx: 0, fadeMs: 0, stickiness: 'none', reuseTranslations: false });
  }

  /**
   * Screen obstacles no label may overlap: `{box: [left, top, right, bottom]}` or
   * `{circle: [x, y, radius]}`.
   */
  setObstacles(obstacles) {
    const n = whole(obstacles.length, 'setObstacles: the number of obstacles');
    const values = this.f64(this.room('dc_obstacle_input', n), n * 5);
    obstacles.forEach((o, i) => {
      const row = o.box ? [0, ...o.box] : o.circle ? [1, ...o.circle, 0] : null;
      if (!row || row.length !== 5) throw new Error(`obstacle ${i}: give box: [l, t, r, b] or circle: [x, y, r]`);
      values.set(row, i * 5);
    });
    this.check('dc_set_obstacles');
  }

  /** Sets the camera of the next frames (`placeFrame(timeMs)`). */
  setCamera(camera) {
    this.camera = { ...camera };
  }

  /**
   * Places a frame: `placeFrame(camera, timeMs)`, or `placeFrame(timeMs)` with the camera of
   * `setCamera`. `camera`: `{x, y}` (world px) or `{lon, lat}`, `zoom`, `width`, `height`, and
   * optionally `bearing`, `pitch`, `fov` (degrees), `centerOffset` ([x, y] px: where the centre
   * of perspective lies from the viewport's middle; a map's padding). Returns the frame's views.
   */
  placeFrame(camera, timeMs) {
    if (typeof camera === 'number') {
      if (!this.camera) throw new Error('placeFrame(timeMs) before setCamera(camera)');
      [camera, timeMs] = [this.camera, camera];
    }
    this.writeCamera(camera);
    this.check('dc_place_frame', timeMs);
    return this.views();
  }

  // Writes a camera to the module's camera buffer.
  writeCamera(camera) {
    const lonlat = camera.lon !== undefined;
    const values = this.f64(this.call('dc_camera'), 11);
    const offset = camera.centerOffset ?? [0, 0];
    // Any array-like pair of numbers (an Array, a Float64Array…); their range is the engine's.
    if (typeof offset !== 'object' || offset.length !== 2 || typeof offset[0] !== 'number' || typeof offset[1] !== 'number') {
      throw new Error('camera.centerOffset: not an [x, y] pair (px)');
    }
    const [ox, oy] = [offset[0], offset[1]];
    values.set([lonlat ? camera.lon : camera.x, lonlat ? camera.lat : camera.y, lonlat ? 1 : 0, camera.zoom,
      camera.bearing ?? 0, camera.pitch ?? 0, camera.width, camera.height, camera.fov ?? 0, ox, oy]);
  }

  /**
   * Keeps world points (x, y pairs, world px at zoom 0) for `projectPoints`: the geography a
   * page draws under the labels, projected by the engine's own camera model.
   */
  setPoints(points) {
    if (points.length % 2 !== 0) throw new Error(`setPoints: x, y pairs expected, got ${points.length} values`);
    const n = whole(points.length / 2, 'setPoints: the number of points');
    this.pointCount = 0;
    const address = this.room('dc_points', n);
    this.pointCount = n;
    this.f64(address, 2 * n).set(points);
  }

  /** The points of `setPoints` on screen with `camera` (x, y pairs, px; NaN behind it). */
  projectPoints(camera) {
    this.writeCamera(camera);
    this.check('dc_project_points');
    return this.f64(this.call('dc_projected'), this.pointCount * 2);
  }

  /** The world point (world px) under screen point `(x, y)` with `camera`, or null. */
  unproject(camera, x, y) {
    this.writeCamera(camera);
    this.check('dc_unproject', x, y);
    const [wx, wy] = this.f64(this.call('dc_unprojected'), 2);
    return Number.isNaN(wx) ? null : { x: wx, y: wy };
  }

  /**
   * Places the label columns as screen labels (`x`, `y` in screen px) in one batch, as the CLI
   * does: no camera, no memory. Symbol and path columns written after `labelColumns` take
   * part (their offsets and points in screen px): the batch is then label-core's
   * `place_symbols`, and `candidate`, `parts` and `glyphs(i)` tell where each symbol shows.
   * `viewport`: `{width, height}` or none. Returns the views (opacity 1 or 0; pose: the
   * anchor point, or a text's middle on its line; boxes filled: the text at its candidate).
   */
  place(viewport, maxOverlapArea = 0) {
    this.check('dc_place_batch', viewport?.width ?? 0, viewport?.height ?? 0, maxOverlapArea);
    return this.views();
  }

  /** Fills the frame's `boxes` views (the debug view's collision boxes) and returns them. */
  boxes() {
    this.call('dc_write_boxes');
    return this.views().boxes;
  }

  // The result views, as long as the module's result columns (empty before any frame or
  // batch), made again only when the memory grew or a column moved.
  views() {
    const n = this.call('dc_output_len') >>> 0;
    const address = (k) => this.call('dc_output', k) >>> 0;
    const addresses = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(address);
    const key = `${n}:${addresses.join(',')}`;
    if (this.frameViews && this.viewKey === key && this.frameViews.buffer === this.memory.buffer) {
      return this.frameViews;
    }
    const buffer = this.memory.buffer;
    const f64 = (a, k) => new Float64Array(buffer, a + k * n * 8, n);
    const f32 = (a, k) => new Float32Array(buffer, a + k * n * 4, n);
    const stats = new Float64Array(buffer, addresses[7], STATS.length);
    this.frameViews = {
      buffer,
      count: n,
      visible: new Uint8Array(buffer, addresses[0], n),
      reason: new Uint8Array(buffer, addresses[1], n),
      blocker: new Uint8Array(buffer, addresses[2], n),
      hiddenBy: new Uint32Array(buffer, addresses[3], n),
      opacity: new Float32Array(buffer, addresses[4], n),
      opacityBits: new Uint32Array(buffer, addresses[4], n),
      pose: { x: f64(addresses[5], 0), y: f64(addresses[5], 1), angle: f64(addresses[5], 2), scale: f64(addresses[5], 3) },
      candidate: new Uint32Array(buffer, addresses[8], n),
      parts: new Uint8Array(buffer, addresses[9], n),
      boxes: {
        cx: f32(addresses[6], 0), cy: f32(addresses[6], 1), hx: f32(addresses[6], 2),
        hy: f32(addresses[6], 3), ux: f32(addresses[6], 4), uy: f32(addresses[6], 5),
      },
      get stats() {
        return Object.fromEntries(STATS.map((name, k) => [name, stats[k]]));
      },
    };
    this.viewKey = key;
    return this.frameViews;
  }
}

/** A style that cannot be read: `layer`, `property` and `path` name the culprit when known. */
export class StyleError extends Error {
  constructor(answer) {
    super(`declutter: ${answer.message}`);
    this.name = 'StyleError';
    this.layer = answer.layer;
    this.property = answer.property;
    this.path = answer.path;
  }
}

/**
 * A MapLibre style compiled once by the style library (label-style, as `declutter place
 * --style` reads it), on its own WebAssembly instance; `style` is the style's object or JSON
 * text. Throws a `StyleError` naming the layer, property and JSON path of a bad style.
 */
export async function createStyle(style, module) {
  const engine = await createEngine(module);
  return new Style(engine, typeof style === 'string' ? style : JSON.stringify(style));
}

/** A compiled style: its symbol layers, its warnings, and layouts evaluated per feature. */
export class Style {
  constructor(engine, text) {
    this.engine = engine;
    const answer = this.request('dc_style_parse', text);
    this.layers = answer.layers;
    this.warnings = answer.warnings;
  }

  // A failure throws a StyleError.
  request(name, text) {
    return textCall(this.engine, name, text, StyleError);
  }

  /**
   * The layouts of symbol layer `layer` at `zoom` for `features` (`{properties, geometry, id}`;
   * `geometry` a GeoJSON type name): one per feature, `null` where the layer does not show it
   * (hidden, outside its zoom range, or filtered out). `wrap: true` adds `lines`, `width` and
   * `height`: the text wrapped as MapLibre wraps it, measured with the bundled font;
   * `properties` (names) adds `values`, as `values` gives them.
   */
  layouts(layer, zoom, features, { wrap = false, properties } = {}) {
    return this.request('dc_style_layouts', JSON.stringify({ layer, zoom, features, wrap, properties }));
  }

  /**
   * The values of the named `properties` of symbol layer `layer` at `zoom` for `features`: per
   * feature an object, property name to value. Any layout or paint property of a symbol layer
   * that declutter reads or draws (`text-color`, `text-halo-width`, `icon-anchor`, `text-size`,
   * …): the style's setting evaluated by the style library, or the style-spec's default where
   * it is unset or fails (`null` for one without a default). Colours are the style's CSS text.
   */
  values(layer, zoom, features, properties) {
    return this.request('dc_style_values', JSON.stringify({ layer, zoom, features, properties }));
  }

  /** The value of one property of symbol layer `layer` for `feature` at `zoom` (see `values`). */
  evaluate(layer, property, feature, zoom) {
    return this.values(layer, zoom, [feature], [property])[0][property];
  }

  /**
   * Where the names of lines and areas go, as `declutter place --style` puts them: `lines`
   * `[{path: [x, y, …] (px), advances: [px, …], spacing, maxAngle, keepUpright, nested}]` get
   * the offsets (px along the line) of a name repeated every `spacing` px (with `nested: true`
   * at the fractions k/m of the line instead, m the power of two nearest length ÷ `spacing`, at
   * least 2: `spacing / √2` to `spacing · √2` px apart, and the copies of one zoom level are
   * copies of the next), slid off bends it cannot follow (`null`: the text is longer than the
   * line); `areas` (each a list of polygons, each a
   * list of flat rings, the outer first) get the pole of inaccessibility of their largest
   * polygon, `[x, y]` (`null`: no area). Answers `{lines, areas}`.
   */
  spots({ lines = [], areas = [] }) {
    return this.request('dc_spots', JSON.stringify({ lines, areas }));
  }

  /** The layout of one feature (see `layouts`). */
  layout(layer, zoom, feature, options) {
    return this.layouts(layer, zoom, [feature], options)[0];
  }
}

// Writes `text` into the module's text buffer, calls `name`, and reads its JSON answer; a
// failure throws `Failure` made from the error's answer.
function textCall(engine, name, text, Failure) {
  const bytes = new TextEncoder().encode(text);
  const address = engine.call('dc_text_input', bytes.length) >>> 0;
  const answer = () => JSON.parse(engine.text(engine.call('dc_text_result_address'), engine.call('dc_text_result_len')));
  if (address === 0) throw new Failure(answer());
  new Uint8Array(engine.memory.buffer, address, bytes.length).set(bytes);
  const status = engine.call(name);
  if (status !== 0) throw new Failure(answer());
  return answer();
}

/**
 * A GeoJSON placement that cannot be made: `source` names what is wrong (`request`, `style`,
 * `sprite`, `view` or `geojson`), and the message is the one `declutter place` prints.
 */
export class PlaceError extends Error {
  constructor(answer) {
    super(`declutter: ${answer.message}`);
    this.name = 'PlaceError';
    this.source = answer.source;
  }
}

const asText = (value) => (value === undefined || value === null || typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Places a GeoJSON FeatureCollection (object or text) with a MapLibre style as `declutter place
 * FILE --style S --sprite P --output-format json` places it, by the same readers and engine
 * (label-style and label-core in WebAssembly). `zoom` and `center` (`[lon, lat]`) are needed;
 * `size` (`[width, height]`, px, default 1920×1080), `bearing`, `layers` (symbol layer ids),
 * `sourceLayer` and `sprite` (the sprite index, object or text) are optional. Answers
 * `{placements, stats, warnings}`: one placement per feature, in input order, as the command
 * writes it. Throws a `PlaceError` naming what is wrong. The calls with one `module` (or none:
 * the default address's) share one instance, made by the first (its memory stays as large as the
 * largest request needed).
 */
export async function placeGeoJSON(geojson, { style, sprite, layers, sourceLayer, zoom, center, size, bearing } = {}, module) {
  const request = {
    geojson: asText(geojson), style: asText(style), sprite: asText(sprite), layers, sourceLayer, zoom, center, size, bearing,
  };
  const engine = await placer(module);
  try {
    return textCall(engine, 'dc_place_geojson', JSON.stringify(request), PlaceError);
  } finally {
    // A trapped instance (a panic) is not used again: the next call makes a fresh one.
    if (engine.panicked) placers.delete(module ?? DEFAULT_MODULE);
  }
}

// The instance each module's placeGeoJSON calls run on, made by the first call and kept as long
// as the module is (a call holds nothing between calls: its request and answer are text). Keyed
// by the module, or by DEFAULT_MODULE for the module loaded from the default address.
const placers = new WeakMap();
const DEFAULT_MODULE = Object.freeze({});

function placer(module) {
  const key = module ?? DEFAULT_MODULE;
  if (!placers.has(key)) {
    const made = createEngine(module);
    placers.set(key, made);
    made.catch(() => placers.delete(key)); // a module that fails to load is tried again next time
  }
  return placers.get(key);
}
