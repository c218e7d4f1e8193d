"""GeoPandas: a GeoDataFrame placed as the ``declutter`` command places GeoJSON — written as a
FeatureCollection (the geometry and the columns the keywords name) and read by the command's
own reader (label-cli, through the native module), which projects (Web Mercator, 256-px
tiles), finds each geometry's label spot, measures the text (bundled DejaVu Sans) and builds
the symbols; then the command's placement. Also the projection and the measurement alone."""

import json
import re
import warnings
from json.encoder import encode_basestring_ascii

import numpy as np

from . import _native
from ._errors import LabelError, pair
from ._place import PARTS, REASONS

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
                           float(zoom), pair("center", center), pair("size", size), float(bearing))


def measure_text(texts, font_size=12.0):
    """Width and height (px) of each text at its font size (px; a scalar or one per text)."""
    texts = [str(t) for t in texts]
    sizes = np.broadcast_to(np.asarray(font_size, dtype=np.float64), (len(texts),))
    return _native.measure(texts, np.ascontiguousarray(sizes))


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


def _json_value(value, row, column):
    """A property value as JSON: numbers, strings and booleans as they are; None, NaN and
    pandas' missing values as null."""
    if value is None or (isinstance(value, (float, np.floating)) and np.isnan(value)):
        return "null"
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not np.isfinite(value):
        raise LabelError(f"row {row}, column `{column}`: expected a finite number, got {value!r}", row, column)
    if isinstance(value, (bool, int, float, str)):
        return json.dumps(value)
    try:
        import pandas

        if pandas.isna(value):
            return "null"
    except (ImportError, TypeError, ValueError):
        pass
    raise LabelError(f"row {row}, column `{column}`: expected a number or a text, got {value!r}", row, column)


def _json_column(values, column):
    """Each value of a column as JSON text (exact: floats by their shortest round-trip form)."""
    if values.dtype.kind in "iu":
        return [str(v) for v in values.tolist()]
    if values.dtype.kind == "b":
        return ["true" if v else "false" for v in values.tolist()]
    if values.dtype.kind == "f" and np.isfinite(values[~np.isnan(values)]).all():
        return ["null" if v != v else repr(v) for v in values.tolist()]  # NaN != NaN
    quote = encode_basestring_ascii  # json.dumps of a str, without its overhead
    return [quote(v) if type(v) is str else _json_value(v, row, column) for row, v in enumerate(values)]


def _json_text(value):
    """A style or sprite given as a dict, its JSON text, or a path to it: its JSON text."""
    if value is None or isinstance(value, str) and value.lstrip().startswith("{"):
        return value
    if isinstance(value, dict):
        return json.dumps(value)
    from pathlib import Path

    return Path(value).read_text(encoding="utf-8")


def _feature_collection(gdf, geoms, columns, drop_null=False):
    """The GeoJSON text of `geoms` (lon/lat) with the properties `columns` of `gdf`, each
    feature's id its row position; with `drop_null`, a null value leaves its property out."""
    import shapely

    geojson = shapely.to_geojson(geoms)
    keys = [json.dumps(str(c)) + ":" for c in columns]
    keyed = [[key + v for v in _json_column(gdf[c].to_numpy(), c)] for key, c in zip(keys, columns)]
    if drop_null:
        props = [",".join(v for v in p if not v.endswith(":null")) for p in zip(*keyed)] if keyed else [""] * len(geoms)
    else:
        props = [",".join(p) for p in zip(*keyed)] if keyed else [""] * len(geoms)
    features = ",".join(f'{{"type":"Feature","id":{row},"geometry":{g or "null"},"properties":{{{p}}}}}'
                        for row, (g, p) in enumerate(zip(geojson, props)))
    return '{"type":"FeatureCollection","features":[' + features + "]}"


#: Why a row has no label, by the native module's codes (0: it has one).
SKIPS = np.array([None, NO_GEOMETRY, UNSUPPORTED, NO_TEXT, "merged", "no_layer"], dtype=object)

#: Keyword names of the command's flags, for its messages.
_KEYWORDS = {"--text-field": "text", "--priority-field": "priority", "--font-size-field": "font_size",
             "--repeat-group-field": "repeat_group", "--tie-field": "tie"}
