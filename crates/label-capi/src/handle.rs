//! What an engine handle holds: the frame engine, the camera of the next frame, the thread pool
//! frames run on, and whether a panic has poisoned it.

use label_frame::{Camera, FrameEngine, FrameOptions};

use crate::error::Failure;
use crate::types::DECLUTTER_THREAD_POOL;

/// The engine behind a C handle (opaque to C).
pub struct DeclutterEngine {
    /// The frame engine.
    pub engine: FrameEngine,
    /// Set by `declutter_engine_set_camera`.
    pub camera: Option<Camera>,
    /// `None`: frames run on rayon's global pool.
    pub pool: Option<rayon::ThreadPool>,
    /// A panic happened inside a call on this engine.
    pub poisoned: bool,
}

impl DeclutterEngine {
    /// An engine with `threads` threads of its own (0: rayon's global pool, one thread per
    /// core).
    pub fn new(options: FrameOptions, threads: usize) -> Result<Self, Failure> {
        label_core::validate::threads(threads)
            .map_err(|p| Failure::invalid(format!("threads: {p} (0 runs on one pool with a thread per core)")))?;
        let pool = if threads == 0 {
            None
        } else {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("declutter-{i}"))
                .build()
                .map_err(|e| Failure::new(DECLUTTER_THREAD_POOL, format!("thread pool: {e}")))?;
            Some(pool)
        };
        Ok(Self { engine: FrameEngine::new(options)?, camera: None, pool, poisoned: false })
    }

    /// Runs `f` on the engine's pool.
    pub fn install<R: Send>(&mut self, f: impl FnOnce(&mut FrameEngine) -> R + Send) -> R {
        match &self.pool {
            Some(pool) => pool.install(|| f(&mut self.engine)),
            None => f(&mut self.engine),
        }
    }
}
