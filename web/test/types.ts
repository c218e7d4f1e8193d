// Type-checked by tsc (scripts/test.sh): the packages' declarations as an app uses them.
import maplibregl from 'maplibre-gl';
import { attach, cameraOf } from '@declutter/maplibre';
import type { LabelHit } from '@declutter/core';

export async function mapLibreApp(container: HTMLElement): Promise<number> {
  const map = new maplibregl.Map({ container, style: { version: 8, sources: {}, layers: [] } });
  const declutter = await attach(map, {
    layers: ['places', { id: 'streets', text: (p) => String(p.name ?? ''), size: 13, repeatDistance: 200 }],
    frameOptions: { fadeMs: 150 },
  });
  declutter.debug = true;
  const off = declutter.on('hover', (e) => {
    const hidden: LabelHit[] = e.labels.filter((l) => !l.shown);
    for (const l of hidden) if (l.hiddenBy && 'key' in l.hiddenBy) console.log(`${l.text} hidden by ${l.hiddenBy.text}`);
  });
  const hits = declutter.query([10, 20]);
  off();
  const { p99 } = declutter.placementTimes();
  const { tilesRead, ms } = declutter.reading();
  const same = declutter.labels().size === declutter.labels({ fresh: true }).size;
  declutter.detach();
  return hits.length + p99 + cameraOf(map).zoom + tilesRead + ms + Number(same);
}

import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { attach as attachOl } from '@declutter/openlayers';

export async function openLayersApp(target: HTMLElement): Promise<number> {
  const places = new VectorLayer({ source: new VectorSource() });
  const map = new OlMap({ target, layers: [places], view: new View({ center: [0, 0], zoom: 2 }) });
  const declutter = await attachOl(map, { layers: [{ layer: places, id: 'places', priority: (p) => Number(p.rank ?? 0), repeatDistance: (p) => (p.rank ? 0 : 150) }] });
  const hits = declutter.query({ x: 1, y: 2 });
  declutter.detach();
  return hits.length;
}
