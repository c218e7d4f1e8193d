//! The fast path on several cores: the `labels` array of one document cut into pieces at
//! element boundaries, the pieces parsed (and their texts measured) on the rayon pool, and the
//! rest of the document read by the one-pass reader of `fast`.
//!
//! The cuts are guesses: from evenly spaced offsets, the next `}` followed by `,` and `{`
//! (blanks allowed between them) where a label parses. A guess may still fall inside a label
//! (in a string, say); none is trusted. Each piece is parsed label by label from its start until it
//! reaches or passes the next piece's start. A piece whose start the piece before reached
//! exactly is confirmed: a JSON parser in the same state over the same bytes takes the same
//! steps, so the labels it read are the ones one pass reads. A piece whose start was passed
//! over is parsed again from where the piece before stopped, on the calling thread. The piece
//! that meets the array's `]` ends it; the document with `[]` in the array's place is then
//! read by `fast` (keys, viewport, obstacles, nothing trailing), and the labels put in.
//!
//! Anything unexpected gives `None`, and the caller reads the document in one pass: the pieces
//! accept exactly the labels one pass accepts (`Labels::push` on the same structs), so where
//! this gives a document it is the same bit for bit (tests/fast_read.rs, the `document` fuzz
//! target). Repeat groups are numbered per piece and renumbered in document order as the
//! pieces are joined.
//!
//! A label is parsed on its own, at nesting depth 0 rather than 2: serde_json's depth limit
//! cannot tell the two apart, because no valid label nests more than four levels and the
//! label's types refuse any deeper value either way.

use rayon::prelude::*;

use super::fast::{self, Object};
use super::{Document, Labels, MIN_LABEL_BYTES};
use crate::formats::document::{Id, RawLabel};
use crate::limits;

/// Smallest piece, bytes: below this, waking the pool costs more than it saves.
const MIN_PIECE_BYTES: usize = 256 << 10;

/// Pieces per worker thread: enough that a slow piece does not hold the others up.
const PIECES_PER_THREAD: usize = 4;

/// The piece size for a document of `len` bytes on the current rayon pool, or `None` when the
/// document is read in one pass (one thread, or a document too small to share).
pub(super) fn piece_bytes(len: usize) -> Option<usize> {
    let threads = rayon::current_num_threads();
    (threads > 1 && len >= 2 * MIN_PIECE_BYTES).then(|| (len / (threads * PIECES_PER_THREAD)).max(MIN_PIECE_BYTES))
}

/// `text` (without a byte-order mark) as a document, its labels' array read in pieces of about
/// `piece_bytes`; `None` when it is not a valid document or the pieces do not fit together.
pub(super) fn read(text: &str, piece_bytes: usize) -> Option<Document> {
    let open = labels_array(text)?;
    let starts = piece_starts(text, open + 1, piece_bytes.max(1));
    let pieces: Vec<Piece> = (0..starts.len())
        .into_par_iter()
        .map(|k| Piece::parse(text, starts[k], starts.get(k + 1).copied(), k == 0))
        .collect();
    let (pieces, close) = chain(text, &starts, pieces)?;
    let rest = fast::read_rest(&format!("{}[]{}", &text[..open], text.get(close + 1..)?))?;
    let ids: Vec<&[Id]> = pieces.iter().map(|p| p.ids.as_slice()).collect();
    // Checked before the pieces are joined, so that no list of a million is made in vain.
    if ids.iter().map(|list| list.len()).sum::<usize>() > limits::MAX_LABELS || fast::has_duplicate(&ids) {
        return None;
    }
    Some(Labels::concat(pieces).into_document(rest.obstacle_ids, rest.obstacles, rest.options))
}

/// The offset of the `[` that opens the labels' array: after the first `"labels"` followed by
/// a `:` and a `[`. Whether that is the document's `labels` key is for [`fast::read_rest`] to
/// confirm (it reads the document with `[]` there): no other object of a valid document has
/// such a key.
fn labels_array(text: &str) -> Option<usize> {
    const KEY: &str = "\"labels\"";
    let bytes = text.as_bytes();
    text.match_indices(KEY).find_map(|(at, _)| {
        let colon = skip_blanks(bytes, at + KEY.len());
        let open = skip_blanks(bytes, colon + (bytes.get(colon) == Some(&b':')).then_some(1)?);
        (bytes.get(open) == Some(&b'[')).then_some(open)
    })
}

/// JSON's blanks: space, tab, line feed, carriage return.
fn skip_blanks(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
        at += 1;
    }
    at
}

/// Where the pieces start: `first`, then a guessed label start (see [`label_start`]) about
/// every `piece_bytes`.
fn piece_starts(text: &str, first: usize, piece_bytes: usize) -> Vec<usize> {
    let mut starts = vec![first];
    let mut guess = first + piece_bytes;
    while let Some(start) = label_start(text, guess) {
        starts.push(start);
        guess = start + piece_bytes;
    }
    starts
}

/// Candidates [`label_start`] tries before it takes the first.
const MAX_TRIES: usize = 16;

/// The first [`next_start`] at or after `from` where a label parses, so that fewer pieces start
/// inside a label (between two `candidates`, say) and must be read again; the first candidate
/// when none of [`MAX_TRIES`] does.
fn label_start(text: &str, from: usize) -> Option<usize> {
    let first = next_start(text.as_bytes(), from)?;
    let mut at = first;
    for _ in 0..MAX_TRIES {
        let mut stream = serde_json::Deserializer::from_str(text.get(at..)?).into_iter::<Object<RawLabel>>();
        if matches!(stream.next(), Some(Ok(_))) {
            return Some(at);
        }
        match next_start(text.as_bytes(), at + 1) {
            Some(next) => at = next,
            None => break,
        }
    }
    Some(first)
}

