//! Small tools of the passes over the labels.

pub(crate) mod runs;
