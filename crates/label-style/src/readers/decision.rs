//! A feature's decision: the decision of the label that speaks for it, or why it has none.

use label_core::Placement;

use super::{GeoDocument, Slot};
use crate::document::Decision;

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
        self.doc.decision(placement, i)
    }
}
