//! The whole distributed pass in one process, region after region: what a distributed engine
//! runs, minus the engine. The tests play it against `label_core::place`; the Python job runs the
//! same steps as Dask tasks.

use label_core::{Aabb, Error, Label};

use crate::{Labels, Screen, State, Waiting, decide_region};

/// How the rounds went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rounds {
    /// Labels that waited after round 0.
    pub waited: usize,
    /// Rounds run after round 0 in the regions.
    pub rounds: usize,
    /// Labels still waiting when the rounds stopped, decided together in one place.
    pub merged: usize,
}

/// The union of the bounds of a region's own labels that are in view: a foreign label whose
/// bounds miss it cannot collide with any of them. `None` when no own label is in view.
#[must_use]
pub fn reach(screen: &Screen, labels: &[Label]) -> Option<Aabb> {
    labels.iter().map(|l| screen.obb(l)).filter(|o| screen.in_view(o)).map(|o| o.bounds()).reduce(|a, b| a.union(&b))
}

/// Whether a round that started with `before` waiting labels and left `after` made enough
/// progress to run another: it must decide at least a quarter of them (long chains of labels
/// waiting on each other across regions settle a few labels a round; they are merged instead).
#[must_use]
pub fn good_progress(before: usize, after: usize) -> bool {
    after * 4 <= before * 3
}

/// Places `labels` on `screen` cut into regions (`region_of[i]` is label `i`'s region, below
/// `regions`) and returns each label's state, all decided: round 0 in every region, then rounds
/// of the waiting labels reading the states decided before the round, at most `max_rounds` of
/// them and while each makes [`good_progress`], then the rest merged and decided in one walk.
///
/// # Errors
/// As [`decide_region`].
///
/// # Panics
/// If `region_of` is not as long as `labels`, names a region `>= regions`, or there are more
/// than `u32::MAX` labels.
pub fn place_in_regions(
    screen: &Screen,
    labels: &[Label],
    region_of: &[usize],
    regions: usize,
    max_rounds: usize,
) -> Result<(Vec<State>, Rounds), Error> {
    assert_eq!(labels.len(), region_of.len(), "one region per label");
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); regions];
    for (i, &r) in region_of.iter().enumerate() {
        members[r].push(u32::try_from(i).expect("fewer than 2^32 labels"));
    }
    let pick = |gids: &[u32]| gids.iter().map(|&g| labels[g as usize].clone()).collect::<Vec<_>>();
    let mut states = vec![State::Waiting; labels.len()];
    let mut waiting = Vec::with_capacity(regions);
    for (r, own_gids) in members.iter().enumerate() {
        let own = pick(own_gids);
        let near_gids: Vec<u32> = match reach(screen, &own) {
            Some(reach) => (0..labels.len() as u32)
                .filter(|&g| region_of[g as usize] != r && screen.obb(&labels[g as usize]).bounds().overlaps(&reach))
                .collect(),
            None => Vec::new(),
        };
        let near = pick(&near_gids);
        let region =
            decide_region(screen, Labels { labels: &own, gids: own_gids }, Labels { labels: &near, gids: &near_gids })?;
        for (&g, s) in own_gids.iter().zip(region.states) {
            states[g as usize] = s;
        }
        waiting.push(region.waiting);
    }
    let mut rounds = Rounds { waited: waiting.iter().map(Waiting::len).sum(), ..Rounds::default() };
    let mut left = rounds.waited;
    let mut progress = true;
    while left > 0 {
        if !progress || rounds.rounds >= max_rounds {
            rounds.merged = left;
            let (decided, still) = Waiting::merge(&waiting).resolve(|g| states[g as usize]);
            assert!(still.is_empty(), "one walk of every waiting label in placement order decides them all");
            for (g, s) in decided {
                states[g as usize] = s;
            }
            break;
        }
        let before = left;
        let snapshot = states.clone();
        for w in &mut waiting {
            let (decided, still) = w.resolve(|g| snapshot[g as usize]);
            for (g, s) in decided {
                states[g as usize] = s;
            }
            *w = still;
        }
        rounds.rounds += 1;
        left = waiting.iter().map(Waiting::len).sum();
        progress = good_progress(before, left);
    }
    Ok((states, rounds))
}
