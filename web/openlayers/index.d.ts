// Types of @declutter/openlayers. See docs/web.md.
import type { Camera } from '@declutter/wasm';
import type { Attached, ControllerOptions } from '@declutter/core';
import type OlMap from 'ol/Map.js';
import type BaseVectorLayer from 'ol/layer/BaseVector.js';

export type { Attached } from '@declutter/core';

type Props = Record<string, unknown>;
type Per<T> = T | ((properties: Props, feature: unknown) => T);

/** A vector or vector tile layer, with fields that replace what its style's Text says. */
export interface LayerOptions {
  layer: BaseVectorLayer<any, any, any>;
  /** The name its labels are reported under (default: the layer's `id` property). */
  id?: string;
  text?: Per<string>;
  /** Higher is placed first. */
  priority?: Per<number>;
  font?: Per<string>;
  color?: Per<string>;
  haloColor?: Per<string>;
  haloWidth?: Per<number>;
  /** Px: a label is hidden (reason `repeat`) where an earlier placed label of this layer with the same text is closer. */
  repeatDistance?: Per<number>;
}

export interface AttachOptions extends ControllerOptions {
  layers: (BaseVectorLayer<any, any, any> | LayerOptions)[];
}

/** Takes over the labels of the layers' styles (layers made without `declutter: true`). */
export declare function attach(map: OlMap, options: AttachOptions): Promise<Attached>;

/** The view's camera as the engine takes it (world px, zoom of 256-px tiles, bearing = −rotation). */
export declare function cameraOf(map: OlMap): Camera & { x: number; y: number };
