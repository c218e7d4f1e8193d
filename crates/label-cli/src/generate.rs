//! `declutter generate`: the standard benchmark workload W(n, coverage, seed) as a contract
//! document, so that the same label set can be fed to other tools.

use label_core::Anchor;
use serde_json::{Value, json};

/// The workload as the contract's JSON document: the canvas as the viewport, integer ids.
#[must_use]
pub fn document(n: usize, coverage: f64, seed: u64) -> Value {
    let w = label_workload::standard(n, coverage, seed);
    let labels: Vec<Value> = w
        .labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            debug_assert_eq!(l.anchor, Anchor::Center);
            json!({
                "id": i, "x": l.x, "y": l.y, "width": l.width, "height": l.height,
                "angle": l.angle, "priority": l.priority,
            })
        })
        .collect();
    json!({ "viewport": { "width": w.width, "height": w.height }, "labels": labels })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_document_reads_back_to_the_same_labels() {
        let doc = document(50, 3.0, 9);
        let read = crate::convert::read_document(&doc.to_string()).unwrap();
        let w = label_workload::standard(50, 3.0, 9);
        assert_eq!(read.labels, w.labels);
        let v = read.options.viewport.unwrap();
        assert_eq!(v.max.x, w.width as f32);
    }
}
