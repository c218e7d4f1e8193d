// MapLibre's own placement, measured in the page: how long each placement takes, which labels
// it shows, and whether the boxes of the shown labels overlap.
//
// Time: MapLibre runs its symbol placement in `Style._updatePlacement` (cross-tile symbol
// index, then collision detection over every symbol layer, then the commit); `instrument`
// times each call with `performance.now()`. With the map option `fadeDuration: 0`, every render
// places all symbols again (MapLibre's full placement, not its 2 ms-budgeted, paused one), the
// per-frame work that a per-frame engine is compared with.
//
// Boxes: the committed placement's collision index holds, in viewport pixels (offset by its
// 100-px padding), the box of every placed text or icon and the circles that stand for the
// glyphs of a text along a line (`grid.bboxes`, `grid.circles`, keyed by the symbol's bucket
// and feature). These are MapLibre's own collision geometry: axis-aligned boxes, and circles
// along lines; the drawn glyph quads are not read (an approximation of the drawn boxes:
// exact for upright point labels, the circles' union for names along lines).

const PADDING = 100; // MapLibre's collision-index viewport padding, px

// Wraps `map.style._updatePlacement`; returns the list that receives each call's milliseconds
// (`total`) and the part of them spent adding tiles' symbols to the cross-tile symbol index
// (`index`, `CrossTileSymbolIndex.addLayer`), one {total, index} per call.
export function instrument(map) {
  const style = map.style;
  const original = style._updatePlacement;
  const crossTile = style.crossTileSymbolIndex;
  if (typeof original !== 'function' || typeof crossTile?.addLayer !== 'function') {
    throw new Error('MapLibre has no Style._updatePlacement or CrossTileSymbolIndex.addLayer to time');
  }
  const times = [];
  let index = 0;
  const addLayer = crossTile.addLayer;
  crossTile.addLayer = function timedAddLayer(...args) {
    const start = performance.now();
    const result = addLayer.apply(this, args);
    index += performance.now() - start;
    return result;
  };
  style._updatePlacement = function timed(...args) {
    index = 0;
    const start = performance.now();
    const result = original.apply(this, args);
    times.push({ total: performance.now() - start, index });
    return result;
  };
  return times;
}

// The distinct features the named symbol layers show now (MapLibre's queryRenderedFeatures over
// the whole canvas), as `layer:id` strings.
export function shownLabels(map, layers) {
  const shown = new Set();
  for (const feature of map.queryRenderedFeatures(undefined, { layers })) {
    shown.add(`${feature.layer.id}:${feature.id ?? JSON.stringify(feature.properties)}`);
  }
  return [...shown].sort();
}

// The committed placement's collision geometry on screen, grouped by symbol (bucket + feature):
// [{key, boxes: [[x1, y1, x2, y2]…], circles: [[x, y, r]…]}], in canvas pixels.
export function placedSymbols(map) {
  const index = map.style.placement?.collisionIndex;
  if (!index) return [];
  const { grid } = index;
  const width = map.getCanvas().clientWidth;
  const height = map.getCanvas().clientHeight;
  const symbols = new Map();
  const entry = (key) => {
    const id = `${key.bucketInstanceId}:${key.featureIndex}`;
    if (!symbols.has(id)) symbols.set(id, { key: id, boxes: [], circles: [] });
    return symbols.get(id);
  };
  for (let k = 0; k < grid.boxKeys.length; k++) {
    const [x1, y1, x2, y2] = grid.bboxes.slice(4 * k, 4 * k + 4).map((v) => v - PADDING);
    if (x2 <= 0 || y2 <= 0 || x1 >= width || y1 >= height) continue;
    entry(grid.boxKeys[k]).boxes.push([x1, y1, x2, y2]);
  }
  for (let k = 0; k < grid.circleKeys.length; k++) {
    const x = grid.circles[3 * k] - PADDING;
    const y = grid.circles[3 * k + 1] - PADDING;
    const r = grid.circles[3 * k + 2];
    if (x + r <= 0 || y + r <= 0 || x - r >= width || y - r >= height) continue;
    entry(grid.circleKeys[k]).circles.push([x, y, r]);
  }
  return [...symbols.values()];
}

const boxesMeet = (a, b, tau, tauY) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > tau
  && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > tauY;

const circlesMeet = (a, b, tau) => Math.hypot(a[0] - b[0], a[1] - b[1]) < a[2] + b[2] - tau;

// How deep a circle reaches into a box: positive when they overlap.
function circleBoxDepth([x, y, r], [x1, y1, x2, y2]) {
  const dx = Math.max(x1 - x, 0, x - x2);
  const dy = Math.max(y1 - y, 0, y - y2);
  return r - Math.hypot(dx, dy);
}

function shapesMeet(a, b, tau, tauY) {
  for (const p of a.boxes) {
    for (const q of b.boxes) if (boxesMeet(p, q, tau, tauY)) return true;
    for (const c of b.circles) if (circleBoxDepth(c, p) > tau) return true;
  }
  for (const c of a.circles) {
    for (const q of b.boxes) if (circleBoxDepth(c, q) > tau) return true;
    for (const d of b.circles) if (circlesMeet(c, d, tau)) return true;
  }
  return false;
}

// Every pair of symbols whose shapes overlap by more than `tau` px (two boxes: by more than `tau`
// across and `tauY` down), by brute force (all pairs).
export function overlappingPairs(symbols, tau = 0, tauY = tau) {
  const pairs = [];
  for (let i = 0; i < symbols.length; i++) {
    for (let j = i + 1; j < symbols.length; j++) {
      if (shapesMeet(symbols[i], symbols[j], tau, tauY)) pairs.push([symbols[i].key, symbols[j].key]);
    }
  }
  return pairs;
}

// The p-th percentile (0–100) of `values`, nearest rank.
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

// Runs `move` (a camera change, or nothing) and resolves when the map has rendered the result
// and everything it loads (MapLibre's `idle`); one render when nothing needs loading.
export function settle(map, move = () => {}) {
  return new Promise((resolve) => {
    map.once('idle', resolve);
    move();
    map.triggerRepaint(); // no second frame when `move` already asked for one
  });
}
