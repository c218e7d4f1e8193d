//! The library behind the `declutter` binary: reading label-set documents (contract §2) into the
//! engine's types with errors that say where, and writing the result.
//!
//! It is a library so that the fuzzer (`fuzz/` at the repository root) and the tests can reach
//! the parsers directly; the binary (`src/main.rs`) adds the command line, files and threads.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod convert;
pub mod csv;
pub mod document;
pub mod generate;
pub mod geojson;
mod glyphs;
pub mod input;
pub mod limits;
pub mod map_picture;
pub mod measure;
pub mod ndjson;
pub mod output;
pub mod path_label;
pub mod pipeline;
pub mod png;
pub mod sink;
pub mod svg;
pub mod symbol;
