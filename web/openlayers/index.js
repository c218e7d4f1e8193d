// @declutter/openlayers: declutter places the labels of an OpenLayers map's vector layers.
//
//   import { attach } from '@declutter/openlayers';
//   const declutter = await attach(map, { layers: [placesLayer, streetsTileLayer] });
//   declutter.on('hover', (e) => console.log(e.labels));
//
// Each layer (a VectorLayer or a VectorTileLayer, made without `declutter: true`) keeps drawing
// its features; its style's texts are taken out and placed by the WebAssembly frame engine on
// every render of the map, with the view's centre, resolution and rotation, and drawn on a
// canvas over the map. Features of a vector tile layer are read from the tiles rendered; a
// line's pieces are cut to their tiles and joined, one label per feature identity, repeated
// along it every `repeat` px of its Text; a polygon's name goes to the pole of inaccessibility
// of its largest polygon (of a tiled layer: of its largest piece in the tiles rendered).
import {
  attached, clipToSquare, createDeclutter, featureKey, labelSpec, longestChain, pointHalfway, polygonsOf, Spots,
} from '@declutter/core';
import { createStyle } from '@declutter/wasm';
import { textFields, withoutText } from './style.js';

// EPSG:3857: half the world's width, metres.
const HALF = 20037508.342789244;
const toWorld = (mx, my) => [((mx + HALF) / (2 * HALF)) * 256, ((HALF - my) / (2 * HALF)) * 256];
// The resolution (m/px) of zoom 0 with 256-px tiles.
const RESOLUTION_0 = (2 * HALF) / 256;

// The view's camera as the engine takes it: the resolution as a zoom of 256-px tiles (fractional
// for any resolution), the rotation (radians, positive turns the map clockwise) as a bearing.
// The centre is the canvas's (the view's state): with `padding`, `getCenter()` is the padded
// area's centre instead.
export function cameraOf(map) {
  const view = map.getView();
  const [mx, my] = view.getState().center;
  const [x, y] = toWorld(mx, my);
  const [width, height] = map.getSize();
  return {
    x, y, zoom: Math.log2(RESOLUTION_0 / view.getResolution()),
    bearing: (-view.getRotation() * 180) / Math.PI, pitch: 0, width, height,
  };
}

function lines(geometry) {
  const flat = geometry.getFlatCoordinates();
  const stride = geometry.getStride?.() ?? 2;
  const type = geometry.getType();
  // A polygon's rings too (a tile's polygon: every ring in getEnds()), for a name along them.
  const ends = type === 'MultiLineString' || type === 'Polygon' ? geometry.getEnds()
    : type === 'MultiPolygon' ? geometry.getEndss().flat() : type === 'LineString' ? [flat.length] : [];
  const out = [];
  let start = 0;
  for (const end of ends) {
    const line = [];
    for (let k = start; k < end; k += stride) line.push(flat[k], flat[k + 1]);
    out.push(line);
    start = end;
  }
  return out;
}

// A polygon's rings (Polygon, MultiPolygon, or a tile's rings) as polygons of flat world-px rings.
function polygons(geometry) {
  const flat = geometry.getFlatCoordinates();
  const stride = geometry.getStride?.() ?? 2;
  const ring = (start, end) => {
    const out = [];
    for (let k = start; k < end; k += stride) out.push(...toWorld(flat[k], flat[k + 1]));
    return out;
  };
  const ringsOf = (ends, start) => ends.map((end, k) => ring(k === 0 ? start : ends[k - 1], end));
  if (geometry.getType() === 'MultiPolygon' && typeof geometry.getEndss === 'function') {
    let start = 0;
    return geometry.getEndss().map((ends) => {
      const rings = ringsOf(ends, start);
      start = ends[ends.length - 1] ?? start;
      return rings;
    });
  }
  return polygonsOf(ringsOf(geometry.getEnds(), 0));
}

function propertiesOf(feature) {
  const props = { ...feature.getProperties() };
  if (typeof feature.getGeometryName === 'function') delete props[feature.getGeometryName()];
  return props;
}

