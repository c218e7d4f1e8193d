//! The binary's commands: what each does with its arguments, files and threads. The formats
//! they read and write are the library's ([`label_cli::formats`]).

pub(crate) mod batch;
pub(crate) mod generate;
pub(crate) mod place;
mod progress;
pub(crate) mod streaming;
pub(crate) mod tiles;
