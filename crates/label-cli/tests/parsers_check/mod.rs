//! sonic-rs against serde_json in the fast path's one pass
//! (`label_cli::formats::convert::read_document_one_pass`): on any text both read the same
//! document (bit for bit: Debug text) or both refuse, except where sonic-rs is not given the
//! text at all — a possible negative zero (`-0`), or `"obstacles"` anywhere — or refuses it at
//! an obstacle (`convert/sonic.rs`). Included by
//! `tests/fast_read.rs` and by the `document` and `ndjson` fuzz targets.

use label_cli::formats::convert::{JsonParser, read_document_one_pass};

/// Panics where the two parsers read `text` differently.
pub fn check(text: &str) {
    let sonic = read_document_one_pass(text, JsonParser::SonicRs);
    let serde = read_document_one_pass(text, JsonParser::SerdeJson);
    match (&sonic, &serde) {
        (Some(sonic), Some(serde)) => {
            assert_eq!(format!("{sonic:?}"), format!("{serde:?}"), "sonic-rs and serde_json read different documents")
        }
        (Some(_), None) => panic!("sonic-rs reads a document serde_json refuses"),
        (None, Some(serde)) => {
            let not_given = text.contains("-0") || text.contains("\"obstacles\"");
            assert!(not_given || !serde.obstacles.is_empty(), "sonic-rs refuses a document serde_json reads")
        }
        (None, None) => {}
    }
}
