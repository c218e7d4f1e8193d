//! `declutter tiles` through the binary: the tippecanoe sequence holds, zoom by zoom, exactly
//! what `declutter place` shows for that zoom's world as one screen; the tiles are the same
//! bit for bit on one thread and on several; bad ranges, view flags and outputs that exist
//! are refused with exit 2 and leave the outputs as they were. (The tiles themselves are
//! decoded by independent tools in tests/tiles at the repository root.)

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use common::{Run, run, write_file};
use serde_json::{Value, json};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/geojson").join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 test path")
}

#[track_caller]
fn ok(r: &Run) {
    assert_eq!(r.code, Some(0), "{}: {}", r.what, r.stderr);
}

#[track_caller]
fn bad_input(r: &Run, message: &str) {
    assert_eq!(r.code, Some(2), "{}: {}", r.what, r.stderr);
    assert!(r.stderr.contains(message), "{}: {:?} not in {}", r.what, message, r.stderr);
}

/// `declutter place` of `input` at zoom `z`, the world as one screen: the indices of the
/// features shown.
fn shown_by_place(input: &Path, z: u32, flags: &[&str]) -> BTreeSet<u64> {
    let side = 256 << z;
    let (zoom, size) = (z.to_string(), format!("{side}x{side}"));
    let mut args = vec!["place", s(input), "--zoom", &zoom, "--center", "0,0", "--size", &size];
    args.extend_from_slice(flags);
    let r = run(&args, None);
    ok(&r);
    let features = r.json()["features"].as_array().expect("features").clone();
    (0..features.len() as u64).filter(|&i| features[i as usize]["properties"]["visible"] == json!(true)).collect()
}

/// Every file under `dir` with its bytes, by relative path.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in fs::read_dir(dir).expect("a folder") {
            let path = e.expect("an entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let name = path.strip_prefix(root).expect("inside").to_string_lossy().into_owned();
                out.insert(name, fs::read(&path).expect("readable"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

const FLAGS: [&str; 4] = ["--priority-field", "pop_max", "--variable-anchor", "top,bottom,left,right"];

#[test]
fn the_sequence_holds_what_place_shows_at_every_zoom() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let places = fixture("ne-places-europe.geojson");
    let sequence = dir.path().join("labels.ndjson");
    let mut args = vec!["tiles", s(&places), "--max-zoom", "5", "--tippecanoe", s(&sequence)];
    args.extend_from_slice(&FLAGS);
    ok(&run(&args, None));
    let mut by_zoom: BTreeMap<u32, BTreeSet<u64>> = BTreeMap::new();
    let mut first: BTreeMap<u64, u64> = BTreeMap::new();
    for line in fs::read_to_string(&sequence).expect("the sequence").lines() {
        let f: Value = serde_json::from_str(line).expect("a GeoJSON feature a line");
        let (min, max) = (f["tippecanoe"]["minzoom"].as_u64().unwrap(), f["tippecanoe"]["maxzoom"].as_u64().unwrap());
        let feature = f["properties"]["feature"].as_u64().expect("feature");
        let first_zoom = f["properties"]["first_zoom"].as_u64().expect("first_zoom");
        assert_eq!(*first.entry(feature).or_insert(first_zoom), first_zoom, "one first zoom per label");
        assert!(first_zoom <= min && min <= max && max <= 5, "{line}");
        for z in min..=max {
            assert!(by_zoom.entry(z as u32).or_default().insert(feature), "feature {feature} in two runs at zoom {z}");
        }
    }
    for z in 0..=5 {
        let place = shown_by_place(&places, z, &FLAGS);
        assert!(!place.is_empty());
        assert_eq!(by_zoom.remove(&z).unwrap_or_default(), place, "zoom {z}");
        for i in &place {
            assert!(first[i] <= u64::from(z));
        }
    }
}

#[test]
fn tiles_are_the_same_on_one_thread_and_on_several() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let places = fixture("ne-places-europe.geojson");
    let outputs: Vec<_> = ["1", "3"]
        .iter()
        .map(|threads| {
            let (folder, archive) =
                (dir.path().join(format!("t{threads}")), dir.path().join(format!("t{threads}.pmtiles")));
            let mut args = vec!["tiles", s(&places), "--max-zoom", "6", "--threads", threads];
            args.extend_from_slice(&["--out-dir", s(&folder), "--pmtiles", s(&archive), "--hidden"]);
            args.extend_from_slice(&FLAGS);
            ok(&run(&args, None));
            (files(&folder), fs::read(&archive).expect("the archive"))
        })
        .collect();
    let (tiles, archive) = &outputs[0];
    assert!(tiles.len() > 50 && tiles.contains_key("metadata.json") && tiles.contains_key("0/0/0.pbf"));
    assert!(archive.starts_with(b"PMTiles\x03"));
    assert!(tiles == &outputs[1].0 && archive == &outputs[1].1);
}

#[test]
fn names_along_lines_carry_their_glyphs() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let rivers = fixture("ne-rivers-east-asia.geojson");
    let sequence = dir.path().join("rivers.ndjson");
    let args = ["tiles", s(&rivers), "--min-zoom", "3", "--max-zoom", "5", "--line-placement", "curved"];
    let r = run(&[&args[..], &["--tippecanoe", s(&sequence), "--out-dir", s(&dir.path().join("t"))]].concat(), None);
    ok(&r);
    let text = fs::read_to_string(&sequence).expect("the sequence");
    let glyphs: Vec<Vec<[f64; 3]>> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok()?["properties"]["glyphs"].as_str().map(str::to_owned))
        .map(|g| serde_json::from_str(&g).expect("glyphs are JSON [[dx, dy, angle], …]"))
        .collect();
    assert!(!glyphs.is_empty(), "no curved name shown: {}", r.stderr);
    // A glyph sits within a few em of its name's anchor point (px, this is no world position).
    assert!(glyphs.iter().flatten().all(|g| g[0].abs() < 2000.0 && g[1].abs() < 2000.0 && g[2].abs() <= 180.0));
}

