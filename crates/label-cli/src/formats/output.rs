//! The result document: one entry per input label, in input order, and the run's counts.
//!
//! Encoding splits the entries into chunks of 16,384 that the rayon pool encodes
//! in parallel, a window of them at a time; the windows are written in order while the next is
//! encoded ([`write_json`]), so a result is never held whole: a million entries are 60 MB of
//! JSON. The bytes are those `serde_json::to_vec` writes for the [`Output`].

use std::io::{self, Write};

use label_core::{Placement, PlacementStats};
use rayon::prelude::*;
use serde::Serialize;

use crate::formats::convert::Document;
use crate::formats::document::Id;

/// The result document.
#[derive(Serialize)]
pub struct Output<'a> {
    /// One entry per input label, in input order.
    pub placements: Vec<PlacementOut<'a>>,
    /// Counts and timing.
    pub stats: Stats,
}

/// The decision for one label.
#[derive(Serialize, Clone)]
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
    /// Shown texts along a line: `[x, y, angle]` per glyph ([`path_glyphs`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub glyphs: Option<Vec<[f64; 3]>>,
    /// Shown texts along a line: whether the line was reversed to keep the text upright.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reversed: Option<bool>,
}

/// Shown texts along a line (contract §3b), as label-style writes them for every door.
pub use label_style::document::path_glyphs;

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
        // The rarer reasons when they occur, so that the counts always add up to the labels.
        let rare =
            [(p.hidden_repeat, "repeated"), (p.hidden_no_room, "without room"), (p.hidden_too_curved, "too curved")];
        let rare: String = rare.iter().filter(|(n, _)| *n > 0).map(|(n, what)| format!(", {n} {what}")).collect();
        format!(
            "{name}: {} labels: {} shown, {} hidden by collisions, {} off screen{rare}; {:.2} ms on {} threads",
            p.labels, p.visible, p.hidden_collision, p.hidden_offscreen, self.engine_ms, self.threads
        )
    }
}

/// Entries encoded by one task: enough to keep the tasks' overhead small, few enough that two
/// cores share a large result evenly.
const ENTRIES_PER_TASK: usize = 16_384;

/// `out` as compact JSON: the bytes `serde_json::to_vec(out)` gives, with the entries encoded
/// in chunks on the current rayon pool.
///
/// # Errors
/// serde_json's, which plain structs of strings, integers and finite numbers never cause.
pub fn to_json(out: &Output<'_>) -> serde_json::Result<Vec<u8>> {
    let mut json = Vec::with_capacity(out.placements.len() * 64 + 512);
    let entries = Entries { count: out.placements.len(), entry: |i: usize| out.placements[i].clone() };
    entries.write(&out.stats, &mut json).map_err(serde_json::Error::io)?;
    Ok(json)
}

/// Writes the result of placing `doc` as compact JSON to `w`: the bytes [`to_json`] gives for
/// [`build`]'s [`Output`], encoded on the current rayon pool and written as they are ready
/// (see the module doc), without the entries or the whole text in memory.
///
/// # Errors
/// The writer's.
pub fn write_json(
    doc: &Document,
    placement: &Placement,
    stats: &Stats,
    w: &mut (impl Write + Send + ?Sized),
) -> io::Result<()> {
    Entries { count: doc.ids.len().min(placement.outcomes.len()), entry: |i| entry(doc, placement, i) }.write(stats, w)
}

/// The result's entries, made one at a time by `entry`.
struct Entries<F> {
    count: usize,
    entry: F,
}

impl<'a, F: Fn(usize) -> PlacementOut<'a> + Sync> Entries<F> {
    fn write(&self, stats: &Stats, w: &mut (impl Write + Send + ?Sized)) -> io::Result<()> {
        let chunks = self.count.div_ceil(ENTRIES_PER_TASK);
        let window = 2 * rayon::current_num_threads();
        w.write_all(b"{\"placements\":[")?;
        let mut ready = self.encode(0..window.min(chunks))?;
        let mut next = window;
        while !ready.is_empty() {
            let upcoming = next.min(chunks)..(next + window).min(chunks);
            let write = || ready.iter().try_for_each(|chunk| w.write_all(chunk));
            let (written, encoded) = rayon::join(write, || self.encode(upcoming));
            written?;
            ready = encoded?;
            next += window;
        }
        w.write_all(b"],\"stats\":")?;
        serde_json::to_writer(&mut *w, stats)?;
        w.write_all(b"}")
    }

