//! Contract §3b's path layout (text along a line), written plainly for the references.

use glam::DVec2;
use label_core::Obb;

/// Contract §3b's path layout written plainly: the anchor point and the glyph boxes of a text
/// of line height `height` and `padding` along `p`, or why it is hidden (`no_room`,
/// `too_curved`), with the contract's tolerances (τ for lengths, α for angles). Every arc
/// length is searched from the start; the angle between glyphs is measured between their axes.
pub fn reference_path(
    p: &label_core::TextPath,
    height: f64,
    padding: f64,
) -> Result<(DVec2, Vec<Obb>), label_core::HiddenReason> {
    use label_core::HiddenReason;
    fn arc(points: &[DVec2]) -> Vec<f64> {
        let mut s = vec![0.0];
        for k in 1..points.len() {
            s.push(s[k - 1] + (points[k] - points[k - 1]).length());
        }
        s
    }
    // The segment holding arc length `s`: the last `k` with S_k ≤ s, among the segments.
    let segment = |arcs: &[f64], s: f64| (0..arcs.len() - 1).rev().find(|&k| arcs[k] <= s).unwrap_or(0);
    let direction = |points: &[DVec2], k: usize| (points[k + 1] - points[k]).normalize();
    let mut points = p.points.clone();
    let mut arcs = arc(&points);
    let length = arcs[arcs.len() - 1];
    let mut offset = p.path_offset.unwrap_or(length / 2.0);
    if p.keep_upright {
        let d = direction(&points, segment(&arcs, offset));
        if d.x < 0.0 || (d.x == 0.0 && d.y > 0.0) {
            points.reverse();
            arcs = arc(&points);
            offset = length - offset;
        }
    }
    let total: f64 = p.glyph_advances.iter().sum();
    let start = offset - total / 2.0;
    // The contract's tolerances (§3): τ px for lengths, α degrees for angles.
    const TAU: f64 = 1.0 / 1024.0;
    const ALPHA: f64 = 1e-6;
    if start < -TAU || start + total > arcs[arcs.len() - 1] + TAU {
        return Err(HiddenReason::NoRoom);
    }
    let mut boxes: Vec<Obb> = Vec::new();
    let mut axes: Vec<DVec2> = Vec::new();
    for (i, &a) in p.glyph_advances.iter().enumerate() {
        let before: f64 = p.glyph_advances[..i].iter().sum();
        let c = start + before + a / 2.0;
        let k = segment(&arcs, c);
        let u = direction(&points, k);
        // Glyphs on one segment share their axis: no turn (an arc cosine of a unit vector with
        // itself may be a hair above 0).
        if let Some(&last) = axes.last()
            && last != u
            && last.perp_dot(u).atan2(last.dot(u)).abs().to_degrees() > p.max_angle + ALPHA
        {
            return Err(HiddenReason::TooCurved);
        }
        axes.push(u);
        let center = points[k] + u * (c - arcs[k]);
        boxes.push(Obb { center, half: (DVec2::new(a, height) * 0.5 + padding).as_vec2(), axis: u.as_vec2() });
    }
    let k = segment(&arcs, offset);
    Ok((points[k] + direction(&points, k) * (offset - arcs[k]), boxes))
}
