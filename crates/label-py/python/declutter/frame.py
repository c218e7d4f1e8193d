"""The frame engine (label-frame) for Python renderers and notebooks."""

from dataclasses import dataclass

import numpy as np

from . import _native
from ._columns import columns
from ._errors import LabelError, number, pair
from ._place import REASONS


@dataclass(frozen=True)
class Frame:
    """One frame: per label, in the engine's label order."""

    visible: np.ndarray
    #: 0 to 1: how opaque to draw it (fades in and out).
    opacity: np.ndarray
    reason: np.ndarray
    hidden_by: np.ndarray
    #: The anchor point on screen (px, y down; not the box's centre: a label's anchor and
    #: offset apply from it) and the angle (degrees); NaN where the engine has no pose.
    x: np.ndarray
    y: np.ndarray
    angle: np.ndarray


class FrameEngine:
    """Placement frame after frame, with the memory a renderer needs so that labels do not
    flicker: hysteresis, labels shown last frame kept first, fades (docs/renderer.md).

    ``stable=False`` turns the memory off (every frame is the plain placement of what is on
    screen); ``hysteresis_px``, ``fade_ms``, ``max_overlap_area`` and ``world_copies`` are the
    engine's options.
    """

    def __init__(self, stable=True, hysteresis_px=None, fade_ms=None, max_overlap_area=0.0, world_copies=True):
        self._engine = _native.FrameEngine(stable, hysteresis_px, fade_ms, float(max_overlap_area), bool(world_copies))

    def set_labels(self, data=None, *, ids=None, lon=None, lat=None, map_aligned=None, **given):
        """Replaces the labels: as :func:`declutter.place` takes them, with the anchor either as
        ``lon``/``lat`` (degrees: longitudes within ±360°, latitudes within ±90°, else
        ``LabelError`` naming the row) or as ``x``/``y`` in world pixels at zoom 0. ``ids`` (unique
        integers, default the row numbers) carry each label's memory across label sets."""
        if (lon is None) != (lat is None):
            missing = "lat" if lat is None else "lon"
            raise LabelError(f"missing column `{missing}` (`lon` and `lat` go together)", None, missing)
        if lon is not None:
            given["x"], given["y"] = _native.labels_world(np.ascontiguousarray(lon, dtype=np.float64),
                                                          np.ascontiguousarray(lat, dtype=np.float64))
        cols = columns(data, **given)
        n = len(cols["x"])
        ids = np.arange(n, dtype=np.uint64) if ids is None else np.ascontiguousarray(ids, dtype=np.uint64)
        aligned = np.zeros(n, dtype=bool) if map_aligned is None else np.ascontiguousarray(map_aligned, dtype=bool)
        self._engine.set_labels(cols, ids, aligned)

    def place_frame(self, *, zoom, size, time_ms, center=None, center_lon_lat=None, bearing=0.0, pitch=0.0,
                    fov=None, center_offset=(0.0, 0.0)):
        """Places one frame seen from ``center`` (world px at zoom 0) or ``center_lon_lat``, at
        ``zoom``, for a viewport of ``size`` px, at time ``time_ms`` (for fades).

        ``fov`` is the vertical field of view in degrees, ``(0, 120]`` (default MapLibre's,
        about 36.87; it only matters under ``pitch``). ``center_offset=(x, y)`` moves the centre
        of perspective (where ``center`` is drawn) that many px from the viewport's middle, each
        side within half the viewport's: a map's padding, ``((left - right)/2, (top - bottom)/2)``.
        ``center_lon_lat`` is held to the limits of the other doors' cameras: longitude within
        ±360°, latitude within ±90° (Web Mercator shows a latitude past ±85.05° at its edge).
        A value out of range raises ValueError naming the field."""
        if (center is None) == (center_lon_lat is None):
            raise ValueError("place_frame: give one of `center` (world px at zoom 0) or `center_lon_lat` (degrees)")
        if center_lon_lat is not None:
            center = _native.camera_center("center_lon_lat", *pair("center_lon_lat", center_lon_lat))
        v, o, r, h, x, y, a = self._engine.place_frame(pair("center", center), number("zoom", zoom),
                                                       pair("size", size), number("time_ms", time_ms),
                                                       number("bearing", bearing), number("pitch", pitch),
                                                       None if fov is None else number("fov", fov),
                                                       pair("center_offset", center_offset))
        return Frame(visible=v, opacity=o, reason=REASONS[r], hidden_by=h, x=x, y=y, angle=a)

