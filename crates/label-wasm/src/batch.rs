//! The batch placement: the input columns as screen labels (`x`, `y` in screen px), placed
//! once without camera or memory, as the CLI places a document.
//!
//! Plain labels go to `label_core::place`, as they always have. When the caller wrote symbol
//! or path columns (contract §3b: candidates, icon, optional parts, repeat groups, texts
//! along lines) the labels go to `label_core::place_symbols` with their symbols, so a batch
//! decides exactly what the core decides for the same symbols: the candidate and parts shown,
//! the reason (`repeat`, `no_room`, `too_curved` besides the plain ones) and what hid each.
//! A path label's points are screen px; it sits at its line as wide as its text
//! (`TextPath::carrier`, as in the CLI and the C ABI), and its glyphs are its path's layout.

use glam::DVec2;
use label_core::{Error, Label, Obb, Placement, PlacementOptions, Shape, Symbol, place, place_symbols};

use crate::columns::{Columns, Coordinates};
use crate::paths::PathColumns;
use crate::symbols::SymbolColumns;

/// What a batch decided, with the labels as placed (path labels as their carriers) and, when
/// some label was a symbol, every label's symbol.
#[derive(Clone, Debug)]
pub struct Batch {
    /// The labels as placed.
    pub labels: Vec<Label>,
    /// One per label when the batch placed symbols; empty for plain labels.
    pub symbols: Vec<Symbol>,
    /// The core's decisions.
    pub placement: Placement,
}

/// The core's error with the label's id (its index, as everywhere in this module's ABI).
fn message(e: &Error) -> String {
    match e {
        Error::InvalidLabel { index, field, problem } => {
            format!("label {index} (id {index}): field `{field}`: {problem}")
        }
        other => other.to_string(),
    }
}

/// The symbols of the columns, or none when the caller wrote neither symbol nor path columns
/// (or only zeroes: plain labels). Path labels become their carriers in `labels`;
/// `keep_upright[i]` is label `i`'s flag.
fn symbols(
    labels: &mut [Label],
    keep_upright: &[bool],
    symbols: &SymbolColumns,
    paths: &PathColumns,
) -> Result<Vec<Symbol>, String> {
    let mut all = symbols.symbols()?;
    let lines = paths.paths(Coordinates::WorldPx, keep_upright)?;
    if all.iter().all(Symbol::is_plain) && lines.iter().all(Option::is_none) {
        return Ok(Vec::new());
    }
    all.resize(labels.len(), Symbol::default());
    for (i, (line, symbol)) in lines.into_iter().zip(&mut all).enumerate() {
        if let Some(line) = line {
            // The carrier is laid along the path: a bad path is named by its own field first.
            symbol.path = Some(line.clone());
            label_core::validate::check_symbol(i, symbol).map_err(|e| message(&e))?;
            labels[i] = line.carrier(&labels[i]);
        }
    }
    Ok(all)
}

/// Places the columns (screen px) around `obstacles` with `options`.
pub fn place_batch(
    columns: &Columns,
    symbol_columns: &SymbolColumns,
    path_columns: &PathColumns,
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> Result<Batch, String> {
    let mut labels = columns.screen_labels()?;
    // Plain labels skip reading the flags again.
    let keep_upright = if path_columns.values().is_empty() { Vec::new() } else { columns.keep_upright()? };
    let symbols = symbols(&mut labels, &keep_upright, symbol_columns, path_columns)?;
    let placement = if symbols.is_empty() {
        place(&labels, obstacles, options)
    } else {
        place_symbols(&labels, &symbols, obstacles, options)
    }
    .map_err(|e| message(&e))?;
    Ok(Batch { labels, symbols, placement })
}

impl Batch {
    /// Label `i`'s box on screen: its text at the candidate shown (the first when none is),
    /// or its own box for a plain label or a path label's carrier.
    #[must_use]
    pub fn text_box(&self, i: usize) -> Obb {
        let label = &self.labels[i];
        match (self.symbols.get(i), self.placement.choices.get(i)) {
            (Some(s), Some(c)) => s.text_box(label, c.candidate.unwrap_or(0) as usize, DVec2::ZERO),
            _ => label.obb(),
        }
    }
}
