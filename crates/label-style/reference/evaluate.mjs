// The MapLibre style-spec's own evaluation of the symbol layers of the styles in styles/,
// for every feature of each layer's GeoJSON source at several zooms: the reference that
// label-style's tests/reference.rs compares with. Writes JSON to standard output:
//   {"cases": [{"style", "layer", "feature", "zoom", "filter", "values": {property: value},
//     "drawn": {colour property of the paint: the colour as MapLibre prints it}}],
//    "specs": {property: {"default", "interpolated", "data_driven"}}}
// Values are normalised so both sides can print them alike: formatted text as
// {"formatted": [[text, scale, font stack]]}, images as their names, padding and anchor
// offsets as their arrays, no value as null.
//
//   npm ci && node evaluate.mjs > out.json   (run from this folder; paths are from the repository root)
import {readFileSync, readdirSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import path from 'node:path';
import {maplibre} from './maplibre.mjs';
import {latest, featureFilter, normalizePropertyExpression, isExpression, isFunction} from '@maplibre/maplibre-gl-style-spec';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
export const ZOOMS = [2, 4.5, 6, 9.3, 13, 14.5, 15.7, 18];
const GEOMETRY = {Point: 1, MultiPoint: 1, LineString: 2, MultiLineString: 2, Polygon: 3, MultiPolygon: 3};

function normalise(value) {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(normalise);
    if (value.sections) {
        return {formatted: value.sections.map((s) => [s.text, s.scale ?? null, s.fontStack ?? null])};
    }
    if ('name' in value && 'available' in value) return value.name;  // ResolvedImage
    if (Array.isArray(value.values)) return normalise(value.values);  // Padding, anchor offsets
    return value;
}

// MapLibre's symbol layout replaces {tokens} in text-field and icon-image when the property
// is neither an expression nor data-driven (SymbolStyleLayer.getValueAndResolveTokens), with
// its own resolveTokens.
const {resolveTokens} = await maplibre({resolveTokens: 'src/util/resolve_tokens.ts'});

function tokensApply(name, raw) {
    if (name !== 'text-field' && name !== 'icon-image') return false;
    if (isExpression(raw)) return false;
    return !(isFunction(raw) && raw.property !== undefined);
}

// The colour properties of symbol layers' paint, compared as drawn properties.
const COLOURS = ['text-color', 'text-halo-color', 'icon-color', 'icon-halo-color'];

const cases = [];
for (const file of readdirSync(path.join(here, 'styles')).sort()) {
    const style = JSON.parse(readFileSync(path.join(here, 'styles', file), 'utf8'));
    const data = {};
    for (const [name, source] of Object.entries(style.sources)) {
        data[name] = JSON.parse(readFileSync(path.join(root, source.data), 'utf8')).features;
    }
    for (const layer of style.layers) {
        if (layer.type !== 'symbol') continue;
        const filter = featureFilter(layer.filter, 'filter');
        const properties = Object.entries(layer.layout || {}).filter(([name]) => name !== 'visibility');
        const compiled = properties.map(([name, raw]) => [name, raw, normalizePropertyExpression(raw, name, latest.layout_symbol[name])]);
        // The colours among the paint properties, printed as MapLibre prints a colour.
        const colours = Object.entries(layer.paint || {}).filter(([name]) => COLOURS.includes(name))
            .map(([name, raw]) => [name, normalizePropertyExpression(raw, name, latest.paint_symbol[name])]);
        data[layer.source].forEach((geojson, index) => {
            if (!geojson.geometry) return;  // nothing to label
            const feature = {type: GEOMETRY[geojson.geometry.type], properties: geojson.properties || {}, id: geojson.id};
            for (const zoom of ZOOMS) {
                const values = {};
                for (const [name, raw, expression] of compiled) {
                    let value = expression.evaluate({zoom}, feature);
                    if (tokensApply(name, raw) && value !== undefined && value !== null) {
                        if (typeof value === 'string') value = resolveTokens(feature.properties, value);
                        else if (value.sections) value.sections.forEach((s) => { s.text = resolveTokens(feature.properties, s.text); });
                    }
                    values[name] = normalise(value);
                }
                const drawn = Object.fromEntries(colours.map(([name, expression]) => [name, String(expression.evaluate({zoom}, feature))]));
                cases.push({style: file, layer: layer.id, feature: index, zoom, filter: filter.filter({zoom}, feature), values, drawn});
            }
        });
    }
}
// The style-spec's own table of the symbol layout properties: default, whether it
// interpolates, whether it may read the feature.
const specs = Object.fromEntries(Object.entries(latest.layout_symbol).map(([name, spec]) => [name, {
    default: spec.default ?? null,
    interpolated: Boolean(spec.expression?.interpolated),
    data_driven: Boolean(spec.expression?.parameters?.includes('feature')),
}]));
for (const name of COLOURS) {
    const spec = latest.paint_symbol[name];
    specs[name] = {default: spec.default ?? null, interpolated: Boolean(spec.expression?.interpolated), data_driven: Boolean(spec.expression?.parameters?.includes('feature'))};
}
process.stdout.write(JSON.stringify({cases, specs}));
