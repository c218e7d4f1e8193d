// What the style library (label-style, in WebAssembly: `Style` of @declutter/wasm) does not
// evaluate — paint values (text colours, halo width) and `icon-anchor`/`icon-offset` — read
// per feature by a small evaluator: literals, `{token}` strings, get, has, coalesce, concat,
// to-string, to-number, arithmetic, case/match on values, and step/interpolate (linear) over
// zoom. Anything else throws, naming the layer and property. Layouts come from the style library.
export function evaluateUncovered(expr, props, zoom, where) {
  const ev = (e) => evaluateUncovered(e, props, zoom, where);
  if (expr === undefined || expr === null || typeof expr === 'number' || typeof expr === 'boolean') return expr;
  if (typeof expr === 'string') return expr.includes('{') ? expr.replace(/\{([^}]+)\}/g, (_, k) => props[k] ?? '') : expr;
  if (!Array.isArray(expr)) {
    if (expr && expr.stops) return stops(expr, props, zoom, where);
    throw new Error(`declutter: ${where}: cannot evaluate ${JSON.stringify(expr)}`);
  }
  const [op, ...a] = expr;
  if (typeof op !== 'string') return expr; // an array value (text-offset: [0, 1])
  switch (op) {
    case 'literal': return a[0];
    case 'get': return props[ev(a[0])] ?? null;
    case 'has': return ev(a[0]) in props;
    case 'zoom': return zoom;
    case 'coalesce': for (const e of a) { const v = ev(e); if (v !== null && v !== undefined && v !== '') return v; } return null;
    case 'concat': return a.map((e) => String(ev(e) ?? '')).join('');
    case 'to-string': { const v = ev(a[0]); return v === null || v === undefined ? '' : String(v); }
    case 'to-number': case 'number': return Number(ev(a[0]));
    case 'string': return String(ev(a[0]) ?? '');
    case '+': return a.reduce((s, e) => s + ev(e), 0);
    case '*': return a.reduce((s, e) => s * ev(e), 1);
    case '-': return a.length === 1 ? -ev(a[0]) : ev(a[0]) - ev(a[1]);
    case '/': return ev(a[0]) / ev(a[1]);
    case '==': return ev(a[0]) === ev(a[1]);
    case '!=': return ev(a[0]) !== ev(a[1]);
    case '!': return !ev(a[0]);
    case 'case': {
      for (let i = 0; i + 1 < a.length; i += 2) if (ev(a[i])) return ev(a[i + 1]);
      return ev(a[a.length - 1]);
    }
    case 'match': {
      const v = ev(a[0]);
      for (let i = 1; i + 1 < a.length; i += 2) {
        const labels = Array.isArray(a[i]) ? a[i] : [a[i]];
        if (labels.includes(v)) return ev(a[i + 1]);
      }
      return ev(a[a.length - 1]);
    }
    case 'step': {
      const x = ev(a[0]);
      let out = ev(a[1]);
      for (let i = 2; i + 1 < a.length; i += 2) if (x >= a[i]) out = ev(a[i + 1]);
      return out;
    }
    case 'interpolate': {
      if (a[0]?.[0] !== 'linear') throw new Error(`declutter: ${where}: only linear interpolation is evaluated, not ${JSON.stringify(a[0])}`);
      const x = ev(a[1]);
      const pts = [];
      for (let i = 2; i + 1 < a.length; i += 2) pts.push([a[i], ev(a[i + 1])]);
      return piecewise(pts, x);
    }
    default:
      throw new Error(`declutter: ${where}: the expression "${op}" is not evaluated for paint; pass this property to attach() as a function of the feature`);
  }
}

function piecewise(pts, x) {
  if (x <= pts[0][0]) return pts[0][1];
  for (let i = 1; i < pts.length; i++) {
    if (x <= pts[i][0]) {
      const [x0, y0] = pts[i - 1];
      const [x1, y1] = pts[i];
      return typeof y0 === 'number' ? y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) : y0;
    }
  }
  return pts[pts.length - 1][1];
}

// Legacy `{stops: [[zoom, value], …]}` functions of zoom.
function stops(fn, props, zoom, where) {
  if (fn.property) throw new Error(`declutter: ${where}: property functions are not evaluated yet; pass this property to attach() as a function of the feature`);
  return piecewise(fn.stops, zoom);
}

// A feature's identity within its layer: its id when it has one, else its properties (a tile
// quantises a feature's coordinates to its own grid, so they tell no identity across zoom
// levels; features without ids and with equal properties are one label — give them ids).
export function featureKey(layer, id, properties) {
  if (id !== undefined && id !== null && id !== '') return `${layer}#${id}`;
  return `${layer}|${JSON.stringify(properties)}`;
}
