//! A font ready to measure text: the shaping face and the metrics read from it once.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

use rustybuzz::ttf_parser::name_id;
use rustybuzz::{Direction, Face, Language, Script, ShapePlan, UnicodeBuffer};

use unicode_script::UnicodeScript;

use crate::error::FontError;
use crate::fallback::fallback_em;
use crate::itemize::script_runs;
use crate::memory::Widths;

mod lazy;

pub use lazy::LazyFont;

/// DejaVu Sans 2.37 (Debian's `fonts-dejavu-core`), see `fonts/DejaVuSans-LICENSE.txt`.
static BUNDLED_BYTES: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// The size of a measured text, in the unit of the font size (pixels for the CLI).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextSize {
    /// Sum of the advances of the shaped text.
    pub width: f64,
    /// The font's line height.
    pub height: f64,
}

/// A parsed font. Cheap to share between threads (`Sync`); parsing is the costly part, so keep
/// one and measure many texts with it.
pub struct Font<'a> {
    data: &'a [u8],
    face: Face<'a>,
    units_per_em: f64,
    line_height_em: f64,
    average_em: f64,
    family: Option<String>,
    /// Shape plans by segment properties: building a plan costs far more than shaping a name.
    /// Read by every thread that shapes, written once per kind of segment.
    plans: RwLock<HashMap<PlanKey, Arc<ShapePlan>>>,
    /// The widths of the texts measured so far ([`crate::memory`]).
    pub(crate) widths: Widths,
    /// The fonts that give the glyphs this one lacks, in order ([`Font::with_fallback`]).
    fallbacks: Vec<Font<'a>>,
    /// After them, font files loaded when a character needs them ([`Font::with_lazy_fallbacks`]).
    lazy: Vec<LazyFont>,
}

type PlanKey = (Direction, Script, Option<Language>);

/// A piece of a text as the font covers it ([`Font::split_covered`]).
pub(crate) enum Piece {
    /// A run of characters one font of the chain has glyphs for: byte range, and the font's
    /// place in the chain ([`Font::chain`]).
    Covered(std::ops::Range<usize>, usize),
    /// A character no font of the chain has, at this byte offset.
    Missing(usize, char),
}

impl std::fmt::Debug for Font<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Font")
            .field("family", &self.family)
            .field("units_per_em", &self.units_per_em)
            .field("line_height_em", &self.line_height_em)
            .field("average_em", &self.average_em)
            .finish_non_exhaustive()
    }
}

impl Font<'static> {
    /// The bundled font, DejaVu Sans, parsed on first use.
    #[must_use]
    pub fn bundled() -> &'static Font<'static> {
        static BUNDLED: OnceLock<Font<'static>> = OnceLock::new();
        BUNDLED.get_or_init(|| Font::from_bytes(BUNDLED_BYTES).expect("the bundled font is a valid font"))
    }
}

impl<'a> Font<'a> {
    /// The font file's bytes, for drawing text in the font it was measured with (a picture's
    /// renderer loads the same file).
    #[must_use]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// Reads a TrueType or OpenType font (the first face of a collection).
    ///
    /// # Errors
    /// [`FontError::Unreadable`] when the bytes are not a font; [`FontError::BadMetrics`] when
    /// its metrics cannot size text.
    pub fn from_bytes(data: &'a [u8]) -> Result<Self, FontError> {
        Font::from_collection(data, 0)
    }

    /// Reads face `index` of a TrueType or OpenType collection (0 for a single font).
    ///
    /// # Errors
    /// As [`Font::from_bytes`].
    pub fn from_collection(data: &'a [u8], index: u32) -> Result<Self, FontError> {
        let face = Face::from_slice(data, index).ok_or(FontError::Unreadable)?;
        let units_per_em = f64::from(face.units_per_em());
        if units_per_em <= 0.0 {
            return Err(FontError::BadMetrics("units per em is zero"));
        }
        let line = f64::from(face.ascender()) - f64::from(face.descender()) + f64::from(face.line_gap());
        if line <= 0.0 {
            return Err(FontError::BadMetrics("line height (ascender - descender + line gap) is not positive"));
        }
        let average_em = average_advance(&face) / units_per_em;
        let family = family_name(&face);
        Ok(Font {
            data,
            face,
            units_per_em,
            line_height_em: line / units_per_em,
            average_em,
            family,
            plans: RwLock::default(),
            widths: Widths::default(),
            fallbacks: Vec::new(),
            lazy: Vec::new(),
        })
    }

    /// The font's family name (name table), e.g. `DejaVu Sans`, for drawing with the same font.
    #[must_use]
    pub fn family(&self) -> Option<&str> {
        self.family.as_deref()
    }

    /// Height of the ascender above the baseline, in ems (positive).
    #[must_use]
    pub fn ascender_em(&self) -> f64 {
        f64::from(self.face.ascender()) / self.units_per_em
    }