const isTiled = (layer) => typeof layer.getFeaturesInExtent === 'function' && !!layer.getSource().getTileGrid;

// The labels of one layer into `out` (key -> spec); returns `out`.
function readLayer(map, entry, out) {
  const { layer, options, style } = entry;
  const view = map.getView();
  const resolution = view.getResolution();
  const tiled = isTiled(layer);
  const features = tiled
    ? layer.getFeaturesInExtent(view.calculateExtent(map.getSize()))
    : layer.getSource().getFeatures();
  const grid = tiled ? layer.getSource().getTileGrid() : null;
  const z = tiled ? grid.getZForResolution(resolution, layer.getSource().zDirection ?? 0) : 0;
  const pieces = new Map(); // key -> {fields, props, lines}
  const areas = new Map(); // key -> {fields, props, polygons}
  for (const feature of features) {
    const geometry = feature.getGeometry();
    if (!geometry) continue;
    const fields = textFields(style, feature, resolution, options);
    if (!fields) continue;
    const props = propertiesOf(feature);
    const key = featureKey(options.id, feature.getId(), props);
    const type = geometry.getType();
    if ((type === 'Polygon' || type === 'MultiPolygon') && fields.placement !== 'line') {
      if (!areas.has(key)) areas.set(key, { fields, props, polygons: [] });
      areas.get(key).polygons.push(...polygons(geometry));
    } else if (type === 'Point' || type === 'MultiPoint') {
      if (out.has(key)) continue;
      const flat = geometry.getFlatCoordinates();
      const [x, y] = toWorld(flat[0], flat[1]);
      const spec = labelSpec({ ...fields, x, y, layer: options.id, properties: props });
      if (spec) out.set(key, spec);
    } else if (type === 'LineString' || type === 'MultiLineString' || type === 'Polygon' || type === 'MultiPolygon') {
      // Lines, and polygons with `placement: 'line'`: the name along the longest ring.
      if (!pieces.has(key)) pieces.set(key, { fields, props, lines: [] });
      const entryLines = pieces.get(key).lines;
      for (const line of lines(geometry)) entryLines.push(...(tiled ? cutToTile(line, grid, z) : [worldLine(line)]));
    }
  }
  for (const [key, { fields, props, polygons: area }] of areas) {
    if (!area.length) continue;
    const spec = labelSpec({ ...fields, x: area[0][0][0], y: area[0][0][1], area, layer: options.id, properties: props });
    if (spec) out.set(key, spec);
  }
  for (const [key, { fields, props, lines: parts }] of pieces) {
    const line = longestChain(parts, tiled ? 256 / 2 ** z / 4096 : 1e-9);
    if (!line) continue;
    const base = { ...fields, layer: options.id, properties: props };
    const spec = fields.placement === 'line' ? labelSpec({ ...base, path: line }) : labelSpec({ ...base, ...pointHalfway(line) });
    if (spec) out.set(key, spec);
  }
  return out;
}

const worldLine = (line) => {
  const out = [];
  for (let k = 0; k < line.length; k += 2) out.push(...toWorld(line[k], line[k + 1]));
  return out;
};

// A piece of a line from a vector tile, cut back to its tile (the one holding its middle: the
// rest is the tile's buffer) in that tile's units, in world px.
function cutToTile(line, grid, z) {
  const world = worldLine(line);
  const mid = pointHalfway(world);
  const mx = (mid.x / 256) * 2 * HALF - HALF;
  const my = HALF - (mid.y / 256) * 2 * HALF;
  const [minX, minY, maxX, maxY] = grid.getTileCoordExtent(grid.getTileCoordForCoordAndZ([mx, my], z));
  const E = 4096;
  const units = [];
  for (let k = 0; k < line.length; k += 2) units.push(((line[k] - minX) / (maxX - minX)) * E, ((maxY - line[k + 1]) / (maxY - minY)) * E);
  return clipToSquare(units, E).map((part) => {
    const out = [];
    for (let k = 0; k < part.length; k += 2) out.push(...toWorld(minX + (part[k] / E) * (maxX - minX), maxY - (part[k + 1] / E) * (maxY - minY)));
    return out;
  });
}

