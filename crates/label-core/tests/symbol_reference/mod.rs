//! The brute-force reference of contract §4 for symbols (§3b), written plainly: every label's
//! boxes at every position, every shown label's parts, no index. Shared by the property tests
//! (`tests/symbols.rs`, through `common`), label-cli's symbol-document checks and the `symbols`
//! fuzz target, which include this file by path. Texts along a line are laid out by the plain
//! §3b layout of [`path`].
#![allow(dead_code)]

use glam::DVec2;
use label_core::narrow::convex_overlap_area;
use label_core::{
    Blocker, BoxStyle, Choice, HiddenReason, Label, LabelOutcome, Obb, Optional, Parts, PlacementOptions, Shape, Symbol,
};

mod path;
pub use path::reference_path;

/// Whether `later` collides with the placed box `earlier` when `max_overlap_area` px² of
/// overlap are tolerated (contract §3, the engine's `collides`).
pub fn labels_collide(later: &Obb, earlier: &Obb, max_overlap_area: f32) -> bool {
    later.overlaps(earlier)
        && (max_overlap_area <= 0.0 || convex_overlap_area(&later.corners(), &earlier.corners()) > max_overlap_area)
}

/// One label's boxes, built as plain labels are (contract §2): the text at each position (a
/// candidate replaces the label's anchor and offset; a path's one position holds its glyph
/// boxes), and the icon (a label of the icon's size, anchor, offset and padding at the same
/// point and angle); its anchor point; why a path label is hidden before placement.
pub struct Boxes {
    pub texts: Vec<Vec<Obb>>,
    pub icon: Option<Obb>,
    pub anchor: DVec2,
    pub hidden: Option<HiddenReason>,
}

pub fn boxes(l: &Label, s: &Symbol) -> Boxes {
    if let Some(path) = &s.path {
        return match reference_path(path, l.style.height, l.style.padding) {
            Ok((anchor, glyphs)) => Boxes { texts: vec![glyphs], icon: None, anchor, hidden: None },
            Err(why) => Boxes { texts: vec![], icon: None, anchor: DVec2::new(l.x, l.y), hidden: Some(why) },
        };
    }
    let texts = if s.candidates.is_empty() {
        vec![vec![l.obb()]]
    } else {
        s.candidates
            .iter()
            .map(|c| {
                vec![Label { style: BoxStyle { anchor: c.anchor, offset: c.offset, ..l.style }, ..l.clone() }.obb()]
            })
            .collect()
    };
    let icon = s.icon.map(|i| {
        Label {
            style: BoxStyle {
                width: i.width,
                height: i.height,
                anchor: i.anchor,
                offset: i.offset,
                padding: i.padding,
                ..l.style
            },
            ..l.clone()
        }
        .obb()
    });
    Boxes { texts, icon, anchor: DVec2::new(l.x, l.y), hidden: None }
}

/// A shown label: its shown parts, whether they block, its group and anchor point.
struct Shown {
    index: usize,
    parts: Vec<Obb>,
    blocks: bool,
}

