//! Reading one whole input document: at most [`MAX_DOCUMENT_BYTES`], and UTF-8.

use std::io::{self, Read};

use crate::limits::{self, MAX_DOCUMENT_BYTES};

/// Why a document could not be read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The reader failed (the machine's problem: exit code 1).
    Io(io::Error),
    /// The document is longer than the limit (the caller's problem: exit code 2).
    TooLarge {
        /// The limit, bytes.
        limit: u64,
    },
    /// The bytes are not UTF-8 (the caller's problem: exit code 2).
    NotUtf8 {
        /// Offset of the first invalid byte.
        offset: usize,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::TooLarge { limit } => {
                write!(f, "larger than {} (the limit of one document)", limits::bytes(*limit))
            }
            ReadError::NotUtf8 { offset } => write!(f, "not UTF-8 text (invalid byte at offset {offset})"),
        }
    }
}

/// Reads `reader` to its end as text, refusing more than `limit` bytes without holding them.
///
/// # Errors
/// See [`ReadError`].
pub fn read_text_limited(reader: impl Read, limit: u64) -> Result<String, ReadError> {
    read_into(Vec::new(), reader, limit)
}

/// [`read_text`] of a reader that holds about `size` bytes (a file's length), read into a
/// buffer of that size rather than one grown (and copied) as the bytes come.
///
/// # Errors
/// See [`ReadError`].
pub fn read_text_sized(reader: impl Read, size: u64) -> Result<String, ReadError> {
    // One byte more: reading stops at the end without growing the buffer to look for more.
    let capacity = usize::try_from(size.min(MAX_DOCUMENT_BYTES).saturating_add(1)).unwrap_or(0);
    read_into(Vec::with_capacity(capacity), reader, MAX_DOCUMENT_BYTES)
}

fn read_into(mut bytes: Vec<u8>, reader: impl Read, limit: u64) -> Result<String, ReadError> {
    reader.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8 { offset: e.utf8_error().valid_up_to() })
}

/// [`read_text_limited`] with the documented limit, [`MAX_DOCUMENT_BYTES`].
///
/// # Errors
/// See [`ReadError`].
pub fn read_text(reader: impl Read) -> Result<String, ReadError> {
    read_text_limited(reader, MAX_DOCUMENT_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_that_is_wrong_reads_the_same_text() {
        for size in [0, 1, 4, 5, 6, 1000] {
            assert_eq!(read_text_sized(&b"12345"[..], size).unwrap(), "12345", "{size}");
        }
        assert!(matches!(read_text_sized(&b"ab\xFFcd"[..], 5), Err(ReadError::NotUtf8 { offset: 2 })));
    }

    #[test]
    fn the_limit_is_inclusive_and_nothing_past_it_is_read() {
        assert_eq!(read_text_limited(&b"12345"[..], 5).unwrap(), "12345");
        let e = read_text_limited(&b"123456"[..], 5).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge { limit: 5 }));
        assert_eq!(e.to_string(), "larger than 5 bytes (the limit of one document)");
        // An endless reader stops at the limit.
        let e = read_text_limited(io::repeat(b'x'), 1 << 20).unwrap_err();
        assert_eq!(e.to_string(), "larger than 1 MiB (the limit of one document)");
    }

    #[test]
    fn invalid_utf8_names_the_offset() {
        let e = read_text(&b"ab\xFFcd"[..]).unwrap_err();
        assert_eq!(e.to_string(), "not UTF-8 text (invalid byte at offset 2)");
    }
}
