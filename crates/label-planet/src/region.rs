//! Round 0 of a region: its own labels decided in placement order against its own labels and
//! the labels of other regions that reach into it, by the core's walk with undecided foreign
//! labels (`label_core::pipeline::decide_with_foreign`). The core's `place` of the own labels
//! alone (ties broken by global index) decides every label that no foreign label reaches, even
//! through a chain of own labels ([`crate::taint`]); the walk with foreign labels runs on the
//! others only, the labels shown for good among the rest standing in as shown foreign labels.

use label_core::pipeline::{Decision, Flags, Pending, Walked, decide_with_foreign, descending_key, place_with_ties};
use label_core::{Blocker, Error, HiddenReason, Label, validate};

use crate::{Screen, State, Waiting, taint};

/// A region's labels: its own (the ones it decides) or the foreign ones near them.
#[derive(Clone, Copy, Debug)]
pub struct Labels<'a> {
    /// The labels.
    pub labels: &'a [Label],
    /// Each label's global index: its position in the whole input.
    pub gids: &'a [u32],
}

/// What round 0 of a region decided.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Region {
    /// The state of each own label, in the order given; [`State::Waiting`] for the labels in
    /// `waiting`.
    pub states: Vec<State>,
    /// The own labels still waiting, with the earlier labels each may be hidden by.
    pub waiting: Waiting,
}

/// Decides the region's `own` labels as far as it can without other regions: in placement
/// order, a label is hidden by the earliest earlier label that collides with it and is shown (a
/// foreign label with `allow_overlap`, or an own label decided so); if the earliest earlier
/// colliding label that is not hidden is still undecided (a foreign label, or an own label that
/// waits), it waits. `near` must hold every foreign label whose box may collide with an own label
/// (any superset will do: the ones whose bounds meet the own labels' are enough).
///
/// # Errors
/// [`Error::InvalidLabel`] for the first invalid label (own first, then near), its `index` the
/// label's global index.
///
/// # Panics
/// If a `gids` slice is not as long as its `labels`.
pub fn decide_region(screen: &Screen, own: Labels<'_>, near: Labels<'_>) -> Result<Region, Error> {
    for part in [own, near] {
        assert_eq!(part.labels.len(), part.gids.len(), "one global index per label");
        for (l, &gid) in part.labels.iter().zip(part.gids) {
            validate::check_label(gid as usize, l)?;
        }
    }
    // Crowded labels are walked as a whole (every own label counted tainted: nothing settled).
    let crowded = crowded(screen, own.labels);
    let mut states = if crowded { vec![State::Waiting; own.labels.len()] } else { alone(screen, own)? };
    let walked = |part: Labels<'_>| -> Vec<Walked> {
        let flags =
            |l: &Label| Flags { allow_overlap: l.style.allow_overlap, ignore_placement: l.style.ignore_placement };
        let each = part.labels.iter().zip(part.gids);
        each.map(|(l, &id)| Walked { id, priority: l.style.priority, obb: screen.obb(l), flags: flags(l) }).collect()
    };
    let mut foreign = walked(near);
    foreign.retain(|w| !w.flags.ignore_placement && screen.in_view(&w.obb));
    if foreign.is_empty() && !crowded {
        return Ok(Region { states, waiting: Waiting::default() });
    }
    let own_walked = walked(own);
    let (tainted, meets) = if crowded {
        (vec![true; own_walked.len()], vec![false; own_walked.len()])
    } else {
        let t = taint::taint(screen, &own_walked, &foreign);
        (t.tainted, t.meets)
    };
    let sub: Vec<usize> = (0..own_walked.len()).filter(|&i| tainted[i]).collect();
    // The untainted labels shown whose bounds meet a tainted label's, which may hide it, are
    // shown for good: foreign labels with `allow_overlap` to the walk (hidden ones hide nothing).
    let settled =
        |i: usize| meets[i] && !tainted[i] && states[i] == State::Placed && !own_walked[i].flags.ignore_placement;
    foreign.extend(
        (0..own_walked.len())
            .filter(|&i| settled(i))
            .map(|i| Walked { flags: Flags { allow_overlap: true, ignore_placement: false }, ..own_walked[i] }),
    );
    let sub_walked: Vec<Walked> = sub.iter().map(|&i| own_walked[i]).collect();
    let pending = decide_with_foreign(&sub_walked, &foreign, Some(screen.viewport()), screen.max_overlap_area());
    // The waiting labels in placement order, as the rounds read them.
    let mut order: Vec<usize> = (0..pending.len()).filter(|&j| matches!(pending[j], Pending::Waits(_))).collect();
    order.sort_unstable_by_key(|&j| (descending_key(sub_walked[j].priority), sub_walked[j].id));
    let mut waiting = Waiting::default();
    for &j in &order {
        if let Pending::Waits(earlier) = &pending[j] {
            waiting.push(sub_walked[j].id, descending_key(sub_walked[j].priority), earlier.iter().copied());
        }
    }
    for (&i, p) in sub.iter().zip(pending) {
        states[i] = match p {
            Pending::Decided(Decision::Placed) => State::Placed,
            Pending::Decided(Decision::Hidden(Blocker::Label(k))) => State::HiddenBy(k),
            Pending::Decided(Decision::Hidden(Blocker::Obstacle(_))) => unreachable!("a region has no obstacles"),
            Pending::Offscreen => State::Offscreen,
            Pending::Waits(_) => State::Waiting,
        };
    }
    Ok(Region { states, waiting })
}

