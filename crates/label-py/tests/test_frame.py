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
