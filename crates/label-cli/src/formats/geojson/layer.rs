//! The features themselves, projected for the picture: what the labels name (polygons as
//! their outlines).

use glam::{DVec2, Vec2};
use serde_json::Value;

use label_style::readers::{GeoDocument, GeometryRef};

use crate::formats::picture::layer::MapLayer;

/// A position's longitude and latitude (already checked when the feature was read).
fn lon_lat(v: &Value) -> Option<DVec2> {
    match v.as_array()?.as_slice() {
        [lon, lat, ..] => Some(DVec2::new(lon.as_f64()?, lat.as_f64()?)),
        _ => None,
    }
}

fn to_vec2(line: Vec<DVec2>) -> Vec<Vec2> {
    line.into_iter().map(|p| p.as_vec2()).collect()
}

/// Every point, line and polygon outline of the collection in screen px (each feature in
/// the copy of the world its label is in), for [`crate::formats::picture::svg::render_over`].
#[must_use]
pub fn map_layer(geo: &GeoDocument<'_>) -> MapLayer {
    let view = &geo.options.view;
    let screen = |v: &Value| lon_lat(v).map(|p| view.project(p).as_vec2());
    let positions = |v: &Value| -> Vec<DVec2> { v.as_array().into_iter().flatten().filter_map(lon_lat).collect() };
    let mut layer = MapLayer::default();
    for feature in geo.features() {
        let g = match feature.geometry() {
            GeometryRef::Lines(lines) => {
                layer.lines.extend(view.project_parts(&lines.parts().collect::<Vec<_>>()).into_iter().map(to_vec2));
                continue;
            }
            GeometryRef::Value(Some(Value::Object(g))) => g,
            GeometryRef::Value(_) => continue,
        };
        let coordinates = g.get("coordinates").unwrap_or(&Value::Null);
        let items = || coordinates.as_array().into_iter().flatten();
        let lines: Vec<Vec<DVec2>> = match g.get("type").and_then(Value::as_str) {
            Some("Point") => {
                layer.points.extend(screen(coordinates));
                continue;
            }
            Some("MultiPoint") => {
                layer.points.extend(items().filter_map(screen));
                continue;
            }
            Some("LineString") => vec![positions(coordinates)],
            Some("MultiLineString" | "Polygon") => items().map(positions).collect(),
            Some("MultiPolygon") => items().flat_map(|p| p.as_array().into_iter().flatten().map(positions)).collect(),
            _ => continue,
        };
        layer.lines.extend(view.project_parts(&lines).into_iter().map(to_vec2));
    }
    layer.lines.retain(|l| l.len() >= 2);
    layer
}
