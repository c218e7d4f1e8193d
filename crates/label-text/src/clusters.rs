//! A text cut into glyph clusters, for text laid along a line one rigid box per cluster.
//!
//! Shaping maps characters to glyphs; rustybuzz numbers each glyph with its *cluster*, the
//! byte offset of the first character it comes from, and by default (HarfBuzz's "monotone
//! graphemes" level) keeps a base letter and its combining marks in one cluster, and a
//! ligature's characters in one. Glyphs of one cluster are summed into one [`Cluster`]:
//! a glyph box can turn along a curve without splitting an `fi` ligature or tearing an accent
//! off its letter. Characters no font of the chain has are a cluster each, with the fallback
//! advance ([`Font::fallback_advance_em`]: one em for CJK). A cluster without advance (a
//! zero-width character) joins the cluster before it (or, first in the text, the one after
//! it), so every cluster has a width. Clusters come in visual order, left to right — for a
//! right-to-left script that is the reverse of the text's order.
//!
//! [`Font::glyph_clusters`] gives the same clusters with the glyphs the shaper chose for them
//! (the contextual forms of joined letters, marks at their shaped offsets), so that a picture
//! draws exactly what was measured.

use std::ops::Range;

use crate::Font;
use crate::font::Piece;
use crate::itemize::script_runs;

/// The characters drawn as one unit, and how far they advance the pen.
#[derive(Clone, Debug, PartialEq)]
pub struct Cluster {
    /// The cluster's characters: byte range into the text.
    pub range: Range<usize>,
    /// Its advance, in the unit of the font size.
    pub advance: f64,
}

/// One shaped glyph of a cluster.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    /// The font that has it: its place in the chain ([`Font::chain`]).
    pub font: usize,
    /// Its glyph id in that font.
    pub id: u16,
    /// Where its origin is, from the cluster's pen position, in the unit of the font size:
    /// along the baseline (right) and above it (up), as the shaper placed it.
    pub x: f64,
    /// See `x`.
    pub y: f64,
}

/// A cluster with its glyphs (none for a character no font of the chain has).
#[derive(Clone, Debug, PartialEq)]
pub struct GlyphCluster {
    /// The characters and the advance.
    pub cluster: Cluster,
    /// Its glyphs, in visual order.
    pub glyphs: Vec<Glyph>,
}

impl Font<'_> {
    /// `text` at `font_size` as clusters with their advances, in visual order (see the module
    /// documentation); empty when the text has no width. The advances add up to
    /// [`Font::measure`]'s width.
    ///
    /// ```
    /// use label_text::Font;
    /// let font = Font::bundled();
    /// // "é" written as e + a combining acute accent stays one cluster.
    /// let clusters = font.clusters("Cafe\u{301}", 16.0);
    /// assert_eq!(clusters.len(), 4);
    /// assert_eq!(clusters[3].range, 3..6);
    /// let sum: f64 = clusters.iter().map(|c| c.advance).sum();
    /// assert!((sum - font.measure("Cafe\u{301}", 16.0).width).abs() < 1e-9);
    /// ```
    #[must_use]
    pub fn clusters(&self, text: &str, font_size: f64) -> Vec<Cluster> {
        self.glyph_clusters(text, font_size).into_iter().map(|g| g.cluster).collect()
    }

    /// The [`Font::clusters`] of `text` at `font_size`, each with its shaped glyphs.
    #[must_use]
    pub fn glyph_clusters(&self, text: &str, font_size: f64) -> Vec<GlyphCluster> {
        let mut out: Vec<GlyphCluster> = Vec::new();
        self.split_covered(text, |piece| match piece {
            Piece::Covered(run, k) => self.chain_font(k).shaped_clusters(text, run, font_size, k, &mut out),
            Piece::Missing(at, c) => {
                let advance = self.fallback_advance_em(c) * font_size;
                out.push(GlyphCluster {
                    cluster: Cluster { range: at..at + c.len_utf8(), advance },
                    glyphs: Vec::new(),
                });
            }
        });
        merge_empty(out)
    }

    /// The clusters of the covered run `text[run]`, shaped one script run at a time with this
    /// font, which is place `k` of the chain.
    fn shaped_clusters(&self, text: &str, run: Range<usize>, font_size: f64, k: usize, out: &mut Vec<GlyphCluster>) {
        let scale = font_size / self.units_per_em();
        let mut offset = run.start;
        for (part, script) in script_runs(&text[run]) {
            let shaped = self.shape(part, script);
            // Cluster starts in text order, to find where each ends.
            let mut starts: Vec<usize> = shaped.glyph_infos().iter().map(|g| g.cluster as usize).collect();
            starts.sort_unstable();
            starts.dedup();
            let end_of = |start: usize| starts.iter().find(|&&s| s > start).copied().unwrap_or(part.len());
            let mut current: Option<(usize, GlyphCluster)> = None;
            for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
                let cluster = info.cluster as usize;
                let advance = f64::from(pos.x_advance) * scale;
                if current.as_ref().is_none_or(|(c, _)| *c != cluster) {
                    out.extend(current.take().map(|(_, g)| g));
                    let range = offset + cluster..offset + end_of(cluster);
                    current =
                        Some((cluster, GlyphCluster { cluster: Cluster { range, advance: 0.0 }, glyphs: Vec::new() }));
                }
                if let Some((_, g)) = &mut current {
                    g.glyphs.push(Glyph {
                        font: k,
                        id: u16::try_from(info.glyph_id).unwrap_or(0),
                        x: g.cluster.advance + f64::from(pos.x_offset) * scale,
                        y: f64::from(pos.y_offset) * scale,
                    });
                    g.cluster.advance += advance;
                }
            }
            out.extend(current.map(|(_, g)| g));
            offset += part.len();
        }
    }
}

