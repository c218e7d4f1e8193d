// declutter in a page without a bundler: the ES module imported by its path, the module's
// default loadModule() finding pkg/declutter.wasm relative to js/declutter.js.
import { createEngine, loadModule, REASONS } from '../../js/declutter.js';

const engine = await createEngine(await loadModule());
const names = ['Wien', 'Stephansplatz', 'Schönbrunn'];
engine.setLabels([
  { lon: 16.3725, lat: 48.2083, width: 60, height: 14, priority: 2 },
  { lon: 16.3731, lat: 48.2085, width: 90, height: 14, priority: 1 },
  { lon: 16.3112, lat: 48.1845, width: 80, height: 14 },
]);
const frame = engine.placeFrame({ lon: 16.3725, lat: 48.2083, zoom: 12, width: 800, height: 600 }, 0);
document.querySelector('#out').textContent = names
  .map((name, i) => `${name}: ${REASONS[frame.reason[i]]}`)
  .join('\n');
