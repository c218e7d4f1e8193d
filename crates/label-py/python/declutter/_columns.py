"""Label columns: from keyword arrays or a DataFrame to the dict of contiguous, typed numpy
arrays the native module reads, with defaults filled in and bad values named by row and
column."""

import numpy as np

from ._errors import LabelError

#: The nine anchors of contract §2, in the native module's numbering.
ANCHORS = ("center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right")
_ANCHOR_CODE = {name: code for code, name in enumerate(ANCHORS)}

#: Float columns and their defaults (None: required).
FLOATS = {
    "x": None,
    "y": None,
    "width": None,
    "height": None,
    "angle": 0.0,
    "priority": 0.0,
    "offset_x": 0.0,
    "offset_y": 0.0,
    "padding": 0.0,
}
FLAGS = ("allow_overlap", "ignore_placement")
#: Every column `place` reads.
COLUMNS = tuple(FLOATS) + ("anchor",) + FLAGS


def _float_column(name, value, n):
    try:
        a = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as e:
        raise LabelError(f"column `{name}`: expected numbers ({e})", None, name) from None
    if a.ndim == 0:
        a = np.full(n, float(a))
    if a.shape != (n,):
        raise LabelError(f"column `{name}`: {a.shape} values for {n} labels", None, name)
    return np.ascontiguousarray(a)


def _anchor_column(value, n):
    if value is None:
        return np.zeros(n, dtype=np.uint8)
    if isinstance(value, str):
        value = [value] * n
    if isinstance(value, np.ndarray) and value.dtype == np.uint8:
        # Already numbered (columns this module made).
        if value.shape != (n,) or (value >= len(ANCHORS)).any():
            raise LabelError(f"column `anchor`: expected {n} anchor numbers below {len(ANCHORS)}", None, "anchor")
        return np.ascontiguousarray(value)
    names = list(value)
    if len(names) != n:
        raise LabelError(f"column `anchor`: {len(names)} values for {n} labels", None, "anchor")
    codes = np.empty(n, dtype=np.uint8)
    for row, name in enumerate(names):
        code = _ANCHOR_CODE.get(name)
        if code is None:
            raise LabelError(
                f"row {row}, column `anchor`: unknown anchor {name!r}; expected one of {', '.join(ANCHORS)}",
                row,
                "anchor",
            )
        codes[row] = code
    return codes


def _flag_column(name, value, n):
    if value is None:
        return np.zeros(n, dtype=bool)
    a = np.asarray(value)
    if a.ndim == 0:
        a = np.full(n, bool(a))
    if a.shape != (n,):
        raise LabelError(f"column `{name}`: {a.shape} values for {n} labels", None, name)
    if a.dtype != bool:
        bad = [row for row, v in enumerate(a.tolist()) if v not in (0, 1, True, False)]
        if bad:
            raise LabelError(f"row {bad[0]}, column `{name}`: expected true or false, got {a[bad[0]]!r}", bad[0], name)
    return np.ascontiguousarray(a.astype(bool))


def columns(source=None, **given):
    """The native columns from `source` (a DataFrame or a mapping of columns) and/or keyword
    arrays (which win). `offset` may be given as an (n, 2) array instead of offset_x/offset_y."""
    values = {}
    if source is not None:
        keys = list(source.columns) if hasattr(source, "columns") else list(source)
        for k in keys:
            if k in COLUMNS or k == "offset":
                values[k] = source[k].to_numpy() if hasattr(source[k], "to_numpy") else source[k]
    values.update({k: v for k, v in given.items() if v is not None})
    if "offset" in values:
        off = np.asarray(values.pop("offset"), dtype=np.float64)
        if off.ndim != 2 or off.shape[1] != 2:
            raise LabelError(f"column `offset`: expected (n, 2) numbers, got shape {off.shape}", None, "offset")
        values.setdefault("offset_x", off[:, 0])
        values.setdefault("offset_y", off[:, 1])
    for name, default in FLOATS.items():
        if default is None and name not in values:
            raise LabelError(f"missing column `{name}`", None, name)
    n = int(np.asarray(values["x"]).shape[0]) if np.asarray(values["x"]).ndim else 1
    out = {name: _float_column(name, values.get(name, default), n) for name, default in FLOATS.items()}
    out["anchor"] = _anchor_column(values.get("anchor"), n)
    for name in FLAGS:
        out[name] = _flag_column(name, values.get(name), n)
    return out


def take(cols, rows):
    """The columns of the given rows (an index array or a boolean mask)."""
    return {k: np.ascontiguousarray(v[rows]) for k, v in cols.items()}
