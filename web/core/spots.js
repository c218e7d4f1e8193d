// Where the labels of lines and areas go, from the style library in WebAssembly (`Style.spots`):
// a name along a line (`symbol-placement: line`) is repeated along it, one label per copy, each
// with the world offset along the line of its text's middle. The copies are laid out at the
// whole zoom level read, as MapLibre lays them per tile level, at the fractions k/m of the
// line, k = 1 … m − 1, m the power of two nearest the line's length ÷ `symbol-spacing` (at
// least 2; `nested`): `length / m` apart, from `symbol-spacing / √2` to `symbol-spacing · √2`
// on a line long enough (a shorter one gets one copy, at its middle), each slid off a bend by
// at most half that. Every copy of one level is a copy of the next; a copy's key is its
// fraction (`key@0.5`, `key@0.25`, …), so a copy on screen keeps its key, and with it its fade
// state, when the zoom crosses a whole level. An area's name (a polygon with
// `symbol-placement: point`) goes to the pole of inaccessibility of its largest polygon. One
// request per label set; a label whose line or area is unchanged keeps its answer.
import { sameNumbers } from './labels.js';

export class Spots {
  // `style`: a compiled Style of @declutter/wasm (any style: `spots` reads no layer).
  constructor(style) {
    this.style = style;
    this.lines = new Map(); // key -> {path, advances, spacing, maxAngle, scale, offsets}
    this.areas = new Map(); // key -> {area, scale, pole}
  }

  // Replaces, in `labels` (key -> spec), every spec with `spacing` by its copies along its line
  // and moves every spec with `area` (polygons of flat world-px rings) to its pole. `scale`:
  // screen px per world px at the whole zoom the copies are laid out for.
  apply(labels, scale) {
    const lines = [];
    const areas = [];
    for (const [key, spec] of labels) {
      if (spec.path && spec.spacing) {
        const seen = this.lines.get(key);
        if (seen?.scale === scale && seen.spacing === spec.spacing && seen.maxAngle === spec.maxAngle
          && sameNumbers(seen.path, spec.path) && sameNumbers(seen.advances, spec.advances)) continue;
        lines.push([key, spec]);
      } else if (spec.area) {
        const seen = this.areas.get(key);
        if (seen?.scale === scale && sameAreas(seen.area, spec.area)) continue;
        areas.push([key, spec]);
      }
    }
    if (lines.length || areas.length) {
      const scaled = (flat) => flat.map((v) => v * scale);
      const answer = this.style.spots({
        lines: lines.map(([, s]) => ({
          path: scaled(s.path), advances: s.advances, spacing: s.spacing, maxAngle: s.maxAngle, keepUpright: s.keepUpright, nested: true,
        })),
        areas: areas.map(([, s]) => s.area.map((rings) => rings.map(scaled))),
      });
      lines.forEach(([key, s], k) => this.lines.set(key, {
        path: s.path, advances: s.advances, spacing: s.spacing, maxAngle: s.maxAngle, scale,
        offsets: answer.lines[k]?.map((o) => o / scale) ?? [undefined],
      }));
      areas.forEach(([key, s], k) => this.areas.set(key, { area: s.area, scale, pole: answer.areas[k]?.map((v) => v / scale) }));
    }
    const read = new Set();
    for (const [key, spec] of [...labels]) {
      if (spec.path && spec.spacing) {
        labels.delete(key);
        read.add(key);
        // The k-th of n copies is at (k + 1)/(n + 1) of the line. A text longer than its line:
        // one label at the middle (the engine says no_room).
        const { offsets } = this.lines.get(key);
        offsets.forEach((pathOffset, k) => labels.set(`${key}@${(k + 1) / (offsets.length + 1)}`, pathOffset === undefined ? spec : { ...spec, pathOffset }));
      } else if (spec.area) {
        const pole = this.areas.get(key).pole;
        if (pole) labels.set(key, { ...spec, x: pole[0], y: pole[1] });
        else labels.delete(key);
      }
    }
    // What left the view is forgotten.
    for (const key of this.lines.keys()) if (!read.has(key)) this.lines.delete(key);
    for (const key of this.areas.keys()) if (!labels.has(key)) this.areas.delete(key);
  }
}

function sameAreas(a, b) {
  return a.length === b.length && a.every((rings, p) => rings.length === b[p].length && rings.every((r, k) => sameNumbers(r, b[p][k])));
}
