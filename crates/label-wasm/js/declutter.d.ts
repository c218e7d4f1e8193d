// Types of the ES-module wrapper over declutter.wasm. See docs/web.md.

/** Anchor names (which point of the box sits on the anchor point), by number. */
export declare const ANCHORS: readonly [
  'center', 'left', 'right', 'top', 'bottom', 'top-left', 'top-right', 'bottom-left', 'bottom-right',
];
export type Anchor = (typeof ANCHORS)[number];

/** Bits of a label's `flags` column; the anchor's number goes in bits 8–11 (`anchorFlags`). */
export declare const Flags: Readonly<{
  ALLOW_OVERLAP: 1;
  IGNORE_PLACEMENT: 2;
  NO_KEEP_UPRIGHT: 4;
  MAP_ALIGNED: 8;
}>;

/**
 * Names of the `reason` column's values: 0 visible, 1 collision, 2 offscreen, 3 behind_camera,
 * 4 repeat, 5 no_room, 6 too_curved (the engine's names, as in every other binding).
 */
export declare const REASONS: readonly [
  'visible', 'collision', 'offscreen', 'behind_camera', 'repeat', 'no_room', 'too_curved',
];

/** Names of the `parts` column's values: which parts of a symbol show. */
export declare const PARTS: readonly ['none', 'both', 'text', 'icon'];

/** The `candidate` column's value for no candidate. */
export declare const NO_CANDIDATE: 0xffffffff;

/** The `blocker` column: what `hiddenBy` indexes. */
export declare const Blocker: Readonly<{ NONE: 0; LABEL: 1; OBSTACLE: 2 }>;

/** The flags bits of an anchor name (throws for an unknown name). */
export declare function anchorFlags(anchor?: Anchor): number;

/** Compiles declutter.wasm from a URL, a Response, bytes or a compiled module. */
export declare function loadModule(
  source?: URL | string | Response | BufferSource | WebAssembly.Module,
): Promise<WebAssembly.Module>;

/** A new engine on its own WebAssembly instance. */
export declare function createEngine(module?: WebAssembly.Module, options?: FrameOptions): Promise<Engine>;

/** Views to write labels into, `n` values each (zeroed). */
export interface LabelColumns {
  /** World x (px at zoom 0; the world is 256 px wide) or longitude; screen x for `place`. */
  x: Float64Array;
  /** World y (px at zoom 0, down) or latitude; screen y for `place`. */
  y: Float64Array;
  /** Text box width on screen, px, > 0. */
  width: Float64Array;
  /** Text box height on screen, px, > 0. */
  height: Float64Array;
  /** Degrees counter-clockwise, on screen (or on the map with `Flags.MAP_ALIGNED`). */
  angle: Float64Array;
  /** Higher is placed first. */
  priority: Float64Array;
  /** Shift of the box in the label's own frame, px. */
  offsetX: Float64Array;
  /** Shift of the box in the label's own frame, px (down). */
  offsetY: Float64Array;
  /** Margin on every side, px, ≥ 0. */
  padding: Float64Array;
  /** `Flags` bits | `anchorFlags(anchor)`. */
  flags: Uint32Array;
}

/** Views to write the labels' symbols into (`symbolColumns`), `n` values each but `table`. */
export interface SymbolColumns {
  /** How many rows of `table` are the label's candidate positions (0: its own anchor and offset). */
  candidates: Float64Array;
  /** Icon size, px (0 and 0: no icon). */
  iconWidth: Float64Array;
  iconHeight: Float64Array;
  /** Index into `ANCHORS`: which point of the icon sits on the anchor point. */
  iconAnchor: Float64Array;
  iconOffsetX: Float64Array;
  iconOffsetY: Float64Array;
  iconPadding: Float64Array;
  /** 0 both parts or neither, 1 the text is optional, 2 the icon is optional. */
  optional: Float64Array;
  /** -1: no group. */
  repeatGroup: Float64Array;
  /** Px; a label of the group shown before it closer than this hides it (reason `repeat`). */
  repeatDistance: Float64Array;
  /** Anchor number, offset x, offset y per candidate, in label order. */
  table: Float64Array;
}

