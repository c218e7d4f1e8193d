// The declutter plugin of the demo page (`maplibre.html?plugin=declutter`): @declutter/maplibre
// takes over the demo style's symbol layers — their layouts (variable anchors of the places,
// names along rivers and streets) evaluated from the style by the style library in
// WebAssembly, placed by the frame engine on every render, drawn on a canvas over the map.
// `record` (the page's `?record`) keeps every frame's decisions and drawn boxes
// (`controller.record`, what the side-by-side test measures); `fadeMs` is the labels' fade, as
// the page sets MapLibre's (`?fade`).
// The page's import map resolves the packages to their folders in the repository.
import { attach as attachDeclutter } from '@declutter/maplibre';

export async function attach(map, { layers, record = false, fadeMs = 300 }) {
  return attachDeclutter(map, { layers, record, frameOptions: { fadeMs } });
}
