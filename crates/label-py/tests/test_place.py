"""declutter.place against a plain brute-force reference written here (the contract's greedy
definition on axis-aligned boxes, every column used), and its errors."""

import threading
import time

import numpy as np
import pandas as pd
import pytest

import declutter

SHIFT = {"center": (0, 0), "left": (0.5, 0), "right": (-0.5, 0), "top": (0, 0.5), "bottom": (0, -0.5),
         "top-left": (0.5, 0.5), "top-right": (-0.5, 0.5), "bottom-left": (0.5, -0.5), "bottom-right": (-0.5, -0.5)}


def brute_force(df, viewport):
    """contract §2-§4 for angles that are multiples of 90° (boxes stay axis-aligned), O(n²)."""
    n = len(df)
    boxes = []
    for r in df.itertuples():
        quarter = int(round(r.angle / 90.0)) % 4
        sx, sy = SHIFT[r.anchor]
        cx, cy = r.offset_x + sx * r.width, r.offset_y + sy * r.height
        # u = (cos, -sin), v = (sin, cos): turn the label-frame centre onto the screen.
        u, v = [(1, 0), (0, -1), (-1, 0), (0, 1)][quarter], [(0, 1), (1, 0), (0, -1), (-1, 0)][quarter]
        x, y = r.x + cx * u[0] + cy * v[0], r.y + cx * u[1] + cy * v[1]
        hw, hh = r.width / 2 + r.padding, r.height / 2 + r.padding
        if quarter % 2:
            hw, hh = hh, hw
        boxes.append((x - hw, y - hh, x + hw, y + hh))

    def overlap(a, b):
        return min(a[2], b[2]) - max(a[0], b[0]) > 1 / 1024 and min(a[3], b[3]) - max(a[1], b[1]) > 1 / 1024

    vp = (0, 0, viewport[0], viewport[1])
    visible = np.zeros(n, dtype=bool)
    reason = np.full(n, None, dtype=object)
    hidden_by = np.full(n, -1)
    order = sorted(range(n), key=lambda i: (-df.priority.iloc[i], i))
    placed = []
    for i in order:
        if not overlap(boxes[i], vp):
            reason[i] = "offscreen"
            continue
        blocker = next((k for k in placed if not df.ignore_placement.iloc[k] and overlap(boxes[i], boxes[k])), None)
        if blocker is None or df.allow_overlap.iloc[i]:
            visible[i] = True
            placed.append(i)
        else:
            reason[i], hidden_by[i] = "collision", blocker
    return visible, reason, hidden_by


def random_labels(seed, n):
    rng = np.random.default_rng(seed)
    return pd.DataFrame({
        "x": rng.integers(-20, 420, n).astype(float),
        "y": rng.integers(-20, 320, n).astype(float),
        "width": rng.integers(1, 60, n).astype(float),
        "height": rng.integers(1, 20, n).astype(float),
        "angle": rng.choice([0.0, 90.0, 180.0, -90.0], n),
        "priority": rng.integers(0, 4, n).astype(float),
        "anchor": rng.choice(list(SHIFT), n),
        "offset_x": rng.integers(-4, 5, n).astype(float),
        "offset_y": rng.integers(-4, 5, n).astype(float),
        "padding": rng.choice([0.0, 0.5, 2.0], n),
        "allow_overlap": rng.random(n) < 0.1,
        "ignore_placement": rng.random(n) < 0.1,
    })


@pytest.mark.parametrize("seed", range(12))
def test_place_matches_the_brute_force_reference(seed):
    df = random_labels(seed, 250)
    out = declutter.place(df, viewport=(400, 300))
    visible, reason, hidden_by = brute_force(df, (400, 300))
    assert (out["visible"].to_numpy() == visible).all()
    assert [r if isinstance(r, str) else None for r in out["reason"]] == list(reason)
    assert (out["hidden_by"].to_numpy() == hidden_by).all()
    # The input columns come back untouched, in input order.
    pd.testing.assert_frame_equal(out[df.columns], df)


def test_arrays_in_placement_out():
    p = declutter.place(x=[50, 60, 500], y=[50, 55, 50], width=80, height=20, priority=[1, 2, 0], viewport=(400, 300))
    assert isinstance(p, declutter.Placement)
    assert p.visible.tolist() == [False, True, False]
    assert p.reason.tolist() == ["collision", None, "offscreen"]
    assert p.hidden_by.tolist() == [1, -1, -1]


def test_offset_as_pairs_and_rotation_counter_clockwise():
    # Turned 90° counter-clockwise about its left end, a 40x10 label reads upwards from (100, 100):
    # it covers y in [60, 100], so a label at (100, 80) collides and one at (120, 80) does not.
    p = declutter.place(x=[100, 100, 120], y=[100, 80, 80], width=[40, 4, 4], height=[10, 4, 4],
                        angle=[90, 0, 0], anchor=["left", "center", "center"], priority=[2, 1, 1],
                        offset=np.zeros((3, 2)))
    assert p.visible.tolist() == [True, False, True]


@pytest.mark.parametrize(
    "kwargs, row, column",
    [
        ({"width": [3.0, -1.0]}, 1, "width"),
        ({"x": [1.0, np.nan]}, 1, "x"),
        ({"padding": [0.0, -2.0]}, 1, "padding"),
        ({"anchor": ["center", "middle"]}, 1, "anchor"),
        ({"allow_overlap": [True, 7]}, 1, "allow_overlap"),
        ({"angle": [1e300, 0.0]}, 0, "angle"),
    ],
)
def test_bad_input_names_the_row_and_column(kwargs, row, column):
    cols = {"x": [1.0, 2.0], "y": [1.0, 2.0], "width": [3.0, 3.0], "height": [2.0, 2.0]}
    cols.update(kwargs)
    with pytest.raises(declutter.LabelError) as e:
        declutter.place(**cols)
    assert (e.value.row, e.value.column) == (row, column)
    assert f"row {row}" in str(e.value) and column in str(e.value)


def test_missing_and_mismatched_columns_are_named():
    with pytest.raises(declutter.LabelError, match="missing column `height`"):
        declutter.place(x=[1.0], y=[1.0], width=[1.0])
    with pytest.raises(declutter.LabelError, match="column `y`"):
        declutter.place(x=[1.0, 2.0], y=[1.0], width=1.0, height=1.0)
    with pytest.raises(ValueError, match="viewport"):
        declutter.place(x=[1.0], y=[1.0], width=1.0, height=1.0, viewport=(0, 0, 0, 5))


def test_the_gil_is_released_while_placing():
    rng = np.random.default_rng(0)
    n = 400_000
    args = dict(x=rng.uniform(0, 20000, n), y=rng.uniform(0, 20000, n), width=30.0, height=10.0,
                priority=rng.uniform(0, 1, n))
    done = threading.Event()
    ticks = []

    def work():
        declutter.place(**args)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    # The main thread kept running Python while the engine worked.
    assert len(ticks) > 20


def test_a_dataframe_row_is_also_named_by_its_index_label():
    df = pd.DataFrame({"x": [1.0, 2.0], "y": [1.0, 2.0], "width": [3.0, 0.0], "height": 2.0}, index=["wien", "graz"])
    with pytest.raises(declutter.LabelError) as e:
        declutter.place(df)
    assert (e.value.row, e.value.column, e.value.id) == (1, "width", "graz")
    assert "index 'graz'" in str(e.value)