export async function attach(map, options) {
  if (!options || !Array.isArray(options.layers) || options.layers.length === 0) {
    throw new Error('declutter: attach(map, {layers: [...]}) needs the vector layers to take over');
  }
  const entries = options.layers.map((l, i) => {
    const o = typeof l.getSource === 'function' ? { layer: l } : l;
    if (!o.layer || typeof o.layer.getSource !== 'function') throw new Error(`declutter: layers[${i}] is not an OpenLayers vector layer`);
    if (o.layer.getDeclutter?.()) throw new Error(`declutter: layers[${i}] was made with declutter: true; make it without, declutter places its labels`);
    const style = o.layer.getStyleFunction();
    if (!style) throw new Error(`declutter: layers[${i}] has no style`);
    return { layer: o.layer, style, options: { ...o, id: o.id ?? o.layer.get('id') ?? o.layer.getClassName?.() ?? `layer${i}` } };
  });
  const d = await createDeclutter(map.getViewport(), options);
  // The style library's spots (copies along lines, poles of areas) need no style of the map.
  const spots = new Spots(await createStyle({ version: 8, sources: {}, layers: [] }, d.module));
  for (const e of entries) e.layer.setStyle(withoutText(e.style));
  let dirty = true;
  const touch = () => { dirty = true; map.render(); };
  const keys = [];
  for (const e of entries) {
    const source = e.layer.getSource();
    keys.push([source, 'change', touch], [source, 'tileloadend', touch]);
  }
  // A vector tile layer has the features of the tiles it renders for a new resolution only once
  // the map's render completes (tiles already loaded fire no load event): until then its labels
  // are those read before (else they would leave and fade in again), and it is read again then,
  // once per resolution.
  let tilesReady = true;
  let completeAt = null;
  keys.push([map.getView(), 'change:resolution', () => { tilesReady = false; touch(); }]);
  const onComplete = () => {
    const resolution = map.getView().getResolution();
    // (Also back at the resolution of the last completed render before this one completed.)
    if (resolution !== completeAt || !tilesReady) { completeAt = resolution; tilesReady = true; touch(); }
  };
  keys.push([map, 'rendercomplete', onComplete]);
  const onRender = () => {
    if (dirty) {
      const labels = new Map();
      // A layer hidden, or outside its zoom or resolution range, is not drawn: its labels leave.
      for (const e of entries) {
        if (!(e.layer.isVisible?.(map.getView()) ?? e.layer.getVisible())) continue;
        if (tilesReady || !e.read || !isTiled(e.layer)) e.read = readLayer(map, e, new Map());
        for (const [key, spec] of e.read) labels.set(key, spec);
      }
      // Copies along lines laid out at the whole zoom (of 256-px tiles) of the view.
      spots.apply(labels, 2 ** Math.floor(cameraOf(map).zoom));
      d.setLabels(labels);
      dirty = false;
    }
    const camera = cameraOf(map);
    if (!camera.width || !camera.height) return;
    if (d.frame(camera, window.devicePixelRatio || 1, performance.now())) map.render();
  };
  const onMove = (e) => {
    const [x, y] = e.pixel;
    const labels = d.query(x, y);
    const event = { point: { x, y }, coordinate: e.coordinate, labels };
    d.emit('hover', event);
  };
  keys.push([map, 'postrender', onRender], [map, 'pointermove', onMove]);
  for (const [target, type, fn] of keys) target.on(type, fn);
  map.render();
  return attached(d, {
    render: () => map.render(),
    pending: () => dirty || !tilesReady,
    detach() {
      for (const [target, type, fn] of keys) target.un(type, fn);
      for (const e of entries) e.layer.setStyle(e.style);
    },
  });
}
