"""Symbols through declutter.place (contract §3b, §4): against a plain brute-force reference
written here, against the command's golden files on real data (the same label sets through
`declutter place`), on small hand cases, and their errors."""

import json
import math

import numpy as np
import pandas as pd
import pytest

import declutter
from conftest import FIXTURES
from test_place import SHIFT

TAU = 1 / 1024


def box(x, y, w, h, angle, anchor, dx, dy, padding):
    """contract §2's box for an angle that is a multiple of 90°, as (x0, y0, x1, y1)."""
    quarter = int(round(angle / 90.0)) % 4
    sx, sy = SHIFT[anchor]
    cx, cy = dx + sx * w, dy + sy * h
    u, v = [(1, 0), (0, -1), (-1, 0), (0, 1)][quarter], [(0, 1), (1, 0), (0, -1), (-1, 0)][quarter]
    px, py = x + cx * u[0] + cy * v[0], y + cx * u[1] + cy * v[1]
    hw, hh = w / 2 + padding, h / 2 + padding
    if quarter % 2:
        hw, hh = hh, hw
    return (px - hw, py - hh, px + hw, py + hh)


def overlap(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > TAU and min(a[3], b[3]) - max(a[1], b[1]) > TAU


def brute_force(rows, viewport):
    """contract §4 for symbols, O(n²): `rows` are dicts with the label's fields and
    `candidates` (a list of (anchor, dx, dy), maybe empty), `icon` (None or (w, h, anchor, dx,
    dy, padding)), `optional`, `group` (None or a name), `distance`."""
    n = len(rows)
    vp = (0, 0) + tuple(viewport)
    texts, icons = [], []
    for r in rows:
        positions = r["candidates"] or [(r["anchor"], r["offset_x"], r["offset_y"])]
        texts.append([box(r["x"], r["y"], r["width"], r["height"], r["angle"], a, dx, dy, r["padding"])
                      for a, dx, dy in positions])
        icons.append(None if r["icon"] is None else box(r["x"], r["y"], *r["icon"][:2], r["angle"], *r["icon"][2:]))
    visible = [False] * n
    reason, hidden_by, candidate, parts = [None] * n, [-1] * n, [-1] * n, [None] * n
    shown = {}  # placed label -> the boxes it shows (empty when it does not block)

    def parts_of(i, k):
        return [texts[i][k]] + ([icons[i]] if icons[i] is not None else [])

    def meets(bs):
        return any(overlap(b, vp) for b in bs)

    def blockers(bs):
        return [j for j in shown if any(overlap(b, c) for b in bs for c in shown[j])]

    def show(i, k, which):
        visible[i] = True
        if rows[i]["candidates"] and which != "icon":
            candidate[i] = k
        if icons[i] is not None:
            parts[i] = which
        bs = {"both": parts_of(i, k), "text": [texts[i][k]], "icon": [icons[i]]}[which]
        shown[i] = [] if rows[i]["ignore_placement"] else bs

    for i in sorted(range(n), key=lambda i: (-rows[i]["priority"], i)):
        in_view = [k for k in range(len(texts[i])) if meets(parts_of(i, k))]
        if not in_view:
            reason[i] = "offscreen"
            continue
        r = rows[i]
        if r["group"] is not None:
            near = [j for j in shown if rows[j]["group"] == r["group"]
                    and math.dist((rows[j]["x"], rows[j]["y"]), (r["x"], r["y"])) < r["distance"]]
            if near:
                reason[i], hidden_by[i] = "repeat", near[0]
                continue
        free = [k for k in in_view if not blockers(parts_of(i, k))]
        if free:
            show(i, free[0], "both")
            continue
        if r["allow_overlap"]:
            show(i, in_view[0], "both")
            continue
        if r["optional"] == "text" and overlap(icons[i], vp) and not blockers([icons[i]]):
            show(i, 0, "icon")
            continue
        if r["optional"] == "icon":
            alone = [k for k in range(len(texts[i])) if overlap(texts[i][k], vp) and not blockers([texts[i][k]])]
            if alone:
                show(i, alone[0], "text")
                continue
        reason[i], hidden_by[i] = "collision", blockers(parts_of(i, in_view[0]))[0]
    return visible, reason, hidden_by, candidate, parts


def random_symbols(seed, n):
    rng = np.random.default_rng(seed)
    anchors = list(SHIFT)
    rows = []
    for _ in range(n):
        has_icon = rng.random() < 0.5
        rows.append({
            "x": float(rng.integers(-20, 320)), "y": float(rng.integers(-20, 220)),
            "width": float(rng.integers(2, 50)), "height": float(rng.integers(2, 16)),
            "angle": float(rng.choice([0, 90, 180, -90])), "priority": float(rng.integers(0, 4)),
            "anchor": str(rng.choice(anchors)), "offset_x": float(rng.integers(-3, 4)),
            "offset_y": float(rng.integers(-3, 4)), "padding": float(rng.choice([0.0, 1.0])),
            "allow_overlap": bool(rng.random() < 0.08), "ignore_placement": bool(rng.random() < 0.08),
            "candidates": [(str(rng.choice(anchors)), float(rng.integers(-6, 7)), float(rng.integers(-6, 7)))
                           for _ in range(int(rng.choice([0, 0, 1, 2, 4])))],
            "icon": ((float(rng.integers(2, 12)), float(rng.integers(2, 12)), str(rng.choice(anchors)),
                      float(rng.integers(-2, 3)), float(rng.integers(-2, 3)), float(rng.choice([0.0, 1.0])))
                     if has_icon else None),
            "optional": str(rng.choice(["none", "text", "icon"])) if has_icon else "none",
            "group": str(rng.choice(["a", "b", "c"])) if rng.random() < 0.4 else None,
            "distance": 60.0,
        })
    return rows


def frame(rows):
    """The rows as a DataFrame with the package's symbol columns (candidates per row)."""
    icon = [r["icon"] or (np.nan, np.nan, "center", 0.0, 0.0, 0.0) for r in rows]
    plain = ["x", "y", "width", "height", "angle", "priority", "anchor", "offset_x", "offset_y", "padding",
             "allow_overlap", "ignore_placement", "optional"]
    df = pd.DataFrame({k: [r[k] for r in rows] for k in plain})
    df["candidates"] = pd.Series([[(a, (dx, dy)) for a, dx, dy in r["candidates"]] or None for r in rows],
                                 dtype=object)
    for k, name in enumerate(["icon_width", "icon_height", "icon_anchor", "icon_offset_x", "icon_offset_y",
                              "icon_padding"]):
        df[name] = [i[k] for i in icon]
    df["repeat_group"] = pd.Series([r["group"] for r in rows], dtype=object)
    df["repeat_distance"] = [r["distance"] for r in rows]
    return df


@pytest.mark.parametrize("seed", range(16))
def test_symbols_match_the_brute_force_reference(seed):
    rows = random_symbols(seed, 160)
    out = declutter.place(frame(rows), viewport=(300, 200))
    visible, reason, hidden_by, candidate, parts = brute_force(rows, (300, 200))
    assert out["visible"].tolist() == visible
    assert [r if isinstance(r, str) else None for r in out["reason"]] == reason
    assert out["hidden_by"].tolist() == hidden_by
    assert out["candidate"].tolist() == candidate
    assert [p if isinstance(p, str) else None for p in out["parts"]] == parts


def golden(name):
    """A label-set fixture read with pandas as a user would (nested fields flattened to the
    package's column names: `icon.width` is `icon_width`), and its golden placements (written
    by `declutter place`)."""
    doc = json.loads((FIXTURES / f"{name}.json").read_text())
    df = pd.json_normalize(doc["labels"]).rename(columns=lambda c: c.replace(".", "_")).set_index("id")
    vp = doc["viewport"]
    expected = json.loads((FIXTURES / f"{name}.expected.json").read_text())["placements"]
    return df, (vp["width"], vp["height"]), expected


@pytest.mark.parametrize("name", ["natural-earth-places-symbols", "vienna-streets-repeat"])
def test_same_decisions_as_the_command_on_real_symbols(name):
    df, viewport, expected = golden(name)
    out = declutter.place(df, viewport=viewport)
    ids = df.index.to_numpy()
    got = []
    for row in out.itertuples():
        g = {"id": row.Index, "visible": bool(row.visible)}
        if isinstance(row.reason, str):
            g["reason"] = row.reason
        if row.hidden_by >= 0:
            g["hidden_by"] = ids[row.hidden_by]
        if row.candidate >= 0:
            g["candidate"] = row.candidate
        if isinstance(row.parts, str):
            g["parts"] = row.parts
        got.append(g)
    assert got == expected
    # The sets exercise what they are for.
    reasons = out["reason"].value_counts()
    if name == "vienna-streets-repeat":
        assert reasons["repeat"] > 500
    else:
        assert set(out["parts"].dropna()) == {"both", "icon"} and (out["candidate"] > 0).sum() > 100


def test_shared_candidates_with_offsets_per_label():
    # The first label's text goes right of its point, 152 to 192. The second tries right of its
    # point with its own offset (134 to 154: taken), then left of it (106 to 126).
    p = declutter.place(x=[150.0, 130.0], y=[50.0, 50.0], width=[40.0, 20.0], height=10.0, priority=[1, 0],
                        candidates=["left", ("right", (0, 0))],
                        candidate_offsets=[[[2, 0], [-2, 0]], [[4, 0], [-4, 0]]])
    assert p.visible.tolist() == [True, True]
    assert p.candidate.tolist() == [0, 1]
    assert p.parts.tolist() == [None, None]
    # In the contract's JSON form; a third label finds both its positions taken by the second,
    # which hides it (at its first position).
    q = declutter.place(x=[150.0, 131.0, 120.0], y=50.0, width=[40.0, 20.0, 4.0], height=10.0, priority=[2, 1, 0],
                        candidates=[{"anchor": "left", "offset": [2, 0]}, {"anchor": "right", "offset": [-4, 0]}])
    assert q.visible.tolist() == [True, True, False]
    assert q.candidate.tolist() == [0, 1, -1]
    assert q.hidden_by.tolist() == [-1, -1, 1]


def test_an_optional_text_leaves_its_icon():
    # A big label (0 to 100) covers the second one's text (90 to 130) but not its icon, 30 px
    # right of its point.
    kw = dict(x=[100.0, 130.0], y=[50.0, 50.0], width=[100.0, 40.0], height=20.0, priority=[1, 0],
              icon_width=[np.nan, 6.0], icon_height=[np.nan, 6.0], icon_offset=(30, 0), anchor="right")
    p = declutter.place(**kw, optional="text")
    assert p.visible.tolist() == [True, True] and p.parts.tolist() == [None, "icon"]
    p = declutter.place(**kw)
    assert p.visible.tolist() == [True, False] and p.reason.tolist() == [None, "collision"]
    assert p.hidden_by.tolist() == [-1, 0]


def test_boundaries_are_decided_with_the_contracts_tolerances():
    # A text exactly as long as its room (3e-15 px short in floating point), collinear points
    # under max_angle 0, two labels of a group exactly the repeat distance apart: all shown.
    path = [[(100.2, 50), (100.5, 50)], [(0.1, 0.1), (0.4, 0.5), (1.0, 1.3)], None, None]
    p = declutter.place(x=[np.nan, np.nan, 10.3, 10.6], y=[np.nan, np.nan, 10.7, 10.3], width=[np.nan, np.nan, 0.1, 0.1],
                        height=[1.0, 1.0, 0.1, 0.1], path=path, glyph_advances=[[0.1, 0.2], [0.3] * 3, None, None],
                        max_angle=[45, 0, 45, 45], repeat_group=[None, None, 1, 1], repeat_distance=0.5)
    assert p.reason.tolist() == [None] * 4


def test_shown_texts_along_lines_carry_their_glyphs():
    # Drawn leftwards: reversed, the offset counted from x = 20, glyphs in reading order; the
    # second has no room: no glyphs.
    p = declutter.place(x=[np.nan, np.nan], y=[np.nan, np.nan], width=[np.nan, np.nan], height=12.0,
                        path=[[(300, 150), (20, 150)], [(0, 50), (10, 50)]], glyph_advances=[[8] * 4, [8, 8]],
                        path_offset=[200, np.nan], viewport=(400, 300))
    assert p.reason.tolist() == [None, "no_room"]
    assert p.glyphs[0].tolist() == [[88, 150, 0], [96, 150, 0], [104, 150, 0], [112, 150, 0]]
    assert p.reversed.tolist() == [True, None] and p.glyphs[1] is None
    df = declutter.place(pd.DataFrame({"x": [1.0], "y": [1.0], "width": [5.0], "height": [5.0]}))
    assert "glyphs" not in df.columns, "only with texts along lines"


def test_repeat_groups_by_any_name():
    p = declutter.place(x=[0.0, 50.0, 150.0, 60.0], y=0.0, width=10.0, height=10.0, priority=[3, 2, 1, 0],
                        repeat_group=["Main St", "Main St", "Main St", 7], repeat_distance=100.0)
    assert p.visible.tolist() == [True, False, True, True]
    assert p.reason.tolist() == [None, "repeat", None, None]
    assert p.hidden_by.tolist() == [-1, 0, -1, -1]


@pytest.mark.parametrize(
    "kwargs, row, column",
    [
        ({"candidates": pd.Series([["left"], ["middle"]])}, 1, "candidates"),
        ({"candidates": pd.Series([None, [("left", (1, "a"))]])}, 1, "candidates"),
        ({"icon_width": [1.0, -2.0], "icon_height": 3.0}, 1, "icon_width"),
        ({"icon_width": 1.0, "icon_height": 3.0, "icon_padding": [0.0, -1.0]}, 1, "icon_padding"),
        ({"icon_width": 1.0, "icon_height": 3.0, "optional": ["none", "both"]}, 1, "optional"),
        ({"repeat_group": ["a", "a"], "repeat_distance": [1.0, -1.0]}, 1, "repeat_distance"),
        ({"repeat_group": ["a", ["b"]], "repeat_distance": 1.0}, 1, "repeat_group"),
    ],
)
def test_bad_symbol_fields_name_the_row_and_column(kwargs, row, column):
    with pytest.raises(declutter.LabelError) as e:
        declutter.place(x=[1.0, 2.0], y=[1.0, 2.0], width=3.0, height=2.0, **kwargs)
    assert (e.value.row, e.value.column) == (row, column)
    assert f"row {row}" in str(e.value) and column in str(e.value)


def test_symbol_fields_that_need_each_other():
    with pytest.raises(declutter.LabelError, match="icon_width` and `icon_height"):
        declutter.place(x=[1.0], y=[1.0], width=3.0, height=2.0, icon_width=3.0)
    with pytest.raises(declutter.LabelError, match="repeat_group` and `repeat_distance"):
        declutter.place(x=[1.0], y=[1.0], width=3.0, height=2.0, repeat_distance=3.0)
    with pytest.raises(declutter.LabelError, match="candidate_offsets"):
        declutter.place(x=[1.0], y=[1.0], width=3.0, height=2.0, candidates=["left"], candidate_offsets=[[1, 2, 3]])


def random_lines(seed, n):
    """`n` labels on a 400×300 screen, a third of them names along gentle random curves, as
    the rows of a label-set document (the command's JSON fields)."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        row = {"id": i, "height": float(rng.uniform(8, 14)), "priority": float(rng.integers(0, 4)),
               "padding": float(rng.choice([0.0, 1.0]))}
        if rng.random() < 1 / 3:
            heading = rng.uniform(0, 2 * math.pi) + np.cumsum(rng.uniform(-0.8, 0.8, rng.integers(1, 7)))
            steps = rng.uniform(8, 50, len(heading))[:, None] * np.c_[np.cos(heading), np.sin(heading)]
            start = rng.uniform((-20, -20), (420, 320))
            row["path"] = np.vstack([start, start + np.cumsum(steps, axis=0)]).round(3).tolist()
            row["glyph_advances"] = rng.uniform(4, 10, rng.integers(1, 13)).round(3).tolist()
            if rng.random() < 1 / 3:
                row["path_offset"] = float(rng.uniform(0, 150))
            row["max_angle"] = float(rng.choice([45.0, 20.0, 90.0, 180.0]))
            row["keep_upright"] = bool(rng.random() < 2 / 3)
        else:
            row.update(x=float(rng.uniform(-20, 420)), y=float(rng.uniform(-20, 320)),
                       width=float(rng.uniform(10, 60)), angle=float(rng.choice([0.0, 30.0, 90.0])))
        rows.append(row)
    return rows


@pytest.mark.parametrize("seed", range(4))
def test_texts_along_lines_decide_as_the_command(declutter_command, tmp_path, seed):
    import subprocess

    rows = random_lines(seed, 300)
    doc = tmp_path / "lines.json"
    doc.write_text(json.dumps({"viewport": {"width": 400, "height": 300}, "labels": rows}))
    run = subprocess.run([str(declutter_command), "place", str(doc)], check=True, capture_output=True)
    expected = json.loads(run.stdout)["placements"]
    df = pd.DataFrame(rows).set_index("id")
    out = declutter.place(df, viewport=(400, 300))
    for (index, row), want in zip(out.iterrows(), expected):
        got = {"id": index, "visible": bool(row.visible)}
        if isinstance(row.reason, str):
            got["reason"] = row.reason
        if row.hidden_by >= 0:
            got["hidden_by"] = int(df.index[row.hidden_by])
        assert got == {k: v for k, v in want.items() if k in got or k in ("reason", "hidden_by")}, index
    along = out[df["path"].notna()]
    reasons = along["reason"].value_counts()
    assert along.visible.sum() > 10 and reasons.get("collision", 0) > 0
    assert reasons.get("no_room", 0) > 0 and reasons.get("too_curved", 0) > 0


def test_texts_along_lines_from_keywords_and_their_errors():
    # "ABC" along an L: too sharp a bend at the default 45°, fine at 90°.
    path = [None, [(0, 50), (30, 50), (30, 80)]]
    kw = dict(x=[100.0, np.nan], y=[10.0, np.nan], width=[20.0, np.nan], height=10.0, path=path,
              glyph_advances=[None, [10, 10, 10]])
    assert declutter.place(**kw).reason.tolist() == [None, "too_curved"]
    assert declutter.place(**kw, max_angle=90).visible.tolist() == [True, True]
    assert declutter.place(**kw, path_offset=[np.nan, 2.0]).reason.tolist() == [None, "no_room"]
    for bad, row, column in [
        (dict(glyph_advances=[None, None]), 1, "glyph_advances"),
        (dict(path=[None, [(0, 0), (0, 0), (5, 5)]]), 1, "path"),
        (dict(glyph_advances=[None, [10, -1]]), 1, "glyph_advances"),
        (dict(max_angle=[45, 200]), 1, "max_angle"),
        (dict(path=[None, [(1, 2, 3)]]), 1, "path"),
        (dict(path=[None, []]), 1, "path"),
    ]:
        with pytest.raises(declutter.LabelError) as e:
            declutter.place(**{**kw, **bad})
        assert (e.value.row, e.value.column) == (row, column), str(e.value)
    with pytest.raises(declutter.LabelError, match="column `max_angle`: needs `path`"):
        declutter.place(x=[1.0], y=[1.0], width=[1.0], height=1.0, max_angle=30)
