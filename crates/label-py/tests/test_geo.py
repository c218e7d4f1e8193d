"""place_geodataframe against the command's golden files (fixtures/geojson/): the same
projection, measurement and placement give the same decisions, feature by feature."""

import json
import subprocess

import numpy as np
import pandas as pd
import pytest

import declutter
from conftest import FIXTURES, read_geojson


def cases():
    for case in json.loads((FIXTURES / "geojson" / "cases.json").read_text()):
        if not case["expected"].endswith(".json") or "--style" in case["args"]:
            continue
        yield pytest.param(case, id=case["expected"])


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
        elif flag in ("--line-placement", "--priority-map"):
            kw[flag[2:].replace("-", "_")] = value
        elif flag in ("--symbol-spacing", "--max-angle", "--marker-radius"):
            kw[flag[2:].replace("-", "_")] = float(value)
        elif flag == "--keep-upright":
            kw["keep_upright"] = value == "true"
        else:
            raise AssertionError(flag)
    return kw


def feature_id(v):
    """An id as the command writes it: strings and integers as they are, other numbers as their
    JSON text."""
    if isinstance(v, float) and not v.is_integer():
        return json.dumps(v)
    return v


@pytest.mark.parametrize("case", list(cases()))
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
        # (The command's glyphs of names along lines: `glyph_box` here, tested below.)
        want = {k: v for k, v in want.items() if k not in ("id", "glyphs", "reversed")}
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


PLACES = ["--zoom", "4", "--center", "10,50", "--priority-field", "scalerank", "--priority-order", "ascending"]
STREETS = ["--zoom", "16", "--center", "16.3725,48.2083", "--size", "1280x720"]
SYMBOLS = [
    ("ne-places-europe.geojson", PLACES + ["--variable-anchor", "top,bottom,left,right", "--radial-offset", "0.5",
                                           "--icon-size", "6x6", "--text-optional"]),
    ("ne-places-europe.geojson", PLACES + ["--variable-anchor-offset", "left:0.4,0,right:-0.4,0,top:0,0.3",
                                           "--icon-size", "8x5", "--icon-optional", "--font-size", "13"]),
    ("ne-places-europe.geojson", PLACES + ["--repeat-distance", "120", "--repeat-group-field", "featurecla",
                                           "--variable-anchor", "left,right", "--tie-field", "pop_max",
                                           "--tie-order", "ascending"]),
    ("vienna-streets-center.geojson", STREETS + ["--repeat-distance", "300", "--bearing", "-20"]),
]


def symbol_keywords(args):
    """place_geodataframe's keywords for the command's view and symbol flags."""
    kw, rest = {}, []
    it = iter(args)
    for flag in it:
        if flag in ("--text-optional", "--icon-optional"):
            kw[flag[2:].replace("-", "_")] = True
        elif flag == "--variable-anchor":
            kw["variable_anchor"] = next(it).split(",")
        elif flag == "--variable-anchor-offset":
            items = next(it).split(",")
            kw["variable_anchor_offset"] = [(a.split(":")[0], (float(a.split(":")[1]), float(b)))
                                            for a, b in zip(items[::2], items[1::2])]
        elif flag == "--icon-size":
            kw["icon_size"] = tuple(float(v) for v in next(it).split("x"))
        elif flag in ("--radial-offset", "--repeat-distance"):
            kw[flag[2:].replace("-", "_")] = float(next(it))
        elif flag == "--repeat-group-field":
            kw["repeat_group"] = next(it)
        elif flag in ("--tie-field", "--tie-order"):
            kw[{"--tie-field": "tie", "--tie-order": "tie_order"}[flag]] = next(it)
        else:
            rest += [flag, next(it)]
    return {**options(rest), **kw}


def both(command, name, args, keywords):
    """The features `declutter place FIXTURE ARGS` writes, and place_geodataframe's result with
    `keywords` on the same fixture."""
    path = FIXTURES / "geojson" / name
    run = subprocess.run([str(command), "place", str(path), *args], check=True, capture_output=True)
    features = json.loads(run.stdout)["features"]
    out = declutter.place_geodataframe(read_geojson(path), **keywords)
    assert len(features) == len(out)
    return features, out


