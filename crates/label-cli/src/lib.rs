//! The library behind the `declutter` binary: reading label-set documents (contract §2) into the
//! engine's types with errors that say where, and writing the result.
//!
//! It is a library so that the fuzzer (`fuzz/` at the repository root) and the tests can reach
//! the parsers directly; the binary (`src/main.rs`, its commands in `src/commands/`) adds the command line, files
//! and threads.
//!
//! - [`formats`]: every document read or written (label-set JSON, GeoJSON, CSV, the result, the
//!   pictures, label tiles);
//! - [`pipeline`]: one document's text to its result, the step that many files and NDJSON
//!   lines share; [`ndjson`]: a stream of label-set documents, one per line, each through the
//!   pipeline; [`generate`]: the benchmark workloads;
//! - [`input`], [`limits`], [`measure`], [`sink`]: reading bounded input, the documented limits,
//!   text measurement in the run's font, and writing result files safely.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod formats;
pub mod generate;
pub mod input;
pub mod limits;
pub mod measure;
pub mod ndjson;
pub mod pipeline;
pub mod sink;
