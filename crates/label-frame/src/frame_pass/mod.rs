//! One frame, stage by stage in call order: the projection (`project`), then a full placement
//! (`full`, through the core's greedy pass in `place`, around the shown boxes of `shown`) or
//! the reuse of the last one when the camera only moved the screen (`reuse`), each label faded
//! and counted as it is decided (`fade`); an engine with symbols runs `symbols` instead. Pass
//! 2, the labels placed around the kept ones, is `around` (its doc says which frames run it),
//! with `covered`'s one test.

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
/// (this one's on return), their bytes, certificates and dormant set.
pub(crate) struct Memory<'a> {
    pub(crate) frames: &'a mut [LabelFrame],
    pub(crate) memo: &'a [AtomicU8],
    pub(crate) sleeps: &'a Sleeps,
    pub(crate) dormant: &'a mut Dormant,
}
