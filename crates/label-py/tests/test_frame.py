"""FrameEngine: without memory a frame is the plain placement of what is on screen; with memory
labels fade in."""

import numpy as np

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
