//! Where a picture is drawn: the area it shows and the origin its SVG coordinates are measured
//! from.
//!
//! A label's box is held in f64 and a picture's coordinates are written from f32. Near the
//! screen's origin that narrowing loses nothing visible, but a picture of labels 10¹² px away
//! would lose its very size (the f32 step there is 65,536 px). So every point is moved, in f64,
//! to an origin near the picture before it is narrowed: the least x and the least y of the
//! labels' anchor points and the obstacles (or the viewport's corner), rounded to a multiple of
//! 65,536 px. That origin is zero for every picture whose top-left corner so found lies within
//! 32,768 px of the screen's origin — such a picture is drawn in the screen's own coordinates,
//! as before — and any other is drawn within 32,768 px (and its size) of its origin, where f32
//! holds a point to 1/256 px or better for any picture small enough to look at.

use glam::{DVec2, Vec2};
use label_core::{Aabb, Obb, Placement, Shape};

use crate::formats::convert::Document;
use crate::formats::picture::layer::MapLayer;

/// The origins a picture may have, px: a power of two, so that the origins are exact in f64 and
/// a picture within half of it from the screen's origin keeps the screen's coordinates.
const ORIGIN_STEP: f64 = 65_536.0;

/// A picture's frame of reference.
pub(crate) struct Canvas {
    /// Subtracted from every screen point, in f64, before the point is narrowed to f32.
    pub(crate) origin: DVec2,
    /// Each label's text box as drawn (a symbol's at the candidate it shows at, its first when
    /// hidden), measured from `origin`.
    pub(crate) boxes: Vec<Obb>,
    /// The area shown, measured from `origin`: the viewport, else the boxes and obstacles.
    pub(crate) frame: Aabb,
}

/// Label `i`'s text box as drawn, measured from `origin`: a symbol's at the candidate it shows
/// at (its first when hidden).
pub(crate) fn text_box(doc: &Document, placement: &Placement, i: usize, origin: DVec2) -> Obb {
    let candidate = placement.choices.get(i).copied().unwrap_or_default().candidate.unwrap_or(0) as usize;
    match doc.symbols.get(i) {
        Some(s) => s.text_box(&doc.labels[i], candidate, origin),
        None => doc.labels[i].obb_from(origin),
    }
}

impl Canvas {
    /// The canvas of a picture of `placement`.
    pub(crate) fn new(doc: &Document, placement: &Placement) -> Canvas {
        let corner = match doc.options.viewport {
            Some(viewport) => viewport.min.as_dvec2(),
            None => doc
                .labels
                .iter()
                .map(|l| DVec2::new(l.x, l.y))
                .chain(doc.obstacles.iter().map(|o| o.aabb().min.as_dvec2()))
                .reduce(DVec2::min)
                .unwrap_or(DVec2::ZERO),
        };
        let origin = (corner / ORIGIN_STEP).round() * ORIGIN_STEP;
        // The boxes built from their anchor points measured from the origin, as the engine
        // builds them near one: the same labels near the screen's origin give the same boxes.
        let boxes: Vec<Obb> = (0..doc.labels.len()).map(|i| text_box(doc, placement, i, origin)).collect();
        let mut canvas = Canvas { origin, boxes, frame: Aabb { min: Vec2::ZERO, max: Vec2::splat(100.0) } };
        canvas.frame = match doc.options.viewport {
            Some(viewport) => canvas.aabb(&viewport),
            None => canvas
                .boxes
                .iter()
                .map(Obb::aabb)
                .chain(doc.obstacles.iter().map(|o| canvas.bounds(o)))
                .reduce(|a, b| a.union(&b))
                .unwrap_or(canvas.frame),
        };
        canvas
    }

    /// The screen point `p` as drawn.
    pub(crate) fn point(&self, p: DVec2) -> Vec2 {
        (p - self.origin).as_vec2()
    }

