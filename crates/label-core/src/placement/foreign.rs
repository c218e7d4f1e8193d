//! Undecided foreign labels as an input: the greedy rule (contract §4) decided as far as it can
//! be when some earlier labels are decided elsewhere and not yet known.
//!
//! A label's outcome depends only on the earlier labels (in placement order) whose boxes collide
//! with its own. Given its *own* labels and the *foreign* ones that may reach them (undecided:
//! another worker, region or tile decides them), [`decide_with_foreign`] walks them all in
//! placement order and decides each own label by [`super::rule::decide`] against the labels
//! that may still hide later ones — shown own labels, undecided ones, and foreign labels with
//! `allow_overlap` (shown whatever happens). The earliest earlier label that collides with it
//! decides: shown, it hides the label; undecided, the label **waits** ([`Pending::Waits`]), with
//! every earlier colliding label that may still hide it, from that one on, and counts as
//! undecided for the labels after it. A caller that learns the foreign labels' states later
//! reads those lists in placement order: the first shown one hides the label, hidden ones are
//! skipped, an undecided one makes it wait again, and an exhausted list shows it.
//!
//! This is the scheme of the core's tile rounds ([`super::rounds`]) with the other tiles'
//! labels handed in rather than read from shared states: label-planet's regions run it, one per
//! worker. The labels that may hide later ones are kept in the one earliest-hit grid
//! ([`FirstHit`]), inserted as the walk reaches them: hidden labels are never scanned.

use crate::broad::FirstHit;
use crate::{Aabb, Obb};

use super::collides;
use super::layout::Flags;
use super::order::descending_key;
use super::outcome::Decision;
use super::rule::{self, Blocked, Occupied, Plain};

/// One label of a walk: who it is, where it goes in placement order, and its box.
#[derive(Clone, Copy, Debug)]
pub struct Walked {
    /// The caller's number for it (a global index): with the priority, its placement order, and
    /// how blockers and waiting lists name it.
    pub id: u32,
    /// Its priority (higher first).
    pub priority: f64,
    /// Its box (as [`crate::Label::obb`] builds it).
    pub obb: Obb,
    /// Its flags.
    pub flags: Flags,
}

/// What the walk made of an own label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Decided: shown, or hidden behind a label named by its id.
    Decided(Decision),
    /// Its box misses the viewport (contract §4 step 1).
    Offscreen,
    /// Its earliest earlier colliding label that may hide it is undecided: the ids of every
    /// earlier label that collides with it and may hide it, from that one on, in placement order.
    Waits(Vec<u32>),
}

/// A label of the walk, in placement order.
struct Step {
    at: usize,
    foreign: bool,
    bounds: Aabb,
}

/// What is known of a label that may hide a later one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Shown: it hides the labels it collides with.
    Shown,
    /// Hidden (or off screen): it hides nothing.
    Hidden,
    /// Not decided yet.
    Undecided,
}

/// Decides `own` (see the module docs) with the undecided labels `foreign` near them, in the
/// viewport when one is given, two boxes colliding when they overlap by more than τ and, with
/// `max_overlap_area` > 0, by more than that area ([`collides`]). `foreign` must hold every
/// label decided elsewhere whose box may collide with an own label (any superset will do).
/// Returns what became of each own label, in the order given.
///
/// ```
/// use label_core::pipeline::{Decision, Flags, Pending, Walked, decide_with_foreign};
/// use label_core::{Blocker, Label};
/// let walked = |id: u32, x: f64, priority: f64| {
///     let obb = Label::new(x, 0.0, 10.0, 10.0).obb();
///     Walked { id, priority, obb, flags: Flags::default() }
/// };
/// // Own labels 0 (x 0), 1 (x 5, overlapping 0) and 2 (x 40); foreign label 7 (x 36,
/// // overlapping 2, more important) is decided elsewhere.
/// let own = [walked(0, 0.0, 2.0), walked(1, 5.0, 1.0), walked(2, 40.0, 1.0)];
/// let foreign = [walked(7, 36.0, 3.0)];
/// let pending = decide_with_foreign(&own, &foreign, None, 0.0);
/// assert_eq!(pending[0], Pending::Decided(Decision::Placed));
/// assert_eq!(pending[1], Pending::Decided(Decision::Hidden(Blocker::Label(0))));
/// assert_eq!(pending[2], Pending::Waits(vec![7]), "hidden if 7 is shown, else shown");
/// # let shown = [Walked { flags: Flags { allow_overlap: true, ignore_placement: false }, ..foreign[0] }];
/// # let pending = decide_with_foreign(&own, &shown, None, 0.0);
/// # assert_eq!(pending[2], Pending::Decided(Decision::Hidden(Blocker::Label(7))));
/// ```
#[must_use]
pub fn decide_with_foreign(
    own: &[Walked],
    foreign: &[Walked],
    viewport: Option<&Aabb>,
    max_overlap_area: f32,
) -> Vec<Pending> {
    let in_view = |w: &Walked| super::stages::in_view(viewport, &w.obb);
    let all = |at: usize| if at < own.len() { &own[at] } else { &foreign[at - own.len()] };
    // A foreign label that cannot block matters to no own label.
    let mut steps: Vec<(u64, u32, Step)> = (0..own.len() + foreign.len())
        .filter(|&at| at < own.len() || (!all(at).flags.ignore_placement && in_view(all(at))))
        .map(|at| {
            let w = all(at);
            (descending_key(w.priority), w.id, Step { at, foreign: at >= own.len(), bounds: w.obb.bounds() })
        })
        .collect();
    steps.sort_unstable_by_key(|s| (s.0, s.1));
    let steps: Vec<Step> = steps.into_iter().map(|s| s.2).collect();

    let mut index = FirstHit::over(extent(&steps), cell(&steps));
    let mut known = vec![Known::Undecided; steps.len()];
    let mut pending = vec![Pending::Offscreen; own.len()];
    for (rank, step) in steps.iter().enumerate() {
        let w = all(step.at);
        let state = if step.foreign {
            if w.flags.allow_overlap { Known::Shown } else { Known::Undecided }
        } else if !in_view(w) {
            continue;
        } else {
            let hits = |k: u32| collides(&w.obb, &all(steps[k as usize].at).obb, max_overlap_area);
            let mut earlier = Earlier { index: &index, bounds: &step.bounds, rank: rank as u32, hits };
            let verdict = rule::decide(&Plain { allow_overlap: w.flags.allow_overlap }, &mut earlier);
            let id = |k: u32| all(steps[k as usize].at).id;
            let (result, state) = match verdict {
                rule::Verdict::Collision(Blocked::Label(k)) if known[k as usize] == Known::Undecided => {
                    let list = index.all_below(&step.bounds, rank as u32, hits);
                    (Pending::Waits(list.into_iter().map(id).collect()), Known::Undecided)
                }
                v => {
                    let d = v.decision(id);
                    (Pending::Decided(d), if d.is_placed() { Known::Shown } else { Known::Hidden })
                }
            };
            pending[step.at] = result;
            state
        };
        known[rank] = state;
        if state != Known::Hidden && !w.flags.ignore_placement {
            index.insert(rank as u32, &step.bounds);
        }
    }
    pending
}

