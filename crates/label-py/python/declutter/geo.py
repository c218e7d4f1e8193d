"""GeoPandas: project (Web Mercator, 256-px tiles) and measure (bundled DejaVu Sans) as the
``declutter`` command does with GeoJSON (its library functions, through the native module),
then place."""

import numpy as np

from . import _native
from ._columns import columns
from ._place import REASONS

#: Names of the reasons a row gets no label, as the command reports them.
NO_GEOMETRY = "no_geometry"
UNSUPPORTED = "unsupported"
NO_TEXT = "no_text"


def world_pixels(lon, lat, zoom):
    """World pixels (y down) of longitudes/latitudes at ``zoom``: the world is ``256·2^zoom`` px
    wide; latitudes are clamped to Web Mercator's ±85.0511°."""
    return _native.world(np.ascontiguousarray(lon, dtype=np.float64), np.ascontiguousarray(lat, dtype=np.float64),
                         float(zoom))


def project(lon, lat, *, zoom, center, size=(1920, 1080), bearing=0.0):
    """Screen pixels of longitudes/latitudes in a view (centre lon/lat, size px, bearing
    degrees clockwise), in the copy of the world nearest the centre."""
    return _native.project(np.ascontiguousarray(lon, dtype=np.float64), np.ascontiguousarray(lat, dtype=np.float64),
                           float(zoom), _pair(center), _pair(size), float(bearing))


def measure_text(texts, font_size=12.0):
    """Width and height (px) of each text at its font size (px; a scalar or one per text)."""
    texts = [str(t) for t in texts]
    sizes = np.broadcast_to(np.asarray(font_size, dtype=np.float64), (len(texts),))
    return _native.measure(texts, np.ascontiguousarray(sizes))


def _pair(v):
    a, b = v
    return (float(a), float(b))


def _text(value):
    """A label text as the command reads it: strings (not blank) and numbers; else none."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return None if np.isnan(value) else (str(int(value)) if float(value).is_integer() else repr(float(value)))
    return None


def _number(value, column, row):
    """A numeric property: a number or a string holding one; NaN when missing."""
    from ._errors import LabelError

    if value is None or (isinstance(value, float) and np.isnan(value)):
        return np.nan
    try:
        v = float(value.strip()) if isinstance(value, str) else float(value)
    except (TypeError, ValueError):
        v = None
    if v is None or not np.isfinite(v):
        raise LabelError(f"row {row}, column `{column}`: expected a number, got {value!r}", row, column)
    return v


def priorities(frame, column, order="descending"):
    """The placement priority of each row from a column (numbers, or strings holding them), as
    the command reads it: higher first, or lower first with ``order="ascending"``; a row without
    one ranks below every row with one; all 0 without a column."""
    if column is None:
        return np.zeros(len(frame))
    prio = np.array([_number(v, column, row) for row, v in enumerate(frame[column].to_numpy())], dtype=np.float64)
    if order == "ascending":
        prio = -prio
    given = prio[~np.isnan(prio)]
    prio[np.isnan(prio)] = given.min() - 1.0 if len(given) else 0.0
    return prio


def _line_spots(geoms, zoom, center, size, bearing):
    """The CLI's spot of each (Multi)LineString: anchor on screen and angle."""
    import shapely

    lon, lat, part_starts, feature_starts = [], [], [0], [0]
    for g in geoms:
        parts = [g] if g.geom_type == "LineString" else list(g.geoms)
        for p in parts:
            xy = shapely.get_coordinates(p)
            lon.append(xy[:, 0])
            lat.append(xy[:, 1])
            part_starts.append(part_starts[-1] + len(xy))
        feature_starts.append(len(part_starts) - 1)
    cat = (lambda a: np.ascontiguousarray(np.concatenate(a)) if a else np.zeros(0))
    return _native.line_spots(cat(lon), cat(lat), np.asarray(part_starts, dtype=np.uint64),
                              np.asarray(feature_starts, dtype=np.uint64), float(zoom), _pair(center), _pair(size),
                              float(bearing))