/** Views to write the labels' lines into (`pathColumns`), `n` values each but the tables. */
export interface PathColumns {
  /** How many rows of `pointTable` are the label's line (0: not a text along a line). */
  points: Float64Array;
  /** How many values of `advanceTable` are its glyph advances. */
  glyphs: Float64Array;
  /** Px along the line where the middle of the text sits; NaN (written): the middle. */
  pathOffset: Float64Array;
  /** Largest turn between consecutive glyphs, degrees (45 written). */
  maxAngle: Float64Array;
  /** x, y pairs in the labels' coordinates, label after label. */
  pointTable: Float64Array;
  /** Glyph advances, px, label after label. */
  advanceTable: Float64Array;
}

/** A candidate position of a symbol's text. */
export interface CandidateObject {
  anchor?: Anchor;
  offset?: [number, number];
}

/** A symbol's icon. */
export interface IconObject {
  width: number;
  height: number;
  anchor?: Anchor;
  offset?: [number, number];
  padding?: number;
}

/** A label as a plain object (`setLabels`). */
export type LabelObject = ({ x: number; y: number } | { lon: number; lat: number }) & {
  width: number;
  height: number;
  angle?: number;
  priority?: number;
  anchor?: Anchor;
  offset?: [number, number];
  padding?: number;
  alignment?: 'viewport' | 'map';
  allowOverlap?: boolean;
  ignorePlacement?: boolean;
  keepUpright?: boolean;
  candidates?: CandidateObject[];
  icon?: IconObject;
  optional?: 'none' | 'text' | 'icon';
  /** A group's name: a string or a number (`7` and `'7'` are one group). */
  repeatGroup?: string | number;
  repeatDistance?: number;
  /** A text along this line (x, y or lon, lat pairs, as the label's own point). */
  path?: [number, number][];
  glyphAdvances?: number[];
  pathOffset?: number;
  maxAngle?: number;
};

/** A frame's camera: centre in world px (`x`, `y`) or degrees (`lon`, `lat`). */
export type Camera = ({ x: number; y: number } | { lon: number; lat: number }) & {
  /** Zoom level, 0 to 30. */
  zoom: number;
  /** Viewport width, px. */
  width: number;
  /** Viewport height, px. */
  height: number;
  /** Compass direction at the top of the screen, degrees. */
  bearing?: number;
  /** Tilt, degrees, 0 to 85. */
  pitch?: number;
  /** Vertical field of view, degrees (default 36.87). */
  fov?: number;
  /** Where the centre of perspective (the screen point of the centre) lies from the viewport's
   * middle, px, [x right, y down] (default [0, 0]): a map's padding, the viewport still exactly
   * the canvas. Any pair of two numbers: an array or a typed array of length 2. */
  centerOffset?: readonly [number, number] | Float64Array | Float32Array;
};

/** Frame options; omitted fields take label-frame's defaults. */
export interface FrameOptions {
  hysteresisPx?: number;
  fadeMs?: number;
  fullPlacementIntervalMs?: number;
  perspectiveScaling?: number;
  maxOverlapArea?: number;
  stickiness?: 'none' | 'ties' | 'shown';
  reuseTranslations?: boolean;
  worldCopies?: boolean;
}

/** An obstacle on screen. */
export type Obstacle = { box: [number, number, number, number] } | { circle: [number, number, number] };

export interface FrameStats {
  /** 0: every label in view placed; 1: a translation-only frame reused the last placement. */
  kind: number;
  labels: number;
  inView: number;
  visible: number;
  hiddenCollision: number;
  hiddenOffscreen: number;
  behindCamera: number;
  flips: number;
  placedNow: number;
  asleep: number;
  /** The engine's own timings; 0 on wasm32-unknown-unknown (no clock in its std). */
  projectUs: number;
  placeUs: number;
  finishUs: number;
}

