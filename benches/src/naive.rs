//! The naive baselines: what a newcomer writes with rstar — sort by priority, then for each label
//! query an R-tree of the labels placed so far and insert the label if nothing overlaps it; for
//! symbols the same over every position and part, with an R-tree of anchor points per repeat
//! group.

use std::collections::HashMap;

use glam::DVec2;
use label_core::{Label, Obb, Optional, PlacementOptions, Symbol};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

type Item = GeomWithData<Rectangle<[f32; 2]>, u32>;

/// Visible flags and `hidden_by` (input index of the earliest placed label that overlaps) per
/// input label, by the plain incremental method. Labels off the viewport are hidden with no
/// blocker.
#[must_use]
pub fn place_naive(labels: &[Label], options: &PlacementOptions) -> Vec<(bool, Option<u32>)> {
    let obbs: Vec<Obb> = labels.iter().map(Label::obb).collect();
    let viewport = options.viewport.map(|v| Obb::from_aabb(&v));
    let mut order: Vec<u32> =
        (0..labels.len() as u32).filter(|&i| viewport.is_none_or(|v| v.overlaps(&obbs[i as usize]))).collect();
    order.sort_by(|&a, &b| {
        labels[b as usize].style.priority.total_cmp(&labels[a as usize].style.priority).then(a.cmp(&b))
    });
    let mut rank = vec![u32::MAX; labels.len()];
    for (r, &i) in order.iter().enumerate() {
        rank[i as usize] = r as u32;
    }
    let mut result = vec![(false, None); labels.len()];
    let mut tree: RTree<Item> = RTree::new();
    for &i in &order {
        let me = &obbs[i as usize];
        let b = me.aabb();
        let env = AABB::from_corners(b.min.to_array(), b.max.to_array());
        let first = tree
            .locate_in_envelope_intersecting(env)
            .filter(|other| me.overlaps(&obbs[other.data as usize]))
            .map(|other| other.data)
            .min_by_key(|&j| rank[j as usize]);
        match first {
            Some(j) => result[i as usize] = (false, Some(j)),
            None => {
                result[i as usize] = (true, None);
                tree.insert(GeomWithData::new(Rectangle::from_corners(b.min.to_array(), b.max.to_array()), i));
            }
        }
    }
    result
}

/// The naive baseline for labels of several parts (texts along lines, given their glyph
/// boxes): in priority order, a label in view (one of its parts meets the viewport) is shown
/// iff none of its parts overlaps a part of a shown label, found by an rstar query per part;
/// a label without parts (its text does not fit) is hidden. Visible flags per input label.
#[must_use]
pub fn place_naive_parts(parts: &[Vec<Obb>], priorities: &[f64], options: &PlacementOptions) -> Vec<bool> {
    let viewport = options.viewport.map(|v| Obb::from_aabb(&v));
    let mut order: Vec<u32> = (0..parts.len() as u32)
        .filter(|&i| viewport.is_none_or(|v| parts[i as usize].iter().any(|p| v.overlaps(p))))
        .collect();
    order.sort_by(|&a, &b| priorities[b as usize].total_cmp(&priorities[a as usize]).then(a.cmp(&b)));
    let mut shown = vec![false; parts.len()];
    let mut placed: Vec<Obb> = Vec::new();
    let mut tree: RTree<Item> = RTree::new();
    for &i in &order {
        let mine = &parts[i as usize];
        let hit = mine.iter().any(|p| {
            let b = p.aabb();
            let env = AABB::from_corners(b.min.to_array(), b.max.to_array());
            tree.locate_in_envelope_intersecting(env).any(|other| p.overlaps(&placed[other.data as usize]))
        });
        if !hit {
            shown[i as usize] = true;
            for p in mine {
                let b = p.aabb();
                tree.insert(GeomWithData::new(
                    Rectangle::from_corners(b.min.to_array(), b.max.to_array()),
                    placed.len() as u32,
                ));
                placed.push(*p);
            }
        }
    }
    shown
}

/// A placed part in the naive symbol baseline: its axis-aligned box and its label's box.
type PartItem = GeomWithData<Rectangle<[f32; 2]>, Obb>;

fn rectangle(b: &Obb) -> (Rectangle<[f32; 2]>, AABB<[f32; 2]>) {
    let b = b.aabb();
    (
        Rectangle::from_corners(b.min.to_array(), b.max.to_array()),
        AABB::from_corners(b.min.to_array(), b.max.to_array()),
    )
}

/// The naive baseline for symbols (contract §4 with candidates, icons, optional parts and
/// repeat groups), as a newcomer writes it with rstar: sort by priority; keep one R-tree of
/// the placed parts and one of the placed anchor points per repeat group; for each label, the
/// repeat query, then each position in order, each part queried against the tree and tested
/// with the SAT. Returns whether each input label is shown.
#[must_use]
pub fn place_naive_symbols(labels: &[Label], symbols: &[Symbol], options: &PlacementOptions) -> Vec<bool> {
    let viewport = options.viewport.map(|v| Obb::from_aabb(&v));
    let meets = |parts: &[Obb]| viewport.is_none_or(|v| parts.iter().any(|p| v.overlaps(p)));
    let mut order: Vec<u32> = (0..labels.len() as u32).collect();
    order.sort_by(|&a, &b| {
        labels[b as usize].style.priority.total_cmp(&labels[a as usize].style.priority).then(a.cmp(&b))
    });
    let mut placed: RTree<PartItem> = RTree::new();
    let mut groups: HashMap<u32, RTree<[f64; 2]>> = HashMap::new();
    let mut shown = vec![false; labels.len()];
    for &i in &order {
        let (l, s) = (&labels[i as usize], &symbols[i as usize]);
        let icon = s.icon_box(l, DVec2::ZERO);
        let texts: Vec<Obb> = (0..s.positions()).map(|k| s.text_box(l, k, DVec2::ZERO)).collect();
        let at = |k: usize| -> Vec<Obb> { std::iter::once(texts[k]).chain(icon).collect() };
        let Some(first) = (0..texts.len()).find(|&k| meets(&at(k))) else { continue };
        if let Some(g) = s.repeat_group
            && let Some(tree) = groups.get(&g)
            && tree
                .locate_within_distance([l.x, l.y], s.repeat_distance * s.repeat_distance)
                .any(|p| Symbol::repeats(DVec2::new(l.x, l.y), DVec2::from_array(*p), s.repeat_distance))
        {
            continue;
        }
        let free = |parts: &[Obb]| {
            parts.iter().all(|p| {
                let (_, env) = rectangle(p);
                !placed.locate_in_envelope_intersecting(env).any(|q| p.overlaps(&q.data))
            })
        };
        let mut chosen = (first..texts.len()).find(|&k| meets(&at(k)) && free(&at(k))).map(&at);
        if chosen.is_none() && l.style.allow_overlap {
            chosen = Some(at(first));
        }
        if chosen.is_none()
            && let Some(icon) = icon
        {
            chosen = match s.optional {
                Optional::Text if meets(&[icon]) && free(&[icon]) => Some(vec![icon]),
                Optional::Icon => texts.iter().find(|t| meets(&[**t]) && free(&[**t])).map(|t| vec![*t]),
                _ => None,
            };
        }
        let Some(parts) = chosen else { continue };
        shown[i as usize] = true;
        if !l.style.ignore_placement {
            for p in parts {
                placed.insert(GeomWithData::new(rectangle(&p).0, p));
            }
        }
        if let Some(g) = s.repeat_group {
            groups.entry(g).or_default().insert([l.x, l.y]);
        }
    }
    shown
}
