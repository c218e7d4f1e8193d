//! The definition of a frame with symbols (contract §3b, §4 and its "Frames" rule, with
//! `Stickiness::Shown`'s two passes), written plainly by brute force: every part of every label
//! tested against every placed part, nothing indexed, nothing shared with the engine but the
//! labels on screen it reports and the core's collision test.

use glam::DVec2;
use label_core::{Aabb, Choice, Label, Obb, Optional, Parts, Symbol, collides};
use label_frame::{Frame, FrameEngine, FrameOptions, HiddenReason, Stickiness};

/// A label as one pass of the reference takes it.
struct Item {
    index: usize,
    label: Label,
    symbol: Symbol,
    tie: u32,
    /// The candidate tried first (shown there last frame).
    first: Option<usize>,
}

/// A placed label: the boxes it shows, whether they block, its repeat group and anchor point.
struct Placed {
    boxes: Vec<Obb>,
    blocks: bool,
    group: Option<u32>,
    anchor: DVec2,
}

/// Whether label `index` of `engine`'s last frame meets the viewport of `size`: some part at
/// some position overlaps it (by more than the core's tolerance).
pub fn symbol_in_view(engine: &FrameEngine, index: usize, size: DVec2) -> bool {
    let (Some(label), Some(symbol)) = (engine.screen_label(index), engine.screen_symbol(index)) else { return false };
    let view = Obb::from_aabb(&Aabb::from_corners(glam::Vec2::ZERO, size.as_vec2()));
    symbol.parts(&label, DVec2::ZERO).any(|b| view.overlaps(&b))
}

/// Each label's visibility and, if visible, choice, in the frame `now` that follows `last`
/// by the definition, for an engine without obstacles whose viewport is `size`.
pub fn symbol_reference(
    engine: &FrameEngine,
    last: &Frame,
    size: DVec2,
    options: &FrameOptions,
) -> Vec<(bool, Choice)> {
    let n = engine.labels().len();
    let view = Obb::from_aabb(&Aabb::from_corners(glam::Vec2::ZERO, size.as_vec2()));
    let last_choice = |i: usize| last.choices.get(i).copied().unwrap_or_default();
    let item = |i: usize, extra: f64, tie: u32, first: Option<usize>| {
        let label = engine.screen_label(i).unwrap();
        let mut symbol = engine.screen_symbol(i).unwrap();
        if let Some(icon) = &mut symbol.icon {
            icon.padding += extra;
        }
        Item { index: i, label: Label { padding: label.padding + extra, ..label }, symbol, tie, first }
    };
    let mut free = Vec::new();
    let mut waiting = Vec::new();
    for i in (0..n).filter(|&i| symbol_in_view(engine, i, size)) {
        let was = &last.labels[i];
        let collided = was.reason == Some(HiddenReason::Collision);
        if options.stickiness == Stickiness::Shown && collided {
            waiting.push(item(i, options.hysteresis_px, 0, None));
        } else {
            let tie = if options.stickiness == Stickiness::None { 0 } else { u32::from(!was.visible) };
            let first = (options.last_position_first && was.visible)
                .then(|| last_choice(i).candidate.map(|k| k as usize))
                .flatten();
            let extra = if collided { options.hysteresis_px } else { 0.0 };
            free.push(item(i, extra, tie, first));
        }
    }
    let mut out = vec![(false, Choice::default()); n];
    let mut placed = Vec::new();
    greedy(&free, &mut placed, &view, options.max_overlap_area, &mut out);
    greedy(&waiting, &mut placed, &view, options.max_overlap_area, &mut out);
    out
}

/// Contract §4 step 3 over `items`, in priority order (ties by `tie`, then list order), after
/// the `placed` labels; each shown label joins `placed` and gets its entry in `out`.
fn greedy(items: &[Item], placed: &mut Vec<Placed>, view: &Obb, max_overlap_area: f32, out: &mut [(bool, Choice)]) {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&items[a], &items[b]);
        (y.label.priority + 0.0).total_cmp(&(x.label.priority + 0.0)).then(x.tie.cmp(&y.tie)).then(a.cmp(&b))
    });
    for k in order {
        let it = &items[k];
        if let Some((boxes, choice)) = decide(it, placed, view, max_overlap_area) {
            out[it.index] = (true, choice);
            placed.push(Placed {
                boxes,
                blocks: !it.label.ignore_placement,
                group: it.symbol.repeat_group,
                anchor: DVec2::new(it.label.x, it.label.y),
            });
        }
    }
}

/// Where `it` shows, if it does: its boxes and choice.
fn decide(it: &Item, placed: &[Placed], view: &Obb, max_overlap_area: f32) -> Option<(Vec<Obb>, Choice)> {
    let s = &it.symbol;
    let texts: Vec<Obb> = (0..s.positions()).map(|k| s.text_box(&it.label, k, DVec2::ZERO)).collect();
    let icon = s.icon_box(&it.label, DVec2::ZERO);
    let meets = |b: &Obb| view.overlaps(b);
    let position_meets = |k: usize| meets(&texts[k]) || icon.as_ref().is_some_and(meets);
    // The positions in the order tried: the one shown last frame first, then the list.
    let mut tried: Vec<usize> = it.first.into_iter().collect();
    tried.extend((0..s.positions()).filter(|&k| Some(k) != it.first));
    let first_in_view = tried.iter().copied().find(|&k| position_meets(k))?;
    if let Some(group) = s.repeat_group {
        let anchor = DVec2::new(it.label.x, it.label.y);
        if placed.iter().any(|p| p.group == Some(group) && Symbol::repeats(anchor, p.anchor, s.repeat_distance)) {
            return None;
        }
    }
    let free = |b: &Obb| !placed.iter().any(|p| p.blocks && p.boxes.iter().any(|q| collides(b, q, max_overlap_area)));
    let icon_free = icon.as_ref().is_none_or(free);
    let choice = |k: Option<usize>, parts: Parts| Choice {
        candidate: if s.candidates.is_empty() { None } else { k.map(|k| k as u32) },
        parts: icon.map(|_| parts),
    };
    let both = |k: usize| (texts[k..=k].iter().copied().chain(icon).collect(), choice(Some(k), Parts::Both));
    if icon_free && let Some(k) = tried.iter().copied().find(|&k| position_meets(k) && free(&texts[k])) {
        return Some(both(k));
    }
    if it.label.allow_overlap {
        return Some(both(first_in_view));
    }
    match (icon, s.optional) {
        (Some(i), Optional::Text) if meets(&i) && icon_free => Some((vec![i], choice(None, Parts::Icon))),
        (Some(_), Optional::Icon) => tried
            .iter()
            .copied()
            .find(|&k| meets(&texts[k]) && free(&texts[k]))
            .map(|k| (vec![texts[k]], choice(Some(k), Parts::Text))),
        _ => None,
    }
}
