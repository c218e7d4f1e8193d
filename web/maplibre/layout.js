// A symbol layer's labels from the map's style, per feature: every property evaluated by the
// style library in WebAssembly (`Style` of @declutter/wasm: every expression `declutter place
// --style` evaluates — text-field with format and transforms, zoom and data interpolation,
// variable anchors and their offsets, sort keys, filters — and the paint colours and halo, the
// icon's anchor and offset, in the same call). Every field may be given in attach()'s layer
// options instead, as a value or a function of the feature's properties and zoom.

// The properties read beside the layout: what the drawing needs and placement does not.
const DRAWN = ['text-color', 'text-halo-color', 'text-halo-width', 'icon-anchor', 'icon-offset'];

// The part of the map's style the style library compiles: the taken-over symbol layers, the
// others as placeholders (a layer declutter does not place cannot fail attach(), and the JSON
// paths of errors keep the style's layer indices); no sources (their data is not read).
export function styleOf(mapStyle, ids) {
  const taken = new Set(ids);
  const layers = mapStyle.layers.map((l) => (taken.has(l.id) ? l : { id: l.id, type: 'background' }));
  return { version: mapStyle.version ?? 8, sources: {}, layers };
}

const fontFamily = (stack) => {
  const first = Array.isArray(stack) ? stack[0] : undefined;
  if (typeof first !== 'string') return 'sans-serif';
  return `"${first.replace(/ (Regular|Book|Bold|Italic|Medium|Semibold|Light)$/, '')}", sans-serif`;
};

// A function of (feature properties, zoom, image lookup, GeoJSON geometry type, feature id) ->
// label fields for `labelSpec`, or null when the layer does not show the feature. `compiled`
// is the map's style compiled by the style library (read before attach() hides its symbols).
export function layoutOf(layerOptions, compiled) {
  const id = layerOptions.id;
  // The layouts at the last zoom read, by feature: a source's data events read every feature
  // again while the zoom stays, and a layout is a function of the zoom and the feature alone.
  let cache = new Map();
  let cachedZoom = null;
  return (props, zoom, image, geometry = 'Point', featureId = null) => {
    if (zoom !== cachedZoom) { cache = new Map(); cachedZoom = zoom; }
    const key = `${geometry}|${featureId ?? ''}|${JSON.stringify(props)}`;
    let l = cache.get(key);
    if (l === undefined) {
      l = compiled.layout(id, zoom, { properties: props, geometry, id: featureId ?? null }, { wrap: true, properties: DRAWN });
      cache.set(key, l);
    }
    if (!l) return null;
    const drawn = l.values;
    const pick = (option, value, fallback) => {
      const v = layerOptions[option];
      if (v !== undefined) return typeof v === 'function' ? v(props, zoom) : v;
      return value === undefined || value === null ? fallback : value;
    };
    const size = pick('size', l.size, 16);
    const ems = pick('offset', l.offset, [0, 0]);
    const label = {
      text: String(pick('text', l.text, '') ?? ''),
      size,
      fontFamily: layerOptions.fontFamily ?? fontFamily(l.font),
      color: pick('color', drawn['text-color'], '#000'),
      haloColor: pick('haloColor', drawn['text-halo-color'], 'rgba(0,0,0,0)'),
      haloWidth: pick('haloWidth', drawn['text-halo-width'], 0),
      anchor: pick('anchor', l.anchor, 'center'),
      offset: [ems[0] * size, ems[1] * size],
      padding: pick('padding', l.padding, 2),
      maxAngle: pick('maxAngle', l.maxAngle, 45),
      keepUpright: pick('keepUpright', l.keepUpright, true),
      allowOverlap: pick('allowOverlap', l.allowOverlap, false),
      ignorePlacement: pick('ignorePlacement', l.ignorePlacement, false),
      placement: pick('placement', l.placement, 'point'),
      // The lines the style library broke the text into (text-max-width), and how they are set.
      lines: l.lines?.map((line) => line.text),
      justify: pick('justify', l.justify, 'center'),
      lineHeight: pick('lineHeight', l.lineHeight, 1.2),
      letterSpacing: pick('letterSpacing', l.letterSpacing, 0),
      rotate: pick('rotate', l.rotate, 0),
      spacing: pick('spacing', l.spacing, 250),
      // Px: a label hides when one of its layer with its text shows closer (no style property:
      // MapLibre's style-spec has none and refuses unknown ones; an attach() option only).
      repeatDistance: pick('repeatDistance', undefined, 0),
      // MapLibre places lower sort keys first; the engine higher priorities.
      priority: layerOptions.priority !== undefined ? pick('priority', 0, 0) : -(pick('sortKey', l.sortKey, 0) ?? 0),
    };
    if (l.candidates.length) {
      // The style library's positions (pixels at the style's size) at the label's size.
      const scale = size / (l.size || size);
      label.candidates = l.candidates.map((c) => ({ anchor: c.anchor, offset: [c.offset[0] * scale, c.offset[1] * scale] }));
    }
    const iconName = pick('icon', l.iconImage, null);
    const icon = iconName && image(iconName);
    if (icon) {
      const scale = pick('iconSize', l.iconSize, 1);
      const off = drawn['icon-offset'];
      label.icon = {
        image: icon.canvas, width: icon.width * scale, height: icon.height * scale,
        anchor: pick('iconAnchor', drawn['icon-anchor'], 'center'),
        offset: [off[0] * scale, off[1] * scale], padding: pick('iconPadding', Math.max(...l.iconPadding), 2),
      };
      const textOptional = pick('textOptional', l.optional, false);
      const iconOptional = pick('iconOptional', l.iconOptional, false);
      label.optional = textOptional ? 'text' : iconOptional ? 'icon' : 'none';
    }
    return label;
  };
}
