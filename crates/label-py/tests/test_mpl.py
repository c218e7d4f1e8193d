"""hide_overlapping_texts on a real figure: shown texts do not overlap, priorities win."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import declutter  # noqa: E402


def test_shown_texts_do_not_overlap_and_priority_wins():
    rng = np.random.default_rng(3)
    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    x, y = rng.uniform(0, 1, 300), rng.uniform(0, 1, 300)
    ax.scatter(x, y, s=4)
    texts = [ax.text(a, b, f"point {i}", fontsize=8) for i, (a, b) in enumerate(zip(x, y))]
    priority = np.arange(300, 0, -1.0)
    result = declutter.hide_overlapping_texts(ax, priority=priority)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    shown = [t for t in texts if t.get_visible()]
    assert 10 < len(shown) < 300 and result.visible.sum() == len(shown)
    assert texts[0].get_visible()  # the most important one is always shown
    boxes = [t.get_window_extent(renderer) for t in shown]
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a, b = boxes[i], boxes[j]
            ox = min(a.x1, b.x1) - max(a.x0, b.x0)
            oy = min(a.y1, b.y1) - max(a.y0, b.y0)
            assert ox <= 1e-3 or oy <= 1e-3
    plt.close(fig)
