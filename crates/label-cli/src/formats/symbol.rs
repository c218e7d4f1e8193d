//! A label's symbol fields (contract §3b: `candidates`, `icon`, `optional`, `repeat_group`,
//! `repeat_distance`) into the engine's [`Symbol`], with the field that is wrong.

use std::collections::HashMap;

use glam::DVec2;
use label_core::{Anchor, Candidate, Icon, Optional, Problem, Symbol};

use crate::formats::document::RawLabel;

/// Repeat groups by name, numbered in order of first use in one document.
#[derive(Default)]
pub struct Groups(HashMap<String, u32>);

impl Groups {
    fn number(&mut self, name: &str) -> u32 {
        let next = self.0.len() as u32;
        *self.0.entry(name.to_owned()).or_insert(next)
    }

    /// Numbers `other`'s groups after these, as if its labels came after this one's: the
    /// new number of each of `other`'s, by its number there.
    pub(crate) fn merge(&mut self, other: Groups) -> Vec<u32> {
        let mut names: Vec<(u32, String)> = other.0.into_iter().map(|(name, number)| (number, name)).collect();
        names.sort_unstable_by_key(|&(number, _)| number);
        names.into_iter().map(|(_, name)| self.number(&name)).collect()
    }
}

/// Whether the label has any symbol field.
#[must_use]
pub fn has_symbol(r: &RawLabel) -> bool {
    r.candidates.is_some()
        || r.icon.is_some()
        || r.optional.is_some()
        || r.repeat_group.is_some()
        || r.repeat_distance.is_some()
        || crate::formats::path_label::has_path(r)
}

fn anchor(name: Option<&String>, field: impl Fn() -> String) -> Result<Anchor, (String, String)> {
    name.map_or(Ok(Anchor::Center), |n| {
        n.parse::<Anchor>().map_err(|_| (field(), Problem::UnknownAnchor(n.clone()).to_string()))
    })
}

/// The label's symbol; the error names the field (`candidates[2].anchor`, `optional`, …) and
/// the problem. Numbers in range are checked afterwards by `label_core::validate::check_symbol`.
///
/// # Errors
/// An empty `candidates` list, an unknown anchor or `optional` name, a `repeat_distance` that
/// is not a number > 0 or comes without `repeat_group`.
pub fn to_symbol(r: &RawLabel, groups: &mut Groups) -> Result<Symbol, (String, String)> {
    let mut symbol = Symbol::default();
    if let Some(list) = &r.candidates {
        if list.is_empty() {
            return Err(("candidates".into(), "expected a non-empty list of positions".into()));
        }
        for (k, c) in list.iter().enumerate() {
            let anchor = anchor(c.anchor.as_ref(), || format!("candidates[{k}].anchor"))?;
            let offset = c.offset.map_or(DVec2::ZERO, DVec2::from_array);
            symbol.candidates.push(Candidate { anchor, offset });
        }
    }
    if let Some(i) = &r.icon {
        symbol.icon = Some(Icon {
            width: i.width,
            height: i.height,
            anchor: anchor(i.anchor.as_ref(), || "icon.anchor".into())?,
            offset: i.offset.map_or(DVec2::ZERO, DVec2::from_array),
            padding: i.padding,
        });
    }
    symbol.optional = match r.optional.as_deref() {
        None | Some("none") => Optional::None,
        Some("text") => Optional::Text,
        Some("icon") => Optional::Icon,
        Some(other) => {
            return Err(("optional".into(), format!("unknown value {other:?}; expected one of none, text, icon")));
        }
    };
    match (&r.repeat_group, r.repeat_distance) {
        (None, Some(_)) => return Err(("repeat_distance".into(), "needs a `repeat_group`".into())),
        (_, Some(d)) if !(d.is_finite() && d > 0.0) => {
            let problem = if d.is_finite() { Problem::NotPositive(d) } else { Problem::NotFinite(d) };
            return Err(("repeat_distance".into(), problem.to_string()));
        }
        (Some(g), d) => {
            symbol.repeat_group = Some(groups.number(&g.0));
            symbol.repeat_distance = d.unwrap_or(0.0);
        }
        (None, None) => {}
    }
    symbol.path = crate::formats::path_label::text_path(r).map_err(|(field, problem)| (field.to_owned(), problem))?;
    Ok(symbol)
}
