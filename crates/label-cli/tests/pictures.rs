//! Pictures through the binary: a map picture draws exactly the parts shown, and texts along
//! lines are drawn as the glyphs the engine shaped and measured (Arabic joined, Devanagari
//! with its conjuncts and marks), in SVG and PNG.

mod common;

use common::run;
use label_text::Font;
use serde_json::json;

const PLACES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/geojson/ne-places-europe.geojson");

/// A Devanagari font from Debian's `fonts-lohit-deva` (`scripts/test-all.sh` installs it).
const DEVANAGARI: &str = "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf";
/// A CJK font from Debian's `fonts-wqy-microhei` (`scripts/test-all.sh` installs it).
const CJK: &str = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";
/// The bundled font's file as Debian ships it (`fonts-dejavu-core`).
const DEJAVU: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// Whether the system fonts `paths` are installed. When one is missing the test is skipped with
/// a message saying what to install, unless `DECLUTTER_REQUIRE_FONTS` is set (as
/// `scripts/test-all.sh`, which installs them, sets it): then it fails.
fn installed(paths: &[&str]) -> bool {
    let missing: Vec<&&str> = paths.iter().filter(|p| !std::path::Path::new(p).exists()).collect();
    if missing.is_empty() {
        return true;
    }
    let message = format!(
        "{missing:?} missing: apt-get install fonts-dejavu-core fonts-wqy-microhei fonts-lohit-deva \
         (scripts/test-all.sh does)"
    );
    assert!(std::env::var_os("DECLUTTER_REQUIRE_FONTS").is_none(), "{message}");
    eprintln!("skipped: {message}");
    false
}

/// The font at `path`, for the test's own measurements.
fn font_file(path: &str) -> Font<'static> {
    let data: &'static [u8] = Box::leak(std::fs::read(path).unwrap().into_boxed_slice());
    Font::from_bytes(data).unwrap()
}

#[test]
fn a_map_picture_leaves_out_the_text_of_a_symbol_shown_as_its_icon() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("map.svg");
    let out = run(
        &[
            "place",
            PLACES,
            "--zoom",
            "4",
            "--center",
            "10,50",
            "--priority-field",
            "scalerank",
            "--priority-order",
            "ascending",
            "--icon-size",
            "6x6",
            "--text-optional",
            "--picture-style",
            "map",
            "--svg",
            svg.to_str().unwrap(),
        ],
        None,
    )
    .ok_json();
    let svg = std::fs::read_to_string(&svg).unwrap();
    let features = out["features"].as_array().unwrap();
    let named = |parts: &str| -> Vec<String> {
        features
            .iter()
            .filter(|f| f["properties"]["parts"] == parts)
            .map(|f| format!(">{}</text>", f["properties"]["name"].as_str().unwrap()))
            .collect()
    };
    let (icons, both) = (named("icon"), named("both"));
    assert!(icons.len() > 100 && both.len() > 50, "{} icon only, {} both", icons.len(), both.len());
    // Names shared by a shown text and a hidden one would make the check vague: skip them.
    let drawn: Vec<&String> = icons.iter().filter(|n| svg.contains(*n) && !both.contains(n)).collect();
    assert!(drawn.is_empty(), "names of symbols shown as their icon are drawn: {drawn:?}");
    assert!(both.iter().all(|n| svg.contains(n)), "shown texts are drawn");
    // Every shown icon is drawn: one filled square each.
    assert_eq!(svg.matches("fill=\"#3b3b3b\" stroke=\"#ffffff\"/>").count(), icons.len() + both.len());
}

