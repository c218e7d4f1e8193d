// The MapLibre page of the demo: the demo style (style.json) on the local tiles and glyphs,
// labelled by MapLibre's own placement. Query parameters:
//   ?fade=0              the labels' fade in ms, MapLibre's fadeDuration and the plugin's (the
//                        measurements use 0: full placement on every render, no frames of fading)
//   ?plugin=NAME         after the style loads, imports plugins/NAME.mjs and calls its
//                        `attach(map, {layers, record, fadeMs})` — the slot where a label plugin
//                        (@declutter/maplibre) takes over the symbol layers; no plugin: MapLibre's
//                        own labels
//   ?record              the plugin keeps every frame it draws (for the measurements)
//   &center=lon,lat&zoom=z&bearing=b&pitch=p   the first camera
// `start()` (called by maplibre.html) sets window.demo: the map, the symbol layers and the
// measurement functions; it resolves when the style and the plugin are loaded.
import { loadStyle, registerPmtiles } from './lib/style.mjs';
import * as measure from './lib/measure.mjs';
import { cameraPath } from './lib/camera-path.mjs';

const params = new URLSearchParams(location.search);
const number = (name, fallback) => (params.has(name) ? Number(params.get(name)) : fallback);

export async function start() {
  registerPmtiles();
  const style = await loadStyle();
  const center = params.get('center')?.split(',').map(Number);
  const map = new maplibregl.Map({
    container: 'map',
    style,
    center: center ?? style.center,
    zoom: number('zoom', style.zoom),
    bearing: number('bearing', 0),
    pitch: number('pitch', 0),
    fadeDuration: number('fade', 300),
    hash: false,
    attributionControl: { compact: false },
  });
  map.addControl(new maplibregl.NavigationControl({ visualizePitch: true }));
  const layers = style.layers.filter((layer) => layer.type === 'symbol').map((layer) => layer.id);
  window.demo = { map, layers, measure, cameraPath };
  await new Promise((resolve) => map.once('load', resolve));
  window.demo.placementTimes = measure.instrument(map);

  const plugin = params.get('plugin');
  if (plugin) {
    if (!/^[a-z0-9-]+$/.test(plugin)) throw new Error(`plugin '${plugin}': letters, digits and '-' only`);
    const module = await import(`./plugins/${plugin}.mjs`);
    window.demo.plugin = await module.attach(map, { layers, record: params.has('record'), fadeMs: number('fade', 300) });
  }
  const readout = document.getElementById('readout');
  map.on('idle', () => {
    const c = map.getCenter();
    readout.textContent = `${measure.shownLabels(map, layers).length} labels shown · z ${map.getZoom().toFixed(2)}`
      + ` · ${c.lng.toFixed(3)}, ${c.lat.toFixed(3)} · bearing ${map.getBearing().toFixed(0)}° · pitch ${map.getPitch().toFixed(0)}°`;
  });
}
