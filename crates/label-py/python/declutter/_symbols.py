"""Symbol fields (contract §3b) from keywords or DataFrame columns to the arrays the native
module reads (src/symbols.rs): candidate positions in compressed rows, the icon, which part is
optional, and repeat groups.

Texts along lines: ``path`` holds one line per row (an ``(k, 2)`` array-like of screen px
points, or None / NaN for a row without), ``glyph_advances`` the glyphs' advances of those rows
(px, in reading order); ``path_offset`` (NaN: the middle), ``max_angle`` and ``keep_upright``
are scalars or columns.

Candidates come in one of two shapes:

- **shared**: a plain list of positions that every label tries, in order. A position is an
  anchor name (``"left"``), an ``(anchor, (dx, dy))`` pair, or the contract's JSON form
  ``{"anchor": "left", "offset": [dx, dy]}``. ``candidate_offsets`` may then replace the
  listed offsets: an ``(n, k, 2)`` array (per label, e.g. scaled by each label's font size) or
  a ``(k, 2)`` one.
- **per row**: a pandas Series, a numpy object array or a DataFrame column ``candidates``,
  whose entries are each a list of positions, or ``None`` / an empty list for the label's own
  ``anchor`` and ``offset``.
"""

import numpy as np

from ._columns import ANCHORS, _ANCHOR_CODE, _float_column
from ._errors import LabelError

#: Every keyword (and DataFrame column) this module reads.
FIELDS = ("candidates", "candidate_offsets", "icon_width", "icon_height", "icon_anchor", "icon_offset",
          "icon_offset_x", "icon_offset_y", "icon_padding", "optional", "repeat_group", "repeat_distance",
          "path", "glyph_advances", "path_offset", "max_angle", "keep_upright")
#: `max_angle` of a path when not given, degrees (MapLibre's text-max-angle).
DEFAULT_MAX_ANGLE = 45.0
#: `optional` values by their native code.
OPTIONAL = ("none", "text", "icon")


def _anchor(name, row, column):
    code = _ANCHOR_CODE.get(name) if isinstance(name, str) else None
    if code is None:
        where = f"row {row}, column `{column}`" if row is not None else f"column `{column}`"
        raise LabelError(f"{where}: unknown anchor {name!r}; expected one of {', '.join(ANCHORS)}", row, column)
    return code


def _position(spec, row):
    """(anchor code, dx, dy) of one candidate position."""
    where = f"row {row}, column `candidates`" if row is not None else "column `candidates`"
    if isinstance(spec, str):
        return _anchor(spec, row, "candidates"), 0.0, 0.0
    if isinstance(spec, dict):
        unknown = set(spec) - {"anchor", "offset"}
        if unknown:
            raise LabelError(f"{where}: unknown position field {sorted(unknown)[0]!r} (anchor, offset)", row,
                             "candidates")
        name, offset = spec.get("anchor", "center"), spec.get("offset", (0.0, 0.0))
    else:
        try:
            name, offset = spec
        except (TypeError, ValueError):
            raise LabelError(f"{where}: expected an anchor name, (anchor, (dx, dy)) or "
                             f"{{'anchor': …, 'offset': [dx, dy]}}, got {spec!r}", row, "candidates") from None
    try:
        dx, dy = (float(v) for v in offset)
    except (TypeError, ValueError):
        raise LabelError(f"{where}: expected an offset (dx, dy), got {offset!r}", row, "candidates") from None
    return _anchor(name, row, "candidates"), dx, dy


def _missing(v):
    return v is None or (isinstance(v, float) and np.isnan(v))


