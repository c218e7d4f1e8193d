//! Round 0 of a region: its own labels decided in placement order against its own labels and
//! the labels of other regions that reach into it.

use label_core::pipeline::descending_key;
use label_core::{Error, Label, Obb, validate};

use crate::blockers::Blockers;

use crate::{Screen, State, Waiting};

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

/// One label of the region's walk.
struct Entry {
    gid: u32,
    key: u64,
    obb: Obb,
    /// Position among the own labels; `None` for a foreign label.
    own: Option<usize>,
    /// In view and without `ignore_placement`: it can hide later labels.
    can_block: bool,
    allow_overlap: bool,
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
    let mut entries: Vec<Entry> = Vec::with_capacity(own.labels.len() + near.labels.len());
    let mut entry = |label: &Label, gid: u32, own: Option<usize>| {
        let obb = screen.obb(label);
        let in_view = screen.in_view(&obb);
        // A foreign label that cannot block matters to no own label.
        if own.is_some() || (in_view && !label.style.ignore_placement) {
            entries.push(Entry {
                gid,
                key: descending_key(label.style.priority),
                obb,
                own,
                can_block: in_view && !label.style.ignore_placement,
                allow_overlap: label.style.allow_overlap,
            });
        }
    };
    for (i, (l, &g)) in own.labels.iter().zip(own.gids).enumerate() {
        entry(l, g, Some(i));
    }
    for (l, &g) in near.labels.iter().zip(near.gids) {
        entry(l, g, None);
    }
    entries.sort_unstable_by_key(|e| (e.key, e.gid));

    // Only labels that may hide later ones are indexed (shown or undecided, and blocking), as
    // the walk reaches them: most labels of a crowded region are hidden and never scanned.
    let mut index = Blockers::new(entries.iter().map(|e| e.obb.bounds()));
    let mut states: Vec<State> = vec![State::Waiting; entries.len()];
    let mut waiting = Waiting::default();
    for rank in 0..entries.len() {
        let me = &entries[rank];
        if me.own.is_none() {
            // A foreign label: shown with `allow_overlap`, else undecided here.
            states[rank] = if me.allow_overlap { State::Placed } else { State::Waiting };
            index.insert(rank);
            continue;
        }
        let state = if !screen.in_view(&me.obb) {
            State::Offscreen
        } else if me.allow_overlap {
            State::Placed
        } else {
            let hits = |k: usize| screen.collides(&me.obb, &entries[k].obb);
            match index.first(rank, hits) {
                None => State::Placed,
                Some(k) if states[k] == State::Placed => State::HiddenBy(entries[k].gid),
                Some(_) => {
                    let earlier = index.all(rank, hits);
                    waiting.push(me.gid, me.key, earlier.iter().map(|&k| entries[k].gid));
                    State::Waiting
                }
            }
        };
        states[rank] = state;
        if me.can_block && matches!(state, State::Placed | State::Waiting) {
            index.insert(rank);
        }
    }
    let mut own_states = vec![State::Waiting; own.labels.len()];
    for (e, s) in entries.iter().zip(states) {
        if let Some(i) = e.own {
            own_states[i] = s;
        }
    }
    Ok(Region { states: own_states, waiting })
}
