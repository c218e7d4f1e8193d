//! Batch placement for C callers: the C structs of `batch_types.rs` to label-core's labels and
//! symbols, `place_symbols`, and each label's outcome and choice back to C. Enumerations are
//! checked here; numbers by the core, whose errors are given the label's id.

use glam::{DVec2, Vec2};
use label_core::{
    Aabb, Anchor, Blocker, Candidate, Choice, Error, Icon, Label, LabelOutcome, Optional, PlacementOptions,
    PlacementStats, Shape, Symbol,
};

use crate::batch_types::*;
use crate::error::Failure;
use crate::path::{self, RawPath};
use crate::types::*;

/// A symbol as read from C: its fields and the caller's candidates and icon.
pub struct RawSymbol<'a> {
    /// The symbol's own fields.
    pub symbol: &'a DeclutterSymbol,
    /// Its `candidate_count` candidates.
    pub candidates: &'a [DeclutterCandidate],
    /// Its icon.
    pub icon: Option<&'a DeclutterIcon>,
    /// Its path.
    pub path: Option<RawPath<'a>>,
}

/// "label 3 (id 42)", the start of every message about a label.
fn who(index: usize, id: u64) -> String {
    format!("label {index} (id {id})")
}

fn anchor(value: u32, who: impl FnOnce() -> String, field: &str) -> Result<Anchor, Failure> {
    Anchor::ALL.get(value as usize).copied().ok_or_else(|| {
        Failure::invalid(format!("{}: field `{field}`: {value} is not a DECLUTTER_ANCHOR_* value", who()))
    })
}

/// One C label as a core label (numbers are checked by the core).
pub fn label(index: usize, l: &DeclutterScreenLabel) -> Result<Label, Failure> {
    let known = DECLUTTER_ALLOW_OVERLAP | DECLUTTER_IGNORE_PLACEMENT;
    if l.flags & !known != 0 {
        return Err(Failure::invalid(format!("{}: unknown flags {:#x}", who(index, l.id), l.flags & !known)));
    }
    Ok(Label::new(l.x, l.y, l.width, l.height)
        .with_angle(l.angle)
        .with_priority(l.priority)
        .with_anchor(anchor(l.anchor, || who(index, l.id), "anchor")?)
        .with_offset(l.offset_x, l.offset_y)
        .with_padding(l.padding)
        .with_allow_overlap(l.flags & DECLUTTER_ALLOW_OVERLAP != 0)
        .with_ignore_placement(l.flags & DECLUTTER_IGNORE_PLACEMENT != 0))
}

/// One C symbol as a core symbol, for the label at `index` with id `id`.
pub fn symbol(index: usize, id: u64, raw: &RawSymbol<'_>) -> Result<Symbol, Failure> {
    let who = || who(index, id);
    let candidates = raw
        .candidates
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let anchor = anchor(c.anchor, who, &format!("candidates[{k}].anchor"))?;
            Ok(Candidate::new(anchor).with_offset(c.offset_x, c.offset_y))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let icon = match raw.icon {
        None => None,
        Some(i) => Some(Icon {
            width: i.width,
            height: i.height,
            anchor: anchor(i.anchor, who, "icon.anchor")?,
            offset: DVec2::new(i.offset_x, i.offset_y),
            padding: i.padding,
        }),
    };
    let optional = match raw.symbol.optional {
        DECLUTTER_OPTIONAL_NONE => Optional::None,
        DECLUTTER_OPTIONAL_TEXT => Optional::Text,
        DECLUTTER_OPTIONAL_ICON => Optional::Icon,
        other => {
            return Err(Failure::invalid(format!(
                "{}: field `optional`: {other} is not a DECLUTTER_OPTIONAL_* value",
                who()
            )));
        }
    };
    let group = raw.symbol.repeat_group;
    if group == 0 && raw.symbol.repeat_distance != 0.0 {
        return Err(Failure::invalid(format!("{}: field `repeat_distance`: set without a repeat_group", who())));
    }
    let path = raw.path.as_ref().map(|p| path::text_path(p, who)).transpose()?;
    Ok(Symbol {
        candidates,
        icon,
        optional,
        repeat_group: (group != 0).then_some(group),
        repeat_distance: raw.symbol.repeat_distance,
        path,
    })
}

/// The C options as core options (checked by the core).
pub fn options(o: &DeclutterBatchOptions) -> Result<PlacementOptions, Failure> {
    let area = crate::convert::overlap_area(o.max_overlap_area)
        .map_err(|p| Failure::invalid(format!("options: field `max_overlap_area`: {p}")))?;
    let mut options = PlacementOptions::default().with_max_overlap_area(area);
    match o.has_viewport {
        0 => {}
        1 => {
            for v in [o.viewport_min_x, o.viewport_min_y, o.viewport_max_x, o.viewport_max_y] {
                label_core::validate::within(v, label_core::limits::MAX_COORDINATE)
                    .map_err(|p| Failure::invalid(format!("options: field `viewport`: {p}")))?;
            }
            let p = |x: f64, y: f64| Vec2::new(x as f32, y as f32);
            let min = p(o.viewport_min_x, o.viewport_min_y);
            options = options.with_viewport_box(Aabb { min, max: p(o.viewport_max_x, o.viewport_max_y) });
        }
        other => return Err(Failure::invalid(format!("options: has_viewport {other} is not 0 or 1"))),
    }
    options.validate().map_err(|e| Failure::invalid(format!("options: {e}")))?;
    Ok(options)
}

/// A batch placement in C: each label's result and the counts.
pub struct Placed {
    /// By label, in input order.
    pub results: Vec<DeclutterPlacement>,
    /// The counts.
    pub stats: DeclutterBatchStats,
}

