// Drawing one frame on a 2D canvas: the faint geography, the labels at the engine's poses and
// opacities, and the debug view (collision boxes; each hidden label joined to what hid it).
import { Blocker } from '../js/declutter.js';

const FONT = '"DejaVu Sans"';
// Box centre shift per anchor number, in units of the box's size (contract §2).
const SHIFTS = [[0, 0], [0.5, 0], [-0.5, 0], [0, 0.5], [0, -0.5], [0.5, 0.5], [-0.5, 0.5], [0.5, -0.5], [-0.5, -0.5]];
const STREETS = 2;

// The background and the places' dots as pixels: tens of thousands of dots drawn one by one
// cost a software canvas (headless Chromium without a GPU) over 150 ms a frame, as pixels 2.
let pixels = null;
function background(ctx, world, screen) {
  const { width, height } = ctx.canvas;
  if (!pixels || pixels.width !== width || pixels.height !== height) {
    pixels = { width, height, image: ctx.createImageData(width, height) };
    pixels.words = new Uint32Array(pixels.image.data.buffer);
  }
  const { words } = pixels;
  words.fill(0xffeaf1f4); // #f4f1ea, as little-endian RGBA words
  const dpr = width / ctx.canvas.clientWidth || 1;
  const dot = 0xff9ea7ae; // a faint grey-brown
  const { start, count } = world.dots;
  for (let k = start; k < start + count; k++) {
    const x = Math.round(screen[2 * k] * dpr);
    const y = Math.round(screen[2 * k + 1] * dpr);
    if (!(x >= 0 && y >= 0 && x < width - 1 && y < height - 1)) continue;
    const at = y * width + x;
    words[at] = dot;
    words[at + 1] = dot;
    words[at + width] = dot;
    words[at + width + 1] = dot;
  }
  ctx.putImageData(pixels.image, 0, 0);
}

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
}

// Each label's text, with its halo, drawn once into a sprite of its own and then placed by
// drawImage every frame (text drawn afresh costs a software canvas about 0.3 ms a label).
const sprites = new Map();
const HALO = 2;
function sprite(scene, i, dpr) {
  let s = sprites.get(i);
  if (s && s.dpr === dpr) return s;
  const { columns, texts } = scene.labels;
  const w = columns.width[i] + 2 * HALO;
  const h = columns.height[i] + 2 * HALO;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(w * dpr);
  canvas.height = Math.ceil(h * dpr);
  const g = canvas.getContext('2d');
  g.scale(dpr, dpr);
  g.font = `${texts.font[i]}px ${FONT}`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.lineJoin = 'round';
  g.lineWidth = 3;
  g.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  g.strokeText(texts.text[i], w / 2, h / 2);
  g.fillStyle = texts.source[i] === STREETS ? '#5a4a3a' : '#1d2b3a';
  g.fillText(texts.text[i], w / 2, h / 2);
  s = { canvas, w, h, dpr };
  sprites.set(i, s);
  return s;
}

function labels(ctx, scene, views) {
  const { columns, texts } = scene.labels;
  const { pose, opacity } = views;
  const dpr = ctx.canvas.width / ctx.canvas.clientWidth || 1;
  for (let i = 0; i < views.count; i++) {
    const alpha = opacity[i];
    if (alpha <= 0 || Number.isNaN(pose.x[i])) continue;
    const [sx, sy] = SHIFTS[(columns.flags[i] >> 8) & 15];
    const s = sprite(scene, i, dpr);
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.translate(pose.x[i], pose.y[i]);
    if (texts.source[i] !== STREETS) {
      ctx.fillStyle = '#333';
      ctx.fillRect(-2 * pose.scale[i], -2 * pose.scale[i], 4 * pose.scale[i], 4 * pose.scale[i]);
    }
    ctx.rotate((-pose.angle[i] * Math.PI) / 180);
    ctx.scale(pose.scale[i], pose.scale[i]);
    const cx = columns.offsetX[i] + sx * columns.width[i];
    const cy = columns.offsetY[i] + sy * columns.height[i];
    ctx.drawImage(s.canvas, cx - s.w / 2, cy - s.h / 2, s.w, s.h);
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
  ctx.strokeStyle = 'rgba(210, 40, 40, 0.3)';
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
  ctx.strokeStyle = 'rgba(190, 30, 30, 0.55)';
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
  background(ctx, world, screen);
  geography(ctx, world, screen);
  labels(ctx, scene, views);
  if (boxes) debug(ctx, views, boxes);
}
