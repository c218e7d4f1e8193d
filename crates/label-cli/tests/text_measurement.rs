//! `declutter place` on labels that give `text` and `font_size` instead of a size: widths from
//! the font's glyph advances (CJK falling back to one em), heights from its line height,
//! `--font` for another font, and clear errors when a label can be neither read nor measured.
//!
//! The measured size is not in the output, so these tests read it back through the engine's
//! own rule: a probe label placed just inside the measured box collides with it, one placed
//! just outside does not.

mod common;

use std::path::{Path, PathBuf};

use common::{check_consistency, names, place_stdin, placements, run, write_file};
use serde_json::{Value, json};

/// DejaVu Sans line height: (1901 + 483 + 0) / 2048 em.
const LINE_EM: f64 = 2384.0 / 2048.0;
/// DejaVu Sans Mono: every glyph advances 1233/2048 em.
const MONO_EM: f64 = 1233.0 / 2048.0;

fn mono_font() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/DejaVuSansMono-ascii.ttf")
}

/// A 1×1 probe label with `priority` -1 (placed after the measured one).
fn probe(id: &str, x: f64, y: f64) -> Value {
    json!({"id": id, "x": x, "y": y, "width": 1, "height": 1, "priority": -1})
}

/// Whether each probe collides with the measured label `m` (placed first).
fn probe_hits(measured: Value, probes: Vec<Value>, extra: &[&str]) -> Vec<bool> {
    let mut labels = vec![measured];
    labels.extend(probes);
    let out = place_stdin(&json!({"labels": labels}), extra).ok_json();
    check_consistency(&out);
    let ps = placements(&out);
    assert_eq!(ps[0]["visible"], json!(true), "the measured label is placed first: {out}");
    ps[1..].iter().map(|p| p["reason"] == json!("collision")).collect()
}

/// The measured label's half width, bracketed by probes at `centre ± (half ± 0.01)` along x.
/// Probes are 1 px wide, so a probe centred at `c + h + 0.5 ± 0.01` tells whether the half
/// width is above or below `h`.
fn assert_half_width(measured: Value, expected_half: f64, extra: &[&str]) {
    let (x, y) = (measured["x"].as_f64().unwrap(), measured["y"].as_f64().unwrap());
    let probes = vec![
        probe("right-in", x + expected_half + 0.5 - 0.01, y),
        probe("right-out", x + expected_half + 0.5 + 0.01, y),
        probe("left-in", x - expected_half - 0.5 + 0.01, y),
        probe("left-out", x - expected_half - 0.5 - 0.01, y),
    ];
    assert_eq!(
        probe_hits(measured.clone(), probes, extra),
        [true, false, true, false],
        "{measured}: half width should be {expected_half} px within 0.01"
    );
}

fn assert_half_height(measured: Value, expected_half: f64, extra: &[&str]) {
    let (x, y) = (measured["x"].as_f64().unwrap(), measured["y"].as_f64().unwrap());
    let probes = vec![
        probe("below-in", x, y + expected_half + 0.5 - 0.01),
        probe("below-out", x, y + expected_half + 0.5 + 0.01),
    ];
    assert_eq!(
        probe_hits(measured.clone(), probes, extra),
        [true, false],
        "{measured}: half height should be {expected_half} px within 0.01"
    );
}

#[test]
fn a_chinese_name_is_one_font_size_per_character() {
    for (name, n) in [("北京", 2.0), ("北京市", 3.0), ("呼和浩特市", 5.0)] {
        let label = json!({"id": name, "x": 200, "y": 100, "text": name, "font_size": 16});
        assert_half_width(label, n * 16.0 / 2.0, &[]);
    }
}

#[test]
fn height_is_the_font_line_height() {
    let label = json!({"id": "wien", "x": 200, "y": 100, "text": "Wien", "font_size": 20});
    assert_half_height(label, 20.0 * LINE_EM / 2.0, &[]);
}

#[test]
fn latin_widths_come_from_glyph_advances_not_character_counts() {
    // DejaVu Sans: 'W' advances 2025/2048 em, 'i' 569/2048 em; no kerning between equal letters.
    let wide = json!({"id": "w", "x": 200, "y": 100, "text": "WWWW", "font_size": 10});
    assert_half_width(wide, 4.0 * 2025.0 / 2048.0 * 10.0 / 2.0, &[]);
    let narrow = json!({"id": "i", "x": 200, "y": 100, "text": "iiii", "font_size": 10});
    assert_half_width(narrow, 4.0 * 569.0 / 2048.0 * 10.0 / 2.0, &[]);
}

#[test]
fn another_font_measures_differently() {
    let font = mono_font();
    let font = font.to_str().unwrap();
    for text in ["WWWW", "iiii"] {
        let label = json!({"id": text, "x": 200, "y": 100, "text": text, "font_size": 10});
        assert_half_width(label, 4.0 * MONO_EM * 10.0 / 2.0, &["--font", font]);
    }
}

