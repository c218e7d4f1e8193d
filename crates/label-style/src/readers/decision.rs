//! One feature's decision read off a placement: what every output of a placed collection
//! writes about it — the command's GeoJSON and JSON results and the web package's
//! `placeGeoJSON` — so that they say the same.

use label_core::{Blocker, Placement};

use super::{GeoDocument, Slot};
use crate::document::{Id, path_glyphs};

/// One feature's decision.
#[derive(Clone, Debug)]
pub struct Decision<'a> {
    /// The label that speaks for the feature ([`Slot::described_by`]); `None` for a feature
    /// without a label.
    pub label: Option<usize>,
    /// Whether it is shown.
    pub visible: bool,
    /// Why it is hidden (a label's reason, or why the feature has no label).
    pub reason: Option<&'static str>,
    /// The id of the label or obstacle that hid it.
    pub hidden_by: Option<&'a Id>,
    /// Whether `hidden_by` names an obstacle.
    pub hidden_by_obstacle: bool,
    /// The candidate the text shows at (symbols with candidates).
    pub candidate: Option<u32>,
    /// `both`, `text` or `icon` (symbols with an icon).
    pub parts: Option<&'static str>,
    /// A shown name along a line: its glyphs and whether its line was reversed
    /// ([`path_glyphs`]).
    pub path: Option<(Vec<[f64; 3]>, bool)>,
}

impl GeoDocument<'_> {
    /// The decision of the feature that became `slot`, in `placement` of this document.
    #[must_use]
    pub fn decision(&self, placement: &Placement, slot: Slot) -> Decision<'_> {
        let i = match slot.described_by(placement) {
            Ok(i) => i,
            Err(skip) => {
                return Decision {
                    label: None,
                    visible: false,
                    reason: Some(skip.name()),
                    hidden_by: None,
                    hidden_by_obstacle: false,
                    candidate: None,
                    parts: None,
                    path: None,
                };
            }
        };
        let o = &placement.outcomes[i];
        let (hidden_by, hidden_by_obstacle) = match o.hidden_by {
            Some(Blocker::Label(j)) => (Some(&self.doc.ids[j as usize]), false),
            Some(Blocker::Obstacle(j)) => (Some(&self.doc.obstacle_ids[j as usize]), true),
            None => (None, false),
        };
        let choice = placement.choices.get(i).copied().unwrap_or_default();
        Decision {
            label: Some(i),
            visible: o.visible,
            reason: o.reason.map(|r| r.name()),
            hidden_by,
            hidden_by_obstacle,
            candidate: choice.candidate,
            parts: choice.parts.map(|p| p.name()),
            path: path_glyphs(self.doc.symbols.get(i), o.visible),
        }
    }
}