def _candidates(value, offsets, n):
    """starts, anchors, dx, dy."""
    if value is None:
        if offsets is not None:
            raise LabelError("column `candidate_offsets`: needs shared `candidates`", None, "candidate_offsets")
        return np.zeros(n + 1, dtype=np.uint64), np.zeros(0, dtype=np.uint8), np.zeros(0), np.zeros(0)
    per_row = hasattr(value, "to_numpy") or (isinstance(value, np.ndarray) and value.dtype == object)
    if per_row:
        if offsets is not None:
            raise LabelError("column `candidate_offsets`: only with shared `candidates` (a list)", None,
                             "candidate_offsets")
        rows = list(value.to_numpy() if hasattr(value, "to_numpy") else value)
        if len(rows) != n:
            raise LabelError(f"column `candidates`: {len(rows)} values for {n} labels", None, "candidates")
        lists = [[] if _missing(r) else [_position(p, row) for p in r] for row, r in enumerate(rows)]
        counts = np.array([len(c) for c in lists], dtype=np.uint64)
        flat = [p for c in lists for p in c]
    else:
        shared = [_position(p, None) for p in value]
        k = len(shared)
        counts = np.full(n, k, dtype=np.uint64)
        flat = shared * n
        if offsets is not None:
            off = np.asarray(offsets, dtype=np.float64)
            if off.shape == (k, 2):
                off = np.broadcast_to(off, (n, k, 2))
            if off.shape != (n, k, 2):
                raise LabelError(f"column `candidate_offsets`: expected ({n}, {k}, 2) or ({k}, 2) numbers, got "
                                 f"shape {off.shape}", None, "candidate_offsets")
            off = off.reshape(n * k, 2)
            flat = [(a, dx, dy) for (a, _, _), (dx, dy) in zip(flat, off.tolist())]
    starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.uint64)
    anchors = np.array([p[0] for p in flat], dtype=np.uint8)
    dx = np.array([p[1] for p in flat], dtype=np.float64)
    dy = np.array([p[2] for p in flat], dtype=np.float64)
    return starts, anchors, dx, dy


def _names(value, n, column, codes, default):
    """A column of names (one for all, or one per row) as codes; None or NaN: `default`."""
    if isinstance(value, str):
        value = [value] * n
    names = list(value)
    if len(names) != n:
        raise LabelError(f"column `{column}`: {len(names)} values for {n} labels", None, column)
    out = np.empty(n, dtype=np.uint8)
    for row, name in enumerate(names):
        code = codes[default] if _missing(name) else codes.get(name) if isinstance(name, str) else None
        if code is None:
            raise LabelError(f"row {row}, column `{column}`: unknown value {name!r}; expected one of "
                             f"{', '.join(codes)}", row, column)
        out[row] = code
    return out


def _groups(value, n):
    """Repeat groups as numbers: equal values, equal numbers; None or NaN: no group (-1)."""
    if isinstance(value, str) or not hasattr(value, "__len__"):
        value = [value] * n
    values = list(value.to_numpy() if hasattr(value, "to_numpy") else value)
    if len(values) != n:
        raise LabelError(f"column `repeat_group`: {len(values)} values for {n} labels", None, "repeat_group")
    numbers = {}
    out = np.full(n, -1, dtype=np.int64)
    for row, v in enumerate(values):
        if _missing(v):
            continue
        try:
            out[row] = numbers.setdefault(v, len(numbers))
        except TypeError:
            raise LabelError(f"row {row}, column `repeat_group`: expected a name (a string or a number), "
                             f"got {v!r}", row, "repeat_group") from None
    return out


def _rows(value, n, column):
    """One entry per row from a column (a Series, an object array or a list)."""
    rows = list(value.to_numpy() if hasattr(value, "to_numpy") else value)
    if len(rows) != n:
        raise LabelError(f"column `{column}`: {len(rows)} values for {n} labels", None, column)
    return rows


