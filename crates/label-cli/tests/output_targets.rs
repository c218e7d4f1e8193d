//! Where results go: never clobbering what is not ours. Files are replaced atomically and keep
//! their mode; links are written through; FIFOs (and so devices) are written straight into;
//! an output that names an input is refused; an interrupted run leaves no temporary file.
//! Everything happens in a temporary directory (never on real `/dev` paths).

#![cfg(unix)]

mod common;

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, dir_entries, run, write_file};
use serde_json::{Value, json};

fn doc() -> Value {
    json!({"labels": [
        {"id": "a", "x": 10, "y": 10, "width": 20, "height": 10, "priority": 2},
        {"id": "b", "x": 15, "y": 12, "width": 20, "height": 10, "priority": 1}
    ]})
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("UTF-8 test path")
}

/// The result document in `path`, checked to be the result of [`doc`].
#[track_caller]
fn assert_result(path: &Path) {
    let v: Value = serde_json::from_slice(&fs::read(path).expect("the result exists")).expect("a JSON result");
    assert_eq!(v["placements"][0]["visible"], json!(true));
    assert_eq!(v["placements"][1]["hidden_by"], json!("a"));
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().expect("mkfifo runs").success();
    assert!(ok, "mkfifo {}", path.display());
}

#[test]
fn a_file_is_replaced_keeping_its_mode_and_nothing_else_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "in.json", doc().to_string().as_bytes());
    let out = write_file(dir.path(), "out.json", b"old");
    fs::set_permissions(&out, fs::Permissions::from_mode(0o600)).unwrap();
    run(&["place", path_str(&input), "-o", path_str(&out)], None).assert_code(0);
    assert_result(&out);
    assert_eq!(fs::metadata(&out).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(dir_entries(dir.path()), ["in.json", "out.json"]);
}

#[test]
fn a_symlink_is_written_through_and_stays_a_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "in.json", doc().to_string().as_bytes());
    fs::create_dir(dir.path().join("real")).unwrap();
    let target = write_file(&dir.path().join("real"), "result.json", b"old");
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink("real/result.json", &link).unwrap();
    let svg_link = dir.path().join("picture.svg");
    std::os::unix::fs::symlink("real/picture.svg", &svg_link).unwrap();
    run(&["place", path_str(&input), "-o", path_str(&link), "--svg", path_str(&svg_link)], None).assert_code(0);
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
    assert_result(&target);
    assert_eq!(fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
    // A dangling link is written through too: its target is created.
    assert!(fs::symlink_metadata(&svg_link).unwrap().file_type().is_symlink());
    assert!(fs::read_to_string(dir.path().join("real/picture.svg")).unwrap().starts_with("<svg"));
    assert_eq!(dir_entries(&dir.path().join("real")), ["picture.svg", "result.json"]);
}

#[test]
fn a_fifo_is_written_straight_into_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "in.json", doc().to_string().as_bytes());
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            fs::File::open(fifo).unwrap().read_to_end(&mut bytes).unwrap();
            bytes
        })
    };
    run(&["place", path_str(&input), "-o", path_str(&fifo)], None).assert_code(0);
    let bytes = reader.join().unwrap();
    let v: Value = serde_json::from_slice(&bytes).expect("the FIFO carried the JSON result");
    assert_eq!(v["placements"][1]["hidden_by"], json!("a"));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO was replaced");
    assert_eq!(dir_entries(dir.path()), ["in.json", "pipe"]);
}

