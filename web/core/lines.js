// One line from the pieces of a feature that several tiles hold. A vector tile holds the part of
// a line inside it plus a buffer around it; each piece is cut back to its tile's own square (in
// the tile's integer units, so neighbouring tiles cut at the same world coordinate), and the
// cut pieces are joined end to start where their ends meet. Pieces of one zoom level are joined
// together; the longest line over all levels present is the label's line.

// World px at zoom 0 (the world 256 px wide, y down) per tile unit of tile z/x/y of `extent`.
export function tileToWorld(z, x, y, extent) {
  const scale = 256 / (extent * 2 ** z);
  return (px, py) => [(px + extent * x) * scale, (py + extent * y) * scale];
}

// Cuts a polyline (flat [x, y, …] in tile units) to the square [0, extent]²: the parts inside,
// each a flat array (Liang–Barsky per segment).
export function clipToSquare(line, extent) {
  const parts = [];
  let current = null;
  for (let k = 0; k + 3 < line.length; k += 2) {
    const seg = clipSegment(line[k], line[k + 1], line[k + 2], line[k + 3], extent);
    if (!seg) { current = null; continue; }
    const [ax, ay, bx, by, cutEnd] = seg;
    if (!current || current[current.length - 2] !== ax || current[current.length - 1] !== ay) {
      current = [ax, ay];
      parts.push(current);
    }
    current.push(bx, by);
    if (cutEnd) current = null;
  }
  return parts.filter((p) => p.length >= 4);
}

function clipSegment(x0, y0, x1, y1, extent) {
  let t0 = 0;
  let t1 = 1;
  const dx = x1 - x0;
  const dy = y1 - y0;
  for (const [p, q] of [[-dx, x0], [dx, extent - x0], [-dy, y0], [dy, extent - y0]]) {
    if (p === 0) { if (q < 0) return null; continue; }
    const t = q / p;
    if (p < 0) { if (t > t1) return null; if (t > t0) t0 = t; } else { if (t < t0) return null; if (t < t1) t1 = t; }
  }
  if (t0 >= t1) return null;
  const at = (t) => (t === 0 ? [x0, y0] : t === 1 ? [x1, y1] : [x0 + t * dx, y0 + t * dy]);
  return [...at(t0), ...at(t1), t1 < 1];
}

export function lineLength(line) {
  let s = 0;
  for (let k = 0; k + 3 < line.length; k += 2) s += Math.hypot(line[k + 2] - line[k], line[k + 3] - line[k + 1]);
  return s;
}

const near = (line, i, x, y, eps) => Math.abs(line[i] - x) <= eps && Math.abs(line[i + 1] - y) <= eps;

function reversed(line) {
  const out = new Array(line.length);
  for (let k = 0; k < line.length; k += 2) { out[line.length - 2 - k] = line[k]; out[line.length - 1 - k] = line[k + 1]; }
  return out;
}

// Joins lines (flat world px) whose ends meet within `eps` into chains; returns the longest.
export function longestChain(lines, eps) {
  const pool = lines.filter((l) => l.length >= 4).slice();
  let best = null;
  let bestLength = -1;
  while (pool.length) {
    let chain = pool.shift();
    for (let grew = true; grew;) {
      grew = false;
      for (let k = 0; k < pool.length; k++) {
        const l = pool[k];
        const ex = chain[chain.length - 2];
        const ey = chain[chain.length - 1];
        let joined = null;
        if (near(l, 0, ex, ey, eps)) joined = chain.concat(l.slice(2));
        else if (near(l, l.length - 2, ex, ey, eps)) joined = chain.concat(reversed(l).slice(2));
        else if (near(l, l.length - 2, chain[0], chain[1], eps)) joined = l.concat(chain.slice(2));
        else if (near(l, 0, chain[0], chain[1], eps)) joined = reversed(l).concat(chain.slice(2));
        if (joined) { chain = joined; pool.splice(k, 1); grew = true; break; }
      }
    }
    const len = lineLength(chain);
    if (len > bestLength) { best = chain; bestLength = len; }
  }
  return dropRepeats(best);
}

// The engine refuses a line with a point repeating the one before it.
function dropRepeats(line) {
  if (!line) return line;
  const out = [line[0], line[1]];
  for (let k = 2; k < line.length; k += 2) {
    if (line[k] !== out[out.length - 2] || line[k + 1] !== out[out.length - 1]) out.push(line[k], line[k + 1]);
  }
  return out.length >= 4 ? out : null;
}

// Longitude, latitude in degrees to world px at zoom 0.
export function lonLatToWorld(lon, lat) {
  const s = Math.sin((Math.max(-85.0511287798, Math.min(85.0511287798, lat)) * Math.PI) / 180);
  return [((lon + 180) / 360) * 256, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * 256];
}

// The point halfway along a line (flat x, y pairs), as {x, y}.
export function pointHalfway(line) {
  return pointAlong(line, lineLength(line) / 2);
}

// The point `offset` px along a line (flat x, y pairs), clamped to its ends.
export function pointAlong(line, offset) {
  let left = offset;
  for (let k = 0; k + 3 < line.length; k += 2) {
    const d = Math.hypot(line[k + 2] - line[k], line[k + 3] - line[k + 1]);
    if (d >= left) {
      const t = d ? left / d : 0;
      return { x: line[k] + t * (line[k + 2] - line[k]), y: line[k + 1] + t * (line[k + 3] - line[k + 1]) };
    }
    left -= d;
  }
  return { x: line[line.length - 2], y: line[line.length - 1] };
}

// A tile's polygon rings (flat world px) grouped into polygons: a ring turning the way of the
// first starts a polygon, the others are its holes (the vector tile's winding rule;
// any orientation of the first).
export function polygonsOf(rings) {
  const out = [];
  let sign = 0;
  for (const ring of rings) {
    let a = 0;
    for (let k = 0; k + 3 < ring.length; k += 2) a += ring[k] * ring[k + 3] - ring[k + 2] * ring[k + 1];
    if (a === 0) continue;
    if (sign === 0) sign = Math.sign(a);
    if (Math.sign(a) === sign || !out.length) out.push([ring]); else out[out.length - 1].push(ring);
  }
  return out;
}
