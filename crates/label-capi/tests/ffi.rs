//! The C functions called from Rust: the error paths a C caller can hit.
#![allow(unsafe_code, reason = "calling the C functions as a C caller would")]

use std::ffi::CStr;
use std::ptr;

use common::message;
use declutter::*;

mod common;

fn label(id: u64, x: f64) -> DeclutterLabel {
    DeclutterLabel { id, x, y: 48.2, width: 50.0, height: 12.0, ..DeclutterLabel::default() }
}

#[test]
fn every_error_path_returns_a_code_and_a_message() {
    let mut engine: *mut DeclutterEngine = ptr::null_mut();
    // SAFETY: null options are allowed; `engine` is writable.
    assert_eq!(unsafe { declutter_engine_new(ptr::null(), 1, &mut engine) }, DECLUTTER_OK);
    assert!(!engine.is_null());
    // SAFETY: (every call below) `engine` is live and used by this thread only; every other
    // pointer is null, or points to a local of the right type and size.
    unsafe {
        // No camera yet.
        assert_eq!(declutter_engine_place_frame(engine, 0.0, ptr::null_mut()), DECLUTTER_NO_CAMERA);
        assert!(message().contains("set_camera"), "{}", message());
        // Null pointers with a count.
        assert_eq!(declutter_engine_set_labels(engine, ptr::null(), 3), DECLUTTER_NULL_POINTER);
        assert_eq!(message(), "labels is a null pointer");
        assert_eq!(declutter_engine_set_camera(engine, ptr::null()), DECLUTTER_NULL_POINTER);
        // Bad values are named.
        let dup = [label(7, 16.37), label(7, 16.38)];
        assert_eq!(declutter_engine_set_labels(engine, dup.as_ptr(), 2), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().contains("id 7 is already used"), "{}", message());
        let camera = DeclutterCamera {
            center_x: 16.37,
            center_y: 48.2,
            zoom: 14.0,
            width: 640.0,
            height: 480.0,
            pitch: 90.0,
            ..DeclutterCamera::default()
        };
        assert_eq!(declutter_engine_set_camera(engine, &camera), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().contains("pitch"), "{}", message());
        let mut options = DeclutterOptions::default();
        assert_eq!(declutter_options_default(&mut options), DECLUTTER_OK);
        options.stickiness = 9;
        assert_eq!(declutter_engine_set_options(engine, &options), DECLUTTER_INVALID_ARGUMENT);
        let bad_obstacle =
            DeclutterObstacle { kind: DECLUTTER_OBSTACLE_CIRCLE, c: -1.0, ..DeclutterObstacle::default() };
        assert_eq!(declutter_engine_set_obstacles(engine, &bad_obstacle, 1), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().contains("radius"), "{}", message());

        // A working frame.
        let labels = [label(1, 16.37), label(2, 16.3701), label(3, 16.385)];
        assert_eq!(declutter_engine_set_labels(engine, labels.as_ptr(), 3), DECLUTTER_OK);
        let camera = DeclutterCamera { pitch: 0.0, ..camera };
        assert_eq!(declutter_engine_set_camera(engine, &camera), DECLUTTER_OK);
        let mut stats = DeclutterFrameStats::default();
        assert_eq!(declutter_engine_place_frame(engine, 0.0, &mut stats), DECLUTTER_OK);
        assert_eq!((stats.labels, stats.visible, stats.hidden_collision), (3, 2, 1));

        // Results: one at a time, out of range, and in bulk into a short buffer.
        let mut r = DeclutterLabelResult::default();
        assert_eq!(declutter_engine_result(engine, 1, &mut r), DECLUTTER_OK);
        assert_eq!(
            (r.visible, r.reason, r.hidden_by_kind, r.hidden_by),
            (0, DECLUTTER_REASON_COLLISION, DECLUTTER_BLOCKER_LABEL, 0)
        );
        assert_eq!(declutter_engine_result(engine, 3, &mut r), DECLUTTER_OUT_OF_RANGE);
        assert!(message().contains("3 out of range (3 labels)"), "{}", message());
        let mut two = [DeclutterLabelResult::default(); 2];
        let mut written = 0usize;
        assert_eq!(declutter_engine_results(engine, two.as_mut_ptr(), 2, &mut written), DECLUTTER_OK);
        assert_eq!(written, 2);
        assert_eq!(two[0].visible, 1);
        assert_eq!(CStr::from_ptr(declutter_reason_name(two[1].reason)).to_str(), Ok("collision"));
        assert_eq!(CStr::from_ptr(declutter_reason_name(77)).to_str(), Ok("unknown"));
        // The centre of perspective 100 px right of the middle, 30 px above: every point moves
        // so (no pitch); a NaN offset is named.
        let off_centre = DeclutterCamera { center_offset_x: 100.0, center_offset_y: -30.0, ..camera };
        assert_eq!(declutter_engine_set_camera(engine, &off_centre), DECLUTTER_OK);
        assert_eq!(declutter_engine_place_frame(engine, 16.0, &mut stats), DECLUTTER_OK);
        let mut moved = DeclutterLabelResult::default();
        assert_eq!(declutter_engine_result(engine, 0, &mut moved), DECLUTTER_OK);
        assert!((moved.x - two[0].x - 100.0).abs() < 1e-9 && (moved.y - two[0].y + 30.0).abs() < 1e-9, "{moved:?}");
        let bad = DeclutterCamera { center_offset_y: f64::NAN, ..camera };
        assert_eq!(declutter_engine_set_camera(engine, &bad), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().contains("center_offset"), "{}", message());

        declutter_engine_free(engine);
        declutter_engine_free(ptr::null_mut());
        assert_eq!(declutter_engine_label_count(ptr::null_mut(), &mut written), DECLUTTER_NULL_POINTER);
    }
}

/// Held-out faults: 100,000 threads were accepted (and never returned), and latitude 95 was
/// accepted where the GeoJSON reader refuses it. Both limits come from `label_core::limits`.
#[test]
fn thread_count_and_latitude_are_limited_like_every_other_input() {
    let mut engine: *mut DeclutterEngine = ptr::null_mut();
    // SAFETY: null options are allowed; `engine` is writable.
    unsafe {
        for threads in [100_000, 1025] {
            assert_eq!(declutter_engine_new(ptr::null(), threads, &mut engine), DECLUTTER_INVALID_ARGUMENT);
            assert!(engine.is_null());
            assert!(message().contains("threads") && message().contains("at most 1024"), "{}", message());
        }
        assert_eq!(declutter_engine_new(ptr::null(), 2, &mut engine), DECLUTTER_OK);
    }
    // SAFETY: `engine` is live and used by this thread only; the pointers point to locals.
    unsafe {
        let far_north = DeclutterLabel { y: 95.0, ..label(1, 16.37) };
        assert_eq!(declutter_engine_set_labels(engine, &far_north, 1), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().contains("label 0 (id 1): field `y`"), "{}", message());
        let far_east = DeclutterLabel { x: 361.0, ..label(1, 16.37) };
        assert_eq!(declutter_engine_set_labels(engine, &far_east, 1), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().contains("field `x`"), "{}", message());
        let camera =
            DeclutterCamera { center_y: -90.5, zoom: 3.0, width: 640.0, height: 480.0, ..DeclutterCamera::default() };
        assert_eq!(declutter_engine_set_camera(engine, &camera), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().contains("camera: field `y`"), "{}", message());
        let edge = DeclutterLabel { y: 90.0, ..label(1, 16.37) };
        assert_eq!(declutter_engine_set_labels(engine, &edge, 1), DECLUTTER_OK);
        declutter_engine_free(engine);
    }
}