@pytest.mark.parametrize("name, args", SYMBOLS, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_symbol_keywords_decide_as_the_command(declutter_command, name, args):
    features, out = both(declutter_command, name, args, symbol_keywords(args))
    keys = ("visible", "reason", "hidden_by", "candidate", "parts")
    for (index, row), feature in zip(out.iterrows(), features):
        want = feature["properties"]
        got = {"visible": bool(row.visible), "reason": row.reason, "hidden_by": row.hidden_by,
               "candidate": int(row.candidate) if row.candidate >= 0 else None, "parts": row.parts}
        got = {k: v for k, v in got.items() if not (v is None or (isinstance(v, float) and np.isnan(v)))}
        assert got == {k: want[k] for k in keys if k in want}, index
        if "label_box" in want:
            corners = np.asarray(row.label_box.exterior.coords)[:4]
            assert np.abs(corners - np.asarray(want["label_box"])).max() < 0.006, index
        else:
            assert row.label_box is None, index
    # The runs exercise what they are for.
    counts = out["reason"].value_counts()
    if "--repeat-distance" in args:
        assert counts["repeat"] > 5
    if "--icon-size" in args:
        assert (out["parts"] == ("icon" if "--text-optional" in args else "text")).sum() > 5
        assert out["icon_box"].notna().sum() == out["label_box"].notna().sum()
    if "--variable-anchor" in args or "--variable-anchor-offset" in args:
        assert (out["candidate"] > 0).sum() > (20 if "--icon-size" in args else 0)


RIVERS = ["--zoom", "5", "--center", "110,32", "--text-field", "name_zh", "--priority-field", "scalerank",
          "--priority-order", "ascending", "--font-size", "14"]
LINES = [
    ("vienna-streets-center.geojson", STREETS + ["--line-placement", "curved", "--symbol-spacing", "200",
                                                 "--max-angle", "30", "--bearing", "25"]),
    ("vienna-streets-center.geojson", STREETS + ["--line-placement", "curved", "--keep-upright", "false",
                                                 "--priority-map", "highway=primary:5,secondary:4,*:1"]),
    ("ne-rivers-east-asia.geojson", RIVERS + ["--line-placement", "curved", "--max-angle", "60"]),
    ("ne-places-europe.geojson", PLACES + ["--marker-radius", "2.5"]),
    ("ne-places-europe.geojson", ["--zoom", "4", "--center", "10,50", "--marker-radius", "3", "--priority-map",
                                  '["match", ["get", "featurecla"], "Admin-0 capital", 10, "Admin-1 capital", 5, 1]']),
]


@pytest.mark.parametrize("name, args", LINES, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_line_priority_and_marker_keywords_decide_as_the_command(declutter_command, name, args):
    import shapely

    features, out = both(declutter_command, name, args, options(args))
    for (index, row), feature in zip(out.iterrows(), features):
        want = feature["properties"]
        hidden_by = row.hidden_by
        if hidden_by is not None and row.get("hidden_by_marker", False):
            hidden_by = f"marker:{feature_id(hidden_by)}"
        got = {"visible": bool(row.visible), "reason": row.reason, "hidden_by": hidden_by}
        got = {k: v for k, v in got.items() if not (v is None or (isinstance(v, float) and np.isnan(v)))}
        want = {k: want[k] for k in ("visible", "reason", "hidden_by") if k in want}
        if isinstance(want.get("hidden_by"), str) and "#" in want["hidden_by"]:
            # A repeat of a name along its line (`ID#k`): the package names its row.
            want["hidden_by"], got["hidden_by"] = want["hidden_by"].split("#")[0], str(got["hidden_by"])
        assert got == want, index
        if "label_box" in want:
            corners = np.asarray(row.label_box.exterior.coords)[:4]
            assert np.abs(corners - np.asarray(want["label_box"])).max() < 0.006, index
    counts = out["reason"].value_counts()
    if "--line-placement" in args:
        glyphs = out["glyph_boxes"]
        along = glyphs.notna()
        assert along.sum() > 10 and (along & out.visible).sum() > 5
        # Every glyph box lies in its row's label box (their bounds), and no glyph of a shown name
        # overlaps a glyph of another shown name.
        for row in out[along].itertuples():
            assert row.label_box.buffer(1e-6).contains(row.glyph_boxes), row.Index
        owner, boxes = [], []
        for row, g in zip(np.flatnonzero(along & out.visible), out[along & out.visible].glyph_boxes):
            owner += [row] * len(g.geoms)
            boxes += list(g.geoms)
        tree = shapely.STRtree(boxes)
        for i, b in enumerate(boxes):
            for j in tree.query(b):
                assert owner[j] == owner[i] or b.intersection(boxes[j]).area < 1e-3, (owner[i], owner[j])
        if name.startswith("ne-rivers"):
            assert counts.get("no_room", 0) + counts.get("too_curved", 0) > 0
    if "--marker-radius" in args:
        markers = out["marker_visible"]
        assert markers.notna().all() and markers.astype(bool).sum() > 20
        assert out["hidden_by_marker"].sum() > 0
    if "--priority-map" in args:
        assert out.visible.sum() > 10


def test_priority_maps_rank_by_class():
    gdf = read_geojson(FIXTURES / "geojson" / "ne-places-europe.geojson")
    view = dict(zoom=4, center=(10, 50))
    capitals = ["match", ["get", "featurecla"], "Admin-0 capital", 10, 1]
    ranked = declutter.place_geodataframe(gdf, **view, priority_map=capitals)
    plain = declutter.place_geodataframe(gdf, **view)
    capital = gdf["featurecla"] == "Admin-0 capital"
    assert ranked.visible[capital].sum() > plain.visible[capital].sum()
    # The pairs form and the list form are the same map.
    pairs = declutter.place_geodataframe(gdf, **view, priority_map="featurecla=Admin-0 capital:10,*:1")
    assert (pairs.visible == ranked.visible).all()


def test_polygons_are_named_at_their_pole_in_any_crs():
    import geopandas
    import shapely

    # A square lake with a square island in its western half: the name goes to the east half.
    lake = shapely.Polygon([(0, 0), (1, 0), (1, 1), (0, 1)], holes=[[(0.1, 0.3), (0.5, 0.3), (0.5, 0.7), (0.1, 0.7)]])
    gdf = geopandas.GeoDataFrame({"name": ["Lake", "Far"]}, geometry=[lake, shapely.Point(50, 50)], crs="EPSG:4326")
    out = declutter.place_geodataframe(gdf.to_crs("EPSG:3857"), zoom=8, center=(0.5, 0.5), size=(800, 600))
    (east, _), (west, _) = [declutter.project([lon], [0.5], zoom=8, center=(0.5, 0.5), size=(800, 600))
                            for lon in (0.5, 0.1)]
    assert out.x.iloc[0] > east[0] and out.visible.iloc[0] and out.angle.iloc[0] == 0.0
    assert pd.isna(out.reason.iloc[0]) and out.reason.iloc[1] == "offscreen"


def test_keywords_naming_a_missing_column_are_refused():
    gdf = read_geojson(FIXTURES / "geojson" / "ne-places-europe.geojson").head(5)
    view = dict(zoom=4, center=(10, 50))
    for kw, keyword, column in [
        (dict(text="nom"), "text", "nom"),
        (dict(priority="rank"), "priority", "rank"),
        (dict(tie="population"), "tie", "population"),
        (dict(font_size="size"), "font_size", "size"),
        (dict(repeat_distance=100, repeat_group="group"), "repeat_group", "group"),
        (dict(priority_map="class=city:2,*:1"), "priority_map", "class"),
    ]:
        with pytest.raises(declutter.LabelError) as e:
            declutter.place_geodataframe(gdf, **view, **kw)
        assert e.value.column == column
        assert str(e.value).startswith(f"{keyword}: no column '{column}'; the columns are 'name', 'scalerank'"), e.value
    with pytest.raises(declutter.LabelError, match="^text: no column 'name'"):
        declutter.place_geodataframe(gdf.drop(columns="name"), **view)


def test_bad_keywords_and_properties_are_named():
    gdf = read_geojson(FIXTURES / "geojson" / "ne-places-europe.geojson").head(5)
    view = dict(zoom=4, center=(10, 50))
    for kw, message in [
        (dict(icon_size=(0, 3)), "^icon_size width: expected a number > 0, got 0"),
        (dict(variable_anchor=["top", "middle"]), "^variable_anchor: unknown anchor"),
        (dict(text_optional=True), "^text_optional needs icon_size"),
        (dict(repeat_group="featurecla"), "^repeat_group needs repeat_distance"),
        (dict(max_angle=30), "^max_angle needs line_placement curved"),
        (dict(line_placement="curved", symbol_spacing=0), "^symbol_spacing: expected a number of px from 1 to 1e15, got 0"),
        (dict(line_placement="curved", max_angle=200), "^max_angle: expected degrees from 0 to 180"),
        (dict(priority_map="featurecla"), "^priority_map: "),
        (dict(marker_radius=-1), "^marker_radius: "),
    ]:
        with pytest.raises(declutter.LabelError, match=message):
            declutter.place_geodataframe(gdf, **view, **kw)
    with pytest.raises(ValueError, match="^line_placement: expected 'straight' or 'curved', got 'wavy'"):
        declutter.place_geodataframe(gdf, **view, line_placement="wavy")
    bad = gdf.astype({"name": object})
    bad.loc[bad.index[2], "name"] = True
    with pytest.raises(declutter.LabelError) as e:
        declutter.place_geodataframe(bad, **view)
    assert (e.value.row, e.value.column, e.value.id) == (2, "name", bad.index[2])
    assert str(e.value).startswith("row 2 (index 2), column `name`: expected a string, got boolean true")
    with pytest.raises(declutter.LabelError) as e:
        declutter.place_geodataframe(gdf.assign(size=[12, 13, "big", 10, 9]), **view, font_size="size")
    assert (e.value.row, e.value.column) == (2, "size")


def test_a_swapped_centre_warns_as_the_command_does():
    gdf = read_geojson(FIXTURES / "geojson" / "ne-places-europe.geojson")
    with pytest.warns(UserWarning, match=r"latitude 88 is beyond .*did you mean center=\(88, 10\)\?"):
        declutter.place_geodataframe(gdf, zoom=4, center=(10, 88))
    with pytest.warns(UserWarning, match=r"or the centre is latitude,longitude \(then center=\(10, 50\)\)"):
        declutter.place_geodataframe(gdf, zoom=4, center=(50, 10))
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        declutter.place_geodataframe(gdf, zoom=4, center=(10, 50))


def test_the_package_has_a_version():
    import tomllib

    project = tomllib.loads((FIXTURES.parent / "crates" / "label-py" / "pyproject.toml").read_text())
    assert declutter.__version__ == project["project"]["version"]


def test_a_style_labels_the_frame_as_the_command_does():
    """The three-layer style fixture (places with variable anchors and a dot icon, street names
    along lines, water names) through ``style=``: the command's golden decisions, row by row."""
    case = next(c for c in json.loads((FIXTURES / "geojson" / "cases.json").read_text()) if "--style" in c["args"])
    args = dict(zip(case["args"][::2], case["args"][1::2]))
    here = FIXTURES / "geojson"
    gdf = read_geojson(here / case["input"])
    out = declutter.place_geodataframe(
        gdf, zoom=float(args["--zoom"]), center=tuple(float(v) for v in args["--center"].split(",")),
        size=tuple(float(v) for v in args["--size"].split("x")), style=here / args["--style"],
        sprite=json.loads((here / args["--sprite"]).read_text()))
    expected = json.loads((here / case["expected"]).read_text())["placements"]
    assert len(expected) == len(out)
    shown = 0
    for (index, row), want in zip(out.iterrows(), expected):
        assert want["id"] == feature_id(index)
        got = {"visible": bool(row.visible)}
        if pd.notna(row.reason):
            got["reason"] = row.reason
        if pd.notna(row.hidden_by):
            got["hidden_by"] = feature_id(row.hidden_by)
        if row.candidate >= 0:
            got["candidate"] = int(row.candidate)
        if row.parts is not None and pd.notna(row.parts):
            got["parts"] = row.parts
        want = {k: v for k, v in want.items() if k not in ("id", "glyphs", "reversed")}
        assert got == want, index
        shown += got["visible"]
    assert shown == 30
    # A layer that is not in the style.
    with pytest.raises(declutter.LabelError, match="layer roads: the style has no symbol layer"):
        declutter.place_geodataframe(gdf, zoom=14, center=(16.4, 48.222), style=here / args["--style"],
                                     layers=["roads"])
