"""Benchmark (not a test): labels per second of the planet job on a Dask LocalCluster with 1 and
2 worker processes of one thread, against one process running declutter.place per zoom on one
thread, on a seeded synthetic planet; and where the job's time goes, in wall seconds on the
client (round0: from a zoom's submission to its regions' results, zooms in flight together;
settle: the waiting labels decided on the client) and in CPU seconds, which a loaded machine
disturbs less: each worker process's, the part of it spent in the regions' round-0 tasks, and
the client's (with the scheduler, which runs in it). The busiest worker's CPU seconds bound the
job's time from below when each process has a core: "CPU path" is the one worker's CPU over the
busiest of two workers' (the speed-up two workers can reach at most, short of a core each).

    python3 crates/label-py/scripts/bench_planet.py --labels 2000000 --zooms 6-12

Every run checks that the job's states equal the single process's, zoom by zoom. ``--threads``
sets RAYON_NUM_THREADS for the single process and the workers alike (default 1: one thread each);
``--ahead`` how many zooms are in flight together (default 4; 1: one zoom after the other).
``--steps`` runs the tasks' steps in this process instead of on a cluster, one after the other
(the parts built as the job builds them), and prints the CPU seconds and page faults of each:
declutter.place, one region of every label, and two regions (the near labels, each region).
"""

import argparse
import os
import time

import numpy as np


def planet_labels(n, seed):
    """Places on a planet: 2,000 clusters of different spreads (cities and their suburbs) and a
    uniform sprinkle, names 20 to 120 px wide, priorities from a heavy-tailed 'population'."""
    rng = np.random.default_rng(seed)
    centers = np.column_stack([rng.uniform(-180, 180, 2000), np.degrees(np.arcsin(rng.uniform(-0.95, 0.95, 2000)))])
    spread = rng.lognormal(-1.0, 1.0, 2000)
    k = rng.integers(0, 2000, n)
    clustered = rng.random(n) < 0.8
    lon = np.where(clustered, centers[k, 0] + rng.normal(0, 1, n) * spread[k], rng.uniform(-180, 180, n))
    lat = np.where(clustered, centers[k, 1] + rng.normal(0, 1, n) * spread[k] * 0.7, rng.uniform(-80, 80, n))
    lon = (lon + 180) % 360 - 180
    lat = np.clip(lat, -85, 85)
    cols = dict(width=rng.uniform(20, 120, n), height=np.full(n, 14.0), priority=np.floor(rng.pareto(1.2, n) * 10))
    return lon, lat, cols


