//! Small tools of the passes over the labels.

pub(crate) mod bits;
pub(crate) mod clock;
pub(crate) mod runs;