def place_geodataframe(gdf, *, zoom, center, size=(1920, 1080), bearing=0.0, text="name", priority=None,
                       priority_order="descending", font_size=12.0, point_anchor="center", point_offset=(0.0, 0.0),
                       padding=0.0, max_overlap_area=0.0):
    """Places the labels of a GeoDataFrame in one view, as ``declutter place --zoom --center
    --size --bearing`` does with GeoJSON: points (a MultiPoint's first point) label at their
    point with ``point_anchor``/``point_offset``; (multi)lines at the middle of their longest
    straight-enough stretch on screen, along it; other geometries get no label. ``text`` names
    the column holding the text (measured in the bundled font at ``font_size``, a number or a
    column name); ``priority`` a column (higher first; ``priority_order="ascending"`` for ranks
    such as Natural Earth's ``scalerank``).

    Returns a copy with ``visible``, ``reason`` (also ``no_geometry``, ``unsupported`` or
    ``no_text`` for rows without a label), ``hidden_by`` (the index label of the hiding row, or
    ``None``), ``x``, ``y``, ``width``, ``height``, ``angle`` (screen px and degrees), and
    ``label_box``: each label's box on screen as a polygon in screen pixels (no CRS).
    """
    import geopandas
    import shapely

    if priority_order not in ("descending", "ascending"):
        raise ValueError(f"priority_order: expected 'descending' or 'ascending', got {priority_order!r}")
    if gdf.crs is not None and not gdf.crs.equals("EPSG:4326"):
        gdf_ll = gdf.to_crs("EPSG:4326")
    else:
        gdf_ll = gdf
    n = len(gdf)
    geoms = gdf_ll.geometry.to_numpy()
    kinds = np.array([None if g is None or g.is_empty else g.geom_type for g in geoms], dtype=object)
    texts = gdf[text].to_numpy() if text in gdf.columns else np.full(n, None, dtype=object)
    texts = np.array([_text(t) for t in texts], dtype=object)
    has_text = np.array([t is not None for t in texts], dtype=bool)
    point = np.isin(kinds, ["Point", "MultiPoint"])
    line = np.isin(kinds, ["LineString", "MultiLineString"])

    x = np.full(n, np.nan)
    y = np.full(n, np.nan)
    angle = np.zeros(n)
    spotless = np.zeros(n, dtype=bool)
    if point.any():
        pts = [g if g.geom_type == "Point" else g.geoms[0] for g in geoms[point]]
        xy = shapely.get_coordinates(pts)
        x[point], y[point] = project(xy[:, 0], xy[:, 1], zoom=zoom, center=center, size=size, bearing=bearing)
    if line.any():
        lx, ly, la, ok = _line_spots(geoms[line], zoom, center, size, bearing)
        x[line], y[line], angle[line] = lx, ly, la
        spotless[np.flatnonzero(line)[~ok]] = True

    labelled = (point | line) & has_text & ~spotless
    if isinstance(font_size, str):
        sizes = np.array([_number(v, font_size, row) for row, v in enumerate(gdf[font_size].to_numpy())], dtype=np.float64)
        sizes[np.isnan(sizes)] = 12.0
    else:
        sizes = np.full(n, float(font_size))
    width = np.full(n, np.nan)
    height = np.full(n, np.nan)
    rows = np.flatnonzero(labelled)
    if len(rows):
        width[rows], height[rows] = measure_text([str(t) for t in texts[rows]], sizes[rows])
    prio = priorities(gdf, priority, priority_order)
    anchor = np.where(line, "center", point_anchor)
    off = np.where(line[:, None], 0.0, np.asarray(point_offset, dtype=np.float64)[None, :])

    cols = columns(x=x[rows], y=y[rows], width=width[rows], height=height[rows], angle=angle[rows],
                   priority=prio[rows], anchor=list(anchor[rows]), offset=off[rows], padding=padding)
    visible, reason, hidden_by = _native.place(cols, (0.0, 0.0, float(size[0]), float(size[1])),
                                               float(max_overlap_area))
    out_visible = np.zeros(n, dtype=bool)
    out_reason = np.full(n, None, dtype=object)
    out_hidden = np.full(n, None, dtype=object)
    out_visible[rows] = visible
    out_reason[rows] = REASONS[reason]
    index = gdf.index.to_numpy()
    out_hidden[rows] = [index[rows[k]] if k >= 0 else None for k in hidden_by]
    out_reason[~(point | line) & np.array([k is not None for k in kinds])] = UNSUPPORTED
    out_reason[np.array([k is None for k in kinds]) | spotless] = NO_GEOMETRY
    out_reason[(point | line) & ~spotless & ~has_text] = NO_TEXT
    boxes = np.full(n, None, dtype=object)
    if len(rows):
        corners = _native.corners(cols).reshape(-1, 4, 2)
        boxes[rows] = shapely.polygons(corners)
    result = gdf.assign(visible=out_visible, reason=out_reason, hidden_by=out_hidden, x=x, y=y, width=width,
                        height=height, angle=angle)
    result["label_box"] = geopandas.GeoSeries(boxes, index=gdf.index, crs=None)
    return result