/// Labels whose boxes cover the viewport's part they span this many times over, on average, or
/// more are walked whole with the grid of label-sized cells. This was chosen when the core's
/// `place` grew with the crowding (200,000 labels of the synthetic planet on the 256-px world
/// of zoom 0: 1.7 s and 560 MiB against the walk's 0.15 s and 124 MiB); the core now gives
/// crowded labels one tile of label-sized cells itself (`broad::Grid::crowded`), and whether
/// this path still pays has not been measured again.
const CROWDED: f64 = 64.0;

/// Whether the labels in view are [`CROWDED`], roughly: their boxes' areas (without padding or
/// rotation) against the viewport's part their anchors span.
fn crowded(screen: &Screen, labels: &[Label]) -> bool {
    let v = screen.viewport();
    let (mut area, mut lo, mut hi) = (0.0, glam::DVec2::MAX, glam::DVec2::MIN);
    for l in labels {
        let p = glam::DVec2::new(l.x, l.y).clamp(v.min.as_dvec2(), v.max.as_dvec2());
        (lo, hi) = (lo.min(p), hi.max(p));
        area += l.style.width * l.style.height;
    }
    let span = (hi - lo).max(glam::DVec2::ONE);
    !labels.is_empty() && area > CROWDED * span.x * span.y
}

/// The states of `own` placed by the core's `place` with nothing else on the screen, labels of
/// equal priority in global index order (the order of the whole input).
fn alone(screen: &Screen, own: Labels<'_>) -> Result<Vec<State>, Error> {
    let placement = place_with_ties(own.labels, &[], &screen.options(), own.gids)?;
    let states = placement.outcomes.iter().map(|o| match (o.visible, o.reason, o.hidden_by) {
        (true, ..) => State::Placed,
        (false, Some(HiddenReason::Offscreen), _) => State::Offscreen,
        (false, _, Some(Blocker::Label(k))) => State::HiddenBy(own.gids[k as usize]),
        (false, reason, blocker) => unreachable!("a label alone on the screen hidden by {reason:?}, {blocker:?}"),
    });
    Ok(states.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A region alone decides by global index, not by the order its labels come in.
    #[test]
    fn a_region_alone_breaks_ties_by_global_index() {
        let screen = Screen::world(1, 0.0).unwrap();
        let labels = [Label::new(100.0, 100.0, 40.0, 10.0), Label::new(110.0, 100.0, 40.0, 10.0)];
        let alone = |gids: &[u32]| {
            let own = Labels { labels: &labels, gids };
            decide_region(&screen, own, Labels { labels: &[], gids: &[] }).unwrap()
        };
        assert_eq!(alone(&[8, 3]).states, [State::HiddenBy(3), State::Placed]);
        assert_eq!(alone(&[3, 8]).states, [State::Placed, State::HiddenBy(3)]);
        // A foreign label that cannot block (ignore_placement) leaves the region alone too.
        let ghost = [Label::new(100.0, 100.0, 40.0, 10.0).with_priority(9.0).with_ignore_placement(true)];
        let own = Labels { labels: &labels, gids: &[8, 3] };
        let region = decide_region(&screen, own, Labels { labels: &ghost, gids: &[0] }).unwrap();
        assert_eq!(region.states, [State::HiddenBy(3), State::Placed]);
        assert!(region.waiting.is_empty());
    }
}
