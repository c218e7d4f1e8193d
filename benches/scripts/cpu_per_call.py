#!/usr/bin/env python3
"""Compare builds of the `symbols` benchmark by the CPU time of one call, builds alternating.

On this shared machine wall times swing by 2x from run to run; the process's CPU time
(`perf stat -e task-clock`) swings much less. Each binary first runs 3 times with 0 rounds
(generating the workload only); then the binaries run PAIRS times each, alternating (the
order reversed every other pair), each with ROUNDS rounds. A run's CPU time per call is
(task-clock - its binary's 0-round median) / ROUNDS; printed are the medians over the runs of
that and of the benchmark's own wall median.

    ONLY=symbols benches/scripts/cpu_per_call.py N ROUNDS PAIRS THREADS old/symbols new/symbols

ONLY is `symbols` (place_symbols on W_sym(n), the default) or `plain` (place on W(n));
THREADS sets RAYON_NUM_THREADS. Needs `perf`.
"""

import os
import re
import statistics
import subprocess
import sys


def main():
    n, rounds, pairs, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    binaries = [os.path.realpath(b) for b in sys.argv[5:]]
    only = os.environ.get("ONLY", "symbols")
    wall_pattern = r"place_symbols on W_sym\(n\) ([0-9.]+) ms" if only == "symbols" else r"place on W\(n\) ([0-9.]+) ms"
    env = dict(os.environ, RAYON_NUM_THREADS=threads)

    def run(binary, r):
        out = subprocess.run(
            ["perf", "stat", "-x,", "-e", "task-clock", binary, n, str(r), "x", "x", only],
            capture_output=True, text=True, env=env, check=True,
        )
        cpu = float(next(line for line in out.stderr.splitlines() if "task-clock" in line).split(",")[0])
        wall = re.search(wall_pattern, out.stdout)
        return cpu, float(wall.group(1)) if wall else None

    zero = {b: statistics.median(run(b, 0)[0] for _ in range(3)) for b in binaries}
    cpu, wall = {b: [] for b in binaries}, {b: [] for b in binaries}
    for p in range(pairs):
        for b in binaries if p % 2 == 0 else binaries[::-1]:
            c, w = run(b, rounds)
            cpu[b].append((c - zero[b]) / rounds)
            wall[b].append(w)
    load = " ".join(open("/proc/loadavg").read().split()[:3])
    for b in binaries:
        print(
            f"{b} {only} n={n} threads={threads}: CPU per call median {statistics.median(cpu[b]):.3f} ms "
            f"({min(cpu[b]):.3f}-{max(cpu[b]):.3f}), wall median {statistics.median(wall[b]):.3f} ms "
            f"({min(wall[b]):.3f}-{max(wall[b]):.3f}); load {load}"
        )


if __name__ == "__main__":
    main()
