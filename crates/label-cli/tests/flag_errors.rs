//! Bad flag values, through the binary: each is refused with exit code 2 and a message naming
//! the flag, the range it takes and the value given — written short (`1e300`, not 301 digits),
//! and as given (not the infinity an f32 made of it); the help shows no code references; and a
//! reader that stops early ends the run quietly.

mod common;

use common::{names, run, write_file};

/// A GeoJSON file with one point and one line in central Vienna.
fn vienna(dir: &std::path::Path) -> String {
    let doc = br#"{"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "Graben"},
         "geometry": {"type": "LineString", "coordinates": [[16.368, 48.2085], [16.372, 48.2087]]}},
        {"type": "Feature", "properties": {"name": "Stephansplatz"},
         "geometry": {"type": "Point", "coordinates": [16.3725, 48.2083]}}]}"#;
    write_file(dir, "vienna.geojson", doc).to_str().unwrap().to_owned()
}

/// Asserts that `message` holds no number written out at length.
#[track_caller]
fn short_numbers(message: &str) {
    let longest = message.split(|c: char| !c.is_ascii_digit()).map(str::len).max().unwrap_or(0);
    assert!(longest < 20, "a number written out at length: {message}");
}

#[test]
fn geojson_flag_values_out_of_range_name_the_flag_the_range_and_the_value() {
    let dir = tempfile::tempdir().unwrap();
    let input = vienna(dir.path());
    let cases: &[(&[&str], &[&str])] = &[
        (&["--zoom", "1e300"], &["--zoom", "from 0 to 30", "1e300"]),
        (&["--center", "1e300,0"], &["--center", "[-180, 180]", "1e300"]),
        (&["--size", "1e300x500"], &["--size width", "at most 1e15", "1e300"]),
        (&["--size", "800x0"], &["--size height", "> 0", "got 0"]),
        (&["--bearing", "1e300"], &["--bearing", "at most 1e9", "1e300"]),
        (&["--padding", "-1e300"], &["--padding", ">= 0", "-1e300"]),
        (&["--padding", "1e300"], &["--padding", "at most 1e15", "1e300"]),
        (&["--marker-radius", "1e300"], &["--marker-radius", "at most 1e15", "1e300"]),
        (&["--marker-radius", "-2"], &["--marker-radius", "> 0", "-2"]),
        (&["--point-offset", "0,-1e300"], &["--point-offset", "at most 1e15", "-1e300"]),
        (&["--variable-anchor", "top", "--radial-offset", "1e300"], &["--radial-offset", "at most 1e6", "1e300"]),
        (&["--icon-size", "3x-1e300"], &["--icon-size height", "> 0", "-1e300"]),
        (&["--repeat-distance", "1e300"], &["--repeat-distance", "at most 1e15", "1e300"]),
        (&["--repeat-distance", "-1"], &["--repeat-distance", "> 0", "-1"]),
        (&["--line-placement", "curved", "--symbol-spacing", "1e300"], &["--symbol-spacing", "1 to 1e15", "1e300"]),
    ];
    for (flags, parts) in cases {
        let mut args = vec!["place", input.as_str()];
        // The view, but for the flag under test.
        for (flag, value) in [("--zoom", "16"), ("--center", "16.3725,48.2083")] {
            if !flags.contains(&flag) {
                args.extend([flag, value]);
            }
        }
        args.extend(flags.iter());
        let line = run(&args, None).assert_failure(2);
        names(&line, parts);
        short_numbers(&line);
    }
}

#[test]
fn placement_flags_are_checked_as_given() {
    let doc = br#"{"labels": [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]}"#;
    let cases: &[(&[&str], &[&str])] = &[
        (&["--max-overlap-area", "-1"], &["--max-overlap-area", ">= 0", "got -1"]),
        (&["--max-overlap-area", "1e300"], &["--max-overlap-area", "at most 1e30", "got 1e300"]),
        (&["--max-overlap-area", "NaN"], &["--max-overlap-area", "finite"]),
        (&["--tile-size", "0"], &["--tile-size", "> 0", "got 0"]),
        (&["--tile-size", "-5"], &["--tile-size", "got -5"]),
        (&["--tile-size", "1e300"], &["--tile-size", "at most 1e15", "got 1e300"]),
    ];
    for (flags, parts) in cases {
        let mut args = vec!["place", "-"];
        args.extend(flags.iter());
        let line = run(&args, Some(doc)).assert_failure(2);
        names(&line, parts);
    }
    let tolerant = run(&["place", "-", "--max-overlap-area", "2.5", "--tile-size", "64"], Some(doc));
    assert_eq!(tolerant.ok_json()["placements"][0]["visible"], true);
}

