// The scripted camera path of the demo's measurements: pan, zoom across tile levels, rotate and
// tilt, over Europe and then into central Vienna. `cameraPath(steps)` gives the cameras between
// the key frames (`steps` per leg, linear in centre, zoom, bearing and pitch).

export const KEY_FRAMES = [
  { center: [10, 50], zoom: 4, bearing: 0, pitch: 0 },      // Europe
  { center: [20, 47], zoom: 4, bearing: 0, pitch: 0 },      // pan east
  { center: [16.37, 48.21], zoom: 6.5, bearing: 0, pitch: 0 }, // zoom in across tile levels
  { center: [16.37, 48.21], zoom: 6.5, bearing: 40, pitch: 0 }, // rotate
  { center: [16.37, 48.21], zoom: 6.5, bearing: 40, pitch: 50 }, // tilt
  { center: [16.3725, 48.2083], zoom: 14, bearing: 0, pitch: 0 }, // down into Vienna's streets
  { center: [16.365, 48.205], zoom: 15, bearing: -30, pitch: 45 }, // pan, rotate, tilt in town
];

const lerp = (a, b, t) => a + (b - a) * t;

export function cameraPath(steps = 6) {
  const cameras = [KEY_FRAMES[0]];
  for (let k = 1; k < KEY_FRAMES.length; k++) {
    const a = KEY_FRAMES[k - 1];
    const b = KEY_FRAMES[k];
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      cameras.push({
        center: [lerp(a.center[0], b.center[0], t), lerp(a.center[1], b.center[1], t)],
        zoom: lerp(a.zoom, b.zoom, t),
        bearing: lerp(a.bearing, b.bearing, t),
        pitch: lerp(a.pitch, b.pitch, t),
      });
    }
  }
  return cameras;
}
