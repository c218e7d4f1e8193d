"""Shared fixtures: real data from the repository and from ../shared/data, and one Dask
LocalCluster with 2 worker processes for the planet tests."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures"
# The shared data sits beside the repository (../shared/data), or where DECLUTTER_DATA says.
DATA = Path(os.environ.get("DECLUTTER_DATA", ROOT.parent / "shared" / "data"))
if not DATA.exists():
    DATA = Path("/work/shared/data")


def read_geojson(path):
    """A GeoDataFrame of a GeoJSON file, indexed by the features' ids (or positions)."""
    import geopandas
    import shapely.geometry

    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    feats = doc["features"]
    rows = [f.get("properties") or {} for f in feats]
    geoms = [shapely.geometry.shape(f["geometry"]) if f.get("geometry") else None for f in feats]
    index = [f.get("id", i) for i, f in enumerate(feats)]
    return geopandas.GeoDataFrame(rows, geometry=geoms, index=index, crs="EPSG:4326")


@pytest.fixture(scope="session")
def client():
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as c:
            yield c


@pytest.fixture(scope="session")
def declutter_command():
    """The `declutter` binary of this tree, built (debug) if it is not fresh: its results are
    what the package must match."""
    subprocess.run(["cargo", "build", "--quiet", "--locked", "-p", "label-cli", "--bin", "declutter"], cwd=ROOT,
                   check=True)
    meta = subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps", "--locked"], cwd=ROOT,
                          check=True, capture_output=True, text=True)
    return Path(json.loads(meta.stdout)["target_directory"]) / "debug" / "declutter"
