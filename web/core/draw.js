// The labels drawn on a canvas over the map, at the device pixel ratio: each label's text (with
// its halo) rendered once into a sprite and placed every frame at the engine's pose, anchor and
// offset, turned and scaled; texts along lines glyph by glyph (one sprite per glyph and style);
// icons; the debug view (every box in view: shown green, hidden red, joined to what hid it).
// A text of several lines is drawn line by line, each justified in the box (`text-justify`;
// `auto` follows the anchor the engine chose), with its letter spacing.
// With `boxes` given, the boxes drawn of the shown labels are written there, and with `lines`
// the box of each line of their texts (the tests check them; a label fading out is drawn over
// what replaced it, as in MapLibre).
import { PARTS, NO_CANDIDATE, Blocker } from '@declutter/wasm';

// The top-left corner of a w × h box relative to its anchor point.
export function boxOrigin(anchor, w, h) {
  const sx = anchor?.includes('left') ? 0 : anchor?.includes('right') ? -w : -w / 2;
  const sy = anchor?.startsWith('top') ? 0 : anchor?.startsWith('bottom') ? -h : -h / 2;
  return [sx, sy];
}

// Sprites are shared by every label drawn alike (text, font, colours); the cache is emptied when
// it holds this many.
const MAX_SPRITES = 8192;
const spriteKey = (style, text) => `${style.font}|${style.color}|${style.haloColor}|${style.haloWidth}|${style.letterSpacing ?? 0}|${text}`;

// Where a line of `width` starts in a box of `boxWidth` under `justify` (left, center, right).
function lineStart(justify, width, boxWidth) {
  return justify === 'left' ? 0 : justify === 'right' ? boxWidth - width : (boxWidth - width) / 2;
}

// The justification of a text whose box hangs at `anchor`: `auto` follows the anchor's side.
function justifyAt(justify, anchor) {
  if (justify !== 'auto') return justify ?? 'center';
  return anchor?.includes('left') ? 'left' : anchor?.includes('right') ? 'right' : 'center';
}

export class Overlay {
  constructor(container) {
    this.canvas = document.createElement('canvas');
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
    this.canvas.className = 'declutter-overlay';
    container.appendChild(this.canvas);
    this.ctx = this.canvas.getContext('2d');
    this.sprites = new Map();
    this.debug = false;
  }

  remove() { this.canvas.remove(); this.sprites.clear(); }