    /// Depth of the descender, in ems: negative below the baseline.
    #[must_use]
    pub fn descender_em(&self) -> f64 {
        f64::from(self.face.descender()) / self.units_per_em
    }

    /// Line height in ems: `ascender − descender + line gap`.
    #[must_use]
    pub fn line_height_em(&self) -> f64 {
        self.line_height_em
    }

    /// The advance, in ems, given to a character the font has no glyph for: 1 for East Asian
    /// wide and fullwidth characters (UAX #11: CJK ideographs, kana, hangul, fullwidth forms,
    /// emoji), 0 for zero-width and control characters, and otherwise the font's average
    /// advance (the mean advance of its letters `a–z`, `A–Z`; 0.62 em for DejaVu Sans).
    #[must_use]
    pub fn fallback_advance_em(&self, c: char) -> f64 {
        fallback_em(c, self.average_em)
    }

    /// Whether the font itself (not its fallbacks) has a glyph for `c`.
    #[must_use]
    pub fn has_glyph(&self, c: char) -> bool {
        self.face.glyph_index(c).is_some_and(|g| g.0 != 0)
    }

    /// This font with `next` appended to its fallback chain: a character this font lacks is
    /// measured (and drawn, [`crate::Glyph::font`]) with the first font of the chain that has
    /// it, and only a character none has gets the fallback advance. The metrics (line height,
    /// ascender, descender) stay this font's: a label's box is one line of the first font.
    /// The widths remembered so far are forgotten, as they were measured without `next`.
    #[must_use]
    pub fn with_fallback(mut self, mut next: Font<'a>) -> Self {
        let nested = std::mem::take(&mut next.fallbacks);
        self.fallbacks.push(next);
        self.fallbacks.extend(nested);
        self.widths = Widths::default();
        self
    }

    /// This font with `files` appended to its chain after its fallbacks: each is loaded the
    /// first time a character that no font before it has is measured, and only if it has it
    /// ([`LazyFont`]). Which font measures a character depends on the character and the
    /// files only, not on what was measured before.
    #[must_use]
    pub fn with_lazy_fallbacks(mut self, files: Vec<LazyFont>) -> Self {
        self.lazy.extend(files);
        self.widths = Widths::default();
        self
    }

    /// The chain: this font, then its fallbacks in order, then the lazily loaded fonts loaded
    /// so far. A [`crate::Glyph`]'s `font` is its place in the whole chain ([`Font::chain_font`]).
    pub fn chain(&self) -> impl Iterator<Item = &Font<'a>> {
        let loaded = self.lazy.iter().filter_map(|l| l.font.get().and_then(Option::as_ref)).map(|f| f as &Font<'a>);
        std::iter::once(self).chain(&self.fallbacks).chain(loaded)
    }

