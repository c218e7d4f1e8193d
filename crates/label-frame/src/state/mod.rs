//! What the engine keeps per label between frames.

pub(crate) mod hot;
pub(crate) mod memo;
pub(crate) mod parts;
pub(crate) mod provisional;