/// Places the C `labels` with their `symbols` (one per label, or none at all: plain labels)
/// around the C `obstacles`; every error names the label's index and id, or the obstacle.
pub fn run(
    labels: &[DeclutterScreenLabel],
    symbols: &[Symbol],
    obstacles: &[DeclutterObstacle],
    options: &DeclutterBatchOptions,
) -> Result<Placed, Failure> {
    let mut core: Vec<Label> = labels.iter().enumerate().map(|(i, l)| label(i, l)).collect::<Result<_, _>>()?;
    for (l, s) in core.iter_mut().zip(symbols) {
        if let Some(p) = &s.path {
            // A path label sits at its path, as wide as its text (`TextPath::carrier`).
            *l = p.carrier(l);
        }
    }
    let obstacles: Vec<Shape> =
        obstacles.iter().enumerate().map(|(i, o)| crate::convert::obstacle(i, o)).collect::<Result<_, _>>()?;
    let options = self::options(options)?;
    let placed = if symbols.is_empty() {
        label_core::place(&core, &obstacles, &options)
    } else {
        label_core::place_symbols(&core, symbols, &obstacles, &options)
    };
    let placement = placed.map_err(|e| match e {
        Error::InvalidLabel { index, field, problem } => {
            Failure::invalid(format!("{}: field `{field}`: {problem}", who(index, labels[index].id)))
        }
        other => Failure::invalid(other.to_string()),
    })?;
    let plain = Choice::default();
    let results = placement
        .outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| result(o, placement.choices.get(i).unwrap_or(&plain)))
        .collect();
    Ok(Placed { results, stats: stats(&placement.stats) })
}

/// One label's outcome and choice in C.
pub fn result(o: &LabelOutcome, c: &Choice) -> DeclutterPlacement {
    let reason = crate::convert::reason_code(o.reason);
    let (hidden_by_kind, hidden_by) = match o.hidden_by {
        None => (DECLUTTER_BLOCKER_NONE, 0),
        Some(Blocker::Label(i)) => (DECLUTTER_BLOCKER_LABEL, i),
        Some(Blocker::Obstacle(i)) => (DECLUTTER_BLOCKER_OBSTACLE, i),
    };
    let DeclutterChoice { candidate, parts } = crate::convert::choice(c);
    DeclutterPlacement { visible: u32::from(o.visible), reason, hidden_by_kind, hidden_by, candidate, parts }
}

/// A batch placement's counts in C.
pub fn stats(s: &PlacementStats) -> DeclutterBatchStats {
    DeclutterBatchStats {
        labels: s.labels as u64,
        visible: s.visible as u64,
        hidden_collision: s.hidden_collision as u64,
        hidden_offscreen: s.hidden_offscreen as u64,
        hidden_repeat: s.hidden_repeat as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerations_and_groups_are_checked_and_named() {
        let ok = DeclutterScreenLabel { id: 42, width: 10.0, height: 5.0, ..DeclutterScreenLabel::default() };
        assert!(label(0, &ok).is_ok());
        let bad = label(3, &DeclutterScreenLabel { anchor: 9, ..ok }).unwrap_err().message;
        assert_eq!(bad, "label 3 (id 42): field `anchor`: 9 is not a DECLUTTER_ANCHOR_* value");
        assert!(label(3, &DeclutterScreenLabel { flags: 4, ..ok }).unwrap_err().message.contains("unknown flags 0x4"));
        let fields = DeclutterSymbol::default();
        let candidates = [DeclutterCandidate::default(), DeclutterCandidate { anchor: 12, ..Default::default() }];
        let raw = RawSymbol { symbol: &fields, candidates: &candidates, icon: None, path: None };
        let bad = symbol(1, 7, &raw).unwrap_err().message;
        assert_eq!(bad, "label 1 (id 7): field `candidates[1].anchor`: 12 is not a DECLUTTER_ANCHOR_* value");
        let icon = DeclutterIcon { width: 4.0, height: 4.0, anchor: 99, ..Default::default() };
        let raw = RawSymbol { symbol: &fields, candidates: &[], icon: Some(&icon), path: None };
        assert!(symbol(1, 7, &raw).unwrap_err().message.contains("`icon.anchor`: 99"));
        let odd = DeclutterSymbol { optional: 3, ..fields };
        assert!(symbol(1, 7, &RawSymbol { symbol: &odd, candidates: &[], icon: None, path: None }).is_err());
        let lonely = DeclutterSymbol { repeat_distance: 5.0, ..fields };
        let bad =
            symbol(1, 7, &RawSymbol { symbol: &lonely, candidates: &[], icon: None, path: None }).unwrap_err().message;
        assert!(bad.contains("repeat_distance"), "{bad}");
        let grouped = DeclutterSymbol { repeat_group: 3, repeat_distance: 5.0, ..fields };
        let s = symbol(1, 7, &RawSymbol { symbol: &grouped, candidates: &[], icon: None, path: None }).unwrap();
        assert_eq!((s.repeat_group, s.repeat_distance), (Some(3), 5.0));
        assert!(
            symbol(0, 0, &RawSymbol { symbol: &fields, candidates: &[], icon: None, path: None }).unwrap().is_plain()
        );
        assert!(options(&DeclutterBatchOptions { has_viewport: 2, ..Default::default() }).is_err());
        let flat = DeclutterBatchOptions { has_viewport: 1, viewport_max_x: 10.0, ..Default::default() };
        assert!(options(&flat).unwrap_err().message.contains("viewport"));
    }
}