/** Boxes on screen (after `boxes()`): centre, half extents, unit reading axis; NaN for none. */
export interface BoxViews {
  cx: Float32Array;
  cy: Float32Array;
  hx: Float32Array;
  hy: Float32Array;
  ux: Float32Array;
  uy: Float32Array;
}

/**
 * A frame's results, one value per label, as views over the module's memory: valid until the
 * next call into the engine; the same object frame after frame while the memory does not grow.
 */
export interface FrameViews {
  readonly buffer: ArrayBuffer;
  readonly count: number;
  /** 1 if placed in this frame. */
  visible: Uint8Array;
  /** Index into `REASONS` (255: a newer reason). */
  reason: Uint8Array;
  /** `Blocker` value. */
  blocker: Uint8Array;
  /** Index of the label or obstacle that hid it. */
  hiddenBy: Uint32Array;
  /** How opaque to draw it, 0 to 1 (a hidden label may still be fading out). */
  opacity: Float32Array;
  /** The opacity's bits (for digests). */
  opacityBits: Uint32Array;
  /** Anchor point on screen (px, y down), angle (degrees counter-clockwise), perspective scale; NaN for none. */
  pose: { x: Float64Array; y: Float64Array; angle: Float64Array; scale: Float64Array };
  /** The candidate the text shows at (`NO_CANDIDATE`: none); the last one while fading out. */
  candidate: Uint32Array;
  /** Index into `PARTS`: the parts shown; the last ones while fading out. */
  parts: Uint8Array;
  boxes: BoxViews;
  readonly stats: FrameStats;
}

/**
 * The frame engine (and the batch placement) of one WebAssembly instance.
 *
 * Threads: an engine lives on the thread (window or worker) that made it and is called from
 * there only; a worker makes its own engine (one instance each). Views: every typed array an
 * engine returns (`labelColumns`, `symbolColumns`, `pathColumns`, `glyphs`, `placeFrame`,
 * `place`, `boxes`, `projectPoints`) is a view over the module's memory, as long as the buffer
 * the module sized, valid until the next call into the same engine (a call may grow the memory,
 * which detaches the views made before). Counts are whole numbers from 0 up (labels at most
 * 4,294,967,294, other counts at most 4,294,967,295); anything else throws before the module
 * sees it, and a count the module cannot hold throws the module's message. Before any frame or
 * batch the result views are empty.
 */
export declare class Engine {
  constructor(instance: WebAssembly.Instance);
  readonly memory: WebAssembly.Memory;
  /** Labels committed. */
  readonly count: number;
  /** Room for `n` labels; write the views (valid until the next call), then `commitLabels`. */
  labelColumns(n: number): LabelColumns;
  /** Room for the symbols of the `labelColumns` labels, `candidateCount` candidates in all. */
  symbolColumns(candidateCount: number): SymbolColumns;
  /** Room for the lines of the `labelColumns` labels: points and glyph advances in all. */
  pathColumns(pointCount: number, glyphCount: number): PathColumns;
  /** Label `i`'s glyphs in the last frame or batch: x, y, angle, advance per glyph; null for none. */
  glyphs(i: number): Float64Array | null;
  /** Whether label `i`'s line was reversed to keep its text upright; null without glyphs. */
  reversed(i: number): boolean | null;
  /** Gives the engine the labels written to `labelColumns`; ids are their indices. */
  commitLabels(coordinates?: 'world' | 'lonlat'): void;
  /** Labels from plain objects (all in world px or all in lon/lat, as the first one). */
  setLabels(labels: LabelObject[]): void;
  setOptions(options?: FrameOptions): void;
  /** The per-frame greedy placement without memory. */
  setOptionsWithoutStability(): void;
  setObstacles(obstacles: Obstacle[]): void;
  /** Sets the camera of the next frames (`placeFrame(timeMs)`). */
  setCamera(camera: Camera): void;
  /** Places a frame; `timeMs` from any origin (time running backwards counts as none). */
  placeFrame(camera: Camera, timeMs: number): FrameViews;
  /** Places a frame with the camera of `setCamera`. */
  placeFrame(timeMs: number): FrameViews;
  /**
   * The label columns as screen labels (and the symbol and path columns written after them, in
   * screen px), placed in one batch as label-core places them (no camera, no memory): per label
   * `visible`, `reason`, `blocker`/`hiddenBy`, `candidate`, `parts`, and `glyphs(i)` for a
   * text along a line.
   */
  place(viewport?: { width: number; height: number }, maxOverlapArea?: number): FrameViews;
  /** Fills and returns the boxes of the last frame's labels in view (debug view); a batch's are filled already. */
  boxes(): BoxViews;
  /** World points (x, y pairs, world px; an even number of values) for `projectPoints`. */
  setPoints(points: ArrayLike<number>): void;
  /** The points on screen with `camera` (x, y pairs; NaN behind the camera). */
  projectPoints(camera: Camera): Float64Array;
  /** The world point under a screen point, or null above the horizon. */
  unproject(camera: Camera, x: number, y: number): { x: number; y: number } | null;
  /** The message of the module's last error (what the last failing call threw). */
  error(): string;
}

