// Labels kept by their features' identity. The engine's memory of a label (shown last frame,
// its fade) follows its index, so each key keeps its slot for good: a feature that comes back
// (its tile reloaded, another tile holding a piece of it) gets its slot and its state back. A
// key that leaves becomes a ghost — a 1-px box that may overlap and is no obstacle, so it
// changes no other label's decision — and is neither drawn nor reported. When ghosts are most of
// the slots the store is compacted: the live labels are renumbered and the owner starts a fresh
// engine (their fades start again, once).
import { Flags, anchorFlags } from '@declutter/wasm';

const GHOST = { width: 1, height: 1, flags: Flags.ALLOW_OVERLAP | Flags.IGNORE_PLACEMENT };

export class LabelStore {
  constructor({ compactAbove = 4096 } = {}) {
    this.slots = []; // {key, spec, live}
    this.byKey = new Map();
    this.groups = new Map(); // repeat group name -> number
    this.changed = false;
    this.compactAbove = compactAbove;
  }

  // Replaces the live set: `specs` maps key -> spec (see `Spec` in index.d.ts). Returns whether
  // anything the engine reads changed.
  update(specs) {
    for (const slot of this.slots) {
      const spec = specs.get(slot.key);
      if (spec === undefined) {
        if (slot.live) { slot.live = false; this.changed = true; }
      } else {
        if (!slot.live || !sameForEngine(slot.spec, spec)) this.changed = true;
        slot.live = true;
        slot.spec = spec;
      }
    }
    for (const [key, spec] of specs) {
      if (this.byKey.has(key)) continue;
      this.byKey.set(key, this.slots.length);
      this.slots.push({ key, spec, live: true });
      this.changed = true;
    }
    return this.changed;
  }

  // True when ghosts outnumber the live labels past the threshold; then renumbers the slots.
  compactIfSparse() {
    const ghosts = this.slots.reduce((n, s) => n + (s.live ? 0 : 1), 0);
    if (ghosts <= this.compactAbove || ghosts * 2 <= this.slots.length) return false;
    this.slots = this.slots.filter((s) => s.live);
    this.byKey = new Map(this.slots.map((s, i) => [s.key, i]));
    this.changed = true;
    return true;
  }

  // What the engine is given for every slot (ghosts included), plain data: the test replays it.
  engineLabels() {
    return this.slots.map((s) => (s.live ? engineFields(s.spec, this.groups) : ghost(s.spec)));
  }
}

function ghost(spec) {
  return { x: spec.x, y: spec.y, ...GHOST };
}

// The fields the engine reads, with the repeat group as a number.
function engineFields(spec, groups) {
  const out = {
    x: spec.x, y: spec.y, width: spec.width, height: spec.height, priority: spec.priority ?? 0,
    angle: spec.angle ?? 0, offsetX: spec.offset?.[0] ?? 0, offsetY: spec.offset?.[1] ?? 0,
    padding: spec.padding ?? 0,
    flags: anchorFlags(spec.anchor ?? 'center') | (spec.allowOverlap ? Flags.ALLOW_OVERLAP : 0)
      | (spec.ignorePlacement ? Flags.IGNORE_PLACEMENT : 0),
  };
  if (spec.path) {
    out.path = spec.path;
    out.advances = spec.advances;
    out.maxAngle = spec.maxAngle ?? 45;
    if (spec.pathOffset !== undefined) out.pathOffset = spec.pathOffset;
    if (spec.keepUpright === false) out.flags |= Flags.NO_KEEP_UPRIGHT;
  }
  if (spec.candidates?.length) out.candidates = spec.candidates.map((c) => [c.anchor ?? 'center', c.offset ?? [0, 0]]);
  if (spec.icon) {
    const { width, height, anchor = 'center', offset = [0, 0], padding = 0 } = spec.icon;
    out.icon = [width, height, anchor, offset[0], offset[1], padding];
    out.optional = spec.optional ?? 'none';
  }
  if (spec.repeatGroup !== undefined && spec.repeatGroup !== null) {
    const name = String(spec.repeatGroup);
    if (!groups.has(name)) groups.set(name, groups.size);
    out.repeatGroup = groups.get(name);
    out.repeatDistance = spec.repeatDistance ?? 0;
  }
  return out;
}

