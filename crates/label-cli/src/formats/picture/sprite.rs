//! One label drawn alone, as a small image at a whole-pixel position: what raster tiles are
//! made of ([`crate::formats::tiles::raster`]).
//!
//! A label is drawn as the map style draws it ([`super::map`]: text with its halo, icon,
//! glyphs along a line), in its own SVG whose coordinates are measured from the whole device
//! pixel under its anchor point, so that the drawing keeps the anchor's sub-pixel position and
//! its numbers stay small whatever the zoom. The image is cut to the pixels the drawing covers
//! (alpha above zero): its rectangle is exactly the label's drawn extent, halo included.
//!
//! Why a label is drawn once and then copied, rather than each tile drawing its labels: the
//! same label drawn into two canvases at different offsets goes through f32 sums of different
//! magnitudes and through the rasterizer's clipping at each canvas's edge, so its edge pixels
//! may differ by a level of anti-aliasing between a tile and its neighbour. Copied at whole
//! pixel offsets, every canvas holds the very same pixels of it.

use glam::DVec2;
use label_core::Placement;
use resvg::{tiny_skia, usvg};

use super::elements::open_svg;
use super::map::label_elements;
use crate::formats::convert::Document;

/// A label's image and where it lies, in device pixels of its zoom's world.
#[derive(Clone, Debug, PartialEq)]
pub struct Sprite {
    /// Column of its left pixel.
    pub x: i64,
    /// Row of its top pixel.
    pub y: i64,
    /// The drawing, premultiplied RGBA.
    pub pixmap: tiny_skia::Pixmap,
}

impl Sprite {
    /// Width and height, px.
    #[must_use]
    pub fn size(&self) -> (u32, u32) {
        (self.pixmap.width(), self.pixmap.height())
    }
}

/// Draws labels alone with one set of fonts (built once, shared by the threads).
pub struct Painter {
    options: usvg::Options<'static>,
    /// Device pixels per world px (2 draws tiles for screens of twice the density).
    scale: u32,
}

impl Painter {
    /// A painter with `font`'s chain, `scale` device pixels per px.
    #[must_use]
    pub fn new(font: &label_text::Font<'_>, scale: u32) -> Painter {
        Painter { options: super::png::options(font), scale }
    }

    /// Device pixels per world px.
    #[must_use]
    pub fn scale(&self) -> u32 {
        self.scale
    }

    /// Label `i` of `doc` drawn as shown by `placement`, or `None` when its drawing covers no
    /// pixel.
    ///
    /// # Errors
    /// A message when the drawing cannot be made or is larger than
    /// [`super::png::MAX_SIDE`] on a side.
    pub fn sprite(&self, doc: &Document, placement: &Placement, i: usize) -> Result<Option<Sprite>, String> {
        let scale = f64::from(self.scale);
        let label = &doc.labels[i];
        // The device pixel under the anchor point, and the same point in world px (exact:
        // the scale is a power of two).
        let pixel = (DVec2::new(label.x, label.y) * scale).floor();
        let origin = pixel / scale;
        let mut svg = open_svg(&label_core::Aabb { min: glam::Vec2::ZERO, max: glam::Vec2::ONE });
        svg.push_str(&format!("<g transform=\"scale({})\">\n", self.scale));
        svg.push_str(&label_elements(doc, placement, i, origin));
        svg.push_str("</g>\n</svg>\n");
        let tree = usvg::Tree::from_str(&svg, &self.options).map_err(|e| format!("cannot draw label {i}: {e}"))?;
        if !tree.root().has_children() {
            return Ok(None);
        }
        let bounds = tree.root().abs_stroke_bounding_box();
        // One pixel more on each side for the anti-aliasing; cut to what is covered below.
        let (left, top) = (bounds.left().floor() as i64 - 1, bounds.top().floor() as i64 - 1);
        let (right, bottom) = (bounds.right().ceil() as i64 + 1, bounds.bottom().ceil() as i64 + 1);
        let max = i64::from(super::png::MAX_SIDE);
        let (width, height) = (right - left, bottom - top);
        if width > max || height > max {
            return Err(format!("label {i} is drawn {width} x {height} px, larger than {max} px on a side"));
        }
        // Both within 1..=MAX_SIDE now.
        let mut pixmap = tiny_skia::Pixmap::new(width as u32, height as u32)
            .ok_or_else(|| format!("cannot make a {width} x {height} px image of label {i}"))?;
        resvg::render(&tree, tiny_skia::Transform::from_translate(-left as f32, -top as f32), &mut pixmap.as_mut());
        let Some(covered) = covered(&pixmap) else { return Ok(None) };
        let pixmap = pixmap.clone_rect(covered).ok_or_else(|| format!("cannot cut the image of label {i}"))?;
        Ok(Some(Sprite {
            x: pixel.x as i64 + left + i64::from(covered.x()),
            y: pixel.y as i64 + top + i64::from(covered.y()),
            pixmap,
        }))
    }
}

