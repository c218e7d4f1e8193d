//! Raster label tiles (`declutter tiles --raster`): a 4 × 4 block of stitched tiles equals,
//! pixel for pixel, one picture of the same area with every label of the zoom drawn at once;
//! and the binary writes exactly those tiles.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::run;
use label_cli::formats::geojson::{self, GeoArgs, Input};
use label_cli::formats::picture::sprite::{Painter, Sprite};
use label_cli::formats::tiles::{raster, world_args};
use resvg::tiny_skia::Pixmap;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/geojson/ne-places-europe.geojson")
}

/// The shown labels of the fixture at zoom `z`, world as one screen, drawn alone.
fn sprites(z: u8, scale: u32) -> Vec<Sprite> {
    let path = fixture();
    let text = fs::read_to_string(&path).expect("the fixture");
    let args = GeoArgs { priority_field: Some("pop_max".into()), ..GeoArgs::default() };
    let input = geojson::read(Some(&path), &text, &world_args(&args, z)).expect("GeoJSON");
    let Input::Geo(geo) = input else { panic!("read as GeoJSON") };
    let placement = geo.doc.place().expect("placed");
    let painter = Painter::new(label_cli::measure::font(), scale);
    raster::sprites(&geo.doc, &placement, &painter).expect("drawn")
}

/// Zoom `z`'s tiles as the library draws them.
fn tiles(z: u8, sprites: &[Sprite], scale: u32) -> BTreeMap<(u32, u32), Pixmap> {
    let cover = raster::cover(z, sprites, scale);
    cover
        .into_iter()
        .map(|((x, y), entries)| ((x, y), raster::tile(y, sprites, &entries, scale).expect("a tile")))
        .collect()
}

/// The 4 × 4 block of tiles from column `x0`, row `y0` stitched, and the same area drawn at
/// once; and how many labels cross an edge between two tiles of the block.
fn check_block(z: u8, scale: u32, x0: u32, y0: u32) {
    let sprites = sprites(z, scale);
    let side = 256 * scale;
    let tiles = tiles(z, &sprites, scale);
    let mut stitched = Pixmap::new(4 * side, 4 * side).expect("an image");
    for ((x, y), tile) in &tiles {
        if (x0..x0 + 4).contains(x) && (y0..y0 + 4).contains(y) {
            let at = |v: u32, v0: u32| ((v - v0) * side) as i32;
            let paint = resvg::tiny_skia::PixmapPaint::default();
            let identity = resvg::tiny_skia::Transform::identity();
            stitched.draw_pixmap(at(*x, x0), at(*y, y0), tile.as_ref(), &paint, identity, None);
        }
    }
    let (left, top) = (i64::from(x0 * side), i64::from(y0 * side));
    let once = raster::window(&sprites, left, top, 4 * side, 4 * side).expect("the picture");
    // Labels the block's inner tile edges cut through: they are drawn in two or four tiles.
    let side = i64::from(side);
    let crosses = |start: i64, len: u32, first: i64| {
        (1..4).any(|k| start < first + k * side && first + k * side < start + i64::from(len))
    };
    let inside = |start: i64, len: u32, first: i64| start >= first && start + i64::from(len) <= first + 4 * side;
    let cut = sprites
        .iter()
        .filter(|s| inside(s.x, s.size().0, left) && inside(s.y, s.size().1, top))
        .filter(|s| crosses(s.x, s.size().0, left) || crosses(s.y, s.size().1, top))
        .count();
    assert!(cut >= 5, "only {cut} labels cross a tile edge of the block: not a test of the cut");
    let drawn = once.pixels().iter().filter(|p| p.alpha() > 0).count();
    assert!(drawn > 10_000, "{drawn} pixels drawn");
    let differ = stitched.pixels().iter().zip(once.pixels()).filter(|(a, b)| a != b).count();
    assert_eq!(differ, 0, "{differ} pixels of the stitched tiles differ from the picture drawn at once");
}

#[test]
fn stitched_tiles_are_the_picture_drawn_at_once() {
    // Zoom 4, 256-px tiles: the block over western and central Europe.
    check_block(4, 1, 7, 4);
}

#[test]
fn stitched_512_px_tiles_are_the_picture_drawn_at_once() {
    // Zoom 3 at twice the density: a 2048-px block.
    check_block(3, 2, 3, 1);
}

#[test]
fn the_binary_writes_the_tiles_the_library_draws() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("raster");
    let (fixture, out_dir) = (fixture(), out.to_str().expect("UTF-8").to_owned());
    let args = ["tiles", fixture.to_str().expect("UTF-8"), "--min-zoom", "3", "--max-zoom", "3"];
    let r = run(&[&args[..], &["--priority-field", "pop_max", "--raster", "--out-dir", &out_dir]].concat(), None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let expected = tiles(3, &sprites(3, 1), 1);
    let mut written = Vec::new();
    for column in fs::read_dir(out.join("3")).expect("zoom 3") {
        let column = column.expect("an entry").path();
        for tile in fs::read_dir(&column).expect("a column") {
            let tile = tile.expect("an entry").path();
            let x: u32 = column.file_name().and_then(|n| n.to_str()?.parse().ok()).expect("a column number");
            let y: u32 = tile.file_stem().and_then(|n| n.to_str()?.parse().ok()).expect("a row number");
            assert_eq!(tile.extension().and_then(|e| e.to_str()), Some("png"));
            let png = raster::png(&expected[&(x, y)]).expect("encoded");
            assert!(fs::read(&tile).expect("readable") == png, "tile 3/{x}/{y} differs");
            written.push((x, y));
        }
    }
    written.sort_unstable();
    assert_eq!(written, expected.keys().copied().collect::<Vec<_>>());
    let metadata: serde_json::Value =
        serde_json::from_slice(&fs::read(out.join("metadata.json")).expect("metadata")).expect("JSON metadata");
    assert_eq!((metadata["format"].as_str(), metadata["tile_size"].as_u64()), (Some("png"), Some(256)));
    // Raster tiles draw the shown labels only; a tile is 256 or 512 px, and raster only.
    let other = format!("{out_dir}-2");
    for (flags, message) in [
        (&["--raster", "--hidden"][..], "cannot be used with"),
        (&["--raster", "--tile-size", "300"], "possible values: 256, 512"),
        (&["--tile-size", "512"], "--raster"),
    ] {
        let r = run(&[&args[..], flags, &["--out-dir", &other]].concat(), None);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(r.stderr.contains(message), "{message:?} not in {}", r.stderr);
    }
    assert!(!Path::new(&other).exists());
}
