// Drawing one frame on a 2D canvas: the faint geography, the labels at the engine's poses and
// opacities, and the debug view (collision boxes; each hidden label joined to what hid it).
import { Blocker } from '../js/declutter.js';

const FONT = '"DejaVu Sans"';
// Box centre shift per anchor number, in units of the box's size (DESIGN §2).
const SHIFTS = [[0, 0], [0.5, 0], [-0.5, 0], [0, 0.5], [0, -0.5], [0.5, 0.5], [-0.5, 0.5], [0.5, -0.5], [-0.5, -0.5]];
const STREETS = 2;

function geography(ctx, world, screen) {
  const path = (kind) => {
    ctx.beginPath();
    for (const line of world.lines) {
      if (line.kind !== kind) continue;
      let pen = false;
      for (let k = line.start; k < line.start + line.count; k++) {
        const x = screen[2 * k];
        const y = screen[2 * k + 1];
        if (Number.isNaN(x)) { pen = false; continue; }
        if (pen) ctx.lineTo(x, y); else ctx.moveTo(x, y);
        pen = true;
      }
    }
    ctx.stroke();
  };
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(90, 110, 140, 0.18)';
  path('graticule');
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(200, 190, 170, 0.55)';
  path('street');
  ctx.fillStyle = 'rgba(120, 110, 100, 0.35)';
  const { start, count } = world.dots;
  for (let k = start; k < start + count; k++) {
    const x = screen[2 * k];
    if (!Number.isNaN(x)) ctx.fillRect(x - 0.75, screen[2 * k + 1] - 0.75, 1.5, 1.5);
  }
}

function labels(ctx, scene, views) {
  const { columns, texts } = scene.labels;
  const { pose, opacity } = views;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (let i = 0; i < views.count; i++) {
    const alpha = opacity[i];
    if (alpha <= 0 || Number.isNaN(pose.x[i])) continue;
    const street = texts.source[i] === STREETS;
    const [sx, sy] = SHIFTS[(columns.flags[i] >> 8) & 15];
    const w = columns.width[i];
    const h = columns.height[i];
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.translate(pose.x[i], pose.y[i]);
    if (!street) {
      ctx.fillStyle = '#333';
      ctx.beginPath();
      ctx.arc(0, 0, 2.5 * pose.scale[i], 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.rotate((-pose.angle[i] * Math.PI) / 180);
    ctx.scale(pose.scale[i], pose.scale[i]);
    ctx.font = `${texts.font[i]}px ${FONT}`;
    const cx = columns.offsetX[i] + sx * w;
    const cy = columns.offsetY[i] + sy * h;
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.strokeText(texts.text[i], cx, cy);
    ctx.fillStyle = street ? '#5a4a3a' : '#1d2b3a';
    ctx.fillText(texts.text[i], cx, cy);
    ctx.restore();
  }
}

function outline(ctx, b, i) {
  const ax = b.ux[i] * b.hx[i];
  const ay = b.uy[i] * b.hx[i];
  // The down axis v = perp(u) = (−u.y, u.x) on a y-down screen.
  const bx = -b.uy[i] * b.hy[i];
  const by = b.ux[i] * b.hy[i];
  const cx = b.cx[i];
  const cy = b.cy[i];
  ctx.moveTo(cx - ax - bx, cy - ay - by);
  ctx.lineTo(cx + ax - bx, cy + ay - by);
  ctx.lineTo(cx + ax + bx, cy + ay + by);
  ctx.lineTo(cx - ax + bx, cy - ay + by);
  ctx.closePath();
}

// Shown boxes in green; boxes hidden by a collision in red, with a line from each to the
// label (or obstacle) that hid it.
function debug(ctx, views, boxes) {
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(0, 150, 60, 0.9)';
  ctx.beginPath();
  for (let i = 0; i < views.count; i++) if (views.visible[i] && !Number.isNaN(boxes.cx[i])) outline(ctx, boxes, i);
  ctx.stroke();
  ctx.strokeStyle = 'rgba(210, 40, 40, 0.45)';
  ctx.beginPath();
  const links = [];
  for (let i = 0; i < views.count; i++) {
    if (views.reason[i] !== 1 || Number.isNaN(boxes.cx[i])) continue;
    const cx = boxes.cx[i];
    const cy = boxes.cy[i];
    outline(ctx, boxes, i);
    const by = views.hiddenBy[i];
    if (views.blocker[i] === Blocker.LABEL && !Number.isNaN(boxes.cx[by])) links.push(cx, cy, boxes.cx[by], boxes.cy[by]);
  }
  ctx.stroke();
  ctx.strokeStyle = 'rgba(210, 40, 40, 0.8)';
  ctx.beginPath();
  for (let k = 0; k < links.length; k += 4) {
    ctx.moveTo(links[k], links[k + 1]);
    ctx.lineTo(links[k + 2], links[k + 3]);
  }
  ctx.stroke();
}

// Draws a frame: `views` from `placeFrame`, `screen` the projected geography, `boxes` (debug
// view only) from `engine.boxes()`.
export function drawFrame(ctx, scene, world, views, screen, boxes) {
  const { width, height } = ctx.canvas;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(0, 0, width, height);
  ctx.restore();
  geography(ctx, world, screen);
  labels(ctx, scene, views);
  if (boxes) debug(ctx, views, boxes);
}
