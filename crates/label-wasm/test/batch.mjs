// The batch `place` with symbols and texts along lines, against label-core's `place_symbols`:
// `web_scene` writes www/data/batch.json — seeded labels with every symbol field and the
// Natural Earth places and GeoNames cities over Europe as symbols, as input columns, with the
// core's decisions and glyphs computed natively — and each case is placed here through the
// WebAssembly module. Run by node.test.mjs.

/** Places `c` (a case of batch.json) on a fresh engine of `module`; returns the engine and views. */
export async function placeCase(declutter, module, c) {
  const engine = await declutter.createEngine(module);
  const labels = engine.labelColumns(c.count);
  for (const [name, values] of Object.entries(c.labels)) labels[name].set(values);
  if (c.symbols.candidateCount > 0 || c.symbols.columns.iconWidth.some((w) => w > 0)) {
    const symbols = engine.symbolColumns(c.symbols.candidateCount);
    for (const [name, values] of Object.entries(c.symbols.columns)) symbols[name].set(values);
  }
  if (c.paths.pointCount > 0) {
    const paths = engine.pathColumns(c.paths.pointCount, c.paths.glyphCount);
    // JSON has no NaN: a path offset of null is "the middle of the line".
    for (const [name, values] of Object.entries(c.paths.columns)) paths[name].set(values.map((v) => v ?? NaN));
  }
  engine.setObstacles(c.obstacles);
  return { engine, views: engine.place(c.viewport) };
}

/** The views of a batch in the names of batch.json's `expected`. */
export function readBatch(declutter, engine, views) {
  const { REASONS, PARTS, NO_CANDIDATE, Blocker } = declutter;
  const hiddenBy = [...views.blocker].map((b, i) => {
    if (b === Blocker.LABEL) return { label: views.hiddenBy[i] };
    if (b === Blocker.OBSTACLE) return { obstacle: views.hiddenBy[i] };
    return null;
  });
  return {
    visible: [...views.visible].map((v) => v === 1),
    reason: [...views.reason].map((r) => REASONS[r]),
    hiddenBy,
    candidate: [...views.candidate].map((k) => (k === NO_CANDIDATE ? null : k)),
    parts: [...views.parts].map((p) => (p === 0 ? null : PARTS[p])),
    // `+ 0`: a level glyph's angle may be -0.
    glyphs: Array.from({ length: views.count }, (_, i) => {
      const g = engine.glyphs(i);
      return g ? [...g].map((v) => v + 0) : null;
    }),
  };
}
