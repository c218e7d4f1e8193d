#!/usr/bin/env bash
# Builds what the demo needs if it is missing, then serves the repository on
# http://127.0.0.1:8000/crates/label-wasm/www/ (PORT=… to change the port).
set -euo pipefail
crate="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$crate/../.." && pwd)"
[ -f "$crate/pkg/declutter.wasm" ] || bash "$crate/scripts/build.sh"
[ -f "$crate/www/data/scene.json" ] || (cd "$root" && cargo run --locked -q -p label-wasm --bin web_scene)
echo "http://127.0.0.1:${PORT:-8000}/crates/label-wasm/www/"
exec python3 -m http.server --bind 127.0.0.1 --directory "$root" "${PORT:-8000}"
