//! A label that must clear labels placed before it whatever else happens — a waiting label
//! around the labels pass 1 of a full frame showed, a newcomer of a reused frame around the
//! labels the frame keeps — tested against those labels alone, plain labels and symbols alike.
//!
//! The kept labels count as placed before every label of the pass that follows, so a label
//! that collides with one of them (or with an obstacle) at every position it could take is
//! hidden whatever the other labels of that pass do, by the earliest placed kept label (or the
//! lowest obstacle) that collides with it at its first position in view. The test is contract
//! §4 itself, label-core's [`rule::decide`], run against the kept labels: [`covered`] only says
//! what the label's parts collide with first ([`Against`]). The label that hid it last frame is
//! numbered before every kept box, so that while it still covers the label it stays the
//! blocker named (`docs/renderer.md`: the label that keeps it waiting). A collision settles
//! the label; anything else — a free position, `allow_overlap` (contract §4 step 3b: nothing
//! hides it) — leaves it to the pass.

use label_core::pipeline::collides;
use label_core::pipeline::rule::{self, Blocked, Verdict};
use label_core::{Blocker, Obb, Shape};

use crate::frame_pass::shown::KeptSet;

/// What a label's parts collide with among the kept ones ([`rule::Occupied`]): an obstacle
/// (the lowest), else the label that hid it last frame (its boxes `last_boxes`), numbered
/// before every kept box, else the earliest kept box, numbered one past its place.
struct Against<'a> {
    parts: &'a [Obb],
    kept: &'a KeptSet,
    obstacles: &'a [Shape],
    last_boxes: &'a [Obb],
    max_overlap_area: f32,
}

impl rule::Occupied for Against<'_> {
    #[inline(always)]
    fn hit(&mut self, p: usize) -> Option<Blocked> {
        let b = &self.parts[p];
        if let Some(o) = self.obstacles.iter().position(|s| s.overlaps_obb(b)) {
            return Some(Blocked::Obstacle(o as u32));
        }
        if self.last_boxes.iter().any(|t| collides(b, t, self.max_overlap_area)) {
            return Some(Blocked::Label(0));
        }
        self.kept.first_collider(b, self.max_overlap_area).map(|k| Blocked::Label(k + 1))
    }
}

/// What hides `label` (its parts on screen `parts`, numbered as its [`rule::Candidate`]
/// numbers them) for certain among the `kept` labels and the `obstacles` (see the module);
/// `None` if it must go through the pass.
#[inline]
pub(crate) fn covered(
    label: &impl rule::Candidate,
    parts: &[Obb],
    last: Option<Blocker>,
    kept: &KeptSet,
    obstacles: &[Shape],
    max_overlap_area: f32,
) -> Option<Blocker> {
    let last_boxes = match last {
        Some(Blocker::Label(b)) => kept.boxes_of(b),
        _ => &[],
    };
    let mut against = Against { parts, kept, obstacles, last_boxes, max_overlap_area };
    match rule::decide(label, &mut against) {
        Verdict::Collision(Blocked::Obstacle(o)) => Some(Blocker::Obstacle(o)),
        Verdict::Collision(Blocked::Label(0)) => last,
        Verdict::Collision(Blocked::Label(k)) => Some(Blocker::Label(kept.owner(k - 1))),
        Verdict::Offscreen | Verdict::Shown(..) | Verdict::Repeat(_) => None,
    }
}