/// Joins every cluster without advance to the one before it (the first ones to the one after),
/// its glyphs drawn where its pen stood: at the end of the one before, at the start of the one
/// after.
fn merge_empty(clusters: Vec<GlyphCluster>) -> Vec<GlyphCluster> {
    let mut out: Vec<GlyphCluster> = Vec::with_capacity(clusters.len());
    let mut pending: Option<GlyphCluster> = None;
    let join = |a: &Range<usize>, b: &Range<usize>| a.start.min(b.start)..a.end.max(b.end);
    for mut c in clusters {
        if c.cluster.advance > 0.0 {
            if let Some(p) = pending.take() {
                c.cluster.range = join(&p.cluster.range, &c.cluster.range);
                c.glyphs.splice(0..0, p.glyphs);
            }
            out.push(c);
        } else if let Some(last) = out.last_mut() {
            last.cluster.range = join(&last.cluster.range, &c.cluster.range);
            let pen = last.cluster.advance;
            last.glyphs.extend(c.glyphs.into_iter().map(|g| Glyph { x: g.x + pen, ..g }));
        } else {
            match &mut pending {
                Some(p) => {
                    p.cluster.range = join(&p.cluster.range, &c.cluster.range);
                    p.glyphs.extend(c.glyphs);
                }
                None => pending = Some(c),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn font() -> &'static Font<'static> {
        Font::bundled()
    }

    fn total(clusters: &[Cluster]) -> f64 {
        clusters.iter().map(|c| c.advance).sum()
    }

    #[test]
    fn clusters_add_up_to_the_width() {
        for text in
            ["Wien", "office", "Donaukanal", "Straße", "AV Ta", "北京市", "Praha 北京 Москва", "שלום", "Καλημέρα"]
        {
            let clusters = font().clusters(text, 14.0);
            assert!((total(&clusters) - font().measure(text, 14.0).width).abs() < 1e-9, "{text}");
            assert!(clusters.iter().all(|c| c.advance > 0.0), "{text}");
            // Every character is in exactly one cluster.
            let mut covered: Vec<Range<usize>> = clusters.iter().map(|c| c.range.clone()).collect();
            covered.sort_by_key(|r| r.start);
            assert_eq!(covered.first().map(|r| r.start), Some(0), "{text}");
            assert!(covered.windows(2).all(|w| w[0].end == w[1].start), "{text}: {covered:?}");
            assert_eq!(covered.last().map(|r| r.end), Some(text.len()), "{text}");
        }
    }

    #[test]
    fn one_cluster_per_letter_in_latin() {
        let clusters = font().clusters("Wien", 10.0);
        let texts: Vec<&str> = clusters.iter().map(|c| &"Wien"[c.range.clone()]).collect();
        assert_eq!(texts, ["W", "i", "e", "n"]);
    }

    #[test]
    fn ideographs_are_one_em_each_by_the_fallback() {
        let clusters = font().clusters("北京", 12.0);
        assert_eq!(clusters, vec![Cluster { range: 0..3, advance: 12.0 }, Cluster { range: 3..6, advance: 12.0 }]);
        assert!(font().glyph_clusters("北京", 12.0).iter().all(|g| g.glyphs.is_empty()));
    }

    #[test]
    fn marks_without_a_glyph_stay_with_their_letter() {
        // U+0363 (combining latin small a) is not in DejaVu Sans: it joins the letter before,
        // and leading zero-width characters join the letter after.
        let text = "\u{200b}xa\u{363}b";
        let clusters = font().clusters(text, 10.0);
        assert_eq!(clusters.len(), 3, "{clusters:?}");
        assert_eq!(clusters[0].range, 0..4);
        assert_eq!(&text[clusters[1].range.clone()], "a\u{363}");
    }

    #[test]
    fn right_to_left_text_comes_in_visual_order() {
        let text = "שלום";
        let clusters = font().clusters(text, 10.0);
        assert_eq!(clusters.len(), 4);
        assert!(clusters[0].range.start > clusters[3].range.start, "{clusters:?}");
    }

    #[test]
    fn joined_letters_get_their_contextual_forms() {
        // Beh (U+0628) alone, and in the middle of "ببب": the shaper picks another glyph.
        let alone = font().glyph_clusters("\u{628}", 10.0);
        let joined = font().glyph_clusters("\u{628}\u{628}\u{628}", 10.0);
        assert_eq!(joined.len(), 3);
        assert_ne!(alone[0].glyphs[0].id, joined[1].glyphs[0].id, "the medial form, not the isolated one");
        // A letter with a combining mark: one cluster, two glyphs, the mark placed by the shaper.
        let marked = font().glyph_clusters("q\u{301}", 10.0);
        assert_eq!(marked.len(), 1);
        assert_eq!(marked[0].glyphs.len(), 2, "{marked:?}");
    }
}
