// A feature's label as the engine and the overlay need it: the text measured in its CSS font
// (box width and height in px; per glyph advances for a text along a line), anchor, offset,
// priority, icon and repeat group — the symbol properties of the web package (docs/web.md).
// A point label's text is drawn in the lines the style library broke it into (`lines`:
// `text-max-width`), each measured in the CSS font with its letter spacing; the box is the
// widest line by the lines' count times the line height, turned by `text-rotate`.
let measurer = null;
// Widths by font, letter spacing and text: features are read again whenever tiles change,
// their texts mostly not.
const widths = new Map();
function measure(font, text, spacing = 0) {
  const key = `${font}\n${spacing}\n${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    measurer ??= (typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : document.createElement('canvas')).getContext('2d');
    measurer.font = font;
    measurer.letterSpacing = `${spacing}px`;
    w = measurer.measureText(text).width;
    if (widths.size >= 65536) widths.clear();
    widths.set(key, w);
  }
  return w;
}

// MapLibre's default `text-line-height`, ems.
const LINE_HEIGHT = 1.2;

// `label`: {key, text, x, y (world px), path?: flat world px, size, fontFamily (or font), color, haloColor,
// haloWidth, anchor, offset (px), padding, priority, maxAngle, keepUpright, allowOverlap,
// ignorePlacement, candidates, icon, optional, repeatGroup, repeatDistance, layer, properties,
// lines (the text's lines), justify, lineHeight (ems), letterSpacing (ems), rotate (degrees
// clockwise), pathOffset (world px along `path` where the text's middle goes)}.
// Returns the spec the store keeps, or null for an empty text without an icon.
export function labelSpec(label) {
  const text = label.text ?? '';
  if (!text && !label.icon) return null;
  // A whole CSS font (OpenLayers' `font`) or a size and a family.
  const size = label.size ?? Number(/([\d.]+)px/.exec(label.font ?? '')?.[1] ?? 16);
  const font = label.font ?? `${size}px ${label.fontFamily ?? 'sans-serif'}`;
  const spacing = (label.letterSpacing ?? 0) * size;
  const lineHeight = size * (label.lineHeight ?? LINE_HEIGHT);
  const texts = !label.path && label.lines?.length > 1 ? label.lines : [text];
  const height = Math.max(1, Math.round(lineHeight * texts.length));
  const style = {
    font, color: label.color ?? '#222', haloColor: label.haloColor ?? 'rgba(255,255,255,0.9)',
    haloWidth: label.haloWidth ?? 0, textHeight: height, letterSpacing: spacing,
  };
  const spec = {
    text, x: label.x, y: label.y, height, priority: label.priority ?? 0, anchor: label.anchor ?? 'center',
    offset: label.offset ?? [0, 0], padding: label.padding ?? 0, allowOverlap: !!label.allowOverlap,
    ignorePlacement: !!label.ignorePlacement, style, layer: label.layer, properties: label.properties,
  };
  if (label.path) {
    const glyphs = Array.from(text);
    spec.glyphTexts = glyphs;
    // Each glyph's advance carries the letter spacing after it, as MapLibre lays them.
    spec.advances = glyphs.map((ch) => (measure(font, ch) || size / 4) + spacing);
    spec.width = spec.advances.reduce((a, b) => a + b, 0);
    spec.path = label.path;
    spec.x = label.path[0];
    spec.y = label.path[1];
    spec.maxAngle = label.maxAngle ?? 45;
    spec.keepUpright = label.keepUpright ?? true;
    if (label.pathOffset !== undefined) spec.pathOffset = label.pathOffset;
    if (label.spacing > 0) spec.spacing = label.spacing;
    if (!text) return null;
  } else {
    style.lines = texts.map((t) => ({ text: t, width: measure(font, t, spacing) }));
    style.lineHeight = height / texts.length; // the box's height, rounded, shared by its lines
    style.justify = label.justify ?? 'center';
    spec.width = Math.max(1, Math.ceil(Math.max(...style.lines.map((l) => l.width))));
    if (label.rotate) spec.angle = -label.rotate;
    if (label.area) spec.area = label.area;
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
  } else if (label.repeatDistance > 0) {
    // A repeat distance alone (the map packages' layer option): the group is the layer and text.
    spec.repeatGroup = `${label.layer ?? ''}\u0000${text}`;
    spec.repeatDistance = label.repeatDistance;
  }
  return spec;
}