#[test]
fn a_read_only_directory_is_written_in_place_or_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "in.json", doc().to_string().as_bytes());
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).unwrap();
    let existing = write_file(&locked, "out.json", b"old");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
    // Root may add files to a read-only directory; everyone else may not.
    let root = fs::File::create(locked.join("probe")).is_ok();
    let _ = fs::remove_file(locked.join("probe"));
    // An existing file we may write is written (in place, where no file can be added).
    run(&["place", path_str(&input), "-o", path_str(&existing)], None).assert_code(0);
    assert_result(&existing);
    let missing = locked.join("new.json");
    let r = run(&["place", path_str(&input), "-o", path_str(&missing)], None);
    if root {
        r.assert_code(0);
        assert_result(&missing);
        fs::remove_file(&missing).unwrap();
    } else {
        let message = r.assert_failure(1);
        assert!(message.contains("cannot") && message.contains("locked"), "{message}");
    }
    assert_eq!(dir_entries(&locked), ["out.json"]);
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn an_output_naming_an_input_is_refused_unless_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let text = doc().to_string();
    let input = write_file(dir.path(), "in.json", text.as_bytes());
    let link = dir.path().join("alias.json");
    std::os::unix::fs::symlink("in.json", &link).unwrap();
    for (flag, target) in [("-o", &input), ("-o", &link), ("--svg", &link)] {
        let message = run(&["place", path_str(&input), flag, path_str(target)], None).assert_failure(2);
        assert!(message.contains("is the input file") && message.contains("--overwrite-input"), "{message}");
        assert_eq!(fs::read_to_string(&input).unwrap(), text, "the input was touched");
    }
    // --out-dir: a result name that is an input (`x` gives `x.result.json`).
    let x = write_file(dir.path(), "x", text.as_bytes());
    let named = write_file(dir.path(), "x.result.json", text.as_bytes());
    let message =
        run(&["place", path_str(&x), path_str(&named), "--out-dir", path_str(dir.path())], None).assert_failure(2);
    assert!(message.contains("--out-dir") && message.contains("x.result.json"), "{message}");
    // ... which succeeds when asked for.
    let ok = run(&["place", path_str(&input), "-o", path_str(&input), "--overwrite-input"], None);
    ok.assert_code(0);
    assert_result(&input);
}

/// Waits until `dir` holds a file whose name starts with `.declutter-` (a temporary result).
fn wait_for_temporary(dir: &Path) -> bool {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if dir_entries(dir).iter().any(|n| n.starts_with(".declutter-")) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// Starts `declutter args…` reading an NDJSON stream from the FIFO `fifo`, feeds it one line
/// and keeps it open, waits for the temporary result in `out`, then sends `signal`.
fn interrupt(args: &[&str], fifo: &Path, out: &Path, signal: &str) -> std::process::ExitStatus {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("declutter starts");
    let mut writer = fs::OpenOptions::new().write(true).open(fifo).expect("the FIFO opens");
    writeln!(writer, "{}", doc()).unwrap();
    writer.flush().unwrap();
    let seen = wait_for_temporary(out);
    let sent = Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap().success();
    let status = child.wait().unwrap();
    assert!(seen, "no temporary result appeared in {}", out.display());
    assert!(sent, "kill {signal}");
    drop(writer);
    status
}

#[test]
fn sigint_and_sigterm_leave_no_temporary_file_and_no_partial_output() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("tiles.ndjson");
    mkfifo(&fifo);
    let out = dir.path().join("out");
    fs::create_dir(&out).unwrap();
    let target = write_file(&out, "result.ndjson", b"old");
    let status = interrupt(&["place", path_str(&fifo), "-o", path_str(&target)], &fifo, &out, "-TERM");
    assert_eq!(status.code(), Some(128 + 15), "{status:?}");
    assert_eq!(dir_entries(&out), ["result.ndjson"]);
    assert_eq!(fs::read(&target).unwrap(), b"old", "the target was touched");

    fs::remove_file(&target).unwrap();
    let status = interrupt(&["place", path_str(&fifo), "--out-dir", path_str(&out)], &fifo, &out, "-INT");
    assert_eq!(status.code(), Some(128 + 2), "{status:?}");
    assert!(dir_entries(&out).is_empty(), "left behind: {:?}", dir_entries(&out));
}

#[cfg(target_os = "linux")]
#[test]
fn a_link_to_a_descriptor_is_written_into_like_dev_stdout() {
    // `/dev/stdout` is a link to `/proc/self/fd/1`: the same link, made in a temporary directory,
    // sends the result to the run's standard output (a pipe here) and stays a link.
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "in.json", doc().to_string().as_bytes());
    let link = dir.path().join("stdout");
    std::os::unix::fs::symlink("/proc/self/fd/1", &link).unwrap();
    let r = run(&["place", path_str(&input), "-o", path_str(&link)], None);
    r.assert_code(0);
    assert_eq!(r.json()["placements"][1]["hidden_by"], json!("a"));
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(dir_entries(dir.path()), ["in.json", "stdout"]);
}
