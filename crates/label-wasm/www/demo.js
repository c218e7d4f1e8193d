// The live map: the WebAssembly frame engine placing ~33,500 real labels (Natural Earth and
// GeoNames places, Vienna's street names) every animation frame, drawn on a canvas.
// `window.demo.runTour()` plays the scripted tour (data/scene.json's cameras at their own
// simulated times) on a fresh engine and returns each frame's digest, for the browser test.
import { loadModule } from '../js/declutter.js';
import { digest } from './digest.js';
import { drawFrame } from './draw.js';
import { geography, loadScene, sceneEngine } from './scene.js';

const canvas = document.getElementById('map');
const ctx = canvas.getContext('2d');
const readout = document.getElementById('readout');
const ui = Object.fromEntries(['debug', 'stability', 'left', 'right', 'tiltUp', 'tiltDown', 'zoomIn', 'zoomOut', 'tour']
  .map((id) => [id, document.getElementById(id)]));

const font = new FontFace('DejaVu Sans', `url(${new URL('../../label-text/fonts/DejaVuSans.ttf', import.meta.url)})`);
const [module, scene] = await Promise.all([loadModule(), loadScene(), font.load()]);
document.fonts.add(font);
const world = geography(scene);
let engine = await sceneEngine(module, scene, world);

const first = scene.animation[0];
let camera = { x: first.x, y: first.y, zoom: first.zoom, bearing: 0, pitch: 0, width: 0, height: 0 };
let touring = false;
// placeFrame times (ms) over the last two seconds, with when they were taken.
const recent = [];

function resize() {
  const dpr = window.devicePixelRatio || 1;
  camera.width = canvas.clientWidth;
  camera.height = canvas.clientHeight;
  canvas.width = Math.round(camera.width * dpr);
  canvas.height = Math.round(camera.height * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
}
window.addEventListener('resize', resize);
resize();

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1];
}

// Places and draws one frame; returns the views and placeFrame's time, ms.
function render(shot, timeMs) {
  const start = performance.now();
  const views = engine.placeFrame(shot, timeMs);
  const placed = performance.now() - start;
  const screen = engine.projectPoints(shot);
  drawFrame(ctx, scene, world, views, screen, ui.debug.checked ? engine.boxes() : null);
  return { views, placed, drawn: performance.now() - start - placed };
}

function report(views, placed, now) {
  recent.push([now, placed]);
  while (recent.length && recent[0][0] < now - 2000) recent.shift();
  const sorted = recent.map(([, ms]) => ms).sort((a, b) => a - b);
  const s = views.stats;
  readout.textContent = `placeFrame p50 ${percentile(sorted, 0.5).toFixed(2)} ms  p99 ${percentile(sorted, 0.99).toFixed(2)} ms\n` +
    `(last 2 s, ${sorted.length} frames; ${s.kind ? 'reused' : 'full'} frame)\n` +
    `${s.visible} shown of ${s.inView} in view, ${s.labels} labels\n` +
    `zoom ${camera.zoom.toFixed(2)}  bearing ${camera.bearing.toFixed(0)}°  pitch ${camera.pitch.toFixed(0)}°`;
}

function loop(now) {
  if (!touring) {
    const { views, placed } = render(camera, now);
    report(views, placed, now);
  }
  requestAnimationFrame(loop);
}

// Camera moves: the world point under a screen point stays under it.
const under = (x, y) => engine.unproject(camera, x, y);
function keep(point, x, y) {
  const now = under(x, y);
  if (point && now) {
    camera.x += point.x - now.x;
    camera.y += point.y - now.y;
  }
}
function zoomAt(delta, x, y) {
  const point = under(x, y);
  camera.zoom = Math.min(20, Math.max(1, camera.zoom + delta));
  keep(point, x, y);
}
function panBy(dx, dy) {
  const a = under(camera.width / 2, camera.height / 2);
  const b = under(camera.width / 2 + dx, camera.height / 2 + dy);
  if (a && b) { camera.x += b.x - a.x; camera.y += b.y - a.y; }
}
const turn = (degrees) => { camera.bearing = (camera.bearing + degrees + 360) % 360; };
const tilt = (degrees) => { camera.pitch = Math.min(60, Math.max(0, camera.pitch + degrees)); };

