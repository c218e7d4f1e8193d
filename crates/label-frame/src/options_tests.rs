//! The tests of `options.rs`.

use super::*;

#[test]
fn each_bad_setting_is_named() {
    let field = |o: FrameOptions| match o.validate() {
        Err(FrameError::InvalidOption { field, .. }) => field,
        other => panic!("expected an option error, got {other:?}"),
    };
    assert_eq!(FrameOptions::default().validate(), Ok(()));
    assert_eq!(field(FrameOptions::default().with_hysteresis(-1.0)), "hysteresis_px");
    assert_eq!(field(FrameOptions::default().with_fade_ms(f64::NAN)), "fade_ms");
    assert_eq!(field(FrameOptions::default().with_full_placement_interval_ms(-5.0)), "full_placement_interval_ms");
    assert_eq!(field(FrameOptions::default().with_perspective_scaling(1.5)), "perspective_scaling");
    assert_eq!(field(FrameOptions::default().with_max_overlap_area(f32::INFINITY)), "max_overlap_area");
}
