"""FrameEngine: without memory a frame is the plain placement of what is on screen; with memory
labels fade in."""

import numpy as np
import pytest

import declutter


def labels(n=400, seed=5):
    rng = np.random.default_rng(seed)
    return dict(lon=rng.uniform(5, 15, n), lat=rng.uniform(45, 52, n), width=rng.uniform(20, 90, n),
                height=12.0, priority=rng.integers(0, 5, n).astype(float))


def test_a_frame_without_memory_is_place_of_the_screen():
    cols = labels()
    engine = declutter.FrameEngine(stable=False)
    engine.set_labels(**cols)
    frame = engine.place_frame(center_lon_lat=(10, 48.5), zoom=6, size=(1280, 720), time_ms=0)
    x, y = declutter.project(cols["lon"], cols["lat"], zoom=6, center=(10, 48.5), size=(1280, 720))
    ref = declutter.place(x=x, y=y, width=cols["width"], height=12.0, priority=cols["priority"], viewport=(1280, 720))
    assert (frame.visible == ref.visible).all()
    assert 20 < frame.visible.sum() < 400
    shown = frame.visible
    assert np.allclose(frame.x[shown], x[shown], atol=1e-6) and np.allclose(frame.y[shown], y[shown], atol=1e-6)


def test_labels_fade_in_with_memory():
    cols = labels()
    engine = declutter.FrameEngine(fade_ms=300)
    engine.set_labels(**cols)
    f0 = engine.place_frame(center_lon_lat=(10, 48.5), zoom=6, size=(1280, 720), time_ms=0)
    f1 = engine.place_frame(center_lon_lat=(10, 48.5), zoom=6, size=(1280, 720), time_ms=150)
    shown = f1.visible & f0.visible
    assert shown.any()
    assert (f1.opacity[shown] > f0.opacity[shown]).all()


def test_frame_reasons_have_the_engines_names():
    # The names every binding and document uses (snake case), frames' own included.
    assert list(declutter._place.REASONS[1:]) == [
        "collision", "offscreen", "behind_camera", "repeat", "no_room", "too_curved"]
    engine = declutter.FrameEngine(stable=False)
    # Under pitch, a label far south of the centre is behind the camera; two at the centre
    # overlap; one far east is off screen.
    engine.set_labels(lon=[0.0, 0.0, 0.0, 170.0], lat=[38.0, 38.0, -80.0, 38.0], width=40.0, height=12.0,
                      priority=[2.0, 1.0, 0.0, 0.0])
    frame = engine.place_frame(center_lon_lat=(0, 38), zoom=2, size=(400, 300), time_ms=0, pitch=60)
    assert frame.reason.tolist() == [None, "collision", "behind_camera", "offscreen"]


def test_an_off_centre_camera_places_the_shifted_screen():
    # The centre of perspective `offset` px off the viewport's middle (a map's padding): looking
    # straight down, the screen is the centred one moved by the offset, and a frame without
    # memory is the plain placement of that moved screen in the same viewport.
    cols = labels(n=1500)
    engine = declutter.FrameEngine(stable=False)
    engine.set_labels(**cols)
    offset = (250.0, -120.0)
    frame = engine.place_frame(center_lon_lat=(10, 48.5), zoom=6, size=(1280, 720), time_ms=0, center_offset=offset)
    x, y = declutter.project(cols["lon"], cols["lat"], zoom=6, center=(10, 48.5), size=(1280, 720))
    x, y = x + offset[0], y + offset[1]
    ref = declutter.place(x=x, y=y, width=cols["width"], height=12.0, priority=cols["priority"], viewport=(1280, 720))
    assert (frame.visible == ref.visible).all()
    centred = engine.place_frame(center_lon_lat=(10, 48.5), zoom=6, size=(1280, 720), time_ms=0)
    off = (frame.reason == "offscreen", centred.reason == "offscreen")
    assert (off[0] != off[1]).sum() > 10, "the offset moved which labels are on screen"
    shown = frame.visible
    assert np.allclose(frame.x[shown], x[shown], atol=1e-6) and np.allclose(frame.y[shown], y[shown], atol=1e-6)


def centred_around(size, fov, offset):
    """The centred camera's size and field of view that see what an off-centre camera sees, and
    where its viewport's corner lies in the centred one's (label-frame's projection tests)."""
    o = np.abs(offset)
    big = np.asarray(size) + 2 * o
    distance = size[1] / 2 / np.tan(np.radians(fov) / 2)
    return tuple(big), float(np.degrees(2 * np.arctan(big[1] / 2 / distance))), o - np.asarray(offset)


