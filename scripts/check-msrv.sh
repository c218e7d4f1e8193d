#!/usr/bin/env bash
# The minimum Rust (`rust-version` in the root Cargo.toml) against what the locked dependencies
# declare: fails naming every package whose own `rust-version` is newer, in the workspace's
# lock and in the Python package's (crates/label-py: its own lock and its own rust-version).
# The code itself is held to it by clippy's `incompatible_msrv` lint (`.ci/run`).
set -euo pipefail
cd "$(dirname "$0")/.."

check() {
    cargo metadata --manifest-path "$1" --locked --format-version 1 | python3 <(cat <<'PY'
import json, sys

manifest = sys.argv[1]
meta = json.load(sys.stdin)


def version(text):
    return tuple(int(part) for part in text.split("."))


ours = [p for p in meta["packages"] if p["id"] in meta["workspace_members"]]
unset = sorted(p["name"] for p in ours if not p.get("rust_version"))
if unset:
    sys.exit(f"{manifest}: members without rust-version: {', '.join(unset)}")
msrvs = sorted({p["rust_version"] for p in ours})
if len(msrvs) != 1:
    sys.exit(f"{manifest}: the members declare different rust-versions: {', '.join(msrvs)}")
msrv = msrvs[0]
newer = sorted(
    f"{p['name']} {p['version']} needs Rust {p['rust_version']}"
    for p in meta["packages"]
    if p.get("rust_version") and version(p["rust_version"]) > version(msrv)
)
if newer:
    sys.exit(f"{manifest}: rust-version {msrv}, but " + "; ".join(newer))
print(f"{manifest}: rust-version {msrv}; none of its {len(meta['packages'])} locked packages declares a newer one")
PY
) "$1"
}

check Cargo.toml
check crates/label-py/Cargo.toml
