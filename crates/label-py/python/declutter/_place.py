"""`place`: one screen of labels, from numpy arrays or a DataFrame."""

from dataclasses import dataclass

import numpy as np

from . import _native
from ._columns import columns
from ._errors import LabelError

#: Reason names by the native module's codes (0: visible).
REASONS = np.array([None, "collision", "offscreen", "behind-camera", "other"], dtype=object)


@dataclass(frozen=True)
class Placement:
    """The decision for every input label, in input order."""

    #: Shown (bool).
    visible: np.ndarray
    #: Why hidden: ``"collision"``, ``"offscreen"``, or ``None`` when visible (object array).
    reason: np.ndarray
    #: Row of the earliest placed label that hid it, or -1 (int64).
    hidden_by: np.ndarray


def _viewport(viewport):
    if viewport is None:
        return None
    v = tuple(float(c) for c in viewport)
    if len(v) == 2:
        return (0.0, 0.0, v[0], v[1])
    if len(v) != 4:
        raise ValueError(f"viewport: expected (width, height) or (x0, y0, x1, y1), got {viewport!r}")
    return v


def place(data=None, *, x=None, y=None, width=None, height=None, angle=None, priority=None, anchor=None,
          offset=None, offset_x=None, offset_y=None, padding=None, allow_overlap=None, ignore_placement=None,
          viewport=None, max_overlap_area=0.0):
    """Decides which labels to show (the contract's greedy priority placement, contract §4).

    Labels come from ``data`` (a pandas DataFrame or a mapping with columns named as the
    keywords) and/or from keyword arrays; scalars broadcast. ``x``, ``y``, ``width``,
    ``height`` are required; the rest default as in the contract. ``viewport`` is
    ``(width, height)`` or ``(x0, y0, x1, y1)`` px; ``None`` culls nothing.

    With a DataFrame, returns a copy with ``visible``, ``reason`` and ``hidden_by`` columns
    (``hidden_by`` as the hiding row's position, -1 for none); otherwise a :class:`Placement`.
    Bad input raises :class:`declutter.LabelError` naming the row and column. The GIL is
    released while placing.
    """
    try:
        return _place(data, viewport, max_overlap_area, x=x, y=y, width=width, height=height, angle=angle,
                      priority=priority, anchor=anchor, offset=offset, offset_x=offset_x, offset_y=offset_y,
                      padding=padding, allow_overlap=allow_overlap, ignore_placement=ignore_placement)
    except LabelError as e:
        # Name the DataFrame's own index label of the row too (its id).
        if e.row is not None and hasattr(data, "index") and e.row < len(data.index):
            e.id = data.index[e.row]
            e.args = (f"{e.args[0]} (index {e.id!r})",)
        raise


def _place(data, viewport, max_overlap_area, **given):
    cols = columns(data, **given)
    visible, reason, hidden_by = _native.place(cols, _viewport(viewport), float(max_overlap_area))
    result = Placement(visible=visible, reason=REASONS[reason], hidden_by=hidden_by)
    if data is not None and hasattr(data, "assign"):
        return data.assign(visible=result.visible, reason=result.reason, hidden_by=result.hidden_by)
    return result
