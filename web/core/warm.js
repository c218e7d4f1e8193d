// Compiling the engine's code before the map's first frame. V8 compiles a WebAssembly function
// lazily, on the calling thread, the first time it is called; a code path first taken in the
// middle of a camera move would cost that frame the compilation of its functions.
//
// `warmUp` places a made-up scene on a throwaway instance of the module (the engines that place
// the map's labels never see the scene), taking the paths the map takes: plain labels, symbols
// with icons and several candidates, texts along wavy lines (some too curved), repeat groups,
// labels that may overlap; frames panned (reused), zoomed, turned, tilted to the horizon, let
// settle, and zoomed out past one copy of the world; then over 1,024 plain labels (the core's
// staged pipeline), with one symbol far away (symbol frames whose batches are all plain) and
// alone (plain frames). Compiled code belongs to the module, shared by its instances, so a
// module is warmed once (a second attach, or maps sharing `options.module`, skip it).
import { Flags, createEngine } from '@declutter/wasm';
import { commitEngineLabels } from './labels.js';
import { lonLatToWorld } from './lines.js';

const ANCHORS = 9; // anchor numbers 0 to 8 (`flags` bits 8–11)
const VIEW = { width: 1280, height: 800 };
// The scene's middle (lon, lat; world px at zoom 0) and the zoom its labels crowd at.
const CENTER = [10, 40];
const MIDDLE = lonLatToWorld(...CENTER);
const ZOOM = 9;

// A small deterministic generator (the same scene on every load).
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// The made-up labels (engine labels, as `LabelStore.engineLabels` gives them).
export function warmUpScene(count = 900) {
  const r = random(43);
  const span = 3 * VIEW.width / 2 ** ZOOM; // three viewports wide, world px
  const at = () => [MIDDLE[0] + (r() - 0.5) * span, MIDDLE[1] + (r() - 0.5) * span];
  const labels = [];
  for (let i = 0; i < count; i++) {
    const [x, y] = at();
    const kind = i % 10;
    const l = {
      x, y, width: 20 + 80 * r(), height: 12 + 8 * r(), priority: Math.floor(r() * 50),
      angle: kind === 9 ? 30 * r() : 0, offsetX: 0, offsetY: 0, padding: 2 * r(),
      flags: ((i % ANCHORS) << 8) | (i % 37 === 0 ? Flags.ALLOW_OVERLAP : 0) | (i % 53 === 0 ? Flags.IGNORE_PLACEMENT : 0),
    };
    if (kind <= 3) {
      // A point with an icon and the text around it.
      l.icon = [8, 8, 'center', 0, 0, 1];
      l.optional = ['none', 'text', 'icon'][i % 3];
      l.candidates = ['left', 'right', 'top', 'bottom'].slice(0, 1 + (i % 4)).map((a) => [a, [r() * 4, r() * 4]]);
    } else if (kind === 4) {
      l.candidates = [['top', [0, 0]], ['bottom', [0, 0]]];
    } else if (kind <= 6) {
      // A text along a wavy line (a tight wave is too curved for it).
      const n = 6 + (i % 7);
      const step = (6 + 20 * r()) / 2 ** ZOOM;
      const heading = r() * 2 * Math.PI;
      const wave = kind === 6 ? 1.5 : 0.2;
      l.path = [];
      for (let k = 0; k < n; k++) {
        const a = heading + wave * Math.sin(k);
        l.path.push(x + k * step * Math.cos(a), y + k * step * Math.sin(a));
      }
      l.advances = Array.from({ length: 3 + (i % 9) }, () => 5 + 4 * r());
      l.maxAngle = 45;
      if (i % 3 === 0) l.pathOffset = r() * 20;
      if (i % 4 === 0) l.flags |= Flags.NO_KEEP_UPRIGHT;
    }
    if (kind === 5 || kind === 2) {
      l.repeatGroup = i % 5;
      l.repeatDistance = 100;
    }
    labels.push(l);
  }
  return labels;
}

// The scene's cameras: panned, zoomed, turned, tilted to the horizon, still, far out.
function* cameras() {
  // dx: east of the middle, world px (the cameras are in lon/lat, as the map packages give them).
  const c = (dx, zoom, bearing = 0, pitch = 0) => ({ lon: CENTER[0] + (dx * 360) / 256, lat: CENTER[1], zoom, bearing, pitch, ...VIEW });
  const unit = 1 / 2 ** ZOOM; // one screen px, world px
  for (let k = 0; k < 12; k++) yield c(k * 7 * unit, ZOOM);
  for (let k = 0; k < 16; k++) yield c(0, ZOOM + 1.5 * Math.sin(k / 3));
  for (let k = 0; k < 16; k++) yield c(0, ZOOM, k * 23);
  for (let k = 0; k < 16; k++) yield c(0, ZOOM - 0.5, 150, k * 5);
  for (let k = 0; k < 6; k++) yield c(k * 100 * unit, ZOOM - 0.5, 150, 80);
  for (let k = 0; k < 6; k++) yield c(0, ZOOM);
  for (let k = 0; k < 6; k++) yield c(0, 1.5 - k * 0.2, 10 * k);
  yield c(0, ZOOM);
}

// The modules warmed (or being warmed): module → the warm-up's promise.
const warmed = new WeakMap();

// Places the scene on a throwaway instance of `module` with `frameOptions` (see above), once
// per module.
export function warmUp(module, frameOptions) {
  let done = warmed.get(module);
  if (!done) {
    done = place(module, frameOptions);
    warmed.set(module, done);
    done.catch(() => warmed.delete(module)); // a failed warm-up is tried again next time
  }
  return done;
}

async function place(module, frameOptions) {
  const engine = await createEngine(module, frameOptions);
  const labels = warmUpScene();
  let now = 0;
  const frames = (list, every = 1) => {
    let k = 0;
    for (const camera of cameras()) {
      if (k++ % every !== 0) continue;
      // Once the frames settle (longer than any fade and full placement interval), then 16 ms.
      now += now === 0 || (camera.pitch === 0 && camera.zoom === ZOOM && camera.lon === CENTER[0]) ? 1000 : 16;
      let f = engine.placeFrame(camera, now);
      for (let i = 0; i < f.count; i++) {
        if (list[i].path && f.opacity[i] > 0) {
          engine.glyphs(i);
          f = engine.views(); // the call may have moved them
        }
      }
      engine.boxes();
    }
  };
  commitEngineLabels(engine, labels);
  frames(labels, 2);
  // Plain labels (more than the 1,024 from which a frame takes the core's staged pipeline) with
  // one symbol out of view (symbol frames whose batches are all plain), then alone (plain
  // frames).
  const plain = warmUpScene(1300).map(({ x, y, width, height, priority, angle, offsetX, offsetY, padding, flags }) => (
    { x, y, width, height, priority, angle, offsetX, offsetY, padding, flags: flags & ~Flags.NO_KEEP_UPRIGHT }));
  const far = { ...labels.find((l) => l.icon), x: MIDDLE[0] + 64, y: MIDDLE[1] };
  for (const list of [[...plain, far], plain]) {
    commitEngineLabels(engine, list);
    frames(list, 3);
  }
}
