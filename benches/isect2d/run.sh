#!/usr/bin/env bash
# declutter's plain pass against isect2d (tangram-es's label collider) on the same W(n) labels,
# interleaved in one run. A measurement for a developer's machine, never run in CI: it clones
# isect2d (MIT, not part of this repository) at a pinned commit into benches/isect2d/vendor/
# (git-ignored) and builds driver.cpp against its headers. ISECT2D_REPO names another place to
# clone from (a local clone, for a machine without network).
#
#   bash benches/isect2d/run.sh [ROUNDS] [REPEATS] [N...]     (defaults: 31 3 1000 10000 100000)
#
# For each N: `declutter generate --n N` (W(N, 3, 1), the labels the `symbols` and `batch`
# benches place) flattened to `x y width height angle priority` lines; then REPEATS times, in
# turn, the `symbols` bench's plain pass (`place` on the current rayon pool) and the driver,
# each printing its median over ROUNDS warm rounds.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds="${1:-31}"
repeats="${2:-3}"
if [ $# -gt 2 ]; then sizes=("${@:3}"); else sizes=(1000 10000 100000); fi
commit=2e1a75cee09d9949900e926c61c86505b09205b2
vendor="$here/vendor"
if [ ! -d "$vendor/isect2d" ]; then
    git clone --quiet "${ISECT2D_REPO:-https://github.com/tangrams/isect2d}" "$vendor/isect2d"
fi
git -C "$vendor/isect2d" checkout --quiet "$commit"
g++ -O3 -march=native -std=c++17 -I"$vendor/isect2d/include" "$here/driver.cpp" -o "$vendor/driver"
cargo build --quiet --release --locked -p label-cli -p declutter-benches --bin declutter --bin symbols
for n in "${sizes[@]}"; do
    "$root/target/release/declutter" generate --n "$n" --coverage 3 --seed 1 |
        python3 -c '
import json, sys
d = json.load(sys.stdin)
v = d["viewport"]
print(v["width"], v["height"], len(d["labels"]))
for l in d["labels"]:
    print(l["x"], l["y"], l["width"], l["height"], l.get("angle", 0), l.get("priority", 0))
' >"$vendor/w$n.txt"
done
uptime
for n in "${sizes[@]}"; do
    for _ in $(seq "$repeats"); do
        "$root/target/release/symbols" "$n" "$rounds" x x plain
        "$vendor/driver" "$vendor/w$n.txt" "$rounds"
    done
done
