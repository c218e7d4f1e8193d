//! One frame, stage by stage in call order: the projection of the labels in reach of the screen
//! (`project`), then either a full placement (`full`, through the core's greedy pass in
//! `place`, around the shown labels' boxes in `shown`) or the reuse of the last one when the
//! camera only moved the screen (`reuse`); every label's opacity and counts are finished as it
//! is decided (`fade`).

pub(crate) mod fade;
pub(crate) mod full;
pub(crate) mod pass;
pub(crate) mod place;
pub(crate) mod project;
pub(crate) mod reuse;
pub(crate) mod shown;
