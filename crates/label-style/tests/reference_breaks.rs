//! The crate's line breaking against MapLibre GL JS's own, text by text.
//!
//! `reference/breaks.mjs` bundles `src/symbol/tagged_string.ts` of the pinned `maplibre-gl`
//! package for node and breaks the texts this test sends — every name of the Natural Earth
//! places, Vienna streets and East Asian rivers fixtures and hand-picked cases (hyphens,
//! parentheses, newlines, CRLF, zero-width-space hints in CJK, Hangul, combining marks, an
//! emoji sequence, Arabic) — at four maximum widths, with and without letter spacing, using
//! the advances label-text measures for each grapheme in the bundled font. Every line must
//! be the same. It also checks the character classes (ideographic breaks, white space,
//! cursive scripts) over every code point. Skips, saying so, only when node or npm is
//! missing (never with `LABEL_STYLE_REFERENCE=required`).
//!
//! Not compared: text in scripts written without spaces (Thai, Lao, Khmer, Myanmar, …),
//! where MapLibre breaks at the words of the browser's dictionary segmenter; this crate breaks
//! those only at spaces and punctuation.

use label_style::text::wrap::{
    WrapOptions, allows_ideographic_break, allows_letter_spacing, is_cursive, is_whitespace, wrap,
};
use label_text::Font;
use serde_json::{Value as Json, json};
use std::collections::BTreeSet;
use unicode_segmentation::UnicodeSegmentation;

mod common;

const SIZE: f64 = 24.0;

fn fixture_names() -> BTreeSet<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/geojson/");
    let mut names = BTreeSet::new();
    for file in ["ne-places-europe.geojson", "vienna-streets-center.geojson", "ne-rivers-east-asia.geojson"] {
        let json: Json = serde_json::from_str(&std::fs::read_to_string(format!("{root}{file}")).unwrap()).unwrap();
        for feature in json["features"].as_array().unwrap() {
            for key in ["name", "name_zh"] {
                if let Some(name) = feature["properties"][key].as_str() {
                    names.insert(name.to_owned());
                }
            }
        }
    }
    names
}

const HAND_PICKED: &[&str] = &[
    "Kaiser-Franz-Josef-Straße",
    "Saint-Rémy-de-Provence",
    "Rio de Janeiro (RJ) Centro",
    "Frankfurt am Main (Oder)",
    "北京市朝阳区建国门外大街",
    "東京都\u{200b}新宿区\u{200b}西新宿二丁目",
    "서울특별시 중구 세종대로 110",
    "Line one\nLine two and three",
    "ab\r\ncd efgh ijkl",
    "cafe\u{301} de\u{301}ja\u{300} vu encore",
    "👩\u{200d}👩\u{200d}👧 family park",
    "القاهرة الجديدة عاصمة",
    "a/b+c&d-e·f–g‐h",
    "Donau\u{ad}dampfschiff\u{ad}fahrt\u{ad}gesellschaft",
    "  padded   text  with  spaces  ",
    "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch",
];

/// Characters the Unicode tables of label-style's dependencies (unicode-script) assign and
/// MapLibre's generated tables do not yet know: Arabic letters added to Arabic Extended-C.
const NEWER_THAN_MAPLIBRE: &[std::ops::RangeInclusive<u32>] = &[0x10EC9..=0x10EF9];

fn units(text: &str) -> Vec<&str> {
    text.graphemes(true).collect()
}

#[test]
fn lines_match_maplibre_text_by_text() {
    let font = Font::bundled();
    let mut texts: Vec<String> = fixture_names().into_iter().collect();
    texts.extend(HAND_PICKED.iter().map(|s| (*s).to_owned()));
    let mut cases = Vec::new();
    let mut ours = Vec::new();
    for text in &texts {
        for max_width_em in [2.0, 4.0, 6.0, 10.0] {
            for letter_spacing_em in [0.0, 0.1] {
                let options = WrapOptions {
                    size: SIZE,
                    max_width_em: Some(max_width_em),
                    line_height_em: 1.2,
                    letter_spacing_em,
                };
                let spacing = if allows_letter_spacing(text) { letter_spacing_em * SIZE } else { 0.0 };
                let units = units(text);
                let advances: Vec<f64> = units.iter().map(|u| font.measure(u, SIZE).width).collect();
                cases.push(
                    json!({"units": units, "advances": advances, "spacing": spacing, "max_width": max_width_em * SIZE}),
                );
                let lines: Vec<String> = wrap(text, font, &options).lines.into_iter().map(|l| l.text).collect();
                ours.push((text, max_width_em, letter_spacing_em, lines));
            }
        }
    }
    let Some(out) = common::run_node("breaks.mjs", json!({"cases": cases}).to_string().as_bytes()) else { return };
    let reference: Json = serde_json::from_slice(&out).unwrap();
    let mut differences = Vec::new();
    let mut multi_line = 0;
    for ((text, width, spacing, lines), theirs) in ours.iter().zip(reference["lines"].as_array().unwrap()) {
        multi_line += usize::from(lines.len() > 1);
        if *theirs != json!(lines) {
            differences.push(format!("{text:?} at {width} em, spacing {spacing}: {lines:?}, MapLibre {theirs}"));
        }
    }
    assert!(ours.len() > 2_000 && multi_line > 500, "{} cases, {multi_line} of several lines: too few", ours.len());
    assert!(
        differences.is_empty(),
        "{} of {} wrapped texts differ from MapLibre's, e.g.:\n{}",
        differences.len(),
        ours.len(),
        differences.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
    eprintln!("{} wrapped texts ({multi_line} of several lines) equal to MapLibre's", ours.len());

    let ranges = &reference["ranges"];
    type Class = (&'static str, fn(char) -> bool);
    let predicates: [Class; 3] =
        [("ideographic", allows_ideographic_break), ("whitespace", is_whitespace), ("cursive", is_cursive)];
    for (name, predicate) in predicates {
        let theirs: Vec<(u32, u32)> = ranges[name]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r[0].as_u64().unwrap() as u32, r[1].as_u64().unwrap() as u32))
            .collect();
        let wrong: Vec<String> = (0..=0x10FFFF_u32)
            .filter(|&u| !NEWER_THAN_MAPLIBRE.iter().any(|r| r.contains(&u)))
            .filter_map(char::from_u32)
            .filter(|&c| predicate(c) != theirs.iter().any(|&(lo, hi)| (lo..=hi).contains(&u32::from(c))))
            .map(|c| format!("U+{:04X}{}", u32::from(c), if predicate(c) { "+" } else { "-" }))
            .collect();
        assert!(wrong.is_empty(), "{name}: differs from MapLibre at {wrong:?}");
    }
}
