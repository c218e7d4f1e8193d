"""Benchmark (not a test): what names along lines cost in place_geodataframe — the median of 5
runs of the straight and the curved placement (``line_placement="curved"``) of the fixtures'
Vienna streets (z16) and East Asian rivers (z5), and of any ``NAME|PATH|KEYWORDS-AS-JSON`` given,
with the labels each shows.

    python3 crates/label-py/scripts/bench_lines.py \\
        '/work/shared vienna-streets z16|../shared/data/vienna-streets.geojson|{"zoom": 16, "center": [16.3725, 48.2083]}'
"""

import json
import statistics
import sys
import time
from pathlib import Path

import geopandas

import declutter

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "geojson"


def median_time(f, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    cases = [
        ("vienna-streets-center (fixture)", FIXTURES / "vienna-streets-center.geojson",
         dict(zoom=16, center=(16.3725, 48.2083), size=(1280, 720))),
        ("ne-rivers-east-asia (fixture)", FIXTURES / "ne-rivers-east-asia.geojson",
         dict(zoom=5, center=(110, 32), text="name_zh", priority="scalerank", priority_order="ascending",
              font_size=14)),
    ]
    for arg in sys.argv[1:]:
        name, path, keywords = arg.split("|")
        cases.append((name, Path(path), json.loads(keywords)))
    for name, path, kw in cases:
        gdf = geopandas.read_file(path)
        straight = median_time(lambda: declutter.place_geodataframe(gdf, **kw))
        curved = median_time(lambda: declutter.place_geodataframe(gdf, **kw, line_placement="curved"))
        shown = [int(declutter.place_geodataframe(gdf, **kw, line_placement=p).visible.sum())
                 for p in ("straight", "curved")]
        print(f"{name}: {len(gdf)} rows; straight {straight * 1e3:.1f} ms ({shown[0]} shown), "
              f"curved {curved * 1e3:.1f} ms ({shown[1]} shown), curved/straight {curved / straight:.2f}")


if __name__ == "__main__":
    main()
