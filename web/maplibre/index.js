// @declutter/maplibre: declutter places the labels of a MapLibre GL JS map's symbol layers.
//
//   import { attach } from '@declutter/maplibre';
//   const declutter = await attach(map, { layers: ['places', 'streets'] });
//   declutter.on('hover', (e) => console.log(e.labels));   // or map.on('declutter.hover', …)
//   declutter.debug = true;                                  // boxes; hidden → what hid them
//
// attach() reads the layers' features from their sources (GeoJSON and vector tiles, as tiles
// load and leave), their layout from the style compiled by the style library in WebAssembly
// (layout.js), turns the map's own drawing and collision of those layers off, and on every
// render of the map places a frame with the map's camera in the WebAssembly frame engine and
// draws it on a canvas over the map.
import { attached, createDeclutter, Spots } from '@declutter/core';
import { createStyle, loadModule } from '@declutter/wasm';
import { layoutOf, styleOf } from './layout.js';
import { readLabels } from './features.js';

// Each taken-over layer is turned off (`visibility: none`: MapLibre neither lays out its
// symbols — glyph shaping, collision data — nor places them) and a stand-in takes its place: an
// invisible circle layer of the same source, source layer and zoom range whose filter passes no
// feature. A source's tiles load while some visible layer in its zoom range uses it, and
// `querySourceFeatures` reads a tile's raw features whatever its layers keep, so the labels read
// are those the symbol layer would show, at the cost of one filter test per feature per tile.
const standInId = (id) => `${id}.declutter-stand-in`;
function standIn(layer, visibility) {
  const spec = {
    id: standInId(layer.id), type: 'circle', source: layer.source, filter: false,
    minzoom: layer.minzoom, maxzoom: layer.maxzoom, layout: { visibility: visibility ?? 'visible' },
  };
  return layer.sourceLayer === undefined ? spec : { ...spec, 'source-layer': layer.sourceLayer };
}

// The map's camera as the engine takes it (256-px tiles: MapLibre's zoom + 1). With padding
// (`map.setPadding`), MapLibre moves the centre of perspective to the padded area's centre,
// (left − right) / 2, (top − bottom) / 2 px from the canvas's (an off-axis frustum, the same
// vertical field of view and camera distance): the engine's `centerOffset`, its viewport still
// the canvas.
export function cameraOf(map) {
  const c = map.getCenter().wrap();
  const canvas = map.getCanvas();
  const fov = typeof map.getVerticalFieldOfView === 'function' ? map.getVerticalFieldOfView() : 36.87;
  const camera = {
    lon: c.lng, lat: c.lat, zoom: map.getZoom() + 1, bearing: map.getBearing(), pitch: map.getPitch(),
    width: canvas.clientWidth, height: canvas.clientHeight, fov,
  };
  const p = typeof map.getPadding === 'function' ? map.getPadding() : null;
  const dx = p ? (p.left - p.right) / 2 : 0;
  const dy = p ? (p.top - p.bottom) / 2 : 0;
  return dx === 0 && dy === 0 ? camera : { ...camera, centerOffset: [dx, dy] };
}