/// §4 as written, O(n²): returns each label's outcome and choice.
pub fn reference(
    labels: &[Label],
    symbols: &[Symbol],
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> (Vec<LabelOutcome>, Vec<Choice>) {
    let view = options.viewport.map(|b| Obb::from_aabb(&b));
    let meets = |parts: &[Obb]| view.is_none_or(|v| parts.iter().any(|p| v.overlaps(p)));
    let all: Vec<Boxes> = labels.iter().zip(symbols).map(|(l, s)| boxes(l, s)).collect();
    // A position's parts: its text and the icon.
    let position = |i: usize, k: usize| -> Vec<Obb> { all[i].texts[k].iter().copied().chain(all[i].icon).collect() };
    let mut outcomes = vec![LabelOutcome::OFFSCREEN; labels.len()];
    let mut choices = vec![Choice::default(); labels.len()];
    // Path labels whose text does not fit are hidden first, with that reason.
    for (i, b) in all.iter().enumerate() {
        if let Some(why) = b.hidden {
            outcomes[i] = LabelOutcome { visible: false, reason: Some(why), hidden_by: None };
        }
    }
    // Step 1 and 2: labels with a position in view, by priority descending then index.
    let mut order: Vec<usize> =
        (0..labels.len()).filter(|&i| (0..all[i].texts.len()).any(|k| meets(&position(i, k)))).collect();
    order.sort_by(|&a, &b| labels[b].style.priority.partial_cmp(&labels[a].style.priority).unwrap());
    let mut shown: Vec<Shown> = Vec::new();
    for i in order {
        let (l, s) = (&labels[i], &symbols[i]);
        let anchor = all[i].anchor;
        // 3a. Repeat: closer than the repeat distance by more than τ.
        if let Some(g) = s.repeat_group {
            let near = shown.iter().find(|p| {
                let distance = (anchor - all[p.index].anchor).length();
                symbols[p.index].repeat_group == Some(g) && distance < s.repeat_distance - 1.0 / 1024.0
            });
            if let Some(p) = near {
                outcomes[i] = LabelOutcome {
                    visible: false,
                    reason: Some(HiddenReason::Repeat),
                    hidden_by: Some(Blocker::Label(p.index as u32)),
                };
                continue;
            }
        }
        let hits_obstacle = |parts: &[Obb]| obstacles.iter().position(|o| parts.iter().any(|p| o.overlaps_obb(p)));
        let hits_label = |parts: &[Obb], shown: &[Shown]| {
            shown
                .iter()
                .find(|q| {
                    q.blocks
                        && parts.iter().any(|p| q.parts.iter().any(|b| labels_collide(p, b, options.max_overlap_area)))
                })
                .map(|q| q.index)
        };
        let free =
            |parts: &[Obb], shown: &[Shown]| hits_obstacle(parts).is_none() && hits_label(parts, shown).is_none();
        let positions: Vec<usize> = (0..all[i].texts.len()).filter(|&k| meets(&position(i, k))).collect();
        let first = positions[0];
        // 3b. Positions; allow_overlap; 3c. optional parts.
        let mut chosen: Option<(usize, Parts, Vec<Obb>)> =
            positions.iter().find(|&&k| free(&position(i, k), &shown)).map(|&k| (k, Parts::Both, position(i, k)));
        if chosen.is_none() && l.style.allow_overlap {
            chosen = Some((first, Parts::Both, position(i, first)));
        }
        if chosen.is_none()
            && let Some(icon) = all[i].icon
        {
            match s.optional {
                Optional::Text if meets(&[icon]) && free(&[icon], &shown) => {
                    chosen = Some((0, Parts::Icon, vec![icon]))
                }
                Optional::Icon => {
                    chosen = (0..all[i].texts.len())
                        .find(|&k| meets(&all[i].texts[k]) && free(&all[i].texts[k], &shown))
                        .map(|k| (k, Parts::Text, all[i].texts[k].clone()));
                }
                _ => {}
            }
        }
        match chosen {
            Some((k, parts, boxes)) => {
                outcomes[i] = LabelOutcome::VISIBLE;
                choices[i] = Choice {
                    candidate: (!s.candidates.is_empty() && parts != Parts::Icon).then_some(k as u32),
                    parts: s.icon.is_some().then_some(parts),
                };
                shown.push(Shown { index: i, parts: boxes, blocks: !l.style.ignore_placement });
            }
            None => {
                // 3d. Behind the earliest obstacle, else the earliest placed label, at the first
                // position in view.
                let parts = position(i, first);
                let by = match hits_obstacle(&parts) {
                    Some(o) => Blocker::Obstacle(o as u32),
                    None => Blocker::Label(hits_label(&parts, &shown).expect("something collides") as u32),
                };
                outcomes[i] = LabelOutcome::hidden_by(by);
            }
        }
    }
    (outcomes, choices)
}
