"""planet.write_tiles on a Dask LocalCluster writes the tiles `declutter tiles` writes for the
same features: the same tiles, byte for byte, and decoded (mapbox-vector-tile) the same labels
with the same properties; the PMTiles archive holds them too."""

import gzip
import subprocess

import mapbox_vector_tile
import numpy as np
import pytest
from pmtiles.reader import MmapSource, Reader, all_tiles

from conftest import DATA
from declutter import planet

PLACES = DATA / "ne_10m_populated_places_simple.geojson"
ZOOMS = range(0, 7)


def folder_tiles(folder):
    return {tuple(int(p) for p in (f.parent.parent.name, f.parent.name, f.stem)): f.read_bytes()
            for f in folder.glob("*/*/*.pbf")}


def decoded(data):
    tile = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
    return sorted(((f["properties"]["feature"], tuple(f["geometry"]["coordinates"]), sorted(f["properties"].items()))
                   for f in tile["labels"]["features"]), key=repr)


@pytest.fixture(scope="module")
def command_tiles(declutter_command, tmp_path_factory):
    out = tmp_path_factory.mktemp("command") / "tiles"
    subprocess.run([str(declutter_command), "tiles", str(PLACES), "--min-zoom", str(ZOOMS[0]), "--max-zoom",
                    str(ZOOMS[-1]), "--priority-field", "scalerank", "--priority-order", "ascending",
                    "--out-dir", str(out)], check=True, capture_output=True)
    return folder_tiles(out)


def test_write_tiles_equals_declutter_tiles(client, command_tiles, tmp_path):
    gdf, lon, lat, cols = planet.read_labels(PLACES, priority="scalerank", priority_order="ascending")
    p = planet.Planet(client, lon, lat, parts=3, shuffle_seed=5, **cols)
    result = planet.write_tiles(p, ZOOMS, gdf["name"].tolist(), tmp_path / "tiles", tmp_path / "labels.pmtiles",
                                feature=gdf.index.to_numpy(), groups=3, regions=2)
    tiles = folder_tiles(tmp_path / "tiles")
    assert tiles.keys() == command_tiles.keys()
    assert len(tiles) > 500 and sum(result.tiles.values()) == len(tiles)
    for key, data in command_tiles.items():
        assert decoded(tiles[key]) == decoded(data), f"tile {key}"
        assert tiles[key] == data, f"tile {key}: the same labels, other bytes"
    with open(tmp_path / "labels.pmtiles", "rb") as f:
        source = MmapSource(f)
        header = Reader(source).header()
        assert (header["min_zoom"], header["max_zoom"]) == (ZOOMS[0], ZOOMS[-1])
        archive = {zxy: gzip.decompress(data) for zxy, data in all_tiles(source)}
    assert archive == tiles
    shown_once = result.first_zoom >= 0
    assert shown_once.sum() == len({f for data in tiles.values() for f, _, _ in decoded(data)})


def test_write_tiles_refuses_what_exists_and_no_output(client, tmp_path):
    lon, lat = np.array([10.0, -60.0]), np.array([45.0, -20.0])
    p = planet.Planet(client, lon, lat, parts=1, width=[30.0, 30.0], height=[12.0, 12.0])
    (tmp_path / "tiles").mkdir()
    with pytest.raises(FileExistsError, match="overwrite"):
        planet.write_tiles(p, [2], ["a", "b"], tmp_path / "tiles")
    with pytest.raises(ValueError, match="no output"):
        planet.write_tiles(p, [2], ["a", "b"])
    with pytest.raises(ValueError, match="2 labels but 1 texts"):
        planet.write_tiles(p, [2], ["a"], tmp_path / "other")
    result = planet.write_tiles(p, [2, 3], ["a", "b"], tmp_path / "tiles", overwrite=True)
    assert result.shown == {2: 2, 3: 2} and (tmp_path / "tiles" / "3" / "4" / "2.pbf").exists()
