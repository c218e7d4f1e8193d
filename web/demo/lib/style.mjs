// The demo style with its URLs made absolute (MapLibre fetches glyphs and tiles from workers and
// through the PMTiles protocol, which resolve nothing against the page), and the PMTiles protocol
// registered once. Uses the globals of the classic scripts the pages load: `maplibregl`, `pmtiles`.

let registered = false;

// Lets MapLibre read `pmtiles://` sources from the local archives (HTTP range requests).
export function registerPmtiles() {
  if (registered) return;
  const protocol = new pmtiles.Protocol();
  maplibregl.addProtocol('pmtiles', protocol.tile);
  registered = true;
}

// A URL of the style made absolute against `base`, keeping `{…}` templates and `pmtiles://`.
export function absolute(url, base) {
  const pmtilesPrefix = 'pmtiles://';
  if (url.startsWith(pmtilesPrefix)) return pmtilesPrefix + absolute(url.slice(pmtilesPrefix.length), base);
  return new URL(url, base).href.replaceAll('%7B', '{').replaceAll('%7D', '}');
}

// Fetches the style at `url` and returns it with absolute glyph and source URLs.
export async function loadStyle(url = new URL('../style.json', import.meta.url).href) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const style = await response.json();
  style.glyphs = absolute(style.glyphs, url);
  for (const source of Object.values(style.sources)) {
    if (source.url) source.url = absolute(source.url, url);
    if (source.tiles) source.tiles = source.tiles.map((tile) => absolute(tile, url));
    if (typeof source.data === 'string') source.data = absolute(source.data, url);
  }
  return style;
}