  // Sizes the canvas to `width` × `height` CSS px at `dpr` and clears it.
  begin(width, height, dpr) {
    const w = Math.round(width * dpr);
    const h = Math.round(height * dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    if (this.dpr !== dpr) { this.sprites.clear(); this.dpr = dpr; }
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.clearRect(0, 0, w, h);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  // A text's sprite: its `lines` ({text, width}, default the text in one line) justified in
  // the text's box, each line `lineHeight` tall, the box in the sprite's middle.
  sprite(key, text, style, dpr, justify = 'center') {
    let s = this.sprites.get(key);
    if (s) return s;
    if (this.sprites.size >= MAX_SPRITES) this.sprites.clear();
    const halo = style.haloWidth ?? 0;
    const w = style.textWidth + 2 * halo + 2;
    const h = style.textHeight + 2 * halo + 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(w * dpr);
    canvas.height = Math.ceil(h * dpr);
    const g = canvas.getContext('2d');
    g.scale(dpr, dpr);
    g.font = style.font;
    g.letterSpacing = `${style.letterSpacing ?? 0}px`;
    g.textAlign = 'left';
    g.textBaseline = 'middle';
    const lines = style.lines ?? [{ text, width: style.textWidth }];
    const lineHeight = style.lineHeight ?? style.textHeight;
    const top = (h - lineHeight * lines.length) / 2;
    const at = lines.map((l, k) => [l.text, (w - style.textWidth) / 2 + lineStart(justify, l.width, style.textWidth), top + (k + 0.5) * lineHeight]);
    if (halo > 0) {
      g.lineJoin = 'round';
      g.lineWidth = 2 * halo;
      g.strokeStyle = style.haloColor ?? 'white';
      for (const [t, x, y] of at) g.strokeText(t, x, y);
    }
    g.fillStyle = style.color ?? 'black';
    for (const [t, x, y] of at) g.fillText(t, x, y);
    s = { canvas, w, h };
    this.sprites.set(key, s);
    return s;
  }

  // Draws one frame: `slots` as the store holds them, `f` the engine's frame views, `glyphs` the
  // glyph poses of the texts along lines (label index -> x, y, angle, advance per glyph).
  draw(slots, f, glyphs, dpr, boxes, lineBoxes) {
    const ctx = this.ctx;
    for (let i = 0; i < f.count; i++) {
      const opacity = f.opacity[i];
      if (opacity === 0 || !slots[i].live || Number.isNaN(f.pose.x[i])) continue;
      const spec = slots[i].spec;
      ctx.globalAlpha = opacity;
      // The boxes of shown labels are reported (one fading out may overlap a newer one).
      const report = boxes && f.visible[i] === 1 ? boxes : null;
      if (spec.path) { this.glyphs(spec, glyphs.get(i), dpr, report && ((b) => report.push(i, ...b))); continue; }
      const x = f.pose.x[i];
      const y = f.pose.y[i];
      const angle = f.pose.angle[i];
      const scale = f.pose.scale[i];
      const parts = PARTS[f.parts[i]];
      const cos = Math.cos((angle * Math.PI) / 180);
      const sin = -Math.sin((angle * Math.PI) / 180);
      ctx.setTransform(dpr * scale * cos, dpr * scale * sin, -dpr * scale * sin, dpr * scale * cos, dpr * x, dpr * y);
      const place = (lx, ly, w, h, to = report) => {
        if (!to) return;
        const cx = lx + w / 2;
        const cy = ly + h / 2;
        to.push(i, x + scale * (cx * cos - cy * sin), y + scale * (cx * sin + cy * cos), (scale * w) / 2, (scale * h) / 2, cos, sin);
      };
      if (spec.icon && parts !== 'text' && spec.icon.image) {
        const { width: w, height: h, anchor, offset = [0, 0] } = spec.icon;
        const [ox, oy] = boxOrigin(anchor, w, h);
        ctx.drawImage(spec.icon.image, ox + offset[0], oy + offset[1], w, h);
        place(ox + offset[0], oy + offset[1], w, h);
      }
      if (parts !== 'icon') {
        const c = f.candidate[i] !== NO_CANDIDATE && spec.candidates ? spec.candidates[f.candidate[i]] : spec;
        const [ox, oy] = boxOrigin(c.anchor, spec.width, spec.height);
        const lx = ox + (c.offset?.[0] ?? 0);
        const ly = oy + (c.offset?.[1] ?? 0);
        const style = spec.style;
        const justify = justifyAt(style.justify, c.anchor);
        const lines = style.lines ?? [{ text: spec.text, width: spec.width }];
        const s = this.sprite(`${spriteKey(style, lines.map((l) => l.text).join('\n'))}|${justify}`, spec.text, style, dpr, justify);
        // The text box is the sprite's middle.
        ctx.drawImage(s.canvas, lx + spec.width / 2 - s.w / 2, ly + spec.height / 2 - s.h / 2, s.w, s.h);
        place(lx, ly, spec.width, spec.height);
        if (lineBoxes && report) {
          const lineHeight = style.lineHeight ?? spec.height;
          const top = ly + (spec.height - lineHeight * lines.length) / 2;
          lines.forEach((l, k) => place(lx + lineStart(justify, l.width, spec.width), top + k * lineHeight, l.width, lineHeight, lineBoxes));
        }
      }
    }
    ctx.globalAlpha = 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  // A text along a line: the engine's glyph poses (centre, angle, advance), in reading order
  // (the engine has already reversed a line that would read upside down).
  glyphs(spec, g, dpr, box) {
    if (!g) return;
    const ctx = this.ctx;
    const chars = spec.glyphTexts;
    const n = g.length / 4;
    for (let k = 0; k < n; k++) {
      const ch = chars[k];
      const [x, y, angle, advance] = [g[4 * k], g[4 * k + 1], g[4 * k + 2], g[4 * k + 3]];
      const cos = Math.cos((angle * Math.PI) / 180);
      const sin = -Math.sin((angle * Math.PI) / 180);
      ctx.setTransform(dpr * cos, dpr * sin, -dpr * sin, dpr * cos, dpr * x, dpr * y);
      const style = spec.style;
      // One glyph at the start of its advance on screen (the advance holds the letter spacing
      // after it). The sprite is made at the unscaled advance and kept: the advance on screen
      // changes with the perspective from frame to frame, the glyph's drawing does not.
      const base = spec.advances[k];
      const s = this.sprite(`${spriteKey(style, ch)}|${base}`, ch,
        { ...style, textWidth: base, textHeight: spec.height, letterSpacing: 0, lines: null, lineHeight: null }, dpr);
      ctx.drawImage(s.canvas, -advance / 2 - (s.w - base) / 2, -s.h / 2, s.w, s.h);
      if (box) box([x, y, advance / 2, spec.height / 2, cos, sin]);
    }
  }

  // Every box in view: shown green, hidden red with a line to the label that hid it.
  debugBoxes(slots, f, b) {
    const ctx = this.ctx;
    ctx.lineWidth = 1;
    for (let i = 0; i < f.count; i++) {
      if (Number.isNaN(b.cx[i]) || !slots[i].live) continue;
      ctx.strokeStyle = f.visible[i] ? 'rgba(0, 160, 60, 0.9)' : 'rgba(220, 30, 30, 0.8)';
      const [cx, cy, hx, hy, ux, uy] = [b.cx[i], b.cy[i], b.hx[i], b.hy[i], b.ux[i], b.uy[i]];
      ctx.beginPath();
      for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
        ctx.lineTo(cx + sx * hx * ux - sy * hy * uy, cy + sx * hx * uy + sy * hy * ux);
      }
      ctx.closePath();
      ctx.stroke();
      const j = f.hiddenBy[i];
      if (!f.visible[i] && f.blocker[i] === Blocker.LABEL && !Number.isNaN(b.cx[j])) {
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(b.cx[j], b.cy[j]);
        ctx.stroke();
      }
    }
  }
}