export async function attach(map, options) {
  if (!options || !Array.isArray(options.layers) || options.layers.length === 0) {
    throw new Error('declutter: attach(map, {layers: [...]}) needs the ids of the symbol layers to take over');
  }
  const layers = options.layers.map((l) => (typeof l === 'string' ? { id: l } : l));
  // Until the style is loaded: its first load, or changes just made to it (a layer added).
  while (!map.isStyleLoaded()) {
    await new Promise((resolve) => {
      // Whichever fires first; the other listener is removed, not left for a later event.
      const done = () => { map.off('load', done); map.off('idle', done); resolve(); };
      map.on('load', done);
      map.on('idle', done);
    });
  }
  const module = options.module ?? await loadModule(options.wasmUrl);
  // The style as the map holds it, before attach() hides the layers' symbols.
  const compiled = await createStyle(styleOf(map.getStyle(), layers.map((l) => l.id)), module);
  for (const w of compiled.warnings) console.warn(`declutter: layer "${w.layer}", ${w.property}: ${w.message}`);
  const taken = layers.map((l) => {
    const style = map.getLayer(l.id);
    if (!style) throw new Error(`declutter: the map's style has no layer "${l.id}"`);
    if (style.type !== 'symbol') throw new Error(`declutter: layer "${l.id}" is a ${style.type} layer, not a symbol layer`);
    if (map.getLayer(standInId(l.id))) throw new Error(`declutter: layer "${l.id}" is already taken over by declutter; detach first`);
    return {
      id: l.id, source: style.source, sourceLayer: style.sourceLayer ?? style['source-layer'],
      minzoom: style.minzoom ?? 0, maxzoom: style.maxzoom ?? 24,
      filter: map.getFilter(l.id), layout: layoutOf(l, compiled),
    };
  });
  const d = await createDeclutter(map.getContainer(), { ...options, module });
  const spots = new Spots(compiled);
  const saved = taken.map((l) => [l.id, map.getLayoutProperty(l.id, 'visibility')]);
  for (const [id, visibility] of saved) {
    map.addLayer(standIn(taken.find((l) => l.id === id), visibility), id);
    map.setLayoutProperty(id, 'visibility', 'none');
  }
  const sources = new Set(taken.map((l) => l.source));
  const images = new Map();
  const image = (name) => {
    if (!images.has(name)) images.set(name, imageCanvas(map, name));
    return images.get(name);
  };

  let dirty = true;
  let zoomRead = Math.floor(map.getZoom());
  // The zoom the layouts are evaluated at: the map's zoom at the first read in each whole zoom
  // level (a tile arriving later in the level is laid out alike, and the tiles read before are
  // kept as they are).
  let layoutZoom = map.getZoom();
  const reading = { reads: 0, tilesRead: 0, tilesKept: 0, ms: 0 };
  let lastRead = new Map();
  // The labels of every taken-over layer in its zoom range, read now; `fresh`: every tile read
  // again, nothing kept (the check that the incremental read equals a full one).
  const read = (fresh = false) => {
    const labels = new Map();
    const zoom = map.getZoom();
    // A layer outside its zoom range is not drawn by MapLibre: its labels leave.
    for (const l of taken) {
      if (zoom >= l.minzoom && zoom < l.maxzoom) readLabels(map, l, l.layout, image, labels, layoutZoom, { fresh, stats: fresh ? null : reading });
    }
    // Copies along lines laid out at the whole zoom (px per world px: 2^(zoom + 1), 512-px tiles).
    spots.apply(labels, 2 ** (zoomRead + 1));
    return labels;
  };
  const onData = (e) => {
    if (e.sourceId && !sources.has(e.sourceId)) return;
    dirty = true;
    map.triggerRepaint();
  };
  const onRender = () => {
    // Zoom-dependent layout (sizes, steps, layer zoom ranges) is read again at each whole zoom level.
    const z = Math.floor(map.getZoom());
    if (dirty || z !== zoomRead) {
      const t0 = performance.now();
      if (z !== zoomRead) layoutZoom = map.getZoom();
      zoomRead = z;
      lastRead = read();
      d.setLabels(lastRead);
      dirty = false;
      reading.reads++;
      reading.ms += performance.now() - t0;
    }
    const camera = cameraOf(map);
    if (camera.width === 0 || camera.height === 0) return;
    const dpr = typeof map.getPixelRatio === 'function' ? map.getPixelRatio() : window.devicePixelRatio || 1;
    if (d.frame(camera, dpr, performance.now())) map.triggerRepaint();
  };
  const onMove = (e) => {
    const labels = d.query(e.point.x, e.point.y);
    const event = { point: e.point, lngLat: e.lngLat, labels };
    d.emit('hover', event);
    map.fire('declutter.hover', event);
  };
  map.on('sourcedata', onData);
  map.on('styledata', onData);
  map.on('render', onRender);
  map.on('mousemove', onMove);
  map.triggerRepaint();

  const result = attached(d, {
    render: () => map.triggerRepaint(),
    pending: () => dirty,
    detach() {
      map.off('sourcedata', onData);
      map.off('styledata', onData);
      map.off('render', onRender);
      map.off('mousemove', onMove);
      for (const [id, visibility] of saved) {
        if (map.getLayer(standInId(id))) map.removeLayer(standInId(id));
        if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visibility);
      }
    },
  });
  /** The labels of the last read (key -> spec); `{fresh: true}`: every tile read again now. */
  result.labels = (opts) => (opts?.fresh ? read(true) : new Map(lastRead));
  /** The reads so far: how many, the tiles read and kept, the time they took (ms). */
  result.reading = () => ({ ...reading });
  return result;
}

// A style image as a canvas at its size in CSS px, or null when the style has none so named.
function imageCanvas(map, name) {
  const img = typeof map.getImage === 'function' ? map.getImage(name) : null;
  const data = img?.data;
  if (!data) return null;
  const canvas = document.createElement('canvas');
  canvas.width = data.width;
  canvas.height = data.height;
  canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(data.data), data.width, data.height), 0, 0);
  const ratio = img.pixelRatio || 1;
  return { canvas, width: data.width / ratio, height: data.height / ratio };
}