def test_fov_and_center_offset_under_pitch_project_like_the_centred_camera_around_them():
    # Under pitch, a camera whose centre of perspective is off the middle sees what the larger
    # centred viewport around it sees (its field of view widened to the same camera distance),
    # cut at the canvas: every anchor is drawn where that camera draws it, less the corner.
    cols = labels(n=1500)
    engine = declutter.FrameEngine(stable=False)
    engine.set_labels(**cols)
    camera = dict(center_lon_lat=(10, 48.5), zoom=6, time_ms=0, bearing=30, pitch=55)
    for fov, offset in [(50.0, (200.0, -90.0)), (20.0, (-310.0, 170.0))]:
        frame = engine.place_frame(size=(1280, 720), fov=fov, center_offset=offset, **camera)
        size, wide, corner = centred_around((1280, 720), fov, offset)
        ref = engine.place_frame(size=size, fov=wide, **camera)
        drawn = np.isfinite(frame.x)
        assert drawn.sum() > 100 and frame.visible.sum() > 20
        assert np.allclose(frame.x[drawn], ref.x[drawn] - corner[0], atol=1e-6)
        assert np.allclose(frame.y[drawn], ref.y[drawn] - corner[1], atol=1e-6)
        assert np.allclose(frame.angle[drawn], ref.angle[drawn], atol=1e-9)


def test_fov_changes_what_is_in_view_under_pitch_only():
    # Labels from the Sahara to Svalbard, seen from Bavaria looking north.
    rng = np.random.default_rng(7)
    cols = dict(lon=rng.uniform(-10, 30, 1500), lat=rng.uniform(20, 80, 1500), width=rng.uniform(20, 90, 1500),
                height=12.0, priority=rng.integers(0, 5, 1500).astype(float))
    engine = declutter.FrameEngine(stable=False)
    engine.set_labels(**cols)
    camera = dict(center_lon_lat=(10, 48.5), zoom=6, size=(1280, 720), time_ms=0)
    # Straight down the field of view changes nothing.
    flat = [engine.place_frame(fov=fov, **camera) for fov in (20, 90)]
    assert (flat[0].visible == flat[1].visible).all()
    assert np.allclose(flat[0].x, flat[1].x, atol=1e-6, equal_nan=True)
    # Under pitch a wider field of view (the camera nearer the ground, the zoom's scale kept at
    # the centre) sees farther up the screen and less far down it.
    frames = [engine.place_frame(fov=fov, pitch=60, **camera) for fov in (20, None, 60)]
    in_view = [(f.reason != "offscreen") & (f.reason != "behind_camera") for f in frames]
    north = [cols["lat"][v].max() for v in in_view]
    south = [cols["lat"][v].min() for v in in_view]
    assert north[0] + 2 < north[1] < north[2] - 2 and south[0] < south[1] < south[2], (north, south)
    assert (frames[0].visible != frames[2].visible).sum() > 50
    # None is label-frame's default, MapLibre's field of view.
    explicit = engine.place_frame(fov=36.86989764584402, pitch=60, **camera)
    assert (explicit.visible == frames[1].visible).all() and np.array_equal(explicit.x, frames[1].x, equal_nan=True)


@pytest.mark.parametrize("field, value, problem", [
    ("center_offset", (float("nan"), 0.0), "finite"),
    ("center_offset", (0.0, float("inf")), "finite"),
    ("center_offset", (640.5, 0.0), "640.5"),
    ("center_offset", (0.0, -360.5), "360.5"),
    ("center_offset", (1.0, 2.0, 3.0), "two numbers"),
    ("center_offset", 5.0, "two numbers"),
    ("center_offset", ("a", 1.0), "a number"),
    ("center_offset", ("5", 0.0), "a number"),
    ("center_offset", (True, 0.0), "a number"),
    ("fov", float("nan"), "finite"),
    ("fov", 0.0, ""),
    ("fov", -10.0, ""),
    ("fov", 120.5, "120"),
    ("fov", "wide", "a number"),
    ("fov", "36", "a number"),
])
def test_a_bad_fov_or_center_offset_names_the_field(field, value, problem):
    engine = declutter.FrameEngine(stable=False)
    engine.set_labels(**labels(n=50))
    camera = dict(center_lon_lat=(10, 48.5), zoom=6, size=(1280, 720), time_ms=0, pitch=40)
    with pytest.raises(ValueError, match=f"`{field}`") as error:
        engine.place_frame(**camera, **{field: value})
    assert problem in str(error.value)
    # Nothing changed: the next good frame places.
    assert engine.place_frame(**camera, center_offset=(640.0, -360.0), fov=120).visible.any()


