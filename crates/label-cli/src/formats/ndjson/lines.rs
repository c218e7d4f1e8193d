//! The lines of an NDJSON stream, read one at a time and never more than [`MAX_LINE_BYTES`]
//! of one held.

use std::io::{self, BufRead, BufReader, Read};

use crate::limits::MAX_LINE_BYTES;

/// Capacity of the read buffer (64 KiB). Large enough that a window of tile-sized lines
/// usually fills before the buffer runs dry (which closes a window early); small enough to
/// cost nothing for a short stream.
const READ_BUFFER: usize = 64 << 10;

/// Reads lines of at most [`MAX_LINE_BYTES`] from a reader, counting them.
pub struct Lines<R> {
    reader: BufReader<R>,
    number: u64,
    bytes: u64,
}

/// One line as read by [`Lines::next_line`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// The end of the input: nothing was read.
    End,
    /// A line is in the buffer (with its line break, if it had one).
    Line,
    /// A line longer than [`MAX_LINE_BYTES`] was skipped; its length, bytes.
    TooLong(u64),
}

impl<R: Read> Lines<R> {
    /// Lines of `reader`.
    pub fn new(reader: R) -> Self {
        Lines { reader: BufReader::with_capacity(READ_BUFFER, reader), number: 0, bytes: 0 }
    }

    /// The number of the last line read (1-based; 0 before the first).
    #[must_use]
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Bytes read so far.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether more input is ready without waiting.
    #[must_use]
    pub fn has_buffered_input(&self) -> bool {
        !self.reader.buffer().is_empty()
    }

    /// Reads the next line into `buf` (cleared first), never holding more than
    /// [`MAX_LINE_BYTES`] of it.
    ///
    /// # Errors
    /// Failures of the reader.
    pub fn next_line(&mut self, buf: &mut Vec<u8>) -> io::Result<LineRead> {
        buf.clear();
        let mut total: u64 = 0;
        let mut too_long = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if total == 0 {
                    return Ok(LineRead::End);
                }
                break;
            }
            let (take, ends) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if buf.len() + take > MAX_LINE_BYTES {
                    too_long = true;
                    buf.clear();
                } else {
                    buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.reader.consume(take);
            total += take as u64;
            if ends {
                break;
            }
        }
        self.number += 1;
        self.bytes += total;
        Ok(if too_long { LineRead::TooLong(total) } else { LineRead::Line })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_the_limit_is_skipped_without_being_kept() {
        let mut lines = Lines::new(std::io::repeat(b' ').take(MAX_LINE_BYTES as u64 + 10).chain(&b"\nnext\n"[..]));
        let mut buf = Vec::new();
        assert_eq!(lines.next_line(&mut buf).unwrap(), LineRead::TooLong(MAX_LINE_BYTES as u64 + 11));
        assert!(buf.is_empty());
        assert_eq!(lines.next_line(&mut buf).unwrap(), LineRead::Line);
        assert_eq!(buf, b"next\n");
        assert_eq!(lines.number(), 2);
        assert_eq!(lines.next_line(&mut buf).unwrap(), LineRead::End);
        // Exactly at the limit, the line is kept.
        let mut exact = vec![b' '; MAX_LINE_BYTES - 1];
        exact.push(b'\n');
        let mut lines = Lines::new(&exact[..]);
        assert_eq!(lines.next_line(&mut buf).unwrap(), LineRead::Line);
        assert_eq!(buf.len(), MAX_LINE_BYTES);
    }
}
