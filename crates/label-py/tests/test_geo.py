"""place_geodataframe against the command's golden files (fixtures/geojson/): the same
projection, measurement and placement give the same decisions, feature by feature."""

import json

import numpy as np
import pandas as pd
import pytest

import declutter
from conftest import FIXTURES, read_geojson


def cases():
    for case in json.loads((FIXTURES / "geojson" / "cases.json").read_text()):
        if case["expected"].endswith(".json"):
            yield case


def options(args):
    """place_geodataframe's keywords for the command's flags."""
    it = iter(args)
    kw = {}
    for flag in it:
        value = None if flag == "--output-format" else next(it)
        if flag == "--output-format":
            next(it)
        elif flag == "--zoom":
            kw["zoom"] = float(value)
        elif flag == "--center":
            kw["center"] = tuple(float(v) for v in value.split(","))
        elif flag == "--size":
            kw["size"] = tuple(float(v) for v in value.split("x"))
        elif flag == "--bearing":
            kw["bearing"] = float(value)
        elif flag == "--priority-field":
            kw["priority"] = value
        elif flag == "--priority-order":
            kw["priority_order"] = value
        elif flag == "--text-field":
            kw["text"] = value
        elif flag == "--font-size":
            kw["font_size"] = float(value)
        elif flag == "--font-size-field":
            kw["font_size"] = value
        else:
            raise AssertionError(flag)
    return kw


def feature_id(v):
    """An id as the command writes it: strings and integers as they are, other numbers as their
    JSON text."""
    if isinstance(v, float) and not v.is_integer():
        return json.dumps(v)
    return v


@pytest.mark.parametrize("case", list(cases()), ids=lambda c: c["expected"])
def test_same_decisions_as_the_command(case):
    gdf = read_geojson(FIXTURES / "geojson" / case["input"])
    kw = options(case["args"])
    out = declutter.place_geodataframe(gdf, **kw)
    expected = json.loads((FIXTURES / "geojson" / case["expected"]).read_text())["placements"]
    assert len(expected) == len(out)
    for (index, row), want in zip(out.iterrows(), expected):
        assert want["id"] == feature_id(index)
        got = {"visible": bool(row.visible)}
        if pd.notna(row.reason):
            got["reason"] = row.reason
        if pd.notna(row.hidden_by):
            got["hidden_by"] = feature_id(row.hidden_by)
        want = {k: v for k, v in want.items() if k != "id"}
        assert got == want, index


def test_label_boxes_are_polygons_around_the_anchor():
    gdf = read_geojson(FIXTURES / "geojson" / "ne-places-europe.geojson")
    out = declutter.place_geodataframe(gdf, zoom=4, center=(10, 50), priority="scalerank",
                                       priority_order="ascending")
    shown = out[out.visible]
    assert len(shown) > 50
    for row in shown.itertuples():
        assert row.label_box.contains(__import__("shapely").Point(row.x, row.y))
        assert abs(row.label_box.area - row.width * row.height) < 1e-6 * row.width * row.height + 1e-6
    # Shown boxes do not overlap (more than the tolerance).
    boxes = list(shown.label_box)
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            assert boxes[i].intersection(boxes[j]).area < 1e-3


def test_measuring_and_projecting_as_the_command():
    w, h = declutter.measure_text(["Wien", "Wien Wien"], 12)
    assert 0 < w[0] < w[1] and h[0] == h[1] > 0
    x, y = declutter.world_pixels([-180.0, 0.0, 180.0], [0.0, 0.0, 90.0], 1)
    assert x.tolist() == [0.0, 256.0, 512.0] and y[0] == 256.0 and abs(y[2]) < 1e-9  # clamped to 85.05°
    with pytest.raises(declutter.LabelError) as e:
        declutter.measure_text(["a", "b"], [12, -1])
    assert (e.value.row, e.value.column) == (1, "font_size")
