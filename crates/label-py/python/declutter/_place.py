"""`place`: one screen of labels, from numpy arrays or a DataFrame."""

from dataclasses import dataclass

import numpy as np

from . import _native
from ._columns import columns
from ._errors import LabelError
from ._symbols import symbol_columns

#: Reason names by the native module's codes (0: visible), the engine's names: ``"collision"``,
#: ``"offscreen"``, ``"behind_camera"`` (frames), ``"repeat"``, ``"no_room"``, ``"too_curved"``.
REASONS = np.array([None, *_native.REASON_NAMES], dtype=object)
#: Parts names by the native module's codes (0: hidden, or no icon).
PARTS = np.array([None, "both", "text", "icon"], dtype=object)


@dataclass(frozen=True)
class Placement:
    """The decision for every input label, in input order."""

    #: Shown (bool).
    visible: np.ndarray
    #: Why hidden: ``"collision"``, ``"offscreen"``, ``"repeat"``, ``"no_room"``,
    #: ``"too_curved"``, or ``None`` when visible
    #: (object array).
    reason: np.ndarray
    #: Row of the earliest placed label that hid it, or -1 (int64).
    hidden_by: np.ndarray
    #: Index of the candidate position the text is shown at, or -1: hidden, without
    #: candidates, or only its icon shown (int64).
    candidate: np.ndarray
    #: Parts shown of a label with an icon: ``"both"``, ``"text"``, ``"icon"``; ``None`` when
    #: hidden or without an icon (object array).
    parts: np.ndarray
    #: A shown text along a line: its glyphs as a ``(k, 3)`` float array, one ``x, y, angle``
    #: row per glyph (centre px, reading angle in degrees counter-clockwise), in the order of
    #: the text after any upright reversal; ``None`` for other rows (object array).
    glyphs: np.ndarray = None
    #: A shown text along a line: whether its line was reversed to keep it upright; ``None``
    #: for other rows (object array).
    reversed: np.ndarray = None

    def columns(self, paths=False):
        """The results as a dict of columns, for a DataFrame (``glyphs`` and ``reversed`` with
        ``paths``)."""
        out = dict(visible=self.visible, reason=self.reason, hidden_by=self.hidden_by, candidate=self.candidate,
                   parts=self.parts)
        if paths:
            out.update(glyphs=self.glyphs, reversed=self.reversed)
        return out

    @classmethod
    def from_native(cls, arrays, glyph_arrays=None):
        """From the native module's arrays: visible and the codes; the glyphs' row starts, rows
        and reversal flags."""
        visible, reason, hidden_by, candidate, parts = arrays
        n = len(visible)
        glyphs, reversed_ = np.full(n, None, dtype=object), np.full(n, None, dtype=object)
        if glyph_arrays is not None:
            starts, rows, flags = glyph_arrays
            rows = rows.reshape(-1, 3)
            for i in np.flatnonzero(flags >= 0):
                glyphs[i] = rows[starts[i]:starts[i + 1]]
                reversed_[i] = bool(flags[i])
        return cls(visible=visible, reason=REASONS[reason], hidden_by=hidden_by, candidate=candidate,
                   parts=PARTS[parts], glyphs=glyphs, reversed=reversed_)


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
          candidates=None, candidate_offsets=None, icon_width=None, icon_height=None, icon_anchor=None,
          icon_offset=None, icon_padding=None, optional=None, repeat_group=None, repeat_distance=None,
          path=None, glyph_advances=None, path_offset=None, max_angle=None, keep_upright=None,
          viewport=None, max_overlap_area=0.0):
    """Decides which labels to show (the contract's greedy priority placement, contract §4).

    Labels come from ``data`` (a pandas DataFrame or a mapping with columns named as the
    keywords) and/or from keyword arrays; scalars broadcast. ``x``, ``y``, ``width``,
    ``height`` are required; the rest default as in the contract. ``viewport`` is
    ``(width, height)`` or ``(x0, y0, x1, y1)`` px; ``None`` culls nothing.

    Symbols (contract §3b): ``candidates`` (positions to try for the text: a list shared by
    every label, with ``candidate_offsets`` per label if they differ, or one list per row; see
    docs/python.md), an icon (``icon_width`` and ``icon_height``, NaN for rows without one;
    ``icon_anchor``, ``icon_offset``, ``icon_padding``), ``optional`` (``"none"``, ``"text"``:
    the icon may show alone, ``"icon"``: the text may), ``repeat_group`` (any names; None for
    none) with ``repeat_distance`` (px).

    Texts along lines (contract §3b "Path"): ``path``, one line per row (``(k, 2)`` screen px
    points; None for rows without), and ``glyph_advances``, the advances of its glyphs (px,
    reading order), lay a row's text glyph by glyph along its line, each glyph a box of its
    advance by the row's ``height`` (padded by ``padding``); ``path_offset`` (px along the line
    to the text's middle; NaN: the line's middle), ``max_angle`` (degrees, default 45: a sharper
    bend hides the row, ``"too_curved"``; a line too short, ``"no_room"``), ``keep_upright``
    (default true). Such a row's ``x``, ``y``, ``width``, ``angle``, ``anchor`` and ``offset``
    are not used (NaN is fine); it has no candidates and no icon.

    With a DataFrame, returns a copy with ``visible``, ``reason``, ``hidden_by`` (the hiding
    row's position, -1 for none), ``candidate`` and ``parts`` columns, and ``glyphs`` and
    ``reversed`` when it has texts along lines (see :class:`Placement`); otherwise a
    :class:`Placement`. Bad input raises :class:`declutter.LabelError` naming the row and
    column. The GIL is released while placing.
    """
    try:
        symbols = dict(candidates=candidates, candidate_offsets=candidate_offsets, icon_width=icon_width,
                       icon_height=icon_height, icon_anchor=icon_anchor, icon_offset=icon_offset,
                       icon_padding=icon_padding, optional=optional, repeat_group=repeat_group,
                       repeat_distance=repeat_distance, path=path, glyph_advances=glyph_advances,
                       path_offset=path_offset, max_angle=max_angle, keep_upright=keep_upright)
        return _place(data, viewport, max_overlap_area, symbols, x=x, y=y, width=width, height=height, angle=angle,
                      priority=priority, anchor=anchor, offset=offset, offset_x=offset_x, offset_y=offset_y,
                      padding=padding, allow_overlap=allow_overlap, ignore_placement=ignore_placement)
    except LabelError as e:
        # Name the DataFrame's own index label of the row too (its id).
        if e.row is not None and hasattr(data, "index") and e.row < len(data.index):
            e.id = data.index[e.row]
            e.args = (f"{e.args[0]} (index {e.id!r})",)
        raise


def _place(data, viewport, max_overlap_area, symbols, **given):
    cols = columns(data, **given)
    syms = symbol_columns(data, symbols, len(cols["x"]))
    outcomes, glyphs = _native.place(cols, syms, _viewport(viewport), float(max_overlap_area))
    result = Placement.from_native(outcomes, glyphs)
    if data is not None and hasattr(data, "assign"):
        return data.assign(**result.columns(paths=symbols.get("path") is not None or "path" in data))
    return result