#[test]
fn given_sizes_are_used_as_they_are() {
    let both = json!({"id": "b", "x": 200, "y": 100, "width": 30, "height": 8, "text": "北京市", "font_size": 16});
    assert_half_width(both.clone(), 15.0, &[]);
    assert_half_height(both, 4.0, &[]);
    // Only the missing one is measured.
    let width_only = json!({"id": "w", "x": 200, "y": 100, "width": 30, "text": "北京市", "font_size": 16});
    assert_half_width(width_only.clone(), 15.0, &[]);
    assert_half_height(width_only, 16.0 * LINE_EM / 2.0, &[]);
    let height_only = json!({"id": "h", "x": 200, "y": 100, "height": 8, "text": "北京市", "font_size": 16});
    assert_half_width(height_only.clone(), 24.0, &[]);
    assert_half_height(height_only, 4.0, &[]);
}

/// The one error line for a document whose label 1 (id "b") is `bad`.
fn rejected(bad: Value) -> String {
    let doc = json!({"labels": [{"id": "a", "x": 0, "y": 0, "width": 5, "height": 5}, bad]});
    place_stdin(&doc, &[]).assert_failure(2)
}

#[test]
fn a_label_without_size_or_text_is_refused_naming_the_fields() {
    let line = rejected(json!({"id": "b", "x": 1, "y": 1}));
    names(&line, &["label 1 (id \"b\")", "`width`", "`height`", "`text`", "`font_size`"]);
    let line = rejected(json!({"id": "b", "x": 1, "y": 1, "text": "Wien"}));
    names(&line, &["label 1 (id \"b\")", "`width`", "no `font_size`"]);
    let line = rejected(json!({"id": "b", "x": 1, "y": 1, "font_size": 12}));
    names(&line, &["label 1 (id \"b\")", "no `text`"]);
    let line = rejected(json!({"id": "b", "x": 1, "y": 1, "width": 4, "font_size": 12}));
    names(&line, &["label 1 (id \"b\")", "field `height`: missing"]);
}

#[test]
fn bad_font_sizes_and_empty_texts_are_refused() {
    for (size, says) in
        [(json!(0), "> 0"), (json!(-3), "-3"), (json!(1e6), "at most 10000, got 1e6"), (json!("12"), "string")]
    {
        let line = rejected(json!({"id": "b", "x": 1, "y": 1, "text": "Wien", "font_size": size}));
        names(&line, &["label 1 (id \"b\")", "`font_size`", says]);
    }
    let line = rejected(json!({"id": "b", "x": 1, "y": 1, "text": "", "font_size": 12}));
    names(&line, &["label 1 (id \"b\")", "`text`", "0 px wide"]);
    // A bad font size is refused even when the size is given.
    let line = rejected(json!({"id": "b", "x": 1, "y": 1, "width": 3, "height": 3, "text": "x", "font_size": -1}));
    names(&line, &["`font_size`"]);
}

#[test]
fn a_font_that_cannot_be_used_fails_like_an_unreadable_file() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_font = write_file(dir.path(), "font.ttf", b"{\"labels\": []}");
    let doc = json!({"labels": []}).to_string();
    for font in [not_a_font, dir.path().join("missing.ttf")] {
        let r = run(&["place", "-", "--font", font.to_str().unwrap()], Some(doc.as_bytes()));
        let line = r.assert_failure(1);
        names(&line, &["font", font.file_name().unwrap().to_str().unwrap()]);
    }
}

#[test]
fn pictures_draw_measured_text_in_the_measuring_font_at_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let doc = json!({"viewport": {"width": 300, "height": 200}, "labels": [
        {"id": 1, "x": 100, "y": 50, "text": "Wien <1>", "font_size": 17},
        {"id": 2, "x": 100, "y": 150, "width": 60, "height": 20, "text": "given"}
    ]});
    let input = write_file(dir.path(), "in.json", doc.to_string().as_bytes());
    let svg_path = dir.path().join("out.svg");
    run(&["place", input.to_str().unwrap(), "--svg", svg_path.to_str().unwrap()], None).ok_json();
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.contains("font-family=\"&apos;DejaVu Sans&apos;, sans-serif\""), "{svg}");
    assert!(svg.contains("font-size=\"17.00\""), "{svg}");
    // A given height of 20 px is drawn at the font size whose line height is 20 px.
    assert!(svg.contains(&format!("font-size=\"{:.2}\"", 20.0 / LINE_EM)), "{svg}");
    assert!(svg.contains(">Wien &lt;1&gt;</text>") && svg.contains(">given</text>"), "{svg}");
}

#[test]
fn every_ndjson_line_measures_with_the_chosen_font() {
    // Per line: a measured "iiii" at 10 px and a probe just inside its right edge in the
    // monospaced font (4 × 0.602 em = 24.08 px wide), which DejaVu Sans (11.1 px) would miss.
    let line = json!({"labels": [
        {"id": "m", "x": 100, "y": 50, "text": "iiii", "font_size": 10},
        probe("p", 100.0 + 4.0 * MONO_EM * 10.0 / 2.0 + 0.5 - 0.01, 50.0),
    ]})
    .to_string();
    let stream = format!("{line}\n{line}\n");
    let font = mono_font();
    for (extra, hit) in [(vec![], false), (vec!["--font", font.to_str().unwrap()], true)] {
        let mut args = vec!["place", "--ndjson", "-"];
        args.extend(extra);
        let r = run(&args, Some(stream.as_bytes()));
        r.assert_code(0);
        let lines: Vec<Value> =
            String::from_utf8(r.stdout.clone()).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 2);
        for out in &lines {
            assert_eq!(placements(out)[1]["reason"] == json!("collision"), hit, "{out}");
        }
    }
}
