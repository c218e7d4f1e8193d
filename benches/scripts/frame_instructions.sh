#!/usr/bin/env bash
# Instructions executed in FrameEngine::place_frame, frame by frame (callgrind counts
# instructions, not seconds, so the count repeats whatever else the machine is doing).
#
#   benches/scripts/frame_instructions.sh target/release/frames zoom [places|streets] [1080|2160]
#
# runs the animation at 1920x1080 (or 3840x2160) on one thread (the engine method) and prints the first
# frame's count, the second's, and the mean, p50, p99 (nearest rank) and largest count of the
# frames after the first. Needs valgrind. FRAMES_ARGS adds arguments (e.g. "--order tiles"); METHOD
# chooses the method (default engine; symbols: the places with four candidates each).
set -euo pipefail
binary=$(realpath "$1")
animation=$2
scene=${3:-places}
viewport=${4:-1080}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd "$out" && valgrind --tool=callgrind --callgrind-out-file="$out/cg.out" --collect-atstart=no \
    --toggle-collect='label_frame::engine::FrameEngine::place_frame' \
    --dump-after='label_frame::engine::FrameEngine::place_frame' \
    "$binary" --viewport "$viewport" --scene "$scene" --animation "$animation" --method "${METHOD:-engine}" --threads 1 \
    --check-every 0 ${FRAMES_ARGS:-} >/dev/null 2>&1)
# One dump per call; the first call is the benchmark's warm-up frame.
for f in $(cd "$out" && ls cg.out.* | sort -t. -k3 -n); do
    grep -m1 '^totals:' "$out/$f" | cut -d' ' -f2
done | tail -n +2 | python3 -c '
import math, statistics, sys
v = [int(x) for x in sys.stdin]
rest = sorted(v[1:])
rank = lambda q: rest[max(1, math.ceil(q * len(rest))) - 1]
m = lambda x: f"{x / 1e6:.2f}M"
print(f"'"$scene $animation $viewport"': {len(v)} frames; first {m(v[0])}, second {m(v[1])}; after the first:",
      f"mean {m(statistics.mean(rest))}, p50 {m(rank(0.5))}, p99 {m(rank(0.99))}, max {m(rest[-1])}")
'
