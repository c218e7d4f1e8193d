// A plain reference for the tests: the overlap rule of contract §3 (interiors overlap by more
// than τ = 1/1024 px on all four axes of the two boxes) and the greedy placement of §4 in
// O(n²), for labels given as boxes {cx, cy, hx, hy, ux, uy}.
export const TAU = 1 / 1024;

export function overlap(a, b) {
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  for (const [nx, ny] of [[a.ux, a.uy], [-a.uy, a.ux], [b.ux, b.uy], [-b.uy, b.ux]]) {
    const r = (h) => h.hx * Math.abs(h.ux * nx + h.uy * ny) + h.hy * Math.abs(-h.uy * nx + h.ux * ny);
    if (r(a) + r(b) - Math.abs(dx * nx + dy * ny) <= TAU) return false;
  }
  return true;
}

// The boxes of a result's views, label by label (null where NaN).
export function boxesOf(boxes, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push(Number.isNaN(boxes.cx[i]) ? null : {
      cx: boxes.cx[i], cy: boxes.cy[i], hx: boxes.hx[i], hy: boxes.hy[i], ux: boxes.ux[i], uy: boxes.uy[i],
    });
  }
  return out;
}

// Pairs of shown labels whose boxes overlap.
export function overlappingPairs(shown) {
  const pairs = [];
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      if (overlap(shown[i].box, shown[j].box)) pairs.push([shown[i].index, shown[j].index]);
    }
  }
  return pairs;
}

// Greedy placement without viewport: priority descending, then input order; a label is shown
// unless an earlier shown label overlaps it. Returns the shown indices, ascending.
export function greedy(boxes, priorities) {
  const order = boxes.map((_, i) => i).sort((i, j) => priorities[j] - priorities[i] || i - j);
  const shown = [];
  for (const i of order) {
    if (!shown.some((j) => overlap(boxes[i], boxes[j]))) shown.push(i);
  }
  return shown.sort((a, b) => a - b);
}