#[test]
fn generate_refuses_a_workload_that_would_not_read_back() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["--n", "0"], &["--n", "1 to 1000000", "got 0"]),
        (&["--n", "100000000000"], &["--n", "1 to 1000000", "got 100000000000"]),
        (&["--coverage", "-1"], &["--coverage", "0.000001 to 1000", "got -1"]),
        (&["--coverage", "1e300"], &["--coverage", "0.000001 to 1000", "got 1e300"]),
        (&["--coverage", "NaN"], &["--coverage", "got NaN"]),
    ];
    for (flags, parts) in cases {
        let mut args = vec!["generate"];
        args.extend(flags.iter());
        let line = run(&args, None).assert_failure(2);
        names(&line, parts);
    }
    // The bounds themselves give documents that `place` reads.
    let dir = tempfile::tempdir().unwrap();
    for (n, coverage) in [("1", "1000"), ("50", "0.000001")] {
        let path = dir.path().join(format!("w-{n}.json"));
        let path = path.to_str().unwrap();
        run(&["generate", "--n", n, "--coverage", coverage, "-o", path], None).assert_code(0);
        let placed = run(&["place", path], None).ok_json();
        assert_eq!(placed["placements"].as_array().unwrap().len(), n.parse::<usize>().unwrap());
    }
}

#[test]
fn a_result_into_a_missing_folder_names_the_folder_not_a_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("missing").join("picture.svg");
    let line = run(
        &["place", "-", "--svg", svg.to_str().unwrap()],
        Some(br#"{"labels": [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]}"#),
    )
    .assert_failure(1);
    names(&line, &["picture.svg", "missing", "does not exist"]);
    assert!(!line.contains(".declutter-"), "{line}");
}

#[test]
fn geojson_flags_on_a_label_set_are_named_in_a_sentence() {
    let doc = br#"{"labels": [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]}"#;
    let line = run(&["place", "-", "--zoom", "4"], Some(doc)).assert_failure(2);
    names(&line, &["--zoom only applies to GeoJSON input"]);
    let line = run(&["place", "-", "--zoom", "4", "--center", "1,2"], Some(doc)).assert_failure(2);
    names(&line, &["--zoom, --center only apply to GeoJSON input"]);
}

#[test]
fn a_table_without_a_view_is_not_called_geojson() {
    let dir = tempfile::tempdir().unwrap();
    let table = write_file(dir.path(), "cities.csv", b"name,latitude,longitude\nWien,48.2083,16.3725\n");
    let line = run(&["place", table.to_str().unwrap()], None).assert_failure(2);
    names(&line, &["cities.csv", "GeoJSON and CSV input need the view: --zoom Z and --center LON,LAT"]);
}

#[test]
fn pictures_and_indenting_of_an_ndjson_file_are_refused_not_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let lines = write_file(
        dir.path(),
        "tiles.ndjson",
        b"{\"labels\": [{\"id\": 1, \"x\": 1, \"y\": 1, \"width\": 2, \"height\": 2}]}\n",
    );
    let svg = dir.path().join("tiles.svg");
    for flags in [&["--svg", svg.to_str().unwrap()][..], &["--png", svg.to_str().unwrap()], &["--pretty"]] {
        let line = run(&[&["place", lines.to_str().unwrap()], flags].concat(), None).assert_failure(2);
        names(&line, &[flags[0], "applies to one document, not to NDJSON input"]);
        assert!(!svg.exists());
    }
    run(&["place", lines.to_str().unwrap()], None).assert_code(0);
}

#[test]
fn help_texts_hold_no_code_references() {
    for args in [&["--help"][..], &["place", "--help"], &["generate", "--help"]] {
        let out = run(args, None);
        out.assert_code(0);
        let help = String::from_utf8(out.stdout).unwrap();
        for internal in ["crate::", "[`", "contract §"] {
            assert!(!help.contains(internal), "`declutter {}` shows {internal:?}:\n{help}", args.join(" "));
        }
    }
}

#[test]
fn a_reader_that_stops_early_ends_the_run_quietly() {
    use std::process::{Command, Stdio};
    for args in [&["generate", "--n", "1000"][..], &["place", "-"]] {
        let mut child = Command::new(common::BIN)
            .args(args)
            .stdin(if args[0] == "place" { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before reading anything.
        drop(child.stdout.take());
        if let Some(mut stdin) = child.stdin.take() {
            use std::io::Write;
            let doc = label_cli::generate::document(1000, 3.0, 1).to_string();
            stdin.write_all(doc.as_bytes()).unwrap();
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}