#[test]
fn bad_ranges_and_view_flags_are_refused() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let places = fixture("ne-places-europe.geojson");
    let out = dir.path().join("t");
    let base = ["tiles", s(&places), "--out-dir", s(&out)];
    bad_input(
        &run(&[&base[..], &["--max-zoom", "25"]].concat(), None),
        "--max-zoom: expected a zoom from 0 to 24, got 25",
    );
    bad_input(
        &run(&[&base[..], &["--min-zoom", "4", "--max-zoom", "3"]].concat(), None),
        "--min-zoom 4 is above --max-zoom 3",
    );
    bad_input(
        &run(&[&base[..], &["--max-zoom", "3", "--zoom", "4"]].concat(), None),
        "--zoom: declutter tiles sets the view",
    );
    bad_input(&run(&["tiles", s(&places), "--max-zoom", "3"], None), "no output");
    let labels = write_file(dir.path(), "labels.json", br#"{"labels": []}"#);
    let r = run(&["tiles", s(&labels), "--max-zoom", "1", "--out-dir", s(&out)], None);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(!out.exists(), "nothing is left behind");
    let bad = br#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "geometry": {"type": "Point", "coordinates": ["east", 1]}}]}"#;
    let bad = write_file(dir.path(), "bad.geojson", bad);
    let r = run(&["tiles", s(&bad), "--max-zoom", "1", "--out-dir", s(&out)], None);
    bad_input(&r, "bad.geojson");
    assert_eq!(fs::read_dir(dir.path()).expect("listable").count(), 2, "no temporary folder is left behind");
    // A feature that cannot be labelled is warned about; the others are tiled.
    let unlabelled = br#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "geometry": null},
        {"type": "Feature", "properties": {"name": "B"}, "geometry": {"type": "Point", "coordinates": [10, 50]}}]}"#;
    let unlabelled = write_file(dir.path(), "unlabelled.geojson", unlabelled);
    let r = run(&["tiles", s(&unlabelled), "--max-zoom", "1", "--out-dir", s(&out)], None);
    ok(&r);
    assert!(
        r.stderr.contains("warning: ")
            && r.stderr.contains("1 features get no label and are in no tile (no_geometry: 1)"),
        "{}",
        r.stderr
    );
    assert_eq!(files(&out).keys().map(String::as_str).collect::<Vec<_>>(), ["0/0/0.pbf", "1/1/0.pbf", "metadata.json"]);
}

#[test]
fn outputs_that_exist_are_replaced_only_when_asked_and_only_when_ours() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let places = fixture("ne-places-europe.geojson");
    let (out, archive, seq) = (dir.path().join("t"), dir.path().join("t.pmtiles"), dir.path().join("t.ndjson"));
    let tiles = |extra: &[&str]| {
        let args = ["tiles", s(&places), "--max-zoom", "2", "--out-dir", s(&out), "--pmtiles", s(&archive)];
        run(&[&args[..], &["--tippecanoe", s(&seq)], extra].concat(), None)
    };
    ok(&tiles(&[]));
    let before = (files(&out), fs::read(&archive).unwrap());
    bad_input(&tiles(&[]), "exists (--overwrite replaces it)");
    ok(&tiles(&["--overwrite"]));
    assert_eq!((files(&out), fs::read(&archive).unwrap()), before, "replaced by the same tiles");
    // A folder or a file this command did not write stays, even with --overwrite.
    fs::write(out.join("metadata.json"), "{}").unwrap();
    bad_input(&tiles(&["--overwrite"]), "is not a tile folder written by declutter tiles");
    assert_eq!(fs::read(out.join("metadata.json")).unwrap(), b"{}");
    fs::remove_dir_all(&out).unwrap();
    fs::write(&archive, "notes").unwrap();
    bad_input(&tiles(&["--overwrite"]), "is not a PMTiles v3 archive");
    assert_eq!(fs::read(&archive).unwrap(), b"notes");
    assert!(!out.exists());
}

/// SIGINT while the tiles are being written: the run ends (130) and leaves neither a
/// temporary folder, nor a temporary archive, nor a partial output.
#[cfg(unix)]
#[test]
fn an_interrupted_run_leaves_nothing_behind() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().expect("a temporary folder");
    let places = fixture("ne-places-europe.geojson");
    let (out, archive) = (dir.path().join("t"), dir.path().join("t.pmtiles"));
    let args = ["tiles", s(&places), "--max-zoom", "24", "--out-dir", s(&out), "--pmtiles", s(&archive)];
    let mut child =
        Command::new(common::BIN).args(args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("starts");
    let started = Instant::now();
    let building = || fs::read_dir(dir.path()).unwrap().count() == 2;
    while !building() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(building(), "no temporary folder and archive appeared");
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success();
    let status = child.wait().unwrap();
    assert!(sent);
    assert_eq!(status.code(), Some(128 + 2), "{status:?} (finished before the signal?)");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "left behind");
}
