//! The map features a picture draws under its labels (the features' lines and points).

use std::fmt::Write as _;

use glam::Vec2;
use label_core::Aabb;

use crate::formats::picture::elements::points;

/// Map features drawn faintly under the labels, in screen px: what the labels name.
#[derive(Clone, Debug, Default)]
pub struct MapLayer {
    /// Lines (streets, rivers), each a polyline.
    pub lines: Vec<Vec<Vec2>>,
    /// Points (places).
    pub points: Vec<Vec2>,
}

pub(crate) const MAP_STROKE: &str = "#cfc8b8";

/// The map layer's elements that can be seen in `frame`.
pub(crate) fn map_elements(layer: &MapLayer, frame: &Aabb) -> String {
    let mut out = String::new();
    for line in &layer.lines {
        let bounds = line.iter().fold(None, |b: Option<Aabb>, &p| {
            let a = Aabb::from_corners(p, p);
            Some(b.map_or(a, |b| b.union(&a)))
        });
        if bounds.is_some_and(|b| b.min.cmple(frame.max).all() && b.max.cmpge(frame.min).all()) {
            let _ = writeln!(out, "<polyline points=\"{}\"/>", points(line));
        }
    }
    for p in layer.points.iter().filter(|p| p.cmpge(frame.min).all() && p.cmple(frame.max).all()) {
        let _ = writeln!(
            out,
            "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"1.5\" fill=\"{MAP_STROKE}\" stroke=\"none\"/>",
            p.x, p.y
        );
    }
    out
}
