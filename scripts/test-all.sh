#!/usr/bin/env bash
# The whole test suite on a fresh machine (as root, or with sudo-free apt/pip rights): the Rust
# workspace (with label-style's comparison against the MapLibre style-spec in node, whose npm
# package `npm ci` installs first, and with Debian's DejaVu Sans, WenQuanYi Micro Hei and Lohit
# Devanagari fonts, for the tests of font fallback and of scripts drawn along lines), then the
# Python package (pip, maturin, pytest), the label tiles (decoded by Python tools,
# scripts/test-tiles.sh) and the web package, the map packages built on it and the offline demo
# (Debian's rustc-web, node, headless Chromium; web/scripts/test.sh, web/demo/scripts/test.sh).
# Each part installs what it needs itself.
#
#   bash scripts/test-all.sh            # everything
#   bash scripts/test-all.sh rust       # one part: rust, python, tiles or web
set -euo pipefail
cd "$(dirname "$0")/.."
parts=("$@")
((${#parts[@]})) || parts=(rust python tiles web)
for part in "${parts[@]}"; do
    started=$SECONDS
    case "$part" in
        rust)
            bash scripts/apt-install.sh fonts-dejavu-core fonts-wqy-microhei fonts-lohit-deva
            (cd crates/label-style/reference && npm ci --no-audit --no-fund)
            # The font and style-reference tests fail, rather than skip, when what they need is missing.
            DECLUTTER_REQUIRE_FONTS=1 LABEL_STYLE_REFERENCE=required cargo test --workspace --locked
            ;;
        python) bash crates/label-py/scripts/test.sh ;;
        tiles) bash scripts/test-tiles.sh ;;
        web)
            bash crates/label-wasm/scripts/test.sh
            bash web/scripts/test.sh
            bash web/demo/scripts/test.sh
            ;;
        *) echo "unknown part '$part' (rust, python, tiles or web)" >&2; exit 2 ;;
    esac
    echo "== $part: passed in $((SECONDS - started)) s"
done