_FEATURE = re.compile(r"^feature (\d+) \(id [^)]*\): (?:property `(?P<property>[^`]*)`|field `(?P<field>[^`]*)`|[^:]*): "
                      r"(?P<rest>.*)$", re.DOTALL)


def _error(e, gdf):
    """A message of the command's reader in the package's words: the row, its index label and
    the column for a feature's problem, keywords for the flags."""
    message = e.args[0]
    m = _FEATURE.match(message)
    if m is None:
        message = re.sub(r"--[a-z-]+", lambda f: _KEYWORDS.get(f.group(0), f.group(0)[2:].replace("-", "_")),
                         message)
        return LabelError(message, None, None)
    row = int(m.group(1))
    field = m.group("field")
    column = m.group("property") or ("geometry" if field and field.startswith("geometry") else field)
    label = gdf.index[row]
    label = label.item() if isinstance(label, np.generic) else label
    err = LabelError(f"row {row} (index {label!r}), column `{column}`: {m.group('rest')}", row, column)
    err.id = label
    return err


def _anchor_list(value):
    return value if value is None or isinstance(value, str) else ",".join(value)


def _anchor_offsets(value):
    """MapLibre's text-variable-anchor-offset as the command takes it: ``top:0,1,…``."""
    if value is None or isinstance(value, str):
        return value
    return ",".join(f"{a}:{float(x)!r},{float(y)!r}" for a, (x, y) in value)


