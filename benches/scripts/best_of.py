#!/usr/bin/env python3
"""Compare builds of the `frames` benchmark by each frame's best time over several runs.

This machine's noise is as large as the effects being measured, and noise only ever adds time.
So every binary runs ROUNDS times, the binaries alternating, each writing `--trace`; each frame
(scene, animation, viewport, method, frame) keeps its smallest time over the rounds; p50 and p99
are nearest-rank percentiles of those per-frame minima, and max is the largest.

    benches/scripts/best_of.py 5 old/frames new/frames -- --quick --scene places --method engine

prints one line per animation and method, one column per binary. With TOP=K in the
environment it also lists, per animation and binary, the K slowest frames (best time, and the
frame's candidates, labels placed and labels asleep): the frames that set the tail.
"""

import csv
import math
import os
import subprocess
import sys
import tempfile


def percentile(values, q):
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def main():
    if "--" not in sys.argv[2:]:
        sys.exit(__doc__)
    split = sys.argv.index("--")
    rounds, binaries, args = int(sys.argv[1]), sys.argv[2:split], sys.argv[split + 1 :]
    best = {b: {} for b in binaries}
    with tempfile.NamedTemporaryFile(suffix=".csv") as trace:
        for _ in range(rounds):
            for binary in binaries:
                subprocess.run([binary, "--trace", trace.name, *args], check=True, capture_output=True)
                with open(trace.name, newline="") as f:
                    for row in csv.DictReader(f):
                        key = (row["scene"], row["animation"], row["width"], row["method"])
                        frames = best[binary].setdefault(key, {})
                        frame, ms = int(row["frame"]), float(row["ms"])
                        if ms < frames.get(frame, (math.inf,))[0]:
                            frames[frame] = (ms, row["candidates"], row["placed_now"], row["asleep"])
    print("scene   anim    width method           " + " | ".join(f"{b} p50 / p99 / max ms" for b in binaries))
    for key in best[binaries[0]]:
        cells = []
        for b in binaries:
            v = [t[0] for t in best[b][key].values()]
            cells.append(f"{percentile(v, 0.5):.3f} / {percentile(v, 0.99):.3f} / {max(v):.3f}")
        print(f"{key[0]:7} {key[1]:7} {key[2]:5} {key[3]:16} " + " | ".join(cells))
    top = int(os.environ.get("TOP", "0"))
    for key in best[binaries[0]] if top else []:
        for b in binaries:
            slowest = sorted(best[b][key].items(), key=lambda f: -f[1][0])[:top]
            frames = ", ".join(
                f"{k}: {t[0]:.3f} ms ({t[1]} in sight, {t[2]} placed, {t[3]} asleep)" for k, t in slowest
            )
            print(f"{key[1]} {key[2]} {key[3]} {b}: {frames}")


if __name__ == "__main__":
    main()
