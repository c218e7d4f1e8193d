//! `declutter generate`: the standard benchmark workload W(n, coverage, seed) as a contract
//! document, so that the same label set can be fed to other tools; with `--symbols`, the symbol
//! workload W_sym(n, coverage, seed) (contract §3b's fields); with `--paths`, the path workload
//! W_path(n, coverage, seed) (texts along lines).

use label_core::{Anchor, Optional, Symbol};
use serde_json::{Value, json};

/// The workload as the contract's JSON document: the canvas as the viewport, integer ids.
#[must_use]
pub fn document(n: usize, coverage: f64, seed: u64) -> Value {
    to_document(&label_workload::standard(n, coverage, seed))
}

/// The symbol workload as the contract's JSON document: [`document`]'s labels with their
/// symbol fields (repeat groups named `g0`, `g1`, …).
#[must_use]
pub fn symbol_document(n: usize, coverage: f64, seed: u64) -> Value {
    let (w, symbols) = label_workload::symbols(n, coverage, seed);
    let mut doc = to_document(&w);
    for (label, s) in doc["labels"].as_array_mut().into_iter().flatten().zip(&symbols) {
        add_symbol(label, s);
    }
    doc
}

/// The path workload as the contract's JSON document: each label a text along its curve
/// (`path`, `glyph_advances`, `height`, `priority`).
#[must_use]
pub fn path_document(n: usize, coverage: f64, seed: u64) -> Value {
    let (w, symbols) = label_workload::paths(n, coverage, seed);
    let labels: Vec<Value> = w
        .labels
        .iter()
        .zip(&symbols)
        .enumerate()
        .map(|(i, (l, s))| {
            let path = s.path.as_ref().expect("every W_path label has a path");
            let points: Vec<[f64; 2]> = path.points.iter().map(|p| p.to_array()).collect();
            json!({"id": i, "path": points, "glyph_advances": path.glyph_advances, "height": l.style.height,
                   "priority": l.style.priority})
        })
        .collect();
    json!({ "viewport": { "width": w.width, "height": w.height }, "labels": labels })
}

fn add_symbol(label: &mut Value, s: &Symbol) {
    if !s.candidates.is_empty() {
        let list: Vec<Value> = s
            .candidates
            .iter()
            .map(|c| json!({"anchor": c.anchor.name(), "offset": [c.offset.x, c.offset.y]}))
            .collect();
        label["candidates"] = Value::from(list);
    }
    if let Some(i) = s.icon {
        label["icon"] = json!({"width": i.width, "height": i.height, "anchor": i.anchor.name(),
                               "offset": [i.offset.x, i.offset.y], "padding": i.padding});
    }
    if s.optional != Optional::None {
        label["optional"] = Value::from(s.optional.name());
    }
    if let Some(g) = s.repeat_group {
        label["repeat_group"] = Value::from(format!("g{g}"));
        label["repeat_distance"] = Value::from(s.repeat_distance);
    }
}

fn to_document(w: &label_workload::Workload) -> Value {
    let labels: Vec<Value> = w
        .labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            debug_assert_eq!(l.style.anchor, Anchor::Center);
            json!({
                "id": i, "x": l.x, "y": l.y, "width": l.style.width, "height": l.style.height,
                "angle": l.style.angle, "priority": l.style.priority,
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
        let read = crate::formats::convert::read_document(&doc.to_string()).unwrap();
        let w = label_workload::standard(50, 3.0, 9);
        assert_eq!(read.labels, w.labels);
        let v = read.options.viewport.unwrap();
        assert_eq!(v.max.x, w.width as f32);
    }

    #[test]
    fn the_path_document_reads_back_to_the_same_paths() {
        let doc = path_document(200, 3.0, 5);
        let read = crate::formats::convert::read_document(&doc.to_string()).unwrap();
        let (w, symbols) = label_workload::paths(200, 3.0, 5);
        for ((got, label), (want, original)) in read.symbols.iter().zip(&read.labels).zip(symbols.iter().zip(&w.labels))
        {
            assert_eq!(got.path, want.path);
            assert_eq!((label.style.height, label.style.priority), (original.style.height, original.style.priority));
        }
        let engine = label_core::place_symbols(&w.labels, &symbols, &[], &w.options()).unwrap();
        assert_eq!(read.place().unwrap().outcomes, engine.outcomes);
    }

    #[test]
    fn the_symbol_document_reads_back_to_the_same_symbols() {
        let doc = symbol_document(300, 3.0, 4);
        let read = crate::formats::convert::read_document(&doc.to_string()).unwrap();
        let (w, symbols) = label_workload::symbols(300, 3.0, 4);
        assert_eq!(read.labels, w.labels);
        // Groups are numbered by first use in the document, not by the workload's numbers:
        // compare which labels share a group.
        let same =
            |a: &[Symbol], i: usize, j: usize| a[i].repeat_group.is_some() && a[i].repeat_group == a[j].repeat_group;
        for i in 0..300 {
            let (got, want) = (&read.symbols[i], &symbols[i]);
            assert_eq!((&got.candidates, got.icon, got.optional), (&want.candidates, want.icon, want.optional));
            assert_eq!(got.repeat_distance, want.repeat_distance);
            for j in 0..300 {
                assert_eq!(same(&read.symbols, i, j), same(&symbols, i, j));
            }
        }
    }
}