def place_geodataframe(gdf, *, zoom, center, size=(1920, 1080), bearing=0.0, text="name", priority=None,
                       priority_order="descending", tie=None, tie_order="descending", font_size=12.0,
                       point_anchor=None, point_offset=None, padding=0.0, max_overlap_area=0.0,
                       variable_anchor=None, radial_offset=None, variable_anchor_offset=None, icon_size=None,
                       text_optional=False, icon_optional=False, repeat_distance=None, repeat_group=None,
                       priority_map=None, marker_radius=None, line_placement="straight", symbol_spacing=None,
                       max_angle=None, keep_upright=None, style=None, layers=None, sprite=None,
                       source_layer=None):
    """Places the labels of a GeoDataFrame in one view exactly as ``declutter place --zoom
    --center --size --bearing`` does with GeoJSON — through the command's own reader: points
    (a MultiPoint's first point) label at their point with ``point_anchor``/``point_offset``;
    (multi)lines at the middle of their longest straight-enough stretch on screen, along it;
    (multi)polygons at the pole of inaccessibility of their largest part on screen; other
    geometries get no label (``point_anchor`` defaults to ``"center"`` and ``point_offset`` to
    ``(0, 0)``, or beside the dot with ``marker_radius``). ``text`` names the column holding the text (measured in the
    bundled font at ``font_size``, a number or a column name); ``priority`` a column (higher
    first; ``priority_order="ascending"`` for ranks such as Natural Earth's ``scalerank``);
    ``tie`` a column deciding equal priorities (``tie_order``); a column named that the frame
    does not have raises ``LabelError``.

    Symbols, as the command's flags of the same names (MapLibre's vocabulary): point texts try
    ``variable_anchor`` (a list of anchor names) moved ``radial_offset`` ems away, or
    ``variable_anchor_offset`` (a list of ``(anchor, (x, y))``, ems, y down); ``icon_size``
    ``(w, h)`` puts an icon box at every point; ``text_optional`` / ``icon_optional`` let one
    part show alone; ``repeat_distance`` (px) keeps labels of one group apart, grouped by text
    or by the column ``repeat_group``.

    Names along lines (``--line-placement`` and its flags): ``line_placement="curved"`` lays a
    (multi)line's name glyph by glyph along its line on screen, repeated every
    ``symbol_spacing`` px (MapLibre's default 250) along long lines, lines of one name that
    meet end to end merged first; ``max_angle`` (degrees, default 45) is the sharpest bend
    allowed between two glyphs, ``keep_upright`` (default true) turns names that would read
    upside down; a line shorter than its name gets the straight placement. Such a row reports
    the first of its repeats shown (else the first), reasons ``no_room`` and ``too_curved``
    among the others, and its glyph boxes in ``glyph_boxes``.

    ``priority_map`` ranks by a class column as ``--priority-map`` does: ``"FIELD=VALUE:N,…"``
    (``*:N`` for the other values) or MapLibre's ``["match", ["get", FIELD], VALUE, N, …,
    DEFAULT]`` (a list, or its JSON text); higher first. ``marker_radius`` (px) places each
    point's dot too, as ``--marker-radius`` does: a square of side 2·radius just before its
    name, which no later name covers; names then sit beside their dot unless ``point_anchor``
    / ``point_offset`` are given.

    ``style`` labels the rows with the symbol layers of a MapLibre style instead of the label
    keywords, as ``declutter place --style`` does (docs/style.md): a dict, its JSON text, or a
    path to it; ``layers`` keeps the symbol layers of those ids, ``sprite`` (a dict, JSON text
    or path) gives the icons' sizes, and ``source_layer`` names the frame's source layer for
    layers that set ``source-layer`` (the command uses the file's stem). Every column is a
    property the style may read (nulls left out, as a GeoJSON feature without the property).
    Rows no layer labels get reason ``no_layer``.

    Returns a copy with ``visible``, ``reason`` (also ``no_geometry``, ``unsupported``,
    ``no_text`` or ``no_layer`` for rows without a label, ``repeat``), ``hidden_by`` (the index label of the
    hiding row, or ``None``), ``candidate`` (-1 for none), ``parts``, ``x``, ``y``, ``width``,
    ``height``, ``angle`` (screen px and degrees), and ``label_box``: each text's box on screen
    at the position it is shown at (its first position when hidden) as a polygon in screen
    pixels (no CRS); with ``icon_size``, ``icon_box`` too. With ``line_placement="curved"``,
    ``glyph_boxes``: a row's glyph boxes as a GeometryCollection of polygons (``None`` for
    names not along a line), and ``label_box`` the bounds of them. With ``marker_radius``, ``marker_visible``
    (whether the row's dot is shown; ``None`` without one) and ``hidden_by_marker`` (the row
    named in ``hidden_by`` hid this one with its dot, not its name).
    """
    import geopandas
    import shapely

    if isinstance(priority_map, (list, tuple)):
        priority_map = json.dumps(list(priority_map))
    for name, order in (("priority_order", priority_order), ("tie_order", tie_order)):
        if order not in ("descending", "ascending"):
            raise ValueError(f"{name}: expected 'descending' or 'ascending', got {order!r}")
    if line_placement not in ("straight", "curved"):
        raise ValueError(f"line_placement: expected 'straight' or 'curved', got {line_placement!r}")
    if gdf.crs is not None and not gdf.crs.equals("EPSG:4326"):
        gdf_ll = gdf.to_crs("EPSG:4326")
    else:
        gdf_ll = gdf
    size_column = font_size if isinstance(font_size, str) else None
    if style is None:
        _check_columns(gdf, text=text, priority=priority, tie=tie, font_size=size_column,
                       repeat_group=repeat_group, priority_map=_map_field(priority_map))
        properties = [c for c in dict.fromkeys([text, priority, tie, size_column, repeat_group,
                                                _map_field(priority_map)])
                      if c is not None and c in gdf.columns]
        doc = _feature_collection(gdf, gdf_ll.geometry.to_numpy(), properties)
    else:
        properties = [c for c in gdf.columns if c != gdf.geometry.name]
        doc = _feature_collection(gdf, gdf_ll.geometry.to_numpy(), properties, drop_null=True)
    # Properties are named by the columns' names as text (JSON keys are strings).
    name = (lambda c: None if c is None else str(c))
    flags = dict(zoom=float(zoom), center=pair("center", center), size=pair("size", size),
                 bearing=float(bearing),
                 text_field=name(text), priority_field=name(priority), priority_order=priority_order,
                 tie_field=name(tie), tie_order=tie_order, padding=float(padding),
                 font_size=12.0 if size_column else float(font_size), font_size_field=name(size_column),
                 point_anchor=point_anchor,
                 point_offset=None if point_offset is None else pair("point_offset", point_offset),
                 variable_anchor=_anchor_list(variable_anchor),
                 radial_offset=None if radial_offset is None else float(radial_offset),
                 variable_anchor_offset=_anchor_offsets(variable_anchor_offset),
                 icon_size=None if icon_size is None else pair("icon_size", icon_size),
                 text_optional=bool(text_optional),
                 icon_optional=bool(icon_optional),
                 repeat_distance=None if repeat_distance is None else float(repeat_distance),
                 repeat_group_field=name(repeat_group), max_overlap_area=float(max_overlap_area),
                 priority_map=priority_map, marker_radius=_optional_float(marker_radius),
                 line_placement=line_placement, symbol_spacing=_optional_float(symbol_spacing),
                 max_angle=_optional_float(max_angle), keep_upright=None if keep_upright is None else bool(keep_upright),
                 style=_json_text(style), layers=None if layers is None else [str(x) for x in layers],
                 sprite=_json_text(sprite), source_layer=source_layer)
    try:
        r = _native.place_features(doc, flags)
    except LabelError as e:
        raise _error(e, gdf) from None
    for message in r["warnings"]:
        warnings.warn(message, UserWarning, stacklevel=2)
    skipped = r["skip"] > 0
    reason = np.where(skipped, SKIPS[r["skip"]], REASONS[r["reason"]])
    index = gdf.index.to_numpy()
    hidden_by = np.array([index[k] if k >= 0 else None for k in r["hidden_by"]], dtype=object)

    def boxes(flat):
        corners = flat.reshape(-1, 4, 2)
        out = np.full(len(gdf), None, dtype=object)
        has = ~np.isnan(corners[:, 0, 0])
        out[has] = shapely.polygons(corners[has])
        return geopandas.GeoSeries(out, index=gdf.index, crs=None)

    result = gdf.assign(visible=r["visible"], reason=reason, hidden_by=hidden_by, candidate=r["candidate"],
                        parts=PARTS[r["parts"]], x=r["x"], y=r["y"], width=r["width"], height=r["height"],
                        angle=r["angle"])
    result["label_box"] = boxes(r["label_box"])
    if icon_size is not None:
        result["icon_box"] = boxes(r["icon_box"])
    if line_placement == "curved":
        result["glyph_boxes"] = _glyph_boxes(r["glyph_count"], r["glyph_box"], gdf.index)
    if marker_radius is not None:
        marker = r["marker_visible"]
        result["marker_visible"] = np.where(marker < 0, None, marker == 1).astype(object)
        result["hidden_by_marker"] = r["hidden_by_marker"]
    return result