/// A waiting label's list ([`Pending::Waits`]) read with what is known now (`known`, by id), as
/// the walk would have read it: skipping hidden labels, the first shown one hides the label
/// (`Ok`, the blocker named by its id), an exhausted list shows it, and an undecided one makes
/// it wait again: `Err(at)`, the list to keep being `list[at..]`.
///
/// ```
/// use label_core::pipeline::{Decision, Known, decide_from_list};
/// use label_core::Blocker;
/// let known = |id: u32| [Known::Hidden, Known::Undecided, Known::Shown][id as usize];
/// assert_eq!(decide_from_list(&[0, 2, 1], known), Ok(Decision::Hidden(Blocker::Label(2))));
/// assert_eq!(decide_from_list(&[0, 1, 2], known), Err(1));
/// assert_eq!(decide_from_list(&[0], known), Ok(Decision::Placed));
/// ```
///
/// # Errors
/// `Err(at)` while the label waits on `list[at]`, undecided.
pub fn decide_from_list(list: &[u32], known: impl FnMut(u32) -> Known) -> Result<Decision, usize> {
    let mut listed = Listed { list, known, at: 0, waits: false };
    let verdict = rule::decide(&Plain { allow_overlap: false }, &mut listed);
    if listed.waits { Err(listed.at) } else { Ok(verdict.decision(|id| id)) }
}

/// The earlier labels a waiting label's list names, in placement order, with what is known of
/// them; `at` and `waits` say where the read stopped and whether on an undecided label.
struct Listed<'a, K> {
    list: &'a [u32],
    known: K,
    at: usize,
    waits: bool,
}

impl<K: FnMut(u32) -> Known> Occupied for Listed<'_, K> {
    fn hit(&mut self, _: usize) -> Option<Blocked> {
        for (at, &id) in self.list.iter().enumerate() {
            match (self.known)(id) {
                Known::Hidden => {}
                known => {
                    (self.at, self.waits) = (at, known == Known::Undecided);
                    return Some(Blocked::Label(id));
                }
            }
        }
        None
    }
}

/// The labels before the one of rank `rank` that may hide it: those in `index`, which the
/// walk fills with the labels shown or undecided, and that `hits`.
struct Earlier<'a, H> {
    index: &'a FirstHit,
    bounds: &'a Aabb,
    rank: u32,
    hits: H,
}

impl<H: FnMut(u32) -> bool> Occupied for Earlier<'_, H> {
    fn hit(&mut self, _: usize) -> Option<Blocked> {
        self.index.first_below(self.bounds, self.rank, &mut self.hits).map(Blocked::Label)
    }
}

/// The union of the walk's bounds.
fn extent(steps: &[Step]) -> Aabb {
    let unit = Aabb::from_corners(glam::Vec2::ZERO, glam::Vec2::ONE);
    steps.iter().map(|s| s.bounds).reduce(|a, b| a.union(&b)).unwrap_or(unit)
}

/// Cells about the size of the median label's bounds (a region's labels are alike; the grid's
/// own rule, a few labels a cell on average, is too coarse where they crowd), but no more cells
/// than labels.
fn cell(steps: &[Step]) -> f32 {
    if steps.is_empty() {
        return 1.0;
    }
    let mut sides: Vec<f32> = steps.iter().map(|s| s.bounds.size().max_element()).collect();
    let middle = sides.len() / 2;
    let median = *sides.select_nth_unstable_by(middle, f32::total_cmp).1;
    median.max(FirstHit::cell_for(&extent(steps), steps.len(), 1.0))
}
