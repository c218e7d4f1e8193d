// The features of a symbol layer as labels: read from the loaded tiles of its source (a tile's
// features once, when it arrives; GeoJSON and vector tile sources alike), one label per feature
// identity however many tiles hold it. A point is taken from the tile it lies in (the copies in
// neighbouring tiles' buffers are the same feature); a line's pieces are cut to their tiles and
// joined (@declutter/core's lines.js) so a street crossing tile edges is one text along one line,
// repeated along it about every `symbol-spacing` px (at k/m of the line: @declutter/core's
// spots.js). A polygon's pieces (each tile holds its part and a buffer) are gathered from the
// tiles of one level and the name goes to the pole of inaccessibility of the largest piece;
// with `symbol-placement: line` its rings are lines, cut to their tiles and joined as a line's
// pieces are.
import {
  clipToSquare, featureKey, labelSpec, lineLength, longestChain, lonLatToWorld, pointHalfway, polygonsOf, tileToWorld,
} from '@declutter/core';

// The tile a feature came from and its geometry in tile units, when MapLibre exposes them.
function tileGeometry(feature) {
  const vt = feature._vectorTileFeature;
  if (!vt || typeof vt.loadGeometry !== 'function' || feature._z === undefined) return null;
  const extent = vt.extent ?? 4096;
  return { z: feature._z, x: feature._x, y: feature._y, extent, type: vt.type, rings: vt.loadGeometry() };
}

// Features' geometry without tile information: lon/lat from GeoJSON.
function plainGeometry(feature) {
  const g = feature.geometry;
  const lines = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : [];
  const point = g.type === 'Point' ? g.coordinates : g.type === 'MultiPoint' ? g.coordinates[0] : null;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  const flat = (line) => line.flatMap(([lon, lat]) => lonLatToWorld(lon, lat));
  return { point: point && lonLatToWorld(point[0], point[1]), lines: lines.map(flat), polygons: polygons.map((p) => p.map(flat)) };
}

// The zoom level of the tiles MapLibre draws the source with at the centre of the view.
function idealZoom(map, sourceId) {
  const source = map.getSource(sourceId);
  const tileSize = source?.tileSize ?? 512;
  const z = Math.floor(map.getZoom() + Math.log2(512 / tileSize));
  return Math.max(source?.minzoom ?? 0, Math.min(source?.maxzoom ?? 22, z));
}

// Whether tiles of zoom `a` are preferred to tiles of zoom `b` for a feature both hold: the
// deepest level not past the ideal one, else the shallowest past it. Every tile of one level
// cuts and quantises a feature alike, so a label keeps one geometry while other levels' tiles
// come and go (the parents MapLibre keeps while children load, the children of a zoom out).
function better(a, b, ideal) {
  if (a <= ideal && b <= ideal) return a > b;
  if (a > ideal && b > ideal) return a < b;
  return a <= ideal;
}

// The tiles a source is drawn from now, one per tile of data (the copies of a tile across the
// antimeridian share it), in the order `map.querySourceFeatures` reads them; null when the map
// does not expose them (MapLibre's TileManager of version 5, its SourceCache before).
function tilesOf(map, sourceId) {
  const manager = map.style?.tileManagers?.[sourceId] ?? map.style?.sourceCaches?.[sourceId];
  if (typeof manager?.getRenderableIds !== 'function' || typeof manager.getTileByID !== 'function') return null;
  const tiles = [];
  const seen = new Set();
  for (const id of manager.getRenderableIds()) {
    const tile = manager.getTileByID(id);
    if (!tile || typeof tile.querySourceFeatures !== 'function' || seen.has(tile.tileID.canonical.key)) continue;
    seen.add(tile.tileID.canonical.key);
    tiles.push(tile);
  }
  return tiles;
}

