#!/usr/bin/env bash
# The web demo on http://127.0.0.1:PORT/web/demo/ (default 8080), offline: builds the assets
# when missing (scripts/build-web-assets.sh), installs the pages' npm packages from the lock
# file when missing, then serves the repository until Ctrl-C.
#
#   bash scripts/demo.sh [PORT]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-web-assets.sh"
[ -d "$root/web/demo/node_modules/maplibre-gl" ] || (cd "$root/web/demo" && npm ci --no-audit --no-fund)
exec node "$root/web/demo/serve.mjs" "${1:-8080}"
