#!/usr/bin/env bash
# The whole test suite on a fresh machine (as root, or with sudo-free apt/pip rights): the Rust
# workspace (with label-style's comparison against the MapLibre style-spec in node, whose npm
# package `npm ci` installs first; node and npm are required here), then the Python package (pip, maturin, pytest) and the web package (Debian's
# rustc-web, node, headless Chromium). Each part installs what it needs itself.
#
#   bash scripts/test-all.sh            # everything
#   bash scripts/test-all.sh rust       # one part: rust, python or web
set -euo pipefail
cd "$(dirname "$0")/.."
parts=("$@")
((${#parts[@]})) || parts=(rust python web)
for part in "${parts[@]}"; do
    started=$SECONDS
    case "$part" in
        rust)
            (cd crates/label-style/reference && npm ci --no-audit --no-fund)
            LABEL_STYLE_REFERENCE=required cargo test --workspace --locked
            ;;
        python) bash crates/label-py/scripts/test.sh ;;
        web) bash crates/label-wasm/scripts/test.sh ;;
        *) echo "unknown part '$part' (rust, python or web)" >&2; exit 2 ;;
    esac
    echo "== $part: passed in $((SECONDS - started)) s"
done
