#!/usr/bin/env bash
# Builds crates/label-wasm/pkg/declutter.wasm: the standard library and the crate for
# wasm32-unknown-unknown with Debian's rustc-web (no rustup target is needed).
set -euo pipefail
crate="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$crate/../.." && pwd)"
export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
# lld-22 links WebAssembly as `wasm-ld-22`; rustc looks for `rust-lld`.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/bin/wasm-ld-22
cd "$root"
/usr/bin/cargo build --locked --profile wasm --target wasm32-unknown-unknown -p label-wasm --lib \
    -Zbuild-std=std,panic_abort 2>&1
mkdir -p "$crate/pkg"
cp "$root/target/wasm32-unknown-unknown/wasm/label_wasm.wasm" "$crate/pkg/declutter.wasm"
ls -l "$crate/pkg/declutter.wasm"
