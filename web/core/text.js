// A feature's label as the engine and the overlay need it: the text measured in its CSS font
// (box width and height in px; per glyph advances for a text along a line), anchor, offset,
// priority, icon and repeat group — the symbol properties of the web package (docs/web.md).
let measurer = null;
// Widths by font and text: features are read again whenever tiles change, their texts mostly not.
const widths = new Map();
function measure(font, text) {
  const key = `${font}\n${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    measurer ??= (typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : document.createElement('canvas')).getContext('2d');
    measurer.font = font;
    w = measurer.measureText(text).width;
    if (widths.size >= 65536) widths.clear();
    widths.set(key, w);
  }
  return w;
}

const LINE_HEIGHT = 1.2;

// `label`: {key, text, x, y (world px), path?: flat world px, size, fontFamily (or font), color, haloColor,
// haloWidth, anchor, offset (px), padding, priority, maxAngle, keepUpright, allowOverlap,
// ignorePlacement, candidates, icon, optional, repeatGroup, repeatDistance, layer, properties}.
// Returns the spec the store keeps, or null for an empty text without an icon.
export function labelSpec(label) {
  const text = label.text ?? '';
  if (!text && !label.icon) return null;
  // A whole CSS font (OpenLayers' `font`) or a size and a family.
  const size = label.size ?? Number(/([\d.]+)px/.exec(label.font ?? '')?.[1] ?? 16);
  const font = label.font ?? `${size}px ${label.fontFamily ?? 'sans-serif'}`;
  const height = Math.max(1, Math.round(size * LINE_HEIGHT));
  const style = {
    font, color: label.color ?? '#222', haloColor: label.haloColor ?? 'rgba(255,255,255,0.9)',
    haloWidth: label.haloWidth ?? 0, textHeight: height,
  };
  const spec = {
    text, x: label.x, y: label.y, height, priority: label.priority ?? 0, anchor: label.anchor ?? 'center',
    offset: label.offset ?? [0, 0], padding: label.padding ?? 0, allowOverlap: !!label.allowOverlap,
    ignorePlacement: !!label.ignorePlacement, style, layer: label.layer, properties: label.properties,
  };
  if (label.path) {
    const glyphs = Array.from(text);
    spec.glyphTexts = glyphs;
    spec.advances = glyphs.map((ch) => measure(font, ch) || size / 4);
    spec.width = spec.advances.reduce((a, b) => a + b, 0);
    spec.path = label.path;
    spec.x = label.path[0];
    spec.y = label.path[1];
    spec.maxAngle = label.maxAngle ?? 45;
    spec.keepUpright = label.keepUpright ?? true;
    if (!text) return null;
  } else {
    spec.width = Math.max(1, Math.ceil(measure(font, text)));
  }
  style.textWidth = spec.width;
  if (label.candidates) spec.candidates = label.candidates;
  if (label.icon && !label.path) {
    spec.icon = label.icon;
    spec.optional = label.optional ?? 'none';
    if (!text) {
      // An icon alone: its text box is a point at the anchor, always optional.
      spec.width = 1;
      spec.height = 1;
      spec.optional = 'text';
    }
  }
  if (label.repeatGroup !== undefined && label.repeatGroup !== null) {
    spec.repeatGroup = label.repeatGroup;
    spec.repeatDistance = label.repeatDistance ?? 0;
  }
  return spec;
}
