// A layer's text style read per feature from its own style function (OpenLayers' `Text`: text
// and its lines (`\n`), CSS font, fill, stroke as the halo, offsets, alignment, justification,
// rotation, placement along lines, its repeat interval, max angle),
// and the same style without its text, which the layer draws instead.

// The anchor of OpenLayers' textAlign and textBaseline: which point of the box is at the point.
function anchorOf(align, baseline) {
  const h = align === 'left' || align === 'start' ? 'left' : align === 'right' || align === 'end' ? 'right' : '';
  const v = baseline === 'top' || baseline === 'hanging' ? 'top' : baseline === 'bottom' || baseline === 'alphabetic' || baseline === 'ideographic' ? 'bottom' : '';
  return [v, h].filter(Boolean).join('-') || 'center';
}

const styles = (v) => (Array.isArray(v) ? v : v ? [v] : []);

// The label fields of a feature as the layer's style draws its text, or null for none.
export function textFields(styleFunction, feature, resolution, options) {
  const text = styles(styleFunction(feature, resolution)).map((s) => s.getText?.()).find((t) => t && t.getText());
  if (!text) return null;
  const value = text.getText();
  const whole = Array.isArray(value) ? value.filter((_, i) => i % 2 === 0).join('') : String(value);
  const placement = text.getPlacement() ?? 'point';
  const fields = {
    text: whole.replace(/\n/g, ' '),
    lines: whole.split('\n'),
    justify: text.getJustify() ?? 'auto',
    // Radians clockwise; with rotateWithView the text turns with the map (not placed so).
    rotate: ((text.getRotation() ?? 0) * 180) / Math.PI,
    spacing: placement === 'line' ? text.getRepeat() ?? 0 : 0,
    font: text.getFont() ?? '10px sans-serif',
    color: colour(text.getFill()?.getColor()) ?? '#333',
    haloColor: colour(text.getStroke()?.getColor()) ?? 'rgba(0,0,0,0)',
    haloWidth: text.getStroke() ? (text.getStroke().getWidth() ?? 1) / 2 : 0,
    anchor: anchorOf(text.getTextAlign(), text.getTextBaseline()),
    offset: [text.getOffsetX() ?? 0, text.getOffsetY() ?? 0],
    padding: Math.max(0, ...(text.getPadding() ?? [0])),
    placement,
    maxAngle: ((text.getMaxAngle() ?? Math.PI / 4) * 180) / Math.PI,
    priority: 0,
  };
  const props = typeof feature.getProperties === 'function' ? feature.getProperties() : {};
  for (const name of ['text', 'priority', 'font', 'color', 'haloColor', 'haloWidth', 'repeatDistance']) {
    const v = options[name];
    if (v !== undefined) fields[name] = typeof v === 'function' ? v(props, feature) : v;
  }
  return fields;
}

function colour(c) {
  if (c === null || c === undefined) return null;
  return Array.isArray(c) ? `rgba(${c[0]},${c[1]},${c[2]},${c[3] ?? 1})` : String(c);
}

// The layer's style without texts (each Style cloned once).
export function withoutText(styleFunction) {
  const bare = new WeakMap();
  return (feature, resolution) => styles(styleFunction(feature, resolution)).map((s) => {
    if (!s.getText?.()) return s;
    if (!bare.has(s)) { const c = s.clone(); c.setText(null); bare.set(s, c); }
    return bare.get(s);
  });
}
