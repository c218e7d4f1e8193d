//! Error messages on one short line, located in the input's text.

use std::borrow::Cow;

/// Longest piece of the input an error message repeats.
const MAX_MESSAGE_CHARS: usize = 240;

/// serde's names of Rust types at the end of a message (`expected f64`) in the words of the
/// format: a user wrote JSON, not Rust.
fn in_plain_words(message: &str) -> Cow<'_, str> {
    const WORDS: [(&str, &str); 6] = [
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected u64", "expected a whole number >= 0"),
        ("expected u32", "expected a whole number >= 0"),
        ("expected i64", "expected a whole number"),
        ("expected usize", "expected a whole number >= 0"),
    ];
    for (rust, plain) in WORDS {
        if let Some(head) = message.strip_suffix(rust) {
            return Cow::Owned(format!("{head}{plain}"));
        }
    }
    Cow::Borrowed(message)
}

/// 1-based line of `part` inside `text` (a slice of it). Only called on the error path: it
/// counts newlines from the start.
pub fn line_of(text: &str, part: &str) -> Option<usize> {
    let offset = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let before = text.get(..offset)?;
    Some(before.bytes().filter(|&b| b == b'\n').count() + 1)
}

/// An error message on one short line: control characters escaped, long texts cut, and the
/// parser's own position (relative to the item, not the document) left out.
pub fn one_line(message: &str) -> String {
    let message = match message.rfind(" at line ") {
        Some(at) if message[at..].contains(" column ") => &message[..at],
        _ => message,
    };
    let message = in_plain_words(message);
    let mut out = String::new();
    for (count, c) in message.chars().enumerate() {
        if count == MAX_MESSAGE_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}
