//! The clock a frame's timings read.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use no_clock::Instant;

/// wasm32-unknown-unknown's standard library has no clock (`Instant::now` panics there), so on
/// that target a frame's [`crate::FrameTimings`] read zero; a web page times `place_frame` itself.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod no_clock {
    use std::time::Duration;

    /// A clock that never moves.
    #[derive(Clone, Copy)]
    pub struct Instant;

    impl Instant {
        pub fn now() -> Self {
            Self
        }
    }

    impl std::ops::Sub for Instant {
        type Output = Duration;
        fn sub(self, _: Self) -> Duration {
            Duration::ZERO
        }
    }
}
