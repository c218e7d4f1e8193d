//! What a pass over every label gathers, run by run, for the steps after it.

use crate::frame_pass::fade::add_counts;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::shortcuts::dormant::Dormant;
use crate::util::runs::in_runs;
use crate::{FrameStats, LabelFrame, ScreenPose};

/// One pass over `frames`, every label but the `dormant` ones, in runs of `run` labels (see
/// [`in_runs`]): `settle(acc, at, i, frame)` for each label `i`, `at` made by `start(first)`
/// for the run that starts at label `first`. Starts from `last`'s lists, emptied.
pub(crate) fn pass_over<S>(
    run: usize,
    last: &mut PassTwo,
    frames: &mut [LabelFrame],
    dormant: &Dormant,
    start: impl Fn(usize) -> S + Sync,
    settle: impl Fn(&mut PassTwo, &mut S, usize, &mut LabelFrame) + Sync,
) -> PassTwo {
    let pass = |mut acc: PassTwo, first: usize, labels: &mut [LabelFrame]| {
        let mut at = start(first);
        dormant.each_awake_in(first, labels, |i, frame| settle(&mut acc, &mut at, i, frame));
        acc
    };
    in_runs(run, std::mem::take(last).emptied(), frames, pass, PassTwo::then)
}

/// What a pass over the labels gathers over a run of them.
#[derive(Debug, Default)]
pub(crate) struct PassTwo {
    /// Labels left for a later step, in index order, with their last frame.
    pub(crate) contenders: Vec<(u32, LabelFrame)>,
    /// Their poses, if they were projected in the pass.
    pub(crate) poses: Vec<ScreenPose>,
    /// Counts of the labels finished.
    pub(crate) stats: FrameStats,
    /// Waiting labels no longer covered by the label that hid them last frame.
    pub(crate) around: usize,
    /// Labels shown, in index order (gathered by reused frames only).
    pub(crate) shown: Vec<u32>,
    /// Labels found asleep, or given a certificate, which may go dormant.
    pub(crate) dormant: Vec<u32>,
}

impl PassTwo {
    /// The pass with its lists emptied (their allocations kept) and nothing counted.
    pub(crate) fn emptied(mut self) -> PassTwo {
        self.contenders.clear();
        self.poses.clear();
        self.shown.clear();
        self.dormant.clear();
        PassTwo { stats: FrameStats::default(), around: 0, ..self }
    }

    /// Label `i`'s sight, or `None` if it sleeps through the frame: `asleep` (its certificate
    /// holds) and still in view, hidden in view by the same blocker, certainly. Then its entry
    /// stays as it is, it is counted asleep (in view and hidden by a collision, by
    /// [`Self::counted`]), and it may go dormant. `awake` gives the sight of a label that does
    /// not sleep.
    #[inline]
    pub(crate) fn unless_asleep(
        &mut self,
        viewer: &Viewer,
        (i, memo): (usize, u8),
        asleep: bool,
        awake: impl FnOnce() -> Sight,
    ) -> Option<Sight> {
        if !asleep {
            return Some(awake());
        }
        if let Err(sight) = viewer.sight_unless_in_view(i, memo) {
            return Some(sight);
        }
        self.stats.asleep += 1;
        self.dormant.push(i as u32);
        None
    }

    /// The pass with its sleeping labels, and the `dormant` ones it skipped, counted asleep,
    /// in view and hidden by a collision.
    pub(crate) fn counted(mut self, dormant: usize) -> PassTwo {
        self.stats.asleep += dormant;
        self.stats.in_view += self.stats.asleep;
        self.stats.hidden_collision += self.stats.asleep;
        self
    }

    /// This run followed by the next one.
    pub(crate) fn then(mut self, next: PassTwo) -> PassTwo {
        self.contenders.extend(next.contenders);
        self.poses.extend(next.poses);
        self.shown.extend(next.shown);
        self.dormant.extend(next.dormant);
        PassTwo {
            contenders: self.contenders,
            poses: self.poses,
            stats: add_counts(self.stats, next.stats),
            around: self.around + next.around,
            shown: self.shown,
            dormant: self.dormant,
        }
    }
}
