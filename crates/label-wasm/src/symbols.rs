//! The symbol columns a caller may write beside the label columns (contract §4): per label a
//! count of candidate positions, an icon (size, anchor, offset, padding), which part is
//! optional and a repeat group and distance; and one table of candidates (anchor, offset x,
//! offset y) in label order, each label's `count` rows after the previous label's. Labels
//! without symbol columns are plain. The engine checks every number (its messages name the
//! label, id and field); the codes are checked here.

use glam::DVec2;
use label_core::{Anchor, Candidate, Icon, Optional, Symbol};

use crate::room;

/// The per-label `f64` symbol columns, in the order the ABI numbers them.
pub const SYMBOL_FIELD_NAMES: [&str; 10] = [
    "candidates",
    "iconWidth",
    "iconHeight",
    "iconAnchor",
    "iconOffsetX",
    "iconOffsetY",
    "iconPadding",
    "optional",
    "repeatGroup",
    "repeatDistance",
];

/// The repeat group's column (-1: none).
const REPEAT_GROUP: usize = 8;

/// Values per row of the candidate table: anchor number, offset x, offset y.
pub const CANDIDATE_VALUES: usize = 3;

/// The symbol columns for `len` labels and the candidate table, in one buffer.
#[derive(Clone, Debug, Default)]
pub struct SymbolColumns {
    len: usize,
    candidates: usize,
    values: Vec<f64>,
}

/// An anchor from its number in `Anchor::ALL`.
fn anchor(i: usize, field: &str, number: f64) -> Result<Anchor, String> {
    let valid = number.fract() == 0.0 && (0.0..Anchor::ALL.len() as f64).contains(&number);
    if !valid {
        return Err(format!("label {i} (id {i}): field `{field}`: anchor {number} is not 0 to 8"));
    }
    Ok(Anchor::ALL[number as usize])
}

impl SymbolColumns {
    /// Room for `len` labels and `candidates` candidate rows: every value 0 (no candidates,
    /// no icon) but the repeat groups, -1 (none).
    ///
    /// # Errors
    /// A message when the sizes overflow or the memory cannot be had; the columns are empty
    /// then.
    pub fn resize(&mut self, len: usize, candidates: usize) -> Result<(), String> {
        (self.len, self.candidates) = (0, 0);
        self.values.clear();
        let values = room::values(&[(len, SYMBOL_FIELD_NAMES.len()), (candidates, CANDIDATE_VALUES)], "symbols")?;
        room::refill(&mut self.values, values, 0.0, "symbols")?;
        self.values[REPEAT_GROUP * len..(REPEAT_GROUP + 1) * len].fill(-1.0);
        (self.len, self.candidates) = (len, candidates);
        Ok(())
    }

    /// The whole buffer, as written.
    #[must_use]
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// The whole buffer, to write: the columns, then the candidate table.
    pub fn values_mut(&mut self) -> &mut [f64] {
        &mut self.values
    }

    fn get(&self, field: usize, i: usize) -> f64 {
        self.values[field * self.len + i]
    }

