// MapLibre GL JS's own source (the pinned maplibre-gl package ships src/), bundled for node by
// esbuild: `await maplibre({Name: 'src/path.ts', …})` gives a module with those exports.
import {build} from 'esbuild';
import {fileURLToPath} from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function maplibre(exports) {
    const source = path.join(here, 'node_modules/maplibre-gl');
    const entry = Object.entries(exports)
        .map(([name, file]) => `export {${name}} from ${JSON.stringify(path.join(source, file))};`)
        .join('\n');
    const bundle = await build({
        stdin: {contents: entry, resolveDir: here, loader: 'ts'},
        bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'error',
    });
    return import('data:text/javascript;base64,' + Buffer.from(bundle.outputFiles[0].text).toString('base64'));
}
