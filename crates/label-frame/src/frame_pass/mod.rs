//! One frame, stage by stage in call order: the projection of the labels in reach of the screen
//! (`project`), then either a full placement (`full`, through the core's greedy pass in
//! `place`, around the shown labels' boxes in `shown`) or the reuse of the last one when the
//! camera only moved the screen (`reuse`); every label's opacity and counts are finished as it
//! is decided (`fade`). An engine whose labels include symbols places its frames, full or
//! reused alike, through the core's symbol placement instead (`symbols`). Both settle a label
//! still covered by the labels kept before it (a waiting label, a newcomer of a reused frame)
//! with one test, contract §4 against those labels alone (`covered`), in pass 2: one generic
//! pass (`around`) run by the symbol frames and the plain reused frame; the plain full frame
//! shares the kind's test and greedy pass only, and tests its waiting labels in its own pass
//! over every label (`full`).

pub(crate) mod around;
pub(crate) mod covered;
pub(crate) mod fade;
pub(crate) mod full;
pub(crate) mod pass;
pub(crate) mod place;
pub(crate) mod project;
pub(crate) mod reuse;
pub(crate) mod shown;
pub(crate) mod symbols;

use std::sync::atomic::AtomicU8;

use label_core::Shape;

use crate::frame_pass::fade::Fading;
use crate::geo::view::Viewer;
use crate::shortcuts::dormant::Dormant;
use crate::shortcuts::sleep::Sleeps;
use crate::{FrameOptions, LabelFrame};

/// What every stage of one frame reads: the labels through the camera, the settings, the
/// obstacles, and how far opacity fades in this frame.
pub(crate) struct FrameContext<'a> {
    pub(crate) viewer: Viewer<'a>,
    pub(crate) options: &'a FrameOptions,
    pub(crate) obstacles: &'a [Shape],
    pub(crate) fading: Fading,
}

/// The engine's memory of the labels as a placement reads and writes it: their last frames
/// (this one's on return) and those frames' bytes, their certificates to sleep, and the labels
/// the passes skip (dormant).
pub(crate) struct Memory<'a> {
    pub(crate) frames: &'a mut [LabelFrame],
    pub(crate) memo: &'a [AtomicU8],
    pub(crate) sleeps: &'a Sleeps,
    pub(crate) dormant: &'a mut Dormant,
}
