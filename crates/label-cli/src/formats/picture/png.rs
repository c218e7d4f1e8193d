//! `--png`: the picture as an image, for people who want one rather than a vector file.
//!
//! The SVG picture is drawn by resvg (usvg parses it, tiny-skia paints it), with the run's font
//! chain as the only fonts (the bundled DejaVu Sans, or the `--font` files), so the letters are
//! the ones the labels were measured with, whatever fonts the machine has: usvg draws each
//! character in the first font of the element's family list that has it, and the pictures
//! list the chain's families in order. One SVG px is one image pixel.

use resvg::{tiny_skia, usvg};

/// Largest image side, px: a bigger viewport is refused rather than allocating gigabytes
/// (16,384² RGBA is 1 GiB).
pub const MAX_SIDE: u32 = 16_384;

/// The drawing options with `font`'s chain as the only fonts (built once per run: it copies
/// the fonts).
#[must_use]
pub fn options(font: &label_text::Font<'_>) -> usvg::Options<'static> {
    let family = font.family().unwrap_or("DejaVu Sans");
    let mut options = usvg::Options { font_family: family.to_owned(), ..usvg::Options::default() };
    let fonts = options.fontdb_mut();
    for f in font.chain() {
        fonts.load_font_data(f.data().to_vec());
    }
    fonts.set_sans_serif_family(family);
    options
}

/// The SVG text `svg` drawn as a PNG file's bytes.
///
/// # Errors
/// A message when the picture is larger than [`MAX_SIDE`] on a side, or cannot be drawn.
pub fn render(svg: &str, font: &label_text::Font<'_>) -> Result<Vec<u8>, String> {
    let tree = usvg::Tree::from_str(svg, &options(font)).map_err(|e| format!("cannot draw the picture: {e}"))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!("a {width} x {height} px image is larger than {MAX_SIDE} px on a side"));
    }
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or_else(|| format!("cannot make a {width} x {height} px image"))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("cannot encode the image: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_drawn_in_the_given_font() {
        let font = label_text::Font::bundled();
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"60\" height=\"20\">\
                    <rect width=\"60\" height=\"20\" fill=\"#ffffff\"/>\
                    <text x=\"2\" y=\"15\" font-size=\"14\" font-family=\"sans-serif\">Wien</text></svg>";
        let png = render(text, font).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        let blank = text.replace(">Wien<", "><");
        assert_ne!(png, render(&blank, font).unwrap(), "the text is drawn");
        let huge = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20000\" height=\"10\"></svg>";
        assert!(render(huge, font).unwrap_err().contains("larger than"));
    }
}
