//! Obstacles are as precise far from the origin as labels (contract §3, "at any distance"):
//! the same layout of a label and a box or circle obstacle, moved by 10³ … 10¹² px, gets the same
//! decisions as at the origin — an obstacle 10 px (or τ/2 … 2τ) beside a label does not hide
//! it, one overlapping it by 2τ does.
#![allow(unsafe_code, reason = "calling the C functions as a C caller would")]

use declutter::*;
use label_core::narrow::TOLERANCE;

/// Whether a 50 × 12 label centred at (x0 + 100, 100), its right edge at x0 + 125, is shown
/// beside `obstacle`.
fn shown_beside(x0: f64, obstacle: DeclutterObstacle) -> bool {
    let label =
        DeclutterScreenLabel { id: 1, x: x0 + 100.0, y: 100.0, width: 50.0, height: 12.0, ..Default::default() };
    let batch = DeclutterBatch {
        labels: &label,
        symbols: std::ptr::null(),
        count: 1,
        obstacles: &obstacle,
        obstacle_count: 1,
        options: DeclutterBatchOptions::default(),
    };
    let mut placement = DeclutterPlacement::default();
    // SAFETY: every pointer points to a local of the right type and count.
    let status = unsafe { declutter_place(&batch, &mut placement, std::ptr::null_mut()) };
    assert_eq!(status, DECLUTTER_OK);
    placement.visible == 1
}

/// Whether the label is shown beside a 20 × 20 box obstacle whose left edge is `gap` px right of
/// the label's right edge (negative: overlapping).
fn shown_beside_box(x0: f64, gap: f64) -> bool {
    let left = x0 + 125.0 + gap;
    shown_beside(x0, DeclutterObstacle { kind: DECLUTTER_OBSTACLE_BOX, a: left, b: 90.0, c: left + 20.0, d: 110.0 })
}

/// Whether the label is shown beside a circle obstacle of radius 10 whose leftmost point is
/// `gap` px right of the label's right edge (negative: overlapping).
fn shown_beside_circle(x0: f64, gap: f64) -> bool {
    let center = x0 + 125.0 + gap + 10.0;
    shown_beside(x0, DeclutterObstacle { kind: DECLUTTER_OBSTACLE_CIRCLE, a: center, b: 100.0, c: 10.0, d: 0.0 })
}

/// Asserts the same decisions at every distance for `shown(x0, gap)`, the label beside an
/// obstacle `gap` px away (negative: overlapping).
fn decides_alike_at_any_distance(shown: fn(f64, f64) -> bool) {
    for x0 in [0.0, 1e3, 1e6, 1e9, 1e12] {
        assert!(shown(x0, 10.0), "x0 = {x0}: an obstacle 10 px away hides the label");
        assert!(shown(x0, -TOLERANCE / 2.0), "x0 = {x0}: an overlap of τ/2 hides the label");
        assert!(!shown(x0, -2.0 * TOLERANCE), "x0 = {x0}: an overlap of 2τ does not hide the label");
    }
}

#[test]
fn box_obstacles_decide_alike_at_any_distance() {
    decides_alike_at_any_distance(shown_beside_box);
}

#[test]
fn circle_obstacles_decide_alike_at_any_distance() {
    decides_alike_at_any_distance(shown_beside_circle);
}