    /// The font at place `k` of the chain: this font, its fallbacks, its lazily loaded fonts.
    ///
    /// # Panics
    /// When the chain is shorter, or place `k` is a lazily loaded font that was never loaded
    /// (no glyph names it then).
    #[must_use]
    pub fn chain_font(&self, k: usize) -> &Font<'a> {
        match k.checked_sub(1 + self.fallbacks.len()) {
            None if k == 0 => self,
            None => &self.fallbacks[k - 1],
            Some(j) => self.lazy[j].font.get().and_then(Option::as_ref).expect("a lazily loaded font that was loaded"),
        }
    }

    /// The place in the chain of the first font that has a glyph for `c`.
    fn font_for(&self, c: char) -> Option<usize> {
        let eager = 1 + self.fallbacks.len();
        std::iter::once(self)
            .chain(&self.fallbacks)
            .position(|f| f.has_glyph(c))
            .or_else(|| self.lazy.iter().position(|l| l.has_glyph(c)).map(|j| eager + j))
    }

    /// The width of `text` on one line, in ems: the shaped advances of the runs the font
    /// covers plus the fallback advances of the characters it lacks. Runs are shaped
    /// separately, so there is no kerning across a missing character.
    #[must_use]
    pub fn advance_em(&self, text: &str) -> f64 {
        let mut ems = 0.0;
        self.split_covered(text, |piece| match piece {
            Piece::Covered(run, k) => {
                let font = self.chain_font(k);
                ems += font.shaped_units(&text[run]) / font.units_per_em;
            }
            Piece::Missing(_, c) => ems += self.fallback_advance_em(c),
        });
        ems
    }

    /// Calls `f` with the pieces of `text` in order: maximal runs of characters one font of the
    /// chain covers (byte ranges, each with the first font that has its characters), and each
    /// character no font has (its byte offset). A character of no particular script (a space,
    /// a digit, punctuation) or a combining mark stays in the run before it when the run's font
    /// has it, so a letter and its marks are shaped together and a CJK name's punctuation is
    /// drawn in the CJK font; every letter takes the first font that has it.
    pub(crate) fn split_covered(&self, text: &str, mut f: impl FnMut(Piece)) {
        let mut run: Option<(usize, usize)> = None;
        for (at, c) in text.char_indices() {
            if let Some((_, k)) = run
                && (k == 0
                    || matches!(
                        c.script(),
                        unicode_script::Script::Common
                            | unicode_script::Script::Inherited
                            | unicode_script::Script::Unknown
                    ))
                && self.chain_font(k).has_glyph(c)
            {
                continue;
            }
            let next = self.font_for(c);
            if let Some((start, k)) = run.take() {
                f(Piece::Covered(start..at, k));
            }
            match next {
                Some(k) => run = Some((at, k)),
                None => f(Piece::Missing(at, c)),
            }
        }
        if let Some((start, k)) = run {
            f(Piece::Covered(start..text.len(), k));
        }
    }

    /// Width and height of `text` at `font_size` (any unit; the result is in the same unit):
    /// `advance_em(text) * font_size` and `line_height_em() * font_size`. The font remembers
    /// the width in ems of the texts it measured (see the crate documentation), so measuring
    /// a text again costs a look-up and gives the same size bit for bit. `font_size` should be
    /// finite and positive; the caller validates it.
    #[must_use]
    pub fn measure(&self, text: &str, font_size: f64) -> TextSize {
        let em = self.widths.get_or_shape(text, |text| self.advance_em(text));
        TextSize { width: em * font_size, height: self.line_height_em * font_size }
    }

    /// Sum of the horizontal advances of `run`, shaped one script run at a time, in font units.
    fn shaped_units(&self, run: &str) -> f64 {
        script_runs(run).into_iter().map(|(part, script)| self.shaped_segment_units(part, script)).sum()
    }

    /// Sum of the horizontal advances of `segment` shaped as one segment in `script` (its
    /// direction follows from the script), in font units.
    fn shaped_segment_units(&self, segment: &str, script: Option<unicode_script::Script>) -> f64 {
        self.shape(segment, script).glyph_positions().iter().map(|p| f64::from(p.x_advance)).sum()
    }

    /// `segment` shaped as one segment in `script` (its direction follows from the script):
    /// glyphs in visual order, advances in font units, clusters as byte offsets into `segment`.
    pub(crate) fn shape(&self, segment: &str, script: Option<unicode_script::Script>) -> rustybuzz::GlyphBuffer {
        let mut buffer = UnicodeBuffer::new();
        buffer.push_str(segment);
        if let Some(script) = script.and_then(|s| s.short_name().parse::<Script>().ok()) {
            buffer.set_script(script);
        }
        buffer.guess_segment_properties();
        let plan = self.plan(buffer.direction(), buffer.script(), buffer.language());
        rustybuzz::shape_with_plan(&self.face, &plan, buffer)
    }

    /// Font units per em.
    pub(crate) fn units_per_em(&self) -> f64 {
        self.units_per_em
    }

    /// The parsed face.
    pub(crate) fn face(&self) -> &Face<'a> {
        &self.face
    }
}

impl Font<'_> {
    /// The cached shape plan for these segment properties (a plan holds no per-text state).
    fn plan(&self, direction: Direction, script: Script, language: Option<Language>) -> Arc<ShapePlan> {
        let key = (direction, script, language);
        // A panic elsewhere cannot leave the map half-updated: entries are inserted whole.
        if let Some(plan) = self.plans.read().unwrap_or_else(PoisonError::into_inner).get(&key) {
            return Arc::clone(plan);
        }
        let mut plans = self.plans.write().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(plans.entry(key).or_insert_with_key(|(direction, script, language)| {
            Arc::new(ShapePlan::new(&self.face, *direction, Some(*script), language.as_ref(), &[]))
        }))
    }
}

/// Mean advance of the font's basic Latin letters `a–z`, `A–Z`, in font units: the width of
/// an "ordinary" character of this font. (OS/2 `xAvgCharWidth` would be the font's own word,
/// but fonts fill it inconsistently — over all glyphs, or weighted by English letter
/// frequencies — and ttf-parser does not expose it.) One em when the font has none of them.
fn average_advance(face: &Face<'_>) -> f64 {
    let (sum, count) = ('a'..='z')
        .chain('A'..='Z')
        .filter_map(|c| face.glyph_index(c).and_then(|g| face.glyph_hor_advance(g)))
        .filter(|&a| a > 0)
        .fold((0.0, 0u32), |(s, n), a| (s + f64::from(a), n + 1));
    if count == 0 { face.units_per_em().into() } else { sum / f64::from(count) }
}

