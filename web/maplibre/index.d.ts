// Types of @declutter/maplibre. See docs/web.md.
import type { Camera } from '@declutter/wasm';
import type { Attached, ControllerOptions, Spec } from '@declutter/core';

export type { Attached } from '@declutter/core';
import type { Map as MapLibreMap } from 'maplibre-gl';

type Props = Record<string, unknown>;
/** A value, or a function of the feature's properties and the map's zoom. */
type Per<T> = T | ((properties: Props, zoom: number) => T);

/** A symbol layer to take over, with fields that replace what the style's layout says. */
export interface LayerOptions {
  id: string;
  text?: Per<string>;
  size?: Per<number>;
  fontFamily?: string;
  color?: Per<string>;
  haloColor?: Per<string>;
  haloWidth?: Per<number>;
  anchor?: Per<string>;
  /** In ems, as `text-offset`. */
  offset?: Per<[number, number]>;
  padding?: Per<number>;
  /** Higher is placed first (instead of `symbol-sort-key`, where lower is). */
  priority?: Per<number>;
  placement?: Per<'point' | 'line' | 'line-center'>;
  maxAngle?: Per<number>;
  icon?: Per<string | null>;
  /** As `text-justify`. */
  justify?: Per<'auto' | 'left' | 'center' | 'right'>;
  /** Ems, as `text-line-height`. */
  lineHeight?: Per<number>;
  /** Ems, as `text-letter-spacing`. */
  letterSpacing?: Per<number>;
  /** Degrees clockwise, as `text-rotate`. */
  rotate?: Per<number>;
  /** Px between the copies of a name along its line, as `symbol-spacing`. */
  spacing?: Per<number>;
  /**
   * Px: a label is hidden (reason `repeat`) where an earlier placed label of this layer with the
   * same text is closer (tangram's `repeat_distance`; MapLibre's style-spec has no such property).
   */
  repeatDistance?: Per<number>;
}

export interface AttachOptions extends ControllerOptions {
  /** Symbol layer ids (or options) of the map's style. */
  layers: (string | LayerOptions)[];
}

/** The features read so far: reads, tiles read and tiles kept from earlier reads, time (ms). */
export interface Reading {
  reads: number;
  tilesRead: number;
  tilesKept: number;
  ms: number;
}

export interface MapLibreAttached extends Attached {
  /** The labels of the last read, by key; `fresh`: every tile read again now, nothing kept
   * (what the labels read tile by tile must equal). */
  labels(options?: { fresh?: boolean }): Map<string, Spec>;
  reading(): Reading;
}

/** Takes over the placement of the named symbol layers of `map`. */
export declare function attach(map: MapLibreMap, options: AttachOptions): Promise<MapLibreAttached>;

/** The map's camera as the engine takes it (zoom + 1: 256-px tiles); with padding, the centre
 * of perspective's `centerOffset` from the canvas's middle. */
export declare function cameraOf(map: MapLibreMap): Camera & { lon: number; lat: number };