def _check_columns(gdf, **columns):
    """Refuses a keyword naming a column the frame does not have: a misspelt ``text`` or
    ``priority`` would otherwise leave every row without a label, or every priority equal."""
    for keyword, column in columns.items():
        if column is not None and column not in gdf.columns:
            names = [repr(c) for c in gdf.columns if c != gdf.geometry.name]
            shown = ", ".join(names[:20]) + (f" and {len(names) - 20} more" if len(names) > 20 else "")
            raise LabelError(f"{keyword}: no column {column!r}; the columns are {shown}", column=column)


def _optional_float(value):
    return None if value is None else float(value)


def _map_field(priority_map):
    """The column a priority map reads (written into the features' properties), or None."""
    if priority_map is None:
        return None
    text = priority_map.strip()
    if text.startswith("["):
        try:
            field = json.loads(text)[1][1]
        except (ValueError, IndexError, TypeError):
            return None  # the command names what is wrong
        return field if isinstance(field, str) else None
    return text.split("=", 1)[0].strip() if "=" in text else None


def _glyph_boxes(counts, flat, index):
    """Each row's glyph boxes as a GeometryCollection of polygons (screen px; neighbouring glyphs
    overlap at bends, which a MultiPolygon may not), None for rows without."""
    import geopandas
    import shapely

    corners = flat.reshape(-1, 4, 2)
    polygons = shapely.polygons(corners) if len(corners) else np.array([], dtype=object)
    out = np.full(len(counts), None, dtype=object)
    ends = np.cumsum(counts)
    for row in np.flatnonzero(counts):
        out[row] = shapely.GeometryCollection(list(polygons[ends[row] - counts[row]:ends[row]]))
    return geopandas.GeoSeries(out, index=index, crs=None)
