//! What the engine keeps per label between frames.

pub(crate) mod memo;
