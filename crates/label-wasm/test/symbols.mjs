// Symbols through the JS API: one scene (the Rust unit test
// `symbols_choose_candidates_parts_and_repeat_as_the_native_engine` places the same labels
// with the native engine) written both as plain objects and as symbol columns, and what each
// label must show. Run by node.test.mjs in node and by browser.test.mjs in Chromium.

// Screen x = 400 + 16 × (world x − 128) at zoom 4. 0 shows right of its icon; 1 (70 px left
// of it) only left of its own; 2's text fits nowhere (0's text on its left, an obstacle on its
// right), its icon alone; 3 is in 0's repeat group, 180 px away, too close.
const CAMERA = { x: 128, y: 128, zoom: 4, width: 800, height: 600 };
const OBSTACLES = [{ box: [495, 0, 800, 600] }];
const CANDIDATES = [{ anchor: 'left', offset: [10, 0] }, { anchor: 'right', offset: [-10, 0] }];
const poi = (dx, priority) => ({
  x: 128 + dx / 16, y: 128, width: 60, height: 12, priority,
  candidates: CANDIDATES, icon: { width: 12, height: 12 }, optional: 'text',
});

/** The scene as `setLabels` objects. */
export const LABELS = [
  { ...poi(0, 4), repeatGroup: 1 },
  poi(-70, 3),
  poi(82, 2),
  { x: 128 - 180 / 16, y: 128, width: 20, height: 12, repeatGroup: 1, repeatDistance: 200 },
];

/** What the frame must show: candidate (null: none), parts and reason names per label. */
export const EXPECTED = {
  visible: [1, 1, 1, 0],
  candidate: [0, 1, null, null],
  parts: ['both', 'both', 'icon', 'none'],
  reason: ['visible', 'visible', 'visible', 'repeat'],
  hiddenBy: 0,
};

// The same scene written to the label and symbol columns by hand.
function writeColumns(engine) {
  const c = engine.labelColumns(LABELS.length);
  LABELS.forEach((l, i) => {
    c.x[i] = l.x; c.y[i] = l.y; c.width[i] = l.width; c.height[i] = l.height; c.priority[i] = l.priority ?? 0;
  });
  const s = engine.symbolColumns(6);
  s.table.set([1, 10, 0, 2, -10, 0, 1, 10, 0, 2, -10, 0, 1, 10, 0, 2, -10, 0]);
  for (const i of [0, 1, 2]) {
    s.candidates[i] = 2; s.iconWidth[i] = 12; s.iconHeight[i] = 12; s.optional[i] = 1;
  }
  s.repeatGroup[0] = 1; s.repeatGroup[3] = 1; s.repeatDistance[3] = 200;
  engine.commitLabels('world');
}

/**
 * Places the scene on a fresh engine of `module` both ways and returns, per way, the frame's
 * visible, candidate (null for none), parts and reason names, and who hid label 3.
 */
export async function placeSymbols(declutter, module) {
  const { createEngine, REASONS, PARTS, NO_CANDIDATE } = declutter;
  const read = (f) => ({
    visible: [...f.visible],
    candidate: [...f.candidate].map((c) => (c === NO_CANDIDATE ? null : c)),
    parts: [...f.parts].map((p) => PARTS[p]),
    reason: [...f.reason].map((r) => REASONS[r]),
    hiddenBy: f.hiddenBy[3],
  });
  const results = [];
  for (const write of [(e) => e.setLabels(LABELS), writeColumns]) {
    const engine = await createEngine(module);
    write(engine);
    engine.setObstacles(OBSTACLES);
    results.push(read(engine.placeFrame(CAMERA, 0)));
  }
  return results;
}