let grab = null;
canvas.addEventListener('pointerdown', (e) => {
  grab = under(e.offsetX, e.offsetY);
  canvas.setPointerCapture(e.pointerId);
  canvas.classList.add('dragging');
});
canvas.addEventListener('pointermove', (e) => { if (grab) keep(grab, e.offsetX, e.offsetY); });
canvas.addEventListener('pointerup', () => { grab = null; canvas.classList.remove('dragging'); });
canvas.addEventListener('wheel', (e) => {
  e.preventDefault();
  zoomAt(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.002), e.offsetX, e.offsetY);
}, { passive: false });
window.addEventListener('keydown', (e) => {
  const keys = {
    ArrowLeft: () => panBy(-100, 0), ArrowRight: () => panBy(100, 0), ArrowUp: () => panBy(0, -100),
    ArrowDown: () => panBy(0, 100), '+': () => zoomAt(0.5, camera.width / 2, camera.height / 2),
    '=': () => zoomAt(0.5, camera.width / 2, camera.height / 2), '-': () => zoomAt(-0.5, camera.width / 2, camera.height / 2),
    q: () => turn(-15), e: () => turn(15), w: () => tilt(5), s: () => tilt(-5),
  };
  if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
});
ui.left.onclick = () => turn(-15);
ui.right.onclick = () => turn(15);
ui.tiltUp.onclick = () => tilt(5);
ui.tiltDown.onclick = () => tilt(-5);
ui.zoomIn.onclick = () => zoomAt(0.5, camera.width / 2, camera.height / 2);
ui.zoomOut.onclick = () => zoomAt(-0.5, camera.width / 2, camera.height / 2);
ui.stability.onchange = () => {
  if (ui.stability.checked) engine.setOptions(); else engine.setOptionsWithoutStability();
};
ui.tour.onclick = () => runTour();

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
// A turn of the event loop without waiting for the display (headless Chromium without a GPU
// presents a frame every ~140 ms, though drawing one takes under 10).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Plays the scripted tour on a fresh engine (so that its frames start from no memory, as the
// native replay does), drawing each frame (one per display frame, or with `paced: false` as
// fast as they come); returns per frame the digest and visible count, the visible labels and
// their boxes for the frames in `check`, and placeFrame's and drawing's times (ms).
async function runTour({ check = [], paced = true } = {}) {
  touring = true;
  engine = await sceneEngine(module, scene, world);
  if (!ui.stability.checked) engine.setOptionsWithoutStability();
  const frames = [];
  const times = [];
  const drawing = [];
  for (const [k, shot] of scene.animation.entries()) {
    await (paced ? nextFrame() : nextTask());
    const { views, placed, drawn } = render(shot, shot.time);
    times.push(placed);
    drawing.push(drawn);
    report(views, placed, performance.now());
    const frame = { digest: digest(views), visible: views.stats.visible };
    if (check.includes(k)) {
      const boxes = engine.boxes();
      frame.shown = [];
      views.visible.forEach((v, i) => {
        if (v) {
          frame.shown.push({
            index: i,
            box: { cx: boxes.cx[i], cy: boxes.cy[i], hx: boxes.hx[i], hy: boxes.hy[i], ux: boxes.ux[i], uy: boxes.uy[i] },
          });
        }
      });
    }
    frames.push(frame);
  }
  const last = scene.animation[scene.animation.length - 1];
  camera = { ...camera, x: last.x, y: last.y, zoom: last.zoom, bearing: last.bearing, pitch: last.pitch };
  touring = false;
  return { frames, times, drawing };
}

// Shows one camera (for screenshots): draws it once, off the live loop's clock.
async function show(shot, { debug = false } = {}) {
  ui.debug.checked = debug;
  camera = { ...camera, ...shot };
  await nextFrame();
  await nextFrame();
}

window.demo = { runTour, show, labels: scene.labels.count, camera: () => ({ ...camera }) };
requestAnimationFrame(loop);
if (new URLSearchParams(location.search).has('tour')) runTour();
