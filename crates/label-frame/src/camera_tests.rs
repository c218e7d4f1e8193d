//! The tests of `camera.rs`.

use super::*;
use label_core::Problem;

#[test]
fn each_bad_field_is_named() {
    let ok = Camera::new(DVec2::new(128.0, 128.0), 4.0, 800.0, 600.0);
    assert_eq!(ok.validate(), Ok(()));
    let field = |c: Camera| match c.validate() {
        Err(FrameError::InvalidCamera { field, .. }) => field,
        other => panic!("expected a camera error, got {other:?}"),
    };
    assert_eq!(field(ok.with_center(DVec2::new(f64::NAN, 0.0))), "center");
    assert_eq!(field(ok.with_zoom(-1.0)), "zoom");
    assert_eq!(field(ok.with_zoom(31.0)), "zoom");
    assert_eq!(field(ok.with_bearing(f64::INFINITY)), "bearing");
    assert_eq!(field(ok.with_pitch(86.0)), "pitch");
    assert_eq!(field(Camera { size: DVec2::new(0.0, 10.0), ..ok }), "size");
    assert_eq!(field(ok.with_fov(0.0)), "fov");
    assert_eq!(field(ok.with_center_offset(DVec2::new(0.0, f64::NAN))), "center_offset");
    assert_eq!(field(ok.with_center_offset(DVec2::new(-70_000.0, 0.0))), "center_offset");
    assert_eq!(ok.with_center_offset(DVec2::new(-400.0, 300.0)).validate(), Ok(()));
    assert_eq!(field(ok.with_center_offset(DVec2::new(400.5, 0.0))), "center_offset");
    assert_eq!(field(ok.with_center_offset(DVec2::new(0.0, -300.5))), "center_offset");
    assert_eq!(
        ok.with_pitch(-1.0).validate(),
        Err(FrameError::InvalidCamera { field: "pitch", problem: Problem::Negative(-1.0) })
    );
}
