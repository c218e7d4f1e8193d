#!/usr/bin/env bash
# Builds, lints and tests the declutter Python package on a fresh machine (as root, or in a
# virtualenv): installs the pinned Python packages, builds the extension with maturin (release,
# locked), installs the wheel, checks the crate's formatting and lints, runs pytest. The tests
# of place_geodataframe's symbol keywords run the `declutter` binary of this tree too: pytest
# builds it (debug, `cargo build -p label-cli`) when it is not fresh.
#
#   bash crates/label-py/scripts/test.sh [pytest arguments…]
#
# On the project's 2-core machine (shared with other builds): about 1.5 minutes when the crate is
# already built; 7.5 from a fresh clone with the Python packages installed (clippy 2, the release
# build 4.5, pytest 1); add the pip installs (about 2) on a fresh machine.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements.txt
cargo fmt --manifest-path Cargo.toml -- --check
cargo clippy --manifest-path Cargo.toml --locked --all-targets -- -D warnings
rm -rf target/wheels
python3 -m maturin build --release --locked --out target/wheels
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --force-reinstall --no-deps target/wheels/declutter-*.whl
# Run from the tests folder, so that `declutter` is the installed package, not python/.
cd tests
python3 -m pytest -q -p no:cacheprovider "$@"