function sameForEngine(a, b) {
  if (a === b) return true;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height
    && a.priority === b.priority && a.anchor === b.anchor && a.padding === b.padding
    && a.angle === b.angle && a.pathOffset === b.pathOffset
    && a.offset?.[0] === b.offset?.[0] && a.offset?.[1] === b.offset?.[1]
    && a.allowOverlap === b.allowOverlap && a.ignorePlacement === b.ignorePlacement
    && sameNumbers(a.path, b.path) && sameNumbers(a.advances, b.advances)
    && JSON.stringify([a.candidates, a.icon && [a.icon.width, a.icon.height, a.icon.anchor, a.icon.offset],
      a.optional, a.repeatGroup, a.repeatDistance])
      === JSON.stringify([b.candidates, b.icon && [b.icon.width, b.icon.height, b.icon.anchor, b.icon.offset],
        b.optional, b.repeatGroup, b.repeatDistance]);
}

export function sameNumbers(a, b) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const OPTIONAL = { none: 0, text: 1, icon: 2 };
const ANCHOR_NUMBER = { center: 0, left: 1, right: 2, top: 3, bottom: 4, 'top-left': 5, 'top-right': 6, 'bottom-left': 7, 'bottom-right': 8 };

// Writes engine labels (from `engineLabels`) into an engine's columns, world px, and commits.
// Each `*Columns` call may grow the module's memory, so each set of views is written whole
// before the next is asked for.
export function commitEngineLabels(engine, labels) {
  const n = labels.length;
  const c = engine.labelColumns(n);
  let candidates = 0;
  let points = 0;
  let glyphs = 0;
  let symbols = false;
  labels.forEach((l, i) => {
    c.x[i] = l.x; c.y[i] = l.y; c.width[i] = l.width; c.height[i] = l.height;
    c.priority[i] = l.priority ?? 0; c.angle[i] = l.angle ?? 0;
    c.offsetX[i] = l.offsetX ?? 0; c.offsetY[i] = l.offsetY ?? 0; c.padding[i] = l.padding ?? 0;
    c.flags[i] = l.flags;
    candidates += l.candidates?.length ?? 0;
    if (l.path) { points += l.path.length / 2; glyphs += l.advances.length; }
    if (l.candidates || l.icon || l.repeatGroup !== undefined) symbols = true;
  });
  if (symbols) {
    const s = engine.symbolColumns(candidates);
    s.repeatGroup.fill(-1);
    let row = 0;
    labels.forEach((l, i) => {
      for (const [anchor, [dx, dy]] of l.candidates ?? []) {
        s.table[3 * row] = ANCHOR_NUMBER[anchor]; s.table[3 * row + 1] = dx; s.table[3 * row + 2] = dy;
        row++;
      }
      s.candidates[i] = l.candidates?.length ?? 0;
      if (l.icon) {
        const [w, h, anchor, dx, dy, padding] = l.icon;
        s.iconWidth[i] = w; s.iconHeight[i] = h; s.iconAnchor[i] = ANCHOR_NUMBER[anchor];
        s.iconOffsetX[i] = dx; s.iconOffsetY[i] = dy; s.iconPadding[i] = padding;
        s.optional[i] = OPTIONAL[l.optional];
      }
      if (l.repeatGroup !== undefined) { s.repeatGroup[i] = l.repeatGroup; s.repeatDistance[i] = l.repeatDistance; }
    });
  }
  if (points) {
    const p = engine.pathColumns(points, glyphs);
    let at = 0;
    let g = 0;
    labels.forEach((l, i) => {
      if (!l.path) return;
      p.points[i] = l.path.length / 2;
      p.glyphs[i] = l.advances.length;
      p.pathOffset[i] = l.pathOffset ?? NaN;
      p.maxAngle[i] = l.maxAngle;
      p.pointTable.set(l.path, at);
      p.advanceTable.set(l.advances, g);
      at += l.path.length;
      g += l.advances.length;
    });
  }
  engine.commitLabels('world');
}