// What one feature of one tile gives the layer: its key, the layout's fields at `zoom`, its
// properties, the tile level `z` and its geometry in world px (`point`, line `pieces` cut to the
// tile, or `polygons`), or null when the layer does not show it.
function featureItem(feature, layer, layout, image, zoom) {
  const props = feature.properties ?? {};
  const t = tileGeometry(feature);
  let point = null;
  let pieces = null;
  let polygons = null;
  let rings = null; // a polygon's rings as lines, for a name along them
  let z = 0;
  let eps = 1e-9;
  if (t) {
    const world = tileToWorld(t.z, t.x, t.y, t.extent);
    z = t.z;
    eps = 256 / (t.extent * 2 ** t.z) / 8;
    // Lines (or rings) cut back to the tile, in world px.
    const cut = () => {
      const out = [];
      for (const ring of t.rings) {
        for (const part of clipToSquare(ring.flatMap((q) => [q.x, q.y]), t.extent)) {
          const flat = [];
          for (let k = 0; k < part.length; k += 2) flat.push(...world(part[k], part[k + 1]));
          out.push(flat);
        }
      }
      return out;
    };
    if (t.type === 1) {
      const p = t.rings.flat().find((q) => q.x >= 0 && q.y >= 0 && q.x < t.extent && q.y < t.extent);
      if (!p) return null; // a copy in this tile's buffer; the tile that holds it gives it
      point = world(p.x, p.y);
    } else if (t.type === 2) {
      pieces = cut();
    } else if (t.type === 3) {
      polygons = polygonsOf(t.rings.map((ring) => ring.flatMap((q) => world(q.x, q.y))));
      rings = cut;
    } else return null;
  } else {
    const g = plainGeometry(feature);
    point = g.point;
    pieces = g.point || g.polygons.length ? null : g.lines;
    polygons = g.polygons.length ? g.polygons : null;
    rings = () => g.polygons.flat();
  }
  const geometry = t ? ['Point', 'LineString', 'Polygon'][t.type - 1] : feature.geometry.type;
  const fields = layout(props, zoom, image, geometry, feature.id);
  if (!fields) return null; // the style's filter or zoom range leaves it out
  const along = fields.placement !== 'point';
  // `symbol-placement: line` (or line-center) on a polygon: its name along its rings, as along
  // a line (the longest ring, joined across tiles).
  if (polygons && along) { pieces = rings(); polygons = null; }
  if (polygons ? !polygons.length : !point && !pieces?.length) return null;
  return { key: featureKey(layer.id, feature.id, props), fields, props, z, eps, along, point, pieces, polygons };
}

