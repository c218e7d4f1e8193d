// The test map for @declutter/openlayers: Europe's countries and places (VectorLayers of GeoJSON, the
// countries a VectorTileLayer with `?source=tiles`) and central
// Vienna's streets, as a VectorLayer of GeoJSON (`?source=geojson`) or a VectorTileLayer of the
// tiles test/tiles.mjs makes (`?source=tiles`), their texts placed by declutter.
import { attach } from '@declutter/openlayers';

const params = new URLSearchParams(location.search);
const tiles = params.get('source') === 'tiles';
const halo = new ol.style.Stroke({ color: '#fff', width: 3 });
const placeStyle = (feature) => new ol.style.Style({
  image: new ol.style.Circle({ radius: 2, fill: new ol.style.Fill({ color: '#777' }) }),
  text: new ol.style.Text({
    text: feature.get('name'), font: '12px sans-serif', fill: new ol.style.Fill({ color: '#222' }), stroke: halo,
    textAlign: 'left', offsetX: 5,
  }),
});
const streetStyle = (feature) => [
  new ol.style.Style({ stroke: new ol.style.Stroke({ color: '#d8cfbf', width: 3 }) }),
  new ol.style.Style({
    text: new ol.style.Text({
      text: feature.get('name'), font: '13px sans-serif', placement: 'line', repeat: 120, fill: new ol.style.Fill({ color: '#443' }), stroke: halo,
    }),
  }),
];
// Area names at their poles: a name of several words in lines, left-justified, two of them turned.
const countryStyle = (feature) => new ol.style.Style({
  fill: new ol.style.Fill({ color: '#ece6d8' }),
  stroke: new ol.style.Stroke({ color: '#b8ad98', width: 1 }),
  text: new ol.style.Text({
    text: String(feature.get('name')).replace(/ /g, '\n'), font: '13px sans-serif', justify: 'left',
    rotation: { ITA: -Math.PI / 6, NOR: Math.PI / 9 }[feature.get('iso_a3')] ?? 0,
    fill: new ol.style.Fill({ color: '#765' }), stroke: new ol.style.Stroke({ color: '#fff', width: 2 }),
  }),
});
const countries = tiles
  ? new ol.layer.VectorTile({
    source: new ol.source.VectorTile({ format: new ol.format.MVT({ idProperty: undefined }), url: '/web/test/tiles/countries/{z}/{x}/{y}.pbf', maxZoom: 6 }),
    style: countryStyle,
  })
  : new ol.layer.Vector({
    source: new ol.source.Vector({ url: '/fixtures/geojson/ne-countries-europe.geojson', format: new ol.format.GeoJSON() }),
    style: countryStyle,
  });
countries.set('id', 'countries');
const places = new ol.layer.Vector({
  source: new ol.source.Vector({ url: '/fixtures/geojson/ne-places-europe.geojson', format: new ol.format.GeoJSON() }),
  style: placeStyle,
});
places.set('id', 'places');
const streets = tiles
  ? new ol.layer.VectorTile({
    source: new ol.source.VectorTile({
      format: new ol.format.MVT({ idProperty: undefined }), url: '/web/test/tiles/vienna/{z}/{x}/{y}.pbf', minZoom: 12, maxZoom: 16,
    }),
    style: streetStyle, minZoom: 12,
  })
  : new ol.layer.Vector({
    source: new ol.source.Vector({ url: '/fixtures/geojson/vienna-streets-center.geojson', format: new ol.format.GeoJSON() }),
    style: streetStyle, minZoom: 12,
  });
streets.set('id', 'streets');
const camera = JSON.parse(params.get('camera') ?? '{"center":[16.372,48.208],"zoom":14.6,"rotation":0}');
const map = new ol.Map({
  target: 'map',
  layers: [countries, places, streets],
  view: new ol.View({ center: ol.proj.fromLonLat(camera.center), zoom: camera.zoom, rotation: camera.rotation ?? 0 }),
  controls: [],
});
window.map = map;
let loading = 0;
map.on('loadstart', () => { loading++; });
map.on('loadend', () => { loading = Math.max(0, loading - 1); });
window.idle = () => loading === 0 && !map.getView().getAnimating() && !map.getView().getInteracting();
window.project = (lon, lat) => map.getPixelFromCoordinate(ol.proj.fromLonLat([lon, lat]));
window.jump = ({ center, zoom, rotation }) => {
  const view = map.getView();
  if (center) view.setCenter(ol.proj.fromLonLat(center));
  if (zoom !== undefined) view.setZoom(zoom);
  if (rotation !== undefined) view.setRotation(rotation);
};
// Larger countries' names first, before the places'.
const countryPriority = (props) => 1e10 + (props.pop_est ?? 0);
window.declutter = await attach(map, { layers: [{ layer: countries, priority: countryPriority }, places, streets], record: params.has('record') });
window.ready = true;
