// @declutter/core: what @declutter/maplibre and @declutter/openlayers share. See docs/web.md.
export { attached, createDeclutter, Declutter } from './controller.js';
export { LabelStore, commitEngineLabels } from './labels.js';
export { Overlay, boxOrigin } from './draw.js';
export { labelSpec } from './text.js';
export { Spots } from './spots.js';
export { clipToSquare, lineLength, longestChain, lonLatToWorld, pointAlong, pointHalfway, polygonsOf, tileToWorld } from './lines.js';
export { featureKey } from './keys.js';