def _paths(values, n):
    """The native path columns, or {} when no row has a path."""
    if values.get("path") is None:
        for name in ("glyph_advances", "path_offset", "max_angle", "keep_upright"):
            if values.get(name) is not None:
                raise LabelError(f"column `{name}`: needs `path`", None, name)
        return {}
    paths = _rows(values["path"], n, "path")
    advances = _rows(values.get("glyph_advances", [None] * n), n, "glyph_advances")
    points, glyphs, point_counts, glyph_counts = [], [], np.zeros(n, np.uint64), np.zeros(n, np.uint64)
    for row, (p, a) in enumerate(zip(paths, advances)):
        if _missing(p) != _missing(a):
            column = "glyph_advances" if _missing(a) else "path"
            raise LabelError(f"row {row}, column `{column}`: `path` and `glyph_advances` go together", row, column)
        if _missing(p):
            continue
        try:
            xy = np.asarray(p, dtype=np.float64)
            g = np.asarray(a, dtype=np.float64)
        except (TypeError, ValueError):
            xy = g = None
        if xy is None or xy.ndim != 2 or xy.shape[1] != 2:
            raise LabelError(f"row {row}, column `path`: expected (x, y) points, got {p!r}", row, "path")
        if g is None or g.ndim != 1:
            raise LabelError(f"row {row}, column `glyph_advances`: expected numbers, got {a!r}", row,
                             "glyph_advances")
        if len(xy) == 0:
            raise LabelError(f"row {row}, column `path`: expected at least 2 points, got 0", row, "path")
        points.append(xy)
        glyphs.append(g)
        point_counts[row], glyph_counts[row] = len(points[-1]), len(g)
    flat = np.concatenate(points) if points else np.zeros((0, 2))
    upright = values.get("keep_upright", True)
    upright = np.broadcast_to(np.asarray(upright, dtype=bool), (n,)) if np.ndim(upright) == 0 else upright
    return {
        "path_starts": np.concatenate([[0], np.cumsum(point_counts)]).astype(np.uint64),
        "path_x": np.ascontiguousarray(flat[:, 0]),
        "path_y": np.ascontiguousarray(flat[:, 1]),
        "glyph_starts": np.concatenate([[0], np.cumsum(glyph_counts)]).astype(np.uint64),
        "glyph_advance": np.concatenate(glyphs) if glyphs else np.zeros(0),
        "path_offset": _float_column("path_offset", values.get("path_offset", np.nan), n),
        "max_angle": _float_column("max_angle", values.get("max_angle", DEFAULT_MAX_ANGLE), n),
        "keep_upright": np.ascontiguousarray(_rows(upright, n, "keep_upright"), dtype=bool),
    }


def symbol_columns(source, given, n):
    """The native symbol columns for `n` labels from `source` (a DataFrame or a mapping) and
    keyword values `given` (which win), or None when no symbol field is given."""
    values = {}
    if source is not None:
        keys = list(source.columns) if hasattr(source, "columns") else list(source)
        values.update({k: source[k] for k in keys if k in FIELDS})
        if "candidates" in values and not hasattr(values["candidates"], "to_numpy"):
            # A column of a mapping: one list per row.
            rows = list(values["candidates"])
            values["candidates"] = np.empty(len(rows), dtype=object)
            values["candidates"][:] = rows
    values.update({k: v for k, v in given.items() if v is not None})
    if not values:
        return None
    out = {}
    (out["candidate_starts"], out["candidate_anchor"], out["candidate_offset_x"],
     out["candidate_offset_y"]) = _candidates(values.get("candidates"), values.get("candidate_offsets"), n)
    width, height = values.get("icon_width"), values.get("icon_height")
    if (width is None) != (height is None):
        raise LabelError("columns `icon_width` and `icon_height`: give both or neither", None,
                         "icon_width" if width is None else "icon_height")
    out["icon_width"] = _float_column("icon_width", np.nan if width is None else width, n)
    out["icon_height"] = _float_column("icon_height", np.nan if height is None else height, n)
    out["icon_anchor"] = _names(values.get("icon_anchor", "center"), n, "icon_anchor", _ANCHOR_CODE, "center")
    if "icon_offset" in values:
        off = np.asarray(values.pop("icon_offset"), dtype=np.float64)
        if off.shape == (2,):
            off = np.broadcast_to(off, (n, 2))
        if off.shape != (n, 2):
            raise LabelError(f"column `icon_offset`: expected (dx, dy) or ({n}, 2) numbers, got shape {off.shape}",
                             None, "icon_offset")
        values.setdefault("icon_offset_x", off[:, 0])
        values.setdefault("icon_offset_y", off[:, 1])
    for name in ("icon_offset_x", "icon_offset_y", "icon_padding"):
        out[name] = _float_column(name, values.get(name, 0.0), n)
    optional = values.get("optional", "none")
    out["optional"] = _names(optional, n, "optional", {name: code for code, name in enumerate(OPTIONAL)}, "none")
    group, distance = values.get("repeat_group"), values.get("repeat_distance")
    if (group is None) != (distance is None):
        raise LabelError("columns `repeat_group` and `repeat_distance`: give both or neither", None,
                         "repeat_distance" if distance is None else "repeat_group")
    out["repeat_group"] = np.full(n, -1, dtype=np.int64) if group is None else _groups(group, n)
    distance = _float_column("repeat_distance", 0.0 if distance is None else distance, n)
    # Rows without a group need no distance (a DataFrame has NaN there).
    out["repeat_distance"] = np.where((out["repeat_group"] < 0) & np.isnan(distance), 0.0, distance)
    out.update(_paths(values, n))
    return out
