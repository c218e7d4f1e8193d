//! An engine kept in a thread-local and dropped when its thread ends, after the thread's own
//! caches (the kept boxes' grid) are gone: dropping it must not touch them (a panic there
//! aborts the process).

mod common;

use std::cell::RefCell;

use common::*;
use glam::DVec2;
use label_frame::{FrameEngine, FrameKind, FrameOptions};

thread_local! {
    static ENGINE: RefCell<Option<FrameEngine>> = const { RefCell::new(None) };
}

/// An engine whose kept labels' grid is laid (a reused frame placed a newcomer).
fn laid_engine() -> FrameEngine {
    let low = at_screen(1, 100.0, 100.0, 100.0, 10.0).with_priority(1.0);
    let high = at_screen(2, 120.0, 100.0, 100.0, 10.0).with_priority(2.0);
    let mut e = FrameEngine::new(FrameOptions::default()).unwrap();
    e.set_labels(vec![high, low]).unwrap();
    let panned = |dx: f64| flat_camera().with_center(CENTER + DVec2::new(dx / FLAT_SCALE, 0.0));
    e.place_frame(&panned(-335.0), 0.0).unwrap();
    let f = e.place_frame(&panned(-300.0), 16.0).unwrap();
    assert_eq!((f.stats.kind, f.stats.placed_now), (FrameKind::Reused, 1));
    e
}

#[test]
fn an_engine_in_a_thread_local_is_dropped_after_the_threads_caches() {
    let ended = std::thread::spawn(|| {
        // The engine's thread-local first; then another engine dropped on the thread hands its
        // grid to the thread's cache, which is therefore destroyed before the kept engine.
        ENGINE.with(|slot| *slot.borrow_mut() = Some(laid_engine()));
        drop(laid_engine());
    })
    .join();
    assert!(ended.is_ok(), "the thread ended without a panic");
}