    /// The symbol of every label, in order; `Err` names the first bad label and field.
    pub fn symbols(&self) -> Result<Vec<Symbol>, String> {
        let table = &self.values[self.len * SYMBOL_FIELD_NAMES.len()..];
        let mut rows = table.chunks_exact(CANDIDATE_VALUES);
        let mut used = 0;
        let symbols = (0..self.len)
            .map(|i| {
                let count = self.get(0, i);
                let left = (self.candidates - used) as f64;
                if count.fract() != 0.0 || !(0.0..=left).contains(&count) {
                    return Err(format!(
                        "label {i} (id {i}): field `candidates`: {count} is not a count of the {left} candidate rows left"
                    ));
                }
                used += count as usize;
                let candidates = rows
                    .by_ref()
                    .take(count as usize)
                    .map(|r| Ok(Candidate { anchor: anchor(i, "candidates", r[0])?, offset: DVec2::new(r[1], r[2]) }))
                    .collect::<Result<Vec<_>, String>>()?;
                let (width, height) = (self.get(1, i), self.get(2, i));
                let icon = if width == 0.0 && height == 0.0 {
                    None
                } else {
                    Some(Icon {
                        width,
                        height,
                        anchor: anchor(i, "iconAnchor", self.get(3, i))?,
                        offset: DVec2::new(self.get(4, i), self.get(5, i)),
                        padding: self.get(6, i),
                    })
                };
                let optional = match self.get(7, i) {
                    0.0 => Optional::None,
                    1.0 => Optional::Text,
                    2.0 => Optional::Icon,
                    other => {
                        return Err(format!(
                            "label {i} (id {i}): field `optional`: {other} is not 0 (none), 1 (text) or 2 (icon)"
                        ));
                    }
                };
                let group = self.get(REPEAT_GROUP, i);
                let repeat_group = if group == -1.0 {
                    None
                } else if group.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&group) {
                    Some(group as u32)
                } else {
                    return Err(format!("label {i} (id {i}): field `repeatGroup`: {group} is not -1 (none) or a u32"));
                };
                let repeat_distance = self.get(9, i);
                if repeat_group.is_none() && repeat_distance != 0.0 {
                    // As the C ABI: a distance means nothing without a group to keep apart.
                    return Err(format!("label {i} (id {i}): field `repeatDistance`: set without a repeatGroup"));
                }
                Ok(Symbol { candidates, icon, optional, repeat_group, repeat_distance, path: None })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if used != self.candidates {
            return Err(format!(
                "symbols: {} candidate rows written, {used} used by the labels' counts",
                self.candidates
            ));
        }
        Ok(symbols)
    }

    /// Columns holding `symbols`, in order: what a caller writes for them.
    #[must_use]
    pub fn from_symbols(symbols: &[Symbol]) -> Self {
        let mut c = SymbolColumns::default();
        c.resize(symbols.len(), symbols.iter().map(|s| s.candidates.len()).sum()).expect("symbols in memory fit");
        let n = symbols.len();
        let number = |a: Anchor| Anchor::ALL.iter().position(|&b| b == a).unwrap_or(0) as f64;
        let mut row = n * SYMBOL_FIELD_NAMES.len();
        for (i, s) in symbols.iter().enumerate() {
            let icon =
                s.icon.map_or([0.0; 6], |c| [c.width, c.height, number(c.anchor), c.offset.x, c.offset.y, c.padding]);
            let optional = match s.optional {
                Optional::None => 0.0,
                Optional::Text => 1.0,
                Optional::Icon => 2.0,
            };
            let group = s.repeat_group.map_or(-1.0, f64::from);
            let values =
                [s.candidates.len() as f64].into_iter().chain(icon).chain([optional, group, s.repeat_distance]);
            for (field, v) in values.enumerate() {
                c.values[field * n + i] = v;
            }
            for k in &s.candidates {
                c.values[row..row + CANDIDATE_VALUES].copy_from_slice(&[number(k.anchor), k.offset.x, k.offset.y]);
                row += CANDIDATE_VALUES;
            }
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<Symbol> {
        let icon =
            Icon { anchor: Anchor::Bottom, offset: DVec2::new(1.0, -2.0), padding: 0.5, ..Icon::new(16.0, 18.0) };
        vec![
            Symbol::default()
                .with_candidates(vec![
                    Candidate { anchor: Anchor::Left, offset: DVec2::new(9.0, 0.0) },
                    Candidate { anchor: Anchor::Right, offset: DVec2::new(-9.0, 0.0) },
                ])
                .with_icon(icon),
            Symbol::default(),
            Symbol {
                candidates: vec![Candidate::new(Anchor::Top)],
                optional: Optional::Text,
                repeat_group: Some(7),
                repeat_distance: 100.0,
                ..Symbol::default().with_icon(Icon::new(4.0, 4.0))
            },
        ]
    }

    #[test]
    fn symbols_round_trip_through_the_columns() {
        let symbols = sample();
        assert_eq!(SymbolColumns::from_symbols(&symbols).symbols().unwrap(), symbols);
    }

    #[test]
    fn zeroed_columns_are_plain_symbols() {
        let mut c = SymbolColumns::default();
        c.resize(2, 0).unwrap();
        assert!(c.symbols().unwrap().iter().all(Symbol::is_plain));
    }

    #[test]
    fn bad_codes_name_the_label_and_the_field() {
        let n = 3;
        let bad = |field: usize, value: f64| {
            let mut c = SymbolColumns::from_symbols(&sample());
            c.values_mut()[field * n + 2] = value;
            c.symbols().unwrap_err()
        };
        assert!(bad(0, 5.0).starts_with("label 2 (id 2): field `candidates`"));
        assert!(bad(3, 9.0).starts_with("label 2 (id 2): field `iconAnchor`: anchor 9"));
        assert!(bad(7, 3.0).starts_with("label 2 (id 2): field `optional`"));
        assert!(bad(8, 0.5).starts_with("label 2 (id 2): field `repeatGroup`"));
        assert_eq!(bad(8, -1.0), "label 2 (id 2): field `repeatDistance`: set without a repeatGroup");
        assert!(bad(0, 0.0).starts_with("symbols: 3 candidate rows written, 2 used"));
        let mut c = SymbolColumns::from_symbols(&sample());
        c.values_mut()[n * SYMBOL_FIELD_NAMES.len()] = 1.5;
        assert!(c.symbols().unwrap_err().starts_with("label 0 (id 0): field `candidates`: anchor 1.5"));
    }
}