/** A style that cannot be read, naming where when the style library knows. */
export declare class StyleError extends Error {
  /** The layer's `id` (or its index when it has none). */
  layer?: string;
  /** The property, `filter`, `minzoom`, … */
  property?: string;
  /** The JSON path of the culprit, e.g. `layers[3].layout.text-size[2]`. */
  path?: string;
}

/** What a style asks for that is ignored. */
export interface StyleWarning { layer: string; property: string; message: string }

/** A symbol layer of a compiled style. */
export interface StyleLayer {
  id: string;
  source: string | null;
  sourceLayer: string | null;
  minzoom: number;
  maxzoom: number;
  /** `visibility: none`, or a filter the style library cannot evaluate. */
  hidden: boolean;
}

/** A feature as the style evaluates it. */
export interface StyleFeature {
  properties?: Record<string, unknown> | null;
  /** A GeoJSON geometry type name (`Point` when absent). */
  geometry?: 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon';
  id?: string | number | null;
}

/**
 * A symbol layer's layout evaluated for one feature at one zoom: each field is the
 * style-spec property of that name (`size` is `text-size`, `iconPadding` is `icon-padding`, …);
 * sizes in pixels, offsets and widths in ems as the style gives them. `null` for a number the
 * style leaves unevaluable.
 */
export interface SymbolLayout {
  /** `text-field` with `text-transform` applied (empty: no text). */
  text: string;
  sections: { text: string; scale: number | null; font: string[] | null }[];
  size: number | null;
  font: string[];
  anchor: Anchor;
  offset: [number, number];
  radialOffset: number | null;
  variableAnchor: Anchor[] | null;
  variableAnchorOffset: [Anchor, [number, number]][] | null;
  /** The positions the engine tries, in order, offsets in pixels (y down, baseline included); empty without variable anchors. */
  candidates: { anchor: Anchor; offset: [number, number] }[];
  justify: 'auto' | 'left' | 'center' | 'right';
  maxWidth: number | null;
  lineHeight: number | null;
  letterSpacing: number | null;
  padding: number | null;
  rotate: number | null;
  allowOverlap: boolean;
  ignorePlacement: boolean;
  optional: boolean;
  iconImage: string | null;
  iconSize: number | null;
  iconAllowOverlap: boolean;
  iconIgnorePlacement: boolean;
  iconOptional: boolean;
  iconPadding: [number, number, number, number];
  sortKey: number | null;
  placement: 'point' | 'line' | 'line-center';
  spacing: number | null;
  maxAngle: number | null;
  keepUpright: boolean;
  /** With `wrap`: the lines (pixels wide) and the box, measured with the bundled font. */
  lines?: { text: string; width: number }[];
  width?: number;
  height?: number;
  /** With `properties`: their values (see `Style.values`). */
  values?: PropertyValues;
}

