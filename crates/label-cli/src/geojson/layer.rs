//! The features themselves, projected for the picture: what the labels name.

use glam::{DVec2, Vec2};
use serde_json::Value;

use super::features::GeoDocument;
use crate::svg::MapLayer;

/// A position's longitude and latitude (already checked when the feature was read).
fn lon_lat(v: &Value) -> Option<DVec2> {
    match v.as_array()?.as_slice() {
        [lon, lat, ..] => Some(DVec2::new(lon.as_f64()?, lat.as_f64()?)),
        _ => None,
    }
}

impl GeoDocument<'_> {
    /// Every point and line of the collection (Points, MultiPoints, LineStrings,
    /// MultiLineStrings) in screen px, for [`crate::svg::render_over`].
    #[must_use]
    pub fn map_layer(&self) -> MapLayer {
        let view = &self.options.view;
        let screen = |v: &Value| lon_lat(v).map(|p| view.project(p).as_vec2());
        let line = |v: &Value| -> Vec<Vec2> {
            let points: Vec<DVec2> = v.as_array().into_iter().flatten().filter_map(lon_lat).collect();
            view.project_line(&points).into_iter().map(|p| p.as_vec2()).collect()
        };
        let mut layer = MapLayer::default();
        for feature in &self.features {
            let Some(Value::Object(g)) = feature.get("geometry") else { continue };
            let coordinates = g.get("coordinates").unwrap_or(&Value::Null);
            let parts = coordinates.as_array().into_iter().flatten();
            match g.get("type").and_then(Value::as_str) {
                Some("Point") => layer.points.extend(screen(coordinates)),
                Some("MultiPoint") => layer.points.extend(parts.filter_map(screen)),
                Some("LineString") => layer.lines.push(line(coordinates)),
                Some("MultiLineString") => layer.lines.extend(parts.map(line)),
                _ => {}
            }
        }
        layer.lines.retain(|l| l.len() >= 2);
        layer
    }
}
