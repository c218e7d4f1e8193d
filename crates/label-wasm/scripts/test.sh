#!/usr/bin/env bash
# The web package end to end, on a fresh machine as root: installs what is missing (Debian's
# rustc-web, cargo-web, rust-web-src, lld-22 and chromium), builds declutter.wasm, writes the
# demo's data and the native engine's expected frames, installs the npm packages from the lock
# file, checks the TypeScript types, and runs the node and headless-browser tests.
set -euo pipefail
crate="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$crate/../.." && pwd)"
started=$SECONDS

bash "$root/scripts/apt-install.sh" rustc-web cargo-web rust-web-src lld-22 chromium
# build-std looks for the standard library's source under the sysroot.
source_dir="$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust"
if [ ! -e "$source_dir/library/std/Cargo.toml" ]; then
    version="$(/usr/bin/rustc --version | cut -d' ' -f2)"
    mkdir -p "$(dirname "$source_dir")"
    ln -sfn "/usr/src/rustc-$version" "$source_dir"
fi
command -v node >/dev/null || { echo "node (20 or newer) is needed: apt-get install nodejs npm" >&2; exit 1; }

echo "== build declutter.wasm"
bash "$crate/scripts/build.sh"
echo "== native frames (web_scene)"
(cd "$root" && cargo run --locked -q -p label-wasm --bin web_scene)
echo "== npm ci"
(cd "$crate" && npm ci --no-audit --no-fund)
echo "== types"
(cd "$crate" && npx tsc --noEmit --strict --target es2022 --module es2022 --moduleResolution bundler \
    --lib es2022,dom test/types.ts)
echo "== node and browser tests"
(cd "$crate" && node --test test/node.test.mjs test/style.test.mjs test/geojson.test.mjs test/browser.test.mjs)
echo "== web package: done in $((SECONDS - started)) s"
