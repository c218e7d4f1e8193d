"""`declutter tiles` checked with independent tools: the tiles it writes (a z/x/y.pbf folder and
a PMTiles archive, decoded by `mapbox-vector-tile` and `pmtiles`) hold, zoom by zoom, exactly
the labels that `declutter place` shows for that zoom's whole world as one screen, each in
precisely the tiles its box reaches, with the same properties in every tile; and tippecanoe
builds tiles from its GeoJSON sequence that hold the same labels per zoom."""

import gzip
import io
import json
import math
import os
import subprocess
from pathlib import Path

import mapbox_vector_tile
import pytest
from PIL import Image
from pmtiles.reader import MmapSource, Reader, all_tiles

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("DECLUTTER", ROOT / "target" / "debug" / "declutter"))
PLACES = ROOT / "fixtures" / "geojson" / "ne-places-europe.geojson"
FLAGS = ["--priority-field", "pop_max", "--variable-anchor", "top,bottom,left,right", "--radial-offset", "0.5"]
ZOOMS = range(0, 7)
TILE = 256.0
EXTENT = 4096


def declutter(*args):
    return subprocess.run([str(BIN), *map(str, args)], check=True, capture_output=True, text=True)


def world_px(lon, lat, z):
    """Web Mercator world pixels at zoom z, from the formula (not from declutter)."""
    lat = max(-85.0511287798066, min(85.0511287798066, lat))
    size = TILE * 2**z
    x = (lon + 180.0) / 360.0 * size
    s = math.sin(math.radians(lat))
    y = (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * size
    return x, y


def place_world(z, *extra):
    """`declutter place` of the fixture at zoom z, the world as one screen: feature index →
    its properties."""
    side = int(TILE * 2**z)
    out = declutter("place", PLACES, "--zoom", z, "--center", "0,0", "--size", f"{side}x{side}", *FLAGS, *extra)
    features = json.loads(out.stdout)["features"]
    return {i: f for i, f in enumerate(features)}


def tiles_reached(anchor, box, z, slack):
    """The tiles an anchor and box bounds reach, the box grown by `slack` px (negative:
    shrunk): its cell, and every cell the box overlaps with positive area; columns wrap."""
    n = 2**z
    x0, x1 = min(c[0] for c in box) - slack, max(c[0] for c in box) + slack
    y0, y1 = min(c[1] for c in box) - slack, max(c[1] for c in box) + slack
    cells = {(math.floor(anchor[0] / TILE) % n, math.floor(anchor[1] / TILE))}
    if x1 > x0 and y1 > y0:
        for cx in range(math.floor(x0 / TILE), max(math.floor(x0 / TILE), math.ceil(x1 / TILE) - 1) + 1):
            for cy in range(math.floor(y0 / TILE), max(math.floor(y0 / TILE), math.ceil(y1 / TILE) - 1) + 1):
                cells.add((cx % n, cy))
    return {(x, y) for x, y in cells if 0 <= y < n}


def decode(data):
    tile = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
    return tile.get("labels", {"features": []})["features"]


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("tiles")
    declutter(
        "tiles", PLACES, "--min-zoom", ZOOMS[0], "--max-zoom", ZOOMS[-1], *FLAGS,
        "--out-dir", out / "folder", "--pmtiles", out / "labels.pmtiles", "--tippecanoe", out / "labels.ndjson",
    )
    return out


def folder_tiles(folder):
    """(z, x, y) → bytes of every tile in a z/x/y.pbf folder."""
    return {
        tuple(int(p) for p in (f.parent.parent.name, f.parent.name, f.stem)): f.read_bytes()
        for f in folder.glob("*/*/*.pbf")
    }


def test_tiles_hold_exactly_the_world_placement(written):
    tiles = folder_tiles(written / "folder")
    first_zoom = {}
    for z in ZOOMS:
        placed = place_world(z)
        shown = {i: f for i, f in placed.items() if f["properties"]["visible"]}
        for i in shown:
            first_zoom.setdefault(i, z)
        where = {}  # feature → {tile: properties}
        for (tz, x, y), data in tiles.items():
            if tz != z:
                continue
            for f in decode(data):
                p = f["properties"]
                assert (x, y) not in where.setdefault(p["feature"], {}), f"feature {p['feature']} twice in {z}/{x}/{y}"
                where[p["feature"]][(x, y)] = p
                # The point is the anchor, in the tile's coordinates (1/16 px).
                lon, lat = placed[p["feature"]]["geometry"]["coordinates"]
                ax, ay = world_px(lon, lat, z)
                gx, gy = f["geometry"]["coordinates"]
                column = x if abs(ax - (x * TILE + gx / 16)) < TILE * 2**z / 2 else x + round((ax - x * TILE) / (TILE * 2**z))
                assert abs(column * TILE + gx * TILE / EXTENT - ax) <= 1 / 16 + 1e-6, (z, x, y, p)
                assert abs(y * TILE + gy * TILE / EXTENT - ay) <= 1 / 16 + 1e-6, (z, x, y, p)
        assert set(where) == set(shown), f"zoom {z}: labels differ from declutter place's"
        for i, in_tiles in where.items():
            props = list(in_tiles.values())
            assert all(p == props[0] for p in props), f"zoom {z}: feature {i} differs between tiles"
            f = placed[i]
            assert props[0]["text"] == f["properties"]["name"]
            assert props[0]["id"] == i and props[0]["first_zoom"] == first_zoom[i]
            assert props[0].get("candidate") == f["properties"].get("candidate")
            anchor = world_px(*f["geometry"]["coordinates"], z)
            box = f["properties"]["label_box"]  # rounded to 0.01 px
            must, may = tiles_reached(anchor, box, z, -0.011), tiles_reached(anchor, box, z, 0.011)
            assert must <= set(in_tiles) <= may, f"zoom {z}: feature {i} in {sorted(in_tiles)}, box {box}"


def test_pmtiles_archive_equals_the_folder(written):
    folder = folder_tiles(written / "folder")
    with open(written / "labels.pmtiles", "rb") as f:
        source = MmapSource(f)
        header = Reader(source).header()
        assert (header["min_zoom"], header["max_zoom"]) == (ZOOMS[0], ZOOMS[-1])
        archive = {zxy: gzip.decompress(data) for zxy, data in all_tiles(source)}
    assert archive.keys() == folder.keys()
    assert all(archive[k] == folder[k] for k in folder)


def shown_by_zoom(tiles):
    out = {}
    for (z, _, _), data in tiles.items():
        out.setdefault(z, set()).update(f["properties"]["feature"] for f in decode(data))
    return out


def test_tippecanoe_builds_the_same_labels_per_zoom(written, tmp_path):
    sequence = (written / "labels.ndjson").read_text().splitlines()
    runs = [json.loads(line) for line in sequence]
    # One feature per run: a label's runs do not overlap.
    spans = {}
    for r in runs:
        t = r["tippecanoe"]
        for z in range(t["minzoom"], t["maxzoom"] + 1):
            key = (r["properties"]["feature"], z)
            assert key not in spans
            spans[key] = r
    out = tmp_path / "tippecanoe"
    subprocess.run(
        ["tippecanoe", "-q", "-e", str(out), "-Z", str(ZOOMS[0]), "-z", str(ZOOMS[-1]), "-r1",
         "--no-feature-limit", "--no-tile-size-limit", "--no-tile-compression", "-l", "labels",
         str(written / "labels.ndjson")],
        check=True,
    )
    built = shown_by_zoom(folder_tiles(out))
    ours = shown_by_zoom(folder_tiles(written / "folder"))
    for z in ZOOMS:
        assert built.get(z, set()) == ours.get(z, set()), f"zoom {z}"


def test_hidden_labels_come_with_their_reason(tmp_path):
    declutter("tiles", PLACES, "--max-zoom", 2, *FLAGS, "--hidden", "--out-dir", tmp_path / "t")
    tiles = folder_tiles(tmp_path / "t")
    for z in range(3):
        placed = place_world(z)
        seen = {}
        for (tz, _, _), data in tiles.items():
            if tz == z:
                for f in decode(data):
                    seen[f["properties"]["feature"]] = f["properties"]
        assert set(seen) == set(placed)
        for i, p in seen.items():
            want = placed[i]["properties"]
            assert p.get("visible", True) == want["visible"]
            assert p.get("reason") == want.get("reason")


RASTER_ZOOM = 3


def test_raster_tiles_draw_each_shown_label_in_its_box(tmp_path):
    """PNG tiles decoded by Pillow and stitched into the world: every shown label of the world
    placement has drawing in its box, and nothing is drawn outside the shown boxes (grown by
    the halo and the anti-aliasing); the PNG archive holds the folder's tiles."""
    z = RASTER_ZOOM
    declutter(
        "tiles", PLACES, "--min-zoom", z, "--max-zoom", z, *FLAGS, "--raster",
        "--out-dir", tmp_path / "folder", "--pmtiles", tmp_path / "raster.pmtiles",
    )
    files = {
        tuple(int(p) for p in (f.parent.parent.name, f.parent.name, f.stem)): f.read_bytes()
        for f in (tmp_path / "folder").glob("*/*/*.png")
    }
    with open(tmp_path / "raster.pmtiles", "rb") as f:
        source = MmapSource(f)
        header = Reader(source).header()
        assert (header["tile_type"].name, header["tile_compression"].name) == ("PNG", "NONE")
        assert dict(all_tiles(source)) == files
    side = int(TILE * 2**z)
    world = Image.new("RGBA", (side, side))
    for (_, x, y), data in files.items():
        tile = Image.open(io.BytesIO(data))
        assert tile.size == (256, 256) and tile.mode == "RGBA"
        world.paste(tile, (x * 256, y * 256))
    alpha = world.getchannel("A")
    boxes = [f["properties"]["label_box"] for f in place_world(z).values() if f["properties"]["visible"]]
    assert len(boxes) > 50
    allowed = Image.new("L", (side, side))
    for box in boxes:
        xs, ys = [c[0] for c in box], [c[1] for c in box]
        inner = (math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys)))
        assert alpha.crop(inner).getextrema()[1] == 255, f"nothing drawn in the box {box}"
        slack = 3
        allowed.paste(255, (inner[0] - slack, inner[1] - slack, inner[2] + slack, inner[3] + slack))
    outside = Image.composite(alpha, Image.new("L", (side, side)), Image.eval(allowed, lambda v: 255 - v))
    assert outside.getbbox() is None, f"drawing outside every shown box, within {outside.getbbox()}"
