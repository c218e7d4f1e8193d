use super::*;

fn path(points: &[[f64; 2]], advances: &[f64]) -> TextPath {
    TextPath::new(points.iter().map(|p| DVec2::from_array(*p)).collect(), advances.to_vec())
}

#[test]
fn the_carrier_sits_at_the_anchor_point_as_wide_as_the_text() {
    let label = Label::new(f64::NAN, 3.0, 0.0, 12.0).with_angle(30.0).with_priority(4.0).with_padding(1.0);
    let c = path(&[[0.0, 0.0], [100.0, 0.0]], &[10.0, 20.0]).carrier(&label);
    assert_eq!((c.x, c.y, c.style.width, c.style.height, c.style.angle), (50.0, 0.0, 30.0, 12.0, 0.0));
    assert_eq!((c.style.priority, c.style.padding), (4.0, 1.0));
    // No room: the first point.
    let c = path(&[[5.0, 7.0], [10.0, 7.0]], &[10.0, 20.0]).carrier(&label);
    assert_eq!((c.x, c.y), (5.0, 7.0));
}

#[test]
fn a_glyph_exactly_on_an_inner_vertex_takes_the_following_segment() {
    // An L: 20 px right, then 100 px up the screen. With the middle of the text at arc
    // length 20, the glyph centres are at 10, 20 (the vertex) and 30.
    let p = path(&[[0.0, 0.0], [20.0, 0.0], [20.0, -100.0]], &[10.0, 10.0, 10.0]).with_max_angle(90.0);
    let l = p.with_path_offset(20.0).layout().unwrap();
    assert_eq!(l.glyphs[0].axis, DVec2::new(1.0, 0.0));
    assert_eq!(l.glyphs[1].center, DVec2::new(20.0, 0.0));
    assert_eq!(l.glyphs[1].axis, DVec2::new(0.0, -1.0));
    assert_eq!(l.glyphs[2].center, DVec2::new(20.0, -10.0));
    assert!(!l.reversed, "the direction at the offset is that of the following segment: up");
}

#[test]
fn no_room_and_too_curved() {
    let p = path(&[[0.0, 0.0], [30.0, 0.0]], &[10.0, 10.0, 10.0]);
    assert!(p.layout().is_ok(), "exactly as long as the path");
    assert_eq!(p.clone().with_path_offset(14.0).layout(), Err(PathFailure::NoRoom));
    let p = path(&[[0.0, 0.0], [30.0, 0.0]], &[10.0, 10.0, 10.000_001]);
    assert!(p.layout().is_ok(), "longer by less than τ");
    let p = path(&[[0.0, 0.0], [30.0, 0.0]], &[10.0, 10.0, 10.01]);
    assert_eq!(p.layout(), Err(PathFailure::NoRoom));
    // A right angle in the middle of a 3-glyph text.
    let p = path(&[[0.0, 0.0], [50.0, 0.0], [50.0, -50.0]], &[10.0, 10.0, 10.0]);
    assert_eq!(p.clone().with_max_angle(89.9).layout(), Err(PathFailure::TooCurved));
    assert!(p.with_max_angle(90.0).layout().is_ok());
}

#[test]
fn upright_reversal_reads_left_to_right_and_up() {
    // Straight down the screen reads bottom to top after the reversal.
    let p = path(&[[0.0, 0.0], [0.0, 100.0]], &[10.0]);
    let l = p.layout().unwrap();
    assert!(l.reversed);
    assert_eq!(l.glyphs[0].axis, DVec2::new(0.0, -1.0));
    assert_eq!(l.glyphs[0].angle(), 90.0);
    // Straight up is kept; so is anything without keep_upright.
    assert!(!path(&[[0.0, 100.0], [0.0, 0.0]], &[10.0]).layout().unwrap().reversed);
    assert!(!path(&[[100.0, 0.0], [0.0, 0.0]], &[10.0]).with_keep_upright(false).layout().unwrap().reversed);
    // The offset is measured from the other end once reversed.
    let l = path(&[[100.0, 0.0], [0.0, 0.0]], &[10.0]).with_path_offset(30.0).layout().unwrap();
    assert_eq!(l.anchor, DVec2::new(70.0, 0.0));
}
