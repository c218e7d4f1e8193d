//! The per-label arrays the engine keeps between frames, each in its own module: what the
//! projection stage reads ([`hot`]), what a label's box is made of ([`parts`]), the byte of its
//! last frame with the bits of its state the frame does not say ([`memo`]).
//! `table/` owns them together with the shortcuts' certificates and names each label's one state.

pub(crate) mod hot;
pub(crate) mod memo;
pub(crate) mod parts;