/// The SVG of a river named `name` along a gentle arc, with `extra` flags; and the path
/// elements of its shown glyphs.
fn river(name: &str, extra: &[&str]) -> (String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("river.svg");
    let png = dir.path().join("river.png");
    let doc = json!({"viewport": {"width": 400, "height": 200}, "labels": [
        {"id": "river", "path": [[10, 120], [200, 70], [390, 120]], "text": name, "font_size": 24}]});
    let mut args = vec!["place", "-", "--svg", svg.to_str().unwrap(), "--png", png.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = run(&args, Some(doc.to_string().as_bytes())).ok_json();
    assert_eq!(out["placements"][0]["visible"], true, "{out}");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let svg = std::fs::read_to_string(&svg).unwrap();
    let shown = &svg[svg.find("<g id=\"shown\">").unwrap()..];
    assert!(!shown.contains("<text"), "no text element: the glyphs are drawn as outlines\n{shown}");
    let paths = shown.lines().filter(|l| l.starts_with("<path")).map(str::to_owned).collect();
    (svg, paths)
}

/// The `d` attribute of a `<path>` element.
fn outline(element: &str) -> &str {
    let start = element.find(" d=\"").unwrap() + 4;
    &element[start..start + element[start..].find('"').unwrap()]
}

/// The outline the shaper gives each cluster of `name` in `font` at 24 px, in visual order.
fn shaped(font: &Font<'_>, name: &str) -> Vec<String> {
    let clusters = font.glyph_clusters(name, 24.0);
    clusters.iter().map(|c| c.glyphs.iter().map(|g| font.glyph_path(g, 24.0)).collect::<String>()).collect()
}

#[test]
fn arabic_along_a_line_is_drawn_joined() {
    // "الجزائر" (Algiers): seven letters, each its own cluster, most in joined forms.
    let name = "الجزائر";
    let (_, paths) = river(name, &[]);
    let font = Font::bundled();
    let expected = shaped(font, name);
    assert_eq!(paths.len(), expected.len());
    for (element, d) in paths.iter().zip(&expected) {
        assert_eq!(outline(element), d.trim_end(), "the shaped glyph of each cluster");
    }
    // Jeem (U+062C) in the word is its medial form, not the isolated letter a renderer would
    // draw for a one-letter <text>.
    let isolated = shaped(font, "\u{62c}").remove(0);
    assert!(!expected.contains(&isolated), "joined forms differ from the isolated ones");
    let isolated_drawn = paths.iter().filter(|p| outline(p) == isolated.trim_end()).count();
    assert_eq!(isolated_drawn, 0);
}

#[test]
fn devanagari_along_a_line_is_drawn_with_its_conjuncts_and_marks() {
    if !installed(&[DEVANAGARI]) {
        return;
    }
    // "गङ्गा" (Ganga): ga, the conjunct ṅga (ङ + virama + ग), the vowel sign ā.
    let name = "गङ्गा";
    let (_, paths) = river(name, &["--font", DEVANAGARI]);
    let font = font_file(DEVANAGARI);
    let clusters = font.glyph_clusters(name, 24.0);
    assert!(clusters.len() < name.chars().count(), "the virama and vowel sign join their letters");
    let expected = shaped(&font, name);
    assert_eq!(paths.len(), expected.len());
    for (element, d) in paths.iter().zip(&expected) {
        assert_eq!(outline(element), d.trim_end());
    }
}

#[test]
fn cjk_names_are_measured_and_drawn_with_the_fallback_font() {
    if !installed(&[DEJAVU, CJK]) {
        return;
    }
    // Halfwidth katakana: the bundled font lacks them (measured by the fallback advance, drawn
    // as boxes); WenQuanYi Micro Hei has them, narrower.
    let name = "ｱｲｳ 東京";
    let point = json!({"type": "FeatureCollection", "features": [{"type": "Feature", "id": 1,
        "properties": {"name": name}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]});
    let dir = tempfile::tempdir().unwrap();
    let png = |fonts: &[&str], system: bool| {
        let (svg, png) = (dir.path().join("cjk.svg"), dir.path().join("cjk.png"));
        let mut args = vec!["place", "-", "--zoom", "2", "--center", "0,0", "--size", "200x100", "--font-size", "20"];
        for f in fonts {
            args.extend(["--font", f]);
        }
        if system {
            args.push("--system-fonts");
        }
        args.extend(["--picture-style", "map", "--svg", svg.to_str().unwrap(), "--png", png.to_str().unwrap()]);
        let out = run(&args, Some(point.to_string().as_bytes())).ok_json();
        let b = &out["features"][0]["properties"]["label_box"];
        let width = b[1][0].as_f64().unwrap() - b[0][0].as_f64().unwrap();
        (width, std::fs::read_to_string(&svg).unwrap(), std::fs::read(&png).unwrap())
    };
    let chain = font_file(DEJAVU).with_fallback(font_file(CJK));
    let (width, svg, with_cjk) = png(&[DEJAVU, CJK], false);
    assert!((width - chain.measure(name, 20.0).width).abs() < 0.02, "{width}");
    assert!((width - Font::bundled().measure(name, 20.0).width).abs() > 1.0, "not the fallback advance");
    assert!(svg.contains("font-family=\"&apos;DejaVu Sans&apos;, &apos;"), "both families listed: {svg}");
    let (_, _, bundled) = png(&[], false);
    let (_, _, dejavu_only) = png(&[DEJAVU], false);
    assert_eq!(bundled, dejavu_only, "the bundled font is Debian's DejaVu Sans");
    assert_ne!(with_cjk, bundled, "the CJK glyphs are drawn, not the missing-glyph boxes");
    // The system's fonts, when asked: WenQuanYi Micro Hei is one of them.
    let (system_width, svg, with_system) = png(&[], true);
    assert!((system_width - Font::bundled().measure(name, 20.0).width).abs() > 1.0, "{system_width}");
    assert!(svg.contains("WenQuanYi") || svg.contains("文泉"), "{svg}");
    assert_ne!(with_system, bundled);
    // Along a line: every cluster drawn with the glyphs of the font that has it.
    let (_, paths) = river("長江 Yangtze", &["--font", DEJAVU, "--font", CJK]);
    let clusters = chain.glyph_clusters("長江 Yangtze", 24.0);
    // 長, 江 and the space after them (it stays in the CJK run); Yangtze in DejaVu Sans.
    assert_eq!(clusters.iter().filter(|c| c.glyphs.iter().any(|g| g.font == 1)).count(), 3);
    let expected: Vec<String> = shaped(&chain, "長江 Yangtze").into_iter().filter(|d| !d.is_empty()).collect();
    assert_eq!(
        paths.iter().map(|p| outline(p).to_owned()).collect::<Vec<_>>(),
        expected.iter().map(|d| d.trim_end().to_owned()).collect::<Vec<_>>()
    );
}

/// The width and height of a PNG file (its IHDR chunk).
fn png_size(png: &[u8]) -> (u32, u32) {
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn the_debug_picture_has_a_margin_and_the_map_none() {
    let dir = tempfile::tempdir().unwrap();
    let doc = json!({"viewport": {"width": 300, "height": 200}, "labels": [
        {"id": 1, "x": 295, "y": 100, "text": "Edge", "font_size": 14}]});
    for (style, size) in [("debug", (320, 220)), ("map", (300, 200))] {
        let png = dir.path().join(format!("{style}.png"));
        run(
            &["place", "-", "--picture-style", style, "--png", png.to_str().unwrap()],
            Some(doc.to_string().as_bytes()),
        )
        .ok_json();
        assert_eq!(png_size(&std::fs::read(&png).unwrap()), size, "{style}");
    }
}
