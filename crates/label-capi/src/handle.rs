//! What an engine handle holds: the frame engine, the camera of the next frame, the thread pool
//! frames run on, and whether a panic has poisoned it; and the pool shared by every engine made
//! with `threads = 0` and by the batch calls.

use std::sync::OnceLock;

use label_core::limits::MAX_THREADS;
use label_frame::{Camera, FrameEngine, FrameOptions};

use crate::error::Failure;
use crate::types::DECLUTTER_THREAD_POOL;

/// How the names of declutter's pool threads start (the panic hook knows them by it).
pub const THREAD_PREFIX: &str = "declutter-";

/// A pool of `threads` threads named `declutter-{name}-{i}`.
fn build_pool(threads: usize, name: &'static str) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("{THREAD_PREFIX}{name}-{i}"))
        .build()
        .map_err(|e| Failure::new(DECLUTTER_THREAD_POOL, format!("thread pool: {e}")))
}

/// The pool shared by engines made with `threads = 0` and by the batch calls: a thread per
/// core, at most [`MAX_THREADS`], whatever `RAYON_NUM_THREADS` says (rayon's global pool
/// would follow it past the limit). Made on first use; it lives as long as the process.
pub fn shared_pool() -> Result<&'static rayon::ThreadPool, Failure> {
    static POOL: OnceLock<Result<rayon::ThreadPool, Failure>> = OnceLock::new();
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    POOL.get_or_init(|| build_pool(cores.min(MAX_THREADS), "shared")).as_ref().map_err(Clone::clone)
}

/// The engine behind a C handle (opaque to C).
pub struct DeclutterEngine {
    /// The frame engine.
    pub engine: FrameEngine,
    /// Set by `declutter_engine_set_camera`.
    pub camera: Option<Camera>,
    /// The engine's own pool, or the shared one (a thread per core, at most 1,024).
    pub pool: Pool,
    /// A panic happened inside a call on this engine.
    pub poisoned: bool,
}

/// Where an engine's frames run.
pub enum Pool {
    /// Its own threads (dropping the pool tells them to end; rayon does not wait for them).
    Own(rayon::ThreadPool),
    /// The process's shared pool.
    Shared(&'static rayon::ThreadPool),
}

impl DeclutterEngine {
    /// An engine with `threads` threads of its own (0: the shared pool, one thread per core).
    pub fn new(options: FrameOptions, threads: usize) -> Result<Self, Failure> {
        label_core::validate::threads(threads)
            .map_err(|p| Failure::invalid(format!("threads: {p} (0 runs on one pool with a thread per core)")))?;
        let pool = if threads == 0 { Pool::Shared(shared_pool()?) } else { Pool::Own(build_pool(threads, "engine")?) };
        Ok(Self { engine: FrameEngine::new(options)?, camera: None, pool, poisoned: false })
    }

    /// Runs `f` on the engine's pool.
    pub fn install<R: Send>(&mut self, f: impl FnOnce(&mut FrameEngine) -> R + Send) -> R {
        let engine = &mut self.engine;
        match &self.pool {
            Pool::Own(pool) => pool.install(|| f(engine)),
            Pool::Shared(pool) => pool.install(|| f(engine)),
        }
    }
}
