//! The result document: one entry per input label, in input order, and the run's counts.

use label_core::{Blocker, Placement, PlacementStats};
use serde::Serialize;

use crate::convert::Document;
use crate::document::Id;

/// The result document.
#[derive(Serialize)]
pub struct Output<'a> {
    /// One entry per input label, in input order.
    pub placements: Vec<PlacementOut<'a>>,
    /// Counts and timing.
    pub stats: Stats,
}

/// The decision for one label.
#[derive(Serialize)]
pub struct PlacementOut<'a> {
    /// The label's id.
    pub id: &'a Id,
    /// Shown or not.
    pub visible: bool,
    /// `collision`, `offscreen` or `repeat` on hidden labels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// The id of the earliest placed label or obstacle that hides it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden_by: Option<&'a Id>,
    /// `true` when `hidden_by` names an obstacle rather than a label.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden_by_obstacle: bool,
    /// The index of the candidate the text shows at (shown labels with `candidates`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidate: Option<u32>,
    /// `both`, `text` or `icon` (shown labels with an `icon`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<&'static str>,
}

/// Counts and timing of the run: the engine's counts, plus what only the tool knows.
#[derive(Serialize, Clone, Copy, Debug)]
pub struct Stats {
    /// The engine's counts (labels, shown, hidden, broad-phase counters).
    #[serde(flatten)]
    pub placement: PlacementStats,
    /// Obstacles in the input.
    pub obstacles: usize,
    /// Worker threads.
    pub threads: usize,
    /// Placement time without reading and writing, ms.
    pub engine_ms: f64,
}

impl Stats {
    /// The one-line summary `--summary` prints for the input called `name`.
    #[must_use]
    pub fn summary(&self, name: &str) -> String {
        let p = &self.placement;
        let repeated = if p.hidden_repeat > 0 { format!(", {} repeated", p.hidden_repeat) } else { String::new() };
        format!(
            "{name}: {} labels: {} shown, {} hidden by collisions, {} off screen{repeated}; {:.2} ms on {} threads",
            p.labels, p.visible, p.hidden_collision, p.hidden_offscreen, self.engine_ms, self.threads
        )
    }
}

/// Pairs the engine's decisions with the document's ids.
#[must_use]
pub fn build<'a>(doc: &'a Document, placement: &Placement, threads: usize, engine_ms: f64) -> Output<'a> {
    let placements = doc
        .ids
        .iter()
        .zip(&placement.outcomes)
        .enumerate()
        .map(|(i, (id, o))| {
            let (hidden_by, hidden_by_obstacle) = match o.hidden_by {
                Some(Blocker::Label(i)) => (Some(&doc.ids[i as usize]), false),
                Some(Blocker::Obstacle(i)) => (Some(&doc.obstacle_ids[i as usize]), true),
                None => (None, false),
            };
            let choice = placement.choices.get(i).copied().unwrap_or_default();
            PlacementOut {
                id,
                visible: o.visible,
                reason: o.reason.map(|r| r.name()),
                hidden_by,
                hidden_by_obstacle,
                candidate: choice.candidate,
                parts: choice.parts.map(|p| p.name()),
            }
        })
        .collect();
    let stats = Stats { placement: placement.stats, obstacles: doc.obstacles.len(), threads, engine_ms };
    Output { placements, stats }
}
