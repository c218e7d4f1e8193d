// Texts along lines through the JS API: the scene of the Rust unit test
// `path_labels_lay_glyphs_as_the_native_engine` (which checks the glyphs against the native
// engine), as `setLabels` objects. Run by node.test.mjs in node and by browser.test.mjs in
// Chromium.

// Screen x = 400 + 16 × (world x − 128) at zoom 4. 0: a straight line at screen y 300 with
// five 8-px glyphs; 1: a line too short for its text; 2: a right angle across which its text
// would turn by more than 30°.
const CAMERA = { x: 128, y: 128, zoom: 4, width: 800, height: 600 };
const text = (path, glyphs, extra) => ({ x: 0, y: 0, width: 0, height: 10, path, glyphAdvances: Array(glyphs).fill(8), ...extra });

/** The scene as `setLabels` objects. */
export const LABELS = [
  text([[126, 128], [130, 128]], 5),
  text([[128, 120], [128.5, 120]], 5),
  text([[125, 134], [128, 134], [128, 137]], 12, { maxAngle: 30 }),
];

/** What the frame must show: reasons, and label 0's glyphs (x, y, angle, advance each). */
export const EXPECTED = {
  reason: ['visible', 'no_room', 'too_curved'],
  glyphs: [384, 392, 400, 408, 416].flatMap((x) => [x, 300, 0, 8]),
  hiddenGlyphs: null,
  reversed: [false, null],
};

/** Places the scene on a fresh engine of `module`; returns what `EXPECTED` lists. */
export async function placePaths(declutter, module) {
  const engine = await declutter.createEngine(module);
  engine.setLabels(LABELS);
  const frame = engine.placeFrame(CAMERA, 0);
  const reason = [...frame.reason].map((r) => declutter.REASONS[r]);
  // `+ 0`: a level glyph's angle may be -0.
  const reversed = [engine.reversed(0), engine.reversed(1)];
  return { reason, glyphs: [...engine.glyphs(0)].map((v) => v + 0), hiddenGlyphs: engine.glyphs(1), reversed };
}
