// A static file server for the demo on the loopback interface: the repository's files, with
// HTTP range requests (PMTiles archives are read in byte ranges, which `python3 -m http.server`
// does not answer). Used by scripts/demo.sh and by the browser tests.
//
//   node web/demo/serve.mjs [PORT]      # serves the repository at http://127.0.0.1:PORT/
import { createServer } from 'node:http';
import { open, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = normalize(fileURLToPath(new URL('../..', import.meta.url)));

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.json': 'application/json', '.geojson': 'application/geo+json',
  '.wasm': 'application/wasm', '.ttf': 'font/ttf', '.png': 'image/png', '.svg': 'image/svg+xml',
  '.pbf': 'application/x-protobuf', '.pmtiles': 'application/octet-stream', '.map': 'application/json',
};

// The byte range [start, end] a `Range: bytes=…` header asks of a file of `size` bytes, the
// whole file without the header, null when it cannot be served (answered with 416).
export function byteRange(header, size) {
  if (!header) return { start: 0, end: size - 1, partial: false };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start;
  let end;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end, partial: true } : null;
}

async function answer(request, response, root) {
  const pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
  let path = normalize(join(root, pathname));
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) {
    response.writeHead(403).end();
    return;
  }
  let info = await stat(path).catch(() => null);
  if (info?.isDirectory()) {
    path = join(path, 'index.html');
    info = await stat(path).catch(() => null);
  }
  if (!info?.isFile()) {
    response.writeHead(404).end();
    return;
  }
  const range = byteRange(request.headers.range, info.size);
  if (!range) {
    response.writeHead(416, { 'content-range': `bytes */${info.size}` }).end();
    return;
  }
  const headers = {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'content-length': range.end - range.start + 1,
    'accept-ranges': 'bytes',
    'cache-control': 'no-store',
  };
  if (range.partial) headers['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  response.writeHead(range.partial ? 206 : 200, headers);
  if (request.method === 'HEAD' || info.size === 0) {
    response.end();
    return;
  }
  const file = await open(path);
  file.createReadStream({ start: range.start, end: range.end }).pipe(response);
}

// Serves `root` on 127.0.0.1:`port` (0: any free port); resolves to the listening server.
export function serve(root = ROOT, port = 0) {
  const server = createServer((request, response) => {
    answer(request, response, root).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] && normalize(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await serve(ROOT, Number(process.argv[2] ?? 8080));
  console.log(`declutter demo: http://127.0.0.1:${server.address().port}/web/demo/  (Ctrl-C stops)`);
}
