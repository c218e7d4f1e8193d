//! What an engine handle holds: the frame engine, the camera of the next frame, the thread pool
//! frames run on, and whether a panic has poisoned it; and rayon's global pool, held to the
//! thread limit, for engines made with `threads = 0` and the batch calls.

use std::sync::OnceLock;

use label_core::limits::MAX_THREADS;
use label_frame::{Camera, FrameEngine, FrameOptions};

use crate::error::{Failure, THREAD_PREFIX};
use crate::types::DECLUTTER_THREAD_POOL;

/// An engine's own pool of `threads` threads named `declutter-engine-{i}`.
fn build_pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("{THREAD_PREFIX}engine-{i}"))
        .build()
        .map_err(|e| Failure::new(DECLUTTER_THREAD_POOL, format!("thread pool: {e}")))
}

/// Makes sure rayon's global pool, on which engines made with `threads = 0` and the batch calls
/// run their parallel parts, has a thread per core, at most [`MAX_THREADS`], whatever
/// `RAYON_NUM_THREADS` says (rayon would follow it past the limit when it makes the pool on
/// first use). A pool the host made before is kept as it is. The calls themselves run on the
/// caller's thread.
pub fn global_pool() -> Result<(), Failure> {
    static POOL: OnceLock<Result<(), Failure>> = OnceLock::new();
    let made = POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(cores.min(MAX_THREADS))
            .thread_name(|i| format!("{THREAD_PREFIX}global-{i}"))
            .build_global();
        match built {
            // The host's own pool (or rayon's, made by the host's own parallel code) stays.
            Err(e) if !e.to_string().contains("already been initialized") => {
                Err(Failure::new(DECLUTTER_THREAD_POOL, format!("thread pool: {e}")))
            }
            _ => Ok(()),
        }
    });
    made.clone()
}

/// The engine behind a C handle (opaque to C).
pub struct DeclutterEngine {
    /// The frame engine.
    pub engine: FrameEngine,
    /// Set by `declutter_engine_set_camera`.
    pub camera: Option<Camera>,
    /// The engine's own pool, or rayon's global one.
    pub pool: Pool,
    /// A panic happened inside a call on this engine.
    pub poisoned: bool,
}

/// Where an engine's frames run.
pub enum Pool {
    /// Its own threads (dropping the pool tells them to end; rayon does not wait for them).
    Own(rayon::ThreadPool),
    /// The caller's thread, with rayon's global pool (a thread per core, at most 1,024) for
    /// the parallel parts.
    Global,
}

impl DeclutterEngine {
    /// An engine with `threads` threads of its own (0: the caller's thread and rayon's global
    /// pool).
    pub fn new(options: FrameOptions, threads: usize) -> Result<Self, Failure> {
        label_core::validate::threads(threads)
            .map_err(|p| Failure::invalid(format!("threads: {p} (0 runs on one pool with a thread per core)")))?;
        let pool = if threads == 0 {
            global_pool()?;
            Pool::Global
        } else {
            Pool::Own(build_pool(threads)?)
        };
        Ok(Self { engine: FrameEngine::new(options)?, camera: None, pool, poisoned: false })
    }

    /// Runs `f` on the engine's pool.
    pub fn install<R: Send>(&mut self, f: impl FnOnce(&mut FrameEngine) -> R + Send) -> R {
        let engine = &mut self.engine;
        match &self.pool {
            Pool::Own(pool) => pool.install(|| f(engine)),
            Pool::Global => f(engine),
        }
    }
}
