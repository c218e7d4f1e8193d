"""Benchmark (not a test): planet.write_tiles on a Dask LocalCluster with 1 and 2 worker
processes, on the seeded synthetic planet of scripts/bench_planet.py: labels/s placed, tiles/s
cut, encoded and written into a PMTiles archive, and the peak memory of the client and of each
worker.

    python3 crates/label-py/scripts/bench_planet_tiles.py --labels 2000000 --zooms 0-12 --out /tmp/planet.pmtiles
"""

import argparse
import os
import resource
import sys
import time


def peak_mib():
    """This process's peak resident memory, MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--labels", type=int, default=2_000_000)
    ap.add_argument("--zooms", default="0-12", help="first-last")
    ap.add_argument("--parts", type=int, default=8)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="planet.pmtiles", help="the archive (replaced)")
    args = ap.parse_args()

    from dask.distributed import Client, LocalCluster

    from declutter import planet

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from bench_planet import planet_labels

    z0, z1 = (int(v) for v in args.zooms.split("-"))
    zooms = range(z0, z1 + 1)
    lon, lat, cols = planet_labels(args.labels, args.seed)
    n = len(lon)
    texts = [f"place {i}" for i in range(n)]
    print(f"{n:,} labels, zooms {z0}-{z1}, {args.parts} parts; load {os.getloadavg()[0]:.1f}")
    for workers in (int(w) for w in args.workers.split(",")):
        with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0") as cluster, \
                Client(cluster) as client:
            t = time.perf_counter()
            p = planet.Planet(client, lon, lat, parts=args.parts, **cols)
            scatter = time.perf_counter() - t
            t = time.perf_counter()
            r = planet.write_tiles(p, zooms, texts, pmtiles=args.out, overwrite=True)
            total = time.perf_counter() - t
            worker_peaks = sorted(client.run(peak_mib).values())
        placed, written = sum(r.place_seconds.values()), sum(r.write_seconds.values())
        tiles, shown = sum(r.tiles.values()), sum(r.shown.values())
        print(f"{workers} worker(s): {total:.1f} s (+{scatter:.1f} s scatter); "
              f"placed {n * len(zooms) / placed:,.0f} labels/s ({placed:.1f} s), "
              f"{shown:,} shown, {tiles:,} tiles written {tiles / written:,.0f} tiles/s ({written:.1f} s); "
              f"archive {os.path.getsize(args.out) / 2**20:.0f} MiB; peak memory: client {peak_mib():.0f} MiB, "
              f"workers {', '.join(f'{m:.0f}' for m in worker_peaks)} MiB; load {os.getloadavg()[0]:.1f}")
        print("  per zoom: " + ", ".join(f"z{z} {r.shown[z]:,} shown {r.tiles[z]:,} tiles" for z in zooms))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
