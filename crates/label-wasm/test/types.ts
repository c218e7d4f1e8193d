// Compiled by `tsc --noEmit` (scripts/test.sh): the wrapper's types describe a renderer's use.
import {
  ANCHORS, Blocker, Flags, NO_CANDIDATE, PARTS, REASONS, StyleError, anchorFlags, createEngine, createStyle, loadModule,
  PlaceError, placeGeoJSON,
} from '../js/declutter.js';
import type { Anchor, Camera, FeaturePlacement, FrameViews, LabelObject, PropertyValues, SymbolLayout } from '../js/declutter.js';

export async function example(): Promise<number> {
  const engine = await createEngine(await loadModule(), { fadeMs: 200, stickiness: 'shown' });
  const labels: LabelObject[] = [
    { lon: 16.3725, lat: 48.2083, width: 70, height: 16, priority: 5, anchor: 'left', offset: [4, 0] },
    { lon: 16.3712, lat: 48.208, width: 110, height: 14, angle: 20, alignment: 'map' },
    {
      lon: 16.37, lat: 48.21, width: 50, height: 14, candidates: [{ anchor: 'left', offset: [8, 0] }],
      icon: { width: 16, height: 16, anchor: 'bottom' }, optional: 'text', repeatGroup: 3, repeatDistance: 120,
    },
    {
      lon: 0, lat: 0, width: 0, height: 12, path: [[16.37, 48.2], [16.38, 48.21]], glyphAdvances: [7, 6.5, 7],
      pathOffset: 30, maxAngle: 40,
    },
  ];
  engine.setLabels(labels);
  const columns = engine.labelColumns(1);
  columns.width[0] = 10;
  columns.height[0] = 5;
  columns.flags[0] = Flags.MAP_ALIGNED | anchorFlags(ANCHORS[5]);
  const symbols = engine.symbolColumns(1);
  symbols.candidates[0] = 1;
  symbols.table.set([1, 8, 0]);
  symbols.repeatGroup[0] = 2;
  const lines = engine.pathColumns(2, 1);
  lines.points[0] = 2;
  lines.pointTable.set([1, 2, 3, 4]);
  lines.glyphs[0] = 1;
  lines.advanceTable[0] = 6;
  engine.commitLabels('world');
  const camera: Camera = { lon: 16.3725, lat: 48.2083, zoom: 16, width: 1280, height: 720, bearing: 5 };
  const frame: FrameViews = engine.placeFrame(camera, 16.7);
  let drawn = 0;
  for (let i = 0; i < frame.count; i++) {
    if (frame.opacity[i] > 0) drawn += frame.pose.scale[i];
    if (PARTS[frame.parts[i]] !== 'icon' && frame.candidate[i] !== NO_CANDIDATE) drawn += frame.candidate[i];
    if (REASONS[frame.reason[i]] === 'collision' && frame.blocker[i] === Blocker.LABEL) drawn += frame.hiddenBy[i];
  }
  engine.setCamera({ ...camera, pitch: 30, centerOffset: [40, -12] });
  drawn += engine.placeFrame(33.4).stats.visible;
  drawn += engine.placeFrame({ ...camera, centerOffset: new Float64Array([40, -12]) }, 50).stats.visible;
  engine.setObstacles([{ box: [0, 0, 100, 40] }, { circle: [640, 360, 12] }]);
  const under = engine.unproject(camera, 10, 10);
  const glyphs = engine.glyphs(2);
  if (glyphs) drawn += glyphs[0];
  // A batch of screen labels with symbols: where each shows, and a text's glyphs.
  const screen = engine.labelColumns(2);
  screen.width.fill(40);
  screen.height.fill(12);
  const around = engine.symbolColumns(2);
  around.candidates[0] = 2;
  around.table.set([1, 4, 0, 2, -4, 0]);
  const along = engine.pathColumns(2, 3);
  along.points[1] = 2;
  along.pointTable.set([0, 50, 100, 50]);
  along.glyphs[1] = 3;
  along.advanceTable.set([7, 7, 7]);
  const batch: FrameViews = engine.place({ width: 200, height: 100 });
  if (batch.candidate[0] !== NO_CANDIDATE && PARTS[batch.parts[0]] === 'none') drawn += batch.candidate[0];
  drawn += engine.glyphs(1)?.length ?? 0;
  return drawn + frame.stats.visible + (under ? under.x : 0) + engine.boxes().cx.length;
}

export async function styled(style: object): Promise<string[]> {
  try {
    const compiled = await createStyle(style);
    const layer = compiled.layers[0];
    const out: (SymbolLayout | null)[] = compiled.layouts(layer.id, 12, [{ properties: { name: 'Wien' }, geometry: 'Point', id: 1 }], { wrap: true });
    const anchors: Anchor[] = out[0]?.candidates.map((c) => c.anchor) ?? [];
    const lines = out[0]?.lines?.map((l) => `${l.text} ${l.width}`) ?? [];
    const feature = { properties: { name: 'Wien' }, geometry: 'Point' as const };
    const paint: PropertyValues[] = compiled.values(layer.id, 12, [feature], ['text-color', 'icon-offset']);
    const colour = compiled.evaluate(layer.id, 'text-halo-color', feature, 12);
    const drawn = compiled.layout(layer.id, 12, feature, { properties: ['text-color'] })?.values?.['text-color'];
    return [...anchors, ...lines, ...compiled.warnings.map((w) => `${w.layer}: ${w.property}`),
      String(paint[0]['text-color']), String(colour), String(drawn)];
  } catch (e) {
    if (e instanceof StyleError) return [e.layer ?? '', e.property ?? '', e.path ?? ''];
    throw e;
  }
}

export async function placed(collection: object, style: object): Promise<string[]> {
  try {
    const { placements, stats, warnings } = await placeGeoJSON(collection, {
      style, layers: ['places'], zoom: 14, center: [16.4, 48.222], size: [1600, 1000], bearing: 0,
    });
    const shown: FeaturePlacement[] = placements.filter((p) => p.visible);
    const glyphs = shown.flatMap((p) => p.glyphs?.map(([x, y, angle]) => x + y + angle) ?? []);
    return [...shown.map((p) => `${p.id} ${p.candidate ?? ''} ${p.parts ?? ''}`), `${stats.visible} ${glyphs.length}`, ...warnings];
  } catch (e) {
    if (e instanceof PlaceError) return [e.source, e.message];
    throw e;
  }
}