/**
 * A symbol layer's property values for one feature, by property name: numbers, colours (the
 * style's CSS text), anchors, offset pairs, …; `null` for a property without a default left unset.
 */
export type PropertyValues = Record<string, string | number | boolean | null | unknown[]>;

/** The properties `Style.layouts` and `Style.values` take. */
export interface LayoutOptions {
  wrap?: boolean;
  /** Property names whose values are added to each layout (`values`). */
  properties?: string[];
}

/** Compiles a MapLibre style (object or JSON text) on its own instance; throws a `StyleError`. */
export declare function createStyle(style: object | string, module?: WebAssembly.Module): Promise<Style>;

/** A compiled style. */
export declare class Style {
  readonly layers: StyleLayer[];
  readonly warnings: StyleWarning[];
  /** One layout per feature, `null` where the layer does not show it. */
  layouts(layer: string, zoom: number, features: StyleFeature[], options?: LayoutOptions): (SymbolLayout | null)[];
  layout(layer: string, zoom: number, feature: StyleFeature, options?: LayoutOptions): SymbolLayout | null;
  /**
   * Any layout or paint property of a symbol layer (`text-color`, `text-halo-width`,
   * `icon-anchor`, `text-size`, …) per feature, whether or not the layer shows it: the style's
   * setting evaluated by the style library, or the style-spec's default. Throws a `StyleError`
   * for a property declutter does not evaluate.
   */
  values(layer: string, zoom: number, features: StyleFeature[], properties: string[]): PropertyValues[];
  /** One property of one feature (see `values`). */
  evaluate(layer: string, property: string, feature: StyleFeature, zoom: number): PropertyValues[string];
  /** Where names of lines (repeated about every `spacing` px: `SpotsRequest`) and areas (their pole) go. */
  spots(request: SpotsRequest): { lines: (number[] | null)[]; areas: ([number, number] | null)[] };
}

/** Lines and areas for `Style.spots`; coordinates flat `[x, y, …]` in px. */
export interface SpotsRequest {
  /**
   * `nested`: copies at the fractions k/m of the line, k = 1 … m − 1, m the power of two
   * nearest length ÷ `spacing` (at least 2), so `spacing / √2` to `spacing · √2` px apart on a
   * line long enough, that stay copies at the next zoom level; else in equal slots, as
   * `declutter place`.
   */
  lines?: { path: number[]; advances: number[]; spacing?: number; maxAngle?: number; keepUpright?: boolean; nested?: boolean }[];
  /** Per area its polygons, per polygon its rings (the outer first). */
  areas?: number[][][][];
}

/** A GeoJSON placement that cannot be made; `source` names what is wrong. */
export declare class PlaceError extends Error {
  readonly source: 'request' | 'style' | 'sprite' | 'view' | 'geojson';
}

/** The view, style and layers `placeGeoJSON` places with (`declutter place`'s flags). */
export interface PlaceGeoJSONOptions {
  style: object | string;
  sprite?: object | string;
  layers?: string[];
  sourceLayer?: string;
  zoom: number;
  center: [number, number];
  size?: [number, number];
  bearing?: number;
}

/** One feature's decision, as `declutter place --output-format json` writes it. */
export interface FeaturePlacement {
  id: string | number;
  visible: boolean;
  reason?: string;
  hidden_by?: string | number;
  hidden_by_obstacle?: boolean;
  candidate?: number;
  parts?: 'both' | 'text' | 'icon';
  glyphs?: [number, number, number][];
  reversed?: boolean;
}

/**
 * Places a FeatureCollection with a style as `declutter place --style` does; throws a `PlaceError`.
 * The calls with one module share one instance, made by the first.
 */
export declare function placeGeoJSON(
  geojson: object | string,
  options: PlaceGeoJSONOptions,
  module?: WebAssembly.Module,
): Promise<{ placements: FeaturePlacement[]; stats: Record<string, number>; warnings: string[] }>;
