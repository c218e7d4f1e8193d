//! Errors at the boundary: a status code for the caller's `if`, a message for its log, kept per
//! thread (like `errno`), and the guard that keeps panics on the Rust side.
//!
//! Nothing here may panic or print into the host: the thread-locals are reached with
//! `try_with` (a call from a pthread key's destructor comes after Rust's thread-locals are
//! gone; its message is then dropped, its status still returned), and a panic caught by
//! [`guard`] is reported only through the status and the message — the panic hook installed
//! on the first call stays silent for panics inside declutter (on a thread inside [`guard`],
//! or one of declutter's pool threads, named `declutter-…`) and hands every other panic to the
//! hook that was there before.

use std::cell::{Cell, RefCell};
use std::ffi::{CStr, CString};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

use crate::types::*;

/// A failed call: its status and what to tell the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// One of the `DECLUTTER_*` codes other than `DECLUTTER_OK`.
    pub status: DeclutterStatus,
    /// Why, in one line.
    pub message: String,
}

impl Failure {
    /// A failure with a message.
    pub fn new(status: DeclutterStatus, message: impl Into<String>) -> Self {
        Self { status, message: message.into() }
    }

    /// An argument out of range.
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(DECLUTTER_INVALID_ARGUMENT, message)
    }

    /// A null pointer where `what` was expected.
    pub fn null(what: &str) -> Self {
        Self::new(DECLUTTER_NULL_POINTER, format!("{what} is a null pointer"))
    }
}

impl From<label_frame::FrameError> for Failure {
    fn from(e: label_frame::FrameError) -> Self {
        Failure::invalid(e.to_string())
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
    /// How many [`guard`]s this thread is inside (no destructor: reachable during teardown).
    static GUARDED: Cell<u32> = const { Cell::new(0) };
}

/// Records the message of a failure for `declutter_last_error` on this thread (dropped when
/// the thread's thread-locals are already gone).
pub fn set_last_error(message: &str) {
    // Interior NUL bytes cannot be in a C string: they end it early.
    let text = message.split('\0').next().unwrap_or_default();
    let c = CString::new(text).unwrap_or_default();
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut e) = e.try_borrow_mut() {
            *e = c;
        }
    });
}

/// The message of the last failure on this thread, as a pointer that stays valid until the
/// next failing call on this thread or the thread's end (an empty string once the thread's
/// thread-locals are gone).
pub fn last_error_ptr() -> *const std::ffi::c_char {
    LAST_ERROR.try_with(|e| e.try_borrow().map(|e| e.as_ptr()).unwrap_or(c"".as_ptr())).unwrap_or(c"".as_ptr())
}

/// The message of the last failure on this thread (for Rust tests).
pub fn last_error() -> String {
    LAST_ERROR.try_with(|e| CStr::to_string_lossy(&e.borrow()).into_owned()).unwrap_or_default()
}

/// How the names of declutter's pool threads start (the pools are named so; the panic hook
/// knows them by it).
pub const THREAD_PREFIX: &str = "declutter-";

/// Whether a panic now happens inside declutter: on a thread inside [`guard`] or on one of
/// declutter's own pool threads.
fn inside_declutter() -> bool {
    GUARDED.try_with(Cell::get).unwrap_or(0) > 0
        || std::thread::current().name().is_some_and(|name| name.starts_with(THREAD_PREFIX))
}

/// Installs (once) the panic hook that stays silent for panics inside declutter and passes the
/// others to the hook it replaces.
fn install_quiet_hook() {
    static HOOK: Once = Once::new();
    // `set_hook` panics on a panicking thread; the hook waits for a calm call then.
    if std::thread::panicking() {
        return;
    }
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !inside_declutter() {
                previous(info);
            }
        }));
    });
}

/// Counts this thread as inside a [`guard`] while alive.
struct Guarded;

impl Guarded {
    fn enter() -> Self {
        let _ = GUARDED.try_with(|g| g.set(g.get() + 1));
        Guarded
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        let _ = GUARDED.try_with(|g| g.set(g.get().saturating_sub(1)));
    }
}

/// Runs `f`, turning its failure or any panic into a status code and a message. A panic sets
/// `*poisoned` (when given: a call on an engine), so that an engine left half-updated is not
/// used again.
pub fn guard(poisoned: Option<&mut bool>, f: impl FnOnce() -> Result<(), Failure>) -> DeclutterStatus {
    install_quiet_hook();
    let inside = Guarded::enter();
    let outcome = catch_unwind(AssertUnwindSafe(f));
    drop(inside);
    match outcome {
        Ok(Ok(())) => DECLUTTER_OK,
        Ok(Err(failure)) => {
            set_last_error(&failure.message);
            failure.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic payload".to_owned());
            let consequence = if poisoned.is_some() { "; the engine is poisoned" } else { "" };
            set_last_error(&format!("internal error (a bug in declutter{consequence}): {what}"));
            if let Some(p) = poisoned {
                *p = true;
            }
            DECLUTTER_PANIC
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test for everything that touches the process's panic hook (tests run in parallel).
    #[test]
    fn panics_become_a_silent_status_and_poison() {
        // A hook standing for the host's: it must not hear of declutter's panics, and must hear
        // of the host's own.
        let heard = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = heard.clone();
        std::panic::set_hook(Box::new(move |_| {
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }));
        let status = guard(None, || panic!("no engine"));
        assert_eq!(status, DECLUTTER_PANIC);
        assert!(!last_error().contains("poisoned"), "{}", last_error());
        assert_eq!(heard.load(std::sync::atomic::Ordering::SeqCst), 0, "the host's hook heard declutter's panic");
        let _ = catch_unwind(|| panic!("the host's own"));
        assert_eq!(heard.load(std::sync::atomic::Ordering::SeqCst), 1, "the host's hook missed its own panic");
        let mut poisoned = false;
        let status = guard(Some(&mut poisoned), || panic!("boom {}", 42));
        assert_eq!(status, DECLUTTER_PANIC);
        assert!(poisoned);
        assert!(last_error().contains("boom 42"), "{}", last_error());
        assert!(last_error().contains("the engine is poisoned"), "{}", last_error());
        let status = guard(None, || Err(Failure::invalid("bad width")));
        assert_eq!(status, DECLUTTER_INVALID_ARGUMENT);
        assert_eq!(last_error(), "bad width");
        assert_eq!(guard(None, || Ok(())), DECLUTTER_OK);
        // A success leaves the last message alone (errno-like).
        assert_eq!(last_error(), "bad width");
        set_last_error("cut\0here");
        assert_eq!(last_error(), "cut");
    }
}
