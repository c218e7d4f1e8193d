// The repository served on the loopback interface for the browser tests, and the browser: every
// request is answered from the checkout (glyph ranges under /glyphs/ as empty PBFs: the maps'
// own text is hidden), every console error, page error and failed request is collected. The
// pages are cross-origin isolated (COOP and COEP headers): their performance.now() then reads
// to 5 µs instead of 100 µs (with jitter), fine enough to time a 0.3-ms placement.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = normalize(fileURLToPath(new URL('../..', import.meta.url)));

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json',
  '.geojson': 'application/json', '.wasm': 'application/wasm', '.css': 'text/css', '.pbf': 'application/x-protobuf',
};

const ISOLATED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

export function serve() {
  const server = createServer(async (request, response) => {
    for (const [name, value] of Object.entries(ISOLATED)) response.setHeader(name, value);
    const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (pathname.startsWith('/glyphs/')) { response.writeHead(200, { 'content-type': TYPES['.pbf'] }).end(); return; }
    const path = normalize(join(ROOT, pathname));
    if (!path.startsWith(ROOT)) { response.writeHead(403).end(); return; }
    try {
      const body = await readFile(path);
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      // A tile the tile set does not hold is an empty tile (tippecanoe writes none for them).
      if (pathname.startsWith('/web/test/tiles/') && pathname.endsWith('.pbf')) response.writeHead(204).end();
      else response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Headless Chromium with WebGL in software (SwiftShader), as the maps need.
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update',
      '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
  });
}

// A page whose problems (console errors, page errors, failed or non-2xx requests) are listed.
export async function openPage(browser, viewport, problems) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: viewport.dpr ?? 1 });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  return page;
}
