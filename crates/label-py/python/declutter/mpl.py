"""matplotlib: hide the overlapping ``Text`` artists of an axes, by priority.

This is the "labels on a scatter plot overlap" fix that keeps every label where it was put and
drops the less important ones. adjustText does the other thing: it *moves* labels (with arrows
back to their points) until they stop overlapping, so every label stays. Use adjustText when
every label must be read and the plot has room to push them around (a few dozen labels); use
this when there are too many labels for that (hundreds or thousands, maps, dense scatters), when
a label must stay at its point, or when the result must be deterministic and fast.
"""

import numpy as np

from ._place import place


def hide_overlapping_texts(ax, texts=None, priority=None, padding=0.0, renderer=None):
    """Hides (``set_visible(False)``) every ``Text`` of ``ax`` (or of ``texts``) that overlaps a
    more important shown one, using the texts' rendered extents (their bounding boxes on the
    canvas, in display pixels). ``priority``: one number per text, higher kept first (default:
    the order of the texts, earlier first); ``padding``: px of margin around each text.

    Texts already hidden take no part. Returns the :class:`declutter.Placement` of the texts
    that took part, in the order of ``texts`` (``ax.texts`` by default) minus hidden ones.
    """
    texts = [t for t in (ax.texts if texts is None else texts) if t.get_visible()]
    fig = ax.figure
    if renderer is None:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
    if priority is not None:
        priority = np.asarray(priority, dtype=np.float64)
        if len(priority) != len(texts):
            raise ValueError(f"priority: {len(priority)} values for {len(texts)} visible texts")
    else:
        priority = np.zeros(len(texts))
    extents = np.array([t.get_window_extent(renderer).bounds for t in texts], dtype=np.float64).reshape(-1, 4)
    height = fig.bbox.height
    # Display coordinates grow upwards; the engine's y grows downwards (contract §1).
    x0, y0, w, h = extents.T
    result = place(x=x0 + w / 2, y=height - (y0 + h / 2), width=np.maximum(w, 1e-6), height=np.maximum(h, 1e-6),
                   priority=priority, padding=padding)
    for t, shown in zip(texts, result.visible):
        if not shown:
            t.set_visible(False)
    return result
