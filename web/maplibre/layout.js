// A symbol layer's layout and paint read from the map's style, per feature: the label fields of
// the web package (text, size, font, anchor, offsets, padding, priority, icon, colours). Every
// field may be given in attach()'s layer options instead, as a value or a function of the
// feature — the style library will replace this reading when it is compiled to WebAssembly.
import { evaluate } from '@declutter/core';

const LAYOUT = [
  'text-field', 'text-size', 'text-font', 'text-anchor', 'text-offset', 'text-padding', 'text-max-angle',
  'text-keep-upright', 'text-allow-overlap', 'text-ignore-placement', 'text-optional', 'text-variable-anchor',
  'text-radial-offset', 'symbol-placement', 'symbol-sort-key', 'icon-image', 'icon-size', 'icon-anchor',
  'icon-offset', 'icon-padding', 'icon-optional', 'icon-allow-overlap', 'icon-ignore-placement',
];
const PAINT = ['text-color', 'text-halo-color', 'text-halo-width'];

// The style's values of layer `id` (before attach() overrides the ones hiding its symbols).
export function readLayer(map, id) {
  const layout = {};
  const paint = {};
  for (const name of LAYOUT) layout[name] = map.getLayoutProperty(id, name);
  for (const name of PAINT) paint[name] = map.getPaintProperty(id, name);
  return { layout, paint };
}

const fontFamily = (stack) => {
  const first = Array.isArray(stack) ? stack[0] : undefined;
  if (typeof first !== 'string') return 'sans-serif';
  return `"${first.replace(/ (Regular|Book|Bold|Italic|Medium|Semibold|Light)$/, '')}", sans-serif`;
};

// A font stack is an array of names, or an expression giving one.
const fontStack = (v, props, zoom, id) => (Array.isArray(v) && v.every((s) => typeof s === 'string') && !/^[a-z-]+$/.test(v[0])
  ? v : evaluate(v, props, zoom, `layer "${id}": text-font`));

const RADIAL = { left: [1, 0], right: [-1, 0], top: [0, 1], bottom: [0, -1], center: [0, 0],
  'top-left': [Math.SQRT1_2, Math.SQRT1_2], 'top-right': [-Math.SQRT1_2, Math.SQRT1_2],
  'bottom-left': [Math.SQRT1_2, -Math.SQRT1_2], 'bottom-right': [-Math.SQRT1_2, -Math.SQRT1_2] };

// A function of (feature properties, zoom, image lookup) -> label fields for `labelSpec`.
export function layoutOf(layerOptions, style) {
  const id = layerOptions.id;
  const pick = (option, name, props, zoom, fallback) => {
    if (layerOptions[option] !== undefined) {
      const v = layerOptions[option];
      return typeof v === 'function' ? v(props, zoom) : v;
    }
    const source = name.startsWith('text-color') || name.startsWith('text-halo') ? style.paint : style.layout;
    const v = evaluate(source[name], props, zoom, `layer "${id}": ${name}`);
    return v === undefined || v === null ? fallback : v;
  };
  return (props, zoom, image) => {
    const size = pick('size', 'text-size', props, zoom, 16);
    const ems = pick('offset', 'text-offset', props, zoom, [0, 0]);
    const label = {
      text: String(pick('text', 'text-field', props, zoom, '') ?? ''),
      size,
      fontFamily: layerOptions.fontFamily ?? fontFamily(fontStack(style.layout['text-font'], props, zoom, id)),
      color: pick('color', 'text-color', props, zoom, '#000'),
      haloColor: pick('haloColor', 'text-halo-color', props, zoom, 'rgba(0,0,0,0)'),
      haloWidth: pick('haloWidth', 'text-halo-width', props, zoom, 0),
      anchor: pick('anchor', 'text-anchor', props, zoom, 'center'),
      offset: [ems[0] * size, ems[1] * size],
      padding: pick('padding', 'text-padding', props, zoom, 2),
      maxAngle: pick('maxAngle', 'text-max-angle', props, zoom, 45),
      keepUpright: pick('keepUpright', 'text-keep-upright', props, zoom, true),
      allowOverlap: pick('allowOverlap', 'text-allow-overlap', props, zoom, false),
      ignorePlacement: pick('ignorePlacement', 'text-ignore-placement', props, zoom, false),
      placement: pick('placement', 'symbol-placement', props, zoom, 'point'),
      // MapLibre places lower sort keys first; the engine higher priorities.
      priority: layerOptions.priority !== undefined ? pick('priority', '', props, zoom, 0) : -(pick('sortKey', 'symbol-sort-key', props, zoom, 0) ?? 0),
    };
    const anchors = pick('variableAnchor', 'text-variable-anchor', props, zoom, null);
    if (Array.isArray(anchors) && anchors.length) {
      const r = pick('radialOffset', 'text-radial-offset', props, zoom, 0) * size;
      label.candidates = anchors.map((a) => ({ anchor: a, offset: [RADIAL[a][0] * r + label.offset[0], RADIAL[a][1] * r + label.offset[1]] }));
    }
    const iconName = pick('icon', 'icon-image', props, zoom, null);
    const icon = iconName && image(iconName);
    if (icon) {
      const scale = pick('iconSize', 'icon-size', props, zoom, 1);
      const off = pick('iconOffset', 'icon-offset', props, zoom, [0, 0]);
      label.icon = {
        image: icon.canvas, width: icon.width * scale, height: icon.height * scale,
        anchor: pick('iconAnchor', 'icon-anchor', props, zoom, 'center'),
        offset: [off[0] * scale, off[1] * scale], padding: pick('iconPadding', 'icon-padding', props, zoom, 2),
      };
      const textOptional = pick('textOptional', 'text-optional', props, zoom, false);
      const iconOptional = pick('iconOptional', 'icon-optional', props, zoom, false);
      label.optional = textOptional ? 'text' : iconOptional ? 'icon' : 'none';
    }
    return label;
  };
}
