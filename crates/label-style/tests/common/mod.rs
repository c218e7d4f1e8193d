//! Running the reference scripts in `reference/` with node.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The folder of the node reference.
pub fn reference_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("reference")
}

fn has(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Runs `node <script>` in `reference/` with `stdin`, after `npm ci` if the packages are
/// missing, and returns its standard output; `None` (said on standard error) when node or
/// npm is not installed — unless `LABEL_STYLE_REFERENCE=required`, as `scripts/test-all.sh`
/// sets it, which makes that a failure.
pub fn run_node(script: &str, stdin: &[u8]) -> Option<Vec<u8>> {
    let dir = reference_dir();
    if !has("node") || !has("npm") {
        assert!(
            std::env::var("LABEL_STYLE_REFERENCE").as_deref() != Ok("required"),
            "LABEL_STYLE_REFERENCE=required but node or npm is missing"
        );
        eprintln!("SKIPPED: the comparison with MapLibre needs node and npm (apt-get install nodejs npm)");
        return None;
    }
    if !dir.join("node_modules/.package-lock.json").exists() {
        let status =
            Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&dir).status().expect("npm runs");
        assert!(status.success(), "npm ci in {} failed", dir.display());
    }
    let mut child = Command::new("node")
        .arg(script)
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs");
    child.stdin.take().expect("piped").write_all(stdin).expect("node reads its input");
    let out = child.wait_with_output().expect("node finishes");
    assert!(out.status.success(), "{script} failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(out.stdout)
}
