// Types of @declutter/core, the glue @declutter/maplibre and @declutter/openlayers share.
import type { Anchor, Camera, CandidateObject, Engine, FrameOptions, FrameViews } from '@declutter/wasm';

/** A label's fields before measuring (`labelSpec`): world px at zoom 0 (256-px world, y down). */
export interface LabelFields {
  text?: string;
  x?: number;
  y?: number;
  /** A text along this line: x, y pairs, world px. */
  path?: number[];
  size?: number;
  fontFamily?: string;
  /** A whole CSS font, instead of size and family. */
  font?: string;
  color?: string;
  haloColor?: string;
  haloWidth?: number;
  anchor?: Anchor;
  /** Px, in the label's own frame. */
  offset?: [number, number];
  padding?: number;
  /** Higher is placed first. */
  priority?: number;
  maxAngle?: number;
  keepUpright?: boolean;
  allowOverlap?: boolean;
  ignorePlacement?: boolean;
  candidates?: CandidateObject[];
  icon?: IconFields;
  optional?: 'none' | 'text' | 'icon';
  repeatGroup?: string | number;
  repeatDistance?: number;
  layer?: string;
  properties?: Record<string, unknown>;
  /** A point label's text in lines (the style library's wrap, or OpenLayers' `\n`). */
  lines?: string[];
  justify?: 'auto' | 'left' | 'center' | 'right';
  /** Ems (default 1.2). */
  lineHeight?: number;
  /** Ems. */
  letterSpacing?: number;
  /** Degrees clockwise, on screen. */
  rotate?: number;
  /** A text along a line: px between its copies (`Spots` lays them out); 0 or none: one, at the middle. */
  spacing?: number;
  /** A text along a line: world px along it where the text's middle goes (default: halfway). */
  pathOffset?: number;
  /** An area: its polygons, each a list of flat world-px rings (the outer first); `Spots` puts the label at its pole. */
  area?: number[][][];
}

export interface IconFields {
  image?: CanvasImageSource;
  width: number;
  height: number;
  anchor?: Anchor;
  offset?: [number, number];
  padding?: number;
}

/** A measured label as the store keeps it. */
export interface Spec extends LabelFields {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  advances?: number[];
  glyphTexts?: string[];
  /** Degrees counter-clockwise on screen (`-rotate`). */
  angle?: number;
}

/**
 * Where names of lines and areas go, asked of the style library in WebAssembly: `apply`
 * replaces every spec with `spacing` by its copies along its line (keys `key@<fraction>`:
 * the copy's fraction of the line, e.g. `key@0.5`, `key@0.25`), laid out at
 * `scale` px per world px, and moves every spec with `area` to its pole (or drops it).
 */
export declare class Spots {
  constructor(style: import('@declutter/wasm').Style);
  apply(labels: Map<string, Spec>, scale: number): void;
}

/** Rings (flat, any units) grouped into polygons by their turning: the first's way starts one. */
export declare function polygonsOf(rings: number[][]): number[][][];

export declare function labelSpec(label: LabelFields): Spec | null;

/** What a point shows: one label under it, shown or hidden and by what. */
export interface LabelHit {
  index: number;
  key: string;
  text: string;
  layer?: string;
  properties?: Record<string, unknown>;
  shown: boolean;
  /** 'visible', 'collision', 'offscreen', 'behind_camera', 'repeat', 'no_room', 'too_curved'. */
  reason: string;
  opacity: number;
  hiddenBy: { index: number; key: string; text: string; layer?: string } | { obstacle: number } | null;
}

export interface PlacementTimes {
  /** performance.now() around placeFrame, ms. */
  p50: number;
  p99: number;
  frames: number;
}

export interface ControllerOptions {
  /** The compiled declutter.wasm (else `loadModule(wasmUrl)`). */
  module?: WebAssembly.Module;
  wasmUrl?: string | URL;
  frameOptions?: FrameOptions;
  /** Keep every label set and frame (the tests replay them). */
  record?: boolean;
  /**
   * Place a made-up scene on a throwaway instance before the map's first frame (default true),
   * so that V8 compiles the engine's code then rather than in the middle of a camera move.
   */
  warmUp?: boolean;
  /** Ghost slots tolerated before the store is compacted (a fresh engine). */
  compactAbove?: number;
}

export interface Slot {
  key: string;
  spec: Spec;
  live: boolean;
}

export declare class LabelStore {
  slots: Slot[];
  byKey: Map<string, number>;
  changed: boolean;
  update(specs: Map<string, Spec>): boolean;
  compactIfSparse(): boolean;
  engineLabels(): object[];
}

export declare class Declutter {
  engine: Engine;
  store: LabelStore;
  debug: boolean;
  /** Whether a label was still fading in the last frame. */
  fading: boolean;
  times: number[];
  /** The last placement's clock readings (performance.now() ms) before and after the engine call. */
  span: [number, number] | null;
  record: { commits: object[]; frames: object[] } | null;
  setLabels(specs: Map<string, Spec>): void;
  /** Places and draws a frame; true while a label fades (draw again soon). */
  frame(camera: Camera, dpr: number, timeMs: number): boolean;
  /** The engine's placement of one frame, timed (`times`, `span`); returns the frame's views. */
  place(camera: Camera, timeMs: number): FrameViews;
  query(x: number, y: number): LabelHit[];
  on(type: 'hover', fn: (event: HoverEvent) => void): () => void;
  emit(type: string, event: unknown): void;
  placementTimes(): PlacementTimes;
  remove(): void;
}

export interface HoverEvent {
  point: { x: number; y: number };
  labels: LabelHit[];
}

export declare function createDeclutter(container: HTMLElement, options?: ControllerOptions): Promise<Declutter>;
export declare function commitEngineLabels(engine: Engine, labels: object[]): void;
export declare function featureKey(layer: string, id: unknown, properties: Record<string, unknown>): string;
export declare function clipToSquare(line: number[], extent: number): number[][];
export declare function longestChain(lines: number[][], eps: number): number[] | null;
export declare function lineLength(line: number[]): number;
export declare function pointHalfway(line: number[]): { x: number; y: number };
/** The point `offset` along a line (flat x, y pairs), clamped to its ends. */
export declare function pointAlong(line: number[], offset: number): { x: number; y: number };
export declare function lonLatToWorld(lon: number, lat: number): [number, number];
export declare function tileToWorld(z: number, x: number, y: number, extent: number): (x: number, y: number) => [number, number];
export declare class Overlay {
  constructor(container: HTMLElement);
  canvas: HTMLCanvasElement;
  debug: boolean;
  remove(): void;
}
export declare function boxOrigin(anchor: Anchor | undefined, w: number, h: number): [number, number];

/** What attach() returns (both packages). */
export interface Attached {
  /** The labels at a screen point (CSS px). */
  query(point: { x: number; y: number } | [number, number]): LabelHit[];
  on(type: 'hover', fn: (event: HoverEvent) => void): () => void;
  /** The debug view: every box in view, shown green, hidden red joined to what hid it. */
  debug: boolean;
  placementTimes(): PlacementTimes;
  /** Whether features changed since the last frame read them. */
  readonly pending: boolean;
  readonly controller: Declutter;
  /** Gives the layers back to the map and removes the overlay. */
  detach(): void;
}

export declare function attached(d: Declutter, hooks: { render(): void; pending(): boolean; detach(): void }): Attached;