// Labels (key -> spec) of one layer: `layer` {id, source, sourceLayer, filter}, `layout` from
// layout.js (null for a feature the layer does not show), evaluated at `zoom`.
//
// Read incrementally: what each tile gives (its features' items) is kept in `layer.tiles`
// (tile -> {index, zoom, items}) and read again only for a tile that arrived, was loaded again
// (MapLibre gives it a new feature index) or whose items were made at another zoom; a tile that
// left the source's drawn set leaves the map. The labels are then gathered from the kept items
// in the order a full read (`map.querySourceFeatures`) meets them, so they equal a full read's;
// `fresh` reads every tile again and keeps nothing (the check of that). `stats` counts the tiles
// read and kept.
export function readLabels(map, layer, layout, image, out, zoom, { fresh = false, stats } = {}) {
  const params = { sourceLayer: layer.sourceLayer, filter: layer.filter ?? undefined };
  const items = (features) => features.map((f) => featureItem(f, layer, layout, image, zoom)).filter((item) => item);
  const tiles = tilesOf(map, layer.source);
  const all = [];
  if (tiles) {
    const state = map.style._globalState;
    const stateKey = JSON.stringify(state ?? null);
    const kept = fresh ? new Map() : layer.tiles ?? new Map();
    const next = new Map();
    for (const tile of tiles) {
      const key = tile.tileID.canonical.key;
      let entry = kept.get(key);
      // Kept only while the tile's feature index and the style's global state (which filters
      // may read; MapLibre changes it in place) are the ones it was read with; a tile without
      // an index is read again.
      if (entry && tile.latestFeatureIndex && entry.index === tile.latestFeatureIndex && entry.state === stateKey && entry.zoom === zoom) {
        if (stats) stats.tilesKept++;
      } else {
        const features = [];
        tile.querySourceFeatures(features, { ...params, globalState: state });
        entry = { index: tile.latestFeatureIndex, state: stateKey, zoom, items: items(features) };
        if (stats) stats.tilesRead++;
      }
      next.set(key, entry);
      for (const item of entry.items) all.push(item);
    }
    if (!fresh) layer.tiles = next;
  } else {
    for (const item of items(map.querySourceFeatures(layer.source, params))) all.push(item);
  }
  // Each label's items, by kind, in the order met; a label whose items are the very ones of the
  // last read (and the preferred tile level the same) keeps its spec (`layer.specs`).
  const kinds = { points: new Map(), areas: new Map(), lines: new Map() };
  for (const item of all) {
    const byKey = item.polygons ? kinds.areas : item.point ? kinds.points : kinds.lines;
    const list = byKey.get(item.key);
    if (list) list.push(item); else byKey.set(item.key, [item]);
  }
  const ideal = idealZoom(map, layer.source);
  const kept = fresh ? null : layer.specs;
  const specs = new Map(); // key -> {items, ideal, spec, chain, best}
  if (!fresh) layer.specs = specs;
  const same = (key, items) => {
    const k = kept?.get(key);
    return k && k.ideal === ideal && k.items.length === items.length && k.items.every((item, n) => item === items[n]) ? k : null;
  };
  for (const [key, items] of kinds.points) {
    let k = same(key, items);
    if (!k) {
      let chosen = null;
      for (const item of items) if (!chosen || better(item.z, chosen.z, ideal)) chosen = item;
      const { fields, props, point } = chosen;
      k = { items, ideal, spec: labelSpec({ ...fields, x: point[0], y: point[1], layer: layer.id, properties: props }) };
    }
    specs.set(key, k);
    if (k.spec) out.set(key, k.spec);
  }
  for (const [key, items] of kinds.areas) {
    let k = same(key, items);
    if (!k) {
      // An area's name at its pole: the pieces of the preferred level.
      let entry = null;
      for (const { z, fields, props, polygons } of items) {
        if (!entry || better(z, entry.z, ideal)) entry = { z, fields, props, polygons: [] };
        if (entry.z === z) entry.polygons.push(...polygons);
      }
      const [x, y] = entry.polygons[0][0];
      k = { items, ideal, spec: labelSpec({ ...entry.fields, x, y, area: entry.polygons, layer: layer.id, properties: entry.props }) };
    }
    specs.set(key, k);
    if (k.spec) out.set(key, k.spec);
  }
  // While the source still loads, a line read more than 1% shorter than the last time (cut
  // where a tile of it is not there yet at any level) keeps the last line, so that its name
  // neither jumps nor loses its room for the frames the tile takes.
  const loading = !map.isSourceLoaded(layer.source);
  const last = (!fresh && layer.lastLines) || new Map();
  const lastLines = new Map();
  if (!fresh) layer.lastLines = lastLines;
  for (const [key, items] of kinds.lines) {
    // The first item's fields; the pieces of the preferred level joined.
    const { fields, props, along } = items[0];
    let k = same(key, items);
    if (!k) {
      const byZoom = new Map();
      let eps = 0;
      for (const item of items) {
        if (!byZoom.has(item.z)) byZoom.set(item.z, []);
        byZoom.get(item.z).push(...item.pieces);
        eps = Math.max(eps, item.eps);
      }
      let z = null;
      for (const level of byZoom.keys()) if (z === null || better(level, z, ideal)) z = level;
      k = { items, ideal, chain: longestChain(byZoom.get(z), eps), spec: null, best: null };
    }
    specs.set(key, k);
    let best = k.chain;
    if (!best) continue;
    const before = last.get(key);
    if (loading && before && lineLength(before) > 1.01 * lineLength(best)) best = before;
    lastLines.set(key, best);
    if (best !== k.best) {
      const base = { ...fields, layer: layer.id, properties: props };
      // `line-center`: one label at the middle; `line`: repeated about every `spacing` px.
      k.spec = along
        ? labelSpec({ ...base, path: best, spacing: fields.placement === 'line' ? fields.spacing : 0 })
        : labelSpec({ ...base, ...pointHalfway(best) });
      k.best = best;
    }
    if (k.spec) out.set(key, k.spec);
  }
}