/// The smallest rectangle holding every pixel of `pixmap` with some alpha.
fn covered(pixmap: &tiny_skia::Pixmap) -> Option<tiny_skia::IntRect> {
    let width = pixmap.width() as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (k, p) in pixmap.pixels().iter().enumerate() {
        if p.alpha() > 0 {
            let (x, y) = (k % width, k / width);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    // Within the pixmap, so within u32.
    (x0 <= x1).then(|| tiny_skia::IntRect::from_ltrb(x0 as i32, y0 as i32, x1 as i32 + 1, y1 as i32 + 1))?
}

/// Draws `sprites` over `canvas`, whose top-left pixel is device pixel (`left`, `top`), in the
/// order given: each copied at its whole-pixel place, over what is there (source over).
pub fn draw<'a>(canvas: &mut tiny_skia::Pixmap, left: i64, top: i64, sprites: impl IntoIterator<Item = &'a Sprite>) {
    let paint = tiny_skia::PixmapPaint { quality: tiny_skia::FilterQuality::Nearest, ..Default::default() };
    let (width, height) = (i64::from(canvas.width()), i64::from(canvas.height()));
    for s in sprites {
        let (x, y) = (s.x - left, s.y - top);
        let (w, h) = s.size();
        if x >= width || y >= height || x + i64::from(w) <= 0 || y + i64::from(h) <= 0 {
            continue;
        }
        // Within the canvas's reach (checked above), so within i32.
        canvas.draw_pixmap(x as i32, y as i32, s.pixmap.as_ref(), &paint, tiny_skia::Transform::identity(), None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_cut_to_its_drawing_and_keeps_its_sub_pixel_place() {
        let text = r#"{"labels": [{"id": 1, "x": 100.5, "y": 50.25, "width": 40, "height": 10, "text": "Wien", "font_size": 12}]}"#;
        let doc = crate::formats::convert::read_document(text).unwrap();
        let placement = doc.place().unwrap();
        let painter = Painter::new(label_text::Font::bundled(), 1);
        let a = painter.sprite(&doc, &placement, 0).unwrap().unwrap();
        let (w, h) = a.size();
        // Centred on the point, about the text's size plus the halo.
        assert!((80..=84).contains(&a.x) && (40..=46).contains(&a.y), "{} {}", a.x, a.y);
        assert!((w, h) > (20, 8) && w < 50 && h < 20, "{w} x {h}");
        // Every edge row and column of the image has some drawing.
        let alpha = |x: u32, y: u32| a.pixmap.pixel(x, y).unwrap().alpha();
        assert!((0..w).any(|x| alpha(x, 0) > 0) && (0..w).any(|x| alpha(x, h - 1) > 0));
        assert!((0..h).any(|y| alpha(0, y) > 0) && (0..h).any(|y| alpha(w - 1, y) > 0));
        // A whole pixel further: the same image one pixel further; half a pixel: another one.
        let moved = |dx: f64| {
            let mut doc = crate::formats::convert::read_document(text).unwrap();
            doc.labels[0].x += dx;
            painter.sprite(&doc, &placement, 0).unwrap().unwrap()
        };
        let one = moved(1.0);
        assert_eq!((one.x, one.y, &one.pixmap), (a.x + 1, a.y, &a.pixmap));
        assert_ne!(moved(0.5).pixmap, a.pixmap);
        // At twice the density, twice the size.
        let double = Painter::new(label_text::Font::bundled(), 2).sprite(&doc, &placement, 0).unwrap().unwrap();
        assert!(double.size().0 >= 2 * w - 4 && double.x >= 2 * a.x - 2);
    }

    #[test]
    fn drawing_copies_the_pixels_at_their_place_and_clips_at_the_edges() {
        let text =
            r#"{"labels": [{"id": 1, "x": 20, "y": 10, "width": 30, "height": 10, "text": "Graz", "font_size": 12}]}"#;
        let doc = crate::formats::convert::read_document(text).unwrap();
        let placement = doc.place().unwrap();
        let s = Painter::new(label_text::Font::bundled(), 1).sprite(&doc, &placement, 0).unwrap().unwrap();
        let mut canvas = tiny_skia::Pixmap::new(16, 16).unwrap();
        draw(&mut canvas, s.x + 4, s.y + 2, [&s]);
        assert_eq!(canvas.pixel(0, 0), s.pixmap.pixel(4, 2));
        assert_eq!(canvas.pixel(5, 3), s.pixmap.pixel(9, 5));
    }
}
