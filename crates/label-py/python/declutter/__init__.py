"""declutter: map label placement (greedy by priority, oriented boxes, exact collisions).

- :func:`place` — one screen of labels (or symbols: candidate positions, icons, optional
  parts, repeat groups) from numpy arrays or a DataFrame.
- :func:`place_geodataframe` — a GeoDataFrame of points, lines and polygons, placed by the
  ``declutter`` command's own GeoJSON reader (Web Mercator, bundled DejaVu Sans, its symbol
  flags as keywords).
- :func:`hide_overlapping_texts` — hides the overlapping ``Text`` artists of a matplotlib axes.
- :class:`FrameEngine` — placement frame after frame for renderers, without flicker.
- :mod:`declutter.planet` — every zoom of a planet of labels on a Dask cluster, exactly.

See docs/python.md.
"""

from . import _native
from ._errors import LabelError
from ._place import Placement, place
from .frame import FrameEngine
from .geo import measure_text, place_geodataframe, project, world_pixels
from .mpl import hide_overlapping_texts

#: The package's version (its crate's, which the wheel's metadata carries too).
__version__ = _native.__version__

__all__ = [
    "FrameEngine",
    "LabelError",
    "Placement",
    "hide_overlapping_texts",
    "measure_text",
    "place",
    "place_geodataframe",
    "project",
    "world_pixels",
    "_native",
]