@pytest.mark.parametrize("value, problem", [
    ("10,48", "two numbers"),
    (10.0, "two numbers"),
    ((10.0, 48.5, 0.0), "two numbers"),
    ((10.0,), "two numbers"),
    (("10", 48.5), "a number"),
    ((True, 48.5), "a number"),
    ((10.0, float("nan")), "finite"),
    ((float("inf"), 48.5), "finite"),
    ((10.0, 90.5), "at most 90, got 90.5"),
    ((10.0, -1e300), "at most 90, got -1e300"),
    ((360.5, 48.5), "at most 360, got 360.5"),
])
def test_a_bad_center_lon_lat_names_the_field(value, problem):
    # The limits of the JS and C cameras' longitude and latitude (label-core's limits table).
    engine = declutter.FrameEngine(stable=False)
    engine.set_labels(**labels(n=50))
    camera = dict(zoom=6, size=(1280, 720), time_ms=0)
    with pytest.raises(ValueError, match="`center_lon_lat`") as error:
        engine.place_frame(center_lon_lat=value, **camera)
    assert problem in str(error.value)
    # A good centre still places, at the extremes of the limits too (Web Mercator clamps a
    # latitude past ±85.05° to its edge; a longitude one wrap past ±180° is a copy of the world).
    shown = engine.place_frame(center_lon_lat=(10.0, 48.5), **camera).visible
    assert shown.any()
    assert (engine.place_frame(center_lon_lat=(-350.0, 48.5), **camera).visible == shown).all()
    for lon, lat in ((-360.0, 90.0), (360.0, -90.0)):
        engine.place_frame(center_lon_lat=(lon, lat), **camera)


def test_center_and_center_lon_lat_are_one_or_the_other():
    engine = declutter.FrameEngine(stable=False)
    engine.set_labels(**labels(n=50))
    camera = dict(zoom=6, size=(1280, 720), time_ms=0)
    with pytest.raises(ValueError, match="one of `center`.*or `center_lon_lat`"):
        engine.place_frame(center=(128.0, 128.0), center_lon_lat=(10, 48.5), **camera)
    with pytest.raises(ValueError, match="one of `center`.*or `center_lon_lat`"):
        engine.place_frame(**camera)


@pytest.mark.parametrize("column, value, problem", [
    ("lat", 90.5, "at most 90, got 90.5"),
    ("lat", -1e300, "at most 90, got -1e300"),
    ("lat", float("nan"), "finite"),
    ("lon", 360.5, "at most 360, got 360.5"),
    ("lon", float("inf"), "finite"),
])
def test_a_bad_label_lon_lat_names_its_row_and_column(column, value, problem):
    # The limits of the JS and C labels' longitude and latitude; a latitude past ±85.05° was
    # clamped to the map's edge before, a longitude of 1e300 refused as a world position.
    cols = labels(n=5)
    cols[column] = cols[column].copy()
    cols[column][3] = value
    engine = declutter.FrameEngine(stable=False)
    with pytest.raises(declutter.LabelError, match=f"row 3, column `{column}`") as error:
        engine.set_labels(**cols)
    assert problem in str(error.value) and (error.value.row, error.value.column) == (3, column)
    # At the limits, labels are taken (Web Mercator shows a latitude past ±85.05° at its edge).
    cols[column][3] = 90.0 if column == "lat" else -360.0
    engine.set_labels(**cols)
    assert engine.place_frame(center_lon_lat=(10, 48.5), zoom=6, size=(1280, 720), time_ms=0).visible.any()


@pytest.mark.parametrize("given", ["lon", "lat"])
def test_lon_without_lat_names_the_missing_column(given):
    # Before, the missing one was read as one NaN: "row 0 … finite" or a length mismatch.
    cols = labels(n=5)
    missing = "lat" if given == "lon" else "lon"
    del cols[missing]
    with pytest.raises(declutter.LabelError, match=f"missing column `{missing}`") as error:
        declutter.FrameEngine().set_labels(**cols)
    assert error.value.column == missing