def in_process(lon, lat, cols, zooms, parts):
    """CPU seconds and minor page faults of the job's steps in this process."""
    import resource

    from declutter import planet

    class Here:
        """Stands in for a Dask client: nothing scattered, every part here."""

        def scheduler_info(self):
            return {"workers": {}}

        def scatter(self, data, workers=None, hash=True):
            return data

    p = planet.Planet(Here(), lon, lat, parts=parts, **cols)
    halves = [range(0, parts // 2), range(parts // 2, parts)]
    total = {}

    def run(name, f):
        before, t = resource.getrusage(resource.RUSAGE_SELF).ru_minflt, time.process_time()
        out = f()
        cpu, faults = time.process_time() - t, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
        was = total.get(name, (0.0, 0))
        total[name] = (was[0] + cpu, was[1] + faults)
        return out

    for z in zooms:
        reference = run("declutter.place, every label", lambda: planet.single_machine(lon, lat, z, **cols))
        one = run("one region of every label", lambda: planet._region(0, p.parts, [], z, 0.0, None))
        order = np.concatenate(p.part_gids)
        assert (one["codes"] == reference[order]).all(), f"zoom {z}: one region differs from one process"
        reach = p._reaches(halves, z)
        nears = run("two regions: near labels", lambda: [
            planet._near([p.parts[i] for i in g], reach, k, z, None) for k, g in enumerate(halves)])
        for k, g in enumerate(halves):
            run(f"two regions: region {k}", lambda: planet._region(k, [p.parts[i] for i in g], nears, z, 0.0, None))
    for name, (cpu, faults) in total.items():
        print(f"  {name}: {cpu:.2f} s CPU, {faults:,} page faults")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--labels", type=int, default=2_000_000)
    ap.add_argument("--zooms", default="6-12", help="first-last")
    ap.add_argument("--parts", type=int, default=8)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1, help="rayon threads per process")
    ap.add_argument("--ahead", type=int, default=4, help="zooms in flight together (Planet.place_zooms)")
    ap.add_argument("--steps", action="store_true", help="the tasks' steps in this process, no cluster")
    args = ap.parse_args()
    os.environ["RAYON_NUM_THREADS"] = str(args.threads)  # before declutter's first placement

    from dask.distributed import Client, LocalCluster

    from declutter import planet

    z0, z1 = (int(v) for v in args.zooms.split("-"))
    zooms = range(z0, z1 + 1)
    lon, lat, cols = planet_labels(args.labels, args.seed)
    n = len(lon)
    print(f"{n:,} labels, zooms {z0}-{z1}, {args.parts} parts")

    print("load average (1, 5, 15 min): %.1f %.1f %.1f" % os.getloadavg())
    if args.steps:
        in_process(lon, lat, cols, zooms, args.parts)
        print("load average (1, 5, 15 min): %.1f %.1f %.1f" % os.getloadavg())
        return
    t, cpu = time.perf_counter(), time.process_time()
    reference, single_zoom = {}, {}
    for z in zooms:
        s = time.perf_counter()
        reference[z] = planet.single_machine(lon, lat, z, **cols)
        single_zoom[z] = time.perf_counter() - s
    single, single_cpu = time.perf_counter() - t, time.process_time() - cpu
    print(f"one process (declutter.place, {args.threads} thread(s)): {single:.1f} s ({single_cpu:.1f} s CPU), "
          f"{n * len(zooms) / single / 1e6:.2f} M labels/s")
    for z in zooms:
        print(f"  zoom {z}: {single_zoom[z]:.2f} s, shown {(reference[z] == planet.PLACED).sum():,}")

    first = None
    for workers in (int(w) for w in args.workers.split(",")):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                          memory_limit="8GiB") as cl, Client(cl) as c:
            t = time.perf_counter()
            p = planet.Planet(c, lon, lat, parts=args.parts, **cols)
            scatter = time.perf_counter() - t
            t, cpu, worker_cpu = time.perf_counter(), time.process_time(), c.run(time.process_time)
            steps = {"round0": 0.0, "settle": 0.0}
            region_cpu = np.zeros(workers)
            for state, st in p.place_zooms(zooms, ahead=args.ahead):
                z = st.zoom
                assert (state == reference[z]).all(), f"zoom {z} differs from one process"
                for k in steps:
                    steps[k] += st.seconds[k]
                region_cpu[:len(st.region_cpu)] += st.region_cpu  # region k holds worker k's parts
                print(f"  {workers} worker(s) zoom {z}: regions {st.regions}, near {st.near:,}, "
                      f"waited {st.waited:,}, merged {st.merged}, "
                      + ", ".join(f"{k} {v:.2f} s" for k, v in st.seconds.items())
                      + ", region tasks' CPU " + " + ".join(f"{v:.2f}" for v in st.region_cpu) + " s")
            total, cpu = time.perf_counter() - t, time.process_time() - cpu
            worker_cpu = [v - worker_cpu[k] for k, v in c.run(time.process_time).items()]
            copied = sum(len(held) > 1 for held in c.who_has(p.parts).values())
            first = first or (workers, total, max(worker_cpu))
            print(f"{workers} worker(s): {total:.1f} s (+{scatter:.1f} s scatter), "
                  f"{n * len(zooms) / total / 1e6:.2f} M labels/s, {single / total:.2f}x one process, "
                  f"{first[1] / total:.2f}x {first[0]} worker(s); CPU: workers "
                  + " + ".join(f"{v:.1f}" for v in worker_cpu) + " s (of which round-0 tasks "
                  + " + ".join(f"{v:.1f}" for v in region_cpu) + f" s), client and scheduler {cpu:.1f} s; "
                  + ", ".join(f"{k} {v:.1f} s" for k, v in steps.items())
                  + f"; CPU path {first[2] / max(worker_cpu):.2f}x {first[0]} worker(s); parts copied to "
                  f"another worker {copied}")
    print("load average (1, 5, 15 min): %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    main()
