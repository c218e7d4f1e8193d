"""Draws the pictures of docs/python.md: Natural Earth places around Europe at zoom 4, placed
with declutter.place_geodataframe — as plain labels (docs/python-places.png), or with
``--symbols`` as symbols (docs/python-symbols.png): a dot at every place, the name tried
right of it, left, above, below, the dot shown alone where no name fits.

    python3 crates/label-py/scripts/picture.py [out.png] [--symbols]
"""

import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import geopandas  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import shapely.geometry  # noqa: E402

import declutter  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


SYMBOLS = dict(variable_anchor=["left", "right", "bottom", "top"], radial_offset=0.6, icon_size=(5, 5),
               text_optional=True)


def main():
    args = [a for a in sys.argv[1:] if a != "--symbols"]
    symbols = "--symbols" in sys.argv[1:]
    name = "python-symbols.png" if symbols else "python-places.png"
    out = Path(args[0]) if args else ROOT / "docs" / name
    doc = json.loads((ROOT / "fixtures" / "geojson" / "ne-places-europe.geojson").read_text())
    gdf = geopandas.GeoDataFrame([f["properties"] for f in doc["features"]],
                                 geometry=[shapely.geometry.shape(f["geometry"]) for f in doc["features"]],
                                 crs="EPSG:4326")
    size = (1280, 720)
    placed = declutter.place_geodataframe(gdf, zoom=4, center=(10, 50), size=size, priority="scalerank",
                                          priority_order="ascending", **(SYMBOLS if symbols else {}))
    fig, ax = screen(size)
    summary = (draw_symbols if symbols else draw_labels)(ax, placed)
    ax.text(8, 18, f"{summary}, zoom 4, {size[0]}x{size[1]}", fontsize=10, color="#555555")
    fig.savefig(out)
    print(f"{out}: {summary}, of {len(placed)}")


def screen(size):
    """A figure of the screen's size in px, y down as on screen."""
    fig = plt.figure(figsize=(size[0] / 100, size[1] / 100), dpi=100)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_xlim(0, size[0])
    ax.set_ylim(size[1], 0)
    ax.axis("off")
    return fig, ax


def draw_names(ax, shown):
    """Each shown text in its box."""
    for row in shown.itertuples():
        xs, ys = row.label_box.exterior.xy
        ax.plot(xs, ys, color="#2c3e50", linewidth=0.4, zorder=3)
        c = row.label_box.centroid
        ax.text(c.x, c.y, row.name, fontsize=9, family="DejaVu Sans", ha="center", va="center", zorder=4)


def draw_labels(ax, placed):
    hidden = placed[placed.reason == "collision"]
    shown = placed[placed.visible]
    ax.scatter(hidden.x, hidden.y, s=2, color="#bbbbbb", zorder=1)
    ax.scatter(shown.x, shown.y, s=6, color="#c0392b", zorder=2)
    draw_names(ax, shown)
    return f"{len(shown)} shown, {len(hidden)} hidden by a more important label (grey dots)"


def draw_symbols(ax, placed):
    hidden = placed[placed.reason == "collision"]
    named = placed[placed.parts == "both"]
    dots = placed[placed.parts == "icon"]
    ax.scatter(hidden.x, hidden.y, s=2, color="#cccccc", zorder=1)
    ax.scatter(dots.x, dots.y, s=5, color="#7f8c8d", zorder=2)
    ax.scatter(named.x, named.y, s=7, color="#c0392b", zorder=2)
    draw_names(ax, named)
    moved = (named.candidate > 0).sum()
    return (f"{len(named)} names with their dot ({moved} not right of it), {len(dots)} dots alone, "
            f"{len(hidden)} hidden (light grey)")


if __name__ == "__main__":
    main()
