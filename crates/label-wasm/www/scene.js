// The demo's data (data/scene.json, written by `cargo run -p label-wasm --bin web_scene`): the
// labels as the module's input columns, their texts, the faint geography and the scripted tour.
import { createEngine } from '../js/declutter.js';

export async function loadScene() {
  const response = await fetch(new URL('data/scene.json', import.meta.url));
  if (!response.ok) throw new Error(`data/scene.json: HTTP ${response.status} (run crates/label-wasm/scripts/build.sh)`);
  return response.json();
}

// The geography under the labels as world points, and how to draw them: the places' dots
// (the anchors of the place labels), Vienna's street lines, and a 10° graticule.
export function geography(scene) {
  const points = [];
  const lines = [];
  const { columns, texts } = scene.labels;
  const dots = { start: 0, count: 0 };
  texts.source.forEach((source, i) => {
    if (source !== 2) points.push(columns.x[i], columns.y[i]);
  });
  dots.count = points.length / 2;
  const line = (kind, world) => {
    lines.push({ kind, start: points.length / 2, count: world.length / 2 });
    points.push(...world);
  };
  for (const street of scene.streets) line('street', street);
  for (const graticule of scene.graticule) line('graticule', graticule);
  return { points, dots, lines };
}

// A new engine holding the scene's labels (ids = indices) and its geography points.
export async function sceneEngine(module, scene, world) {
  const engine = await createEngine(module);
  const views = engine.labelColumns(scene.labels.count);
  for (const [name, values] of Object.entries(scene.labels.columns)) views[name].set(values);
  engine.commitLabels('world');
  engine.setPoints(world.points);
  return engine;
}
