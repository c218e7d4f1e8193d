// The test map: Europe's countries and places and central Vienna's streets as symbol layers taken over by
// @declutter/maplibre, from GeoJSON (`?source=geojson`) or from vector tiles (`?source=tiles`,
// made by test/tiles.mjs). The style's glyphs are served empty by the test's server: MapLibre's
// own text is hidden anyway, and nothing is fetched from outside.
import { attach } from '@declutter/maplibre';

const params = new URLSearchParams(location.search);
const tiles = params.get('source') === 'tiles';
const origin = location.origin;
const sources = tiles
  ? {
    places: { type: 'vector', tiles: [`${origin}/web/test/tiles/places/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 8 },
    streets: { type: 'vector', tiles: [`${origin}/web/test/tiles/vienna/{z}/{x}/{y}.pbf`], minzoom: 12, maxzoom: 16 },
    countries: { type: 'vector', tiles: [`${origin}/web/test/tiles/countries/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 6 },
  }
  : {
    places: { type: 'geojson', data: `${origin}/fixtures/geojson/ne-places-europe.geojson` },
    streets: { type: 'geojson', data: `${origin}/fixtures/geojson/vienna-streets-center.geojson` },
    countries: { type: 'geojson', data: `${origin}/fixtures/geojson/ne-countries-europe.geojson` },
  };
const style = {
  version: 8,
  glyphs: `${origin}/glyphs/{fontstack}/{range}.pbf`,
  sources,
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
    { id: 'country-fills', type: 'fill', source: 'countries', paint: { 'fill-color': '#ece6d8', 'fill-outline-color': '#b8ad98' } },
    // Area names at their poles: wrapped at 5 ems, spaced, two of them turned.
    { id: 'country-names',
      type: 'symbol', source: 'countries', maxzoom: 8,
      layout: {
        'text-field': ['get', 'name'], 'text-size': 13, 'text-font': ['DejaVu Sans Book'], 'text-max-width': 5,
        'text-letter-spacing': 0.1, 'text-justify': 'left', 'text-line-height': 1.4,
        'text-rotate': ['match', ['get', 'iso_a3'], 'ITA', -30, 'NOR', 20, 0], 'symbol-sort-key': ['-', ['get', 'pop_est']],
      },
      paint: { 'text-color': '#765', 'text-halo-color': '#fff', 'text-halo-width': 1 },
    },
    { id: 'street-lines', type: 'line', source: 'streets', paint: { 'line-color': '#d8cfbf', 'line-width': 3 } },
    { id: 'street-names',
      type: 'symbol', source: 'streets', minzoom: 12,
      layout: {
        'symbol-placement': 'line', 'symbol-spacing': 120, 'text-field': ['get', 'name'], 'text-size': 13, 'text-font': ['DejaVu Sans Book'],
      },
      paint: { 'text-color': '#443', 'text-halo-color': '#fff', 'text-halo-width': 1.5 },
    },
    { id: 'place-dots', type: 'circle', source: 'places', paint: { 'circle-radius': 2, 'circle-color': '#777' } },
    { id: 'place-names',
      type: 'symbol', source: 'places',
      layout: {
        'text-field': '{name}', 'text-size': 12, 'text-font': ['DejaVu Sans Book'], 'text-anchor': 'left', 'text-max-width': 6,
        'text-offset': [0.6, 0], 'symbol-sort-key': ['-', ['get', 'pop_max']], 'icon-image': 'dot',
      },
      paint: { 'text-color': '#222', 'text-halo-color': '#fff', 'text-halo-width': 1.5 },
    },
  ].map((l) => (l.source && tiles ? { ...l, 'source-layer': l.source } : l)),
};

const camera = JSON.parse(params.get('camera') ?? '{"center":[16.37,48.208],"zoom":14}');
const map = new maplibregl.Map({ container: 'map', style, ...camera, fadeDuration: 0, attributionControl: false });
window.map = map;
// The places' icon: an 8-px dark square with a light border, as a style image.
map.on('load', () => {
  const data = new Uint8Array(8 * 8 * 4);
  for (let k = 0; k < 64; k++) {
    const edge = k % 8 === 0 || k % 8 === 7 || k < 8 || k >= 56;
    data.set(edge ? [255, 255, 255, 255] : [90, 90, 90, 255], 4 * k);
  }
  map.addImage('dot', { width: 8, height: 8, data });
});
window.idle = () => map.loaded() && !map.isMoving();
window.project = (lon, lat) => { const p = map.project([lon, lat]); return [p.x, p.y]; };
window.jump = (camera) => map.jumpTo(camera);
// The style before attach() (the test checks that detach() puts it back).
if (!map.isStyleLoaded()) await new Promise((resolve) => map.once('load', resolve));
window.styleBefore = map.getStyle();
window.declutter = await attach(map, { layers: ['country-names', 'place-names', 'street-names'], record: params.has('record'), warmUp: !params.has('cold') });
window.ready = true;
