// declutter's label tiles (`declutter tiles`, docs/tiles.md) drawn by MapLibre GL JS: each
// zoom's labels were placed once for the whole world, so MapLibre draws them all
// (`text-allow-overlap`) and nothing overlaps, across tile edges too.
//
// Scale: `declutter tiles` places zoom z for 256-px tiles (a world of 256·2^z px); MapLibre shows
// its 512-px vector tile z at zoom z, twice those pixels. The page draws every text at twice its
// placed size (offsets are in ems, so they follow), which makes the picture at an integer zoom
// the placement scaled by 2: the same overlaps, or none.
//
// The tiles are the places of scripts/build-web-assets.sh (`--variable-anchor
// top,bottom,left,right --radial-offset 0.5`): each label's side of the anchor is its `anchor`
// property and its shift `text-radial-offset` 0.5 em, MapLibre's and declutter's same rule (the
// test checks each drawn box against the tile's `offset_x`/`offset_y`).
// The page is maplibre.html?map=label-tiles; &hidden=1 draws the hidden labels too
// (`visible: false`), which do overlap.
import { loadStyle, registerPmtiles } from './lib/style.mjs';
import * as measure from './lib/measure.mjs';

export const SCALE = 2;
const params = new URLSearchParams(location.search);

export async function start() {
  registerPmtiles();
  const base = await loadStyle();
  const style = {
    version: 8,
    glyphs: base.glyphs,
    sources: {
      world: base.sources.world,
      labels: {
        type: 'vector',
        url: base.sources.world.url.replace('world.pmtiles', 'labels.pmtiles'),
        attribution: 'labels: declutter tiles · Natural Earth (public domain)',
      },
    },
    layers: [
      base.layers.find((layer) => layer.id === 'sea'),
      base.layers.find((layer) => layer.id === 'countries'),
      {
        id: 'labels',
        type: 'symbol',
        source: 'labels',
        'source-layer': 'labels',
        ...(params.get('hidden') === '1' ? {} : { filter: ['!=', ['get', 'visible'], false] }),
        layout: {
          'text-field': ['get', 'text'],
          'text-font': ['DejaVu Sans'],
          'text-size': ['*', SCALE, ['get', 'size']],
          'text-anchor': ['get', 'anchor'],
          'text-radial-offset': 0.5,
          'text-max-width': 1000,
          'text-padding': 0,
          'text-line-height': 1.1641,
          'text-allow-overlap': true,
          'text-ignore-placement': false,
        },
        paint: { 'text-color': '#222222', 'text-halo-color': '#ffffff', 'text-halo-width': 1 },
      },
    ],
  };
  const map = new maplibregl.Map({
    container: 'map',
    style,
    center: [10, 50],
    zoom: 4,
    fadeDuration: 0,
    attributionControl: { compact: false },
  });
  window.demo = { map, layers: ['labels'], measure, SCALE };
  await new Promise((resolve) => map.once('load', resolve));
  map.on('idle', () => {
    document.getElementById('readout').textContent =
      `${measure.shownLabels(map, ['labels']).length} labels drawn · z ${map.getZoom().toFixed(2)}`;
  });
}
