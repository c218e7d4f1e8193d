"""The demo's GeoJSON: the project's source data cut to the properties the demo style uses.

    python3 web/demo/scripts/trim_geojson.py DATA_DIR OUT_DIR

Writes places, rivers, countries and streets .geojson into OUT_DIR (deterministic, standard
library only). Each feature keeps its position in the source as `id` (so tiles, the plugins and
the label tiles name a feature the same way); features without a geometry or a name are dropped.
"""

import json
import sys
from pathlib import Path

# output name: (source file, properties kept)
SOURCES = {
    "places": ("ne_10m_populated_places_simple.geojson", ["name", "scalerank", "pop_max", "min_zoom"]),
    "rivers": ("ne_50m_rivers_lake_centerlines_full.geojson", ["name", "scalerank", "min_label"]),
    "countries": ("ne_110m_countries.geojson", ["name", "continent"]),
    "streets": ("vienna-streets.geojson", ["name", "highway"]),
}


def trim(source: Path, keep: list[str]) -> dict:
    features = json.loads(source.read_text(encoding="utf-8"))["features"]
    out = []
    for position, feature in enumerate(features):
        properties = feature.get("properties") or {}
        if feature.get("geometry") is None or not properties.get("name"):
            continue
        out.append({
            "type": "Feature",
            "id": position,
            "properties": {key: properties[key] for key in keep if properties.get(key) is not None},
            "geometry": feature["geometry"],
        })
    return {"type": "FeatureCollection", "features": out}


def main() -> None:
    data, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for name, (file, keep) in SOURCES.items():
        collection = trim(data / file, keep)
        text = json.dumps(collection, ensure_ascii=False, separators=(",", ":"))
        (out / f"{name}.geojson").write_text(text + "\n", encoding="utf-8")
        print(f"{name}: {len(collection['features'])} features")


if __name__ == "__main__":
    main()
