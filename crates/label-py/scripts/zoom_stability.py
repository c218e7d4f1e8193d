"""Measurement (not a test): under the contract's greedy rule, how often is a label shown at zoom
z hidden at zoom z + 1? On real data (Natural Earth populated places, GeoNames cities > 15,000),
each zoom's world placed as one screen with declutter.place; and what the monotone variant
shows instead.

    python3 crates/label-py/scripts/zoom_stability.py [/work/shared/data] [--zooms 0-12]
"""

import argparse
import json
from pathlib import Path

import numpy as np
import pandas as pd

import declutter
from declutter import planet


def natural_earth(data):
    doc = json.loads((data / "ne_10m_populated_places_simple.geojson").read_text())
    props = [f["properties"] for f in doc["features"]]
    w, h = declutter.measure_text([p["name"] for p in props], 12)
    lon = np.array([f["geometry"]["coordinates"][0] for f in doc["features"]])
    lat = np.array([f["geometry"]["coordinates"][1] for f in doc["features"]])
    return lon, lat, dict(width=w, height=h, priority=-np.array([p["scalerank"] for p in props], dtype=float))


def geonames(data):
    df = pd.read_csv(data / "cities15000_2012_labels.csv", keep_default_na=False)
    w, h = declutter.measure_text(df["name"].tolist(), 12)
    return df.longitude.to_numpy(), df.latitude.to_numpy(), dict(width=w, height=h,
                                                                  priority=np.log10(df.population.to_numpy() + 1.0))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", default="/work/shared/data", type=Path)
    ap.add_argument("--zooms", default="0-12")
    args = ap.parse_args()
    z0, z1 = (int(v) for v in args.zooms.split("-"))
    zooms = list(range(z0, z1 + 1))
    for name, load in (("Natural Earth places (priority: -scalerank)", natural_earth),
                       ("GeoNames cities > 15,000 (priority: log population)", geonames)):
        lon, lat, cols = load(args.data)
        plain = planet.single_machine_zooms(lon, lat, zooms, **cols)
        mono = planet.single_machine_zooms(lon, lat, zooms, monotone=True, **cols)
        print(f"\n{name}: {len(lon):,} labels, 12 px DejaVu Sans")
        print("| zoom | shown | shown at z, hidden at z+1 | share | shown, monotone |")
        print("|---|---|---|---|---|")
        for z in zooms:
            shown = plain[z] == planet.PLACED
            if z + 1 in plain:
                dropped = int((shown & (plain[z + 1] != planet.PLACED)).sum())
                cell = f"{dropped:,} | {dropped / max(1, shown.sum()):.1%}"
            else:
                cell = "– | –"
            print(f"| {z} | {shown.sum():,} | {cell} | {(mono[z] == planet.PLACED).sum():,} |")


if __name__ == "__main__":
    main()