    /// The screen box `b` as drawn.
    pub(crate) fn aabb(&self, b: &Aabb) -> Aabb {
        Aabb { min: self.point(b.min.as_dvec2()), max: self.point(b.max.as_dvec2()) }
    }

    /// The bounds of an obstacle as drawn.
    pub(crate) fn bounds(&self, shape: &Shape) -> Aabb {
        match shape {
            // From the box's own f64 centre, and the circle's radius added after the move.
            Shape::Obb(b) => b.translate(-self.origin).aabb(),
            Shape::Circle(c) => Aabb::from_center_half_extents(self.point(c.center), Vec2::splat(c.radius)),
            other => self.aabb(&other.aabb()),
        }
    }

    /// The corners of a box or polygon obstacle as drawn (`None` for circles and segments).
    pub(crate) fn corners(&self, shape: &Shape) -> Option<Vec<Vec2>> {
        match shape {
            // The box's own f64 corners, as precise as its centre.
            Shape::Obb(b) => Some(b.translate(-self.origin).corners().to_vec()),
            other => Some(other.convex_corners()?.iter().map(|p| self.point(p.as_dvec2())).collect()),
        }
    }

    /// The map features of `layer` as drawn.
    pub(crate) fn layer(&self, layer: &MapLayer) -> MapLayer {
        let points = |points: &[Vec2]| points.iter().map(|p| self.point(p.as_dvec2())).collect::<Vec<_>>();
        MapLayer { lines: layer.lines.iter().map(|line| points(line)).collect(), points: points(&layer.points) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas(text: &str) -> Canvas {
        let doc = crate::formats::convert::read_document(text).unwrap();
        let placement = doc.place().unwrap();
        Canvas::new(&doc, &placement)
    }

    #[test]
    fn a_picture_near_the_screen_origin_keeps_its_coordinates() {
        let c = canvas(r#"{"labels": [{"id": 1, "x": 30000, "y": -30000, "width": 40, "height": 10}]}"#);
        assert_eq!(c.origin, DVec2::ZERO);
        assert_eq!(c.frame, Aabb { min: Vec2::new(29980.0, -30005.0), max: Vec2::new(30020.0, -29995.0) });
    }

    #[test]
    fn a_picture_far_away_is_measured_from_an_origin_near_it() {
        let c = canvas(
            r#"{"labels": [{"id": 1, "x": 1000000000000.25, "y": 20, "width": 40, "height": 10},
                {"id": 2, "x": 1000000000100, "y": 60, "width": 30, "height": 10, "angle": 90}],
                "obstacles": [{"type": "obb", "x": 1000000000050.5, "y": 40, "width": 2, "height": 4, "angle": 90}]}"#,
        );
        let origin = 999_999_995_904.0;
        assert_eq!(c.origin, DVec2::new(origin, 0.0));
        let x = |screen: f64| (screen - origin) as f32;
        assert_eq!(
            c.frame,
            Aabb { min: Vec2::new(x(999_999_999_980.25), 15.0), max: Vec2::new(x(1_000_000_000_105.0), 75.0) }
        );
        // An oriented obstacle is drawn from its own f64 centre, a circle from its f32 one.
        let obb =
            Shape::Obb(Obb { center: DVec2::new(1_000_000_000_050.5, 40.0), half: Vec2::new(1.0, 2.0), axis: Vec2::Y });
        let bounds = c.bounds(&obb);
        assert_eq!(
            (bounds.min, bounds.max),
            (Vec2::new(x(1_000_000_000_048.5), 39.0), Vec2::new(x(1_000_000_000_052.5), 41.0))
        );
        assert!(c.corners(&obb).unwrap().iter().all(|p| bounds.inflate(1e-3).contains_point(*p)));
        let circle = Shape::Circle(label_core::Circle::new(Vec2::new(1e12, 40.0), 3.0));
        assert_eq!(c.bounds(&circle).size(), Vec2::splat(6.0));
    }
}
