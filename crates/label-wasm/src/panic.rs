//! The panic hook. A panic in WebAssembly aborts (a trap): nothing unwinds and the instance's
//! state may be half-changed. The hook keeps the message where the JavaScript wrapper can read
//! it after catching the trap, in its own buffer (the engine's may be borrowed at that moment).

use std::sync::Mutex;

static MESSAGE: Mutex<String> = Mutex::new(String::new());

/// Replaces the panic hook with one that keeps the panic's message (and location) for
/// [`panic_message`]. Natively, it also prints it, as the default hook does.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!("declutter panicked: {info}");
        #[cfg(not(target_arch = "wasm32"))]
        eprintln!("{message}");
        if let Ok(mut kept) = MESSAGE.lock() {
            *kept = message;
        }
    }));
}

/// The message of the last panic, if any.
#[must_use]
pub fn panic_message() -> String {
    MESSAGE.lock().map(|m| m.clone()).unwrap_or_default()
}

/// Address and length of the last panic's message in memory (UTF-8), for the wrapper.
pub(crate) fn panic_message_address() -> (usize, usize) {
    MESSAGE.lock().map(|m| (m.as_ptr() as usize, m.len())).unwrap_or((0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hook_keeps_the_message() {
        install_panic_hook();
        let result = std::panic::catch_unwind(|| panic!("a test panic"));
        let _ = std::panic::take_hook();
        assert!(result.is_err());
        let message = panic_message();
        assert!(message.starts_with("declutter panicked: panicked at"), "{message}");
        assert!(message.ends_with("a test panic"), "{message}");
        assert_eq!(panic_message_address().1, message.len());
    }
}
