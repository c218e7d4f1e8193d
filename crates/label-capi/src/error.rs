//! Errors at the boundary: a status code for the caller's `if`, a message for its log, kept per
//! thread (like `errno`), and the guard that keeps panics on the Rust side.

use std::cell::RefCell;
use std::ffi::{CStr, CString};
use std::panic::{AssertUnwindSafe, catch_unwind};

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
}

/// Records the message of a failure for `declutter_last_error` on this thread.
pub fn set_last_error(message: &str) {
    // Interior NUL bytes cannot be in a C string: they end it early.
    let text = message.split('\0').next().unwrap_or_default();
    let c = CString::new(text).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = c);
}

/// The message of the last failure on this thread, as a pointer that stays valid until the
/// next failing call on this thread.
pub fn last_error_ptr() -> *const std::ffi::c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// The message of the last failure on this thread (for Rust tests).
pub fn last_error() -> String {
    LAST_ERROR.with(|e| CStr::to_string_lossy(&e.borrow()).into_owned())
}

/// Runs `f`, turning its failure or any panic into a status code and a message. A panic sets
/// `*poisoned` (when given), so that an engine left half-updated is not used again.
pub fn guard(poisoned: Option<&mut bool>, f: impl FnOnce() -> Result<(), Failure>) -> DeclutterStatus {
    match catch_unwind(AssertUnwindSafe(f)) {
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
            set_last_error(&format!("internal error (a bug in declutter; the engine is poisoned): {what}"));
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

    #[test]
    fn panics_become_a_status_and_poison() {
        let mut poisoned = false;
        let status = guard(Some(&mut poisoned), || panic!("boom {}", 42));
        assert_eq!(status, DECLUTTER_PANIC);
        assert!(poisoned);
        assert!(last_error().contains("boom 42"), "{}", last_error());
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
