// The digest of a frame's decisions that crates/label-wasm/src/bin/web_scene/frames.rs takes
// of the native engine's frames: FNV-1a over 32-bit words of every label in order —
// `visible | reason << 8 | blocker << 16`, `hiddenBy`, the opacity's bits.
export function digest(views) {
  let h = 0x811c9dc5;
  const eat = (w) => { h = Math.imul(h ^ w, 0x01000193) >>> 0; };
  for (let i = 0; i < views.count; i++) {
    eat(views.visible[i] | (views.reason[i] << 8) | (views.blocker[i] << 16));
    eat(views.hiddenBy[i]);
    eat(views.opacityBits[i]);
  }
  return h >>> 0;
}