fn family_name(face: &Face<'_>) -> Option<String> {
    let names = face.names();
    let find = |id: u16| names.into_iter().filter(|n| n.name_id == id && n.is_unicode()).find_map(|n| n.to_string());
    find(name_id::TYPOGRAPHIC_FAMILY).or_else(|| find(name_id::FAMILY))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn font() -> &'static Font<'static> {
        Font::bundled()
    }

    #[test]
    fn bundled_font_is_dejavu_sans_with_its_metrics() {
        let f = font();
        assert_eq!(f.family(), Some("DejaVu Sans"));
        // hhea: ascender 1901, descender -483, line gap 0, 2048 units per em.
        assert!((f.line_height_em() - 2384.0 / 2048.0).abs() < 1e-12, "{}", f.line_height_em());
        assert!((0.4..0.8).contains(&f.average_em), "{}", f.average_em);
    }

    #[test]
    fn widths_are_glyph_advances() {
        let f = font();
        // DejaVu Sans advances: 'W' 2025, 'i' 569 units of 2048.
        assert!((f.advance_em("W") - 2025.0 / 2048.0).abs() < 1e-12, "{}", f.advance_em("W"));
        assert!((f.advance_em("i") - 569.0 / 2048.0).abs() < 1e-12, "{}", f.advance_em("i"));
        assert!(f.advance_em("WWWW") > 3.0 * f.advance_em("iiii"));
        assert_eq!(f.advance_em(""), 0.0);
    }

    #[test]
    fn kerning_applies_within_a_run() {
        let f = font();
        // DejaVu Sans kerns "AV" tighter than "A" + "V" alone.
        assert!(f.advance_em("AV") < f.advance_em("A") + f.advance_em("V"));
    }

    #[test]
    fn measure_scales_with_the_font_size() {
        let f = font();
        let a = f.measure("Wien", 10.0);
        let b = f.measure("Wien", 20.0);
        assert!((b.width - 2.0 * a.width).abs() < 1e-9);
        assert!((b.height - 2.0 * a.height).abs() < 1e-9);
    }

    #[test]
    fn a_chinese_name_is_one_em_per_ideograph() {
        let f = font();
        assert!(!f.has_glyph('北'));
        for (name, n) in [("北京", 2.0), ("上海市", 3.0), ("乌鲁木齐", 4.0), ("呼和浩特市", 5.0)] {
            let w = f.measure(name, 14.0).width;
            assert!((w - n * 14.0).abs() < 1e-9, "{name}: {w}");
        }
    }

    #[test]
    fn mixed_scripts_add_up() {
        let f = font();
        let mixed = f.advance_em("Wien 维也纳");
        let expected = f.advance_em("Wien ") + 3.0;
        assert!((mixed - expected).abs() < 1e-12, "{mixed} vs {expected}");
        // Kana and hangul fall back to a full em too.
        assert_eq!(f.advance_em("トウキョウ"), 5.0);
        assert_eq!(f.advance_em("서울"), 2.0);
    }

    #[test]
    fn each_script_is_shaped_by_its_own_rules() {
        let f = font();
        // Joined Arabic letters are narrower than isolated ones; after a Latin word the Arabic
        // must still be joined.
        let arabic = f.advance_em("القاهرة");
        let isolated: f64 = "القاهرة".chars().map(|c| f.advance_em(&c.to_string())).sum();
        assert!(arabic < isolated - 0.1, "{arabic} vs {isolated}");
        let mixed = f.advance_em("Cairo القاهرة");
        let parts = f.advance_em("Cairo ") + arabic;
        assert!((mixed - parts).abs() < 1e-12, "{mixed} vs {parts}");
    }

    #[test]
    fn combining_marks_and_controls_add_nothing() {
        let f = font();
        // Precomposed and decomposed "é" shape to the same width.
        assert!((f.advance_em("Caf\u{e9}") - f.advance_em("Cafe\u{301}")).abs() < 1e-12);
        assert_eq!(f.advance_em("a\nb"), f.advance_em("ab"));
    }

    #[test]
    fn scripts_the_font_covers_are_shaped() {
        let f = font();
        for name in ["Москва", "Αθήνα", "القاهرة", "Tbilisi თბილისი"] {
            assert!(name.chars().filter(|c| !c.is_whitespace()).all(|c| f.has_glyph(c)), "{name}");
            assert!(f.advance_em(name) > 0.3 * name.chars().count() as f64, "{name}");
        }
    }

    #[test]
    fn garbage_is_not_a_font() {
        assert_eq!(Font::from_bytes(b"").err(), Some(FontError::Unreadable));
        assert_eq!(Font::from_bytes(b"not a font at all, just some text").err(), Some(FontError::Unreadable));
        let truncated = &BUNDLED_BYTES[..1000];
        assert!(Font::from_bytes(truncated).is_err());
    }

    #[test]
    fn font_is_shareable_between_threads() {
        fn sync<T: Sync + Send>(_: &T) {}
        sync(font());
    }
}
