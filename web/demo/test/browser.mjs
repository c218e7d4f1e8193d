// Headless Chromium for the demo's tests: Debian's /usr/bin/chromium (or CHROMIUM) driven by
// playwright-core, WebGL through SwiftShader, no network but the loopback server; every console
// error, page error, failed request and HTTP error is collected in `problems`.
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';

export const WIDTH = 1920;
export const HEIGHT = 1080;

// Opens http://127.0.0.1:PORT/web/demo/PATH in a fresh browser and waits for `window.demoReady`.
export async function openPage(path, { width = WIDTH, height = HEIGHT } = {}) {
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update',
      '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
  });
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  const { port } = server.address();
  await page.goto(`http://127.0.0.1:${port}/web/demo/${path}`);
  await page.waitForFunction(() => window.demoReady !== undefined);
  await page.evaluate(() => window.demoReady);
  const close = async () => {
    await browser.close();
    server.close();
  };
  return { page, problems, close };
}