    /// The chunks `chunks` encoded in parallel, each but the very first led by its comma.
    fn encode(&self, chunks: std::ops::Range<usize>) -> io::Result<Vec<Vec<u8>>> {
        chunks
            .into_par_iter()
            .map(|k| {
                let entries = k * ENTRIES_PER_TASK..((k + 1) * ENTRIES_PER_TASK).min(self.count);
                let mut json = Vec::with_capacity(entries.len() * 64);
                for i in entries {
                    if i > 0 {
                        json.push(b',');
                    }
                    serde_json::to_writer(&mut json, &(self.entry)(i))?;
                }
                Ok(json)
            })
            .collect()
    }
}

/// The decision for label `i` of `doc`, paired with the document's ids.
fn entry<'a>(doc: &'a Document, placement: &Placement, i: usize) -> PlacementOut<'a> {
    let d = doc.decision(placement, i);
    let (glyphs, reversed) = d.path.unzip();
    PlacementOut {
        id: &doc.ids[i],
        visible: d.visible,
        reason: d.reason,
        hidden_by: d.hidden_by,
        hidden_by_obstacle: d.hidden_by_obstacle,
        candidate: d.candidate,
        parts: d.parts,
        glyphs,
        reversed,
    }
}

/// Pairs the engine's decisions with the document's ids.
#[must_use]
pub fn build<'a>(doc: &'a Document, placement: &Placement, threads: usize, engine_ms: f64) -> Output<'a> {
    let count = doc.ids.len().min(placement.outcomes.len());
    let placements = (0..count).map(|i| entry(doc, placement, i)).collect();
    Output { placements, stats: stats(doc, placement, threads, engine_ms) }
}

/// The run's counts for the result of placing `doc` on `threads` threads in `engine_ms`.
#[must_use]
pub fn stats(doc: &Document, placement: &Placement, threads: usize, engine_ms: f64) -> Stats {
    Stats { placement: placement.stats, obstacles: doc.obstacles.len(), threads, engine_ms }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::convert::read_document;

    #[test]
    fn to_json_writes_what_serde_json_writes() {
        for n in [1, 2, ENTRIES_PER_TASK, ENTRIES_PER_TASK + 1, 2 * ENTRIES_PER_TASK + 7] {
            let text = crate::generate::document(n, 3.0, 7).to_string();
            let doc = read_document(&text).unwrap();
            let placement = doc.place().unwrap();
            let out = build(&doc, &placement, 2, 1.5);
            assert_eq!(to_json(&out).unwrap(), serde_json::to_vec(&out).unwrap(), "n = {n}");
            // One thread: windows of two chunks, so that the largest result takes two.
            let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
            for pool in [None, Some(&one)] {
                let mut streamed = Vec::new();
                let mut write = || write_json(&doc, &placement, &out.stats, &mut streamed).unwrap();
                match pool {
                    Some(p) => p.install(write),
                    None => write(),
                }
                assert_eq!(streamed, serde_json::to_vec(&out).unwrap(), "n = {n}");
            }
        }
        let hidden = r#"{"labels": [{"id": "a", "x": 0, "y": 0, "width": 9, "height": 9},
                                    {"id": 2, "x": 1, "y": 0, "width": 9, "height": 9},
                                    {"id": 3, "x": 100, "y": 0, "width": 9, "height": 9}],
                         "obstacles": [{"id": "o", "type": "box", "x": 100, "y": 0, "width": 1, "height": 1}]}"#;
        for text in [r#"{"labels": []}"#, hidden] {
            let doc = read_document(text).unwrap();
            let placement = doc.place().unwrap();
            let out = build(&doc, &placement, 1, 0.0);
            assert_eq!(to_json(&out).unwrap(), serde_json::to_vec(&out).unwrap());
            let mut streamed = Vec::new();
            write_json(&doc, &placement, &out.stats, &mut streamed).unwrap();
            assert_eq!(streamed, serde_json::to_vec(&out).unwrap());
        }
    }
}
