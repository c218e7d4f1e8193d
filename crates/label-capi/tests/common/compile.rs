//! C programs against this build's header and shared library: compiled with the system C
//! compiler (`$CC`, else `cc`), run, their output returned.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The folder holding this build's shared library: the test binary's own folder
/// (`target/<profile>/deps`, where cargo builds every crate type of the library before a test
/// runs) or, after a `cargo build`, `target/<profile>`.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe.parent().expect("the test binary's folder");
    let has_library = |dir: &Path| dir.join("libdeclutter.so").exists() || dir.join("libdeclutter.dylib").exists();
    [Some(deps), deps.parent()]
        .into_iter()
        .flatten()
        .find(|d| has_library(d))
        .unwrap_or_else(|| panic!("no libdeclutter shared library next to {}", exe.display()))
        .to_path_buf()
}

/// Compiles the C file `source` (relative to the crate) with `flags` besides the strict
/// defaults, runs it with `env` set, and returns its output (the binary is removed).
pub fn compile_and_run(source: &str, flags: &[&str], env: &[(&str, &str)]) -> Output {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let libs = library_dir();
    let name = Path::new(source).file_stem().expect("a file name").to_string_lossy().into_owned();
    let out_dir = std::env::temp_dir().join(format!("declutter-c-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let exe = out_dir.join(&name);
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let compiled = Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .args(flags)
        .arg("-I")
        .arg(crate_dir.join("include"))
        .arg(crate_dir.join(source))
        .arg("-L")
        .arg(&libs)
        .arg("-ldeclutter")
        .arg(format!("-Wl,-rpath,{}", libs.display()))
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the C compiler `{cc}`: {e}"));
    assert!(compiled.status.success(), "{cc} failed on {source}:\n{}", String::from_utf8_lossy(&compiled.stderr));

    // The library of this build, not another one on cargo's library path (a stale
    // `target/<profile>/libdeclutter.so` from an earlier `cargo build` comes before the rpath).
    let run = Command::new(&exe)
        .env("LD_LIBRARY_PATH", &libs)
        .envs(env.iter().copied())
        .output()
        .unwrap_or_else(|e| panic!("run {name}: {e}"));
    let _ = std::fs::remove_dir_all(&out_dir);
    run
}

/// Whether the C compiler builds and runs programs under AddressSanitizer here.
pub fn has_address_sanitizer() -> bool {
    let dir = std::env::temp_dir().join(format!("declutter-asan-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (source, exe) = (dir.join("probe.c"), dir.join("probe"));
    std::fs::write(&source, "int main(void) { return 0; }\n").unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let built = Command::new(&cc).arg("-fsanitize=address").arg(&source).arg("-o").arg(&exe).status();
    let works = built.is_ok_and(|s| s.success()) && Command::new(&exe).status().is_ok_and(|s| s.success());
    let _ = std::fs::remove_dir_all(&dir);
    works
}

/// Compares a program's output with `expected`, line by line.
pub fn assert_lines(name: &str, run: &Output, expected: &str) {
    assert!(run.status.success(), "{name} failed ({}): {}", run.status, String::from_utf8_lossy(&run.stderr));
    let got = String::from_utf8(run.stdout.clone()).expect("UTF-8 output");
    for (k, (g, w)) in got.lines().zip(expected.lines()).enumerate() {
        assert_eq!(g, w, "{name}, line {}", k + 1);
    }
    assert_eq!(got.lines().count(), expected.lines().count(), "{got}");
}