/// The first `{` at or after `from` that follows a `}` and a `,` (blanks between them allowed).
fn next_start(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        let close = at + bytes.get(at..)?.iter().position(|&b| b == b'}')?;
        let comma = skip_blanks(bytes, close + 1);
        if bytes.get(comma) == Some(&b',') {
            let open = skip_blanks(bytes, comma + 1);
            if bytes.get(open) == Some(&b'{') {
                return Some(open);
            }
        }
        at = close + 1;
    }
}

/// How a piece ended.
enum End {
    /// At the start of the label after a `,`, at or past the next piece's start.
    Next(usize),
    /// At the `]` that closes the array, at this offset.
    Close(usize),
    /// On anything a valid labels' array does not hold there.
    Failed,
}

/// The labels of one piece, converted, and where it ended.
struct Piece {
    labels: Labels,
    end: End,
}

impl Piece {
    /// Parses labels from `start` until an element starts at or past `until` (the array's end
    /// when `None`). `first`: `start` is just inside the `[`, where the array may be empty.
    fn parse(text: &str, start: usize, until: Option<usize>, first: bool) -> Piece {
        // Room for as many labels as the piece could hold, so that the lists never move while
        // they grow: only the part written is ever in memory.
        let most = (until.unwrap_or(text.len()).saturating_sub(start)) / MIN_LABEL_BYTES + 1;
        let mut labels = Labels::with_capacity(most);
        let end = parse_into(&mut labels, text, start, until, first).unwrap_or(End::Failed);
        Piece { labels, end }
    }
}

fn parse_into(labels: &mut Labels, text: &str, mut at: usize, until: Option<usize>, first: bool) -> Option<End> {
    let bytes = text.as_bytes();
    if first {
        let close = skip_blanks(bytes, at);
        if bytes.get(close) == Some(&b']') {
            return Some(End::Close(close));
        }
    }
    loop {
        let mut stream = serde_json::Deserializer::from_str(text.get(at..)?).into_iter::<Object<RawLabel>>();
        let Object(raw) = stream.next()?.ok()?;
        let index = labels.ids.len();
        if index == limits::MAX_LABELS {
            return None;
        }
        labels.push(index, raw).ok()?;
        let after = skip_blanks(bytes, at + stream.byte_offset());
        match bytes.get(after)? {
            b',' => at = skip_blanks(bytes, after + 1),
            b']' => return Some(End::Close(after)),
            _ => return None,
        }
        if until.is_some_and(|until| at >= until) {
            return Some(End::Next(at));
        }
    }
}

/// The labels of the pieces that follow each other in document order, and the offset of the
/// array's `]`, re-parsing the stretches whose guessed start was passed over; `None` if a
/// confirmed piece failed.
fn chain(text: &str, starts: &[usize], pieces: Vec<Piece>) -> Option<(Vec<Labels>, usize)> {
    let mut chained = Vec::with_capacity(pieces.len());
    let mut at = starts[0];
    for (k, piece) in pieces.into_iter().enumerate() {
        let until = starts.get(k + 1).copied();
        if until.is_some_and(|until| at >= until) {
            // The piece before read past this one: its start was inside a label.
            continue;
        }
        let piece = if at == starts[k] { piece } else { Piece::parse(text, at, until, false) };
        chained.push(piece.labels);
        match piece.end {
            End::Next(next) => at = next,
            End::Close(close) => return Some((chained, close)),
            End::Failed => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guessed_starts_follow_a_closing_brace_and_a_comma() {
        let bytes = b"[{\"a\": {}} ,\n {\"b\": 1},{\"c\": [{}, {}]}]";
        assert_eq!(next_start(bytes, 0), Some(14));
        assert_eq!(next_start(bytes, 15), Some(23));
        // Inside a label: found, and left to the parse to refuse.
        assert_eq!(next_start(bytes, 24), Some(34));
        assert_eq!(next_start(bytes, 35), None);
        // None is a label: each guess takes the first candidate.
        let text = std::str::from_utf8(bytes).unwrap();
        assert_eq!(piece_starts(text, 1, 10), vec![1, 23]);
        assert_eq!(piece_starts(text, 1, 5), vec![1, 14, 23, 34]);
    }

    #[test]
    fn guesses_skip_starts_where_no_label_parses() {
        let text = concat!(
            r#"[{"id": 1, "x": 0, "y": 0, "width": 5, "height": 5, "#,
            r#""candidates": [{"anchor": "top"}, {"anchor": "left"}]},"#,
            r#"{"id": 2, "x": 0, "y": 0, "width": 5, "height": 5}]"#
        );
        let inside = text.find(r#"{"anchor": "left"}"#).unwrap();
        let second = text.find(r#"{"id": 2"#).unwrap();
        assert_eq!(next_start(text.as_bytes(), 2), Some(inside));
        assert_eq!(label_start(text, 2), Some(second));
        assert_eq!(piece_starts(text, 1, 1), vec![1, second]);
    }

    #[test]
    fn the_labels_array_is_found_after_its_key() {
        assert_eq!(labels_array("{\"labels\" :\n [ ]}"), Some(13));
        assert_eq!(labels_array("{\"viewport\": null, \"labels\":[]}"), Some(28));
        assert_eq!(labels_array("{\"labels\": 3}"), None);
        assert_eq!(labels_array("{\"label\": []}"), None);
        assert_eq!(labels_array("{\"viewport\": {\"id\": \"labels\"}, \"labels\": []}"), Some(41));
    }
}
